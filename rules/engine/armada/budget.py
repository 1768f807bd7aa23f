"""The work an obstacle or token move may ask of the engine, bounded before it is ruled.

The legal region of a move is the moved outline swept against every piece it could reach: its
cost grows with the moved outline's points times the points of the pieces within reach, and, when both
are concave, with their inward corners (each adds a convex part to pair up). The parser refuses a move
above ``MAX_MOVED_POINTS``, ``MAX_MOVE_WORK`` or ``MAX_NOTCH_WORK`` with a 400 naming the limit, so the
heaviest accepted move rules within the request budget (250 ms, 100 MB: ``bench/heaviest.py`` prints it;
docs/operations.md gives the measurements).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry.polygon import orient

from rules.engine.geometry import bounds_near
from rules.engine.scenario import Piece

MAX_MOVE_WORK = 150_000
"""Moved outline points × the points of the pieces within its reach (measured: see docs/operations.md)."""
MAX_NOTCH_WORK = 4_000
"""Inward corners of the moved outline × inward corners of the outlines within its reach: two concave
outlines cost a Minkowski sum per pair of convex parts, all overlapping (measured: see docs/operations.md)."""
MAX_MOVED_POINTS = 100
"""Points of a moved outline (the largest catalogue shape, the gravity rift, has 81): a 200-point zig-zag
among the huge ships it can reach takes longer than a request may."""


def _points(piece: Piece) -> int:
    from rules.engine.armada.pieces import footprint_parts

    return sum(len(part.exterior.coords) - 1 for part in footprint_parts(piece) if not part.is_empty)


def _notches(piece: Piece) -> int:
    """Reflex corners of a piece's outline (0 for ships, squadrons and round tokens: their parts are convex).

    Each notch of a concave outline adds a convex part; the Minkowski sums of two concave outlines
    are one per pair of parts, and all of them overlap near the outlines, so their union is what costs.
    """
    from rules.engine.armada.pieces import footprint

    if piece.kind in ("ship", "squadron"):
        return 0
    total = 0
    for part in getattr(footprint(piece), "geoms", [footprint(piece)]):
        if part.is_empty:
            continue
        c = shapely.get_coordinates(orient(part, 1.0).exterior)[:-1]
        a, b = c - np.roll(c, 1, axis=0), np.roll(c, -1, axis=0) - c
        total += int(np.sum(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0] < -1e-9))
    return total


def move_work(pieces: list[dict[str, Any]], action: dict[str, Any]) -> tuple[int, int, int]:
    """(moved outline points, points of the pieces within reach, their product) of a move action."""
    n, m, work, _, _ = _work(pieces, action)
    return (n, m, work)


def notch_work(pieces: list[dict[str, Any]], action: dict[str, Any]) -> tuple[int, int, int]:
    """(moved outline's notches, notches of the pieces within reach, their product) of a move action."""
    _, _, _, a, b = _work(pieces, action)
    return (a, b, a * b)


def _work(pieces: list[dict[str, Any]], action: dict[str, Any]) -> tuple[int, int, int, int, int]:
    from rules.engine.armada.dimensions import DISTANCE_BANDS
    from rules.engine.armada.pieces import footprint

    kind = "obstacle" if action.get("type") == "move-obstacle" else "token"
    by_id = {p["id"]: p for p in pieces}
    moved_doc = by_id.get(str(action.get(kind)))
    band = action.get("max_distance")
    if moved_doc is None or not isinstance(band, int) or not 1 <= band <= len(DISTANCE_BANDS):
        return (0, 0, 0, 0, 0)
    moved = Piece(moved_doc["id"], moved_doc["kind"], MappingProxyType(moved_doc))
    shape = footprint(moved)
    n = _points(moved)
    x0, y0, x1, y1 = shape.bounds
    reach = DISTANCE_BANDS[band - 1] + max(x1 - x0, y1 - y0)  # its far edge can lead: a full size beyond
    others = [Piece(p["id"], p["kind"], MappingProxyType(p)) for p in pieces if p["id"] != moved.id]
    near = bounds_near([footprint(p) for p in others], shape.bounds, reach)
    close = [p for p, c in zip(others, near, strict=True) if c]
    m = sum(_points(p) for p in close)
    return (n, m, n * m, _notches(moved), sum(_notches(p) for p in close))


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
        a, b, notches = notch_work(pieces, action)
        if notches <= MAX_NOTCH_WORK:
            return None
        return (
            f"too complex to rule within the time a request may take: the moved {kind}'s outline has {a} inward "
            f"corners and the outlines within its reach have {b} in all ({a} × {b} = {notches:,}; the limit on "
            f"inward corners × inward corners within reach is {MAX_NOTCH_WORK:,}). Give the {kind} a simpler "
            "outline, a catalogue shape, or leave out pieces it cannot reach"
        )
    return (
        f"too complex to rule within the time a request may take: the moved {kind}'s outline has {n} points and "
        f"the pieces within its reach have {m} in all ({n} × {m} = {work:,}; the limit on outline points × "
        f"points within reach is {MAX_MOVE_WORK:,}). Give the {kind} a simpler outline, a catalogue shape, or "
        "leave out pieces it cannot reach"
    )
