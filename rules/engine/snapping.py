"""Sliding a piece until a condition holds: the geometry behind every game's snap helpers.

A piece keeps its facing and is translated along one direction from a start point; the first
offset at which ``clear`` holds is found by bisection to 0.001 mm, then rounded *outward* (in the
direction of the slide) to the 0.01 mm a position is stored at, so a piece snapped to touch ends
at most 0.01 mm clear, never overlapping.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from shapely import Polygon, affinity, polygons, prepare

from rules.engine.geometry import Pose

Point2 = tuple[float, float]
Snap = tuple[str, str, dict[str, Any]]
"""(label, kind, {"piece", "x", "y", "heading"}): what each game's ``snap_menu`` offers."""

BAND_MARGIN = 0.015
"""mm short of a band's edge that a snap aims for: rounding outward to the stored hundredths moves a
piece by at most 0.0142 mm (a diagonal), so it stays inside the band."""

FAR = 400.0
"""mm: the slide's far end, clear of anything it is measured against on any table."""


def sides(pose: Pose) -> tuple[tuple[str, Point2], ...]:
    """The four directions out of a piece facing ``pose.heading``: ahead, behind, left and right."""
    fx, fy = pose.forward
    return (("ahead", (fx, fy)), ("behind", (-fx, -fy)), ("left", (-fy, fx)), ("right", (fy, -fx)))


def on_table(snaps: list[Snap], table: tuple[float, float]) -> list[Snap]:
    """The snaps whose position point is on the table (none is offered off it)."""
    w, h = table
    return [s for s in snaps if 0 <= s[2]["x"] <= w and 0 <= s[2]["y"] <= h]


def clear_of(shape: Polygon) -> Callable[[Polygon], bool]:
    """Holds once the piece shares no point with ``shape``: then it shares no area either (touching is
    clear), and the slide's bisection stops within 0.001 mm of touching all the same.  Testing for any
    common point on a prepared shape, not for a common area, is what makes snaps fast enough to offer live."""
    prepare(shape)
    return lambda q: not shape.intersects(q)


def at_least(shape: Polygon, distance: float) -> Callable[[Polygon], bool]:
    """Holds once the piece is ``distance`` mm or more from ``shape``."""
    return lambda q: bool(shape.distance(q) >= distance)


def _outward(v: float, d: float) -> float:
    return math.ceil(v * 100) / 100 if d > 1e-12 else math.floor(v * 100) / 100 if d < -1e-12 else round(v, 2)


def slide(
    shape: Polygon, at: Point2, start: Point2, direction: Point2, clear: Callable[[Polygon], bool]
) -> Point2 | None:
    """Where the piece (``shape``, standing at ``at``) stands when first ``clear`` sliding from ``start``.

    None when it is already clear at ``start`` (nothing to slide toward) or never within ``FAR``.
    """
    dx, dy = direction
    ring = np.asarray(shape.exterior.coords) if not shape.interiors else None

    def moved(t: float) -> Polygon:
        ox, oy = start[0] + t * dx - at[0], start[1] + t * dy - at[1]
        if ring is None:
            return affinity.translate(shape, ox, oy)
        return polygons(ring + (ox, oy))  # some 20 shapes per slide: without affinity's per-call overhead

    if clear(moved(0.0)) or not clear(moved(FAR)):
        return None
    lo, hi = 0.0, FAR
    while hi - lo > 0.001:
        mid = (lo + hi) / 2
        if clear(moved(mid)):
            hi = mid
        else:
            lo = mid
    return _outward(start[0] + hi * dx, dx), _outward(start[1] + hi * dy, dy)
