"""Reading an Armada ``attack`` action: who attacks whom, from and to which hull zone, with which dice.

Every problem is a field and a reason (a 400): a hull zone the ship does not
have, a hull zone given for a squadron, a ship without one, the attacker as
its own defender, a friendly defender (RRG 1.5.0 *Attack* p.2), dice that are
not Armada dice.
"""

from __future__ import annotations

from typing import Any

from rules.engine.armada.hullzones import ALIASES, ZONES
from rules.engine.checker import Checker, join

FIELDS = ("type", "attacker", "defender", "attacker_zone", "defender_zone", "dice", "dice_results", "not_obstructing")
COLOURS = ("red", "blue", "black")
FACES: dict[str, tuple[str, ...]] = {
    "red": ("blank", "hit", "crit", "accuracy", "hit-hit"),
    "blue": ("hit", "crit", "accuracy"),
    "black": ("blank", "hit", "hit-crit"),
}
"""The faces each die colour has (Dice Icons, RRG 1.5.0)."""
MAX_DICE = 20


def _zone(c: Checker, a: dict[str, Any], key: str, piece: dict[str, Any] | None, role: str) -> str | None:
    f = join("action", key)
    if piece is None:
        return None
    if piece["kind"] != "ship":
        if key in a:
            c.add(f, f"a squadron has no hull zone: leave {key} out when the {role} is a squadron")
        return None
    size = piece.get("size")
    allowed = ZONES.get(str(size), ZONES["small"])
    raw = a.get(key)
    if raw is None:
        c.add(f, f"is required: the {role}'s hull zone ({', '.join(allowed)})")
        return None
    if not isinstance(raw, str):
        c.add(f, f"must be a hull zone's name: one of {', '.join(allowed)}")
        return None
    if size == "huge" and raw in ALIASES:
        raw = ALIASES[raw]
    if raw not in allowed:
        c.add(f, f"{piece['id']} ({size} ship) has no hull zone {raw!r}: must be one of {', '.join(allowed)}")
        return None
    return str(raw)


def _dice(c: Checker, raw: Any, field: str) -> dict[str, int] | None:
    d = c.obj(raw, field)
    if d is None:
        return None
    c.unknown(d, COLOURS, field)
    out = {}
    for colour in COLOURS:
        if colour in d:
            n = c.whole(d[colour], join(field, colour), tuple(range(MAX_DICE + 1)))
            if n is not None:
                out[colour] = n
    return out


def _results(c: Checker, raw: Any, field: str, dice: dict[str, int] | None) -> dict[str, list[str]] | None:
    d = c.obj(raw, field)
    if d is None:
        return None
    c.unknown(d, COLOURS, field)
    out: dict[str, list[str]] = {}
    for colour in COLOURS:
        if colour not in d:
            continue
        f = join(field, colour)
        faces = d[colour]
        if not isinstance(faces, list) or not all(isinstance(x, str) and x in FACES[colour] for x in faces):
            c.add(f, f"must be a list of {colour} die faces: {', '.join(FACES[colour])}")
            continue
        if dice is not None and len(faces) > dice.get(colour, 0):
            c.add(f, f"lists {len(faces)} {colour} dice but the pool has {dice.get(colour, 0)}")
            continue
        out[colour] = list(faces)
    return out


def parse_attack(c: Checker, a: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The ``attack`` action's fields after ``type`` (the core checked the type)."""
    out: dict[str, Any] = {"type": "attack"}
    c.unknown(a, FIELDS, "action")
    att = c.ref(a, "attacker", "action", by_id, ("ship", "squadron"))
    dfn = c.ref(a, "defender", "action", by_id, ("ship", "squadron"))
    out["attacker"], out["defender"] = att, dfn
    attacker, defender = by_id.get(att or ""), by_id.get(dfn or "")
    if att is not None and att == dfn:
        c.add("action.defender", "must be another piece than the attacker")
        defender = None
    elif attacker is not None and defender is not None:
        pa, pd = attacker.get("player"), defender.get("player")
        if pa is not None and pa == pd:
            c.add(
                "action.defender",
                f"is friendly to the attacker (both player {pa}): ships and squadrons cannot attack friendly pieces",
            )
    for key, piece, role in (("attacker_zone", attacker, "attacker"), ("defender_zone", defender, "defender")):
        zone = _zone(c, a, key, piece, role)
        if zone is not None:
            out[key] = zone
    dice = _dice(c, a["dice"], "action.dice") if "dice" in a else None
    if dice is not None:
        out["dice"] = dice
    if "dice_results" in a:
        if "dice" not in a:
            c.add("action.dice_results", "needs the pool it was rolled from: give dice too")
        else:
            results = _results(c, a["dice_results"], "action.dice_results", dice)
            if results is not None:
                out["dice_results"] = results
    if "not_obstructing" in a:
        raw = a["not_obstructing"]
        ok = isinstance(raw, list) and all(
            isinstance(x, str) and by_id.get(x, {}).get("kind") == "obstacle" for x in raw
        )
        if not ok:
            c.add("action.not_obstructing", "must be a list of obstacle ids (pieces an objective says do not obstruct)")
        else:
            out["not_obstructing"] = sorted(set(raw))
    return out
