"""Whose a piece is, set with one tap in the selected piece's sheet (a ship, a device), never typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page
from tests.e2e.test_table_workspace import settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BOMBER = {"kind": "ship", "size": "small", "x": "400", "y": "400", "heading": "0", "label": "TIE bomber"}
ROWS = {"p-TOTAL_FORMS": "3", "p-INITIAL_FORMS": "0"}
ROWS |= {f"p-0-{k}": v for k, v in (BOMBER | {"id": "a"}).items()}
ROWS |= {f"p-1-{k}": v for k, v in (BOMBER | {"id": "b", "y": "300", "label": "X-wing"}).items()}
ROWS |= {"p-2-id": "m", "p-2-kind": "device", "p-2-type": "proximity-mine", "p-2-x": "600", "p-2-y": "400"}
Q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "pick": "1", **ROWS}


@pytest.mark.parametrize(("piece", "row"), [("b", 1), ("m", 2)])
def test_a_tap_in_the_sheet_sets_the_selected_pieces_player(
    browser: Browser, base_url: str, piece: str, row: int
) -> None:
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, Q)
        settle(page)
        page.get_by_role("button", name="Whole table").tap()
        outline = page.locator(f'#preview .zoomable [data-piece="{piece}"] :is(polygon, circle)').first
        outline.tap()
        sheet = page.locator("#selected")
        two = sheet.get_by_role("button", name="Player 2", exact=True)
        expect(two).to_be_visible()
        expect(two).to_have_text("Player 2")  # in words, not "P2"
        expect(two).to_have_attribute("aria-pressed", "false")
        two.tap()
        expect(page.locator(f'[name="p-{row}-player"]')).to_have_value("2")
        settle(page)
        assert f"p-{row}-player=2" in page.url  # the address holds it: a reload or a link keeps it
        # still selected once the table is redrawn: its sheet says whose it is now
        expect(sheet.get_by_role("button", name="Player 2", exact=True)).to_have_attribute("aria-pressed", "true")
        expect(sheet.get_by_role("button", name="Player 1", exact=True)).to_have_attribute("aria-pressed", "false")
