"""The action in a player's words, told before the answer (nothing here gives the ruling away)."""

from __future__ import annotations

from typing import Any

from rules.engine.scenario import Scenario


def _who(scenario: Scenario, pid: Any) -> str:
    for p in scenario.pieces:
        if p.id == pid:
            return p.label
    return str(pid)


def _kind(value: Any) -> str:
    return str(value or "").replace("-", " ")


def action_words(scenario: Scenario) -> str:
    """One sentence: who does what (no outcome, no coordinates)."""
    a = scenario.action
    t = a["type"]
    who = _who(scenario, a.get("ship"))
    if scenario.game == "armada":
        if t == "maneuver":
            clicks = ", ".join(str(c) for c in a.get("clicks") or ()) or "none"
            side = f", the tool on its {a['side']} side" if a.get("side") else ""
            return f"{who} executes a speed {a['speed']} maneuver (yaw clicks: {clicks}){side}."
        if t in ("move-obstacle", "move-token"):
            piece = _who(scenario, a.get("obstacle") or a.get("token"))
            lo = f" at least distance {a['min_distance']} and" if a.get("min_distance") else ""
            toward = f", toward {_who(scenario, a['toward'])}" if a.get("toward") else ""
            return f"{piece} is moved{lo} up to distance {a.get('max_distance')}{toward}, to the position shown."
        if t == "move-squadron":
            return f"{_who(scenario, a.get('squadron'))} moves to the position shown."
        if t == "place-squadrons":
            return f"The squadrons {who} displaced are placed as shown."
        return "The action shown."
    if t == "maneuver":
        speed, bearing = a.get("speed"), _kind(a.get("bearing"))
        direction = f"{a['direction']} " if a.get("direction") else ""
        if bearing == "stationary" or speed == 0:
            return f"{who} executes a stationary [0] maneuver."
        ignoring = " A card lets it ignore obstacles while it moves." if a.get("ignore_obstacles") else ""
        return f"{who} executes a [{speed} {direction}{bearing}] maneuver.{ignoring}"
    tractor = " (an enemy tractors it: the tractoring player moves it)" if a.get("tractor") else ""
    if t == "boost":
        direction = f" {a['direction']}" if a.get("direction") else ""
        return f"{who} boosts ({_kind(a.get('bearing'))}{direction}){tractor}."
    if t == "barrel-roll":
        speed = str(a.get("template", "straight-1")).rsplit("-", 1)[-1]
        verb = "decloaks: a barrel roll" if speed == "2" else "barrel rolls"
        return f"{who} {verb} to the {a.get('direction')} with the [{speed} straight] template{tractor}."
    if t == "rotate":
        return f"{who} rotates {a.get('degrees')}° in place."
    if t == "attack":
        attacker, defender = _who(scenario, a.get("attacker")), _who(scenario, a.get("defender"))
        return f"{attacker} attacks {defender} ({a.get('arc', 'front')} arc)."
    if t in ("drop", "launch"):
        dev = a.get("device") or {}
        verb = "drops" if t == "drop" else "launches"
        return f"{who} {verb} a {_kind(dev.get('type'))}."
    if t == "relocate-device":
        return f"{_who(scenario, a.get('device'))} is relocated to the position shown."
    if t == "detonate":
        return "The bombs and mines on the table detonate, the first player's first."
    if t == "place-obstacle":
        ob = a.get("obstacle") or {}
        return f"A {_kind(ob.get('type'))} is placed on the table as shown."
    if t == "check-setup":
        return "The obstacles are placed during setup as shown."
    return "The action shown."
