"""What a player calls an unlabelled X-Wing piece: its chassis, its size, its obstacle, device or remote in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.game import kind_words
from rules.engine.xwing.devices import CARDS
from rules.engine.xwing.shapes import SPELLED
from rules.engine.xwing.ships import CHASSIS


def piece_name(p: Mapping[str, Any]) -> str:
    """An unlabelled piece as a player names it: its chassis, its size, its obstacle, device or remote in words."""
    if p.get("kind") == "ship":
        chassis = CHASSIS.get(str(p.get("chassis")))
        return chassis.name if chassis else f"{p.get('size') or ''} ship".strip().capitalize()
    card = CARDS.get(str(p.get("type"))) if p.get("kind") == "device" else None
    return card.name if card else SPELLED.get(str(p.get("type"))) or kind_words(p)
