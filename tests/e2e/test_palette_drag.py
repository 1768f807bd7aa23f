"""Issue 22: a piece dragged from the palette onto the table lands where it is dropped (touch and mouse); its
name is edited in the selected piece's sheet; a choice made while a preview is on its way is kept."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, hold_first_setup_post, open_setup, watched_page
from tests.e2e.test_journeys import show_fields
from tests.e2e.test_table_workspace import DESKTOP, settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLE_MM = """([cx, cy]) => {
  // the table point under a screen point, through the SVG's screen CTM (its zoom and pan included)
  const svg = document.querySelector('#preview .zoomable svg');
  const p = new DOMPoint(cx, cy).matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, Number(svg.dataset.tableHeight) - p.y];
}"""


def _drag(page: Page, touch: bool, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger or the mouse from ``start`` to ``end``: up first (off the palette's row), then across."""
    (x0, y0), (x1, y1) = start, end
    path = [(x0, y0 + (y1 - y0) * k / 8) for k in range(1, 9)] + [(x0 + (x1 - x0) * k / 8, y1) for k in range(1, 9)]
    if not touch:
        page.mouse.move(x0, y0)
        page.mouse.down()
        for x, y in path:
            page.mouse.move(x, y)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0, "id": 1}]})
    for x, y in path:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_a_palette_entry_dragged_onto_the_table_lands_where_it_is_dropped(
    browser: Browser, base_url: str, kind: str
) -> None:
    touch = kind == "phone"
    with watched_page(browser, **(PHONE if touch else DESKTOP)) as page:
        open_setup(page, base_url)
        summary = page.get_by_text("Drag a piece onto the table")
        summary.tap() if touch else summary.click()
        # onto the empty table (no picture yet): it is added mid-table
        chip = page.locator('.palette-chip[data-palette="xwing:ship:t65xwing"]')
        chip.scroll_into_view_if_needed()  # along its row (the ships by name, swiped sideways)
        box, stage = chip.bounding_box(), page.locator("#preview .stage").bounding_box()
        assert box is not None and stage is not None
        start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        _drag(page, touch, start, (stage["x"] + stage["width"] / 2, stage["y"] + stage["height"] / 2))
        expect(page.locator("#preview .zoomable [data-piece]")).to_have_count(1)
        settle(page)
        chip = page.locator('.palette-chip[data-palette="xwing:obstacle:asteroid-1"]')
        chip.scroll_into_view_if_needed()
        settle(page)
        box, stage = chip.bounding_box(), page.locator("#preview .stage").bounding_box()
        assert box is not None and stage is not None
        # a spot on the table in view, away from the ship in the middle
        end = (stage["x"] + stage["width"] * 0.25, max(stage["y"], 0) + 40)
        want: Any = page.evaluate(TABLE_MM, list(end))
        _drag(page, touch, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2), end)
        rock = page.locator('#preview .zoomable [data-piece="asteroid-1-1"]')
        expect(rock).to_have_count(1)
        settle(page)
        x, y = (float(page.locator(f'[name="p-1-{k}"]').input_value()) for k in ("x", "y"))
        assert abs(x - want[0]) < 3 and abs(y - want[1]) < 3, ((x, y), want)
        assert "p-1-x=" in page.url  # an address of its own, like every add


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_a_pieces_name_is_edited_in_its_sheet_and_a_ship_follows_its_name(
    browser: Browser, base_url: str, kind: str
) -> None:
    touch = kind == "phone"
    with watched_page(browser, **(PHONE if touch else DESKTOP)) as page:
        open_setup(page, base_url)
        page.locator('select[name="palette"]').select_option("xwing:ship:t65xwing")
        settle(page)
        ship = page.locator("#preview .zoomable [data-piece] polygon").first
        ship.tap() if touch else ship.click()
        name = page.get_by_role("textbox", name="Name", exact=True)
        expect(name).to_have_value("T-65 X-wing")
        name.fill("Red Leader")
        name.press("Enter")
        expect(page.locator('[name="p-0-label"]')).to_have_value("Red Leader")
        expect(page.locator("#preview .zoomable svg")).to_contain_text("Red Leader")  # the picture, in place
        expect(page.locator("#selected-name")).to_contain_text("Red Leader")  # still selected
        assert page.locator('[name="p-0-chassis"]').input_value() == "t65xwing"  # a name, not another ship
        settle(page)
        name.fill("TIE/ln Fighter")
        name.press("Enter")
        expect(page.locator('[name="p-0-chassis"]')).to_have_value("tielnfighter")  # the ship follows its name
        expect(page.locator("#preview .zoomable svg")).to_contain_text("TIE/ln Fighter")
        settle(page)
        assert "p-0-chassis=tielnfighter" in page.url  # the address holds the new ship


def test_a_choice_made_while_a_preview_is_on_its_way_is_kept(browser: Browser, base_url: str) -> None:
    """The answer of a preview asked before a choice redraws the piece menus: it must not undo the choice."""
    with watched_page(browser, **DESKTOP) as page:
        open_setup(page, base_url)
        page.locator('select[name="palette"]').select_option("xwing:ship:t65xwing")
        expect(page.locator("#preview .zoomable [data-piece]")).to_have_count(1)
        settle(page)
        held = hold_first_setup_post(page)
        show_fields(page)
        # renaming the ship changes the piece menus' names: its preview redraws them (with no ship chosen)
        page.locator('[name="p-0-label"]').fill("Red Leader")
        page.locator('[name="p-0-label"]').dispatch_event("change")
        page.wait_for_function("() => document.querySelector('.htmx-request') !== null")
        assert len(held) == 1
        page.locator('select[name="ship"]').select_option("t-65-x-wing-1")  # the choice, meanwhile
        page.wait_for_timeout(300)
        held[0].fulfill(response=held[0].fetch())  # the late answer: the server's for the state before the choice
        page.wait_for_timeout(500)
        settle(page)
        expect(page.locator('select[name="ship"]')).to_have_value("t-65-x-wing-1")
        expect(page.locator("#preview .dial")).to_be_visible()  # the preview of the chosen ship's dial
