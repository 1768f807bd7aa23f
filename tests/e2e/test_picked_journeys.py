"""Issue 9's three situations, built by picking and dragging (never typing), in at most 12 user actions.
(Issue 22's shorter journeys, with snaps instead of drags, are in test_table_workspace.py.)

Each journey runs on a desktop (mouse) and on a touch phone (390 × 844, real touch events sent
through the DevTools protocol), from an empty table to the ruling's permalink.  ``Journey``
counts every user action: a pick in a list, a press, a drag.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import PHONE, editor_ready, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 12

GRAB = """([pid, x, y, w, h]) => {
  const spots = [];
  for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) spots.push([x + (w * i) / 10, y + (h * j) / 10]);
  spots.sort((a, b) => Math.hypot(a[0] - x - w / 2, a[1] - y - h / 2) - Math.hypot(b[0] - x - w / 2, b[1] - y - h / 2));
  const mine = ([sx, sy]) => {
    const e = document.elementFromPoint(sx, sy);
    return e && e.closest("[data-piece]") && e.closest("[data-piece]").dataset.piece === pid;
  };
  return spots.find(mine) || [x + w / 2, y + h / 2];
}"""
"""Where a finger lands on a piece: the point nearest its centre where the piece itself takes the touch."""


class Journey:
    """One user's actions on the setup page, counted."""

    def __init__(self, page: Page, touch: bool) -> None:
        self.page, self.touch, self.actions = page, touch, 0
        self.cdp = page.context.new_cdp_session(page) if touch else None

    def settle(self) -> None:
        """Wait for the live preview's last refresh: a link in it may otherwise be swapped under the finger."""
        self.page.wait_for_load_state("networkidle")
        self.page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')")

    def pick(self, select: Locator, value: str) -> None:
        self.actions += 1
        self.settle()
        select.select_option(value)

    def press(self, target: Locator) -> None:
        self.actions += 1
        self.settle()
        target.tap() if self.touch else target.click()

    def add(self, palette_value: str) -> None:
        """Pick a piece by name in the palette: it is added at once (one action)."""
        editor_ready(self.page)
        before = self.page.locator("#preview .zoomable [data-piece]").count()
        self.pick(self.page.locator('[name="palette"]'), palette_value)
        expect(self.page.locator("#preview .zoomable [data-piece]")).to_have_count(before + 1)

    def drag(self, piece_id: str, to_x: float, to_y: float) -> None:
        """Drag a piece on the preview table to about (to_x, to_y) mm (+y is up the screen)."""
        page = self.page
        self.settle()  # nothing redraws mid-drag
        whole = "() => document.querySelector('#preview .zoomable').dataset.whole === 'yes'"
        if not page.evaluate(whole):  # the table opens on the action: see all of it first (one more action)
            self.press(page.get_by_role("button", name="Whole table"))
            page.evaluate("() => { document.querySelector('#preview .zoomable').dataset.whole = 'yes' }")
            self.settle()
        self.actions += 1
        piece = page.locator(f'#preview .zoomable [data-piece="{piece_id}"] polygon').first
        piece.scroll_into_view_if_needed()
        find_row = "pid => [...document.querySelectorAll('input[name$=\"-id\"]')].find(e => e.value === pid).name"
        row = page.evaluate(find_row, piece_id)[:-3]
        x, y = (float(page.locator(f'[name="{row}-{k}"]').input_value()) for k in ("x", "y"))
        dx_mm, dy_mm = to_x - x, to_y - y
        scale = page.evaluate(
            "() => { const s = document.querySelector('#preview .zoomable svg');"
            " return s.getBoundingClientRect().width / s.viewBox.baseVal.width }"
        )
        box = piece.bounding_box()
        assert box is not None
        # the finger goes down on the piece where it shows: nearest its centre, not under another piece's handle
        x0, y0 = page.evaluate(GRAB, [piece_id, box["x"], box["y"], box["width"], box["height"]])
        x1, y1 = x0 + dx_mm * scale, y0 - dy_mm * scale
        x_field = page.locator(f'[data-piece="{piece_id}"]')  # re-read after the preview refreshes
        if self.cdp is None:
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=6)
            page.mouse.up()
        else:
            send = self.cdp.send
            send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
            for k in range(1, 7):
                point = {"x": x0 + (x1 - x0) * k / 6, "y": y0 + (y1 - y0) * k / 6}
                send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
            send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(x_field).to_have_count(1)
        self.settle()
        got = [float(page.locator(f'[name="{row}-{k}"]').input_value()) for k in ("x", "y")]
        assert abs(got[0] - to_x) < 4 and abs(got[1] - to_y) < 4, (piece_id, got, (to_x, to_y))

    def field(self, name: str) -> Locator:
        return self.page.locator(f'[name="{name}"]')

    def explain(self) -> None:
        self.press(self.page.get_by_role("button", name="Explain"))
        expect(self.page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        assert self.actions <= MAX_ACTIONS, f"{self.actions} actions"


@pytest.fixture(params=["desktop", "phone"])
def journey(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Journey]:
    touch = request.param == "phone"
    with watched_page(browser, **(PHONE if touch else {})) as page:
        page.goto(f"{base_url}/setup/")
        yield Journey(page, touch)


def test_a_bank_2_through_a_debris_cloud(journey: Journey) -> None:
    j = journey
    j.add("xwing:ship:t65xwing")  # lands mid-table, (457, 457) facing 0; later pieces beside it
    j.add("xwing:obstacle:debris-1")
    j.drag("debris-1-1", 420, 550)  # onto the [2 left bank]'s path
    j.press(j.page.get_by_role("link", name="T-65 X-wing moves"))
    j.press(j.page.get_by_role("link", name="2 bank left"))
    # issue 21: the verdict says the move in words, pieces by label ("effects: debris-1-1" before)
    expect(j.page.get_by_test_id("verdict")).to_contain_text("T-65 X-wing fully executes its bank left 2")
    expect(j.page.get_by_test_id("verdict")).to_contain_text("Debris 1")
    expect(j.page.get_by_test_id("verdict")).not_to_contain_text("debris-1-1")
    j.explain()
    expect(j.page.locator("ol.steps")).to_contain_text("debris")
    assert j.actions == 7  # adding a piece is one pick; seeing the whole table one press


def test_a_proximity_mine_dropped_partly_under_an_enemy_ship(journey: Journey) -> None:
    j = journey
    j.add("xwing:ship:t65xwing")  # (457, 457)
    j.add("xwing:ship:tielnfighter")  # near it, where the view has room (ahead on a phone, beside on a desktop)
    j.press(j.page.locator("details.all-fields > summary"))  # the players are in the rows, folded under one tap
    j.pick(j.field("p-0-player"), "2")
    j.pick(j.field("p-1-player"), "1")
    tie = [float(j.field(f"p-1-{k}").input_value()) for k in ("x", "y")]
    # behind the TIE and aside, so the mine it drops lands partly on the X-wing
    j.drag("t-65-x-wing-1", tie[0] + 45, tie[1] - 57)
    j.press(j.page.get_by_role("link", name="TIE/ln Fighter drops or launches a device"))
    j.pick(j.field("device_type"), "proximity-mine")
    expect(j.page.get_by_test_id("verdict")).to_contain_text("under T-65 X-wing")  # labels, as in the picture
    j.explain()
    expect(j.page.locator("h1.verdict")).to_contain_text("detonates")
    assert j.actions == 10


def test_an_attack_obstructed_by_an_asteroid(journey: Journey) -> None:
    j = journey
    j.add("xwing:ship:t65xwing")  # (457, 457)
    j.add("xwing:ship:tielnfighter")  # (457, 517)
    j.add("xwing:obstacle:asteroid-1")  # beside them, 10 mm clear: (507, 491)
    j.drag("tie-ln-fighter-1", 490, 707)  # range 3, offset: every closest line runs through x 470-477
    j.drag("asteroid-1-1", 473, 582)  # across all of them
    j.press(j.page.get_by_role("link", name="T-65 X-wing attacks TIE/ln Fighter"))
    expect(j.page.get_by_test_id("verdict")).to_contain_text("obstructed")
    j.explain()
    expect(j.page.locator("ol.steps")).to_contain_text("Asteroid 1")
    assert j.actions == 9


SITUATIONS = {
    "bank 2 through debris": (
        [
            {"id": "a", "kind": "ship", "chassis": "t65xwing", "x": "457", "y": "457", "heading": "0"},
            {"id": "junk", "kind": "obstacle", "type": "debris-cloud", "shape": "debris-1", "x": "420", "y": "550"},
        ],
        {"action": "maneuver", "ship": "a", "bearing": "bank", "direction": "left", "speed": "2"},
        "junk",
    ),
    "mine partly under an enemy": (
        [
            {
                "id": "t",
                "kind": "ship",
                "chassis": "tielnfighter",
                "x": "457",
                "y": "547",
                "heading": "0",
                "player": "1",
            },
            {"id": "x", "kind": "ship", "chassis": "t65xwing", "x": "502", "y": "457", "heading": "0", "player": "2"},
        ],
        {"action": "drop", "ship": "t", "device_type": "proximity-mine"},
        "detonates",
    ),
    "attack obstructed by an asteroid": (
        [
            {"id": "a", "kind": "ship", "chassis": "t65xwing", "x": "457", "y": "457", "heading": "0"},
            {"id": "t", "kind": "ship", "chassis": "tielnfighter", "x": "490", "y": "707", "heading": "0"},
            {"id": "rock", "kind": "obstacle", "type": "asteroid", "shape": "asteroid-1", "x": "473", "y": "582"},
        ],
        {"action": "attack", "attacker": "a", "defender": "t"},
        "obstructed",
    ),
}


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_same_situations_with_the_fields_and_no_javascript(browser: Browser, base_url: str, name: str) -> None:
    rows, action, expected = SITUATIONS[name]
    with watched_page(browser, java_script_enabled=False) as page:
        page.goto(f"{base_url}/setup/")
        for i, row in enumerate(rows):
            for key, value in row.items():
                field = page.locator(f'[name="p-{i}-{key}"]')
                field.select_option(value) if field.evaluate("e => e.tagName") == "SELECT" else field.fill(value)
        # without JavaScript the piece menus (ship, attacker, defender...) offer the pieces once the page is redrawn
        page.get_by_role("button", name="Add an empty row").click()
        for key, value in action.items():
            field = page.locator(f'[name="{key}"]')
            field.select_option(value) if field.evaluate("e => e.tagName") == "SELECT" else field.fill(value)
        page.get_by_role("button", name="Explain").click()
        expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        expect(page.locator("main")).to_contain_text(expected)
