"""An Armada obstacle or token move is refused before it is ruled when it would ask more work than a request
may take (moved outline points × points within reach), with the limit named."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rules.engine import ScenarioError, evaluate, parse_scenario
from rules.engine.armada.budget import MAX_MOVE_WORK, MAX_MOVED_POINTS, move_work


def zigzag(cx: float, cy: float, r: float, points: int) -> list[list[float]]:
    return [
        [
            round(cx + (r if i % 2 else 0.55 * r) * math.sin(2 * math.pi * i / points), 2),
            round(cy + (r if i % 2 else 0.55 * r) * math.cos(2 * math.pi * i / points), 2),
        ]
        for i in range(points)
    ]


def move(points: int, ships: int, far: bool = False) -> dict[str, Any]:
    pieces: list[dict[str, Any]] = [
        {"id": "rock", "kind": "obstacle", "type": "debris-field", "outline": zigzag(900, 450, 40, points)}
    ]
    for i in range(ships):
        a, r = i * 2.4, 120 + 60 * math.sqrt(i)
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
    doc = move(100, 30)
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
