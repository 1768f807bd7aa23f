"""Legality checks as data: the broken rules of a placement or a move, and the step that sums them up."""

from __future__ import annotations

from typing import Any

from rules.engine.ruling import Step


def verdict_states(violations: list[dict[str, Any]]) -> tuple[str, ...]:
    """What a verdict step states (``Step.states``): ``legal``, or ``legal:no`` and each broken rule as
    ``violations:<clause>``, so a reader of the facts finds the step that tells a rule was broken."""
    if not violations:
        return ("legal",)
    return ("legal:no", *dict.fromkeys(f"violations:{v['rule']}" for v in violations))


class Violations(list[dict[str, Any]]):
    """``[{"rule", "message", "pieces"}]`` in the order found (the spec's ``violations``)."""

    def add(self, rule: str, message: str, pieces: list[str]) -> None:
        self.append({"rule": rule, "message": message, "pieces": pieces})

    def step(self, what: str, default_rule: str, default_pieces: tuple[str, ...]) -> Step:
        """ "The <what> is legal" citing ``default_rule``, or every broken rule and the pieces involved."""
        if not self:
            return Step(
                f"The {what} is legal", "Every rule is met.", (default_rule,), default_pieces, states=("legal",)
            )
        return Step(
            f"The {what} is not legal",
            " ".join(v["message"] + "." for v in self),
            tuple(dict.fromkeys(v["rule"] for v in self)),
            tuple(dict.fromkeys(p for v in self for p in v["pieces"])) or default_pieces,
            states=verdict_states(self),
        )
