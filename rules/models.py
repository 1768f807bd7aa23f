"""Stored scenarios: the permalinks.  Immutable once written, format-versioned."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from django.db import IntegrityError, connection, models, transaction
from django.utils import timezone

from rules.engine import Scenario, parse_scenario
from rules.engine.changes import engine_version

ID_LENGTHS = (10, 12, 14, 16, 20, 24)


class ImmutableError(RuntimeError):
    """A stored scenario may never change: its permalink must keep meaning the same."""


class StoredScenario(models.Model):
    """One situation behind a permalink ``/s/<id>/``.

    ``document`` is the canonical scenario text exactly as hashed; ``format``
    is its scenario-format version, so later formats can still read old rows.
    """

    id = models.CharField(primary_key=True, max_length=24)
    digest = models.CharField(max_length=64, unique=True)
    document = models.TextField()
    format = models.PositiveSmallIntegerField(default=1)
    engine_version = models.PositiveSmallIntegerField(default=1)
    """The engine version it was stored under: later corrections that apply are shown on its page."""
    created = models.DateTimeField(auto_now_add=True)
    opened = models.DateTimeField(null=True, blank=True)
    """When its permalink, picture or API answer was first fetched (metadata, not content): the
    cleanup command keeps every row that was ever opened."""

    class Meta:
        ordering = ("-created",)

    def __str__(self) -> str:
        return self.id

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ImmutableError(f"stored scenario {self.id} is immutable")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ImmutableError(f"stored scenario {self.id} is immutable")

    def mark_opened(self) -> None:
        """Record the first open (one UPDATE, only while never opened; the content stays immutable)."""
        if self.opened is None:
            now = timezone.now()
            StoredScenario.objects.filter(pk=self.pk, opened__isnull=True).update(opened=now)
            self.opened = now

    def scenario(self) -> Scenario:
        """The scenario, read through the parser of its format."""
        doc = json.loads(self.document)
        if self.format != 1:
            raise ValueError(f"unknown scenario format {self.format}")
        return parse_scenario(doc)


def is_stored(sid: str) -> bool:
    """Whether a scenario with this id is stored: one indexed read in plain SQL.

    The API asks this for every body it answers from its memo (a repeated POST), where the ORM's
    building of the same query was a third of the request's own time.
    """
    table = connection.ops.quote_name(StoredScenario._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s", [sid])
        return cursor.fetchone() is not None


def store_scenario(*, scenario: Scenario) -> StoredScenario:
    """Store a scenario (idempotent: the same scenario always gets the same id).

    The id is the shortest prefix of the content hash not taken by another
    scenario: a collision on 10 characters lengthens the id, never reuses it.
    """
    digest = scenario.digest()
    existing = StoredScenario.objects.filter(digest=digest).first()
    if existing is not None:
        return existing
    document = scenario.canonical().decode("utf-8")
    for length in ID_LENGTHS:
        # insert straight away (one statement for a new scenario); a clash says why it failed
        try:
            with transaction.atomic():
                return StoredScenario.objects.create(
                    id=scenario.short_id(length),
                    digest=digest,
                    document=document,
                    format=1,
                    engine_version=engine_version(),
                )
        except IntegrityError:
            again = StoredScenario.objects.filter(digest=digest).first()
            if again is not None:
                return again  # stored meanwhile by another request
            # the id belongs to another scenario: try a longer one
    raise RuntimeError("could not find a free id for the scenario")


class RateCounter(models.Model):
    """Requests per client and window, shared by every worker (the abuse limits in ``rules.limits``)."""

    key = models.CharField(max_length=120)
    period = models.BigIntegerField()
    """The window's start, in seconds since the epoch."""
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "period"], name="rate_counter_key_period")]


class Draft(models.Model):
    """A setup form's values kept under a short key, for a situation too big for an address.

    A 60-piece setup is some 20,000 characters of query: more than a server takes on a request
    line (gunicorn 4,094 bytes, nginx 8 KiB).  Its address is ``/setup/?state=<key>`` instead.
    The key hashes the text, so the same values always get the same key; a draft is never
    changed, and ``prune_unopened`` drops drafts older than its ``--days``.
    """

    key = models.CharField(primary_key=True, max_length=16)
    query = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.key


def draft_key(query: str) -> str:
    return base64.b32encode(hashlib.sha256(query.encode("utf-8")).digest()).decode("ascii").lower()[:16]


def draft_exists(query: str) -> bool:
    return Draft.objects.filter(pk=draft_key(query)).exists()


def store_draft(query: str) -> str:
    """Keep a form's query (idempotent) and give its key."""
    key = draft_key(query)
    Draft.objects.get_or_create(key=key, defaults={"query": query})
    return key


def draft_query(key: str) -> str | None:
    row = Draft.objects.filter(pk=key).first()
    return None if row is None else row.query


class SearchEntry(models.Model):
    """One searchable clause or example (``rules.search``), rebuilt from the shipped corpus and library.

    On SQLite an FTS5 table mirrors it (same rowid); on PostgreSQL an expression index covers it.
    A row of kind ``version`` names the corpus version the index was built from.
    """

    kind = models.CharField(max_length=16)
    key = models.CharField(max_length=200)
    title = models.TextField()
    body = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="search_entry_kind_key")]
