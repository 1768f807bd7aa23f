"""A check of the whole table is cropped to the pieces it is about, as a ruling's picture is (issue 22: an
obstacle setup check and a stored situation that cannot be ruled showed every piece of the table, or the
whole table, and the pieces were tiny on a phone)."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from rules.engine import evaluate, games, parse_scenario
from rules.engine.scenario import Scenario
from rules.engine.svg import FOCUS_MIN, FOCUS_PAD, render_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def _doc(slug: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{slug}.json").read_text())["scenario"]


def _view(svg: str, sc: Scenario) -> tuple[float, float, float, float]:
    """The picture's view in table mm (x0, y0, x1, y1; y up)."""
    x, y, w, h = (float(v) for v in ET.fromstring(svg).get("viewBox", "").split())
    return x, sc.table[1] - y - h, x + w, sc.table[1] - y


def _shown(view: tuple[float, float, float, float], sc: Scenario, pid: str) -> bool:
    """Whether any of a piece lies in the view."""
    x0, y0, x1, y1 = games.get(sc.game).outline(sc.piece(pid)).bounds
    return x0 < view[2] and view[0] < x1 and y0 < view[3] and view[1] < y1


def _moved(doc: dict[str, Any], pid: str, x: float, y: float) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    piece = next(p for p in doc["pieces"] if p["id"] == pid)
    piece["x"], piece["y"] = x, y
    return doc


def test_an_obstacle_setup_check_frames_the_obstacles_too_close_not_every_piece() -> None:
    # the example, with the obstacle near an edge moved to the middle: only o0 and o1 are too close
    sc = parse_scenario(_moved(_doc("xw-28-setup-violations"), "o5", 650, 650))
    ruling = evaluate(sc)
    assert {i for s in ruling.steps for i in s.highlight} == {"o0", "o1"}
    view = _view(render_svg(sc, ruling), sc)
    assert view[2] - view[0] <= FOCUS_MIN + 1  # was 572 mm: all six obstacles
    assert _shown(view, sc, "o0") and _shown(view, sc, "o1")
    assert not any(_shown(view, sc, p) for p in ("o2", "o3", "o4", "o5"))


def test_an_obstacle_too_close_to_an_edge_is_framed_with_that_edge() -> None:
    # only o5 breaks a rule: it stands some 140 mm from the second player's edge (within range 2)
    doc = _moved(_moved(_doc("xw-28-setup-violations"), "o1", 450, 450), "o5", 665, 740)
    sc = parse_scenario(doc)
    ruling = evaluate(sc)
    assert {i for s in ruling.steps for i in s.highlight} == {"o5"}
    view = _view(render_svg(sc, ruling), sc)
    assert view[1] < sc.table[1] < view[3]  # the edge is in the picture, with room beyond it
    assert view[2] - view[0] < 350 and not _shown(view, sc, "o0")  # the obstacle and the edge, not the table


def test_a_legal_setup_frames_every_obstacle_as_each_is_checked_against_the_others_and_the_edges() -> None:
    sc = parse_scenario(_doc("xw-27-setup-legal"))
    view = _view(render_svg(sc, evaluate(sc)), sc)
    assert all(_shown(view, sc, p.id) for p in sc.pieces)


def test_a_detonation_frames_the_blast_what_it_reaches_and_a_near_miss_not_a_far_piece() -> None:
    doc = _doc("dv-17-proton-bomb-and-remotes")
    sc = parse_scenario(doc)
    view = _view(render_svg(sc, evaluate(sc)), sc)
    assert all(_shown(view, sc, p) for p in ("a", "pb", "probe", "probe2"))  # the far probe: 60 mm out of reach
    far = parse_scenario(_moved(doc, "probe2", 300, 850))
    ruling = evaluate(far)
    view = _view(render_svg(far, ruling), far)
    assert all(_shown(view, far, p) for p in ("a", "pb", "probe")) and not _shown(view, far, "probe2")
    blast = next(f for f in ruling.figures if f.kind == "area")
    assert view[3] <= max(y for _, y in blast.coords) + FOCUS_PAD + 1


def test_a_situation_drawn_without_a_ruling_frames_its_pieces_not_the_whole_table() -> None:
    doc = _doc("xw-01-through-asteroid-25")
    sc = parse_scenario(doc)
    view = _view(render_svg(sc, None), sc)
    assert view[2] - view[0] < sc.table[0] * 0.6
    assert all(_shown(view, sc, p.id) for p in sc.pieces)


def test_each_step_of_a_setup_check_frames_its_own_violation() -> None:
    """Two violations in opposite corners: the whole picture needs most of the table; each step's picture
    shows its own obstacles (and the edge one is too close to) at a size to read."""
    sc = parse_scenario(_doc("xw-28-setup-violations"))
    ruling = evaluate(sc)
    whole = _view(render_svg(sc, ruling), sc)
    assert whole[2] - whole[0] > 600 and all(_shown(whole, sc, p) for p in ("o0", "o1", "o5"))
    first = _view(render_svg(sc, ruling, step=1), sc)  # o0 and o1 within range 1 of each other
    assert first[2] - first[0] <= FOCUS_MIN + 1 and _shown(first, sc, "o0") and _shown(first, sc, "o1")
    assert not _shown(first, sc, "o5")
    second = _view(render_svg(sc, ruling, step=2), sc)  # o5 within range 2 of the second player's edge
    assert second[2] - second[0] <= FOCUS_MIN + 1 and _shown(second, sc, "o5") and second[3] > sc.table[1]
    assert not _shown(second, sc, "o0")


def test_a_picture_cropped_to_a_corner_still_names_the_edge_in_it() -> None:
    sc = parse_scenario(_doc("xw-28-setup-violations"))
    svg = ET.fromstring(render_svg(sc, evaluate(sc), step=2))  # o5, by the second player's edge
    x, _, w, _ = (float(v) for v in svg.get("viewBox", "").split())
    ns = "{http://www.w3.org/2000/svg}"
    edge = next(t for t in svg.iter(f"{ns}text") if t.text == "Player 2's edge")
    assert x < float(edge.get("x", "0")) < x + w
