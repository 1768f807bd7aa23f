"""The rules list and the searches on a phone: short, collapsible, controls big enough to tap and read."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


SIZES = "els => els.map(e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).fontSize), e.tagName])"


def _controls_are_tappable(page: Page, selector: str) -> None:
    sizes = page.locator(selector).evaluate_all(SIZES)
    assert sizes
    for height, font, what in sizes:
        assert height >= 44 and font >= 16, (height, font, what)


def test_the_rules_list_and_search_on_a_phone(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/rules/")
        assert page.evaluate("document.documentElement.scrollHeight") < 6000  # grouped and folded, not 56,757 px
        _controls_are_tappable(page, "form.search input, form.search button, details > summary")
        page.locator("details.rule-group > summary").nth(1).tap()  # unfold the second game and edition
        expect(page.locator("details.rule-group").nth(1)).to_have_attribute("open", "")
        page.fill("input[name=q]", "mine under ship")
        page.get_by_role("button", name="Search").tap()
        expect(page.locator("ol.results mark").first).to_be_visible()
        expect(page.locator("ol.results a[href='/rules/xwing-2.5/device/under']")).to_be_visible()
        page.get_by_role("link", name="worked example", exact=False).tap()
        expect(page.locator("#library mark").first).to_be_visible()
        _controls_are_tappable(page, "form.filters select, form.filters input, form.filters button")
