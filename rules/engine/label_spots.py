"""Where a picture's label goes: next to what it names, off the other labels and the marks it must not hide.

A label that found its first spot taken used to step aside by whole label widths, up to eight of them, and
landed hundreds of millimetres from its piece (issue 22). Here every spot tried stays within ``NEAR`` label
heights of the outline of what the label names, the nearest first; when none of them is free, the label
takes the one it overlaps least rather than float away.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely import Polygon, box
from shapely.geometry.base import BaseGeometry

type Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 (table mm)."""

NEAR = 1.0
"""How far a label's box may stand from the outline of what it names, in label heights."""
MAX_STEPS = 16
CHUNK = 48
"""Spots tested at once, nearest first."""
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
    mark_bounds: list[Box] | None = None,
) -> Box:
    """The box a label takes: ``first`` (the label where it would go) if that is free, else the free spot
    nearest to it within ``NEAR`` label heights of ``named``; if none is free, the spot in that reach that
    covers the fewest ``marks`` and the least of the ``taken`` labels. A spot inside ``view`` is preferred
    when ``first`` is inside it (a label is not cut at the picture's edge).

    Most labels find ``first`` free; the others test every spot at once (numpy and shapely's array
    functions): a busy table's picture draws dozens of labels while a preview is dragged. ``mark_bounds``
    are the marks' bounds when the caller keeps them (they are the same for every label of a picture)."""
    if mark_bounds is None:
        mark_bounds = [m.bounds for m in marks]
    keep_in = view if view is not None and _within(first, view) else None
    if not any(_overlap(first, t) for t in taken) and not _hits_one(first, marks, mark_bounds):
        return first
    b = _candidates(first, named)
    if keep_in is not None:
        b = b[(b[:, 0] >= keep_in[0]) & (b[:, 2] <= keep_in[2]) & (b[:, 1] >= keep_in[1]) & (b[:, 3] <= keep_in[3])]
    t = np.asarray(taken, dtype=float).reshape(-1, 4)
    m = np.asarray(marks, dtype=object)
    mb = np.asarray(mark_bounds, dtype=float).reshape(-1, 4)
    reach = NEAR * (first[3] - first[1]) + 1e-6
    best: tuple[int, float, Box] | None = None
    # the nearest spots first, a chunk at a time: most labels find a free one among the first few
    for start in range(0, len(b), CHUNK):
        c = b[start : start + CHUNK]
        shapes = shapely.box(c[:, 0], c[:, 1], c[:, 2], c[:, 3])
        if not named.is_empty:
            near = shapely.distance(shapes, named) <= reach
            c, shapes = c[near], shapes[near]
        if not len(c):
            continue
        wx = np.minimum(c[:, None, 2], t[None, :, 2]) - np.maximum(c[:, None, 0], t[None, :, 0])
        wy = np.minimum(c[:, None, 3], t[None, :, 3]) - np.maximum(c[:, None, 1], t[None, :, 1])
        covered = (np.clip(wx, 0, None) * np.clip(wy, 0, None)).sum(axis=1)
        hits = np.zeros(len(c), dtype=int)
        close = (
            (c[:, None, 0] <= mb[None, :, 2])
            & (mb[None, :, 0] <= c[:, None, 2])
            & (c[:, None, 1] <= mb[None, :, 3])
            & (mb[None, :, 1] <= c[:, None, 3])
        )
        i, j = np.nonzero(close)
        if len(i):
            np.add.at(hits, i, shapely.intersects(shapes[i], m[j]).astype(int))
        # the nearest free spot; failing every one, the fewest marks covered, then the least label area
        k = int(np.lexsort((np.arange(len(c)), covered, hits))[0])
        if hits[k] == 0 and covered[k] == 0:
            return tuple(float(v) for v in c[k])  # type: ignore[return-value]
        if best is None or (int(hits[k]), float(covered[k])) < best[:2]:
            best = (int(hits[k]), float(covered[k]), tuple(float(v) for v in c[k]))  # type: ignore[assignment]
    return best[2] if best is not None else first


def _hits_one(b: Box, marks: list[Polygon], bounds: list[Box]) -> bool:
    """Whether a box covers any of the marks (their bounds first: most are far away)."""
    shape = None
    for m, (x0, y0, x1, y1) in zip(marks, bounds, strict=True):
        if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]:
            shape = shape or box(*b)
            if shape.intersects(m):
                return True
    return False


def _candidates(first: Box, named: BaseGeometry) -> np.ndarray:
    """Spots around ``first`` (same size; rows of x0, y0, x1, y1) whose box may lie within reach of ``named``
    (by its bounds; the outline is checked after), ``first`` and then the nearest to it first."""
    w, h = first[2] - first[0], first[3] - first[1]
    reach = NEAR * h
    fx, fy = (first[0] + first[2]) / 2, (first[1] + first[3]) / 2
    nx0, ny0, nx1, ny1 = named.bounds if not named.is_empty else first
    lo_x, hi_x = nx0 - reach - w / 2, nx1 + reach + w / 2
    lo_y, hi_y = ny0 - reach - h / 2, ny1 + reach + h / 2
    sx = max(h / 2, (hi_x - lo_x) / MAX_STEPS)
    sy = max(h / 4, (hi_y - lo_y) / MAX_STEPS)
    xs = fx + sx * np.arange(math.floor((lo_x - fx) / sx), math.ceil((hi_x - fx) / sx) + 1)
    ys = fy + sy * np.arange(math.floor((lo_y - fy) / sy), math.ceil((hi_y - fy) / sy) + 1)
    xs = xs[(xs >= lo_x - 1e-9) & (xs <= hi_x + 1e-9)]
    ys = ys[(ys >= lo_y - 1e-9) & (ys <= hi_y + 1e-9)]
    cx, cy = (a.ravel() for a in np.meshgrid(xs, ys))
    order = np.argsort((cx - fx) ** 2 + (cy - fy) ** 2, kind="stable")
    cx, cy = cx[order], cy[order]
    spots = np.column_stack((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return np.vstack((np.asarray([first], dtype=float), spots))
