"""Every clause names where a judge looks it up (data/citations.json), and how firm our wording is."""

from __future__ import annotations

import json
import re

from rules.engine import all_clauses
from rules.engine.clauses import BASES, DATA

OUR_FILES = re.compile(r"seeds/|reference/|\.txt\b|\.md\b|§|Table Ruling")


def test_every_clause_has_a_citation_and_no_citation_is_for_a_clause_that_does_not_exist() -> None:
    raw = json.loads((DATA / "citations.json").read_text(encoding="utf-8"))
    assert sorted(raw["clauses"]) == sorted(c.id for c in all_clauses())
    for c in all_clauses():
        cite = c.citation
        assert cite.entries and all(e.document and e.entry for e in cite.entries), c.id
        assert cite.basis in BASES, c.id


def test_citations_name_official_documents_not_our_files() -> None:
    for c in all_clauses():
        cite = c.citation
        said = " ".join([cite.text, cite.why, cite.note])
        assert OUR_FILES.findall(said) == [], c.id


def test_derived_citations_say_why_and_official_ones_need_not() -> None:
    for c in all_clauses():
        cite = c.citation
        if cite.derived:
            assert len(cite.why) > 20, c.id
        assert cite.derived or not cite.why, c.id
        if c.status == "derived":  # our inference is never presented as the official text
            assert cite.basis == "inference", c.id


def test_pages_come_only_from_sources_that_give_them() -> None:
    """Only the Armada guide's pages are in a source we have; no X-Wing page is guessed."""
    for c in all_clauses():
        pages = [e.page for e in c.citation.entries if e.page]
        if c.game == "xwing":
            assert pages == [], c.id
        for p in pages:
            assert re.fullmatch(r"\d+(–\d+)?", p), (c.id, p)


def test_a_citation_reads_as_document_version_entry() -> None:
    asteroid = next(c for c in all_clauses() if c.id == "xwing-2.5/obstacles/asteroid")
    assert asteroid.citation.text.startswith("X-Wing Rules Reference 1.4.5") and asteroid.citation.text.endswith(
        ", Obstacles"
    )
    ram = next(c for c in all_clauses() if c.id == "armada-1.5/flotillas/ram")
    assert ram.citation.text.endswith("Flotillas (p. 6–7)")
    transcribed = next(c for c in all_clauses() if c.id == "xwing-2.5/obstacles/skip-action")
    assert transcribed.citation.derived and "fandom wiki" in transcribed.citation.why
