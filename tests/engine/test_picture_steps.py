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
