"""What is searched: every clause of the corpus and every listed example, as title and body text."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache

from rules.engine import all_clauses, games
from rules.library import examples


@dataclass(frozen=True, slots=True)
class Document:
    kind: str
    """``clause`` or ``example``."""
    key: str
    """The clause id or the example's permalink id."""
    title: str
    body: str


@cache
def documents() -> tuple[Document, ...]:
    """The corpus and the library as they ship with this code (the same for every request)."""
    titles = {g.name: g.title for g in games.all_games()}
    out = [
        Document(
            "clause",
            c.id,
            f"{c.section} {c.id.split('/', 1)[-1].replace('/', ' ').replace('-', ' ')}",  # its topic words
            f"{c.summary} {c.quote} {titles.get(c.game, c.game)} {c.edition} {c.document}",
        )
        for c in all_clauses()
    ]
    out += [
        Document("example", ex.id, ex.title, f"{ex.description} {' '.join(ex.tags).replace('-', ' ')}")
        for ex in examples()
    ]
    return tuple(out)


@cache
def corpus_version() -> str:
    """A digest of everything indexed: a stored index of another version is rebuilt before use."""
    h = hashlib.sha256()
    for d in documents():
        h.update(f"{d.kind}\0{d.key}\0{d.title}\0{d.body}\n".encode())
    return h.hexdigest()[:16]
