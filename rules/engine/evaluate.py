"""Evaluate a scenario: dispatch its action to the ruling that explains it."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.ruling import Ruling
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


def evaluate(scenario: Scenario) -> Ruling:
    """The ruling for the scenario's action (the parser only admits actions that have a handler)."""
    return HANDLERS[scenario.action["type"]](scenario)
