"""X-Wing corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario

TOKEN_ACTIONS = ("drop", "launch", "place-device", "relocate-device", "detonate")


def uses_catalogue_tokens(scenario: Scenario) -> bool:
    """Any obstacle or device drawn from the catalogue (not given as an outline), or a device placed."""
    if scenario.action["type"] in TOKEN_ACTIONS:
        return True
    extra = [v for k, v in scenario.action.items() if k in ("obstacle", "device") and isinstance(v, dict)]
    return any(p.kind in ("obstacle", "device") and p.get("outline") is None for p in scenario.pieces) or any(
        "outline" not in p for p in extra
    )


def _touching(scenario: Scenario) -> bool:
    """Attacker and defender at range 0 (the range-0 attack's wording changed)."""
    from rules.engine.xwing.pieces import ship_square

    a, d = (scenario.piece(scenario.action[k]) for k in ("attacker", "defender"))
    return bool(ship_square(a).distance(ship_square(d)) <= 1e-6)


def _edge_lines(scenario: Scenario) -> bool:
    """Parallel bases (a choice of measuring lines, one of which may run along an obstacle's edge) and an obstacle."""
    a, d = (scenario.piece(scenario.action[k]) for k in ("attacker", "defender"))
    turn = (float(a.get("heading")) - float(d.get("heading"))) % 90.0
    return bool(scenario.of_kind("obstacle")) and min(turn, 90.0 - turn) < 1e-6


def meets_more_objects(scenario: Scenario) -> bool:
    """An attack with a third object on the table, a mine that can land under a ship, or a bomb that rolls."""
    action = scenario.action
    kind = action["type"]
    if kind == "attack":
        others = [p for p in scenario.pieces if p.kind in ("ship", "device", "remote")]
        cargo = any(p.type in ("loose-cargo", "spare-parts") for p in scenario.of_kind("obstacle"))
        return len(others) > 2 or cargo or (scenario.edition == "2.5" and _touching(scenario)) or _edge_lines(scenario)
    if kind in ("drop", "launch", "place-device", "relocate-device"):
        return True
    if kind == "detonate":
        return any(p.kind == "device" for p in scenario.pieces)
    return False


CHANGES = (
    Change(
        version=2,
        date="2026-11-23",
        game="xwing",
        title="Measured outlines for every obstacle and device token; cluster mines in their recesses",
        text=(
            "Catalogue obstacles and device tokens were shapes drawn to each piece's size; they are now the "
            "measured outlines of the printed tokens (X-Wing Vassal module's masks, ±0.5 mm), up to 19 mm "
            "different at points and hollows. Device placement points did not move. Cluster mines' side "
            "tokens were placed about 39 mm too far along the template; they now sit in the centre token's "
            "recesses, level with it."
        ),
        affects=uses_catalogue_tokens,
    ),
    Change(
        version=7,
        date="2026-11-25",
        game="xwing",
        title="Ships and devices obstruct attacks; a mine placed under a ship says what it does",
        text=(
            "An attack measured through another ship, a device or a remote is now reported as obstructed "
            "(no extra die, but cards that ask see it), and a huge ship in the way gives the defender one die. "
            "A mine dropped, launched, placed or relocated under a ship now says what the ship suffers, with the "
            "dice's odds or the result of the dice given, and a bomb's detonation gives each ship in reach its "
            "own roll. Attack rulings at range 0 in 2.5 now say the attacker cannot modify the defender's dice, and "
            "a measuring line that only runs along an obstacle's edge no longer obstructs the attack."
        ),
        affects=meets_more_objects,
    ),
)
