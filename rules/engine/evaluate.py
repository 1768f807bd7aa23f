"""Evaluate a scenario: dispatch its action to the ruling of its game that explains it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import shapely

from rules.engine import games
from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario


def evaluate(scenario: Scenario) -> Ruling:
    """The ruling for the scenario's action (the parser only admits actions that have a handler).

    Pieces that start partly outside the play area are warned about whatever the action.
    """
    game = games.get(scenario.game)
    ruling = game.handlers[scenario.action["type"]](scenario)
    if game.in_play is None:
        return ruling
    w, h = scenario.table
    # inside the (axis-aligned) table exactly when its bounds are: one vectorised call, not one covers() each
    bounds = shapely.bounds(np.array([game.in_play(p) for p in scenario.pieces], dtype=object)).reshape(-1, 4)
    inside = (bounds[:, 0] >= 0.0) & (bounds[:, 1] >= 0.0) & (bounds[:, 2] <= w) & (bounds[:, 3] <= h)
    off = [p.label for p, ok in zip(scenario.pieces, inside, strict=True) if not ok]
    notes = tuple(f"{name} starts partly outside the play area; check the situation" for name in off)
    return replace(ruling, warnings=ruling.warnings + notes) if notes else ruling
