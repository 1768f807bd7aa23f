"""What a live preview does not need to do (bench/bench_ruling.py --setup measures what it does)."""

from __future__ import annotations

import pytest
from django.test import Client

from bench.bench_ruling import preview_request

pytestmark = pytest.mark.django_db


def test_a_preview_hashes_no_canonical_document(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario's id names it in the log only when the engine fails: a preview that rules, draws and
    snaps does not build the canonical document the id hashes (it did three times)."""
    from rules.engine import scenario

    _, query, headers = preview_request()
    built = []
    real = scenario.canonical_bytes
    monkeypatch.setattr(scenario, "canonical_bytes", lambda doc: built.append(1) or real(doc))
    r = client.get("/setup/", query, headers=headers)
    assert r.status_code == 200 and "verdict" in r.content.decode()
    assert built == []
