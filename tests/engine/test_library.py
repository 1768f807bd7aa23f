"""The worked-example library: every example evaluates to the facts it promises."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
EXAMPLES = sorted(LIBRARY.glob("*.json"))


def contains(actual: Any, expected: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from the (partial) ``expected``; numbers to 0.01."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        out: list[str] = []
        for k, v in expected.items():
            if k not in actual:
                out.append(f"{path}.{k}: missing")
            else:
                out += contains(actual[k], v, f"{path}.{k}")
        return out
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {len(expected)} entries, got {actual!r}"]
        return [
            m for i, (a, e) in enumerate(zip(actual, expected, strict=True)) for m in contains(a, e, f"{path}[{i}]")
        ]
    if isinstance(expected, int | float) and not isinstance(expected, bool) and isinstance(actual, int | float):
        return [] if abs(actual - expected) <= 0.01 else [f"{path}: {actual} != {expected}"]
    return [] if actual == expected else [f"{path}: {actual!r} != {expected!r}"]


def test_the_library_is_big_enough() -> None:
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_facts(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert {"title", "description", "scenario", "expect"} <= set(doc)
    ruling = evaluate(parse_scenario(doc["scenario"]))
    assert contains(ruling.outcome, doc["expect"]) == []
    assert ruling.steps and all(s.rules for s in ruling.steps)


def test_the_comparison_can_fail() -> None:
    assert contains({"a": [1]}, {"a": [2]})
    assert contains({"a": {"b": 1.0}}, {"a": {"b": 1.02}})
    assert not contains({"a": {"b": 1.0, "c": 2}}, {"a": {"b": 1.005}})


def test_the_library_has_ten_device_examples() -> None:
    tagged = [p for p in EXAMPLES if "devices" in json.loads(p.read_text(encoding="utf-8")).get("tags", [])]
    assert len(tagged) >= 10


def test_the_library_has_armada_examples_for_every_topic() -> None:
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    armada = [d for d in docs if d["scenario"]["game"] == "armada"]
    assert len(armada) >= 15
    topics = {t for d in armada for t in d["tags"]}
    assert {"ramming", "squadrons", "tool", "obstacles", "play-area", "obstacle-movement"} <= topics
