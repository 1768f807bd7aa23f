"""Every step of every ruling cites clauses that exist in the corpus, in the scenario's edition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import ScenarioError, evaluate, games, get_clause, parse_scenario

LIBRARY = sorted((Path(__file__).resolve().parents[2] / "rules" / "examples").glob("*.json"))
CASES = [
    (path, edition)
    for path in LIBRARY
    for edition in games.get(json.loads(path.read_text(encoding="utf-8"))["scenario"]["game"]).editions
]


@pytest.mark.parametrize(("path", "edition"), CASES, ids=[f"{e}-{p.stem}" for p, e in CASES])
def test_every_cited_clause_exists(path: Path, edition: str) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    own = doc["edition"]
    doc["edition"] = edition
    prefix = games.get(doc["game"]).clause_prefix
    try:
        scenario = parse_scenario(doc)
    except ScenarioError as e:
        if edition == own:
            raise
        pytest.skip(f"not a {edition} situation: {e.problems[0].message}")  # e.g. a 2.5 sideslip
    ruling = evaluate(scenario)
    cited = {c for s in ruling.steps for c in s.rules}
    cited |= {e["rule"] for e in ruling.outcome.get("effects", [])}
    missing = sorted(c for c in cited if get_clause(c) is None)
    assert missing == []
    assert all(c.startswith(f"{prefix}{edition}/") for c in cited)
