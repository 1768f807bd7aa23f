"""Every control a thumb can reach on a phone is at least 44 x 44 CSS px (WCAG 2.5.5), on the pages a
first-time player used: a built X-Wing situation with its dial, a ruling, and Learn. Links inside running
text are the one exception, and they say so with the ``in-text`` class."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from rules.library import examples
from tests.e2e.conftest import PHONE, open_setup, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MIN = 44
SITUATION = {
    "game": "xwing",
    "edition": "2.5",
    "p-TOTAL_FORMS": "2",
    "p-INITIAL_FORMS": "0",
    "p-0-id": "t-65-x-wing-1",
    "p-0-kind": "ship",
    "p-0-size": "small",
    "p-0-chassis": "t65xwing",
    "p-0-x": "457",
    "p-0-y": "457",
    "p-0-heading": "0",
    "p-0-label": "T-65 X-wing",
    "p-1-id": "debris-1-1",
    "p-1-x": "457",
    "p-1-y": "547",
    "p-1-heading": "0",
    "p-1-kind": "obstacle",
    "p-1-type": "debris-cloud",
    "p-1-shape": "debris-1",
    "action": "maneuver",
    "ship": "t-65-x-wing-1",
    "pick": "1",
}
"""The trial's first question, half built: a T-65 about to pick its maneuver, a debris cloud ahead."""


def small_controls(page: Page) -> list[str]:
    """The visible controls under 44 px tall or wide, as "tag 'text' W x H" (a checkbox by its label's box)."""
    return page.evaluate(
        """(min) => {
          const out = [];
          for (const e of document.querySelectorAll('a, button, select, input, summary, textarea')) {
            if (e.closest('.in-text') || e.type === 'hidden') continue;
            let box = e.getBoundingClientRect();
            if (!box.width || !box.height || !e.checkVisibility({visibilityProperty: true})) continue;
            if ((e.type === 'checkbox' || e.type === 'radio') && e.closest('label')) {
              box = e.closest('label').getBoundingClientRect();
            }
            if (box.height < min - 0.5 || box.width < min - 0.5) {
              const text = (e.textContent || e.value || e.name || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
              out.push(`${e.tagName.toLowerCase()}${e.className ? '.' + e.className : ''} '${text}' ` +
                       `${Math.round(box.width)}x${Math.round(box.height)}`);
            }
          }
          return out;
        }""",
        MIN,
    )


def _whole_page(page: Page) -> list[str]:
    """The small controls with every fold (details) opened."""
    for d in page.locator("details").all():
        d.evaluate("d => { d.open = true }")
    return small_controls(page)


def test_setup_with_a_dial_has_no_small_controls(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, SITUATION)
        expect(page.locator("#preview nav.dial a").first).to_be_visible()
        assert small_controls(page) == []  # as it opens
        assert _whole_page(page) == []  # and every fold opened


def test_a_ruling_has_no_small_controls(browser: Browser, base_url: str) -> None:
    sid = next(ex.id for ex in examples() if ex.slug.startswith("xw-01"))
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/s/{sid}/?step=1")
        expect(page.locator("html[data-step-keys=on]")).to_be_attached()
        assert _whole_page(page) == []


def test_learn_has_no_small_controls(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/learn/")
        assert _whole_page(page) == []
        page.get_by_role("link", name="Obstacles").last.tap()
        expect(page.locator("form.learn-choices")).to_be_visible(timeout=30_000)  # drawing one takes a while
        assert _whole_page(page) == []
        page.locator("form.learn-choices button").first.tap()  # the reveal, right or wrong
        expect(page.locator("#learn-result")).to_be_visible(timeout=30_000)
        assert _whole_page(page) == []


def test_an_unlabelled_piece_is_named_in_its_panel_as_the_picture_names_it(browser: Browser, base_url: str) -> None:
    q = SITUATION | {"p-1-label": "", "ship": "", "pick": ""}
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, q)
        rock = page.locator('#preview .zoomable [data-piece="debris-1-1"]')
        expect(rock).to_be_visible()
        rock.locator("polygon").first.tap()
        name = page.locator("#selected-name")
        expect(name).to_have_text(re.compile(r"^Debris[^,]*, not turned$"))
        assert "debris-1-1" not in name.inner_text()
