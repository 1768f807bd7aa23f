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


@cache
def examples() -> tuple[Example, ...]:
    out = []
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
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


def example_by_id(sid: str) -> Example | None:
    for ex in examples():
        if ex.id == sid:
            return ex
    return None
