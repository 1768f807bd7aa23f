"""Abuse limits: writes, first renders and new scenarios per client, shared through the database."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules import limits
from rules.library import examples
from rules.models import RateCounter, StoredScenario

pytestmark = pytest.mark.django_db


def _post(client: Client, doc: dict, ip: str = "203.0.113.7"):  # type: ignore[no-untyped-def]
    return client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json", REMOTE_ADDR=ip)


def test_writes_over_the_limit_get_429_with_retry_after(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "WRITES", limits.Limit("writes", 2, 60))
    doc = json.loads(examples()[0].scenario.canonical())
    assert _post(client, doc).status_code == 200
    assert _post(client, doc).status_code == 200
    r = _post(client, doc)
    assert r.status_code == 429 and 1 <= int(r["Retry-After"]) <= 60
    assert _post(client, doc, ip="198.51.100.1").status_code == 200  # another client is not limited
    assert RateCounter.objects.filter(key="writes:203.0.113.7").get().count == 3


def test_new_scenarios_per_day_is_a_storage_quota(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "NEW_PER_DAY", limits.Limit("new-per-day", 1, 86400))
    a, b = (json.loads(e.scenario.canonical()) for e in examples()[:2])
    assert _post(client, a).status_code == 200
    assert _post(client, a).status_code == 200  # the same scenario again stores nothing new
    assert _post(client, b).status_code == 429
    assert StoredScenario.objects.count() == 1


def test_first_renders_are_limited_cached_pictures_are_not(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from django.core.cache import cache

    cache.clear()  # pictures rendered by an earlier run outside `make test` (a shared cache dir) are not first renders
    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 1, 60))
    one, two = examples()[:2]
    client.get(f"/s/{one.id}/")
    client.get(f"/s/{two.id}/")
    assert client.get(f"/s/{one.id}.png").status_code == 200
    assert client.get(f"/s/{one.id}.png").status_code == 200  # from the shared cache: not counted
    refused = client.get(f"/s/{two.id}.png")
    assert refused.status_code == 429 and refused["Retry-After"]
    assert "public" not in refused.get("Cache-Control", "")  # a shared cache must not keep the refusal


def test_old_counters_are_pruned() -> None:
    RateCounter.objects.create(key="writes:x", period=0, count=5)
    assert limits.prune() == 1


def test_prune_unopened_keeps_opened_rows_and_the_library(client: Client) -> None:
    from datetime import timedelta
    from io import StringIO

    from django.core.management import call_command
    from django.utils import timezone

    from rules.models import store_scenario

    lib = examples()[0]
    opened_ex, never = examples()[1], examples()[2]
    for e in (lib, opened_ex, never):
        store_scenario(scenario=e.scenario)
    client.get(f"/s/{opened_ex.id}.svg")
    long_ago = timezone.now() - timedelta(days=40)
    StoredScenario.objects.update(created=long_ago)
    # the library's scenarios are kept anyway: pretend "never" is not in the library by checking the count
    out = StringIO()
    call_command("prune_unopened", "--days", "30", "--dry-run", stdout=out)
    assert "0 stored scenarios" in out.getvalue()  # every one of these is a library example
    StoredScenario.objects.create(
        id="posted0001", digest="1" * 64, document=lib.scenario.canonical().decode(), format=1
    )
    StoredScenario.objects.filter(pk="posted0001").update(created=long_ago)
    call_command("prune_unopened", "--days", "30", stdout=out)
    assert not StoredScenario.objects.filter(pk="posted0001").exists()
    assert StoredScenario.objects.filter(pk=opened_ex.id).get().opened is not None
    assert StoredScenario.objects.count() == 3


def test_prune_unopened_drops_old_setup_drafts() -> None:
    from datetime import timedelta
    from io import StringIO

    from django.core.management import call_command
    from django.utils import timezone

    from rules.models import Draft, store_draft

    old, new = store_draft("game=xwing&old=1"), store_draft("game=xwing&new=1")
    Draft.objects.filter(pk=old).update(created=timezone.now() - timedelta(days=40))
    out = StringIO()
    call_command("prune_unopened", "--days", "30", stdout=out)
    assert "1 drafts" in out.getvalue() and list(Draft.objects.values_list("key", flat=True)) == [new]
