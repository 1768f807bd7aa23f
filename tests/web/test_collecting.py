"""Garbage is collected between requests: a live preview is not paused by the collector halfway through."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from django.test import Client

from bench.bench_ruling import preview_request
from rules.collecting import YOUNG_THRESHOLD

pytestmark = pytest.mark.django_db


def _collections_during(work: Any) -> list[int]:
    """The generation of each collection made while ``work()`` runs."""
    seen: list[int] = []

    def noted(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            seen.append(info["generation"])

    gc.callbacks.append(noted)
    try:
        work()
    finally:
        gc.callbacks.remove(noted)
    return seen


def test_each_preview_is_followed_by_one_collection_and_none_runs_inside_it(client: Client) -> None:
    _, query, headers = preview_request()  # the bench's 20-piece preview
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    client.get("/setup/", query, headers=headers)  # the first loads the templates, the engine's data...
    for _ in range(12):
        seen = _collections_during(lambda: client.get("/setup/", query, headers=headers))
        assert len(seen) == 1  # Python's own thresholds collected about twice inside each


def test_what_outlives_a_request_is_still_collected(client: Client) -> None:
    """A collection made by hand does not count toward the automatic ones: the older generations are
    collected every tenth time all the same, so what a request leaves behind does not pile up."""
    _, query, headers = preview_request()
    seen: list[int] = []
    emptied = []  # the middle generation's size right after each request that collected it
    for _ in range(30):
        now = _collections_during(lambda: client.get("/setup/", query, headers=headers))
        seen += now
        if any(g >= 1 for g in now):
            emptied.append(len(gc.get_objects(1)))
    assert seen.count(1) >= 2  # every tenth request (never, were only the young collected by hand)
    # measured where a collection of it has just run (between two, it holds up to nine requests' leftovers,
    # more or fewer by what earlier tests left warm): it is emptied, not ever growing
    assert emptied and max(emptied) < 1000
