"""The library list on a phone: a thumbnail sits beside its entry, never over the edition badge or the text
(the second phone trial read the badge as "‹.5" and lost each title's first letter under the picture)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_thumbnail_covers_neither_the_badge_nor_the_text(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/")
        entries = page.locator(".examples li")
        assert entries.count() > 3
        for i in range(3):
            entry = entries.nth(i)
            thumb = entry.locator(".thumb img").bounding_box()
            title = entry.locator("div > a").bounding_box()
            badge = entry.locator(".badge").bounding_box()
            assert thumb and title and badge
            assert thumb["x"] >= 0, "the picture runs off the screen's left edge"
            assert thumb["x"] + thumb["width"] <= min(title["x"], badge["x"]), "the picture covers the entry's text"
