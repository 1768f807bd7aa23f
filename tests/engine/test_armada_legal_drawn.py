"""What an obstacle move's picture draws as legal is legal: every sampled drawn spot is ruled legal, and the
too-short zone inside a minimum's end line is left out (with and without "toward")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely

from rules.engine import evaluate, parse_scenario
from rules.engine.ruling import Ruling

ROCK = {
    "id": "rock",
    "kind": "obstacle",
    "type": "asteroid-field",
    "shape": "asteroid-field-1",
    "x": 1200,
    "y": 400,
    "rotation": 0,
    "label": "Asteroid field",
}
SHIP = {"id": "ship", "kind": "ship", "size": "medium", "x": 1200, "y": 700, "heading": 90, "player": 1, "label": "F"}


def rule(to: dict[str, float], toward: bool) -> Ruling:
    action: dict[str, Any] = {"type": "move-obstacle", "obstacle": "rock", "to": to, "max_distance": 2}
    action["min_distance"] = 1
    if toward:
        action["toward"] = "ship"
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": [ROCK, SHIP], "action": action}
    return evaluate(parse_scenario(doc))


def drawn(r: Ruling) -> tuple[list[shapely.Polygon], list[shapely.LineString]]:
    areas = [shapely.Polygon(f.coords) for f in r.figures if f.kind == "area" and f.id.startswith("region")]
    lines = [shapely.LineString(f.coords) for f in r.figures if f.kind == "legal-line"]
    return areas, lines


def samples(areas: list[shapely.Polygon], lines: list[shapely.LineString], step: float) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for a in areas:
        minx, miny, maxx, maxy = a.bounds
        for x in np.arange(minx, maxx, step):
            for y in np.arange(miny, maxy, step):
                if a.contains(shapely.Point(x, y)):
                    pts.append((round(float(x), 2), round(float(y), 2)))
        pts += [(round(x, 2), round(y, 2)) for x, y in a.exterior.coords[::9]]  # its edge too
    for line in lines:
        for k in np.linspace(0, 1, 12):
            p = line.interpolate(k, normalized=True)
            pts.append((round(p.x, 2), round(p.y, 2)))
    return pts


def test_without_toward_every_drawn_spot_is_legal_and_the_too_short_zone_is_not_drawn() -> None:
    here = rule({"x": 1200, "y": 400}, toward=False)  # nothing proposed yet: drawn where it stands
    areas, lines = drawn(here)
    assert areas and not lines
    pts = samples(areas, lines, 12.0)
    assert len(pts) > 100
    broken = [
        (p, r.outcome["violations"]) for p in pts if not (r := rule({"x": p[0], "y": p[1]}, False)).outcome["legal"]
    ]
    assert broken == []
    # 40 mm to the left: inside the distance-2 disc but short of distance 1's end line, so ruled not legal
    short = shapely.Point(1160, 400)
    assert not rule({"x": 1160, "y": 400}, False).outcome["legal"]
    assert not any(a.contains(short) for a in areas)
    assert shapely.Point(1200, 400).distance(shapely.union_all(areas)) > 40  # a hole around the start


def test_toward_the_centre_line_from_the_minimum_on_is_drawn_and_every_spot_on_it_is_legal() -> None:
    here = rule({"x": 1200, "y": 400}, toward=True)
    areas, lines = drawn(here)
    assert lines and not areas
    pts = samples(areas, lines, 5.0)
    broken = [
        (p, r.outcome["violations"]) for p in pts if not (r := rule({"x": p[0], "y": p[1]}, True)).outcome["legal"]
    ]
    assert broken == []
    # on the centre line but short of distance 1: ruled not legal, and not drawn
    x = lines[0].coords[0][0]
    start = min(y for _, y in lines[0].coords)
    assert not rule({"x": x, "y": start - 10}, True).outcome["legal"]
    assert all(line.distance(shapely.Point(x, start - 10)) == pytest.approx(10, abs=0.1) for line in lines)


MOVES = sorted(
    p
    for p in (Path(__file__).resolve().parents[2] / "rules" / "examples").glob("*.json")
    if json.loads(p.read_text())["scenario"]["action"]["type"] in ("move-obstacle", "move-token")
)


@pytest.mark.parametrize("path", MOVES, ids=lambda p: p.stem)
def test_every_spot_drawn_legal_in_a_move_example_is_ruled_legal(path: Path) -> None:
    """Blockers, a carried token, a turn, a minimum out of reach, toward a piece blocked: as the setup page
    draws it before a destination is chosen (the piece's own spot) and for the example's own proposal."""
    doc = json.loads(path.read_text())["scenario"]
    a = doc["action"]
    piece = next(p for p in doc["pieces"] if p["id"] == a["obstacle" if a["type"] == "move-obstacle" else "token"])
    here = {**a["to"], "x": piece["x"], "y": piece["y"]} if piece.get("x") is not None else a["to"]
    rng = np.random.default_rng(7)
    for to in (here, a["to"]):
        areas, lines = drawn(evaluate(parse_scenario(doc | {"action": a | {"to": to}})))
        assert areas or lines
        edges = samples(areas, lines, 1000.0)[:6]  # a few spots on the drawn edges and lines
        union = shapely.union_all(areas)
        minx, miny, maxx, maxy = union.bounds if areas else (0, 0, 0, 0)
        pts: list[tuple[float, float]] = []
        while areas and len(pts) < 6:  # and inside the areas
            x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
            if union.contains(shapely.Point(x, y)):
                pts.append((round(x, 2), round(y, 2)))
        for x, y in pts + edges:
            r = evaluate(parse_scenario(doc | {"action": a | {"to": {**to, "x": x, "y": y}}}))
            assert r.outcome["legal"], (x, y, r.outcome["violations"])
