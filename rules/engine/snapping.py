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
"""(label, kind, {"piece", "x", "y", "heading"}): what each game's ``snap_menu`` offers.  A snap that must
move another piece first (an obstacle across a line of sight with no room for it until the defender is moved
out) lists that piece's {"piece", "x", "y", "heading"} under "also": one tap sets both."""

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
    """The snaps whose position points (the piece's, and any it moves ``also``) are on the table."""
    w, h = table

    def on(v: dict[str, Any]) -> bool:
        return 0 <= v["x"] <= w and 0 <= v["y"] <= h

    return [s for s in snaps if on(s[2]) and all(on(m) for m in s[2].get("also", ()))]


Bounds = tuple[float, float, float, float]

SURE = 1e-6
"""mm by which bounding boxes must settle a test for it to be settled without the shapes: far more than
any rounding of a translated coordinate, far less than the 0.001 mm a slide is found to."""


class Condition:
    """What a slide waits for (``clear``), with a test of the moved piece's bounding box alone that says when
    it surely holds: most of a bisection's tests are far from the shape, and are settled without building
    the moved piece (the answer is the same: only tests whose answer is certain are skipped)."""

    def __init__(self, shape: Polygon, test: Callable[[Polygon], bool], gap: float | None) -> None:
        self.bounds: Bounds = shape.bounds
        self.test = test
        self.gap = gap
        """Bounding boxes at least this far apart settle it (None: any gap does)."""

    def __call__(self, piece: Polygon) -> bool:
        return self.test(piece)

    def surely_holds(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Whether a piece within this box surely satisfies the condition (False: it may or may not)."""
        bx0, by0, bx1, by1 = self.bounds
        gx, gy = max(bx0 - x1, x0 - bx1, 0.0), max(by0 - y1, y0 - by1, 0.0)
        if self.gap is None:
            return gx > SURE or gy > SURE
        return math.hypot(gx, gy) >= self.gap + SURE  # the boxes' distance is at most the shapes'


def clear_of(shape: Polygon) -> Condition:
    """Holds once the piece shares no point with ``shape``: then it shares no area either (touching is
    clear), and the slide's bisection stops within 0.001 mm of touching all the same.  Testing for any
    common point on a prepared shape, not for a common area, is what makes snaps fast enough to offer live."""
    prepare(shape)
    return Condition(shape, lambda q: not shape.intersects(q), None)


def at_least(shape: Polygon, distance: float) -> Condition:
    """Holds once the piece is ``distance`` mm or more from ``shape``."""
    return Condition(shape, lambda q: bool(shape.distance(q) >= distance), distance)


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
    x0, y0, x1, y1 = shape.bounds
    surely = clear.surely_holds if isinstance(clear, Condition) else None

    def holds(t: float) -> bool:
        ox, oy = start[0] + t * dx - at[0], start[1] + t * dy - at[1]
        if surely is not None and surely(x0 + ox, y0 + oy, x1 + ox, y1 + oy):
            return True  # settled by the bounding boxes: the moved piece need not be built
        if ring is None:
            return clear(affinity.translate(shape, ox, oy))
        return clear(polygons(ring + (ox, oy)))  # some 20 shapes per slide: without affinity's per-call overhead

    if holds(0.0) or not holds(FAR):
        return None
    lo, hi = 0.0, FAR
    while hi - lo > 0.001:
        if hi - lo < SETTLED_BELOW and _at(start, lo, direction) == _at(start, hi, direction):
            break  # every offset left rounds to the same hundredths (the rounding is monotone): the answer is known
        mid = (lo + hi) / 2
        if holds(mid):
            hi = mid
        else:
            lo = mid
    return _at(start, hi, direction)


SETTLED_BELOW = 0.02
"""mm of bisection interval below which it is asked whether the stored hundredths are settled already."""


def _at(start: Point2, t: float, direction: Point2) -> Point2:
    """Where a slide that stops at offset ``t`` puts the piece: rounded outward to the stored hundredths."""
    dx, dy = direction
    return _outward(start[0] + t * dx, dx), _outward(start[1] + t * dy, dy)
