"""What each obstacle does to a ship or a squadron that ends overlapping it (RRG 1.5.0 Obstacles p.12).

Data, not prose: each entry names its clause; explanations render from it.
"""

from __future__ import annotations

from dataclasses import dataclass

P = "armada-1.5/obstacles/"


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
