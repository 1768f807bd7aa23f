"""The rules corpus: clauses with ids, documents, versions, short quotes and our summaries.

Rules text is data (``data/clauses.json``).  Every explanation step cites
clause ids; ``/rules/<id>`` shows them.  ``data/citations.json`` says, per clause id,
where a judge looks it up (official document and version, entry, page where known)
and what our wording rests on (official text, a community transcription, our inference).
``status`` says how firm a clause is: ``rules`` (rules text), ``faq`` (FAQ or official ruling), ``derived`` (our
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
BASES = {
    "official": "official text",
    "transcription": "from a community transcription",
    "inference": "our inference",
}
"""What a citation rests on: the official wording, a community copy of it, or our own reading."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One place in one official document: the entry (alphabetical in a Rules Reference), card or FAQ question."""

    document: str
    entry: str
    page: str = ""
    """The page where a source we have gives it ("14", "6–7"), or "": never a guess; the entry is the locator."""

    @property
    def page_said(self) -> str:
        return f"p. {self.page}" if self.page else ""


@dataclass(frozen=True, slots=True)
class Citation:
    """How a judge looks a clause up, and how firm our wording of it is."""

    entries: tuple[Entry, ...]
    basis: str
    why: str = ""
    note: str = ""

    @property
    def derived(self) -> bool:
        """True when the clause rests on a community transcription or on our inference, not the official text."""
        return self.basis != "official"

    @property
    def basis_said(self) -> str:
        return BASES[self.basis]

    @property
    def groups(self) -> tuple[tuple[str, tuple[Entry, ...]], ...]:
        """The entries by document, in order: ("X-Wing Rules Reference 1.4.5 (…)", (Obstacles,)), …"""
        out: dict[str, list[Entry]] = {}
        for e in self.entries:
            out.setdefault(e.document, []).append(e)
        return tuple((doc, tuple(es)) for doc, es in out.items())

    @property
    def text(self) -> str:
        """One line: "X-Wing Rules Reference 1.4.5 (…), Obstacles; …" (plain text, for titles and tests)."""
        return "; ".join(
            f"{doc}, " + ", ".join(f"{e.entry}{f' ({e.page_said})' if e.page else ''}" for e in es)
            for doc, es in self.groups
        )


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

        Kept for the section strings; pages shown to readers come from ``citation`` (an entry's page
        where a source we have gives it, never a guess).
        """
        found = _PAGE.search(self.section)
        return found.group(0) if found else ""

    @property
    def citation(self) -> Citation:
        """Where a judge looks this rule up: the official document, version, entry and page (``data/citations.json``).

        ``source`` stays our own file path, for the quote checks; it is never shown to a reader.
        """
        return _citations()[self.id]

    @property
    def anchor(self) -> str:
        """A stable HTML anchor for the clause on the ``/rules/`` page."""
        return self.id.replace("/", "-").replace(".", "-")


@cache
def _load() -> tuple[tuple[Clause, ...], dict[str, Clause]]:
    raw = [c for path in sorted(DATA.glob("clauses*.json")) for c in json.loads(path.read_text(encoding="utf-8"))]
    clauses = tuple(Clause(**{**c, "see_also": tuple(c.get("see_also", ()))}) for c in raw)
    return clauses, {c.id: c for c in clauses}


@cache
def _citations() -> dict[str, Citation]:
    raw = json.loads((DATA / "citations.json").read_text(encoding="utf-8"))
    documents: dict[str, str] = raw["documents"]
    out = {}
    for cid, c in raw["clauses"].items():
        entries = tuple(
            Entry(documents[e.get("document", c["document"])], e["entry"], e.get("page", "")) for e in c["entries"]
        )
        out[cid] = Citation(entries, c["basis"], c.get("why", ""), c.get("note", ""))
    return out


def all_clauses() -> tuple[Clause, ...]:
    return _load()[0]


def get_clause(clause_id: str) -> Clause | None:
    return _load()[1].get(clause_id)


def clauses_for(game: str, edition: str) -> tuple[Clause, ...]:
    return tuple(c for c in all_clauses() if c.game == game and c.edition == edition)
