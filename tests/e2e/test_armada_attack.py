"""An Armada judge asks "is this attack obstructed?": pieces in the form, the attack picked from the menu."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, open_setup, settle, watched_page
from tests.e2e.test_journeys import fill_row, open_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_armada_attack_through_an_asteroid_is_picked_explained_and_drawn(page: Page, base_url: str) -> None:
    open_game(page, base_url, "armada", "1.5")
    fill_row(page, 0, id="vsd", kind="ship", size="medium", x="400", y="300", heading="0", player="1", label="Victory")
    fill_row(page, 1, id="neb", kind="ship", size="small", x="400", y="500", heading="180", player="2", label="Nebulon")
    fill_row(page, 2, id="rock", kind="obstacle", type="asteroid-field", x="400", y="420", heading="90")
    settle(page)  # the menu's links carry the form as the last preview saw it
    page.get_by_role("link", name="Victory attacks Nebulon").click()
    expect(page.locator('[name="arc"]')).to_have_value("front")  # the zones were picked from the table
    expect(page.locator('[name="defender_zone"]')).to_have_value("front")
    expect(page.locator('[name="defender_zone"]')).to_be_visible()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_contain_text("obstructed")
    page.get_by_role("button", name="Explain").click()
    expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
    steps = page.locator("ol.steps")
    expect(steps).to_contain_text("Attack range: close range")
    expect(steps).to_contain_text("Line of sight")
    expect(page.locator("main")).to_contain_text("ship tokens (hull zones")  # the ≈ note
    expect(page.locator(".picture svg g.figure[id$='-sight']")).to_have_count(1)


def attack_query() -> dict[str, str]:
    rows = [
        ("vsd", "medium", "400", "300", "0", "1", "Victory II"),
        ("neb", "small", "430", "480", "90", "2", "Nebulon-B"),
    ]
    q = {"game": "armada", "edition": "1.5", "action": "attack", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
    for i, row in enumerate(rows):
        q |= {f"p-{i}-{k}": v for k, v in zip(("id", "size", "x", "y", "heading", "player", "label"), row, strict=True)}
        q[f"p-{i}-kind"] = "ship"
    return q | {"attacker": "vsd", "defender": "neb", "arc": "front", "pick": "1"}  # being set up: no 400


def test_a_drag_that_starts_on_a_hull_zone_moves_the_ship_instead(page: Page, base_url: str) -> None:
    """The zones lie over the ships' tokens: a tap chooses one, a drag still moves the ship beneath."""
    open_setup(page, base_url, attack_query())
    settle(page)
    box = page.get_by_role("link", name="Rear hull zone of Nebulon-B").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x + 8 * step, y)
    page.mouse.up()
    settle(page)
    expect(page.locator('[name="p-1-x"]')).not_to_have_value("430")
    expect(page.locator('[name="defender_zone"]')).to_have_value("")  # the drag chose no zone
    assert "defender_zone=rear" not in page.url


def test_on_a_phone_the_defenders_hull_zone_is_chosen_by_tapping_it_on_the_table(
    browser: Browser, base_url: str
) -> None:
    """Issue 25: the hull zones are tapped on the picture (390 x 844, touch), chosen in place."""
    q = attack_query()
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, q)
        settle(page)
        zone = page.get_by_role("link", name="Left hull zone of Nebulon-B")
        expect(zone).to_be_visible()
        url_before = page.url
        page.evaluate("window.stillThisDocument = true")
        zone.tap()
        settle(page)
        expect(page.get_by_role("link", name="Left hull zone of Nebulon-B")).to_have_attribute("aria-current", "true")
        expect(page.locator('[name="defender_zone"]')).to_have_value("left")
        expect(page.locator('[name="arc"]')).to_have_value("front")
        expect(page.get_by_test_id("verdict")).to_be_visible()
        assert page.url != url_before and "defender_zone=left" in page.url  # pushed: Undo steps back
        assert page.evaluate("window.stillThisDocument === true")  # swapped in place (htmx), not a new page
