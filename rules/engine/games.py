"""The registry of games: the one core module that names game packages.

Adding a game is a package under ``rules/engine/`` exposing ``GAME`` (a
``rules.engine.game.Game``) and one line here.  Packages are imported on first
use, so a game's modules may import the core (scenario, geometry, ruling)
without an import cycle.
"""

from __future__ import annotations

import importlib
from functools import cache

from rules.engine.game import Game

REGISTRY: dict[str, str] = {
    "xwing": "rules.engine.xwing.game",
    "armada": "rules.engine.armada.game",
}
"""Scenario ``game`` value -> the module that defines that game's ``GAME``.  The first is the default."""


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


@cache
def get(name: str) -> Game:
    """The game called ``name`` (``KeyError`` for an unknown one)."""
    game = importlib.import_module(REGISTRY[name]).GAME
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"{REGISTRY[name]}.GAME must be the Game named {name!r}")
    return game


def all_games() -> tuple[Game, ...]:
    return tuple(get(n) for n in REGISTRY)


def default() -> Game:
    return get(next(iter(REGISTRY)))
