"""Where a piece added by name goes: the nearest spot to the view's centre where its real outline is clear.

A piece put down on another (or on a ship's shield-dial frame) starts the table in an illegal state, and
the one drawn above takes every drag.  The search uses each game's own outline (``Game.outline``: an
Armada ship's base with its dial frames, an obstacle's measured card) and keeps the game's gap
(``Game.spacing``), else at least ``MIN_GAP``.  Game-neutral: it names no game.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from shapely import Polygon, box, prepared, unary_union
from shapely.affinity import translate

from rules.engine.checker import COORD_MARGIN, Checker
from rules.engine.game import Game
from rules.engine.scenario import Piece, parse_piece

MIN_GAP = 10.0
"""mm kept between any two pieces when the game's wider gap leaves no room."""
RING_STEP = 15.0
"""mm between the rings searched around the centre, and between the spots on each ring."""


def _normalised(game: Game, doc: Mapping[str, Any], table: tuple[float, float]) -> Piece | None:
    """A piece document as the parser reads it (None where it is incomplete or wrong: it takes no room)."""
    w, h = table
    bounds = (-COORD_MARGIN, w + COORD_MARGIN, -COORD_MARGIN, h + COORD_MARGIN)
    out = parse_piece(Checker(), game, dict(doc), "piece", bounds)
    return None if out is None else Piece(out["id"], out["kind"], MappingProxyType(out))


def _outline(game: Game, piece: Piece) -> Polygon | None:
    try:
        shape = game.outline(piece)
    except (KeyError, ValueError, TypeError):  # a shape or size the catalogue does not know: no room taken
        return None
    return shape if not shape.is_empty else None


def rings(centre: tuple[float, float], reach: float) -> Iterator[tuple[float, float]]:
    """Spots around ``centre``, ring after ring outward (``RING_STEP`` apart), within ``reach``;
    on each ring starting straight up the table (larger y) and going round."""
    cx, cy = centre
    yield cx, cy
    r = RING_STEP
    while r <= reach:
        n = max(6, math.ceil(2 * math.pi * r / RING_STEP))
        for k in range(n):
            a = 2 * math.pi * k / n
            yield cx + r * math.sin(a), cy + r * math.cos(a)
        r += RING_STEP


def free_spot(
    game: Game,
    placed: list[Mapping[str, Any]],
    new: Mapping[str, Any],
    table: tuple[float, float],
    centre: tuple[float, float],
) -> tuple[float, float] | None:
    """Where ``new`` (a piece document; its ``x``/``y`` are replaced) fits nearest ``centre``: wholly on
    the table and the game's gap (``Game.spacing``) from every piece in ``placed``; failing that at least
    ``MIN_GAP`` from each; None where neither fits (or the new piece has no outline)."""
    w, h = table
    start = _normalised(game, {**new, "x": w / 2, "y": h / 2}, table)
    shape = _outline(game, start) if start is not None else None
    if start is None or shape is None:
        return None
    others = [
        (p, o)
        for doc in placed
        if (p := _normalised(game, doc, table)) is not None and (o := _outline(game, p)) is not None
    ]
    on_table = prepared.prep(box(0, 0, w, h))
    reach = math.hypot(w, h)
    for wide in (True, False):
        gaps = [max(game.spacing(start, p), MIN_GAP) if wide else MIN_GAP for p, _ in others]
        keep_out = unary_union([o.buffer(g + 1.5, quad_segs=16) for (_, o), g in zip(others, gaps, strict=True)])
        blocked = prepared.prep(keep_out)
        for x, y in rings(centre, reach):
            if not (0 < x < w and 0 < y < h):
                continue
            here = translate(shape, x - w / 2, y - h / 2)
            if on_table.contains(here) and (keep_out.is_empty or not blocked.intersects(here)):
                return round(x), round(y)  # whole mm: the margin of 1.5 mm covers the rounding
        if not others:
            break
    return None
