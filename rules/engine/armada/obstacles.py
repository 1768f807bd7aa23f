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
blocker are Minkowski sums, built from a triangulation of the moved outline
and convex parts of the blockers (exact for polygons).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points

from rules.engine.armada import dimensions as dim
from rules.engine.armada.pieces import (
    footprint,
    footprint_parts,
    measured,
    play_area,
    reference_pose,
    token_outline,
)
from rules.engine.armada.verdict import Violations
from rules.engine.geometry import CLOSE_CALL_MM, Point, Pose, lines_of, overlaps, polygons_of, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario

R = "armada-1.5/obstacle-movement/"
LINE_TOLERANCE_MM = CLOSE_CALL_MM
"""A move toward a piece may stray this far sideways from the line and still follow it."""
AS_CLOSE_TOLERANCE_MM = 1.0
"""A blocked "toward" move is "as close as possible" when its lead is within this of the best legal one."""


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
    merged = True
    while merged:
        merged = False
        owners: dict[frozenset[Point], list[int]] = {}
        for i, r in enumerate(rings):
            if r is None:
                continue
            for k in range(len(r)):
                owners.setdefault(frozenset((r[k], r[(k + 1) % len(r)])), []).append(i)
        for edge, who in owners.items():
            if len(who) != 2:
                continue
            i, j = who
            ri, rj = rings[i], rings[j]
            assert ri is not None and rj is not None
            joined = _join(ri, rj, edge)
            if joined is not None and _is_convex(joined):
                rings[i], rings[j] = joined, None
                merged = True
                break
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


def minkowski_forbidden(
    blockers: list[tuple[str, list[Polygon]]],
    moved_local: Polygon,
    round_: tuple[tuple[str, float, float, float], ...] = (),
    moved_parts: list[Polygon] | None = None,
) -> tuple[BaseGeometry, dict[str, BaseGeometry]]:
    """Reference-point positions where ``moved_local`` (outline relative to its reference point) overlaps a blocker.

    B ⊕ (−S): for polygons (given by label with their convex parts), the union of
    convex hulls of pairwise vertex sums of convex parts (one vectorised shapely
    call); for a round base (label, x, y, r), exactly (−S) grown by r and moved
    to its centre.  ``moved_parts`` may give the moved outline's convex parts
    already (turned from its upright decomposition).  Returns the union and each
    blocker's own area (to label on the picture).
    """
    reflected = shapely.affinity.scale(moved_local, -1.0, -1.0, origin=(0, 0))
    neg = [np.asarray(p.exterior.coords)[:-1] * -1.0 for p in (moved_parts or _parts(moved_local))]
    clouds: list[np.ndarray] = []
    owner: list[str] = []
    for label, parts in blockers:
        for bp in parts:
            bc = np.asarray(bp.exterior.coords)[:-1]
            for sc in neg:
                clouds.append((bc[:, None, :] + sc[None, :, :]).reshape(-1, 2))
                owner.append(label)
    by_label: dict[str, list[BaseGeometry]] = {}
    if clouds:
        coords = np.concatenate(clouds)
        index = np.repeat(np.arange(len(clouds)), [len(c) for c in clouds])
        hulls = shapely.convex_hull(shapely.multipoints(shapely.points(coords), indices=index))
        for label, hull in zip(owner, hulls, strict=True):
            by_label.setdefault(label, []).append(hull)
    if round_:
        grown = {r: reflected.buffer(r, quad_segs=16) for r in {r for *_, r in round_}}
        for label, x, y, r in round_:
            by_label.setdefault(label, []).append(shapely.affinity.translate(grown[r], x, y))
    areas = {label: shapely.union_all(parts) for label, parts in by_label.items()}
    return (shapely.union_all(list(areas.values())) if areas else Polygon()), areas


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


def move_ruling(scenario: Scenario) -> Ruling:
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
    toward_name = scenario.names([toward]) if toward else ""
    dx, dy = p1.x - p0.x, p1.y - p0.y
    shift = math.hypot(dx, dy)
    rotated = is_obstacle and abs(((p1.heading - p0.heading + 180) % 360) - 180) > 0.01
    violations = Violations()
    warnings: list[str] = []
    steps: list[Step] = []
    figures: list[Figure] = []

    violate = violations.add

    # direction and the ruler
    if toward:
        target = scenario.piece(toward)
        pa, pb = nearest_points(s0, measured(target))
        e = (pa.x, pa.y)
        gap = math.hypot(pb.x - pa.x, pb.y - pa.y)
        u = (
            ((pb.x - pa.x) / gap, (pb.y - pa.y) / gap)
            if gap > 1e-9
            else (dx / shift, dy / shift)
            if shift
            else (0.0, 1.0)
        )
    elif shift > 1e-9:
        u = (dx / shift, dy / shift)
        e = _exit_point(s0, (p0.x, p0.y), u)
    else:
        u, e = (0.0, 1.0), _exit_point(s0, (p0.x, p0.y), (0.0, 1.0))
    stays = shift <= 1e-9 and not rotated
    local = _local(s1, p1)
    lead_local = _lead(local, (0.0, 0.0), u)

    def lead_at(c: Point) -> float:
        """How far the farthest part ends past the ruler's start with the reference point at ``c``."""
        return lead_local + (c[0] - e[0]) * u[0] + (c[1] - e[1]) * u[1]

    lead = lead_at((p1.x, p1.y)) if shift > 1e-9 else 0.0
    band = dim.band_of(max(lead, 0.0)) if shift > 1e-9 else 0
    end = (e[0] + u[0] * d_max, e[1] + u[1] * d_max)
    normal = (-u[1], u[0])
    figures.append(Figure("ruler", "line", (e, end), f"range ruler to the end of distance {hi}"))
    figures.append(
        Figure(
            "end-line",
            "line",
            ((end[0] - normal[0] * 60, end[1] - normal[1] * 60), (end[0] + normal[0] * 60, end[1] + normal[1] * 60)),
            f"end of distance {hi}",
        )
    )
    if lo:
        m = (e[0] + u[0] * d_min, e[1] + u[1] * d_min)
        figures.append(
            Figure(
                "min-line",
                "line",
                ((m[0] - normal[0] * 40, m[1] - normal[1] * 40), (m[0] + normal[0] * 40, m[1] + normal[1] * 40)),
                f"end of distance {lo} (minimum)",
            )
        )
    steps.append(
        Step(
            f"The ruler: toward {toward_name}" if toward else "The ruler",
            (
                f"Toward {toward_name}: the ruler lies along the line from the closest point of {piece.label} to the "
                f"closest point of {toward_name}, its distance-1 end touching {piece.label}'s edge there. "
                f"Where any legal placement puts the {moved_kind}'s centre on the ruler's centre line, it must be "
                "placed so; otherwise as close to that line as it can."
                if toward
                else f"The ruler lies flat, distance side up, the centre of its distance-1 end touching "
                f"{piece.label}'s edge, its centre line along the direction of the move (through the piece's centre)."
            )
            + f" The {moved_kind} may not end with any part beyond the end line of distance {hi} ({d_max} mm ≈).",
            (R + "direction", R + "along-ruler", "armada-1.5/geometry/bands")
            + ((R + "toward", R + "centre-line") if toward else (R + "centre-line",)),
            (piece.id, "ruler", "end-line"),
        )
    )

    # what it may not overlap, and what rides along or stays
    carried = [t.id for t in scenario.of_kind("token") if is_obstacle and overlaps(token_outline(t), s0)]
    stay_ids = [p.id for p in scenario.pieces if p.kind in ("ship", "squadron") and overlaps(footprint(p), s0)]
    # a token may end on other pieces (derived, see the step below)
    blocker_pieces = [p for p in scenario.pieces if p.id != piece.id and p.id not in carried] if is_obstacle else []
    blockers = [footprint(p) for p in blocker_pieces]
    # only what the moved piece can reach matters for its legal region: it stays within distance max
    reach = s0.buffer(d_max + 1.0)
    near = [(p, b) for p, b in zip(blocker_pieces, blockers, strict=True) if b.intersects(reach)]
    poly_blockers = [(p.id, footprint_parts(p)) for p, _ in near if p.kind not in ("squadron", "token")]
    round_blockers = tuple(
        (p.id, float(p.get("x")), float(p.get("y")), _radius(p)) for p, _ in near if p.kind in ("squadron", "token")
    )

    # where its reference point may legally go (for the proposed rotation): within the rotation limit,
    # overlapping nothing, no part past the end line; toward a piece, on the centre line where possible
    grown = s0.buffer(d_max, quad_segs=16)
    inner = grown
    for x, y in np.asarray(local.convex_hull.exterior.coords)[:-1]:
        inner = inner.intersection(shapely.affinity.translate(grown, -x, -y))
    upright = token_outline(piece, Pose(0.0, 0.0, 0.0))  # decomposed once per shape, then turned
    moved_parts = [shapely.affinity.rotate(q, -p1.heading, origin=(0, 0)) for q in convex_parts(upright)]
    forbidden, blocked_by = minkowski_forbidden(poly_blockers, local, round_blockers, moved_parts)
    region = inner.difference(forbidden) if not forbidden.is_empty else inner
    region = region.intersection(_half_plane(e, u, d_max - lead_local))
    centre_line = LineString([(e[0] - u[0] * 1000, e[1] - u[1] * 1000), (e[0] + u[0] * 1000, e[1] + u[1] * 1000)])
    on_line = region.intersection(centre_line) if toward else LineString()
    use_line = bool(toward) and bool(lines_of(on_line))
    admissible = on_line if use_line else region
    proposed = shapely.Point(p1.x, p1.y)
    within_region = not admissible.is_empty and admissible.distance(proposed) <= CLOSE_CALL_MM

    if not stays:
        if shift > 1e-9 and lead > d_max + 1e-9:
            violate(
                R + "along-ruler",
                f"part of {piece.label} would be {lead:.1f} mm past the ruler's start: beyond the end of distance {hi}",
                [piece.id],
            )
        elif shift > 1e-9 and d_max - lead <= CLOSE_CALL_MM:
            warnings.append(
                f"{piece.label}: within {CLOSE_CALL_MM} mm of the distance {hi} end line; measure on the table"
            )
        if not s0.buffer(d_max, quad_segs=32).covers(s1):
            violate(
                R + "rotation" if rotated else R + "along-ruler",
                f"part of {piece.label} would end beyond distance {hi} of its original position",
                [piece.id],
            )
        hit = [p.id for p, b in zip(blocker_pieces, blockers, strict=True) if overlaps(s1, b)]
        if hit:
            violate(R + "no-overlap", f"{piece.label} would overlap {scenario.names(hit)}", [piece.id, *hit])
        if toward and shift > 1e-9:
            if dx * u[0] + dy * u[1] < -CLOSE_CALL_MM:
                violate(R + "toward", f"{piece.label} would move away from {scenario.names([toward])}", [piece.id])
            off_line = centre_line.distance(proposed)
            if use_line and off_line > LINE_TOLERANCE_MM:
                violate(
                    R + "centre-line",
                    f"its centre is {off_line:.1f} mm off the ruler's centre line, where legal placements exist",
                    [piece.id],
                )
            elif not use_line and not region.is_empty:
                closest = region.distance(centre_line)
                if off_line > closest + LINE_TOLERANCE_MM:
                    violate(
                        R + "centre-line",
                        f"its centre is {off_line:.1f} mm off the ruler's centre line; it could be {closest:.1f} mm",
                        [piece.id],
                    )
        if not play_area(scenario).covers(s1):
            warnings.append(f"{piece.label} would end partly outside the play area; the rules do not say it may")

    # the minimum, and "as close as possible"
    best: dict[str, Any] | None = None
    if lo and stays:
        violate(R + "may-stay", f"a minimum of distance {lo} is given: {piece.label} may not stay", [piece.id])
    elif lo and toward:
        best = _farthest(admissible, lead_at)
        if best is not None and best["lead"] >= d_min - 1e-9:
            best = None  # the minimum can be reached: no "as close as possible" fallback
            if lead < d_min - 1e-9:
                violate(
                    R + "toward-minimum",
                    f"{piece.label} must reach at least the end of distance {lo} ({d_min} mm ≈); "
                    f"it reaches {max(lead, 0):.1f} mm",
                    [piece.id],
                )
        elif best is not None and best["lead"] - lead > AS_CLOSE_TOLERANCE_MM:
            violate(
                R + "toward-as-close",
                f"distance {lo} cannot be reached, but {piece.label} can get to {best['lead']:.1f} mm "
                f"(centre at {best['x']:.1f}, {best['y']:.1f}); it must go as close as possible",
                [piece.id],
            )
    elif lo and lead < d_min - 1e-9:
        violate(
            R + "toward-minimum",
            f"a minimum of distance {lo} is given: {piece.label} must reach at least the end of distance {lo} "
            f"({d_min} mm ≈); it reaches {max(lead, 0):.1f} mm",
            [piece.id],
        )

    if stays:
        steps.append(
            Step(
                f"{piece.label} stays where it is",
                "With no minimum given, the player moving it may leave it where it is.",
                (R + "may-stay",),
                (piece.id,),
            )
        )
    else:
        steps.append(
            Step(
                f"It moves {shift:.1f} mm" + (" and rotates" if rotated else ""),
                f"Its farthest part ends {max(lead, 0):.1f} mm past the ruler's start: distance {band or 0}."
                + (
                    f" Rotated, no part of it may end beyond distance {hi} of its original position." if rotated else ""
                ),
                (R + "along-ruler", R + "move-through") + ((R + "rotation", R + "within-rotation") if rotated else ()),
                (piece.id, "final", "end-line"),
            )
        )
        if is_obstacle:
            hit_text = [v["message"] for v in violations if v["rule"] == R + "no-overlap"]
            steps.append(
                Step(
                    "Only the final position counts",
                    "It may pass through anything; at its final position it may not overlap ships (shield dials and "
                    "frames included), squadrons, other obstacles or tokens. Touching is allowed. "
                    + (hit_text[0] + "." if hit_text else "It overlaps none."),
                    (R + "move-through", R + "no-overlap", R + "touching"),
                    (piece.id, "region"),
                )
            )
        else:
            steps.append(
                Step(
                    "A token may end on other pieces",
                    "The no-overlap rule of seed 001 is written for obstacles; a moved token may end on an obstacle or "
                    "under a ship (FAQ on Strategic). Proximity mines keep their own spacing.",
                    (R + "move-through",),
                    (piece.id,),
                    derived=True,
                )
            )
    if carried:
        steps.append(
            Step(
                f"Tokens on it move with it: {scenario.names(carried)}",
                "A token placed on the obstacle stays on it.",
                (R + "tokens-ride",),
                tuple(carried),
            )
        )
    if stay_ids:
        steps.append(
            Step(
                f"{scenario.names(stay_ids)} stay where they are",
                "Ships and squadrons on a moved obstacle stay in place; the owner may mark a ship's position and "
                "lift it out of the way, then put it back.",
                (R + "ships-stay",),
                tuple(stay_ids),
            )
        )
    if piece.type == "proximity-mine":
        close = [
            t.id
            for t in scenario.of_kind("token")
            if t.id != piece.id
            and t.type == "proximity-mine"
            and s1.distance(token_outline(t)) <= dim.DISTANCE_BANDS[0]
        ]
        if close:
            warnings.append(
                f"{piece.label} ends within distance 1 of {scenario.names(close)}: "
                "mines are placed beyond distance 1 of each other"
            )
    if best is not None and toward:
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
            figures.append(Figure(f"blocked-{label}-{len(figures)}", "blocked", ring(g), f"blocked by {label}"))
    for g in [] if use_line else polygons_of(region, 1.0):  # toward with room on the line: only the line is legal
        figures.append(Figure(f"region-{len(figures)}", "area", ring(g), "legal positions of the reference point"))
    for i, line in enumerate(lines_of(on_line)):
        figures.append(
            Figure(
                f"region-line-{i}",
                "line",
                tuple((float(x), float(y)) for x, y in line.coords),
                "legal positions along the line",
            )
        )
    figures.append(Figure("final", "base" if is_obstacle else "option", ring(s1), f"{piece.label} moved"))
    legal = not violations
    steps.append(violations.step("move", R + "along-ruler", (piece.id,)))
    outcome: dict[str, Any] = {
        "legal": legal,
        "violations": violations,
        "distance_band": band,
        "carried_tokens": carried,
        "stays": stay_ids,
        "lead_mm": round(max(lead, 0.0), 2),
        "region": {
            "area_mm2": round(region.area, 1),
            "on_centre_line_mm": round(on_line.length, 1) if toward else None,
            "contains_proposed": within_region,
        },
    }
    if best is not None:
        outcome["as_close_as_possible"] = best
    summary = f"Moving {piece.label}: {'legal' if legal else 'not legal'}."
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)


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
