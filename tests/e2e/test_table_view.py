"""The setup table's view on a phone (issue 22, second phone trial): the user's zoom is kept across updates in
place, a fit leaves nothing under the hint bar or the zoom buttons, the handles stay off the selected piece, an
Armada ship can be selected during an attack, Back leaves a consistent selection, and a ram is framed."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page
from tests.e2e.conftest import settle as shared_settle
from tests.e2e.test_armada_attack import attack_query

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def settle(page: Page) -> None:
    """The last swap has arrived and the editor has set the table up again (80 ms after it)."""
    shared_settle(page, 80)


def rect(page: Page, selector: str) -> dict[str, float]:
    """A CSS px box (left, top, right, bottom) of the first element the selector finds."""
    box = page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom} }",
        selector,
    )
    assert box is not None
    return dict(box)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


NEB = '#preview .zoomable [data-piece="neb"]'
VSD = '#preview .zoomable [data-piece="vsd"]'


SPOT = """name => {
  const region = document.querySelector(`#preview a[aria-label="${name}"]`);
  const r = region.getBoundingClientRect(), s = document.querySelector('#preview .stage').getBoundingClientRect();
  const [x0, x1] = [Math.max(r.left, s.left + 2), Math.min(r.right, s.right - 2)];
  const [y0, y1] = [Math.max(r.top, s.top + 45), Math.min(r.bottom, s.bottom - 60)];
  const on = (x, y) => { const hit = document.elementFromPoint(x, y); return hit && hit.closest('a') === region };
  // well inside it: a finger's touch is moved to the nearest thing to tap (a piece's edge)
  let best = null, most = -1;
  for (let i = 1; i < 16; i++) for (let j = 1; j < 16; j++) {
    const x = x0 + (x1 - x0) * i / 16, y = y0 + (y1 - y0) * j / 16;
    let d = 0;
    while (d < 12 && [[0, 0], [-d, 0], [d, 0], [0, -d], [0, d]].every(([dx, dy]) => on(x + dx, y + dy))) d += 1;
    if (d > most && on(x, y)) [best, most] = [[x, y], d];
  }
  if (best) return best;
  return null;
}"""


def armada_table(page: Page, base_url: str, *pieces: str) -> None:
    """An empty setup page on a phone, Armada chosen, these pieces added by name (each picked from the menu)."""
    open_setup(page, base_url)
    page.get_by_role("link", name="Armada", exact=True).tap()
    settle(page)
    for value in pieces:
        page.locator('select[name="palette"]').select_option(value)
        settle(page)


def tap_in_view(page: Page, name: str) -> None:
    """Tap a region of the table (a link by its name) at a spot well inside it where it shows in the stage."""
    spot = page.evaluate(SPOT, name)
    assert spot is not None, name
    page.touchscreen.tap(spot[0], spot[1])


def width(box: dict[str, float]) -> float:
    return box["right"] - box["left"]


def test_the_users_zoom_is_kept_across_hull_zone_taps_until_they_ask_for_a_fit(browser: Browser, base_url: str) -> None:
    """Zoomed in, a hull-zone tap (an update in place) keeps the view; Fit the action fits again, and so
    does another action (another attacker)."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(attack_query() | {'defender_zone': 'rear'})}")
        expect(page.get_by_test_id("verdict")).to_be_visible()
        settle(page)
        fitted = rect(page, NEB)
        page.get_by_role("button", name="Zoom in").tap()
        page.wait_for_timeout(100)
        zoomed = rect(page, NEB)
        assert width(zoomed) > 1.4 * width(fitted)
        # the attacker's zones: at the middle of the action, they stay in view when zoomed in about it
        tap_in_view(page, "Left hull zone of Victory II")
        settle(page)
        expect(page.locator('[name="arc"]')).to_have_value("left")
        after = rect(page, NEB)
        for side in ("left", "top", "right", "bottom"):
            assert abs(after[side] - zoomed[side]) < 1.5, (side, zoomed, after)
        tap_in_view(page, "Front hull zone of Victory II")  # and across the next tap
        settle(page)
        expect(page.locator('[name="arc"]')).to_have_value("front")
        assert abs(rect(page, NEB)["left"] - zoomed["left"]) < 1.5
        page.get_by_role("button", name="Fit the action").tap()
        page.wait_for_timeout(100)
        refit = rect(page, NEB)
        assert width(refit) < 0.9 * width(zoomed)
        assert_fitted(page)
        page.get_by_role("button", name="Zoom in").tap()
        page.wait_for_timeout(100)
        mine = rect(page, NEB)
        # another action (Nebulon-B attacks): the view fits that action
        page.locator("details.who-box > summary").first.tap()
        page.get_by_role("link", name="Nebulon-B attacks Victory II").tap()
        settle(page)
        assert abs(width(rect(page, NEB)) / width(mine) - 1) > 0.1, (rect(page, NEB), mine)
        assert_fitted(page)


FIT_BOX = """() => {
  const svg = document.querySelector('#preview .zoomable svg'), r = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal, [x, y, w, h] = svg.dataset.fit.split(' ').map(Number);
  const sx = r.width / vb.width, sy = r.height / vb.height;
  return {left: r.left + (x - vb.x) * sx, top: r.top + (y - vb.y) * sy,
          right: r.left + (x + w - vb.x) * sx, bottom: r.top + (y + h - vb.y) * sy};
}"""


def assert_fitted(page: Page) -> None:
    """The box the page fits (the action) and both ships lie in the part of the stage between the hint bar and
    the zoom buttons."""
    hint, tools = rect(page, "#hint"), rect(page, "#preview .zoom-tools")
    stage = rect(page, "#preview .stage")
    box = page.evaluate(FIT_BOX)
    assert box["top"] >= hint["bottom"] - 0.5 and box["bottom"] <= tools["top"] + 0.5, (box, hint, tools)
    for pid in ("vsd", "neb"):
        piece = rect(page, f'#preview .zoomable [data-piece="{pid}"]')
        assert piece["top"] >= hint["bottom"] - 0.5, (pid, piece, hint)
        assert piece["bottom"] <= tools["top"] + 0.5, (pid, piece, tools)
        assert stage["left"] <= piece["left"] and piece["right"] <= stage["right"], (pid, piece, stage)


def test_a_fit_leaves_nothing_under_the_hint_bar_or_the_zoom_buttons(browser: Browser, base_url: str) -> None:
    """Every piece of the fitted action lies between the hint bar and the zoom buttons; + is clear of the inset."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(attack_query() | {'defender_zone': 'left'})}")
        expect(page.get_by_test_id("verdict")).to_be_visible()  # a ruling: the view fits the attack
        expect(page.locator("html[data-editor=on]")).to_have_count(1)
        settle(page)
        for _ in range(2):
            assert_fitted(page)
            page.get_by_role("button", name="Zoom in").tap()
            page.wait_for_timeout(100)
            page.get_by_role("button", name="Fit the action").tap()
            page.wait_for_timeout(100)
        plus = page.get_by_role("button", name="Zoom in").bounding_box()
        inset = page.locator("#preview .overview").bounding_box()
        assert plus is not None and inset is not None
        assert plus["x"] >= inset["x"] + inset["width"], (plus, inset)
        assert plus["height"] >= 44 and plus["width"] >= 44
        tools = rect(page, "#preview .zoom-tools")
        assert tools["bottom"] - tools["top"] < 60  # one row of buttons


def test_in_an_attack_the_chosen_hull_zone_tapped_again_selects_its_ship(browser: Browser, base_url: str) -> None:
    """The zones cover the ships: a tap on the zone already chosen selects the ship (its player can be set), a
    tap on another zone still chooses that zone; the hint bar says so."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(attack_query() | {'defender_zone': 'left'})}")
        expect(page.get_by_test_id("verdict")).to_be_visible()
        settle(page)
        expect(page.locator("#hint")).to_contain_text("tap the chosen zone again to select its ship")
        url = page.url
        tap_in_view(page, "Left hull zone of Nebulon-B")
        expect(page.locator("#selected")).to_be_visible()
        expect(page.locator("#selected-name")).to_have_text("Nebulon-B, facing the right edge")
        expect(page.get_by_role("button", name="Delete this piece")).to_be_visible()
        assert page.url == url  # nothing sent
        tap_in_view(page, "Rear hull zone of Nebulon-B")  # another zone: chosen
        settle(page)
        expect(page.locator('[name="defender_zone"]')).to_have_value("rear")
        tap_in_view(page, "Rear hull zone of Nebulon-B")  # chosen now: its ship selected
        expect(page.locator("#selected-name")).to_have_text("Nebulon-B, facing the right edge")
        page.get_by_role("button", name="Player 1").tap()
        expect(page.locator('[name="p-1-player"]')).to_have_value("1")
        settle(page)
        assert "defender_zone=rear" in page.url and "p-1-player=1" in page.url  # the player's change, pushed


CONSISTENT = """() => {
  const looks = [...document.querySelectorAll('#preview .zoomable [data-piece]')]
    .filter(p => getComputedStyle(p.querySelector('polygon')).stroke === 'rgb(255, 225, 77)').map(p => p.dataset.piece);
  const panel = !document.getElementById('selected').hidden;
  const handles = !document.getElementById('piece-tools').hidden;
  return {looks, panel, handles};
}"""


def assert_consistent(page: Page) -> dict[str, object]:
    """A piece drawn selected has its handles and its sheet; without them no piece is drawn selected."""
    state = page.evaluate(CONSISTENT)
    assert state["panel"] == state["handles"] == bool(state["looks"]), state
    return dict(state)


def test_back_from_a_ruling_leaves_a_consistent_selection_and_undo_steps_back(browser: Browser, base_url: str) -> None:
    """A tap away from a selected piece lets it go (it no longer looks selected); Back from Explain shows a
    piece selected with its handles and sheet, or none; Undo still steps through the changes made before."""
    with watched_page(browser, **PHONE) as page:
        armada_table(page, base_url, "armada:obstacle:asteroid-field-1", "armada:ship:arquitens-class-light-cruiser")
        name = page.locator('[name="p-1-label"]').input_value()
        for link in ("Asteroid field is moved", "distance 1–2", f"toward {name}"):
            page.get_by_role("link", name=link, exact=True).tap()
            settle(page)
        before_snap = page.url
        page.get_by_role("link", name=f"Asteroid field: toward {name}, as far as it may go").tap()
        settle(page)
        ship = page.locator('#preview .zoomable [data-piece^="arquitens"] polygon').last
        ship.tap()
        expect(page.locator("#selected")).to_be_visible()
        assert assert_consistent(page)["looks"]
        stage = rect(page, "#preview .stage")
        page.touchscreen.tap(stage["right"] - 20, stage["top"] + 60)  # the table away from any piece
        expect(page.locator("#selected")).to_be_hidden()
        assert not assert_consistent(page)["looks"]
        ship.tap()
        expect(page.locator("#selected")).to_be_visible()
        page.get_by_role("button", name="Explain").tap()
        expect(page.locator("h1.verdict")).to_be_visible()
        page.go_back()
        expect(page.locator("html[data-editor=on]")).to_have_count(1)
        settle(page)
        assert_consistent(page)
        page.touchscreen.tap(stage["right"] - 20, stage["top"] + 60)
        page.wait_for_timeout(100)
        assert not assert_consistent(page)["looks"]
        undo = page.get_by_role("button", name="Undo")
        expect(undo).to_be_enabled()
        undo.tap()
        settle(page)
        assert page.url == before_snap


HANDLES = "#piece-tools button"


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return list(
        page.evaluate(
            "s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length).map(e => {"
            " const r = e.getBoundingClientRect();"
            " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom} })",
            selector,
        )
    )


def test_the_handles_sit_outside_the_selected_piece_on_the_side_with_room(browser: Browser, base_url: str) -> None:
    """A ship between two asteroids (one ahead, one behind): its handles go beside it, over neither it nor the
    rocks; each piece's handles are outside its box, inside the table below the hint bar, off the zoom buttons."""
    rows = [("a", "ship", "300", "300"), ("r1", "obstacle", "300", "370"), ("r2", "obstacle", "300", "230")]
    q = {"game": "xwing", "edition": "2.5", "p-TOTAL_FORMS": "3", "p-INITIAL_FORMS": "0", "pick": "1"}
    q |= {"action": "maneuver", "ship": "a"}
    for i, (pid, kind, x, y) in enumerate(rows):
        q |= {f"p-{i}-id": pid, f"p-{i}-kind": kind, f"p-{i}-x": x, f"p-{i}-y": y, f"p-{i}-heading": "0"}
        q |= {f"p-{i}-size": "small"} if kind == "ship" else {f"p-{i}-type": "asteroid"}
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(q)}")
        expect(page.locator("html[data-editor=on]")).to_have_count(1)
        settle(page)
        # a move of one ship being set up: the pieces at the readable zoom (a small base 44 px or more)
        assert width(rect(page, '#preview .zoomable [data-piece="a"] polygon')) >= 44
        for pid in ("a", "r1", "r2"):
            selector = f'#preview .zoomable [data-piece="{pid}"]'
            page.locator(f"{selector} polygon").last.tap()
            expect(page.get_by_role("button", name="Move: drag")).to_be_visible()
            page.wait_for_timeout(50)
            piece, stage, hint = rect(page, selector), rect(page, "#preview .stage"), rect(page, "#hint")
            keep_out = boxes(page, "#preview .zoom-tools button, #preview .overview")
            handles = boxes(page, HANDLES)
            assert len(handles) == 3
            for h in handles:
                assert not overlap(h, piece), (pid, h, piece)
                assert h["top"] >= hint["bottom"] - 0.5 and h["bottom"] <= stage["bottom"] + 0.5, (pid, h)
                assert h["left"] >= stage["left"] - 0.5 and h["right"] <= stage["right"] + 0.5, (pid, h)
                assert not any(overlap(h, k) for k in keep_out), (pid, h)
                if pid == "a":  # room beside the ship: the rocks ahead and behind stay clear
                    for rock in ("r1", "r2"):
                        assert not overlap(h, rect(page, f'#preview .zoomable [data-piece="{rock}"]')), (h, rock)


def test_a_ram_is_framed_on_the_tool_the_positions_and_the_ship_it_hits(browser: Browser, base_url: str) -> None:
    """Armada, CR90 at speed 3 into a Victory snapped partly under its final base: the view frames the tool, the
    final and abandoned positions and the Victory (not the start base behind the tool), inside the free part of
    the table, at a scale where the CR90's base is 40 px across (it was 33, and 27 with the zoom row kept clear)."""
    with watched_page(browser, **PHONE) as page:
        armada_table(page, base_url, "armada:ship:cr90-corvette-a", "armada:ship:victory-i-class-star-destroyer")
        for link in ("CR90 Corvette A moves", "Speed 3", "Tool on the left"):
            page.get_by_role("link", name=link, exact=True).tap()
            settle(page)
        page.get_by_role("link", name="Victory I-class Star Destroyer: partly under CR90 Corvette A's final base").tap()
        settle(page)
        expect(page.get_by_test_id("verdict")).to_contain_text("(dial 3)")
        hint, tools, stage = rect(page, "#hint"), rect(page, "#preview .zoom-tools"), rect(page, "#preview .stage")
        for selector in ("#pv-final", "#pv-tool", "#pv-tried-3", '[data-piece^="victory"]'):
            box = rect(page, f"#preview .zoomable {selector}")
            assert box["top"] >= hint["bottom"] - 0.5 and box["bottom"] <= tools["top"] + 0.5, (selector, box)
            assert box["left"] >= stage["left"] and box["right"] <= stage["right"], (selector, box)
        final = rect(page, "#preview .zoomable #pv-final")
        assert width(final) >= 38, final


def pan_by_the_overview(page: Page, dx: float, dy: float) -> None:
    """Tap the overview inset beside the frame of what is in view: the view moves there (the user's pan)."""
    frame = rect(page, "#preview .overview-frame")
    page.touchscreen.tap((frame["left"] + frame["right"]) / 2 + dx, (frame["top"] + frame["bottom"]) / 2 + dy)


def test_a_panned_view_is_kept_and_a_piece_added_out_of_it_brings_the_view_to_it(
    browser: Browser, base_url: str
) -> None:
    """A pan of the table is the user's view: a hull-zone tap and a die keep it; a piece then added out of view
    brings the view (not the zoom) to it."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(attack_query() | {'defender_zone': 'left'})}")
        expect(page.get_by_test_id("verdict")).to_be_visible()
        settle(page)
        for _ in range(2):
            page.get_by_role("button", name="Zoom in").tap()
        pan_by_the_overview(page, -1, -2)
        page.wait_for_timeout(100)
        mine = rect(page, NEB)
        zone = next(z for z in ("rear", "right", "front") if page.evaluate(SPOT, f"{z.title()} hull zone of Nebulon-B"))
        tap_in_view(page, f"{zone.title()} hull zone of Nebulon-B")
        settle(page)
        expect(page.locator('[name="defender_zone"]')).to_have_value(zone)
        page.get_by_role("link", name="One red die more").tap()
        settle(page)
        after = rect(page, NEB)
        assert abs(after["left"] - mine["left"]) < 1.5 and abs(after["top"] - mine["top"]) < 1.5, (mine, after)
        # closer still, so the next piece is placed out of this view (yet fits the stage: the fit of an
        # attack frames its ships closely, and five zooms in made the asteroid field taller than the stage)
        page.get_by_role("button", name="Zoom in").tap()
        page.wait_for_timeout(100)
        mine = rect(page, NEB)
        page.locator('select[name="palette"]').select_option("armada:obstacle:asteroid-field-1")
        settle(page)
        rock = rect(page, '#preview .zoomable [data-piece^="asteroid"]')
        stage, hint, tools = rect(page, "#preview .stage"), rect(page, "#hint"), rect(page, "#preview .zoom-tools")
        assert stage["left"] <= rock["left"] and rock["right"] <= stage["right"], (rock, stage)
        assert hint["bottom"] <= rock["top"] and rock["bottom"] <= tools["top"], (rock, hint, tools)
        assert abs(width(rect(page, NEB)) - width(mine)) < 1  # the same zoom


def test_a_piece_dragged_without_a_zoom_first_leaves_the_view_where_it_was(browser: Browser, base_url: str) -> None:
    """Trial 3: with the view the page fitted (no zoom or pan of the user's), a drag that changed what the
    ruling is about (an asteroid dragged onto the line of sight) made the table fit itself again under the
    finger. A drag is the user's hand on the table: the rest stays where it was."""
    q = attack_query() | {"defender_zone": "rear", "p-TOTAL_FORMS": "3"}
    q |= {"p-2-id": "rock", "p-2-kind": "obstacle", "p-2-type": "asteroid-field", "p-2-shape": "asteroid-field-1"}
    q |= {"p-2-x": "560", "p-2-y": "330", "p-2-label": "Rock"}
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(q)}")
        expect(page.get_by_test_id("verdict")).not_to_contain_text("obstructed")
        settle(page)
        before = rect(page, NEB)
        scale = page.evaluate(
            "() => { const s = document.querySelector('#preview .zoomable svg');"
            " return s.getBoundingClientRect().width / s.viewBox.baseVal.width }"
        )
        rock = page.locator('#preview .zoomable [data-piece="rock"] polygon').first
        box = rock.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 165 * scale, y - 80 * scale, steps=6)  # onto the line between the two ships
        page.mouse.up()
        expect(page.get_by_test_id("verdict")).to_contain_text("obstructed")
        settle(page)
        after = rect(page, NEB)
        for side in ("left", "top", "right", "bottom"):
            assert abs(after[side] - before[side]) < 1.5, (side, before, after)


@pytest.mark.parametrize("zoom_first", [True, False])
def test_a_piece_a_placement_moves_out_of_view_brings_the_view_to_it(
    browser: Browser, base_url: str, zoom_first: bool
) -> None:
    """Trial 4: the defender put at a range ahead of the attacker by a placement ended off the top of the table
    until "Fit the action" was tapped. The view (not the zoom) now follows it, whether the user had zoomed or not."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(attack_query() | {'defender_zone': 'left'})}")
        expect(page.get_by_test_id("verdict")).to_be_visible()
        settle(page)
        if zoom_first:
            for _ in range(3):
                page.get_by_role("button", name="Zoom in").tap()
            page.wait_for_timeout(100)
        size = width(rect(page, VSD))
        page.get_by_role("link", name="Nebulon-B: at long range ahead of Victory II's front hull zone").tap()
        settle(page)
        neb, stage = rect(page, NEB), rect(page, "#preview .stage")
        hint, tools = rect(page, "#hint"), rect(page, "#preview .zoom-tools")
        assert stage["left"] <= neb["left"] and neb["right"] <= stage["right"], (neb, stage)
        assert hint["bottom"] - 1 <= neb["top"] and neb["bottom"] <= tools["top"] + 1, (neb, hint, tools)
        if zoom_first:
            assert abs(width(rect(page, VSD)) - size) < 1  # the same zoom (the attacker, which stays, as wide)
