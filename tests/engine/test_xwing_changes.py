"""Which stored X-Wing rulings the obstruction and mine corrections (engine version 3) can change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import parse_scenario
from rules.engine.changes import changes_since

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"


@pytest.mark.parametrize(
    ("slug", "corrected"),
    [
        ("dv-03-mine-under-one-ship", True),
        ("dv-11-bombs-detonate", True),
        ("xw-24-range-0-attack-25", True),
        ("xw-25-range-0-attack-20", False),
        ("xw-20-obstructed-twice", True),
        ("xw-01-through-asteroid-25", False),
    ],
)
def test_version_7_lists_the_rulings_it_can_change(slug: str, corrected: bool) -> None:
    doc = json.loads((LIBRARY / f"{slug}.json").read_text(encoding="utf-8"))
    versions = [c.version for c in changes_since(2, parse_scenario(doc["scenario"]))]
    assert (7 in versions) is corrected
