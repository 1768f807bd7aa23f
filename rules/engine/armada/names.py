"""What a player calls an unlabelled Armada piece: its ship card, its size, its obstacle or token in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.armada.ships import SHIPS
from rules.engine.game import kind_words

TOKEN_NAMES = {"objective": "Objective token", "grav": "Grav token", "targeting": "Targeting token", "other": "Token"}


def piece_name(p: Mapping[str, Any]) -> str:
    """An unlabelled piece as a player names it: its ship card, its size, its obstacle or token in words."""
    if p.get("kind") == "ship":
        card = SHIPS.get(str(p.get("chassis")))
        return card.name if card else f"{p.get('size') or ''} ship".strip().capitalize()
    if p.get("kind") == "token":
        return TOKEN_NAMES.get(str(p.get("type")), kind_words(p))
    return kind_words(p)
