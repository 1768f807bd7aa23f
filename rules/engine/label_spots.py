"""Where a picture's label goes: next to what it names, off the other labels and the marks it must not hide.

A label that found its first spot taken used to step aside by whole label widths, up to eight of them, and
landed hundreds of millimetres from its piece (issue 22). Here every spot tried stays within ``NEAR`` label
heights of the outline of what the label names, the nearest first; when none of them is free, the label
takes the one it overlaps least rather than float away.
"""

from __future__ import annotations

import math

from shapely import Polygon, box
from shapely.geometry.base import BaseGeometry

type Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 (table mm)."""

NEAR = 1.0
"""How far a label's box may stand from the outline of what it names, in label heights."""
MAX_STEPS = 24
"""Spots tried across each direction of the area a label may take: the grid is at most this fine, so a
large piece (a huge ship) costs no more than a small one."""


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _within(a: Box, view: Box) -> bool:
    return view[0] <= a[0] and a[2] <= view[2] and view[1] <= a[1] and a[3] <= view[3]


def spot(
    first: Box,
    named: BaseGeometry,
    *,
    taken: list[Box],
    marks: list[Polygon],
    view: Box | None = None,
) -> Box:
    """The box a label takes: ``first`` (the label where it would go) if that is free, else the free spot
    nearest to it within ``NEAR`` label heights of ``named``; if none is free, the spot in that reach that
    covers the fewest ``marks`` and the least of the ``taken`` labels. A spot inside ``view`` is preferred
    when ``first`` is inside it (a label is not cut at the picture's edge)."""
    w, h = first[2] - first[0], first[3] - first[1]
    reach = NEAR * h
    fx, fy = (first[0] + first[2]) / 2, (first[1] + first[3]) / 2
    nx0, ny0, nx1, ny1 = named.bounds if not named.is_empty else first
    # centres whose box is at most ``reach`` from what is named (by its bounds; the outline is checked after)
    lo_x, hi_x = nx0 - reach - w / 2, nx1 + reach + w / 2
    lo_y, hi_y = ny0 - reach - h / 2, ny1 + reach + h / 2
    sx = max(h / 2, (hi_x - lo_x) / MAX_STEPS)
    sy = max(h / 4, (hi_y - lo_y) / MAX_STEPS)
    xs = [fx + i * sx for i in range(math.floor((lo_x - fx) / sx), math.ceil((hi_x - fx) / sx) + 1)]
    ys = [fy + j * sy for j in range(math.floor((lo_y - fy) / sy), math.ceil((hi_y - fy) / sy) + 1)]
    centres = [(x, y) for x in xs for y in ys if lo_x - 1e-9 <= x <= hi_x + 1e-9 and lo_y - 1e-9 <= y <= hi_y + 1e-9]
    centres.sort(key=lambda c: (c[0] - fx) ** 2 + (c[1] - fy) ** 2)
    boxes = [first] + [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in centres]
    keep_in = view if view is not None and _within(first, view) else None
    mark_bounds = [(m, m.bounds) for m in marks]

    def marks_hit(b: Box) -> int:
        shape = box(*b)
        return sum(1 for m, mb in mark_bounds if _overlap_or_touch(b, mb) and shape.intersects(m))

    def near(b: Box) -> bool:
        return named.is_empty or box(*b).distance(named) <= reach + 1e-6

    fallback: tuple[float, float, Box] | None = None
    for b in boxes:
        if keep_in is not None and not _within(b, keep_in):
            continue
        if not near(b):
            continue
        covered = sum(_overlap(b, t) for t in taken)
        hits = marks_hit(b) if marks else 0
        if covered == 0 and hits == 0:
            return b
        score = (hits, covered)
        if fallback is None or score < fallback[:2]:
            fallback = (*score, b)
    return fallback[2] if fallback is not None else first


def _overlap_or_touch(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
