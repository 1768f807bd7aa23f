"""Facts before words: what an X-Wing ruling found, for a narration module to tell.

A ruling's geometry code records each finding as a ``Fact``: the name of the sentence that
tells it and the values that sentence needs (piece ids, numbers, flags; never prose).  One
narration module per family of actions (``narrate_attack``, ``narrate_devices``) turns facts
into steps, warnings, picture labels and the verdict, so every sentence a judge reads for an
action lives in one file, and a test can render each sentence against facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.engine.ruling import Step


@dataclass(frozen=True, slots=True)
class Fact:
    """One finding: ``kind`` names its sentence; ``data`` holds ids and values, not words."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Voice:
    """What a sentence needs besides its fact: the edition and how the reader names pieces."""

    edition: str
    names: Callable[[Iterable[str]], str]
    """Piece ids as the reader sees them (labels), joined with commas."""

    def name(self, piece_id: str) -> str:
        return self.names([piece_id])

    def cid(self, rest: str) -> str:
        return f"xwing-{self.edition}/{rest}"


Sentence = Callable[[Fact, Voice], Step]
"""A narration module's sentence: a fact of one kind, told as a step."""


def tell(sentences: Mapping[str, Sentence], facts: Iterable[Fact], voice: Voice) -> tuple[Step, ...]:
    """Every fact as a step, in order (a fact with no sentence is a programming error); each step
    states its fact's kind (``Step.states``), so a reader of the facts can find the step that told one."""
    out = []
    for f in facts:
        step = sentences[f.kind](f, voice)
        out.append(replace(step, states=(f.kind, *step.states)))
    return tuple(out)
