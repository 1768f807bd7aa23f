"""Helpers every page shares: htmx partials, stored permalinks, the ruling's page context."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest

from rules.engine import (
    Ruling,
    Scenario,
    games,
    get_clause,
)
from rules.library import example_by_id
from rules.models import StoredScenario, store_scenario
from rules.rulings import (
    small_count,
)


def is_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def stored(sid: str) -> StoredScenario:
    """The stored scenario behind a permalink; library examples are stored on first use."""
    row = StoredScenario.objects.filter(pk=sid).first()
    if row is None:
        ex = example_by_id(sid)
        if ex is None:
            raise Http404("no such ruling")
        row = store_scenario(scenario=ex.scenario)
    row.mark_opened()
    return row


def ruling_context(scenario: Scenario, ruling: Ruling) -> dict[str, Any]:
    steps = []
    for i, s in enumerate(ruling.steps, start=1):
        clauses = [c for c in (get_clause(cid) for cid in s.rules) if c is not None]
        steps.append(
            {
                "n": i,
                "step": s,
                "clauses": clauses,
                "derived": s.derived,
                "disputed": s.disputed,
                "missing": [cid for cid in s.rules if get_clause(cid) is None],
            }
        )
    game = games.get(scenario.game)
    return {
        "scenario": scenario,
        "ruling": ruling,
        "steps": steps,
        "outcome": ruling.outcome,
        "named": _named(scenario, ruling.outcome),
        "game_title": game.title,
        "estimates": game.estimates(),
    }


def _named(scenario: Scenario, outcome: dict[str, Any]) -> dict[str, Any]:
    """The outcome's lists of pieces by label, as the picture names them (the JSON keeps ids)."""
    lists = ("bumped", "cannot_attack", "damaged_ships", "displaced_squadrons")
    named: dict[str, Any] = {k: scenario.names(outcome.get(k) or []) for k in lists}
    effects = outcome.get("effects") or []
    named["effects"] = [(scenario.names([e.get("source", "")]), e.get("text", "")) for e in effects]
    return named


def requested_step(request: HttpRequest, ruling: Ruling) -> int | None:
    """``?step=N`` clamped to the steps there are: a forum link past the last step (or 0) shows the nearest."""
    step = small_count(request.GET.get("step"), 10_000)
    n = len(ruling.steps)
    return min(max(step, 1), n) if step is not None and n else None
