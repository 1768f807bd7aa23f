"""Helpers every page shares: htmx partials, stored permalinks, the ruling's page context."""

from __future__ import annotations

import json
import re
from typing import Any

from django.http import Http404, HttpRequest

from rules.engine import (
    Ruling,
    Scenario,
    games,
    get_clause,
)
from rules.engine.changes import Change, all_changes, changes_since
from rules.library import example_by_id
from rules.models import StoredScenario, store_scenario
from rules.rulings import Unrulable, log, small_count


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


def stored_scenario(row: StoredScenario) -> Scenario:
    """A stored row's situation, read by today's parser; ``Unrulable`` when it no longer reads it.

    Rows are immutable, so a row stored under an older, laxer parser (a label it now refuses) stays; its
    permalink still opens (``unrulable_context``), saying why it cannot be ruled.
    """
    try:
        return row.scenario()
    except ValueError as e:  # ScenarioError, JSON or an unknown format
        log.error("stored scenario %s no longer parses: %s", row.id, e)
        raise Unrulable(row.id, f"today's rules engine no longer reads it ({e})") from e


def stored_document(row: StoredScenario) -> Any:
    """The stored document as JSON data (its text when even that fails)."""
    try:
        return json.loads(row.document)
    except ValueError:
        return row.document


def unrulable_corrections(row: StoredScenario, scenario: Scenario | None) -> tuple[Change, ...]:
    """The corrections since the row was stored: those that apply, or every one of its game when unread."""
    if scenario is not None:
        return changes_since(row.engine_version, scenario)
    doc = stored_document(row)
    game = doc.get("game") if isinstance(doc, dict) else None
    return tuple(c for c in all_changes() if c.version > row.engine_version and c.game == game)


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
        "any_derived": any(s["derived"] for s in steps),
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
    named["effects"] = [
        (e.get("name") or scenario.names([e.get("source", "")]), _on(scenario, e.get("ship"), e.get("text", "")))
        for e in effects
    ]
    named["attack"] = _attack_lines(scenario, outcome)
    return named


def _on(scenario: Scenario, ship: object, text: str) -> str:
    """An effect's text with the ship it hits named ("the ship suffers 1 hit damage" says which ship)."""
    if not isinstance(ship, str) or not ship:
        return text
    name = scenario.names([ship])
    if re.search(r"\b[Tt]he ship\b", text):
        return re.sub(r"\b[Tt]he ship\b", name, text)
    return f"{name}: {text}"


def _attack_lines(scenario: Scenario, outcome: dict[str, Any]) -> list[str]:
    """What an attack comes to, from its facts (the same box a move or a drop has): whether it may be made, the
    range, what obstructs it and what that changes."""
    if "can_attack" not in outcome:
        return []
    if not outcome.get("can_attack"):
        return ["The attack cannot be made as set up: the steps below say why."]
    rng = outcome.get("range")
    out = [
        "The attack can be made"
        + (f", at range {rng}." if isinstance(rng, int) else f", at {rng} range." if rng else ".")
    ]
    by = outcome.get("obstructed_by") or []
    if by:
        what = []
        if n := outcome.get("defense_bonus_dice"):
            what.append(f"the defender rolls {n} additional defense {'die' if n == 1 else 'dice'}")
        if n := outcome.get("dice_removed"):
            what.append(f"the attacker removes {n} {'die' if n == 1 else 'dice'} from the attack pool{_left(outcome)}")
        out.append(f"Obstructed by {scenario.names(by)}" + (f": {', and '.join(what)}." if what else "."))
    return out


def _left(outcome: dict[str, Any]) -> str:
    """What the dice given come to once one is removed (trials 3 and 4: "removes 1 die" but not what is left):
    " (2 red, 1 blue gathered: 1 red, 1 blue left)", the colour named when it is the attacker's choice."""
    dice = outcome.get("dice")
    if not isinstance(dice, dict) or not dice.get("gathered"):
        return ""
    pool: dict[str, int] = dict(dice["gathered"])
    colours = list(dice.get("remove_one_of") or [])
    words = ", ".join(f"{n} {c}" for c, n in sorted(pool.items()) if n)
    if len(colours) == 1:
        pool[colours[0]] -= 1
        left = ", ".join(f"{n} {c}" for c, n in sorted(pool.items()) if n) or "no dice"
        return f" ({words} gathered: {left} left)"
    total = sum(pool.values()) - 1
    choice = " or ".join(colours)
    return f" ({words} gathered: one {choice} die of its choice, {total} {'die' if total == 1 else 'dice'} left)"


def requested_step(request: HttpRequest, ruling: Ruling) -> int | None:
    """``?step=N`` clamped to the steps there are: a forum link past the last step (or 0) shows the nearest."""
    step = small_count(request.GET.get("step"), 10_000)
    n = len(ruling.steps)
    return min(max(step, 1), n) if step is not None and n else None


def in_colour(scenario: Scenario, rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A picture's key with the final position's swatch in the colour the picture draws it: the mover's player's
    (player 1 blue, player 2 red), grey for a piece nobody owns (an obstacle or a token moved)."""
    game = games.get(scenario.game)
    mover = next((scenario.action[k] for k in game.mover_keys if isinstance(scenario.action.get(k), str)), None)
    player = next((p.player for p in scenario.pieces if p.id == mover), None)
    kind = {1: "base", 2: "base-2"}.get(player or 0, "base-none")
    return [(text, kind if k == "base" else k) for text, k in rows]
