"""An Armada judge asks "is this attack obstructed?": pieces in the form, the attack picked from the menu."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_journeys import fill_row

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def settle(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')")


def test_an_armada_attack_through_an_asteroid_is_picked_explained_and_drawn(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/setup/")
    page.locator('input[name="game"][value="armada"]').check()
    page.locator('[name="edition"]').select_option("1.5")
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
