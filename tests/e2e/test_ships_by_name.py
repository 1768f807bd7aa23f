"""In the browser: a ship is what its name says, and an Armada ship's speed and clicks are picked from its chart."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

# settle: wait for the live preview, whose redraw of the game's menus would undo a choice made meanwhile
from tests.e2e.conftest import settle
from tests.e2e.test_journeys import choose_game, show_fields


def test_armada_ship_renamed_and_its_course_picked_from_the_chart(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/setup/")
    choose_game(page, "Armada")
    settle(page)
    show_fields(page)
    page.locator('[name="palette"]').select_option("armada:ship:victory-ii-class-star-destroyer")  # added at once
    expect(page.locator('[name="p-0-chassis"]')).to_have_value("victory-ii-class-star-destroyer")
    expect(page.locator('[name="edition"] option')).to_have_count(1)  # Armada's editions only
    page.get_by_role("link", name="Victory II-class Star Destroyer moves").click()
    chart = page.locator("nav.dial")
    expect(chart.get_by_role("link", name=re.compile(r"^Speed \d$"))).to_have_count(3)  # 0, 1 and 2 on its chart
    chart.get_by_role("link", name="Speed 2").click()
    expect(page.locator("nav.dial").get_by_role("link", name=re.compile("^Joint 1"))).to_have_count(1)  # no yaw
    page.locator("nav.dial").get_by_role("link", name="Joint 2: 1 right").click()
    expect(page.locator('nav.dial [aria-current="true"]')).to_have_text(
        ["Speed 2", "Joint 1: straight", "Joint 2: 1 right"]
    )
    settle(page)
    page.locator('[name="side"]').select_option("right")
    expect(page.get_by_test_id("verdict")).to_be_visible()
    settle(page)
    # a new name changes the ship: its size, name and speed chart follow at once (live, no reload)
    page.locator('[name="p-0-chassis"]').select_option("imperial-i-class-star-destroyer")
    expect(page.locator('[name="p-0-size"]')).to_have_value("large")
    expect(page.locator('[name="p-0-label"]')).to_have_value("Imperial I-class Star Destroyer")
    expect(page.locator('[name="p-0-yaw_limits"]')).to_have_value("1: 1; 2: 1 1; 3: 0 1 1")
    chart = page.locator("details", has=page.locator("nav.dial"))
    expect(chart.locator("summary")).to_contain_text("Speed 2, Tool on the right")  # folded once the side is chosen
    chart.locator("summary").click()
    expect(page.locator("nav.dial").get_by_role("link", name="Speed 3")).to_be_visible()
    expect(page.get_by_test_id("verdict")).to_contain_text("Imperial I")


def test_a_piece_typed_in_a_row_can_be_picked_at_once(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/setup/")
    show_fields(page)
    page.locator('[name="p-0-id"]').fill("a")
    page.locator('[name="p-0-kind"]').select_option("ship")
    page.locator('[name="p-0-size"]').select_option("small")
    page.locator('[name="p-0-label"]').fill("Red Five")
    page.locator('[name="p-0-x"]').fill("300")
    page.locator('[name="p-0-y"]').fill("200")
    expect(page.locator('[name="ship"] option', has_text="Red Five")).to_have_count(1)  # redrawn by the preview
    page.locator('[name="ship"]').select_option(label="Red Five")
    page.locator('[name="bearing"]').select_option("straight")
    page.locator('[name="speed"]').select_option("1")
    expect(page.get_by_test_id("verdict")).to_be_visible()
    expect(page.locator('[name="ship"]')).to_have_value("a")
