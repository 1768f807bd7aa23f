"""The words for a table that starts with ships or squadrons overlapping (facts: ``start.py``).

Every sentence about it lives here: the warning naming each pair and the step
that says what the ruling assumed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.ruling import Step
from rules.engine.scenario import Scenario

if TYPE_CHECKING:
    from rules.engine.armada.start import StartOverlap

R = "armada-1.5/"
CHECK = "check the situation"
START_FIGURE = "overlapping at the start"
"""The picture's name for where two pieces start overlapping (short: it is drawn beside the area)."""
START_RULES = (
    R + "overlapping/ship-onto-ship",
    R + "overlapping/squadron-placement",
    R + "overlapping/dials-count",
    R + "overlapping/touching",
)


def _pair(scenario: Scenario, o: StartOverlap) -> str:
    """``a and b start overlapping`` / ``x starts overlapping a's shield-dial frame`` (labels, in words)."""
    first, second = scenario.piece(o.first), scenario.piece(o.second)
    if o.where == "dial frames" and second.kind == "squadron":
        return f"{second.label} starts overlapping {first.label}'s shield-dial frame"
    if o.where == "dial frames":
        return f"{first.label} and {second.label} start overlapping at a shield-dial frame"
    if first.kind == "ship" and second.kind == "squadron":
        return f"{second.label} starts overlapping {first.label}"
    return f"{first.label} and {second.label} start overlapping"


def start_warnings(scenario: Scenario, found: list[StartOverlap]) -> tuple[str, ...]:
    """One warning per pair, worded like the one for a piece that starts off the table."""
    return tuple(f"{_pair(scenario, o)}; {CHECK}" for o in found)


def _mover(scenario: Scenario) -> str | None:
    a = scenario.action
    return a.get("ship") if a.get("type") == "maneuver" else None


def start_step(scenario: Scenario, found: list[StartOverlap], figures: tuple[str, ...] = ()) -> Step:
    """What the ruling assumed about pieces that overlap before anything moves (derived: our reading)."""
    pairs = "; ".join(_pair(scenario, o) for o in found)
    text = (
        f"As set up, {pairs}. No rule leaves a ship or squadron overlapping another ship or squadron "
        "(shield dials and their frames count; only touching is not overlapping), so this table cannot happen "
        "as set up. This ruling assumes every piece stands exactly where the situation puts it and applies the "
        "rules to what the action does from there; the overlap they start with is not ruled on."
    )
    mover = _mover(scenario)
    hit = [
        o.second if o.first == mover else o.first
        for o in found
        if mover in (o.first, o.second) and scenario.piece(o.second).kind == "ship"
    ]
    if mover is not None and hit:
        text += (
            f" If {scenario.piece(mover).label} ends at speed 0, it still overlaps {scenario.names(hit)} where it "
            "stands, and that counts as overlapping."
        )
    ids = tuple(dict.fromkeys(p for o in found for p in (o.first, o.second)))
    return Step("Pieces that overlap before anything moves", text, START_RULES, ids + figures, derived=True)
