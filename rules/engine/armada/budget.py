"""The work an obstacle or token move may ask of the engine, bounded before it is ruled.

The legal region of a move is the moved outline swept against every piece it could reach: its
cost grows with the moved outline's points times the points of the pieces within reach (a 200-point
zig-zag among 59 huge ships took 2.5 s and 400 MB). The parser refuses a move above ``MAX_MOVE_WORK``
with a 400 naming this limit, so the heaviest accepted move rules within the request budget
(``bench/heaviest.py`` prints it; docs/engine.md gives the measurements).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from rules.engine.geometry import bounds_near
from rules.engine.scenario import Piece

MAX_MOVE_WORK = 80_000
"""Moved outline points × the points of the pieces within its reach (measured: see docs/engine.md)."""
MAX_MOVED_POINTS = 100
"""Points of a moved outline: its own decomposition costs about 1 ms a point (the largest catalogue
shape, the gravity rift, has 81)."""


def _points(piece: Piece) -> int:
    from rules.engine.armada.pieces import footprint_parts

    return sum(len(part.exterior.coords) - 1 for part in footprint_parts(piece) if not part.is_empty)


def move_work(pieces: list[dict[str, Any]], action: dict[str, Any]) -> tuple[int, int, int]:
    """(moved outline points, points of the pieces within reach, their product) of a move action."""
    from rules.engine.armada.dimensions import DISTANCE_BANDS
    from rules.engine.armada.pieces import footprint

    kind = "obstacle" if action.get("type") == "move-obstacle" else "token"
    by_id = {p["id"]: p for p in pieces}
    moved_doc = by_id.get(str(action.get(kind)))
    band = action.get("max_distance")
    if moved_doc is None or not isinstance(band, int) or not 1 <= band <= len(DISTANCE_BANDS):
        return (0, 0, 0)
    moved = Piece(moved_doc["id"], moved_doc["kind"], MappingProxyType(moved_doc))
    shape = footprint(moved)
    n = _points(moved)
    x0, y0, x1, y1 = shape.bounds
    reach = DISTANCE_BANDS[band - 1] + max(x1 - x0, y1 - y0)  # its far edge can lead: a full size beyond
    others = [Piece(p["id"], p["kind"], MappingProxyType(p)) for p in pieces if p["id"] != moved.id]
    near = bounds_near([footprint(p) for p in others], shape.bounds, reach)
    m = sum(_points(p) for p, close in zip(others, near, strict=True) if close)
    return (n, m, n * m)


def too_much(pieces: list[dict[str, Any]], action: dict[str, Any]) -> str | None:
    """The 400's reason when a move asks more work than ``MAX_MOVE_WORK``, else None."""
    n, m, work = move_work(pieces, action)
    kind = "obstacle" if action.get("type") == "move-obstacle" else "token"
    if n > MAX_MOVED_POINTS:
        return (
            f"too complex to rule within the time a request may take: the moved {kind}'s outline has {n} points "
            f"(the limit on a moved outline is {MAX_MOVED_POINTS} points). Give it a simpler outline or a "
            "catalogue shape"
        )
    if work <= MAX_MOVE_WORK:
        return None
    return (
        f"too complex to rule within the time a request may take: the moved {kind}'s outline has {n} points and "
        f"the pieces within its reach have {m} in all ({n} × {m} = {work:,}; the limit on outline points × "
        f"points within reach is {MAX_MOVE_WORK:,}). Give the {kind} a simpler outline, a catalogue shape, or "
        "leave out pieces it cannot reach"
    )
