"""Where a piece added by name lands: mid-table, near the view's centre, or exactly where it was dropped from
the palette, never on top of a placed piece (one drawn above it would take the drag)."""

from __future__ import annotations

import re
from typing import Any

from rules.engine import games
from rules.engine.form import fresh_id, number

NEAR = ("near_x", "near_y")
"""Where the table's view is centred (mm, set by the page's script): a piece added by name lands there."""


AT = ("at_x", "at_y")
"""Where a piece dragged from the palette was dropped (mm, set by the page's script): it is added exactly there."""


def _near(data: Any, table: tuple[float, float], keys: tuple[str, str] = NEAR) -> tuple[float, float] | None:
    """The view's centre (or with ``AT`` the drop point) sent with an add, on the table (None without one)."""
    x, y = (number(str(data.get(k) or "")) for k in keys)
    if isinstance(x, int | float) and isinstance(y, int | float) and 0 < x < table[0] and 0 < y < table[1]:
        return float(x), float(y)
    return None


def named_row(key: str, rows: list[dict[str, Any]], near: Any = None) -> dict[str, Any]:
    """A new row for a piece picked by name: its facts filled in, an id of its own, mid-table or near
    the view's centre (``near``: the submitted data with ``near_x``/``near_y``), or exactly where it was
    dropped (``at_x``/``at_y``)."""
    game_name, _, rest = key.partition(":")
    if game_name not in games.names():
        return {}
    game = games.get(game_name)
    entry = next((e for _, entries in game.palette for e in entries if e[0] == rest), None)
    if entry is None:
        return {}
    _, name, values = entry
    base = re.sub(r"[^a-z0-9]+", "-", name.split("(")[0].lower()).strip("-")[:18].strip("-") or "piece"
    dropped = _near(near, game.default_table, AT) if near is not None else None
    if dropped is not None:  # put down there on purpose (on a template, partly under a base): not moved off it
        x, y = (round(v, 2) for v in dropped)
    else:
        x, y = _free_spot(game.default_table, rows, _near(near, game.default_table) if near is not None else None)
    row = {"id": fresh_id(base, {r.get("id") for r in rows}), "x": str(x), "y": str(y), "heading": "0", **values}
    return row | (game.form.chassis_row(str(values.get("chassis", ""))) or {})


FREE_SPACING = 90
"""mm between the centres of pieces added by name: enough that none lands on top of another."""


def _free_spot(
    table: tuple[float, float], rows: list[dict[str, Any]], centre: tuple[float, float] | None = None
) -> tuple[int, int]:
    """Mid-table, or the nearest spot on a 90 mm grid around it that no placed piece's centre is near.

    A piece added on top of another could not be picked up: the one drawn above it takes the drag.
    """
    w, h = table
    cx, cy = (round(centre[0]), round(centre[1])) if centre else (round(w / 2), round(h / 2))
    taken = []
    for r in rows:
        x, y = number(str(r.get("x"))), number(str(r.get("y")))  # as typed: "12,5" is a number too
        if isinstance(x, int | float) and isinstance(y, int | float):
            taken.append((x, y))
    spots = [
        (cx + i * FREE_SPACING, cy + j * FREE_SPACING)
        for i in range(-4, 5)
        for j in range(-4, 5)
        if 0 < cx + i * FREE_SPACING < w and 0 < cy + j * FREE_SPACING < h
    ]
    spots.sort(key=lambda s: (abs(s[0] - cx) + abs(s[1] - cy), -s[1], s[0]))
    for sx, sy in spots:
        if all(abs(sx - tx) >= FREE_SPACING or abs(sy - ty) >= FREE_SPACING for tx, ty in taken):
            return sx, sy
    return cx, cy
