"""X-Wing's "who does what" choices on the setup page: movers, droppers, attacker and defender pairs.

Each choice is a set of form values, so the page can offer it as a plain link (no JavaScript):
the ship, attacker and defender are picked among the placed ships instead of typed.
"""

from __future__ import annotations

from typing import Any

Choice = tuple[str, str, dict[str, str]]

PAIRS_UP_TO = 8
"""Ships on the table up to which every attacker-defender pair is offered (8 ships: 56 links at most)."""


def _ships(pieces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [p for p in pieces if isinstance(p, dict) and p.get("kind") == "ship" and isinstance(p.get("id"), str)]


def _name(p: dict[str, Any]) -> str:
    return str(p.get("label") or p["id"])


def _enemies(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Different players, or a player not given (the ruling then says who may attack whom)."""
    return a.get("player") is None or b.get("player") is None or a.get("player") != b.get("player")


def who_menu(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[Choice]:
    """Per ship: it moves, it drops a device; then each attack between ships of different players."""
    ships = _ships(pieces)
    atype = action.get("type")
    out: list[Choice] = []
    for s in ships:
        sid, name = s["id"], _name(s)
        moving = atype == "maneuver" and action.get("ship") == sid
        dropping = atype == "drop" and action.get("ship") == sid
        out.append((f"{name} moves", "current" if moving else "move", {"action": "maneuver", "ship": sid}))
        out.append((f"{name} drops a device", "current" if dropping else "drop", {"action": "drop", "ship": sid}))
    if len(ships) <= PAIRS_UP_TO:
        for a in ships:
            for d in ships:
                if a is d or not _enemies(a, d):
                    continue
                now = atype == "attack" and action.get("attacker") == a["id"] and action.get("defender") == d["id"]
                values = {"action": "attack", "attacker": a["id"], "defender": d["id"]}
                out.append((f"{_name(a)} attacks {_name(d)}", "current" if now else "attack", values))
    return out
