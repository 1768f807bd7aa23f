"""The rules corpus: clauses with ids, documents, versions, short quotes and our summaries.

Rules text is data (``data/clauses.json``).  Every explanation step cites
clause ids; ``/rules/<id>`` shows them.  ``status`` says how firm a clause is:
``rules`` (rules text), ``faq`` (FAQ or official ruling), ``derived`` (our
inference from the rules) or ``disputed`` (sources disagree).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
"""Every ``clauses*.json`` here is part of the corpus (one file per game or document family)."""
STATUSES = ("rules", "faq", "derived", "disputed")


_PAGE = re.compile(r"\bp\.\s?\d+(?:\s?[–-]\s?\d+)?")


@dataclass(frozen=True, slots=True)
class Clause:
    """One citable rule."""

    id: str
    game: str
    edition: str
    document: str
    version: str
    section: str
    source: str
    quote: str
    summary: str
    status: str
    see_also: tuple[str, ...] = ()

    @property
    def page(self) -> str:
        """The official document's first page as our source gives it ("p.14", "p.6–7"), or "" when none.

        The Armada transcriptions cite their RRG pages; our X-Wing sources cite entries only, and the
        official PDFs cannot be fetched here, so the pages say that plainly rather than guess one.
        """
        found = _PAGE.search(self.section)
        return found.group(0) if found else ""

    @property
    def source_said(self) -> str:
        """Where the text comes from, in words: ``source`` is our file path (kept for the quote checks)."""
        if self.source.startswith("seeds/"):
            return "quoted from a community transcription of the rules"
        if self.source.startswith("reference/"):
            return "summarised in Table Ruling's rules notes"
        return self.source

    @property
    def anchor(self) -> str:
        """A stable HTML anchor for the clause on the ``/rules/`` page."""
        return self.id.replace("/", "-").replace(".", "-")


@cache
def _load() -> tuple[tuple[Clause, ...], dict[str, Clause]]:
    raw = [c for path in sorted(DATA.glob("clauses*.json")) for c in json.loads(path.read_text(encoding="utf-8"))]
    clauses = tuple(Clause(**{**c, "see_also": tuple(c.get("see_also", ()))}) for c in raw)
    return clauses, {c.id: c for c in clauses}


def all_clauses() -> tuple[Clause, ...]:
    return _load()[0]


def get_clause(clause_id: str) -> Clause | None:
    return _load()[1].get(clause_id)


def clauses_for(game: str, edition: str) -> tuple[Clause, ...]:
    return tuple(c for c in all_clauses() if c.game == game and c.edition == edition)
