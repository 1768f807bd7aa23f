"""axe-core (bundled by axe-playwright-python) on the pages a judge uses: no serious or critical issue."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

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
    page.goto(f"{base_url}/setup/")
    assert serious(page) == []
    page.locator('[name="palette"]').select_option("xwing:ship:t65xwing")
    page.get_by_role("button", name="Add it").click()
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
