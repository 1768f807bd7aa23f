"""A worker does its first-request work before it takes a request (rules/warmup.py, gunicorn's hook)."""

from __future__ import annotations

import gc
import logging
import runpy
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.template import engines

from tests.web.logs import Kept, kept

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def logged() -> Iterator[Kept]:
    with kept("rules.warmup") as records:
        yield records


def _compiled() -> set[str]:
    loader = engines["django"].engine.template_loaders[0]
    return {key.split(":")[0] for key in getattr(loader, "get_template_cache", {})}


def test_the_warm_up_opens_each_games_setup_page_and_preview_without_a_warning(logged: Kept) -> None:
    from rules.warmup import warm

    engines["django"].engine.template_loaders[0].reset()
    assert "rules/setup.html" not in _compiled()
    took = warm()
    assert took > 0 and [r for r in logged.records if r.levelno >= logging.WARNING] == []  # every answer a 200
    assert "rules/setup.html" in _compiled()  # compiled now, not in a person's first request
    assert gc.get_freeze_count() > 0


def test_a_failing_warm_up_is_logged_and_the_worker_still_starts(monkeypatch: pytest.MonkeyPatch, logged: Kept) -> None:
    from rules import warmup

    def broken() -> tuple[object, ...]:
        raise RuntimeError("no library")

    monkeypatch.setattr(warmup, "examples", broken)
    assert warmup.warm() >= 0
    assert [r.getMessage() for r in logged.records if r.levelno >= logging.ERROR] == ["warm-up failed"]


def test_gunicorn_warms_each_worker_before_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import warmup

    called = []
    monkeypatch.setattr(warmup, "warm", lambda: called.append(1) or 1.0)
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    config["post_worker_init"](object())
    assert called == [1]
