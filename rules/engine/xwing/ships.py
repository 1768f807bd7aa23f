"""X-Wing chassis by name: base size and primary arcs (``data/xwing-ships.json``).

Facts from the MIT-licensed xwing-data2 set (v3.9.1, January 2025); the file's
``source`` block keeps the repository, commit and full licence beside the copy.
A ship piece may name its chassis (``chassis``: the data's ``xws`` id): its
size must then match, and an attack must use an arc the ship has.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "xwing-ships.json"

ARC_OF_ATTACK: dict[str, tuple[str, ...]] = {
    "front": ("front",),
    "rear": ("rear",),
    "full": ("single-turret", "double-turret", "left", "right"),
}
"""The scenario's attack ``arc`` and the printed arcs that allow it: a turret turns to cover any
direction (``full``); a huge ship's side arcs are measured as ``full`` too (derived)."""


@dataclass(frozen=True, slots=True)
class Chassis:
    xws: str
    name: str
    size: str
    arcs: tuple[str, ...]
    dial: tuple[tuple[int, str, str], ...] = ()
    """(speed, bearing as the data joins it, e.g. "bank-left", difficulty) as printed."""

    def allows(self, arc: str) -> bool:
        return any(a in self.arcs for a in ARC_OF_ATTACK.get(arc, ()))


def _load() -> tuple[dict[str, Chassis], dict[str, Any]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    ships = {
        s["xws"]: Chassis(
            s["xws"],
            s["name"],
            s["size"],
            tuple(s["arcs"]),
            tuple((int(m["speed"]), str(m["bearing"]), str(m["difficulty"])) for m in s.get("dial", [])),
        )
        for s in raw["ships"]
    }
    return ships, raw["source"]


CHASSIS, SOURCE = _load()
