"""Armada ship cards by name: size class, flotilla, speed chart (``data/armada-ships.json``).

Facts extracted from the MIT-licensed star-wars-armada-data set; the file's
``source`` block keeps its repository, commit and full licence text beside
the copy.  The setup form fills a ship row from these (size, flotilla, and the
speed chart as ``yaw_limits``).  Clone Wars ships are not in the data: enter
their yaw limits by hand.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "armada-ships.json"


@dataclass(frozen=True, slots=True)
class ShipCard:
    slug: str
    name: str
    faction: str
    size: str
    flotilla: bool
    speed_chart: dict[str, list[int]]

    @property
    def max_speed(self) -> int:
        return max((int(k) for k in self.speed_chart), default=0)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _load() -> tuple[dict[str, ShipCard], dict[str, Any]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    cards = {}
    for s in raw["ships"]:
        card = ShipCard(
            _slug(s["name"]), s["name"], s.get("faction", ""), s["size"], bool(s.get("flotilla")), s["speed_chart"]
        )
        cards[card.slug] = card
    return cards, raw["source"]


SHIPS, SOURCE = _load()
