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
from shapely import Polygon, affinity, distance, intersects, linearrings, polygons, prepare

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
    the moved piece (the answer is the same: only tests whose answer is certain are skipped).

    ``distance`` None: the moved piece shares no point with ``shape``; else it is at least that far from it.
    Tests of many moved pieces are made together (``_tested``): one call into shapely per round of slides."""

    def __init__(self, shape: Polygon, distance: float | None) -> None:
        self.shape = shape
        self.bounds: Bounds = shape.bounds
        self.distance = distance
        self.gap = distance
        """Bounding boxes at least this far apart settle it (None: any gap does)."""

    def __call__(self, piece: Polygon) -> bool:
        return bool(_tested([self], np.array([piece], dtype=object))[0])


def clear_of(shape: Polygon) -> Condition:
    """Holds once the piece shares no point with ``shape``: then it shares no area either (touching is
    clear), and the slide's bisection stops within 0.001 mm of touching all the same.  Testing for any
    common point on a prepared shape, not for a common area, is what makes snaps fast enough to offer live."""
    prepare(shape)
    return Condition(shape, None)


def at_least(shape: Polygon, distance: float) -> Condition:
    """Holds once the piece is ``distance`` mm or more from ``shape``."""
    return Condition(shape, distance)


def _tested(conditions: list[Condition], pieces: Any) -> Any:
    """Whether each moved piece satisfies its condition (an array of booleans): the "clear of" tests in one
    call of shapely's ``intersects``, the "at least" ones in one of ``distance``."""
    out = np.zeros(len(conditions), dtype=bool)
    clear = np.array([c.distance is None for c in conditions], dtype=bool)
    if clear.any():
        fixed = np.array([c.shape for c in conditions if c.distance is None], dtype=object)
        out[clear] = ~intersects(fixed, pieces[clear])
    if not clear.all():
        far = ~clear
        fixed = np.array([c.shape for c in conditions if c.distance is not None], dtype=object)
        at = np.array([c.distance for c in conditions if c.distance is not None], dtype=float)
        out[far] = distance(fixed, pieces[far]) >= at
    return out


def _outward(v: float, d: float) -> float:
    return math.ceil(v * 100) / 100 if d > 1e-12 else math.floor(v * 100) / 100 if d < -1e-12 else round(v, 2)


class _Slide:
    """One slide's bisection, stepped by ``slides``: it asks for the moved piece at an offset (``want``), is
    told whether the condition holds there (``told``), and ends with where the piece stands (``done``)."""

    def __init__(self, shape: Polygon, at: Point2, start: Point2, direction: Point2, clear: Condition) -> None:
        self.shape, self.at, self.start, self.direction, self.clear = shape, at, start, direction, clear
        self.ring = np.asarray(shape.exterior.coords) if not shape.interiors else None
        self.box = shape.bounds
        self.lo, self.hi = 0.0, FAR
        self.step = 0  # 0: testing where it starts, 1: testing FAR, 2: bisecting
        self.t = 0.0
        self.done = False
        self.result: Point2 | None = None

    def want(self) -> Point2 | None:
        """The offset whose moved piece must be tested next (None once done): tests the bounding boxes
        settle are answered here, without building the piece: a piece in a box apart from the condition's
        shape's box (by more than ``SURE``; by ``gap`` + ``SURE`` when it is a distance: the boxes' distance
        is at most the shapes') surely satisfies it."""
        (sx, sy), (dx, dy), (ax, ay) = self.start, self.direction, self.at
        x0, y0, x1, y1 = self.box
        bx0, by0, bx1, by1 = self.clear.bounds
        gap = self.clear.gap
        while not self.done:
            t = self.t
            ox, oy = sx + t * dx - ax, sy + t * dy - ay
            gx = max(bx0 - (x1 + ox), (x0 + ox) - bx1, 0.0)
            gy = max(by0 - (y1 + oy), (y0 + oy) - by1, 0.0)
            if not (gx > SURE or gy > SURE if gap is None else math.hypot(gx, gy) >= gap + SURE):
                return ox, oy
            self.told(True)
        return None

    def told(self, holds: bool) -> None:
        """Take the answer at ``self.t`` and choose the next offset (or finish)."""
        if self.step == 0:
            if holds:  # already clear where it starts: nothing to slide toward
                self._finish(None)
                return
            self.step, self.t = 1, FAR
            return
        if self.step == 1:
            if not holds:  # never clear within FAR
                self._finish(None)
                return
            self.step = 2
        elif holds:
            self.hi = self.t
        else:
            self.lo = self.t
        lo, hi = self.lo, self.hi
        if hi - lo <= 0.001 or (
            hi - lo < SETTLED_BELOW and _at(self.start, lo, self.direction) == _at(self.start, hi, self.direction)
        ):
            # every offset left rounds to the same hundredths (the rounding is monotone): the answer is known
            self._finish(_at(self.start, hi, self.direction))
            return
        self.t = (lo + hi) / 2

    def _finish(self, result: Point2 | None) -> None:
        self.done, self.result = True, result


def slides(asked: list[tuple[Polygon, Point2, Point2, Point2, Condition]]) -> list[Point2 | None]:
    """``slide`` for each of many (shape, at, start, direction, clear), their bisections run side by side:
    each round builds every moved piece the slides ask for in one call into shapely and tests them in one
    more, instead of some 500 calls of each for a live preview's snaps (shapely's per-call cost was most
    of their time).  Each slide makes exactly the tests it would alone: the answers are the same."""
    running = [_Slide(*a) for a in asked]
    while True:
        wanted = [(s, off) for s in running if not s.done and (off := s.want()) is not None]
        if not wanted:
            return [s.result for s in running]
        moved = np.empty(len(wanted), dtype=object)
        plain = [(i, s.ring, off) for i, (s, off) in enumerate(wanted) if s.ring is not None]
        for i, (s, off) in enumerate(wanted):
            if s.ring is None:  # a shape with holes (none in the catalogue): moved on its own
                moved[i] = affinity.translate(s.shape, *off)
        if plain:  # every ring moved in one array (each point plus its ring's offset) and built in one call
            sizes = [len(ring) for _, ring, _ in plain]
            points = np.concatenate([ring for _, ring, _ in plain])
            points += np.repeat(np.array([off for _, _, off in plain], dtype=float), sizes, axis=0)
            rings = linearrings(points, indices=np.repeat(np.arange(len(plain)), sizes))
            moved[[i for i, _, _ in plain]] = polygons(rings)
        for (s, _), holds in zip(wanted, _tested([s.clear for s, _ in wanted], moved), strict=True):
            s.told(bool(holds))


class Planned:
    """Where a slide asked of a ``Plan`` ends, once the plan has run (``then`` applied to a found place)."""

    def __init__(self, plan: Plan, index: int, then: Callable[[Point2], Point2 | None] | None = None) -> None:
        self.plan, self.index, self._then = plan, index, then

    def then(self, then: Callable[[Point2], Point2]) -> Planned:
        return Planned(self.plan, self.index, then)

    def keep(self, test: Callable[[Point2], Point2 | None]) -> Planned:
        """This place, passed through ``test`` once found (None: the place does not serve, no snap)."""
        first = self._then

        def both(found: Point2) -> Point2 | None:
            at = found if first is None else first(found)
            return None if at is None else test(at)

        return Planned(self.plan, self.index, both)

    @property
    def value(self) -> Point2 | None:
        found = self.plan.found[self.index]
        return found if found is None or self._then is None else self._then(found)


class Plan:
    """Slides asked for one by one (``slide``), then run together (``run``): a game's snap list asks for some
    40, and they cost a third as much run side by side (``slides``)."""

    def __init__(self) -> None:
        self.asked: list[tuple[Polygon, Point2, Point2, Point2, Condition]] = []
        self.found: list[Point2 | None] = []

    def slide(self, shape: Polygon, at: Point2, start: Point2, direction: Point2, clear: Condition) -> Planned:
        self.asked.append((shape, at, start, direction, clear))
        return Planned(self, len(self.asked) - 1)

    def run(self) -> None:
        self.found = slides(self.asked)


def slide(shape: Polygon, at: Point2, start: Point2, direction: Point2, clear: Condition) -> Point2 | None:
    """Where the piece (``shape``, standing at ``at``) stands when first ``clear`` sliding from ``start``.

    None when it is already clear at ``start`` (nothing to slide toward) or never within ``FAR``.
    """
    return slides([(shape, at, start, direction, clear)])[0]


SETTLED_BELOW = 0.02
"""mm of bisection interval below which it is asked whether the stored hundredths are settled already."""


def _at(start: Point2, t: float, direction: Point2) -> Point2:
    """Where a slide that stops at offset ``t`` puts the piece: rounded outward to the stored hundredths."""
    dx, dy = direction
    return _outward(start[0] + t * dx, dx), _outward(start[1] + t * dy, dy)
