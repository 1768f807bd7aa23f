"""Evaluate a scenario: dispatch its action to the ruling of its game that explains it."""

from __future__ import annotations

from rules.engine import games
from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario


def evaluate(scenario: Scenario) -> Ruling:
    """The ruling for the scenario's action (the parser only admits actions that have a handler)."""
    return games.get(scenario.game).handlers[scenario.action["type"]](scenario)
