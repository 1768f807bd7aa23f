"""What obstacles and mines do to a ship, by edition, with their dice branches.

An X-Wing attack die has 8 faces: 3 hit, 1 crit, 2 focus, 2 blank.  Each effect
is data: a fixed part, the dice rolled and what each face does.  The branches
are derived from the faces so their probabilities always add up to 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.engine.dice import branch, odds

FACES = {"hit": 3, "crit": 1, "focus": 2, "blank": 2}


@dataclass(frozen=True, slots=True)
class Effect:
    """The effect of one obstacle or device type on a ship that moves through or overlaps it."""

    fixed: str
    """What always happens, or ``""``."""
    dice: int
    face_results: dict[str, str]
    """Result per face of each die; a face not listed does nothing."""
    clause: str
    """Clause id, without the edition prefix."""
    skips_action: bool = False
    """True where moving through or overlapping it skips the Perform Action step."""
    derived: bool = False
    note: str = ""

    def text(self) -> str:
        parts = [self.fixed] if self.fixed else []
        if self.dice:
            grouped: dict[str, list[str]] = {}
            for face, result in self.face_results.items():
                grouped.setdefault(result, []).append(face)
            rolls = "; ".join(f"{' or '.join(f)}: {r}" for r, f in grouped.items())
            n = "1 attack die" if self.dice == 1 else f"{self.dice} attack dice"
            parts.append(f"Roll {n} ({rolls}; other faces: nothing).")
        return " ".join(parts)

    def branches(self) -> list[dict[str, Any]]:
        """Every distinct result of the dice with its exact probability."""
        if not self.dice:
            return []
        return [branch("result", k, p) for k, p in odds(FACES, self.dice, self.resolve)]

    def resolve(self, faces: tuple[str, ...] | list[str]) -> str:
        """The result of a definite roll."""
        results = [self.face_results[f] for f in faces if f in self.face_results]
        if not results:
            return "nothing more" if self.fixed else "nothing"
        counts: dict[str, int] = {}
        for r in results:
            counts[r] = counts.get(r, 0) + 1
        # one outcome whatever order the dice show: results in the order the faces are listed
        order = list(dict.fromkeys(self.face_results.values()))
        return ", ".join(times(r, counts[r]) for r in order if r in counts)


def times(result: str, n: int) -> str:
    """One face's result rolled ``n`` times, said as a player says it: "suffer 2 additional hit damage"."""
    m = re.fullmatch(r"(\D*)(\d+) (.+)", result)
    if n == 1 or m is None:
        return result if n == 1 else f"{result}, {n} times"
    count, what = int(m[2]) * n, m[3]
    if count > 1 and re.search(r"\b(token|shield)$", what):
        what += "s"
    return f"{m[1]}{count} {what}"


_ONE_HIT = "suffer 1 additional hit damage"
_ONE_CRIT = "suffer 1 additional critical damage"

EFFECTS_25: dict[str, Effect] = {
    "asteroid": Effect("The ship suffers 1 hit damage.", 1, {"hit": _ONE_HIT, "crit": _ONE_HIT}, "obstacles/asteroid"),
    "debris-cloud": Effect(
        "The ship gains 1 stress token.",
        1,
        {"hit": "suffer 1 hit damage", "crit": "suffer 1 critical damage"},
        "obstacles/debris-cloud",
    ),
    "gas-cloud": Effect(
        "Break all of the ship's locks and all locks on it, then it is assigned 1 strain token.",
        1,
        {"hit": "gain 1 ion token", "crit": "gain 3 ion tokens"},
        "obstacles/gas-cloud",
    ),
    "blaze": Effect(
        "",
        1,
        {"hit": "suffer 1 hit damage", "crit": "suffer 1 hit damage", "focus": "gain 1 stress token"},
        "obstacles/blaze",
        skips_action=True,
        note="Then the ship skips its Perform Action step this round.",
    ),
    "electro-chaff-cloud": Effect(
        "Break all of the ship's locks and all locks on it, then it is assigned 1 jam token.",
        1,
        {"hit": "be assigned 1 stress token", "crit": "be assigned 1 stress token"},
        "obstacles/electro-chaff-cloud",
    ),
    "loose-cargo": Effect(
        "The ship is assigned 1 strain token.",
        1,
        {"hit": "be assigned 1 stress token", "crit": "be assigned 1 stress token"},
        "obstacles/loose-cargo",
    ),
    "spare-parts": Effect(
        "The ship is assigned 1 strain token.",
        1,
        {"hit": "be assigned 1 stress token", "crit": "be assigned 1 stress token"},
        "obstacles/spare-parts",
    ),
}

_DEBRIS_20 = Effect(
    "The ship gains 1 stress token.",
    1,
    {"crit": "suffer 1 critical damage"},
    "obstacles/debris-cloud",
)
EFFECTS_20: dict[str, Effect] = {
    "asteroid": Effect(
        "",
        1,
        {"hit": "suffer 1 hit damage", "crit": "suffer 1 critical damage"},
        "obstacles/asteroid",
        skips_action=True,
    ),
    "debris-cloud": _DEBRIS_20,
    "gas-cloud": Effect(
        "",
        1,
        {"focus": "gain 1 strain token", "hit": "gain 1 strain token"},
        "obstacles/gas-cloud",
        skips_action=True,
    ),
    "loose-cargo": Effect(
        _DEBRIS_20.fixed,
        1,
        dict(_DEBRIS_20.face_results),
        "obstacles/loose-cargo",
        note="In 2.0 the card says loose cargo is a debris cloud: the debris cloud's effect applies.",
    ),
    "spare-parts": Effect(
        _DEBRIS_20.fixed,
        1,
        dict(_DEBRIS_20.face_results),
        "obstacles/spare-parts",
        note="In 2.0 spare parts follow the debris cloud's effect, like loose cargo.",
        derived=True,
    ),
    "blaze": Effect(
        EFFECTS_25["blaze"].fixed,
        1,
        dict(EFFECTS_25["blaze"].face_results),
        "obstacles/blaze",
        skips_action=True,
        derived=True,
        note=EFFECTS_25["blaze"].note,
    ),
    "electro-chaff-cloud": Effect(
        EFFECTS_25["electro-chaff-cloud"].fixed,
        1,
        dict(EFFECTS_25["electro-chaff-cloud"].face_results),
        "obstacles/electro-chaff-cloud",
        derived=True,
    ),
}

MINE_EFFECTS: dict[str, Effect] = {
    "proximity-mine": Effect(
        "The mine detonates: the ship suffers 1 hit damage.",
        2,
        {"hit": _ONE_HIT, "crit": _ONE_CRIT},
        "device-card/proximity-mine",
    ),
    "cluster-mine": Effect(
        "This cluster mine detonates: the ship rolls 2 attack dice.",
        2,
        {"hit": "suffer 1 hit damage", "crit": "suffer 1 critical damage"},
        "device-card/cluster-mines",
    ),
    "conner-net": Effect(
        "The Conner net detonates: the ship suffers 1 hit damage and gains 3 ion tokens.",
        0,
        {},
        "device-card/conner-net",
    ),
}

RANGE_0_NO_ATTACK = {"2.5": ("asteroid", "debris-cloud", "gas-cloud"), "2.0": ("asteroid",)}
RANGE_0_NO_LOCKS = ("gas-cloud", "electro-chaff-cloud")
"""Range-0 restrictions (obstacles clause range-0-*): 2.0 gas clouds had no lock rule."""


BOMB_ROLLS: dict[str, Effect] = {
    "thermal-detonator": Effect(
        "",
        1,
        {"hit": "suffer 1 hit damage", "crit": "suffer 1 critical damage", "focus": "gain 1 strain token"},
        "device-card/thermal-detonator",
    ),
    "bomblet": Effect("", 2, {"hit": "suffer 1 hit damage", "crit": "suffer 1 hit damage"}, "device-card/bomblet"),
    "electro-proton-bomb": Effect(
        "",
        4,
        {
            "blank": "lose 1 shield",
            "focus": "gain 1 ion token",
            "hit": "gain 1 ion token",
            "crit": "gain 1 disarm token",
        },
        "device-card/electro-proton-bomb",
    ),
    "blazer-bomb": Effect(
        "", 1, {"hit": "suffer 1 hit damage", "crit": "suffer 1 hit damage"}, "device-card/blazer-bomb"
    ),
}
"""What each ship at a detonating bomb's range rolls, face by face (device cards, reference §2.1)."""

BOMB_DICE = {kind: effect.dice for kind, effect in BOMB_ROLLS.items()}
"""Attack dice a bomb's detonation rolls per ship (device cards, reference §4.2); the others roll none."""


def dice_rolled(edition: str, kind: str, piece_type: str) -> int:
    """How many dice an obstacle's or device's effect rolls (the most a scenario's ``dice`` may give)."""
    effects = EFFECTS_25 if edition == "2.5" else EFFECTS_20
    if kind == "obstacle" or piece_type in effects:  # an obstacle, or one dropped or launched like a device
        effect = effects.get(piece_type)
        return effect.dice if effect else 0
    if piece_type in MINE_EFFECTS:
        return MINE_EFFECTS[piece_type].dice
    return BOMB_DICE.get(piece_type, 0)


def obstacle_effect(edition: str, obstacle_type: str) -> Effect:
    return (EFFECTS_25 if edition == "2.5" else EFFECTS_20)[obstacle_type]


def no_lock_types(edition: str) -> tuple[str, ...]:
    return RANGE_0_NO_LOCKS if edition == "2.5" else ("electro-chaff-cloud",)
