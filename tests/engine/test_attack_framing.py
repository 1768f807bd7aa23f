"""An attack's picture is cropped to the attacker, the defender, the line of fire and what it crosses, with a
margin: the firing arc and the range band are drawn but may run off it (issue 22: framing them made an
Armada attack's box some 630 mm wide and the ships small on a phone; "Fit the action" used the same box)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from rules.engine import evaluate, games
from rules.engine.svg import EDIT_PAD, FOCUS_MIN, FOCUS_PAD, PHONE_PICTURE_PX, render_svg
from rules.library import examples

ATTACKS = [ex for ex in examples() if ex.scenario.action["type"] == "attack"]


def _needed(ex) -> float:  # noqa: ANN001 - a library Example
    """The side of the box the attack needs: its two pieces, the pieces its steps name (what the line of fire
    crosses), and its lines of fire, with the margin around them."""
    sc, ruling = ex.scenario, evaluate(ex.scenario)
    game = games.get(sc.game)
    ids = {sc.action["attacker"], sc.action["defender"]} | {i for s in ruling.steps for i in s.highlight}
    bounds = [game.outline(p).bounds for p in sc.pieces if p.id in ids]
    lines = [f for f in ruling.figures if f.kind == "line" and (f.id == "sight" or f.id.startswith("line-"))]
    assert lines, ex.slug
    bounds += [(*map(min, zip(*f.coords, strict=True)), *map(max, zip(*f.coords, strict=True))) for f in lines]
    x0, y0 = min(b[0] for b in bounds), min(b[1] for b in bounds)
    x1, y1 = max(b[2] for b in bounds), max(b[3] for b in bounds)
    return max(x1 - x0, y1 - y0) + 2 * FOCUS_PAD


@pytest.mark.parametrize("ex", ATTACKS, ids=[ex.slug for ex in ATTACKS])
def test_an_attacks_picture_and_its_fit_box_leave_the_arc_and_range_drawings_out(ex) -> None:  # noqa: ANN001
    sc = ex.scenario
    ruling = evaluate(sc)
    side = float(ET.fromstring(render_svg(sc, ruling)).get("viewBox", "").split()[2])
    assert side <= max(FOCUS_MIN, _needed(ex)) + 1.0, (ex.slug, side, _needed(ex))
    # "Fit the action" on the setup page: the same pieces and lines, with its narrower margin, not squared
    setup = render_svg(sc, ruling, editable=True, zoom=False)
    fit = re.search(r'data-fit="[^"]+ [^"]+ ([^" ]+) ([^" ]+)"', setup)
    assert fit is not None
    assert max(float(fit.group(1)), float(fit.group(2))) <= _needed(ex) - 2 * FOCUS_PAD + 2 * EDIT_PAD + 1


def test_an_armada_ship_is_drawn_large_enough_to_see_on_a_phone() -> None:
    ex = next(e for e in ATTACKS if e.slug.startswith("ak-01"))
    side = float(ET.fromstring(render_svg(ex.scenario, evaluate(ex.scenario))).get("viewBox", "").split()[2])
    victory = next(p for p in ex.scenario.pieces if p.id == ex.scenario.action["attacker"])
    x0, _, x1, _ = games.get("armada").outline(victory).bounds
    assert (x1 - x0) * PHONE_PICTURE_PX / side >= 60  # 41 px when the arc was framed
