"""Abuse limits: writes, first renders and new scenarios per client, shared through the database."""

from __future__ import annotations

import json
from typing import Any

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
    # only first renders count here: a cold ruling's CPU time (over 20 ms on a busy machine) would spend the unit
    monkeypatch.setattr(limits, "EXPENSIVE_S", 60.0)
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


# The client address behind nginx: ``X-Forwarded-For`` exactly as the example's
# ``$proxy_add_x_forwarded_for`` sends it (the client's own header, if any, then the address nginx saw).


def _via_nginx(client: Client, doc: dict, seen: str, sent: str | None = None, proxy: str = "127.0.0.1"):  # type: ignore[no-untyped-def]
    forwarded = f"{sent}, {seen}" if sent else seen
    return client.post(
        "/api/v1/rulings",
        data=json.dumps(doc),
        content_type="application/json",
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_a_spoofed_forwarded_hop_does_not_escape_the_limit(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "WRITES", limits.Limit("writes", 3, 60))
    doc = json.loads(examples()[0].scenario.canonical())
    codes = [_via_nginx(client, doc, "203.0.113.7", sent=f"10.9.8.{i}").status_code for i in range(6)]
    assert codes == [200, 200, 200, 429, 429, 429]
    assert set(RateCounter.objects.filter(key__startswith="writes").values_list("key", flat=True)) == {
        "writes:203.0.113.7"
    }


def test_clients_behind_the_proxy_are_counted_apart(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "WRITES", limits.Limit("writes", 2, 60))
    doc = json.loads(examples()[0].scenario.canonical())
    assert [_via_nginx(client, doc, "203.0.113.7").status_code for _ in range(3)] == [200, 200, 429]
    assert _via_nginx(client, doc, "198.51.100.1").status_code == 200  # not the proxy's one shared bucket
    assert _via_nginx(client, doc, "2001:db8::5").status_code == 200


def test_a_direct_client_is_counted_by_its_own_address_whatever_it_forwards(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "WRITES", limits.Limit("writes", 1, 60))
    doc = json.loads(examples()[0].scenario.canonical())
    assert _via_nginx(client, doc, "1.1.1.1", proxy="203.0.113.9").status_code == 200
    assert _via_nginx(client, doc, "1.1.1.2", proxy="203.0.113.9").status_code == 429
    assert set(RateCounter.objects.filter(key__startswith="writes").values_list("key", flat=True)) == {
        "writes:203.0.113.9"
    }


def test_a_proxy_on_another_machine_is_trusted_when_named(client: Client, settings: Any) -> None:
    from django.test import RequestFactory

    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7")
    assert limits.client_ip(request) == "10.0.0.5"
    settings.TRUSTED_PROXIES = "10.0.0.0/8, fd00::/8"
    assert limits.client_ip(request) == "203.0.113.7"
    chained = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7, 10.0.0.5")
    assert limits.client_ip(chained) == "203.0.113.7"  # a CDN, then nginx: the right-most untrusted hop
    mapped = RequestFactory().get("/", REMOTE_ADDR="::ffff:127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert limits.client_ip(mapped) == "203.0.113.8"


def test_the_editor_opened_from_a_permalink_rules_from_the_cache_and_a_first_ruling_counts_as_a_render(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.core.cache import cache

    from rules import rulings
    from rules.models import store_scenario

    cache.clear()
    one, two = examples()[:2]
    for ex in (one, two):
        store_scenario(scenario=ex.scenario)
    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 1, 60))
    calls: list[str] = []
    real = rulings.evaluate
    monkeypatch.setattr(rulings, "evaluate", lambda sc: calls.append(sc.short_id()) or real(sc))
    assert client.get("/setup/", {"from": one.id}).status_code == 200
    assert client.get("/setup/", {"from": one.id}).status_code == 200  # from the cache: neither ruled nor counted
    assert len(calls) == 1
    assert client.get("/setup/", {"from": two.id}).status_code == 429  # a second first ruling: over the limit
    assert client.get(f"/s/{one.id}/").status_code == 200 and len(calls) == 1  # the permalink shares the ruling


def test_expensive_previews_count_against_the_render_limit_cheap_ones_do_not(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 2, 60))
    doc = json.loads(examples()[0].scenario.canonical())
    query = {
        "doc": json.dumps(doc),
        "game": doc["game"],
        "edition": doc["edition"],
        "action": doc["action"]["type"],
        "p-TOTAL_FORMS": "0",
        "p-INITIAL_FORMS": "0",
    }
    for _ in range(4):
        assert client.get("/setup/", query).status_code == 200  # a quick preview is not counted
    monkeypatch.setattr(limits, "EXPENSIVE_S", 0.0)  # every ruling now counts as expensive (one unit)
    assert [client.get("/setup/", query).status_code for _ in range(3)] == [200, 200, 429]
    assert client.get("/setup/", query, REMOTE_ADDR="198.51.100.1").status_code == 200  # another client


def test_expensive_new_scenarios_count_against_the_render_limit(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.core.cache import cache

    cache.clear()
    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 2, 60))
    docs = [json.loads(e.scenario.canonical()) for e in examples()[:6]]
    assert [_post(client, d).status_code for d in docs[:3]] == [200, 200, 200]  # quick rulings are not counted
    monkeypatch.setattr(limits, "EXPENSIVE_S", 0.0)  # every ruling now counts as expensive (one unit)
    assert [_post(client, d).status_code for d in docs[3:]] == [200, 200, 429]
    assert _post(client, docs[0]).status_code == 200  # answered before: no ruling, not refused
    form = {"doc": json.dumps(docs[5]), "game": docs[5]["game"], "edition": docs[5]["edition"],
            "action": docs[5]["action"]["type"], "p-TOTAL_FORMS": "0", "p-INITIAL_FORMS": "0"}  # fmt: skip
    assert client.post("/explain/", form, REMOTE_ADDR="203.0.113.7").status_code == 429
    assert client.post("/explain/", form, REMOTE_ADDR="198.51.100.1").status_code == 303


def test_an_expensive_ruling_counts_by_the_time_it_took(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from django.test import RequestFactory

    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 10, 60))
    request = RequestFactory().post("/", REMOTE_ADDR="203.0.113.50")
    unit = limits.EXPENSIVE_S
    limits.count_if_expensive(request, time.thread_time() - 5.2 * unit)  # five whole units of CPU
    limits.count_if_expensive(request, time.thread_time() - 0.5 * unit)  # less than one: nothing
    assert RateCounter.objects.get(key="renders:203.0.113.50").count == 5
    assert limits.over(request, limits.RENDERS) is None
    limits.count_if_expensive(request, time.thread_time() - 5.2 * unit)
    assert limits.over(request, limits.RENDERS) is not None  # ten units used
