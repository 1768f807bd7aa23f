"""Evaluate a scenario: dispatch its action to the ruling of its game that explains it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import shapely

from rules.engine import games
from rules.engine.clauses import get_clause
from rules.engine.ruling import Ruling, Step
from rules.engine.scenario import Scenario


def evaluate(scenario: Scenario) -> Ruling:
    """The ruling for the scenario's action (the parser only admits actions that have a handler).

    Pieces that start partly outside the play area are warned about whatever the action.
    """
    game = games.get(scenario.game)
    ruling = with_clause_status(game.handlers[scenario.action["type"]](scenario))
    if game.in_play is None:
        return ruling
    w, h = scenario.table
    # inside the (axis-aligned) table exactly when its bounds are: one vectorised call, not one covers() each
    bounds = shapely.bounds(np.array([game.in_play(p) for p in scenario.pieces], dtype=object)).reshape(-1, 4)
    inside = (bounds[:, 0] >= 0.0) & (bounds[:, 1] >= 0.0) & (bounds[:, 2] <= w) & (bounds[:, 3] <= h)
    off = [p.label for p, ok in zip(scenario.pieces, inside, strict=True) if not ok]
    notes = tuple(f"{name} starts partly outside the play area; check the situation" for name in off)
    return replace(ruling, warnings=ruling.warnings + notes) if notes else ruling


def with_clause_status(ruling: Ruling) -> Ruling:
    """Each step marked derived when a clause it cites is derived or disputed, and disputed when one is.

    A step can only be as firm as the rules it rests on: one place, after the game's handler, so no
    game's narration has to remember it (and the API's ``steps[].derived`` agrees with the page).
    """
    return replace(ruling, steps=tuple(_marked(s) for s in ruling.steps))


def _marked(step: Step) -> Step:
    statuses = {c.status for c in (get_clause(cid) for cid in step.rules) if c is not None}
    disputed = step.disputed or "disputed" in statuses
    derived = step.derived or disputed or "derived" in statuses
    if (derived, disputed) == (step.derived, step.disputed):
        return step
    return replace(step, derived=derived, disputed=disputed)
