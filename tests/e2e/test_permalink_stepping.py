"""Stepping through a ruling on a phone: no CSP error, the page stays where the reader is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from rules.library import examples
from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _attack() -> str:
    return next(ex.id for ex in examples() if ex.slug.startswith("ak-08"))


def test_next_after_a_resized_share_box_logs_no_csp_error(browser: Browser, base_url: str) -> None:
    """A reader who resizes a share box gives it a style attribute; htmx must not copy it back on the swap."""
    sid = _attack()
    with watched_page(browser, **PHONE) as page:  # fails on any console error, CSP ones included
        page.goto(f"{base_url}/s/{sid}/?step=1")
        expect(page.locator("html[data-step-keys=on]")).to_be_attached()
        page.evaluate("for (const f of document.querySelectorAll('.share .copy')) f.style.height = '6em'")
        page.get_by_role("link", name="Next").tap()
        expect(page.locator(".step-nav .where")).to_have_text("Step 2 of 7")
        page.get_by_role("link", name="Previous").tap()
        expect(page.locator(".step-nav .where")).to_have_text("Step 1 of 7")


@pytest.mark.parametrize("scrolled_to", [".step-nav", ".ranges-form"])
def test_next_and_show_keep_the_scroll_position(browser: Browser, base_url: str, scrolled_to: str) -> None:
    sid = _attack()
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/s/{sid}/?step=1")
        expect(page.locator("html[data-step-keys=on]")).to_be_attached()
        # the control near the top of the screen, the picture scrolled partly away above it
        page.locator(scrolled_to).evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -120) }")
        before = page.evaluate("window.scrollY")
        assert before > 200
        if scrolled_to == ".step-nav":
            page.get_by_role("link", name="Next").tap()
            expect(page.locator(".step-nav .where")).to_have_text("Step 2 of 7")
        else:
            page.locator(".ranges-form select").select_option(index=1)
            page.locator(".ranges-form button").tap()
            expect(page).to_have_url(re.compile(r"ranges="))
        page.wait_for_timeout(300)
        assert abs(page.evaluate("window.scrollY") - before) <= 5
