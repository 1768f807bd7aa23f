"""A piece's label in the picture is sized to the piece and kept inside the view (issue 22: Armada labels
were drawn at the whole table's font, several times a squadron's width, and cut at the picture's edge)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from rules.engine import evaluate, games, parse_scenario
from rules.engine.scenario import Scenario
from rules.engine.svg import EM, LABEL_OVER, legend_rows, render_svg

NS = "{http://www.w3.org/2000/svg}"


def _armada() -> Scenario:
    pieces = [
        {"id": "cr", "kind": "ship", "size": "small", "x": 30, "y": 300, "heading": 0, "label": "CR90 Corvette A"},
        {"id": "sq", "kind": "squadron", "x": 1800, "y": 600, "player": 2, "label": "TIE Fighter Squadron"},
        {
            "id": "rock",
            "kind": "obstacle",
            "type": "asteroid-field",
            "shape": "asteroid-field-1",
            "x": 900,
            "y": 880,
            "label": "Asteroid field",
        },
    ]
    action = games.get("armada").preview_action(pieces)  # what the setup page draws the pieces with
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def _xwing() -> Scenario:
    pieces = [
        {"id": "a", "kind": "ship", "size": "small", "x": 20, "y": 300, "heading": 0, "label": "TIE/ln Fighter"},
        {"id": "b", "kind": "ship", "size": "large", "x": 880, "y": 895, "heading": 90, "label": "VT-49 Decimator"},
    ]
    return parse_scenario(
        {"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": {"type": "check-setup"}}
    )


@pytest.mark.parametrize("make", [_armada, _xwing], ids=["armada", "xwing"])
@pytest.mark.parametrize("editable", [True, False], ids=["setup", "permalink"])
def test_a_pieces_label_is_not_much_wider_than_the_piece_and_stays_inside_the_view(make, editable: bool) -> None:
    sc = make()
    svg = ET.fromstring(render_svg(sc, evaluate(sc), editable=editable, zoom=not editable, id_prefix="t"))
    vx, vy, vw, vh = (float(v) for v in svg.get("viewBox", "").split())
    game = games.get(sc.game)
    checked = 0
    for p in sc.pieces:
        g = svg.find(f".//{NS}g[@id='t-{p.id}']")
        assert g is not None
        text = g.find(f"{NS}text")
        label = p.label
        if text is None and not editable:  # a mover is named once, at its final position
            text = svg.find(f".//{NS}g[@class='figure base']/{NS}text")
            assert text is not None and (text.text or "").startswith(p.label), p.label
            label = text.text or ""
        assert text is not None and text.text == label
        font = float(text.get("font-size", "0"))
        outline = game.draw(p).outline
        x0, _, x1, _ = outline.bounds
        width = len(label) * font * EM
        assert width <= LABEL_OVER * (x1 - x0) * 1.01, (label, width, x1 - x0)  # the font size is rounded
        x, y = float(text.get("x", "0")), float(text.get("y", "0"))
        c = outline.centroid
        if not (vx <= c.x <= vx + vw and vy <= sc.table[1] - c.y <= vy + vh):
            continue  # a piece the zoomed picture does not show
        assert vx <= x - width / 2 and x + width / 2 <= vx + vw + 1e-6, (p.label, x, width, vx, vw)
        assert vy <= y - font and y + font * 0.3 <= vy + vh + 1e-6, (p.label, y, font, vy, vh)
        checked += 1
    assert checked >= 1 and (checked == len(sc.pieces) or not editable)  # the setup page shows the whole table


def test_the_setup_picture_leaves_its_legend_to_the_page_which_lists_the_same_marks() -> None:
    pieces = [{"id": "a", "kind": "ship", "size": "small", "x": 300, "y": 300, "heading": 0}]
    action = {"type": "maneuver", "ship": "a", "bearing": "bank", "direction": "left", "speed": 2}
    sc = parse_scenario({"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": action})
    ruling = evaluate(sc)
    permalink = render_svg(sc, ruling)
    drawn = re.findall(r"<text[^>]*>([^<]+)</text>", permalink.split('class="legend"', 1)[1])
    rows = legend_rows(sc, ruling)
    assert [text for text, _ in rows] == drawn and ("template / tool", "template") in rows
    assert 'class="legend"' not in render_svg(sc, ruling, editable=True, zoom=False)


def _xwing_move() -> Scenario:
    pieces = [{"id": "a", "kind": "ship", "size": "small", "x": 300, "y": 300, "heading": 0, "label": "TIE/ln Fighter"}]
    action = {"type": "maneuver", "ship": "a", "bearing": "bank", "direction": "left", "speed": 2}
    return parse_scenario({"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": action})


@pytest.mark.parametrize("make", [_armada, _xwing_move], ids=["armada", "xwing"])
def test_a_final_bases_label_is_sized_like_a_pieces(make) -> None:
    """The moved ship's final position is labelled too ("CR90 Corvette A at speed 0" was 324 mm wide)."""
    sc = make()
    svg = ET.fromstring(render_svg(sc, evaluate(sc), editable=True, zoom=False, id_prefix="t"))
    finals = svg.findall(f".//{NS}g[@class='figure base']")
    assert finals
    for g in finals:
        polygon, text = g.find(f"{NS}polygon"), g.find(f"{NS}text")
        assert polygon is not None and text is not None and text.text
        xs = [float(pt.split(",")[0]) for pt in polygon.get("points", "").split()]
        width = len(text.text) * float(text.get("font-size", "0")) * EM
        assert width <= LABEL_OVER * (max(xs) - min(xs)) * 1.01, (text.text, width)


def test_a_labels_spot_is_tested_against_the_marks_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each spot a label tries is one box tested against every facing arrow at once: the busy bank's 21
    labels built some 270 boxes (one per spot and arrow), and the spots chosen are the same."""
    from bench.bench_ruling import busy_scenario
    from rules.engine import svg

    sc = parse_scenario(busy_scenario())
    ruling = evaluate(sc)
    drawn = render_svg(sc, ruling, id_prefix="pv", editable=True, zoom=False)
    built = []
    real = svg.box
    monkeypatch.setattr(svg, "box", lambda *a: built.append(a) or real(*a))
    assert render_svg(sc, ruling, id_prefix="pv", editable=True, zoom=False) == drawn
    labels = drawn.count("<text")
    assert labels >= 20 and len(built) <= 2 * labels
