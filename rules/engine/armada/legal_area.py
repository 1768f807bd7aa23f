"""What an obstacle or token move's picture draws as legal: only places the ruling then accepts.

The ruling's region (``obstacles.move_facts``) is where the reference point may go without overlapping
anything or passing the end line of the one ruler drawn. What a player taps must also meet the rest:
- without "toward", each direction has its own ruler, so the end line (and a minimum's) lie at a different
  distance in each: the legal places are an annulus-like star around the start, cut by what blocks;
- toward a piece, only the centre line (or the places closest to it when it is blocked) counts, from the
  minimum's end line (or as close as possible) onward, never backward or sideways.
Each bound is drawn a little inside (``MARGIN``) so a spot on a drawn edge, rounded to hundredths, stays
legal. Areas are drawn without holes (a picture's area is an outline), so a hole is cut open.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from rules.engine.geometry import CLOSE_CALL_MM, Point, lines_of, polygons_of

MARGIN = 0.05
"""mm every drawn bound keeps inside the ruled one (a stored position is rounded to hundredths)."""
STAR_DIRECTIONS = 360
"""Directions (every degree) whose own ruler bounds the legal star without "toward"."""
SPECK_MM2 = 1.0
"""Drawn areas smaller than this are numerical slivers."""


def _exit_distances(s0: Polygon, c0: Point, us: np.ndarray) -> np.ndarray:
    """How far along each direction the ray from ``c0`` last leaves ``s0`` (the ruler's contact point)."""
    pts = np.asarray(s0.exterior.coords)
    a, b = pts[:-1] - c0, pts[1:] - c0
    d = b - a
    ux, uy = us[:, 0:1], us[:, 1:2]
    denom = ux * d[:, 1] - uy * d[:, 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (a[:, 0] * d[:, 1] - a[:, 1] * d[:, 0]) / denom
        s = (a[:, 0] * uy - a[:, 1] * ux) / denom
    ok = (np.abs(denom) > 1e-12) & (s >= -1e-9) & (s <= 1 + 1e-9) & (t >= 0)
    return np.where(ok, t, 0.0).max(axis=1)


def _star(c0: Point, us: np.ndarray, radii: np.ndarray) -> Polygon:
    """The polygon through ``c0 + r·u`` for each direction (radii clamped to a hair above 0)."""
    r = np.maximum(radii, 1e-3)[:, None]
    return Polygon(np.asarray(c0) + us * r).buffer(0)


def free_star(
    free: BaseGeometry, s0: Polygon, local: Polygon, c0: Point, d_max: float, lo_lead: float | None
) -> BaseGeometry:
    """Without "toward": where the reference point may go with every direction's own ruler obeyed.

    Moving by ``t`` along ``u`` puts the farthest part ``h(u) + t`` past the ruler's start, with
    ``h(u)`` the moved outline's reach along ``u`` less the start's exit distance. Each sector between two
    sampled directions takes the stricter bound of its two sides, less how much ``h`` changes across it.
    """
    k = np.arange(STAR_DIRECTIONS) * 2 * math.pi / STAR_DIRECTIONS
    us = np.column_stack([np.sin(k), np.cos(k)])
    reach = (np.asarray(local.exterior.coords) @ us.T).max(axis=0)
    h = reach - _exit_distances(s0, c0, us)
    h_next = np.roll(h, -1)
    slack = np.abs(h_next - h) + MARGIN
    hi = np.minimum(d_max - h, d_max - h_next) - slack
    # a sector's bound put on both its directions: each direction keeps the stricter of its two sectors
    outer = np.minimum(hi, np.roll(hi, 1))
    star = _star(c0, us, outer).intersection(free)
    if lo_lead is not None:
        lo = np.maximum(lo_lead - h, lo_lead - h_next) + slack
        inner = np.maximum(lo, np.roll(lo, 1))
        # the chord between two directions cuts inside the circle: a hair more, so it stays outside
        inner = inner / math.cos(math.pi / STAR_DIRECTIONS) + MARGIN
        star = star.difference(_star(c0, us, inner))
    return star


def toward_part(
    region: BaseGeometry,
    on_line: BaseGeometry,
    use_line: bool,
    centre_lines: BaseGeometry,
    u: Point,
    e: Point,
    lead_local: float,
    c0: Point,
    lo_lead: float | None,
) -> BaseGeometry:
    """Toward a piece: the centre line's legal part (or, when it is blocked, the closest places), forward
    of the start by more than a close call, and from the minimum's end line (or as close as possible) on."""
    if use_line:
        base = on_line
    elif region.is_empty:
        return Polygon()
    else:
        closest = region.distance(centre_lines)
        base = region.intersection(centre_lines.buffer(closest + CLOSE_CALL_MM - MARGIN))
    start = (c0[0] - e[0]) * u[0] + (c0[1] - e[1]) * u[1]
    least = start + CLOSE_CALL_MM + MARGIN  # not backward, nor a sideways shuffle
    if lo_lead is not None:
        least = max(least, lo_lead - lead_local + MARGIN)
    n = (-u[1], u[0])
    far, a = 5000.0, (e[0] + u[0] * least, e[1] + u[1] * least)
    ahead = Polygon(
        [
            (a[0] + n[0] * far, a[1] + n[1] * far),
            (a[0] - n[0] * far, a[1] - n[1] * far),
            (a[0] - n[0] * far + u[0] * far, a[1] - n[1] * far + u[1] * far),
            (a[0] + n[0] * far + u[0] * far, a[1] + n[1] * far + u[1] * far),
        ]
    )
    return base.intersection(ahead)


def trimmed_lines(g: BaseGeometry, u: Point) -> list[LineString]:
    """Each line's ends pulled in by ``MARGIN`` (the far end may touch the end line, rounding must not pass it)."""
    out = []
    for line in lines_of(g):
        if line.length > 2 * MARGIN + 1e-6:
            out.append(shapely.ops.substring(line, MARGIN, line.length - MARGIN))
    return [line for line in out if isinstance(line, LineString) and not line.is_empty]


def holeless(g: BaseGeometry) -> list[Polygon]:
    """The areas drawn, shrunk by ``MARGIN``, each without holes (a hole is split open across its middle)."""
    out: list[Polygon] = []
    todo = polygons_of(g.buffer(-MARGIN, quad_segs=2), SPECK_MM2)  # a round corner within 0.005 mm
    while todo:
        p = todo.pop()
        if not p.interiors:
            out.append(p)
            continue
        x = Polygon(p.interiors[0]).representative_point().x
        minx, miny, maxx, maxy = p.bounds
        for half in (shapely.box(minx - 1, miny - 1, x, maxy + 1), shapely.box(x, miny - 1, maxx + 1, maxy + 1)):
            todo += polygons_of(p.intersection(half), SPECK_MM2)
    return out


def least_lead(
    lo: int, d_min: float, farthest: Callable[[], float | None], start_lead: float, tolerance: float
) -> float | None:
    """The lead a destination needs: the minimum's end line when it can be reached, else as close as possible
    (within the ruling's tolerance of the farthest reachable); None without a minimum."""
    if not lo:
        return None
    best = farthest()
    if best is None or best >= d_min - 1e-9:
        return d_min
    return max(best - tolerance, start_lead)
