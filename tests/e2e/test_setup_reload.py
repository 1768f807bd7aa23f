"""Every address the setup page pushes reloads the same page, and a choice clicked right after typing keeps what
was typed (the choice's link was drawn before it)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, editor_ready, hold_first_setup_post, open_setup, watched_page
from tests.e2e.test_journeys import show_fields
from tests.e2e.test_table_workspace import DESKTOP, settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _a_ship_that_moves(page: Page, base_url: str) -> None:
    """A T-65 X-wing on the table, picked to move: its maneuver not chosen yet (something is still missing)."""
    open_setup(page, base_url)
    page.locator('select[name="palette"]').select_option("xwing:ship:t65xwing")
    expect(page.locator("#preview .zoomable [data-piece]")).to_have_count(1)
    settle(page)
    page.get_by_role("link", name="T-65 X-wing moves", exact=True).click()
    expect(page.locator("#preview .dial")).to_be_visible()
    settle(page)
    show_fields(page)  # the rows, folded under "All pieces and fields"


def test_the_address_a_typed_change_pushed_reloads_the_same_page(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **DESKTOP) as page:  # fails on any console error (a 400 on reload is one)
        _a_ship_that_moves(page, base_url)
        x = page.locator('[name="p-0-x"]')
        x.fill("350")
        expect(page).to_have_url(re.compile(r"p-0-x=350"))  # the preview's address, pushed
        settle(page)
        assert "pick=1" not in page.url
        missing = page.locator("#preview details.problems").inner_text()
        picture = page.locator("#preview .zoomable svg [data-piece]").first.get_attribute("transform")
        url = page.url
        response = page.reload()
        assert response is not None and response.status == 200
        editor_ready(page)
        assert page.url == url
        expect(page.locator('[name="p-0-x"]')).to_have_value("350")
        expect(page.locator('[name="ship"]')).to_have_value(re.compile(r"."))  # who moves, still chosen
        assert page.locator("#preview details.problems").inner_text() == missing  # still needed, said the same
        assert page.locator("#preview .zoomable svg [data-piece]").first.get_attribute("transform") == picture


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_a_value_typed_just_before_a_choice_is_clicked_is_kept(browser: Browser, base_url: str, kind: str) -> None:
    touch = kind == "phone"
    with watched_page(browser, **(PHONE if touch else DESKTOP)) as page:
        _a_ship_that_moves(page, base_url)
        page.locator('[name="p-0-x"]').fill("350")
        bank = page.get_by_role("link", name="2 bank left", exact=True)
        bank.tap() if touch else bank.click()  # at once: the link was drawn with the ship at x 300
        expect(page.locator("#preview .dial [aria-current]")).to_have_text("2 bank left")
        settle(page)
        expect(page.locator('[name="p-0-x"]')).to_have_value("350")
        assert "p-0-x=350" in page.url and "bearing=bank" in page.url
        page.reload()
        expect(page.locator('[name="p-0-x"]')).to_have_value("350")
        expect(page.locator("#preview .dial [aria-current]")).to_have_text("2 bank left")


def test_a_choice_clicked_while_the_typed_values_preview_is_on_its_way_keeps_both(
    browser: Browser, base_url: str
) -> None:
    """The preview of the typed value answers after the choice: neither its picture nor its address wins."""
    with watched_page(browser, **DESKTOP) as page:
        _a_ship_that_moves(page, base_url)
        held = hold_first_setup_post(page)
        page.locator('[name="p-0-x"]').fill("350")
        page.locator('[name="p-0-x"]').dispatch_event("change")
        page.wait_for_function("() => document.querySelector('.htmx-request') !== null")
        assert len(held) == 1
        page.get_by_role("link", name="2 bank left", exact=True).click()
        expect(page.locator("#preview .dial [aria-current]")).to_have_text("2 bank left")
        held[0].fulfill(response=held[0].fetch())  # the late answer: the typed value without the choice
        page.wait_for_timeout(500)
        settle(page)
        expect(page.locator("#preview .dial [aria-current]")).to_have_text("2 bank left")
        expect(page.locator('[name="p-0-x"]')).to_have_value("350")
        assert "p-0-x=350" in page.url and "bearing=bank" in page.url  # the choice's address, not the late one


def test_a_choice_clicked_while_a_rename_is_on_its_way_keeps_the_ship_the_name_made(
    browser: Browser, base_url: str
) -> None:
    """A ship renamed after another in its sheet becomes it: a choice clicked before that answer sends it too."""
    with watched_page(browser, **DESKTOP) as page:
        _a_ship_that_moves(page, base_url)
        page.locator("#preview .zoomable [data-piece] polygon").first.click()
        held = hold_first_setup_post(page)
        name = page.get_by_role("textbox", name="Name", exact=True)
        name.fill("TIE/ln Fighter")
        name.press("Enter")  # the rename's preview: held
        page.wait_for_function("() => document.querySelector('.htmx-request') !== null")
        assert len(held) == 1
        page.get_by_role("link", name="2 bank left", exact=True).click()
        expect(page.locator("#preview .dial [aria-current]")).to_have_text("2 bank left")
        held[0].fulfill(response=held[0].fetch())
        page.wait_for_timeout(500)
        settle(page)
        expect(page.locator('[name="p-0-chassis"]')).to_have_value("tielnfighter")
        assert "p-0-chassis=tielnfighter" in page.url and "bearing=bank" in page.url
