"""Moving an obstacle or a token (RRG 1.5.0 Obstacle and Token Movement p.13, seed 001).

The ruler lies along direction ``u``: toward a target, the line from the
moved piece's closest point to the target's closest point; otherwise the
direction the piece's reference point is moved in.  Its distance-1 end
touches the piece's edge at ``E`` (where the centre line leaves the piece).
The piece may not end with any part beyond the end line of the maximum band
(``lead``, how far its farthest part lies past ``E`` along ``u``), nor outside
its original footprint grown by that distance (the rotation limit), nor (an
obstacle) overlapping ships, squadrons, other obstacles or tokens.

The legal region of the reference point (for the proposed rotation) is
computed with shapely set operations: the forbidden translations of each
blocker are Minkowski sums of convex parts (Hertel–Mehlhorn, cached per shape) of
the moved outline and of every blocker, concave ones included, each sum built in
O(n + m) by merging edges; only the pairs that can shape a blocked area's outline
(``normals``) and only sums that reach the reachable area are kept, and one union per
blocker makes the region (exact for polygons).  The answer is cached by the shapes'
coordinates, each blocker's area too: a preview that only drags the destination reuses
it, and moving another piece sums only that piece's pairs again.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points

from rules.engine.armada import dimensions as dim
from rules.engine.armada import narrate_move
from rules.engine.armada.legal_area import free_star, holeless, least_lead, toward_part, trimmed_lines
from rules.engine.armada.normals import Arcs, exposed_arcs, fill_inside, meeting, turned
from rules.engine.armada.pieces import (
    footprint,
    footprint_parts,
    measured,
    play_area,
    reference_pose,
    token_outline,
)
from rules.engine.geometry import (
    CLOSE_CALL_MM,
    Point,
    Pose,
    bounds_near,
    lines_of,
    overlaps,
    polygons_of,
    ring,
)
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario

R = "armada-1.5/obstacle-movement/"
LINE_TOLERANCE_MM = CLOSE_CALL_MM
"""A move toward a piece may stray this far sideways from the line and still follow it."""
AS_CLOSE_TOLERANCE_MM = 1.0
"""A blocked "toward" move is "as close as possible" when its lead is within this of the best legal one."""
TIE_MM = 0.01
"""Closest points within this of the closest distance are equally close: the ruler may start at any of them."""
DIRECTIONS = 36
"""Directions tried (every 10°) to see how far a minimum without "toward" can be reached at all."""


def _affine_each(geoms: Any, a: float, b: float, d: float, e: float, xoff: Any = 0.0, yoff: Any = 0.0) -> np.ndarray:
    """``shapely.affinity.affine_transform`` of each geometry in one call, with the same arithmetic (so the same
    coordinates, bit for bit); ``xoff`` and ``yoff`` may give one offset per geometry. One call instead of
    one per shape: the per-call overhead was about a fifth of a cold legal region."""
    arr = np.asarray(geoms, dtype=object)
    if np.ndim(xoff) or np.ndim(yoff):
        counts = shapely.get_num_coordinates(arr)
        xoff = np.repeat(np.broadcast_to(np.asarray(xoff, dtype=float), arr.shape), counts)
        yoff = np.repeat(np.broadcast_to(np.asarray(yoff, dtype=float), arr.shape), counts)

    def move(coords: np.ndarray) -> np.ndarray:
        x, y = coords.T
        return np.stack([a * x + b * y + xoff, d * x + e * y + yoff]).T

    return shapely.transform(arr, move)


def _rotated_each(geoms: Any, angle: float) -> np.ndarray:
    """``shapely.affinity.rotate(g, angle, origin=(0, 0))`` of each geometry (degrees), in one call."""
    r = angle * math.pi / 180.0
    cosp, sinp = math.cos(r), math.sin(r)
    cosp = 0.0 if abs(cosp) < 2.5e-16 else cosp
    sinp = 0.0 if abs(sinp) < 2.5e-16 else sinp
    return _affine_each(geoms, cosp, -sinp, sinp, cosp, 0 - 0 * cosp + 0 * sinp, 0 - 0 * sinp - 0 * cosp)


def _parts(poly: BaseGeometry) -> list[Polygon]:
    """Convex pieces of a polygon (or of each polygon of a collection)."""
    return [part for p in getattr(poly, "geoms", [poly]) if not p.is_empty for part in convex_parts(p)]


def convex_parts(poly: Polygon) -> tuple[Polygon, ...]:
    """A convex decomposition: the constrained triangulation with every inessential diagonal removed.

    Hertel–Mehlhorn: merge two pieces across a shared diagonal while the result stays convex.
    At most four times the optimal number of pieces, and far fewer than the triangles, which
    keeps the Minkowski sums (one hull per pair of pieces) and their union small.
    """
    return _convex_parts(shapely.to_wkb(poly))


@lru_cache(maxsize=1024)
def _convex_parts(wkb: bytes) -> tuple[Polygon, ...]:
    poly = shapely.from_wkb(wkb)
    if abs(poly.convex_hull.area - poly.area) <= 1e-6 * max(poly.area, 1.0):
        return (poly,)
    rings: list[list[Point] | None] = []
    for tri in shapely.constrained_delaunay_triangles(poly).geoms:
        coords = orient(tri, 1.0).exterior.coords[:-1]
        rings.append([(round(x, 9), round(y, 9)) for x, y in coords])
    # one pass over the diagonals: removing one only widens the angles at the others' ends, so a
    # diagonal that had to stay still has to (Hertel–Mehlhorn needs no second pass)
    owners: dict[frozenset[Point], list[int]] = {}
    for i, r in enumerate(rings):
        assert r is not None
        for k in range(len(r)):
            owners.setdefault(frozenset((r[k], r[(k + 1) % len(r)])), []).append(i)
    into = list(range(len(rings)))  # which piece each triangle has been merged into

    def piece(i: int) -> int:
        while into[i] != i:
            into[i] = into[into[i]]
            i = into[i]
        return i

    for edge, who in owners.items():
        if len(who) != 2:
            continue
        i, j = piece(who[0]), piece(who[1])
        ri, rj = rings[i], rings[j]
        if i == j or ri is None or rj is None:
            continue
        joined = _join(ri, rj, edge)
        if joined is not None and _is_convex(joined):
            rings[i], rings[j] = joined, None
            into[j] = i
    return tuple(Polygon(r) for r in rings if r is not None)


def _join(r1: list[Point], r2: list[Point], edge: frozenset[Point]) -> list[Point] | None:
    """Two counter-clockwise rings sharing ``edge`` as one ring (None if they do not share it that way)."""
    p, q = tuple(edge)
    for a, b in ((p, q), (q, p)):
        k = next((k for k in range(len(r1)) if r1[k] == a and r1[(k + 1) % len(r1)] == b), None)
        m = next((m for m in range(len(r2)) if r2[m] == b and r2[(m + 1) % len(r2)] == a), None)
        if k is not None and m is not None:
            first = r1[k + 1 :] + r1[: k + 1]  # b ... a
            second = r2[m + 1 :] + r2[: m + 1]  # a ... b
            return first + second[1:-1]
    return None


def _is_convex(ring: list[Point]) -> bool:
    n = len(ring)
    for k in range(n):
        (x0, y0), (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n], ring[(k + 2) % n]
        if (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) < -1e-9:
            return False
    return True


def _walks(polys: list[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each convex part's lowest vertex (then leftmost), and its edge vectors counter-clockwise from there with
    their angles, for all parts in one pass: (lowest vertices, edges, angles, each part's first edge row, counts)."""
    rings = shapely.get_exterior_ring(np.asarray(polys, dtype=object))
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    closing = np.r_[ring_of[1:] != ring_of[:-1], True]  # each ring's last point repeats its first
    pts, g = coords[~closing], ring_of[~closing]
    counts = np.bincount(g, minlength=len(polys))
    first = np.cumsum(counts) - counts
    pos = np.arange(len(g)) - first[g]
    nxt = first[g] + (pos + 1) % counts[g]
    twice_area = np.bincount(g, pts[:, 0] * pts[nxt, 1] - pts[nxt, 0] * pts[:, 1], minlength=len(polys))
    pos = np.where(twice_area[g] > 0, pos, counts[g] - 1 - pos)  # clockwise rings read backwards
    lowest = np.lexsort((pts[:, 0], pts[:, 1], g))[first]  # per ring: least y, then least x
    pos = (pos - pos[lowest][g]) % counts[g]  # counted from the lowest vertex
    pts = pts[np.lexsort((pos, g))]
    edges = pts[first[g] + (np.arange(len(g)) - first[g] + 1) % counts[g]] - pts
    angles = np.mod(np.arctan2(edges[:, 1], edges[:, 0]), 2 * np.pi)
    return pts[first], edges, angles, first, counts


def convex_sums(pairs: list[tuple[Polygon, Polygon]]) -> np.ndarray:
    """Minkowski sums P ⊕ Q of convex polygons, each in O(n + m): their edges merged by angle.

    Starting from the sum of both lowest vertices, the edges of both, taken in order of angle,
    walk the sum's boundary. A hull of the walk removes the slivers rounding could leave.
    """
    if not pairs:
        return np.empty(0, dtype=object)
    index: dict[int, int] = {}
    polys: list[Polygon] = []
    for p in (p for pair in pairs for p in pair):
        if id(p) not in index:
            index[id(p)] = len(polys)
            polys.append(p)
    low, edges_all, angles_all, first_all, counts = _walks(polys)
    ip = np.asarray([index[id(p)] for p, _ in pairs])
    iq = np.asarray([index[id(q)] for _, q in pairs])
    n_p, sizes = counts[ip], counts[ip] + counts[iq]
    group = np.repeat(np.arange(len(pairs)), sizes)  # each pair's rows, in order: P's edges, then Q's
    row = np.arange(len(group)) - (np.cumsum(sizes) - sizes)[group]
    src = np.where(row < n_p[group], first_all[ip][group] + row, first_all[iq][group] + row - n_p[group])
    order = np.lexsort((angles_all[src], group))
    e = edges_all[src][order]
    walked = np.cumsum(e, axis=0) - e  # before each edge: exclusive running sum
    first = np.searchsorted(group, np.arange(len(pairs)))  # group is sorted already: each pair's first row
    walked -= walked[first][group]
    coords = walked + (low[ip] + low[iq])[group]
    return shapely.convex_hull(shapely.polygons(shapely.linearrings(coords, indices=group)))


def minkowski_forbidden(
    blockers: list[tuple[str, list[Polygon]]],
    moved_local: Polygon,
    round_: tuple[tuple[str, float, float, float], ...] = (),
    moved_parts: list[Polygon] | None = None,
    within: BaseGeometry | None = None,
    moved_directions: Arcs | None = None,
) -> tuple[BaseGeometry, dict[str, BaseGeometry]]:
    """Reference-point positions where ``moved_local`` (outline relative to its reference point) overlaps a blocker.

    B ⊕ (−S): for polygons (given by label with their parts), the union of the Minkowski sums
    of every pair of convex parts that can shape its outline (``normals``; a concave part is split
    first, its decomposition cached per shape, so a U-shaped blocker leaves its cavity open); for a
    round base (label, x, y, r), exactly (−S) grown by r and moved to its centre.  ``moved_parts`` may
    give the moved outline's convex parts already (turned from its upright decomposition), with
    ``moved_directions`` the outward directions each holds (``part_directions``, turned likewise; without
    them every pair is summed).  With ``within`` (the positions that matter) a sum that cannot reach it is
    left out before the union: the result is exact inside ``within``.  Returns the union and each blocker's
    own area.
    """
    wkb = shapely.to_wkb
    if moved_parts is None:
        moved_directions = part_directions(moved_local)
    forbidden, areas = _forbidden(
        tuple((label, tuple(wkb(parts).tolist())) for label, parts in blockers),
        wkb(moved_local),
        tuple(round_),
        tuple(wkb(moved_parts).tolist()) if moved_parts else (),
        wkb(within) if within is not None else b"",
        tuple(a.tobytes() for a in moved_directions) if moved_directions is not None else (),
    )
    return forbidden, dict(areas)  # the cached dict stays the cache's


def part_directions(poly: Polygon) -> Arcs | None:
    """The outward directions each of ``convex_parts(poly)`` holds on its outline (``normals.exposed_arcs``)."""
    return _part_directions(shapely.to_wkb(poly))


@lru_cache(maxsize=1024)
def _part_directions(wkb: bytes) -> Arcs | None:
    poly = shapely.from_wkb(wkb)
    return exposed_arcs(poly, _convex_parts(wkb)) if isinstance(poly, Polygon) else None


_Moved = tuple[bytes, tuple[bytes, ...], bytes, tuple[bytes, ...]]
"""What every blocker's area depends on besides the blocker (``_forbidden``'s arguments of that name): the
moved outline, its convex parts, the reachable area and the parts' directions."""


@lru_cache(maxsize=64)
def _forbidden(
    blocker_wkbs: tuple[tuple[str, tuple[bytes, ...]], ...],
    moved_wkb: bytes,
    round_: tuple[tuple[str, float, float, float], ...],
    moved_parts_wkbs: tuple[bytes, ...],
    within_wkb: bytes,
    moved_directions: tuple[bytes, ...],
) -> tuple[BaseGeometry, dict[str, BaseGeometry]]:
    """``minkowski_forbidden`` keyed by the shapes' coordinates: a preview that only moves the destination
    (same blockers, same rotation) asks the same question again and gets the answer at once. Each blocker's
    area is also kept on its own (``_blocker_areas``): when another piece moves, only its area is computed."""
    context: _Moved = (moved_wkb, moved_parts_wkbs, within_wkb, moved_directions)
    keys = [(context, wkbs) for _, wkbs in blocker_wkbs] + [(context, (x, y, r)) for _, x, y, r in round_]
    got = [_blocker_areas.get(key, _NOT_KEPT) for key in keys]  # read once: another thread may evict meanwhile
    missing = [i for i, area in enumerate(got) if area is _NOT_KEPT]
    if missing:
        n = len(blocker_wkbs)
        found = _areas_of(
            tuple(blocker_wkbs[i] for i in missing if i < n), tuple(round_[i - n] for i in missing if i >= n), context
        )
        for i, area in zip(missing, found, strict=True):
            got[i] = _blocker_areas[keys[i]] = area
        excess = len(_blocker_areas) - BLOCKER_AREAS
        for key in list(_blocker_areas)[: max(excess, 0)]:  # oldest first: a dict keeps its insertion order
            _blocker_areas.pop(key, None)
    labels = [label for label, _ in blocker_wkbs] + [label for label, *_ in round_]
    areas = {label: area for label, area in zip(labels, got, strict=True) if isinstance(area, BaseGeometry)}
    return (shapely.union_all(list(areas.values())) if areas else Polygon()), areas


BLOCKER_AREAS = 256
"""Blockers' areas kept (by the blocker's and the moved outline's coordinates and the reachable area): a
table of 60 pieces four times over; an area is some hundreds of points, so a few MB at most."""
_blocker_areas: dict[tuple[Any, ...], BaseGeometry | None] = {}
_NOT_KEPT = object()


def _areas_of(
    blocker_wkbs: tuple[tuple[str, tuple[bytes, ...]], ...],
    round_: tuple[tuple[str, float, float, float], ...],
    context: _Moved,
) -> list[BaseGeometry | None]:
    """Each blocker's area (polygon blockers, then round ones), None where no sum reaches ``within``."""
    moved_wkb, moved_parts_wkbs, within_wkb, moved_directions = context
    load = shapely.from_wkb
    blockers = [list(load(list(parts))) for _, parts in blocker_wkbs]
    moved_local = load(moved_wkb)
    moved_parts = list(load(list(moved_parts_wkbs))) if moved_parts_wkbs else None
    within = load(within_wkb) if within_wkb else None
    # the reflection scale(-1, -1) about the origin, as shapely.affinity.scale computes it
    neg = list(_affine_each(moved_parts or _parts(moved_local), -1.0, 0.0, 0.0, -1.0, 0.0, 0.0))
    box = within.bounds if within is not None and not within.is_empty else None
    nb = shapely.bounds(np.asarray(neg, dtype=object)).reshape(-1, 4)
    parts: list[tuple[int, Polygon]] = []
    use_rows: list[np.ndarray] = []
    m_arcs = _arcs_from_bytes(moved_directions)
    m_arcs = None if m_arcs is None else turned(m_arcs, math.pi)  # the moved outline is reflected
    for b, ((_, wkbs), given) in enumerate(zip(blocker_wkbs, blockers, strict=True)):
        for key, g in zip(wkbs, given, strict=True):
            for poly in getattr(g, "geoms", [g]):
                if poly.is_empty:
                    continue
                if poly is not g:
                    key = shapely.to_wkb(poly)
                own = _convex_parts(key)
                parts += [(b, bp) for bp in own]
                b_arcs = _part_directions(key) if len(own) > 1 and m_arcs is not None else None
                if b_arcs is None or m_arcs is None:
                    use_rows.append(np.ones((len(own), len(neg)), dtype=bool))
                else:
                    use_rows.append(meeting(b_arcs, m_arcs, len(own), len(neg)))
    use = np.concatenate(use_rows) if use_rows else np.ones((0, len(neg)), dtype=bool)
    bb = shapely.bounds(np.asarray([bp for _, bp in parts], dtype=object)).reshape(-1, 1, 4)
    if box is not None:  # the sum lies within the sum of the bounding boxes
        use &= ~(
            (bb[:, :, 2] + nb[:, 2] < box[0])
            | (bb[:, :, 0] + nb[:, 0] > box[2])
            | (bb[:, :, 3] + nb[:, 3] < box[1])
            | (bb[:, :, 1] + nb[:, 1] > box[3])
        )
    rows, cols = np.nonzero(use)  # row by row: each blocker part with the moved parts in order
    pairs = [(parts[i][1], neg[k]) for i, k in zip(rows.tolist(), cols.tolist(), strict=True)]
    owner = [parts[i][0] for i in rows.tolist()]
    shapes = list(convex_sums(pairs))
    if round_:
        (reflected,) = _affine_each([moved_local], -1.0, 0.0, 0.0, -1.0, 0.0, 0.0)
        grown = {r: reflected.buffer(r, quad_segs=16) for r in {r for *_, r in round_}}
        offsets = np.asarray([(x, y) for _, x, y, _ in round_], dtype=float)
        shapes += list(_affine_each([grown[r] for *_, r in round_], 1.0, 0.0, 0.0, 1.0, offsets[:, 0], offsets[:, 1]))
        owner += list(range(len(blockers), len(blockers) + len(round_)))
    if within is not None and shapes:
        shapely.prepare(within)
        keep = shapely.intersects(within, np.asarray(shapes, dtype=object))
        shapes = [g for g, k in zip(shapes, keep, strict=True) if k]
        owner = [o for o, k in zip(owner, keep, strict=True) if k]
    by_owner: dict[int, list[BaseGeometry]] = {}
    for b, g in zip(owner, shapes, strict=True):
        by_owner.setdefault(b, []).append(g)

    def overlapped(b: int) -> Callable[[tuple[float, float]], bool]:
        """Whether the moved outline, its reference point at ``p``, overlaps the blocker: the full sum, at one point."""
        shapes_of = np.asarray(blockers[b], dtype=object)

        def at(p: tuple[float, float]) -> bool:
            placed = shapely.transform(moved_local, lambda c: c + np.asarray(p))
            return bool(shapely.intersects(placed, shapes_of).any())

        return at

    areas: list[BaseGeometry | None] = []
    for b in range(len(blockers) + len(round_)):
        if b not in by_owner:
            areas.append(None)
            continue
        area = shapely.union_all(by_owner[b])
        areas.append(fill_inside(area, overlapped(b), within) if b < len(blockers) else area)
    return areas


def _arcs_from_bytes(raw: tuple[bytes, ...]) -> Arcs | None:
    if not raw:
        return None
    starts, lengths, owners = raw
    return np.frombuffer(starts), np.frombuffer(lengths), np.frombuffer(owners, dtype=np.int64)


@lru_cache(maxsize=64)
def _inner(s0_wkb: bytes, hull_wkb: bytes, d_max: float) -> BaseGeometry:
    """Reference points where the moved outline's hull stays within the original footprint grown by ``d_max``.

    Keyed by the shapes' coordinates: it depends only on where the piece starts and how it is turned.
    """
    grown = shapely.from_wkb(s0_wkb).buffer(d_max, quad_segs=16)
    corners = shapely.get_coordinates(shapely.from_wkb(hull_wkb).exterior)[:-1]
    copies = _affine_each([grown] * len(corners), 1.0, 0.0, 0.0, 1.0, -corners[:, 0], -corners[:, 1])
    # one call, the same left-to-right intersections as a loop (the same coordinates, bit for bit)
    return shapely.intersection_all([grown, *copies])


def clear_region_caches() -> None:
    """Forget the cached legal-region answers (the benchmark's cold figure)."""
    _forbidden.cache_clear()
    _blocker_areas.clear()
    _inner.cache_clear()
    _recent_figures.clear()


def _local(shape: Polygon, pose: Pose) -> Polygon:
    """An outline relative to a reference pose (translation only: the rotation is already in ``shape``)."""
    return shapely.affinity.translate(shape, -pose.x, -pose.y)


def _lead(shape: BaseGeometry, e: Point, u: Point) -> float:
    pts = np.asarray(shape.exterior.coords)
    return float(np.max((pts[:, 0] - e[0]) * u[0] + (pts[:, 1] - e[1]) * u[1]))


def _exit_point(shape: Polygon, origin: Point, u: Point) -> Point:
    """Where the line from ``origin`` along ``u`` last leaves ``shape`` (the ruler's contact point)."""
    far = (origin[0] + u[0] * 2000, origin[1] + u[1] * 2000)
    cut = LineString([origin, far]).intersection(shape.buffer(0))
    best, best_t = origin, -1.0
    for g in getattr(cut, "geoms", [cut]):
        for x, y in getattr(g, "coords", []):
            t = (x - origin[0]) * u[0] + (y - origin[1]) * u[1]
            if t > best_t:
                best, best_t = (x, y), t
    return best


@dataclass(frozen=True, slots=True)
class Ruler:
    """One way the range ruler may lie: along ``u``, its distance-1 end touching the piece at ``e``.

    Toward a piece whose closest points are not unique (two flat edges facing each other) the end may
    touch anywhere from ``e`` to ``e_far``, a stretch across ``u``: every centre line between counts.
    """

    u: Point
    e: Point
    e_far: Point

    @property
    def width(self) -> float:
        return math.dist(self.e, self.e_far)

    def centre_lines(self) -> BaseGeometry:
        """The ruler's centre line, or the strip its centre lines sweep across a stretch of ties."""
        (ux, uy), a, b = self.u, self.e, self.e_far
        far = 2000.0
        if self.width < 1e-6:
            return LineString([(a[0] - ux * far, a[1] - uy * far), (a[0] + ux * far, a[1] + uy * far)])
        return Polygon(
            [
                (a[0] - ux * far, a[1] - uy * far),
                (a[0] + ux * far, a[1] + uy * far),
                (b[0] + ux * far, b[1] + uy * far),
                (b[0] - ux * far, b[1] - uy * far),
            ]
        )


def is_round(piece: Piece) -> bool:
    """Squadron bases and catalogue tokens are discs: their closest point to anything is unique."""
    return piece.kind == "squadron" or (piece.kind == "token" and piece.get("outline") is None)


Disc = tuple[Point, float]
"""A round piece's centre and radius."""


def disc_of(piece: Piece) -> Disc | None:
    """Squadron bases and catalogue tokens are discs: their closest points are computed from the centre."""
    if not is_round(piece):
        return None
    return (float(piece.get("x")), float(piece.get("y"))), _radius(piece)


def disc_ruler(s0: Polygon, target: BaseGeometry, moved: Disc | None, other: Disc | None) -> list[Ruler]:
    """The one ruler toward a piece when either is a disc, from the true circle, not its polygon.

    A disc's polygon has short flat sides: its vertex nearest a flat side can be ~1.9 mm off the
    line through the centre, which would put a move straight at the side "off the centre line".
    """
    if s0.distance(target) <= 1e-9:
        return []
    if moved is not None:
        (cx, cy), r = moved
        q = other[0] if other is not None else nearest_points(target, shapely.Point(cx, cy))[0].coords[0]
        d = math.dist((cx, cy), q)
        u = ((q[0] - cx) / d, (q[1] - cy) / d)
        e = (cx + u[0] * r, cy + u[1] * r)
        return [Ruler(u, e, e)]
    assert other is not None
    (cx, cy), _ = other
    a = nearest_points(s0, shapely.Point(cx, cy))[0]
    d = math.dist((a.x, a.y), (cx, cy))
    return [Ruler(((cx - a.x) / d, (cy - a.y) / d), (a.x, a.y), (a.x, a.y))]


def _nearest_on(shape: BaseGeometry, points: np.ndarray) -> np.ndarray:
    """Each point's nearest point on ``shape`` (``nearest_points``' first point, for all points in one call)."""
    if not len(points):
        return np.empty((0, 2))
    lines = shapely.shortest_line(shape, shapely.points(points))
    return shapely.get_coordinates(lines).reshape(-1, 2, 2)[:, 0, :]


def toward_rulers(s0: Polygon, target: BaseGeometry) -> list[Ruler]:
    """Every allowed ruler position toward ``target`` (none when the pieces touch).

    Each vertex of either outline is paired with its nearest point on the other; pairs within
    ``TIE_MM`` of the gap are equally close.  Ties in one direction whose midpoints also tie lie on
    two parallel edges and form one stretch; ties in different directions are separate rulers.
    Discs are not measured here (``disc_ruler``): their polygons' flat sides would make false ties.
    """
    gap = s0.distance(target)
    if gap <= 1e-9:
        return []
    pa, pb = nearest_points(s0, target)
    pairs: list[tuple[Point, Point]] = [((pa.x, pa.y), (pb.x, pb.y))]
    # each vertex's nearest point on the other outline: one call for all (the same points as one call each)
    mine, theirs = shapely.get_coordinates(s0.boundary), shapely.get_coordinates(target.boundary)
    on_target = _nearest_on(target, mine)
    on_s0 = _nearest_on(s0, theirs)
    pairs += [((x, y), (qx, qy)) for (x, y), (qx, qy) in zip(mine.tolist(), on_target.tolist(), strict=True)]
    pairs += [((qx, qy), (x, y)) for (x, y), (qx, qy) in zip(theirs.tolist(), on_s0.tolist(), strict=True)]
    groups: list[tuple[Point, list[Point]]] = []
    for a, b in pairs:
        d = math.dist(a, b)
        if d > gap + TIE_MM:
            continue
        u = ((b[0] - a[0]) / d, (b[1] - a[1]) / d)
        for gu, pts in groups:
            if gu[0] * u[0] + gu[1] * u[1] > 1 - 1e-6:
                pts.append(a)
                break
        else:
            groups.append((u, [a]))
    rulers: list[Ruler] = []
    edge = s0.boundary
    for u, pts in groups:
        n = (-u[1], u[0])
        ordered = sorted(set(pts), key=lambda p: p[0] * n[0] + p[1] * n[1])
        start = ordered[0]
        for prev, nxt in zip(ordered, ordered[1:], strict=False):
            mid = shapely.Point((prev[0] + nxt[0]) / 2, (prev[1] + nxt[1]) / 2)
            if edge.distance(mid) < 1e-6 and target.distance(mid) <= gap + TIE_MM:
                continue  # the same flat stretch
            rulers.append(Ruler(u, start, prev))
            start = nxt
        rulers.append(Ruler(u, start, ordered[-1]))
    return rulers


RECENT_FIGURES = 8
"""Situations whose figures ``move_figures`` keeps (the live preview rules a move, then asks for its snaps)."""
_recent_figures: dict[bytes, tuple[Figure, ...]] = {}


def move_ruling(scenario: Scenario) -> Ruling:
    """The ruling on an obstacle or token move: the facts below, told by ``narrate_move``."""
    facts, figures = move_facts(scenario)
    _remember(scenario, figures)
    return narrate_move.narrate(facts, figures)


def move_figures(scenario: Scenario) -> tuple[Figure, ...]:
    """The figures ``move_ruling`` draws for this situation (its legal region among them).

    The live preview rules the move, then offers snaps from its legal region: the snaps reuse the
    ruling's figures (kept for the last few situations, by their canonical bytes) instead of computing
    the region a second time. Figures are frozen, so sharing them is safe.
    """
    found = _recent_figures.get(scenario.canonical())
    if found is None:
        found = _remember(scenario, move_facts(scenario)[1])
    return found


def _remember(scenario: Scenario, figures: list[Figure]) -> tuple[Figure, ...]:
    kept = tuple(figures)
    _recent_figures[scenario.canonical()] = kept
    while len(_recent_figures) > RECENT_FIGURES:  # oldest first: a dict keeps its insertion order
        _recent_figures.pop(next(iter(_recent_figures)), None)
    return kept


def move_facts(scenario: Scenario) -> tuple[dict[str, Any], list[Figure]]:
    """What decides the move, as facts (no prose): the ruler, the legal region, the rules met and broken."""
    a = scenario.action
    moved_kind = "obstacle" if a["type"] == "move-obstacle" else "token"
    piece = scenario.piece(a[moved_kind])
    is_obstacle = moved_kind == "obstacle"
    p0 = reference_pose(piece)
    to = a["to"]
    p1 = Pose(float(to["x"]), float(to["y"]), float(to.get("rotation", p0.heading)) if is_obstacle else 0.0)
    s0 = token_outline(piece)
    s1 = token_outline(piece, p1)
    hi = int(a["max_distance"])
    lo = int(a.get("min_distance", 0))
    d_max, d_min = dim.band_end(hi), dim.band_end(lo)
    toward = a.get("toward")
    dx, dy = p1.x - p0.x, p1.y - p0.y
    shift = math.hypot(dx, dy)
    moved = shift > 1e-9
    rotated = is_obstacle and abs(((p1.heading - p0.heading + 180) % 360) - 180) > 0.01
    broken: list[dict[str, Any]] = []
    figures: list[Figure] = []

    def violate(rule: str, key: str, pieces: list[str], **params: Any) -> None:
        broken.append({"rule": R + rule, "key": key, "pieces": pieces, **params})

    # the ruler: toward a piece, from its closest point (any of them, when several are equally close)
    rulers: list[Ruler] = []
    touching = False
    if toward:
        target = scenario.piece(toward)
        moved_disc, target_disc = disc_of(piece), disc_of(target)
        if moved_disc is not None or target_disc is not None:
            rulers = disc_ruler(s0, measured(target), moved_disc, target_disc)
        else:
            rulers = toward_rulers(s0, measured(target))
        touching = not rulers
    if rulers:
        ruler = max(
            rulers,
            key=lambda r: (
                round(dx * r.u[0] + dy * r.u[1], 6) if moved else 0.0,
                -r.centre_lines().distance(shapely.Point(p1.x, p1.y)),
            ),
        )
    else:
        d = (dx / shift, dy / shift) if moved else (0.0, 1.0)
        e0 = _exit_point(s0, (p0.x, p0.y), d)
        ruler = Ruler(d, e0, e0)
    u, e = ruler.u, ruler.e
    stays = not moved and not rotated
    local = _local(s1, p1)

    # what it may not overlap, and what rides along or stays
    carried = [t.id for t in scenario.of_kind("token") if is_obstacle and overlaps(token_outline(t), s0)]
    stay_ids = [p.id for p in scenario.pieces if p.kind in ("ship", "squadron") and overlaps(footprint(p), s0)]
    # a token may end on other pieces (derived, see the narration)
    blocker_pieces = [p for p in scenario.pieces if p.id != piece.id and p.id not in carried] if is_obstacle else []
    blockers = [footprint(p) for p in blocker_pieces]
    # only what the moved piece can reach matters for its legal region: it stays within distance max
    close = bounds_near(blockers, s0.bounds, d_max + 1.0)
    near = [
        (p, b) for p, b, c in zip(blocker_pieces, blockers, close, strict=True) if c and s0.distance(b) <= d_max + 1.0
    ]
    poly_blockers = [(p.id, footprint_parts(p)) for p, _ in near if p.kind not in ("squadron", "token")]
    round_blockers = tuple(
        (p.id, float(p.get("x")), float(p.get("y")), _radius(p)) for p, _ in near if p.kind in ("squadron", "token")
    )

    # where its reference point may legally go (for the proposed rotation): within the rotation limit,
    # overlapping nothing, no part past the end line; toward a piece, on a centre line where possible
    inner = _inner(shapely.to_wkb(s0), shapely.to_wkb(local.convex_hull), d_max)
    upright = token_outline(piece, Pose(0.0, 0.0, 0.0))  # decomposed once per shape, then turned
    moved_parts = list(_rotated_each(convex_parts(upright), -p1.heading))
    directions = part_directions(upright)
    turned_directions = turned(directions, math.radians(-p1.heading)) if directions is not None else None
    forbidden, blocked_by = minkowski_forbidden(
        poly_blockers, local, round_blockers, moved_parts, within=inner, moved_directions=turned_directions
    )
    free = inner.difference(forbidden) if not forbidden.is_empty else inner
    proposed = shapely.Point(p1.x, p1.y)

    def along(r: Ruler) -> dict[str, Any]:
        """The legal region for ruler ``r``, its centre-line part, and how far a reference point leads."""
        lead_local = _lead(local, (0.0, 0.0), r.u)
        region = free.intersection(_half_plane(r.e, r.u, d_max - lead_local))
        lines = r.centre_lines()
        on_line = region.intersection(lines) if toward else LineString()
        use_line = bool(toward) and (bool(lines_of(on_line)) or bool(polygons_of(on_line, 1e-6)))
        admissible = on_line if use_line else region

        def lead_at(c: Point) -> float:
            return lead_local + (c[0] - r.e[0]) * r.u[0] + (c[1] - r.e[1]) * r.u[1]

        return {
            "region": region,
            "lines": lines,
            "on_line": on_line,
            "use_line": use_line,
            "admissible": admissible,
            "lead_at": lead_at,
        }

    chosen = along(ruler)
    region, on_line, use_line, admissible = (
        chosen["region"],
        chosen["on_line"],
        chosen["use_line"],
        chosen["admissible"],
    )
    lead_at: Callable[[Point], float] = chosen["lead_at"]
    centre_lines = chosen["lines"]
    within_region = not admissible.is_empty and admissible.distance(proposed) <= CLOSE_CALL_MM
    lead = lead_at((p1.x, p1.y)) if moved else 0.0
    start_lead = lead_at((p0.x, p0.y))
    band = dim.band_of(max(lead, 0.0)) if moved else 0
    centre_fix: dict[str, Any] | None = None
    near_end_line = off_table = False

    if moved or rotated:
        if moved and lead > d_max + 1e-9:
            violate("along-ruler", "past-end-line", [piece.id], lead=lead)
        elif moved and d_max - lead <= CLOSE_CALL_MM:
            near_end_line = True
        # the rotation rule's limit (no part beyond the maximum of the original position): only for a rotation;
        # a piece moved without turning is limited by the ruler's end line above
        if rotated and not s0.buffer(d_max, quad_segs=32).covers(s1):
            violate("rotation", "beyond-original", [piece.id])
        hit = [p.id for p, b in zip(blocker_pieces, blockers, strict=True) if overlaps(s1, b)]
        if hit:
            violate("no-overlap", "overlap", [piece.id, *hit], hit=scenario.names(hit))
        if toward and touching and moved:
            violate("toward", "touching-moved", [piece.id])
        elif toward and moved:
            fwd = dx * u[0] + dy * u[1]
            side = abs(dx * u[1] - dy * u[0])
            if fwd < -CLOSE_CALL_MM:
                violate("toward", "away", [piece.id])
            elif fwd <= CLOSE_CALL_MM and side > CLOSE_CALL_MM:
                violate("toward", "sideways", [piece.id])
            off_line = centre_lines.distance(proposed)
            if use_line and off_line > LINE_TOLERANCE_MM:
                centre_fix = _fix(proposed, on_line, ruler)
                violate("centre-line", "off-line", [piece.id], **centre_fix)
            elif not use_line and not region.is_empty:
                closest = region.distance(centre_lines)
                if off_line > closest + LINE_TOLERANCE_MM:
                    nearest = region.intersection(centre_lines.buffer(closest + LINE_TOLERANCE_MM / 2))
                    centre_fix = _fix(proposed, nearest if not nearest.is_empty else region, ruler)
                    violate("centre-line", "off-line-blocked", [piece.id], closest=closest, **centre_fix)
        off_table = not play_area(scenario).covers(s1)

    # the minimum, and "as close as possible" (which may be where it is)
    best: dict[str, Any] | None = None
    stay_reason = ""
    if stays:
        stay_reason = "no-minimum"
    if toward and touching:
        if stays and lo:
            stay_reason = "touching"
    elif lo and toward:
        options = [(r, along(r)) for r in rulers] if stays else [(ruler, chosen)]
        found = [(b, r) for r, c in options if (b := _farthest(c["admissible"], c["lead_at"])) is not None]
        best = max((b for b, _ in found), key=lambda b: b["lead"], default=None)
        can_move = best is not None and best["lead"] > start_lead + AS_CLOSE_TOLERANCE_MM
        if best is not None and best["lead"] >= d_min - 1e-9:
            best = None  # the minimum can be reached: no "as close as possible" fallback
            if stays:
                stay_reason = "must-move"
                violate("may-stay", "may-not-stay", [piece.id])
            elif lead < d_min - 1e-9:
                violate("toward-minimum", "toward-short", [piece.id], lead=max(lead, 0.0))
        elif not can_move:
            best = None  # no admissible position is any closer: as close as possible is where it is
            if stays:
                stay_reason = "blocked"
        elif best is not None and best["lead"] - lead > AS_CLOSE_TOLERANCE_MM:
            if stays:
                stay_reason = "must-move"
            violate("toward-as-close", "not-as-close", [piece.id], best=best["lead"], lead=max(lead, 0.0))
    elif lo:
        farthest, gain = _farthest_any_direction(free, local, s0, (p0.x, p0.y), d_max)
        if farthest >= d_min - 1e-9:
            if stays:
                stay_reason = "must-move"
                violate("may-stay", "may-not-stay", [piece.id])
            elif lead < d_min - 1e-9:
                violate("minimum", "free-short", [piece.id], lead=max(lead, 0.0))
        elif gain <= AS_CLOSE_TOLERANCE_MM:
            if stays:
                stay_reason = "cannot-move"
        else:
            best = {"lead": round(farthest, 2)}
            if stays:
                stay_reason = "must-move"
                violate("minimum", "free-not-as-far", [piece.id], best=farthest, lead=0.0)
            elif farthest - lead > AS_CLOSE_TOLERANCE_MM:
                violate("minimum", "free-not-as-far", [piece.id], best=farthest, lead=max(lead, 0.0))

    # legal, but by less than the figures' own uncertainty (the site's ±0.5 mm): a judge measures on the table
    close_line: dict[str, Any] | None = None
    if moved and lo and not touching and d_min - 1e-9 <= lead <= d_min + CLOSE_CALL_MM:
        close_line = {"line": lo, "margin": round(max(lead - d_min, 0.0), 2), "past": True}
    elif moved and near_end_line:
        close_line = {"line": hi, "margin": round(max(d_max - lead, 0.0), 2), "past": False}

    close_mines: list[str] = []
    if piece.type == "proximity-mine" and (moved or rotated):
        close_mines = [
            t.id
            for t in scenario.of_kind("token")
            if t.id != piece.id
            and t.type == "proximity-mine"
            and s1.distance(token_outline(t)) <= dim.DISTANCE_BANDS[0]
        ]

    # the picture: across a stretch of ties, the ruler is drawn where the proposal's centre line meets it
    normal = (-u[1], u[0])
    if ruler.width >= 1e-6:
        sx, sy = ruler.e_far[0] - e[0], ruler.e_far[1] - e[1]
        k = min(max(((p1.x - e[0]) * sx + (p1.y - e[1]) * sy) / ruler.width**2, 0.0), 1.0)
        e = (e[0] + sx * k, e[1] + sy * k)
    end = (e[0] + u[0] * d_max, e[1] + u[1] * d_max)
    figures.append(Figure("ruler", "line", (e, end), f"range ruler to the end of distance {hi}"))
    figures.append(  # the cross-bars are named as the bands are ("distance 2"), on the picture itself
        Figure(
            "end-line",
            "bar",
            ((end[0] - normal[0] * 60, end[1] - normal[1] * 60), (end[0] + normal[0] * 60, end[1] + normal[1] * 60)),
            f"distance {hi}",
        )
    )
    if lo:
        m = (e[0] + u[0] * d_min, e[1] + u[1] * d_min)
        figures.append(
            Figure(
                "min-line",
                "bar",
                ((m[0] - normal[0] * 40, m[1] - normal[1] * 40), (m[0] + normal[0] * 40, m[1] + normal[1] * 40)),
                f"distance {lo}",
            )
        )
    if best is not None and "x" in best:
        figures.append(
            Figure(
                "best",
                "option",
                ring(token_outline(piece, Pose(best["x"], best["y"], p1.heading))),
                "as close as possible",
            )
        )
    shown = inner.buffer(0)  # forbidden areas only where they bite into otherwise reachable positions
    for label, area in blocked_by.items():
        for g in polygons_of(area.intersection(shown), 1.0):
            name = scenario.names([label])  # the picture's tooltip names the piece as the reader sees it
            figures.append(Figure(f"blocked-{label}-{len(figures)}", "blocked", ring(g), f"blocked by {name}"))
    drawn = _drawn_legal(locals())  # only what the ruling then accepts (legal_area)
    for g in [] if use_line else holeless(drawn):  # toward with room on the line: only the line is legal
        figures.append(Figure(f"region-{len(figures)}", "area", ring(g), "legal positions of the reference point"))
    for g in holeless(drawn) if use_line else []:
        figures.append(Figure(f"region-strip-{len(figures)}", "area", ring(g), "legal positions on a centre line"))
    for i, line in enumerate(trimmed_lines(drawn, u)):
        figures.append(
            Figure(
                f"region-line-{i}",
                "legal-line",
                tuple((float(x), float(y)) for x, y in line.coords),
                "legal positions along the line",
            )
        )
    figures.append(Figure("final", "base" if is_obstacle else "option", ring(s1), f"{piece.label} moved"))
    turn = p1.heading - p0.heading
    for t in scenario.of_kind("token"):
        if t.id in carried:  # drawn where it ends: turned about the obstacle's reference point, then moved
            at = shapely.affinity.translate(
                shapely.affinity.rotate(token_outline(t), -turn, origin=(p0.x, p0.y)), dx, dy
            )
            figures.append(Figure(f"carried-{t.id}", "option", ring(at), f"{t.label} carried"))

    outcome: dict[str, Any] = {
        "legal": not broken,
        "violations": [],  # filled in by the narration, with its messages
        "distance_band": band,
        "carried_tokens": carried,
        "stays": stay_ids,
        "lead_mm": round(max(lead, 0.0), 2),
        "region": {
            "area_mm2": round(region.area, 1),
            "on_centre_line_mm": round(_span(on_line, u), 1) if toward else None,
            "contains_proposed": within_region,
        },
        "ruler": {"positions": len(rulers) if toward else 1, "tied_stretch_mm": round(ruler.width, 2)},
    }
    if best is not None:
        outcome["as_close_as_possible"] = best
    if centre_fix is not None:
        outcome["centre_line_fix"] = {k: centre_fix[k] for k in ("side", "sideways_mm", "along_mm")}
    disputed = []
    if close_mines:
        disputed.append({"rule": R + "mine-spacing", "pieces": [piece.id, *close_mines]})
    if off_table:
        disputed.append({"rule": R + "play-area", "pieces": [piece.id]})
    if disputed:
        outcome["disputed"] = disputed
    facts: dict[str, Any] = {
        "kind": moved_kind,
        "piece": piece.id,
        "name": piece.label,
        "target": toward or "",
        "target_name": scenario.names([toward]) if toward else "",
        "hi": hi,
        "lo": lo,
        "d_max": d_max,
        "d_min": d_min,
        "moved": moved,
        "rotated": rotated,
        "shift": shift,
        "lead": lead,
        "band": band,
        "touching": touching,
        "tied": toward and ruler.width >= 1e-6,
        "tie_width": ruler.width,
        "rulers": len(rulers),
        "stay_reason": stay_reason,
        "broken": broken,
        "carried": carried,
        "carried_names": scenario.names(carried),
        "stay_ids": stay_ids,
        "stay_names": scenario.names(stay_ids),
        "close_mines": close_mines,
        "close_mine_names": scenario.names(close_mines),
        "off_table": off_table,
        "near_end_line": near_end_line,
        "close_line": close_line,
        "along": dx * u[0] + dy * u[1],
        "across": abs(dx * u[1] - dy * u[0]),
        "start_lead": start_lead,
        "outcome": outcome,
    }
    return facts, figures


def _drawn_legal(v: dict[str, Any]) -> BaseGeometry:
    """The legal places the picture draws (``legal_area``), from ``move_facts``'s own values."""
    lead_local = _lead(v["local"], (0.0, 0.0), v["u"])
    c0 = (v["p0"].x, v["p0"].y)
    if v["toward"]:
        ruler, lead_at = v["ruler"], v["lead_at"]

        def farthest() -> float | None:
            best = _farthest(v["admissible"], lead_at)
            return None if best is None else float(best["lead"])

        lo = least_lead(v["lo"], v["d_min"], farthest, lead_at(c0), AS_CLOSE_TOLERANCE_MM)
        return toward_part(
            v["region"], v["on_line"], v["use_line"], v["centre_lines"], ruler.u, ruler.e, lead_local, c0, lo
        )
    free, local, s0, d_max = v["free"], v["local"], v["s0"], v["d_max"]
    # the minimum's end line first: only when no spot reaches it is the farthest reachable looked for
    drawn = free_star(free, s0, local, c0, d_max, v["d_min"] if v["lo"] else None)
    if not v["lo"] or not drawn.is_empty:
        return drawn
    lo = least_lead(
        v["lo"],
        v["d_min"],
        lambda: _farthest_any_direction(free, local, s0, c0, d_max)[0],
        -math.inf,
        AS_CLOSE_TOLERANCE_MM,
    )
    return free_star(free, s0, local, c0, d_max, lo)


def _fix(proposed: shapely.Point, goal: BaseGeometry, ruler: Ruler) -> dict[str, Any]:
    """Which way and how far the proposal must go to reach ``goal``: sideways (left or right) and along the ruler."""
    q = nearest_points(goal, proposed)[0]
    vx, vy = q.x - proposed.x, q.y - proposed.y
    n = (-ruler.u[1], ruler.u[0])  # the table's y axis points up: n is to the left, looking along u
    sideways = vx * n[0] + vy * n[1]
    return {
        "side": "left" if sideways > 0 else "right",
        "sideways_mm": round(abs(sideways), 1),
        "along_mm": round(vx * ruler.u[0] + vy * ruler.u[1], 1),
    }


def _farthest_any_direction(
    free: BaseGeometry, local: Polygon, s0: Polygon, c0: Point, d_max: float
) -> tuple[float, float]:
    """The farthest lead a move in any direction (every 360/DIRECTIONS degrees) can reach, and how far it gets.

    Each direction has its own ruler and centre line through the reference point; the gain is the
    lead there less the lead standing still (not 0 for a piece whose edge is hollow where the line
    leaves it).  Both are 0 when no direction lets it move.
    """
    best = gain = 0.0
    for k in range(DIRECTIONS):
        t = 2 * math.pi * k / DIRECTIONS
        u = (math.sin(t), math.cos(t))
        e = _exit_point(s0, c0, u)
        lead_local = _lead(local, (0.0, 0.0), u)
        region = free.intersection(_half_plane(e, u, d_max - lead_local))
        ray = LineString([c0, (c0[0] + u[0] * 2 * d_max, c0[1] + u[1] * 2 * d_max)])
        for line in lines_of(region.intersection(ray)):
            for x, y in line.coords:
                best = max(best, lead_local + (x - e[0]) * u[0] + (y - e[1]) * u[1])
                gain = max(gain, (x - c0[0]) * u[0] + (y - c0[1]) * u[1])
    return best, gain


def _farthest(admissible: BaseGeometry, lead_at: Callable[[Point], float]) -> dict[str, Any] | None:
    """The admissible reference point with the greatest lead (lead is linear: its maximum is at a vertex)."""
    pts: list[Point] = []
    for g in polygons_of(admissible, 1.0):  # specks under 1 mm² are numerical slivers
        pts += [(float(x), float(y)) for x, y in g.exterior.coords]
    for line in lines_of(admissible):
        pts += [(float(x), float(y)) for x, y in line.coords]
    if not pts:
        return None
    x, y = max(pts, key=lead_at)
    return {"x": round(x, 2), "y": round(y, 2), "lead": round(lead_at((x, y)), 2)}


def _span(g: BaseGeometry, u: Point) -> float:
    """How long the legal centre-line positions are along the ruler: a line's length, a strip's extent along ``u``."""
    if not polygons_of(g, 1e-6):
        return float(g.length)
    pts = shapely.get_coordinates(g)
    along = pts[:, 0] * u[0] + pts[:, 1] * u[1]
    return float(along.max() - along.min())


def _half_plane(e: Point, u: Point, limit: float) -> Polygon:
    """Reference points c with (c - e)·u <= limit (a big square on that side of the line)."""
    n = (-u[1], u[0])
    a = (e[0] + u[0] * limit, e[1] + u[1] * limit)
    far = 5000.0
    return Polygon(
        [
            (a[0] + n[0] * far, a[1] + n[1] * far),
            (a[0] - n[0] * far, a[1] - n[1] * far),
            (a[0] - n[0] * far - u[0] * far, a[1] - n[1] * far - u[1] * far),
            (a[0] + n[0] * far - u[0] * far, a[1] + n[1] * far - u[1] * far),
        ]
    )


def _radius(p: Piece) -> float:
    """A round piece's radius: its measured outline's half width."""
    minx, _, maxx, _ = footprint(p).bounds
    return (maxx - minx) / 2
