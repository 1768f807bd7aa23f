"""Game-neutral geometry: poses, frames and the predicates every ruling rests on.

Millimetres and degrees throughout.  Table frame: ``x`` to the right, ``y`` away
from the first player.  Headings are clockwise from ``+y`` (90 = facing ``+x``).
A local frame has ``+y`` forward and ``+x`` to the right.

Boundary rules, stated once and used everywhere:

- **overlap** means shared area: the intersection has an area above
  ``AREA_EPSILON`` (touching along an edge or at a point is *not* overlapping);
- **touching** means distance ``<= TOUCH_EPSILON`` without overlapping;
- **range 0** means touching or overlapping;
- range bands belong to the lower band at their boundary (exactly 100 mm is
  range 1);
- a result that would flip if a piece moved by ``CLOSE_CALL_MM`` is flagged as
  too close to call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

type Point = tuple[float, float]

AREA_EPSILON = 1e-6
"""mm²: below this an intersection is a numerical artefact of touching shapes."""
TOUCH_EPSILON = 1e-3
"""mm: shapes closer than this (and not overlapping) are touching."""
CLOSE_CALL_MM = 0.5
"""mm: a clearance or an overlap depth below this is too close to call on a real table."""
CLEAR_OF_ENDS_MM = CLOSE_CALL_MM + 0.5
"""mm: how far inside either end of a line of legal places a spot chosen for the person (a tap near the line, the
nearest legal spot) is put: an end is where the ruling turns into a close call or illegal, and a chosen spot should
be plainly legal; a line shorter than twice this gives its middle."""
RANGE_BAND_MM = 100.0


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a piece stands: the centre of its base and its heading."""

    x: float
    y: float
    heading: float

    @property
    def forward(self) -> Point:
        h = math.radians(self.heading)
        return (math.sin(h), math.cos(h))

    @property
    def right(self) -> Point:
        h = math.radians(self.heading)
        return (math.cos(h), -math.sin(h))

    def to_world(self, lx: float, ly: float) -> Point:
        """A point given in this pose's local frame, in table coordinates."""
        h = math.radians(self.heading)
        c, s = math.cos(h), math.sin(h)
        return (self.x + lx * c + ly * s, self.y - lx * s + ly * c)

    def to_local(self, x: float, y: float) -> Point:
        """A table point in this pose's local frame."""
        h = math.radians(self.heading)
        c, s = math.cos(h), math.sin(h)
        dx, dy = x - self.x, y - self.y
        return (dx * c - dy * s, dx * s + dy * c)

    def compose(self, local: Pose) -> Pose:
        """The pose ``local`` (given in this pose's frame) in table coordinates."""
        x, y = self.to_world(local.x, local.y)
        return Pose(x, y, normalise_angle(self.heading + local.heading))

    def rounded(self, digits: int = 2) -> dict[str, float]:
        return {
            "x": clean_number(self.x, digits),
            "y": clean_number(self.y, digits),
            "heading": clean_number(normalise_angle(self.heading), digits) % 360,
        }


def normalise_angle(a: float) -> float:
    """An angle in [0, 360)."""
    r = math.fmod(a, 360.0)
    if r < 0:
        r += 360.0
    if r >= 360.0 - 1e-9:
        r = 0.0
    return r


def clean_number(v: float, digits: int = 2) -> float:
    """Round for output; integers come out as ints so JSON stays tidy."""
    r = round(v, digits)
    if r == 0:
        return 0
    return int(r) if r == int(r) else r


def place(points: list[Point] | tuple[Point, ...] | np.ndarray, pose: Pose, *, mirror: bool = False) -> Polygon:
    """A local outline placed at ``pose`` (mirrored in x first when asked).

    ``Pose.to_world`` for every point at once, as one matrix product (a coordinate may differ from
    ``to_world``'s in its last bit: the sums are taken in another order).  Built through shapely's
    compiled constructors directly: the public ``Polygon(...)`` spends about twice as long checking
    its argument as placing it, and the bump search places one base per step.
    """
    arr = points if isinstance(points, np.ndarray) else np.asarray(points, dtype=float)
    h = math.radians(pose.heading)
    c, s = math.cos(h), math.sin(h)
    # rows: what local x and local y add to table x and y
    turn = np.array(((-c, s), (s, c)) if mirror else ((c, -s), (s, c)))
    return polygon_from_ring(arr @ turn + (pose.x, pose.y))


_NO_HOLES = np.empty((0,), dtype=object)


def polygon_from_ring(coords: np.ndarray) -> Polygon:
    """``Polygon(coords)`` for an (n, 2) float array without the public constructor's checks."""
    return shapely.lib.polygons(shapely.lib.linearrings(coords, np.intc(0)), _NO_HOLES)


def rectangle(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """A counter-clockwise axis-aligned rectangle ring."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class Contact(NamedTuple):
    """How two shapes relate, with the margin that decided it."""

    overlapping: bool
    distance: float
    """0 when overlapping or touching."""
    close_call: bool
    """True when moving a piece by ``CLOSE_CALL_MM`` could flip ``overlapping``."""

    @property
    def touching(self) -> bool:
        return not self.overlapping and self.distance <= TOUCH_EPSILON

    @property
    def at_range_0(self) -> bool:
        return self.overlapping or self.touching


def bounds_near(shapes: list[BaseGeometry], bounds: tuple[float, float, float, float], margin: float) -> list[bool]:
    """Broad phase: for each shape, False only when its bounding box is more than ``margin`` clear of ``bounds``.

    Bounding boxes are never farther apart than the shapes, so a False here proves the shapes are
    more than ``margin`` apart; True proves nothing.  All bounds are read in one vectorised call.
    """
    if not shapes:
        return []
    x0, y0, x1, y1 = shapely.bounds(shapes).T
    bx0, by0, bx1, by1 = bounds
    far = (x1 < bx0 - margin) | (x0 > bx1 + margin) | (y1 < by0 - margin) | (y0 > by1 + margin)
    return (~far).tolist()


def near_pairs[T, G: BaseGeometry](
    pairs: list[tuple[T, G]], bounds: tuple[float, float, float, float], margin: float
) -> list[tuple[T, G]]:
    """The (thing, shape) pairs whose shape's bounds come within ``margin`` of ``bounds`` (``bounds_near``)."""
    keep = bounds_near([shape for _, shape in pairs], bounds, margin)
    return [pair for pair, k in zip(pairs, keep, strict=True) if k]


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """True only when the shapes share area (touching is not overlapping)."""
    if not a.intersects(b):
        return False
    return a.intersection(b).area > AREA_EPSILON


def contact(a: BaseGeometry, b: BaseGeometry) -> Contact:
    """Overlap, distance and whether the answer is too close to call."""
    if overlaps(a, b):
        # Shallow overlap: shrinking one shape by the margin would clear it.
        shrunk = a.buffer(-CLOSE_CALL_MM, join_style="mitre")
        deep = (not shrunk.is_empty) and overlaps(shrunk, b)
        return Contact(True, 0.0, not deep)
    d = a.distance(b)
    if d <= TOUCH_EPSILON:
        d = 0.0
    return Contact(False, d, d <= CLOSE_CALL_MM)


def range_band(distance: float) -> int | None:
    """Range band for a distance: 0 touching, 1..3, ``None`` beyond range 3.

    The lower band owns its boundary: exactly 100 mm is range 1.
    """
    return range_band_upto(distance, 3)


def range_band_upto(distance: float, max_band: int) -> int | None:
    if distance <= TOUCH_EPSILON:
        return 0
    band = math.ceil(distance / RANGE_BAND_MM - 1e-9)
    return band if band <= max_band else None


def band_close_call(distance: float) -> bool:
    """True when the distance lies within ``CLOSE_CALL_MM`` of a band line."""
    if distance <= TOUCH_EPSILON:
        return False
    nearest = round(distance / RANGE_BAND_MM) * RANGE_BAND_MM
    return nearest > 0 and abs(distance - nearest) <= CLOSE_CALL_MM or distance <= CLOSE_CALL_MM


def ring(poly: BaseGeometry) -> tuple[Point, ...]:
    """The exterior ring of a polygon as plain tuples, without the closing point."""
    if poly.is_empty:
        return ()
    if poly.geom_type != "Polygon":
        poly = max(getattr(poly, "geoms", [poly]), key=lambda g: g.area)
        if poly.geom_type != "Polygon":
            return ()
    coords: list[list[float]] = np.asarray(poly.exterior.coords)[:-1].tolist()
    return tuple(map(tuple, coords))  # type: ignore[arg-type]  # pairs: the ring is 2-D


def polygons_of(g: BaseGeometry, min_area: float = 0.0) -> list[Polygon]:
    """The polygons in any geometry (collections flattened), larger than ``min_area``."""
    if g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g] if g.area > min_area else []
    return [p for part in getattr(g, "geoms", []) for p in polygons_of(part, min_area)]


def lines_of(g: BaseGeometry) -> list[LineString]:
    """The line strings in any geometry (collections flattened; polygons and points left out)."""
    if g.is_empty:
        return []
    if isinstance(g, LineString):
        return [g]
    return [line for part in getattr(g, "geoms", []) for line in lines_of(part)]
