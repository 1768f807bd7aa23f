"""The worked-example library shipped in ``rules/examples/``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.engine import Scenario, parse_scenario

EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    description: str
    case: str
    tags: tuple[str, ...]
    scenario: Scenario

    @property
    def id(self) -> str:
        return self.scenario.short_id()

    @property
    def edition(self) -> str:
        return self.scenario.edition


def _load(folder: Path) -> tuple[Example, ...]:
    out = []
    for path in sorted(folder.glob("*.json")):
        doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        out.append(
            Example(
                slug=doc.get("slug", path.stem),
                title=doc["title"],
                description=doc.get("description", ""),
                case=doc.get("case", ""),
                tags=tuple(doc.get("tags", ())),
                scenario=parse_scenario(doc["scenario"]),
            )
        )
    return tuple(out)


@cache
def examples() -> tuple[Example, ...]:
    """The library as it is listed."""
    return _load(EXAMPLES_DIR)


@cache
def retired() -> tuple[Example, ...]:
    """Earlier versions of examples (e.g. hand-drawn squares replaced by real components).

    They are no longer listed, but their permalinks were shared: they keep rendering, even on a
    database that never stored them, and the cleanup command never deletes them.
    """
    return _load(EXAMPLES_DIR / "retired")


@cache
def _by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in (*retired(), *examples())}


def example_by_id(sid: str) -> Example | None:
    """A listed or retired example by its permalink id (no database involved)."""
    return _by_id().get(sid)
