"""The picture builds up with the explanation: at step N, nothing a later step introduces is drawn yet."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules.engine import evaluate, parse_scenario
from rules.engine.svg import render_svg

EXAMPLE = Path(__file__).resolve().parents[2] / "rules" / "examples" / "xw-10-bump-onto-debris.json"


def figures_drawn(svg: str) -> set[str]:
    return set(re.findall(r'<g id="t-([a-z0-9-]+)" class="figure ', svg))


def test_template_first_then_final_base_then_contacts() -> None:
    scenario = parse_scenario(json.loads(EXAMPLE.read_text())["scenario"])
    ruling = evaluate(scenario)
    everything = figures_drawn(render_svg(scenario, ruling))
    assert {"template", "final", "contact-junk"} <= everything
    first = {}
    for i, step in enumerate(ruling.steps, start=1):
        for fid in step.highlight:
            first.setdefault(fid, i)
    assert first["template"] < first["final"] < first["contact-junk"]  # the order the explanation goes
    for n in range(1, len(ruling.steps) + 1):
        drawn = figures_drawn(render_svg(scenario, ruling, step=n))
        assert drawn == {f for f in everything if first.get(f, 0) <= n}, n
    assert figures_drawn(render_svg(scenario, ruling, step=1)) == {"template"}


def test_labels_step_around_each_other() -> None:
    """Two pieces on the same spot (a ship on a rock): their labels do not print over each other."""
    from tests.engine.helpers import scenario, ship

    rock = {"id": "rock", "kind": "obstacle", "type": "asteroid", "shape": "asteroid-1", "x": 300, "y": 300}
    sc = scenario([ship("a", 300, 300, label="Alpha"), {**rock, "label": "Rocky"}], {"type": "check-setup"})
    svg = render_svg(sc, evaluate(sc))
    spots = {
        text: (float(x), float(y))
        for x, y, text in re.findall(r'<text x="([^"]+)" y="([^"]+)"[^>]*text-anchor="middle"[^>]*>([^<]+)<', svg)
    }
    (ax, ay), (rx, ry) = spots["Alpha"], spots["Rocky"]
    assert abs(ax - rx) > 5 or abs(ay - ry) > 3  # apart by more than a label's size either way


def test_a_picture_over_its_point_budget_is_simplified_not_refused() -> None:
    """The render guard: past the budget every outline is simplified to 0.25 mm, and the picture says so."""
    from shapely import Polygon

    from rules.engine import games
    from rules.engine.svg import POINT_BUDGET, SIMPLIFY_MM, _within_budget
    from tests.engine.helpers import scenario, ship

    drk = {"id": "p", "kind": "remote", "type": "drk-1-probe-droid", "x": 300, "y": 300, "heading": 0}
    sc = scenario([ship("a", 600, 600), drk], {"type": "check-setup"})
    game = games.get("xwing")
    drawings = {p.id: game.draw(p) for p in sc.pieces}
    same, _, simplified = _within_budget(drawings, [])
    assert not simplified and same is drawings  # under budget: untouched
    lean, _, simplified = _within_budget(drawings, [], budget=50)
    assert simplified
    before, after = drawings["p"].outline, lean["p"].outline
    assert len(after.exterior.coords) < len(before.exterior.coords)
    assert before.hausdorff_distance(after) <= SIMPLIFY_MM + 1e-9
    assert isinstance(after, Polygon) and POINT_BUDGET > 11_000
