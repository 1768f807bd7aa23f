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


MOVE_DISTANCES = ((None, 1), (None, 2), (None, 3), (1, 2), (1, 3), (2, 3), (None, 4), (None, 5))
"""(minimum, maximum) distances offered for an obstacle or token move: "up to distance N" and the ranges
cards name ("distance 1–2")."""


def move_menu(doc: dict[str, Any]) -> list[Choice]:
    """An obstacle or token move's distance and the piece it moves toward, picked instead of typed.

    (Issue 22: every choice of the move is a link, so the move is set up from the table, not the form.)
    """
    action = doc.get("action") if isinstance(doc.get("action"), dict) else {}
    atype = str(action.get("type") if isinstance(action, dict) else "")
    moved_kind = {"move-obstacle": "obstacle", "move-token": "token"}.get(atype)
    if moved_kind is None or not isinstance(action, dict):
        return []
    out: list[Choice] = []
    for lo, hi in MOVE_DISTANCES:
        label = f"distance {lo}–{hi}" if lo else f"up to distance {hi}"
        out.append((label, "distance", {"action": atype, "max_distance": str(hi), "min_distance": str(lo or "")}))
    moved = action.get(moved_kind)
    for p in doc.get("pieces") or []:
        if (
            isinstance(p, dict)
            and isinstance(p.get("id"), str)
            and p["id"] != moved
            and p.get("kind") in ("ship", "squadron")
        ):
            name = str(p.get("label") or p["id"])
            out.append((f"toward {name}", "toward", {"action": atype, "toward": p["id"]}))
    return out
