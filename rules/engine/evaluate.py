"""Evaluate a scenario: dispatch its action to the ruling that explains it."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.ruling import Ruling, Step
from rules.engine.scenario import Scenario
from rules.engine.xwing.attack import attack_ruling
from rules.engine.xwing.devices import (
    detonate_ruling,
    device_ruling,
    place_device_ruling,
    relocate_device_ruling,
)
from rules.engine.xwing.moves import maneuver_ruling, option_ruling
from rules.engine.xwing.setup import check_setup_ruling, place_obstacle_ruling

HANDLERS: dict[str, Callable[[Scenario], Ruling]] = {
    "maneuver": maneuver_ruling,
    "barrel-roll": option_ruling,
    "boost": option_ruling,
    "drop": device_ruling,
    "launch": device_ruling,
    "attack": attack_ruling,
    "check-setup": check_setup_ruling,
    "place-obstacle": place_obstacle_ruling,
    "detonate": detonate_ruling,
    "place-device": place_device_ruling,
    "relocate-device": relocate_device_ruling,
}

PENDING_CLAUSE = {
    "drop": "device/drop",
    "launch": "device/launch",
    "place-obstacle": "obstacles/placed-under",
    "check-setup": "setup/place-obstacles",
    "attack": "attack/range",
}


def evaluate(scenario: Scenario) -> Ruling:
    """The ruling for the scenario's action."""
    atype = scenario.action["type"]
    handler = HANDLERS.get(atype)
    if handler is not None:
        return handler(scenario)
    return not_implemented(scenario)


def not_implemented(scenario: Scenario) -> Ruling:
    """An honest answer for actions whose rules are not built yet."""
    atype = scenario.action["type"]
    clause = f"xwing-{scenario.edition}/{PENDING_CLAUSE[atype]}"
    step = Step(
        f"Not implemented yet: the {atype} ruling",
        f"Table Ruling does not evaluate '{atype}' yet, so it gives no verdict. The rule it will apply is "
        "linked below; nothing on this page decides this situation.",
        (clause,),
    )
    return Ruling(
        {"implemented": False, "action": atype},
        (step,),
        (f"the {atype} ruling is not implemented yet",),
        (),
        f"Not implemented yet: {atype}.",
    )
