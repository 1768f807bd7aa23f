"""Issue 22, a new user's trial on a 390 × 844 touch phone: what only the layout shows (every control inside
the screen's width, nothing covering the zoom buttons, text at a readable size)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page
from tests.e2e.test_table_workspace import settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTH = PHONE["viewport"]["width"]


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url)
        yield page


def add(page: Page, value: str) -> None:
    before = page.locator("#preview .zoomable [data-piece]").count()
    page.locator('select[name="palette"]').select_option(value)
    expect(page.locator("#preview .zoomable [data-piece]")).to_have_count(before + 1)
    settle(page)


def inside_the_width(page: Page, selector: str) -> int:
    """Every visible element matching ``selector`` lies within the screen's width; how many there are."""
    boxes = page.evaluate(
        """s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length)
               .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim(), r.left, r.right]; })""",
        selector,
    )
    off = [b for b in boxes if b[1] < 0 or b[2] > WIDTH + 0.5]
    assert not off, off
    return len(boxes)


def test_the_dial_wraps_inside_the_screen_and_marks_the_chosen_maneuver_by_more_than_colour(phone: Page) -> None:
    add(phone, "xwing:ship:t65xwing")
    phone.get_by_role("link", name="T-65 X-wing moves").tap()
    expect(phone.locator("#preview nav.dial")).to_be_visible()
    settle(phone)
    assert inside_the_width(phone, "#preview nav.dial a") >= 12  # the whole dial, not the first few
    phone.get_by_role("link", name="2 bank left", exact=True).tap()
    chosen = phone.locator('#preview nav.dial a[aria-current="true"]')
    expect(chosen).to_have_text("2 bank left")
    settle(phone)
    border = "e => parseFloat(getComputedStyle(e).borderTopWidth)"
    others = phone.locator("#preview nav.dial a:not([aria-current])")
    assert chosen.evaluate(border) >= 3 > others.first.evaluate(border)
    assert chosen.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
    inside_the_width(phone, "#preview nav.dial a")


def test_the_selected_piece_bar_shows_the_whole_name_and_every_control_inside_the_screen(phone: Page) -> None:
    add(phone, "xwing:ship:t65xwing")
    phone.locator("#preview .zoomable [data-piece] polygon").first.tap()
    name = phone.locator("#selected-name")
    # the facing in the player's words (the edges the picture names), not the table's "facing 0°" (trial 3)
    expect(name).to_have_text("T-65 X-wing, facing Player 2's edge")
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth")  # not cut to "T-6…"
    assert inside_the_width(phone, "#selected, #selected > *") >= 6
    expect(phone.get_by_role("link", name="Its fields")).to_be_in_viewport()
    phone.get_by_role("button", name="Turn 45° right").tap()
    expect(name).to_have_text("T-65 X-wing, facing Player 2's edge, turned 45° right")
    for _ in range(2):
        phone.get_by_role("button", name="Turn 45° right").tap()
    expect(name).to_have_text("T-65 X-wing, facing Player 1's edge, turned 45° left")
    expect(phone.locator('[name="p-0-heading"]')).to_have_value("135")  # the row keeps its degrees


def _overlaps(page: Page) -> list[str]:
    return page.evaluate(
        """() => {
          const tools = [...document.querySelectorAll('#preview .zoom-tools button, #preview .overview')];
          const handles = [...document.querySelectorAll('#piece-tools button')].filter(b => b.getClientRects().length);
          const out = [];
          for (const h of handles) for (const t of tools) {
            const a = h.getBoundingClientRect(), b = t.getBoundingClientRect();
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              out.push(`${h.getAttribute('aria-label')} over ${t.textContent.trim() || t.className}`);
          }
          return out;
        }"""
    )


def test_a_selected_pieces_handles_never_cover_the_zoom_buttons(phone: Page) -> None:
    add(phone, "xwing:ship:t65xwing")
    piece = phone.locator("#preview .zoomable [data-piece] polygon").first
    piece.tap()
    expect(phone.get_by_role("button", name="Move: drag")).to_be_visible()
    stage = phone.locator("#preview .stage").bounding_box()
    fit = phone.get_by_role("button", name="Fit the action").bounding_box()
    assert stage is not None and fit is not None
    # pan the view so that the piece sits at the zoom buttons: on them, just above, just left of them
    spots = ((fit["x"] + fit["width"] / 2, fit["y"] - 30), (fit["x"] - 10, fit["y"] - 10), (fit["x"], fit["y"] + 20))
    for tx, ty in spots:
        phone.get_by_role("button", name="Fit the action").tap()  # from the fitted view: a drag, never a tap
        phone.wait_for_timeout(150)
        box = piece.bounding_box()
        assert box is not None
        dx, dy = tx - (box["x"] + box["width"] / 2), ty - (box["y"] + box["height"] / 2)
        sx, sy = stage["x"] + stage["width"] / 2 + (60 if dx < 0 else -60), stage["y"] + 20
        send = phone.context.new_cdp_session(phone).send  # one finger drags the table (real touch events)
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy, "id": 1}]})
        for k in range(1, 11):
            point = {"x": sx + dx * k / 10, "y": sy + dy * k / 10, "id": 1}
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        phone.wait_for_timeout(150)
        expect(phone.get_by_role("button", name="Move: drag")).to_be_visible()  # still selected: a pan, not a tap
        assert _overlaps(phone) == [], (tx, ty)
        for name in ("Move: drag", "Turn: drag around the piece, or tap for 45°", "Delete this piece"):
            assert phone.get_by_role("button", name=name).evaluate(
                "e => { const r = e.getBoundingClientRect();"
                " return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) ||"
                " !document.querySelector('#preview .stage').contains(document.elementFromPoint(r.left + r.width / 2,"
                " r.top + r.height / 2)) }"
            )
    expect(phone.get_by_role("button", name="Fit the action")).to_be_visible()
    phone.get_by_role("button", name="Fit the action").tap()  # and it is the button that answers the tap


def test_the_legend_is_at_least_12_px_on_a_phone(phone: Page) -> None:
    add(phone, "xwing:ship:t65xwing")
    phone.get_by_role("link", name="T-65 X-wing moves").tap()
    phone.get_by_role("link", name="2 bank left", exact=True).tap()
    key = phone.get_by_role("list", name="What the marks on the table mean")
    expect(key).to_contain_text("template / tool")
    settle(phone)
    sizes = key.locator("li").evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 12, sizes
    inside_the_width(phone, ".picture-key li")


CLEAR = """s => [...document.querySelectorAll(s)].map(e => {
  const r = e.getBoundingClientRect(), x = r.left + r.width / 2;
  const hits = [r.top + r.height / 2, r.bottom - 1].map(y => document.elementFromPoint(x, y));
  const whole = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  return [e.textContent.trim(), whole && hits.every(h => e.contains(h)), Math.round(r.top), Math.round(r.bottom),
          hits.map(h => h ? (h.closest('[class]') || h).className : null)];
})"""


def clear_of_the_bar(page: Page, selector: str) -> int:
    """Every element matching ``selector`` lies wholly in the screen, unscrolled, and a tap on its middle or its
    bottom edge lands on it (not on the sticky Explain / Undo bar over it); how many there are."""
    assert page.evaluate("scrollY") == 0
    found = page.evaluate(CLEAR, selector)
    assert [f for f in found if not f[1]] == [], found
    return len(found)


UNDER = """() => {
  const bar = document.querySelector('#preview .sheet-buttons').getBoundingClientRect();
  return [...document.querySelectorAll('#preview .sheet :is(a, button, select, summary, input)')]
    .filter(e => e.checkVisibility({visibilityProperty: true}) && !e.closest('.sheet-buttons'))
    .map(e => [e.textContent.trim().slice(0, 60), e.getBoundingClientRect()])
    .filter(([, r]) => r.top < bar.top - 0.5 && r.bottom > bar.top + 0.5)
    .map(([t, r]) => [t, Math.round(r.top), Math.round(r.bottom), Math.round(bar.top)]);
}"""


def nothing_under_the_bar(page: Page) -> None:
    """No control of the sheet shows above the sticky bar with the rest of it under the bar (a tap on its middle
    lands on the bar), the page unscrolled: each is wholly above the bar's top, or wholly below it (out of sight,
    reached by a scroll, which stops it above the bar)."""
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(UNDER) == []


def test_every_armada_attack_placement_is_above_the_explain_bar(browser: Browser, base_url: str) -> None:
    """Trial 3: with two Armada ships and an attack chosen, the third placement ("at long range ahead") sat half
    under the sticky Explain / Undo bar, and a tap on its middle landed on the bar."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url)
        page.get_by_role("link", name="Armada", exact=True).tap()
        settle(page)
        add(page, "armada:ship:victory-i-class-star-destroyer")
        add(page, "armada:ship:cr90-corvette-a")
        page.get_by_role("link", name="Victory I-class Star Destroyer attacks CR90 Corvette A").tap()
        expect(page.locator("#preview nav.snaps > a")).to_have_count(3)
        settle(page)
        # the three placements, the three "+" and "Faces rolled"
        assert clear_of_the_bar(page, "#preview nav.snaps > a, #preview nav.counters a") == 3 + 4
        nothing_under_the_bar(page)


def test_every_drop_placement_is_above_the_explain_bar(phone: Page) -> None:
    """X-Wing: the placement of a dropped device and "make it an enemy" clear of the bar."""
    add(phone, "xwing:ship:tielnfighter")
    add(phone, "xwing:ship:t65xwing")
    phone.get_by_role("link", name="TIE/ln Fighter drops or launches a device").tap()
    settle(phone)
    phone.get_by_role("link", name="Proximity Mine").tap()
    expect(phone.get_by_role("link", name="T-65 X-wing: partly under the Proximity Mine")).to_be_visible()
    settle(phone)
    assert clear_of_the_bar(phone, "#preview nav.snaps > a, #preview nav.sides a") == 2
    nothing_under_the_bar(phone)


def test_a_maneuvers_first_placement_is_above_the_explain_bar_and_none_under_it(phone: Page) -> None:
    """X-Wing, a bank 2 with a debris cloud to put on its template: the first placement is clear of the bar (it
    was 4 px under it), the others out of sight below its top, none half under it."""
    bank_2_with_a_debris_cloud(phone)
    expect(phone.get_by_role("link", name="Debris 1: on the template, middle")).to_be_visible()
    settle(phone)
    assert clear_of_the_bar(phone, "#preview nav.snaps > a:first-of-type") == 1
    nothing_under_the_bar(phone)


def bank_2_with_a_debris_cloud(phone: Page) -> None:
    """An X-wing banking left 2, a debris cloud added (its placements listed below the fold)."""
    add(phone, "xwing:ship:t65xwing")
    add(phone, "xwing:obstacle:debris-1")
    phone.get_by_role("link", name="T-65 X-wing moves").tap()
    settle(phone)
    phone.get_by_role("link", name="2 bank left", exact=True).tap()
    settle(phone)


def test_back_from_a_ruling_opens_the_setup_at_the_top_with_the_table_in_view(phone: Page) -> None:
    """Trial 4: Back from a ruling opened the setup page 422 px down, the table off screen. A tap on Explain that
    first brings it into view (Playwright's tap; a focus by the keyboard or a script does the same) scrolled the
    page to the sticky bar's place at the sheet's end, the bar lying inside the page's scroll padding kept for it,
    and Back restored that scroll."""
    bank_2_with_a_debris_cloud(phone)
    assert phone.evaluate("scrollY") == 0
    phone.get_by_role("button", name="Explain").tap()
    expect(phone.locator("h1.verdict")).to_be_visible()
    phone.go_back()
    expect(phone.locator("html[data-editor=on]")).to_have_count(1)
    settle(phone)
    assert phone.evaluate("scrollY") == 0
    expect(phone.locator("#preview .stage")).to_be_in_viewport(ratio=1)
    expect(phone.locator('#preview nav.dial a[aria-current="true"]')).to_have_text("2 bank left")  # choices kept
    for name in ("Undo", "Explain"):  # in view where they stick: focusing one scrolls nothing
        phone.get_by_role("button", name=name).focus()
        assert phone.evaluate("scrollY") == 0, name


def test_a_control_reached_by_the_keyboard_stops_above_the_explain_bar(phone: Page) -> None:
    """The page's scroll padding (the bar's height) still holds for the sheet's own controls: one reached by Tab
    from above the fold ends wholly above the bar, not under it."""
    bank_2_with_a_debris_cloud(phone)
    first_hidden = phone.locator("#preview nav.snaps > a").nth(1)
    bar = phone.locator("#preview .sheet-buttons")
    start = phone.locator("#preview nav.snaps > a").first
    start.focus()
    assert phone.evaluate("scrollY") == 0
    phone.keyboard.press("Tab")
    expect(first_hidden).to_be_focused()
    a, b = first_hidden.bounding_box(), bar.bounding_box()
    assert a is not None and b is not None
    assert phone.evaluate("scrollY") > 0 and a["y"] + a["height"] <= b["y"] + 0.5, (a, b)


SHEETS = {
    # trial 4: "Victory II-class Star Destroyer attacks CR90 Corvette A" at 761–808, the bar's top at 795
    "armada who does what": (
        "armada",
        (
            "armada:ship:victory-ii-class-star-destroyer",
            "armada:ship:cr90-corvette-a",
            "armada:obstacle:asteroid-field-1",
        ),
        (),
    ),
    # trial 4: "Joint 3: 2 right" at 788–832
    "armada speed chart": (
        "armada",
        ("armada:ship:cr90-corvette-a", "armada:ship:victory-i-class-star-destroyer"),
        ("CR90 Corvette A moves", "Speed 3"),
    ),
    # trial 4: the "Armada" game link at 764–808
    "armada obstacle moved toward a ship": (
        "armada",
        ("armada:ship:victory-i-class-star-destroyer", "armada:obstacle:asteroid-field-1"),
        ("Asteroid field is moved", "distance 1–2", "toward Victory I-class Star Destroyer"),
    ),
    # trial 4: "TIE/ln Fighter attacks T-65 X-wing" at 761–805
    "x-wing who does what": (
        "xwing",
        ("xwing:ship:t65xwing", "xwing:ship:tielnfighter", "xwing:obstacle:asteroid-1"),
        (),
    ),
}


@pytest.mark.parametrize("sheet", list(SHEETS))
def test_no_control_straddles_the_explain_bar(phone: Page, sheet: str) -> None:
    """Trial 4: in the "who does what" list, an Armada speed chart and the game links, a control showed above the
    sticky Explain / Undo bar with the rest of it under the bar. Whatever the sheet, the page now moves such a
    control wholly above the bar (the table's view a few px shorter) or wholly below it."""
    game, pieces, links = SHEETS[sheet]
    if game == "armada":
        phone.get_by_role("link", name="Armada", exact=True).tap()
        settle(phone)
    for value in pieces:
        add(phone, value)
    for name in links:
        phone.get_by_role("link", name=name, exact=True).tap()
        settle(phone)
    phone.wait_for_timeout(100)
    nothing_under_the_bar(phone)


def test_back_from_a_ruling_leaves_no_control_straddling_the_explain_bar(phone: Page) -> None:
    """Trial 5: after Back from the ruling of an Armada attack the table came back at its full height and a
    placement sat almost wholly under the sticky bar (11 px of it showing)."""
    phone.get_by_role("link", name="Armada", exact=True).tap()
    settle(phone)
    for value in (
        "armada:ship:victory-i-class-star-destroyer",
        "armada:ship:cr90-corvette-a",
        "armada:obstacle:asteroid-field-1",
    ):
        add(phone, value)
    phone.get_by_role("link", name="Victory I-class Star Destroyer attacks CR90 Corvette A", exact=True).tap()
    settle(phone)
    phone.get_by_role("link", name=re.compile(r"^Asteroid field( 1)?: across the line of sight")).tap()
    settle(phone)
    for _ in range(3):
        phone.get_by_role("link", name="One red die more").tap()
        settle(phone)
    nothing_under_the_bar(phone)
    phone.get_by_role("button", name="Explain").tap()
    expect(phone.locator("h1.verdict")).to_be_visible()
    phone.go_back()
    expect(phone.locator("html[data-editor=on]")).to_have_count(1)
    settle(phone)
    phone.wait_for_timeout(300)
    nothing_under_the_bar(phone)


FADE = """() => {
  const bar = document.querySelector('#preview .sheet-buttons');
  const s = getComputedStyle(bar, '::before');
  const r = bar.getBoundingClientRect();
  const above = document.elementFromPoint(r.left + r.width / 2, r.top - 3);
  return {image: s.backgroundImage, height: parseFloat(s.height), events: s.pointerEvents,
          hit: above && !above.closest('.sheet-buttons')};
}"""


def test_a_fade_over_the_explain_bar_says_the_sheet_goes_on_under_it(phone: Page) -> None:
    """Trial 5: a last placement lay wholly under the sticky bar with nothing showing that the list went on. A short
    fade over the bar's top edge says so, and a tap just above the bar still reaches what is there."""
    bank_2_with_a_debris_cloud(phone)
    fade = phone.evaluate(FADE)
    assert "linear-gradient" in fade["image"] and 6 <= fade["height"] <= 12, fade
    assert fade["events"] == "none" and fade["hit"], fade
