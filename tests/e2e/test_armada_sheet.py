"""An Armada attack on a phone (390 x 844): the table fits both ships, the dice pool is beside the attack."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import PHONE, open_setup, settle, watched_page
from tests.web.test_armada_sheet import ATTACK

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


INSIDE = """(pids) => pids.every((pid) => {
  const stage = document.querySelector('#preview .stage').getBoundingClientRect();
  const hint = document.querySelector('#preview .stage .hint');
  const top = hint ? hint.getBoundingClientRect().bottom : stage.top;
  const b = document.querySelector(`#preview [data-piece="${pid}"]`).getBoundingClientRect();
  return b.left >= stage.left - 1 && b.right <= stage.right + 1 && b.top >= top - 1 && b.bottom <= stage.bottom + 1;
})"""
"""Whether every piece's drawn box lies in the part of the stage a player sees (below its hint bar)."""


def shows(page: Page, *pieces: str) -> bool:
    """Whether the pieces are in view within a second (the view settles after a zoom)."""
    try:
        page.wait_for_function(INSIDE, arg=list(pieces), timeout=1500)
    except PlaywrightTimeout:
        return False
    return True


def test_on_a_phone_fit_the_action_shows_the_attacker_and_the_defender_whole(browser: Browser, base_url: str) -> None:
    """The trial's Q6: the CR90 stood above the visible table and "Fit the action" changed nothing."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, ATTACK | {"pick": "1"})
        settle(page)
        assert shows(page, "vsd", "cr")  # as the page opens on the attack
        page.get_by_role("button", name="Whole table").click()
        for _ in range(6):
            page.get_by_role("button", name="Zoom in").click()
        page.wait_for_timeout(300)
        assert not page.evaluate(INSIDE, ["vsd", "cr"])
        page.get_by_role("button", name="Fit the action").click()
        assert shows(page, "vsd", "cr")


def test_on_a_phone_the_dice_pool_is_in_reach_when_the_attack_is_chosen(browser: Browser, base_url: str) -> None:
    """The trial's Q6: the dice were about 2,900 px below the table, in the form's rows."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, ATTACK | {"pick": "1"})
        settle(page)
        more = page.get_by_role("link", name="One red die more")
        expect(more).to_be_in_viewport()  # no scrolling: beside the attack
        box = more.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["height"] >= 40
        more.tap()
        settle(page)
        expect(page.locator('[name="pool_red"]')).to_have_value("1")
        expect(page.get_by_role("link", name="One red die less")).to_be_in_viewport()
