"""Armada's "who does what" choices on the setup page: each ship, squadron, obstacle and token's action.

Each choice is a set of form values (a plain link on the page): the piece is picked, not typed.
"""

from __future__ import annotations

from typing import Any

from rules.engine.armada.dimensions import MAX_CLICKS
from rules.engine.armada.parse import MAX_SPEED

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


def _clicks(raw: object, speed: int) -> list[int]:
    """The clicks chosen so far, one per joint of ``speed`` (0 where none is chosen yet)."""
    values = [v for v in raw if isinstance(v, int) and not isinstance(v, bool)] if isinstance(raw, list) else []
    return (values + [0] * speed)[:speed]


def _yaw_word(n: int) -> str:
    return "straight" if n == 0 else f"{abs(n)} {'right' if n > 0 else 'left'}"


def speed_menu(doc: dict[str, Any]) -> list[Choice]:
    """The moving ship's speed chart: each speed it has, then each joint's allowed clicks (never typed).

    Kind ``current`` marks what is chosen.  A ship without a speed chart (``yaw_limits``) may use any
    speed and up to ``MAX_CLICKS`` at each joint.
    """
    action = doc.get("action")
    if not isinstance(action, dict) or action.get("type") != "maneuver":
        return []
    raw = doc.get("pieces")
    pieces: list[Any] = raw if isinstance(raw, list) else []
    ship = next((p for p in pieces if isinstance(p, dict) and p.get("id") == action.get("ship")), None)
    if ship is None:
        return []
    limits = ship.get("yaw_limits") if isinstance(ship.get("yaw_limits"), dict) else {}
    speeds = [0, *sorted(int(k) for k in limits if str(k).isdigit())] if limits else list(range(MAX_SPEED + 1))
    chosen = action.get("speed") if isinstance(action.get("speed"), int) else None
    out: list[Choice] = []
    for s in speeds:
        values = {"action": "maneuver", "speed": str(s), "clicks": ", ".join("0" * s)}
        out.append((f"Speed {s}", "current" if s == chosen else "speed", values))
    if not chosen or chosen not in speeds:
        return out
    clicks = _clicks(action.get("clicks"), chosen)
    row = limits.get(str(chosen)) if limits else None
    for j in range(chosen):
        lim = row[j] if isinstance(row, list) and j < len(row) and isinstance(row[j], int) else MAX_CLICKS
        for n in range(-lim, lim + 1):
            now = [*clicks[:j], n, *clicks[j + 1 :]]
            values = {"action": "maneuver", "speed": str(chosen), "clicks": ", ".join(str(v) for v in now)}
            kind = "current" if clicks[j] == n else "click"
            out.append((f"Joint {j + 1}: {_yaw_word(n)}", kind, values))
    return out
