"""Where a piece added by name lands: mid-table, near the view's centre, or exactly where it was dropped from
the palette, never on top of a placed piece (one drawn above it would take the drag)."""

from __future__ import annotations

import re
from typing import Any

from rules.engine import games, placement
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
    row = {"id": fresh_id(base, {r.get("id") for r in rows}), "heading": "0", **values}
    row |= game.form.chassis_row(str(values.get("chassis", ""))) or {}
    if dropped is not None:  # put down there on purpose (on a template, partly under a base): not moved off it
        x, y = (round(v, 2) for v in dropped)
    else:
        centre = _near(near, game.default_table) if near is not None else None
        x, y = _free_spot(game, rows, row, centre)
    return {"id": row.pop("id"), "x": f"{x:g}", "y": f"{y:g}", **row}


def _free_spot(
    game: Any, rows: list[dict[str, Any]], row: dict[str, Any], centre: tuple[float, float] | None
) -> tuple[float, float]:
    """The spot nearest the view's centre (else mid-table) where the new piece's real outline is clear of
    every placed piece (``rules.engine.placement``); the centre itself where nothing fits.

    A piece added on top of another starts the table illegal, and the one drawn above takes the drag.
    """
    table = game.default_table
    centre = centre or (table[0] / 2, table[1] / 2)
    placed = []
    for r in rows:
        try:
            doc = game.form.piece_document(r)
        except (TypeError, ValueError):  # a row typed wrong takes no room until it is read
            continue
        if doc is not None:
            placed.append(doc)
    try:
        new = game.form.piece_document({**row, "x": "0", "y": "0"})
    except (TypeError, ValueError):
        new = None
    spot = placement.free_spot(game, placed, new, table, centre) if new is not None else None
    return spot if spot is not None else (round(centre[0]), round(centre[1]))
