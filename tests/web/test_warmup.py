"""A worker does its first-request work before it takes a request (rules/warmup.py, gunicorn's hook)."""

from __future__ import annotations

import gc
import logging
import runpy
from pathlib import Path

import pytest
from django.template import engines

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _compiled() -> set[str]:
    loader = engines["django"].engine.template_loaders[0]
    return {key.split(":")[0] for key in getattr(loader, "get_template_cache", {})}


def test_the_warm_up_opens_each_games_setup_page_and_preview_without_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engines["django"].engine.template_loaders[0].reset()
    assert "rules/setup.html" not in _compiled()
    with caplog.at_level(logging.WARNING, logger="rules.warmup"):
        took = __import__("rules.warmup", fromlist=["warm"]).warm()
    assert took > 0 and not caplog.records  # every answer a 200
    assert "rules/setup.html" in _compiled()  # compiled now, not in a person's first request
    assert gc.get_freeze_count() > 0


def test_a_failing_warm_up_is_logged_and_the_worker_still_starts(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from rules import warmup

    def broken() -> tuple[object, ...]:
        raise RuntimeError("no library")

    monkeypatch.setattr(warmup, "examples", broken)
    with caplog.at_level(logging.ERROR, logger="rules.warmup"):
        assert warmup.warm() >= 0
    assert "warm-up failed" in caplog.text


def test_gunicorn_warms_each_worker_before_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import warmup

    called = []
    monkeypatch.setattr(warmup, "warm", lambda: called.append(1) or 1.0)
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    config["post_worker_init"](object())
    assert called == [1]
