"""Armada corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario


def moves_with_minimum_or_toward(scenario: Scenario) -> bool:
    """An obstacle or token move given a minimum distance or a piece to move toward."""
    a = scenario.action
    return a["type"] in ("move-obstacle", "move-token") and (bool(a.get("min_distance")) or bool(a.get("toward")))


CHANGES = (
    Change(
        version=3,
        date="2026-11-25",
        game="armada",
        title='Obstacle and token moves: equally close points, staying when blocked, a minimum without "toward"',
        text=(
            "Toward a piece whose closest points are not unique (two straight edges facing each other), the ruler "
            "may now start from any of them, so a move straight at a flat side is no longer refused for being off "
            "the centre line; a refusal for the centre line now says which way and how far to go. A piece with a "
            "minimum that already touches its target, or cannot get any closer to it, may now stay where it is "
            '(it was refused). A minimum given without "toward" is now cited as our own reading of the rules '
            "(it was cited as the toward rule), and a piece that cannot move in any direction may stay."
        ),
        affects=moves_with_minimum_or_toward,
    ),
)
