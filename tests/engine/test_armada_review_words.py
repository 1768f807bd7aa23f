"""The head judge's review (2026-11-25) of Armada words: each sentence says only what was measured or applies."""

from __future__ import annotations

import json
from pathlib import Path

from rules.engine import Ruling, evaluate, parse_scenario

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(slug: str) -> dict:
    return json.loads((LIBRARY / f"{slug}.json").read_text(encoding="utf-8"))


def ruled(slug: str) -> Ruling:
    return evaluate(parse_scenario(example(slug)["scenario"]))


def test_range_out_of_arc_is_not_measured_not_beyond_long_range() -> None:
    """ak-09: the ships are at close range, but outside the arc range is never measured (problem 1)."""
    r = ruled("ak-09-out-of-arc")
    (step,) = [s for s in r.steps if s.title.startswith("Attack range")]
    assert step.title == "Attack range: not measured (outside the arc)"
    assert "beyond" not in step.title and "Range is not measured" in step.text
    assert r.outcome["range"] is None
