"""The site's header on a phone (390 and 320 px wide, touch): it fits the screen, nothing in it or in the page
scrolls sideways, and every page is one tap from the menu, each link a 44 px target inside the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from rules.library import examples
from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAGES = ("/", "/setup/", "/rules/", "/learn/")
MENU = ("Set up a situation", "Rules", "Learn", "Corrections", "Examples")


def sideways(page: Page) -> list[str]:
    """The document and each element of the header that is wider than its box (so it scrolls or spills)."""
    return page.evaluate(
        """() => {
          const out = [];
          const doc = document.documentElement;
          if (doc.scrollWidth > doc.clientWidth + 1) out.push(`document ${doc.scrollWidth} > ${doc.clientWidth}`);
          for (const e of document.querySelectorAll('header.site, header.site *')) {
            if (!e.getClientRects().length) continue;
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
              out.push(`${e.tagName.toLowerCase()} ${e.scrollWidth} > ${e.clientWidth}`);
            const r = e.getBoundingClientRect();
            if (r.left < -0.5 || r.right > doc.clientWidth + 0.5) out.push(`${e.tagName.toLowerCase()} off the screen`);
          }
          return out;
        }"""
    )


@pytest.mark.parametrize("width", [390, 320])
def test_the_header_fits_a_phone_on_every_page(browser: Browser, base_url: str, width: int) -> None:
    permalink = f"/s/{examples()[0].id}/"
    with watched_page(browser, **{**PHONE, "viewport": {"width": width, "height": 844}}) as page:
        for path in (*PAGES, permalink):
            page.goto(base_url + path)
            assert sideways(page) == [], path
            header = page.locator("header.site").bounding_box()
            assert header is not None and header["height"] <= 64, path  # one line: the table keeps its height
            page.get_by_text("Menu", exact=True).tap()
            for name in MENU:
                link = page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)
                expect(link).to_be_in_viewport()
                box = link.bounding_box()
                assert box is not None and box["height"] >= 44 and box["width"] >= 44, (path, name, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (path, name, box)
            assert sideways(page) == [], path


def test_the_menu_leads_to_a_page_without_javascript(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE, java_script_enabled=False) as page:
        page.goto(base_url + "/")
        page.get_by_text("Menu", exact=True).tap()
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Learn", exact=True).tap()
        expect(page).to_have_url(base_url + "/learn/")


def test_on_a_desktop_the_menu_is_shown_whole(browser: Browser, base_url: str) -> None:
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as page:
        page.goto(base_url + "/")
        expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
        menu = page.get_by_role("navigation", name="Main")
        for name in MENU:
            expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
        tops = {round(b["y"]) for a in page.locator("header.site nav a").all() if (b := a.bounding_box())}
        assert len(tops) == 1  # one line
