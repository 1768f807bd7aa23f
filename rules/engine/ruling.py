"""What an evaluation returns: facts, numbered explanation steps, warnings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Step:
    """One explained step of a ruling.

    ``rules`` are clause ids (never empty); ``highlight`` names piece ids and
    figure ids (see ``Ruling.figures``) the picture emphasises for this step.
    """

    title: str
    text: str
    rules: tuple[str, ...]
    highlight: tuple[str, ...] = ()
    derived: bool = False
    """True where the step rests on our inference rather than explicit text (set by ``evaluate`` too
    whenever a cited clause is derived or disputed)."""
    disputed: bool = False
    """True where a cited clause is disputed (sources disagree): set by ``evaluate`` from the clauses."""
    other_edition: str | None = None
    """How the other X-Wing edition differs here, when it does."""
    states: tuple[str, ...] = ()
    """The outcome facts this step tells, as ``key`` or ``key:value`` (``effects:rock``,
    ``exempt_at_start:rock``, ``executed:full``): how a reader of the facts (learn's deciding step)
    finds the step that states one without matching clause ids. Not shown and not serialised."""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "title": self.title,
            "text": self.text,
            "rules": list(self.rules),
            "highlight": list(self.highlight),
            "derived": self.derived,
            "disputed": self.disputed,
        }
        if self.other_edition:
            d["other_edition"] = self.other_edition
        return d


@dataclass(frozen=True, slots=True)
class Figure:
    """A computed geometry the picture can draw (template, ghost base, line).

    ``kind`` is one of ``template``, ``template-counted``, ``base``,
    ``overlap``, ``line``, ``bar`` (a line across a measure, its label drawn at its end: "distance 2"),
    ``area``, ``blocked`` (positions a piece rules out, titled with it),
    ``ghost``, ``abandoned`` (a position tried and abandoned: a ram's speeds, a tool side that overlaps),
    ``option``, ``label``.  ``coords`` are table
    millimetres: a polygon ring for areas, two or more points for lines.
    """

    id: str
    kind: str
    coords: tuple[tuple[float, float], ...]
    label: str = ""
    holes: tuple[tuple[tuple[float, float], ...], ...] = ()
    pose: tuple[float, float, float] | None = None
    """x, y, heading of a final base: the picture draws its facing arrow there."""
    backdrop: bool = False
    """Drawn for context only (a firing arc, a range band): the picture is cropped to the other figures and
    the pieces, so a backdrop may run off it; framing one made the pieces small on a phone."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """The result of evaluating a scenario."""

    outcome: dict[str, Any]
    steps: tuple[Step, ...]
    warnings: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = field(default=())
    summary: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "steps": [s.to_dict() for s in self.steps],
            "warnings": list(self.warnings),
            "summary": self.summary,
        }
