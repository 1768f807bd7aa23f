"""Which pairs of convex parts can shape a Minkowski sum's boundary: the others are inside it.

The sum of two polygons ``B ⊕ M`` is the union of the sums of every pair of their convex parts, but its
boundary only ever passes through ``b + m`` where ``b`` and ``m`` are on the outlines and both lie
farthest out in one same direction: a point of ``B``'s outline on an edge (that edge's outward normal) or
at a convex corner (any direction between its two edges' normals), likewise for ``M`` (Behar and Lien's
reduced convolution). Each part owns the directions of the outline edges and convex corners it holds;
a pair whose directions never meet adds nothing to the boundary. Leaving those pairs out keeps every
boundary point, so the union of the others has the same outline and may only lack area deep inside:
``fill_inside`` puts that back (a hole of the smaller union is either all inside the sum or all outside it).
Two concave catalogue outlines pair six by eight parts; most of those 48 sums are inside the others.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from rules.engine.geometry import polygons_of

TAU = 2 * math.pi
INSIDE_MM = 1e-6
"""A point this close to a part's edge is on it (parts are rounded to 10⁻⁹ mm)."""
ANGLE_SLACK = 1e-7
"""Radians two arcs of directions may miss each other by and still count as meeting (keeping a pair is safe)."""

Arcs = tuple[np.ndarray, np.ndarray, np.ndarray]
"""(first direction, angular length, owning part) of each arc of outward directions, radians."""


def whole_circle(part: int) -> Arcs:
    """A part that owns every direction (a convex outline is its own only part)."""
    return np.array([0.0]), np.array([TAU]), np.array([part], dtype=np.int64)


def exposed_arcs(poly: Polygon, parts: Sequence[Polygon]) -> Arcs | None:
    """The outward directions each of ``parts`` (a convex partition of ``poly``) holds on ``poly``'s outline.

    Each outline edge gives its normal to the part holding it, each convex corner the directions between
    its edges' normals to one part holding it. None when that cannot be told (a hole, an edge no single
    part holds): every pair must then be kept.
    """
    if len(parts) == 1:
        return whole_circle(0)
    if poly.interiors or not parts:
        return None
    v = shapely.get_coordinates(orient(poly, 1.0).exterior)[:-1]
    v = v[np.hypot(*(np.roll(v, -1, axis=0) - v).T) > 1e-9]  # a repeated corner would hide its turn
    e = np.roll(v, -1, axis=0) - v  # edge i runs from corner i to corner i + 1
    normal = np.arctan2(-e[:, 0], e[:, 1])  # (ey, -ex): outward on a counter-clockwise ring
    before = np.roll(e, 1, axis=0)
    turn = np.arctan2(before[:, 0] * e[:, 1] - before[:, 1] * e[:, 0], (before * e).sum(axis=1))
    inside = _inside(v, parts)  # corners × parts
    held = inside & np.roll(inside, -1, axis=0)  # a convex part holding both ends holds the edge
    if not held.any(axis=1).all() or not inside.any(axis=1).all():
        return None
    edge_owner = held.argmax(axis=1)
    corner_owner = inside.argmax(axis=1)
    convex = turn >= -1e-12  # a straight corner counts too: its one direction is kept
    starts = np.concatenate([normal, np.roll(normal, 1)[convex]])
    lengths = np.concatenate([np.zeros(len(normal)), np.maximum(turn[convex], 0.0)])
    owners = np.concatenate([edge_owner, corner_owner[convex]])
    return np.mod(starts, TAU), lengths, owners.astype(np.int64)


def _inside(points: np.ndarray, parts: Sequence[Polygon]) -> np.ndarray:
    """Which convex parts (counter-clockwise or not) hold each point, within ``INSIDE_MM``."""
    rings = [shapely.get_coordinates(orient(p, 1.0).exterior)[:-1] for p in parts]
    q = np.concatenate(rings)
    f = np.concatenate([np.roll(r, -1, axis=0) - r for r in rings])
    first = np.cumsum([0] + [len(r) for r in rings[:-1]])
    rel = points[:, None, :] - q[None, :, :]
    cross = f[None, :, 0] * rel[:, :, 1] - f[None, :, 1] * rel[:, :, 0]
    ok = cross >= -INSIDE_MM * np.hypot(f[:, 0], f[:, 1])[None, :]
    return np.logical_and.reduceat(ok, first, axis=1)


def turned(arcs: Arcs, radians: float) -> Arcs:
    """The same arcs for the outline turned by ``radians`` (counter-clockwise)."""
    starts, lengths, owners = arcs
    return np.mod(starts + radians, TAU), lengths, owners


def meeting(a: Arcs, b: Arcs, a_parts: int, b_parts: int) -> np.ndarray:
    """``a_parts`` × ``b_parts``: True where some arc of the one part meets some arc of the other."""
    sa, la, oa = a
    sb, lb, ob = b
    d = np.mod(sb[None, :] - sa[:, None], TAU)
    meet = (d <= la[:, None] + ANGLE_SLACK) | (TAU - d <= lb[None, :] + ANGLE_SLACK)
    out = np.zeros((a_parts, b_parts), dtype=bool)
    ia, ib = np.nonzero(meet)
    out[oa[ia], ob[ib]] = True
    return out


def fill_inside(
    area: BaseGeometry, inside: Callable[[tuple[float, float]], bool], within: BaseGeometry | None = None
) -> BaseGeometry:
    """``area`` with each hole that lies inside the full sum filled (``inside`` tells it from one point).

    Only the holes' parts within ``within`` are told (the area is exact there only): a hole of the
    pruned union is, within ``within``, made of pieces each wholly inside or wholly outside the full sum.
    """
    holes = [Polygon(h) for p in getattr(area, "geoms", [area]) if isinstance(p, Polygon) for h in p.interiors]
    if not holes:
        return area
    pieces = holes if within is None else [q for h in holes for q in polygons_of(h.intersection(within))]
    filled = [q for q in pieces if inside(_point_in(q))]
    return shapely.union_all([area, *filled]) if filled else area


def _point_in(piece: Polygon) -> tuple[float, float]:
    pt = piece.representative_point()
    return (pt.x, pt.y)
