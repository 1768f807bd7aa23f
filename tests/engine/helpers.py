"""Small builders for engine tests: scenarios from a few pieces."""

from __future__ import annotations

from typing import Any

from rules.engine import Ruling, evaluate, parse_scenario
from rules.engine.scenario import Scenario


def ship(
    pid: str, x: float, y: float, heading: float = 0, size: str = "small", player: int | None = 1, **kw: Any
) -> dict:
    d = {"id": pid, "kind": "ship", "size": size, "x": x, "y": y, "heading": heading, **kw}
    if player is not None:
        d["player"] = player
    return d


def rect(
    pid: str, x0: float, y0: float, x1: float, y1: float, type: str = "asteroid", kind: str = "obstacle", **kw: Any
) -> dict:
    return {"id": pid, "kind": kind, "type": type, "outline": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], **kw}


def scenario(pieces: list[dict], action: dict, edition: str = "2.5", **kw: Any) -> Scenario:
    return parse_scenario({"format": 1, "game": "xwing", "edition": edition, "pieces": pieces, "action": action, **kw})


def rule(pieces: list[dict], action: dict, edition: str = "2.5", **kw: Any) -> Ruling:
    return evaluate(scenario(pieces, action, edition, **kw))


def move(
    ship_id: str = "a", bearing: str = "straight", speed: int = 1, direction: str | None = None, **kw: Any
) -> dict:
    d: dict[str, Any] = {"type": "maneuver", "ship": ship_id, "bearing": bearing, "speed": speed, **kw}
    if direction:
        d["direction"] = direction
    return d
