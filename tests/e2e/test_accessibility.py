"""axe-core (bundled by axe-playwright-python) on the pages a judge uses: no serious or critical issue."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Axe()


def serious(page: Page) -> list[str]:
    """Violations axe rates serious or critical, as 'rule: first offending element'."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['html'][:120]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def test_setup_page_with_a_live_preview(page: Page, base_url: str) -> None:
    open_setup(page, base_url)
    assert serious(page) == []
    page.locator('[name="palette"]').select_option("xwing:ship:t65xwing")  # added as soon as it is picked
    expect(page.get_by_test_id("pending")).to_be_visible()
    assert serious(page) == []


def test_permalink_page_and_a_step(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.get_by_role("link", name=re.compile("Bump into an enemy|bump stops the ship", re.I)).first.click()
    expect(page.locator("h1.verdict")).to_be_visible()
    assert serious(page) == []
    page.get_by_role("link", name="Next").click()
    expect(page.locator(".current-step")).to_be_visible()
    assert serious(page) == []


def test_library_and_rules_pages_in_both_colour_schemes(page: Page, base_url: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for path in ("/", "/rules/", "/setup/"):
            page.goto(f"{base_url}{path}")
            assert serious(page) == [], (scheme, path)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_the_setup_workspace_on_a_phone_and_a_desktop(browser: Browser, base_url: str, scheme: str, kind: str) -> None:
    """Issue 22: the table, its zoom buttons, the sheet and a selected piece's handles, light and dark."""
    options = PHONE if kind == "phone" else {"viewport": {"width": 1366, "height": 768}}
    with watched_page(browser, **options, color_scheme=scheme) as page:
        open_setup(page, base_url)
        page.locator('[name="palette"]').select_option("xwing:ship:t65xwing")
        page.get_by_role("link", name="T-65 X-wing moves").click()
        page.get_by_role("link", name="2 bank left").click()
        expect(page.get_by_test_id("verdict")).to_be_visible()
        page.wait_for_load_state("networkidle")
        page.locator("#preview .zoomable [data-piece] polygon").first.click()
        expect(page.get_by_role("button", name="Delete this piece")).to_be_visible()
        page.get_by_text("Drag a piece onto the table").click()  # the palette's chips too
        expect(page.locator(".palette-chip").first).to_be_visible()
        assert serious(page) == [], (kind, scheme)


ATTACK_ZONES = (
    "game=armada&edition=1.5&action=attack&attacker=vsd&defender=neb&arc=front&pick=1"
    "&p-TOTAL_FORMS=2&p-INITIAL_FORMS=0&p-0-id=vsd&p-0-kind=ship&p-0-size=medium&p-0-x=400&p-0-y=300"
    "&p-0-player=1&p-1-id=neb&p-1-kind=ship&p-1-size=small&p-1-x=430&p-1-y=480&p-1-heading=90&p-1-player=2"
)
LEGAL_PLACES = (
    "game=armada&edition=1.5&action=move-obstacle&moved=rock&max_distance=2&min_distance=1&toward=vic&pick=1"
    "&p-TOTAL_FORMS=2&p-INITIAL_FORMS=0&p-0-id=rock&p-0-kind=obstacle&p-0-type=asteroid-field&p-0-x=900"
    "&p-0-y=450&p-1-id=vic&p-1-kind=ship&p-1-size=medium&p-1-x=900&p-1-y=700&p-1-label=V"
)


@pytest.mark.parametrize(
    ("q", "links", "count"),
    [
        (ATTACK_ZONES, "a.pick-region", 8),  # issue 25: an attack's hull zones to tap on the table
        (LEGAL_PLACES, "a.pick-line", 1),  # trial 3: the legal places along a move's ruler
    ],
)
def test_links_drawn_over_the_armada_table_have_no_serious_issue(
    browser: Browser, base_url: str, q: str, links: str, count: int
) -> None:
    """Links over the picture (hull zones, legal places), left out of the overview inset."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, q)
        expect(page.locator(f"#preview .zoomable {links}")).to_have_count(count)
        expect(page.locator("#preview .overview a")).to_have_count(0)
        assert serious(page) == []


LAUNCH_TEMPLATES = (
    "game=xwing&edition=2.5&action=launch&ship=a&device_type=electro-chaff-cloud&dev_bearing=bank"
    "&dev_direction=right&dev_speed=3&pick=1&p-TOTAL_FORMS=1&p-INITIAL_FORMS=0&p-0-id=a&p-0-kind=ship"
    "&p-0-chassis=t65xwing&p-0-size=small&p-0-x=450&p-0-y=300&p-0-heading=0"
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_launch_s_template_links_have_no_serious_issue(browser: Browser, base_url: str, scheme: str) -> None:
    """Trial 4: a launch's templates are links beside the folded device list (the chosen one marked)."""
    with watched_page(browser, **PHONE, color_scheme=scheme) as page:
        page.goto(f"{base_url}/setup/?{LAUNCH_TEMPLATES}")
        expect(page.get_by_role("navigation", name="Its template")).to_be_visible()
        expect(page.get_by_role("link", name="3 bank right", exact=True)).to_have_attribute("aria-current", "true")
        page.wait_for_load_state("networkidle")
        assert serious(page) == [], scheme
