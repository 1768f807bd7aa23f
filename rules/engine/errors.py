"""Errors the engine raises for bad input, with every problem at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input document: where, and why."""

    field: str
    """JSON path of the offending value, e.g. ``pieces[2].x`` (``""`` for the root)."""
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


class ScenarioError(ValueError):
    """A scenario document that cannot be used; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(f"{p.field or '(document)'}: {p.message}" for p in self.problems))
