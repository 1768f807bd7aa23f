"""Armada corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario


def starts_overlapping(scenario: Scenario) -> bool:
    """Ships or squadrons that overlap before anything moves (``armada.start``)."""
    from rules.engine.armada.start import start_overlaps

    return bool(start_overlaps(scenario))


def squadron_ends_on_a_station(scenario: Scenario) -> bool:
    """A squadron's own move that ends on a station."""
    if scenario.action.get("type") != "move-squadron":
        return False
    from rules.engine.armada.squadrons import move_facts

    return any(end.type == "station" for end in move_facts(scenario).obstacles)


CHANGES = (
    Change(
        version=3,
        date="2026-11-25",
        game="armada",
        title="Ships and squadrons that overlap before anything moves are named",
        text=(
            "A situation whose ships or squadrons already overlap (dial frames included; touching is not "
            "overlapping) cannot happen on a real table. Its ruling used to go ahead without a word; it now "
            "warns, naming the pieces, and its first step says what the ruling assumed. Two library examples "
            "started that way (a flotilla ram whose ships' dial frames overlapped, and a ram at the table edge "
            "whose ships overlapped): they were redrawn so that nothing overlaps at the start."
        ),
        affects=starts_overlapping,
    ),
    Change(
        version=4,
        date="2026-11-25",
        game="armada",
        title="A squadron on a station may recover a hull point",
        text=(
            "A squadron that ends its move on a station can recover 1 hull point: the ruling said it recovers "
            "one, as if it had no choice. Its effect now reads that it may."
        ),
        affects=squadron_ends_on_a_station,
    ),
)
