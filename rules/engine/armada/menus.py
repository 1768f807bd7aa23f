"""Armada's "who does what" choices on the setup page: each ship, squadron, obstacle and token's action.

Each choice is a set of form values (a plain link on the page): the piece is picked, not typed.
"""

from __future__ import annotations

from typing import Any

Choice = tuple[str, str, dict[str, str]]

ACTIONS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # kind -> (verb, action type, form field naming the piece)
    "ship": (("moves", "maneuver", "ship"), ("places squadrons", "place-squadrons", "ship")),
    "squadron": (("moves", "move-squadron", "squadron"),),
    "obstacle": (("is moved", "move-obstacle", "moved"),),
    "token": (("is moved", "move-token", "moved"),),
}
ACTION_KEY = {"maneuver": "ship", "place-squadrons": "ship", "move-squadron": "squadron"}
"""Where the parsed action names its piece (obstacle and token moves name it by their own kind)."""


def who_menu(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[Choice]:
    out: list[Choice] = []
    atype = str(action.get("type") or "")
    chosen = action.get(ACTION_KEY.get(atype, atype.removeprefix("move-")))
    for p in pieces:
        if not isinstance(p, dict) or not isinstance(p.get("id"), str):
            continue
        name = str(p.get("label") or p["id"])
        for verb, act, key in ACTIONS.get(str(p.get("kind")), ()):
            kind = "current" if act == atype and chosen == p["id"] else act
            out.append((f"{name} {verb}", kind, {"action": act, key: p["id"]}))
    return out
