"""The picture builds up with the explanation: at step N, nothing a later step introduces is drawn yet."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.svg import render_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"
EXAMPLE = EXAMPLES / "xw-10-bump-onto-debris.json"


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
    from rules.engine.svg import PIECE_EXTRA_POINTS, POINT_BUDGET, SIMPLIFY_MM, _within_budget
    from tests.engine.helpers import scenario, ship

    drk = {"id": "p", "kind": "remote", "type": "drk-1-probe-droid", "x": 300, "y": 300, "heading": 0}
    sc = scenario([ship("a", 600, 600), drk], {"type": "check-setup"})
    game = games.get("xwing")
    drawings = {p.id: game.draw(p) for p in sc.pieces}
    same, _, simplified = _within_budget(drawings, [])
    assert not simplified and same is drawings  # under budget: untouched
    lean, _, simplified = _within_budget(drawings, [], budget=2 * PIECE_EXTRA_POINTS + 200)
    assert simplified == SIMPLIFY_MM  # 203 outline points: 0.25 mm leaves 196
    before, after = drawings["p"].outline, lean["p"].outline
    assert len(after.exterior.coords) < len(before.exterior.coords)
    assert before.hausdorff_distance(after) <= SIMPLIFY_MM + 1e-9
    assert isinstance(after, Polygon) and POINT_BUDGET > 11_000


def test_a_picture_far_over_its_budget_is_simplified_coarser_until_its_svg_fits() -> None:
    """0.25 mm is not always enough: the tolerance grows until the drawn points (the SVG's) fit the budget."""
    from bench.bench_ruling import worst_tokens
    from rules.engine import evaluate, parse_scenario, render_svg
    from rules.engine.svg import SIMPLIFY_MM, drawn_points

    sc = parse_scenario(worst_tokens())  # 59 DRK-1 remotes: about 10,700 points
    ruling = evaluate(sc)
    full = drawn_points(render_svg(sc, ruling, id_prefix="b", standalone=True))
    budget = 6_000
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("rules.engine.svg.POINT_BUDGET", budget)
        svg = render_svg(sc, ruling, id_prefix="b", standalone=True)
    assert full > budget >= drawn_points(svg)
    assert f"simplified to {SIMPLIFY_MM:g} mm" not in svg and "mm for drawing" in svg  # coarser than 0.25 mm


def test_the_heaviest_accepted_pictures_draw_within_the_point_budget_unsimplified() -> None:
    """The first PNG's work is bounded by the points it draws: the heaviest inputs the caps accept stay under."""
    from bench.bench_ruling import worst_outlines, worst_tokens
    from bench.heaviest import variants
    from rules.engine import ScenarioError, evaluate, parse_scenario, render_svg
    from rules.engine.svg import POINT_BUDGET, drawn_points
    from tests.engine.test_work_budget import rocks

    docs = [worst_tokens(), worst_outlines(), rocks(20, 4)]
    for name in ("am-17-squadron-move", "am-01-clean-maneuver", "xw-27-setup-legal"):
        scenario_doc = json.loads((EXAMPLES / f"{name}.json").read_text())["scenario"]
        docs += list(variants(scenario_doc).values())
    counts = []
    for doc in docs:
        try:
            sc = parse_scenario(doc)
        except ScenarioError:
            continue
        svg = render_svg(sc, evaluate(sc), id_prefix="b", standalone=True, caption="example.org/s/abcdefghij/")
        assert "mm for drawing" not in svg  # not even the guard was needed
        counts.append(drawn_points(svg))
    assert max(counts) > 10_000 and max(counts) <= POINT_BUDGET
