"""Sharing in one tap: Copy buttons put the snippet on the clipboard; the phone's share sheet where offered."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from rules.library import examples
from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _xw01() -> str:
    return next(ex.id for ex in examples() if ex.slug.startswith("xw-01"))


def test_copy_buttons_put_the_snippets_on_the_clipboard(browser: Browser, base_url: str) -> None:
    sid = _xw01()
    with watched_page(browser, permissions=["clipboard-read", "clipboard-write"]) as page:
        page.goto(f"{base_url}/s/{sid}/?step=2")
        page.get_by_role("button", name="Copy").nth(1).click()  # the Markdown snippet
        expect(page.locator(".share .copied")).to_have_text("Markdown copied.")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("[![The table, drawn: ") and f"/s/{sid}/?step=2)" in copied
        page.get_by_role("link", name="Next").click()  # stepping updates the snippets and keeps the buttons
        expect(page.locator("#share-1")).to_have_value(f"{base_url}/s/{sid}/?step=3")
        page.get_by_role("button", name="Copy").first.click()
        expect(page.locator(".share .copied")).to_have_text("Link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == f"{base_url}/s/{sid}/?step=3"


def test_the_share_sheet_is_offered_where_the_browser_has_one(browser: Browser, base_url: str) -> None:
    sid = _xw01()
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/s/{sid}/")
        has_share = page.evaluate("typeof navigator.share === 'function'")
        expect(page.locator(".share-native")).to_be_visible() if has_share else expect(
            page.locator(".share-native")
        ).to_be_hidden()
    with watched_page(browser, **PHONE) as page:  # a phone browser with a share sheet (stubbed: none headless)
        page.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
        page.goto(f"{base_url}/s/{sid}/")
        page.locator(".share-native").tap()
        shared = page.evaluate("window.__shared")
        assert shared["url"] == f"{base_url}/s/{sid}/" and shared["title"].startswith("X-Wing 2.5: ")


def test_without_javascript_no_dead_buttons(browser: Browser, base_url: str) -> None:
    with watched_page(browser, java_script_enabled=False) as page:
        page.goto(f"{base_url}/s/{_xw01()}/")
        expect(page.locator(".copy-button").first).to_be_hidden()
        expect(page.locator("#share-2")).to_be_visible()  # the snippet itself is there to select
