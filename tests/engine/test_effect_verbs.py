"""An obstacle's effect, as the ruling says it, uses the verb of the rule it cites: a phone trial read "The ship is
assigned 1 stress token" beside the rule's "the ship gains 1 stress token" (issue 22, the player's language). The
verbs are the rules text's, per edition and obstacle (shared/seeds/000: a 2.5 debris cloud "Gain a stress token",
loose cargo "is assigned 1 strain token")."""

from __future__ import annotations

import re

import pytest

from rules.engine.clauses import get_clause
from rules.engine.xwing.effects import EFFECTS_20, EFFECTS_25, Effect

TOKEN = re.compile(r"\b(gains?|(?:is |be )?assigned) (?:\d+|an?) (stress|strain|ion|jam) tokens?")


def _verbs(text: str) -> set[tuple[str, str]]:
    """(verb, token) pairs: "gains 1 stress token" and "gain 3 ion tokens" are both ("gain", ...)."""
    return {("gain" if m[1].startswith("gain") else "assigned", m[2]) for m in TOKEN.finditer(text)}


CASES = [
    (f"xwing-{ed}/{e.clause}", e)
    for ed, effects in (("2.5", EFFECTS_25), ("2.0", EFFECTS_20))
    for e in effects.values()
]


@pytest.mark.parametrize(("clause_id", "effect"), CASES, ids=[c for c, _ in CASES])
def test_a_token_is_gained_or_assigned_as_the_cited_rule_says(clause_id: str, effect: Effect) -> None:
    clause = get_clause(clause_id)
    assert clause is not None
    rule = _verbs(f"{clause.quote} {clause.summary}")
    said = _verbs(effect.text())
    for verb, token in said:
        if any(t == token for _, t in rule):
            assert (verb, token) in rule, f"{clause_id}: says '{verb}' a {token} token, the rule another verb"


def test_the_debris_cloud_gains_its_stress_as_the_rule_says() -> None:
    assert EFFECTS_25["debris-cloud"].text().startswith("The ship gains 1 stress token.")
