"""Corrections to the engine that can change a stored permalink's ruling, as data.

A permalink's scenario never changes, but its ruling is recomputed by the
engine of the day.  When a correction changes rulings (a measured outline
replacing a drawn one, a placement fixed), the game that made it lists a
``Change`` with the engine version it starts; each stored permalink records
the version it was stored under, and its page says which later corrections
apply to it, so a judge who linked it sees the answer was corrected, not
silently different.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.engine.scenario import Scenario


@dataclass(frozen=True, slots=True)
class Change:
    version: int
    """The engine version this correction starts (permalinks stored before it show it)."""
    date: str
    game: str
    title: str
    text: str
    affects: Callable[[Scenario], bool]
    """Whether a scenario's ruling can differ because of this correction."""

    @property
    def anchor(self) -> str:
        return f"v{self.version}-{self.game}"


def all_changes() -> tuple[Change, ...]:
    from rules.engine import games

    return tuple(sorted((c for g in games.all_games() for c in g.changes), key=lambda c: c.version))


def engine_version() -> int:
    """The current engine version: 1, or the latest correction's."""
    return max((c.version for c in all_changes()), default=1)


def changes_since(version: int, scenario: Scenario) -> tuple[Change, ...]:
    """The corrections made after ``version`` that apply to this scenario."""
    return tuple(c for c in all_changes() if c.version > version and c.game == scenario.game and c.affects(scenario))


@cache
def fingerprint() -> str:
    """A hash of the engine's code and data: cached rulings and pictures are keyed by it (and by content)."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json") and "__pycache__" not in p.parts):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]
