"""What each obstacle and token does to a ship's maneuver or a squadron's move (RRG 1.5.0 Obstacles p.12).

Data, not prose: each entry names its clause; explanations render from it.  Three kinds of trigger:
ending a move overlapping an obstacle (``EFFECTS``), being near one when the ship determines its
course, and ending a maneuver near a token (``NEAR``).  Dice are Armada blue dice, whose faces are
data here so the branches' probabilities always add up to 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.dice import branch, odds

P = "armada-1.5/obstacles/"
T = "armada-1.5/tokens/"

BLUE_FACES = {"hit": 4, "crit": 2, "accuracy": 2}
"""An Armada blue die: 8 faces (RRG 1.5.0 Attack Dice p.2)."""


@dataclass(frozen=True, slots=True)
class Effect:
    rule: str
    ship: str | None
    """What happens to a ship that ends a maneuver overlapping it (None: nothing)."""
    squadron: str | None
    """What happens to a squadron that ends its move overlapping it (None: nothing)."""
    derived: bool = False


EFFECTS: dict[str, Effect] = {
    "asteroid-field": Effect(P + "asteroid-field", "is dealt 1 faceup damage card", None),
    "debris-field": Effect(P + "debris-field", "suffers 2 damage on one hull zone (its owner chooses)", None),
    "station": Effect(P + "station", "may discard 1 faceup or facedown damage card", "may recover 1 hull point"),
    "dust-field": Effect(P + "dust-field", None, None),
    "exogorth": Effect(P + "exogorth", "suffers 1 damage", None),
    "gravity-rift": Effect(P + "gravity-rift", "has its speed dial set to 0", None),
    "purrgil": Effect(P + "purrgil", "suffers damage equal to its speed", "suffers 1 damage"),
}


@dataclass(frozen=True, slots=True)
class NearEffect:
    """An effect on a ship at a distance of an obstacle or token, at one moment of its maneuver."""

    rule: str
    bands: tuple[int, int]
    """The distance bands it acts at, first to last ("at distance 1–2": (1, 2))."""
    when: str
    """``determine-course`` (where the ship starts) or ``end-of-move`` (where it is placed)."""
    text: str
    speed_change: int = 0
    dice: int = 0
    """Blue dice rolled; each ``hit`` or ``crit`` deals ``per_hit``."""
    per_hit: str = ""
    removed: bool = False
    """The token is removed from the play area when it resolves."""

    def cards(self, faces: tuple[str, ...]) -> int:
        """What a definite roll deals: one ``per_hit`` for each hit or critical icon."""
        return sum(f in ("hit", "crit") for f in faces[: self.dice])

    def branches(self) -> list[dict[str, Any]]:
        """Every distinct result of the dice with its exact probability, most likely first."""
        if not self.dice:
            return []
        return [branch("cards", n, p) for n, p in odds(BLUE_FACES, self.dice, self.cards)]


NEAR: dict[str, NearEffect] = {
    "gravity-rift": NearEffect(
        P + "gravity-rift-course",
        (1, 2),
        "determine-course",
        "its speed is temporarily reduced by 1 (to a minimum of 0) for this maneuver",
        speed_change=-1,
    ),
    "proximity-mine": NearEffect(
        T + "proximity-mine",
        (1, 1),
        "end-of-move",
        "the mine is removed from the play area and 2 blue dice are rolled: the ship is dealt 1 facedown "
        "damage card for each hit or critical icon",
        dice=2,
        per_hit="1 facedown damage card",
        removed=True,
    ),
}
"""Obstacle types and token types with an effect at a distance that the rules reference gives."""

UNMODELLED_TOKENS = ("objective", "grav", "targeting", "other")
"""Token types whose effect, if any, is given by an objective or upgrade card Table Ruling does not read."""


def dice_rolled(piece: dict[str, Any], edition: str) -> int:
    """How many dice a piece's effect rolls (a scenario's ``dice`` may give no more)."""
    near = NEAR.get(str(piece.get("type")))
    return near.dice if near is not None and piece.get("kind") == "token" else 0
