"""A step is only as firm as the clauses it cites: derived or disputed clauses mark it so in the facts.

Judge's review, new problem 5 and item 4's gap: the page marked these steps, the API's
``steps[].derived`` did not (ar-27's open question, ar-23's refusal, xw-13's order, the
"only the final position counts" step of every obstacle move).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import evaluate, get_clause, parse_scenario
from rules.engine.clauses import Clause, all_clauses
from rules.engine.evaluate import with_clause_status
from rules.engine.ruling import Ruling, Step

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
EXAMPLES = sorted(LIBRARY.glob("*.json"))


def ruled(stem: str) -> Ruling:
    doc = json.loads((LIBRARY / f"{stem}.json").read_text(encoding="utf-8"))
    return evaluate(parse_scenario(doc["scenario"]))


def statuses(step: Step) -> set[str]:
    return {c.status for c in (get_clause(cid) for cid in step.rules) if c is not None}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_step_cites_a_derived_or_disputed_clause_unmarked(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for s in evaluate(parse_scenario(doc["scenario"])).steps:
        st = statuses(s)
        assert s.derived or not (st & {"derived", "disputed"}), s.title
        assert s.disputed == ("disputed" in st), s.title


def test_ar27_open_question_is_derived_and_disputed() -> None:
    spacing = "armada-1.5/obstacle-movement/mine-spacing"
    steps = [s for s in ruled("ar-27-move-mine-near-mine").steps if spacing in s.rules]
    assert steps and all(s.derived and s.disputed for s in steps)
    assert all(s.to_dict()["disputed"] is True for s in steps)


def test_ar23_refusal_on_the_minimum_is_derived() -> None:
    steps = ruled("ar-23-move-obstacle-minimum-not-reached").steps
    verdicts = [s for s in steps if s.title.startswith("The move is not legal")]
    assert verdicts and all(s.derived and not s.disputed for s in verdicts)


def test_a_step_on_rules_text_alone_stays_firm() -> None:
    rules_only = next(c.id for c in _clauses() if c.status == "rules")
    ruling = Ruling(outcome={}, steps=(Step("t", "x", (rules_only,)),))
    (s,) = with_clause_status(ruling).steps
    assert not s.derived and not s.disputed
    assert s.to_dict()["derived"] is False and s.to_dict()["disputed"] is False


def test_a_step_marked_derived_by_its_game_stays_derived() -> None:
    rules_only = next(c.id for c in _clauses() if c.status == "rules")
    (s,) = with_clause_status(Ruling(outcome={}, steps=(Step("t", "x", (rules_only,), derived=True),))).steps
    assert s.derived and not s.disputed


def _clauses() -> tuple[Clause, ...]:
    return tuple(all_clauses())
