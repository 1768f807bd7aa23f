"""Citations a judge can look up: every page names the official document, version and entry, never our own files."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from rules.engine import all_clauses, get_clause
from rules.library import examples

pytestmark = pytest.mark.django_db

INTERNAL = re.compile(r"seeds/|reference/|\.txt\b|\.md\b|§|not in our sources|Ruling's rules notes|geometry notes")


def _visible(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)))


@pytest.fixture
def client() -> Client:
    return Client()


def test_the_rules_list_shows_no_internal_file_and_no_missing_page_note(client: Client) -> None:
    page = client.get("/rules/").content.decode()
    assert INTERNAL.findall(_visible(page)) == []
    assert page.count('<span class="citation">') == len(all_clauses())  # one citation per clause


@pytest.mark.parametrize("cid", [c.id for c in all_clauses()])
def test_each_clause_page_cites_the_official_document_entry_and_says_why_when_derived(client: Client, cid: str) -> None:
    c = get_clause(cid)
    assert c is not None
    html = client.get(f"/rules/{c.id}").content.decode()
    assert INTERNAL.findall(_visible(html)) == []
    line = _visible(html.split('data-testid="citation"')[1].split("</p>")[0])
    for e in c.citation.entries:
        assert e.document in line and e.entry in line
        if e.page:
            assert f"p. {e.page}" in line
    if c.citation.derived:
        assert "derived" in line.lower() and c.citation.why in line


def test_the_permalink_steps_cite_entries_not_files(client: Client) -> None:
    ex = next(e for e in examples() if e.scenario.game == "xwing")
    html = client.get(f"/s/{ex.id}/").content.decode()
    steps = html.split('<ol class="steps">')[1].split("</ol>")[0]
    assert "<cite>X-Wing" in steps
    assert INTERNAL.findall(_visible(steps)) == []


@pytest.mark.django_db
def test_the_permalink_steps_name_a_rule_by_what_it_says_not_its_id(client: Client) -> None:
    """A clause id is an address for links, not words for a reader: the step's citation links by the rule's summary."""
    for ex in (next(e for e in examples() if e.scenario.game == g) for g in ("xwing", "armada")):
        steps = client.get(f"/s/{ex.id}/").content.decode().split('<ol class="steps">')[1].split("</ol>")[0]
        assert "/rules/" in steps  # each still links to its clause page
        assert not re.search(r"\b(xwing-2\.[05]|armada-1\.5)/", _visible(steps)), ex.slug
