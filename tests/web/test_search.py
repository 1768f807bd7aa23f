"""Search by words in any order, stemmed, with players' synonyms, ranked and marked (SQLite FTS5 and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.library import examples
from rules.models import SearchEntry
from rules.search import search
from rules.search.documents import corpus_version
from rules.search.query import mark, query_groups

pytestmark = pytest.mark.django_db


def _example(slug_start: str) -> str:
    return next(ex.id for ex in examples() if ex.slug.startswith(slug_start))


def _keys(q: str, kind: str) -> list[str]:
    return [h.key for h in search(q, kind)]


def test_the_issue_queries_find_the_relevant_clauses_and_examples() -> None:
    ship_overlap = _keys("overlap ship", "clause")
    assert {"xwing-2.5/overlap/partial", "armada-1.5/overlapping/ship-onto-ship"} <= set(ship_overlap[:30])
    assert _keys("ship overlap", "clause") == ship_overlap  # any order, the same ranking
    overlapped = _keys("overlap ship", "example")[:10]  # the closest overlapped ship, a ship onto squadrons
    assert _example("ar-07") in overlapped and _example("am-08") in overlapped
    mine = _keys("mine under ship", "clause")
    assert {"xwing-2.5/device/under", "xwing-2.5/mine/detonation"} <= set(mine[:10])
    assert _example("dv-03") in _keys("mine under ship", "example")  # "A proximity mine dropped under an enemy ship"
    landing = _keys("landing on asteroid", "example")
    assert _example("xw-03") in landing[:5]  # "Base lands partly on an asteroid": stemmed, "on" carries nothing
    # "Obstacles never cause a partial maneuver: a ship simply lands on them" (the rock is an obstacle)
    assert "xwing-2.5/obstacles/not-bump" in _keys("landing on asteroid", "clause")[:5]


def test_players_words_are_synonyms_of_the_rules_words() -> None:
    assert "xwing-2.5/obstacles/asteroid" in _keys("rock", "clause")  # rock: asteroid
    assert "xwing-2.5/device/under" in _keys("bomb under ship", "clause")  # bomb: device
    bump = _keys("bump", "clause")
    assert any("partial" in k or "bump" in k for k in bump[:5])
    assert search("the of on", "clause") == [] and search("", "example") == []  # nothing meaningful to find
    assert search("zzzz nothing", "example") == []  # two words that never meet: nothing, not a guess


def test_a_query_is_words_only_never_database_syntax() -> None:
    assert query_groups('mine" OR 1=1; -- NEAR(x') == query_groups("mine or 1 1 near x")
    for hostile in ('"', "'", "*", "NOT", "a:b", "(", ")", "^", "&|!", "drop table rules_searchentry"):
        search(hostile, "clause")  # neither database sees anything but quoted or plain words
    assert SearchEntry.objects.filter(kind="clause").exists()


def test_matched_words_are_marked_and_the_rest_escaped() -> None:
    marked = mark("Mines <b>under</b> a ship's base", query_groups("mine under"))
    assert marked == "<mark>Mines</mark> &lt;b&gt;<mark>under</mark>&lt;/b&gt; a ship&#x27;s base"


def test_the_index_follows_the_shipped_corpus() -> None:
    search("asteroid", "clause")
    assert SearchEntry.objects.filter(kind="version", key=corpus_version()).exists()
    SearchEntry.objects.filter(kind="version").update(key="old")
    SearchEntry.objects.filter(kind="clause").delete()
    assert "xwing-2.5/obstacles/asteroid" in _keys("asteroid", "clause")  # rebuilt, not stale or empty
    assert SearchEntry.objects.filter(kind="version").count() == 1


def test_the_rules_page_ranks_and_marks(client: Client) -> None:
    page = client.get("/rules/", {"q": "mine under ship"}).content.decode()
    assert "<mark>" in page and "/rules/xwing-2.5/device/under" in page
    assert "worked example" in page  # the examples matching the same words are one link away
    page = client.get("/rules/", {"q": "<script>alert(1)</script> rock"}).content.decode()
    assert "<script>alert" not in page


def test_the_library_search_ranks_and_marks(client: Client) -> None:
    page = client.get("/", {"q": "landing on asteroid"}).content.decode()
    assert "Best matches" in page and "<mark>" in page and f"/s/{_example('xw-03')}/" in page
    assert "rule" in page.split('data-testid="search-count"')[1][:400]  # the matching rules are one link away


def test_the_rules_list_is_grouped_and_collapsible(client: Client) -> None:
    page = client.get("/rules/").content.decode()
    assert page.count('<details class="rule-group"') >= 3 and '<details class="rule-section">' in page
    assert 'id="xwing-2-5-obstacles-asteroid"' in page  # every anchor still on the page
