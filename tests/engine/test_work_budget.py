"""An Armada obstacle or token move is refused before it is ruled when it would ask more work than a request
may take (moved outline points × points within reach), with the limit named."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rules.engine import ScenarioError, evaluate, parse_scenario
from rules.engine.armada.budget import MAX_MOVE_WORK, MAX_MOVED_POINTS, MAX_NOTCH_WORK, move_work, notch_work


def zigzag(cx: float, cy: float, r: float, points: int) -> list[list[float]]:
    return [
        [
            round(cx + (r if i % 2 else 0.55 * r) * math.sin(2 * math.pi * i / points), 2),
            round(cy + (r if i % 2 else 0.55 * r) * math.cos(2 * math.pi * i / points), 2),
        ]
        for i in range(points)
    ]


def move(points: int, ships: int, far: bool = False, spacing: float = 60.0) -> dict[str, Any]:
    pieces: list[dict[str, Any]] = [
        {"id": "rock", "kind": "obstacle", "type": "debris-field", "outline": zigzag(900, 450, 40, points)}
    ]
    for i in range(ships):
        a, r = i * 2.4, 120 + spacing * math.sqrt(i)
        x, y = (1700, 60 + 13 * i) if far else (900 + r * math.sin(a), 450 + r * math.cos(a))
        pieces.append(
            {
                "id": f"h{i}",
                "kind": "ship",
                "size": "huge" if not far else "small",
                "x": round(min(max(x, 20), 1800), 1),
                "y": round(min(max(y, 20), 890), 1),
                "heading": 0,
                "player": 1,
            }
        )
    action = {"type": "move-obstacle", "obstacle": "rock", "to": {"x": 950, "y": 450, "rotation": 0}, "max_distance": 3}
    return {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action}


def test_the_audited_move_is_refused_naming_the_limit() -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(move(200, 59))
    (problem,) = e.value.problems
    assert problem.field == "action" and f"{MAX_MOVED_POINTS} points" in problem.message


def test_a_move_within_reach_of_too_much_is_refused_with_its_figures() -> None:
    doc = move(100, 59, spacing=45.0)
    n, m, work = move_work(doc["pieces"], doc["action"])
    assert n == 100 and work > MAX_MOVE_WORK
    with pytest.raises(ScenarioError) as e:
        parse_scenario(doc)
    assert f"{n} × {m} = {work:,}" in e.value.problems[0].message and f"{MAX_MOVE_WORK:,}" in str(e.value)


def test_pieces_out_of_reach_do_not_count() -> None:
    doc = move(100, 59, far=True)
    assert move_work(doc["pieces"], doc["action"])[1] == 0
    assert evaluate(parse_scenario(doc)).outcome is not None


def test_catalogue_moves_stay_well_within_the_budget() -> None:
    doc = move(8, 59)
    assert move_work(doc["pieces"], doc["action"])[2] < MAX_MOVE_WORK
    evaluate(parse_scenario(doc))


def rocks(points: int, count: int) -> dict[str, Any]:
    """A ``points``-point zig-zag moved among ``count`` 200-point zig-zag rocks close by: concave against concave."""
    doc = move(points, count)
    doc["pieces"][1:] = [
        {"id": p["id"], "kind": "obstacle", "type": "asteroid-field", "outline": zigzag(p["x"], p["y"], 30, 200)}
        for p in doc["pieces"][1:]
    ]
    return doc


def test_two_concave_outlines_are_refused_by_their_inward_corners_naming_the_limit() -> None:
    doc = rocks(100, 1)  # 50 inward corners × 100: few points (20,000), but 5,151 overlapping sums to unite
    a, b, notches = notch_work(doc["pieces"], doc["action"])
    assert (a, b) == (50, 100) and notches > MAX_NOTCH_WORK
    assert move_work(doc["pieces"], doc["action"])[2] <= MAX_MOVE_WORK
    with pytest.raises(ScenarioError) as e:
        parse_scenario(doc)
    assert f"{a} × {b} = {notches:,}" in str(e.value) and f"{MAX_NOTCH_WORK:,}" in str(e.value)
    accepted = rocks(20, 4)  # 10 × 400: within both limits, and ruled
    assert notch_work(accepted["pieces"], accepted["action"])[2] <= MAX_NOTCH_WORK
    assert evaluate(parse_scenario(accepted)).outcome is not None


def test_the_largest_catalogue_shape_among_the_concave_catalogue_obstacles_is_accepted() -> None:
    """A gravity rift (81 points, 35 inward corners) moved among every other concave catalogue obstacle."""
    shapes = ["dust-field-1", "dust-field-2", "debris-field-2", "exogorth-2", "purrgil-1", "station"]
    pieces: list[dict[str, Any]] = [
        {"id": "rift", "kind": "obstacle", "type": "gravity-rift", "shape": "gravity-rift", "x": 900, "y": 450}
    ]
    for i, shape in enumerate(shapes):
        a = 2 * math.pi * i / len(shapes)
        kind = shape.rsplit("-", 1)[0] if shape[-1].isdigit() else shape
        x, y = round(900 + 150 * math.sin(a), 1), round(450 + 150 * math.cos(a), 1)
        pieces.append({"id": f"o{i}", "kind": "obstacle", "type": kind, "shape": shape, "x": x, "y": y})
    action = {"type": "move-obstacle", "obstacle": "rift", "to": {"x": 950, "y": 450}, "max_distance": 3}
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action}
    assert notch_work(pieces, action)[1] > 50  # the obstacles are within its reach
    assert evaluate(parse_scenario(doc)).outcome is not None
