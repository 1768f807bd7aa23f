"""The catalogue of every game: bases, templates, token shapes with dimensions and sources.

This is the ``GET /api/v1/catalog`` payload.  Its top-level keys are the
default game's catalogue (the shape version 1 clients read); ``games`` holds
every registered game's, keyed by the scenario's ``game`` value.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.engine import games


@cache
def catalog() -> dict[str, Any]:
    """Everything a client needs to draw and place pieces like we do (cached: it never changes at runtime)."""
    every = {g.name: {"title": g.title, "editions": list(g.editions), **g.catalog()} for g in games.all_games()}
    return {**every[games.default().name], "games": every}
