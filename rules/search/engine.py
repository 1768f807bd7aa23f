"""The index in the database, and the two ways of querying it (SQLite FTS5, PostgreSQL full text).

The index is rebuilt whenever the shipped corpus or library differs from what is stored (a version
row names it), inside a transaction that other workers wait for, so a deploy needs no extra step.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction

from rules.models import SearchEntry
from rules.search.documents import corpus_version, documents
from rules.search.query import Groups, query_groups

FTS = "rules_search_fts"
"""SQLite's FTS5 table, one row per ``SearchEntry`` (same rowid); made by migration 0005."""
LOCK = 7_462_001
"""PostgreSQL advisory lock taken while the index is rebuilt."""
PG_VECTOR = "(setweight(to_tsvector('rules_search', title), 'A') || setweight(to_tsvector('rules_search', body), 'B'))"
"""PostgreSQL's document vector; migration 0005 indexes exactly this expression."""


@dataclass(frozen=True, slots=True)
class Hit:
    key: str
    all_words: bool
    """False when no entry had every word and this one has only some of them."""
    groups: Groups
    """The query's word groups, for marking the matched words where the entry is shown (``query.mark``)."""


def _rebuild(version: str) -> None:
    SearchEntry.objects.all().delete()
    SearchEntry.objects.bulk_create(
        [SearchEntry(kind=d.kind, key=d.key, title=d.title, body=d.body) for d in documents()]
        + [SearchEntry(kind="version", key=version, title="", body="")]
    )
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {FTS}")
            cursor.execute(
                f"INSERT INTO {FTS} (rowid, title, body) SELECT id, title, body FROM rules_searchentry"
                " WHERE kind != 'version'"
            )


def ensure_index() -> None:
    """Build the index if it is missing or of another version (one indexed read when it is current)."""
    version = corpus_version()
    if SearchEntry.objects.filter(kind="version", key=version).exists():
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])
        if not SearchEntry.objects.filter(kind="version", key=version).exists():
            _rebuild(version)


def _sqlite(groups: Groups, kind: str, every: bool, limit: int) -> list[str]:
    """FTS5: the words quoted (never operators), ranked by bm25 with the title weighing 4 times the body."""
    joiner = " AND " if every else " OR "
    match = joiner.join("(" + " OR ".join(f'"{w}"' for w in g) + ")" for g in groups)
    sql = (
        f"SELECT e.key FROM {FTS} JOIN rules_searchentry e ON e.id = {FTS}.rowid"
        f" WHERE {FTS} MATCH %s AND e.kind = %s ORDER BY bm25({FTS}, 4.0, 1.0), e.key LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match, kind, limit])
        return [row[0] for row in cursor.fetchall()]


def _postgresql(groups: Groups, kind: str, every: bool, limit: int) -> list[str]:
    """PostgreSQL: English stemming with no stop words (``rules_search``, migration 0005), ranked by cover density."""
    joiner = " & " if every else " | "
    tsquery = joiner.join("(" + " | ".join(g) + ")" for g in groups)
    sql = (
        f"SELECT key FROM rules_searchentry, to_tsquery('rules_search', %s) q WHERE kind = %s AND {PG_VECTOR} @@ q"
        f" ORDER BY ts_rank_cd({PG_VECTOR}, q) DESC, key LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [tsquery, kind, limit])
        return [row[0] for row in cursor.fetchall()]


def search(text: str, kind: str, limit: int = 60) -> list[Hit]:
    """Entries of ``kind`` (``clause`` or ``example``) matching the query, best first.

    First the entries with every word as typed (stemmed), then those that need a synonym for some word,
    each tier ranked by the database: a player's own words outrank the words we widened them to. When no
    entry has every word (or a synonym) and the query has three words or more, the entries with any of
    them are returned, marked as such (two words that never meet find nothing: a misspelt word would
    otherwise match every entry with the other). An empty or meaningless query finds nothing.
    """
    groups = query_groups(text)
    if not groups:
        return []
    ensure_index()
    run = _postgresql if connection.vendor == "postgresql" else _sqlite
    typed = tuple((g[0],) for g in groups)
    keys = list(dict.fromkeys(run(typed, kind, True, limit) + run(groups, kind, True, limit)))[:limit]
    if keys:
        return [Hit(key, True, groups) for key in keys]
    if len(groups) >= 3:
        return [Hit(key, False, groups) for key in run(groups, kind, False, limit)]
    return []
