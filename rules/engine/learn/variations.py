"""Generated variations: one piece moved to just either side of the edge of the rule that decides.

A piece (or an obstacle move's destination) is slid along a direction until the ruling's answers
change; bisection finds the edge to 0.05 mm; the variation sits 0.8–2.5 mm to one side of it. It is
kept only if it is a legal table (it parses, nothing newly overlaps at the start, nothing starts
off the table) and its ruling has no warning (the 0.5 mm "too close to call" band is never asked).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import games
from rules.engine.errors import ScenarioError
from rules.engine.evaluate import evaluate
from rules.engine.learn.questions import HANDLERS, Question, questions
from rules.engine.learn.ruled import ANSWERS, Kept, ruled
from rules.engine.scenario import Scenario, parse_scenario

SCAN_STEP_MM = 3.0
SCAN_REACH_MM = 60.0
TOLERANCE_MM = 0.05
MARGIN_MM = (0.8, 2.5)
ATTEMPTS = 6
BUDGET = 60
"""Rulings one ``vary`` may ask for (a busy table's scan stops there: a page waits on it)."""

Answers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Variation:
    scenario: Scenario
    moved: str
    """The label of the piece moved (or of the obstacle whose destination moved)."""
    side: str
    """``"made"`` when the variation's answers differ from the original's, ``"missed"`` when not."""
    distance_mm: float
    """How far the variation sits from the edge of the rule."""


class _OutOfBudget(Exception):
    pass


def _answers(scenario: Scenario, budget: list[int] | None = None) -> Answers | None:
    """The questions' answers ignoring warnings (bisection crosses the warning band), None if it cannot be ruled.

    Each call spends one ruling of the budget even when the answers were kept from an earlier scan,
    so what a scan finds never depends on what happens to be kept."""
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget
    return _kept_answers(scenario)


def _ruled_answers(scenario: Scenario) -> Answers | None:
    ruling = evaluate(scenario)
    handler = HANDLERS.get((scenario.game, scenario.action["type"]))
    if handler is None or not ruling.steps:
        return None
    return tuple((q.key, q.answer) for q in handler(scenario, ruling))


_kept_answers: Kept[Answers | None] = Kept(ANSWERS, _ruled_answers)


def _actor(action: dict[str, Any]) -> str | None:
    for key in ("ship", "attacker", "obstacle", "token", "squadron"):
        v = action.get(key)
        if isinstance(v, str):
            return v
    return None


def _movers(scenario: Scenario) -> list[tuple[str, Callable[[dict[str, Any], float, tuple[float, float]], None]]]:
    """What may be slid: every piece but the actor; an obstacle or token move's destination."""
    action = scenario.action
    actor = _actor(dict(action))
    out: list[tuple[str, Callable[[dict[str, Any], float, tuple[float, float]], None]]] = []
    if action["type"] in ("move-obstacle", "move-token") and isinstance(action.get("to"), Mapping):

        def move_to(doc: dict[str, Any], t: float, d: tuple[float, float]) -> None:
            doc["action"]["to"]["x"] = round(doc["action"]["to"]["x"] + t * d[0], 2)
            doc["action"]["to"]["y"] = round(doc["action"]["to"]["y"] + t * d[1], 2)

        out.append(("@to", move_to))
    for piece in scenario.pieces:
        if piece.id == actor or "x" not in piece.data or piece.kind in ("squadron",):
            continue

        def move_piece(doc: dict[str, Any], t: float, d: tuple[float, float], pid: str = piece.id) -> None:
            for p in doc["pieces"]:
                if p.get("id") == pid:
                    p["x"] = round(p["x"] + t * d[0], 2)
                    p["y"] = round(p["y"] + t * d[1], 2)

        out.append((piece.id, move_piece))
    return out


def _focus(scenario: Scenario, ruling_outcome: dict[str, Any]) -> tuple[float, float] | None:
    final = ruling_outcome.get("final")
    if isinstance(final, dict) and "x" in final:
        return float(final["x"]), float(final["y"])
    by_id = {p.id: p for p in scenario.pieces}
    action = scenario.action
    pts = [by_id[a] for a in (action.get("ship"), action.get("attacker"), action.get("defender")) if a in by_id]
    if pts:
        return (sum(float(p.data["x"]) for p in pts) / len(pts), sum(float(p.data["y"]) for p in pts) / len(pts))
    return None


def _directions(scenario: Scenario, mover: str, focus: tuple[float, float] | None) -> list[tuple[float, float]]:
    dirs: list[tuple[float, float]] = []
    action = scenario.action
    by_id = {p.id: p for p in scenario.pieces}
    if mover == "@to":
        src = by_id.get(action.get("obstacle") or action.get("token") or "")
        to = action["to"]
        if src is not None:
            dx, dy = float(to["x"]) - float(src.data["x"]), float(to["y"]) - float(src.data["y"])
            n = math.hypot(dx, dy)
            if n > 1e-6:
                dirs.append((dx / n, dy / n))
    elif focus is not None and mover in by_id:
        p = by_id[mover]
        dx, dy = focus[0] - float(p.data["x"]), focus[1] - float(p.data["y"])
        n = math.hypot(dx, dy)
        if n > 1e-6:
            dirs.append((dx / n, dy / n))
            dirs.append((-dy / n, dx / n))
    dirs += [(1.0, 0.0), (0.0, 1.0)]
    return dirs


def _moved(base: dict[str, Any], mover: Callable[..., None], t: float, d: tuple[float, float]) -> Scenario | None:
    doc = _copy(base)
    mover(doc, t, d)
    try:
        return parse_scenario(doc)
    except ScenarioError:
        return None


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def legal_table(original: Scenario, varied: Scenario) -> bool:
    """No pair of pieces overlaps at the start that did not already overlap in the original."""
    game = games.get(varied.game)

    def overlaps(s: Scenario) -> set[tuple[str, str]]:
        shapes = [(p.id, game.outline(p)) for p in s.pieces]
        out = set()
        for i, (a, sa) in enumerate(shapes):
            for b, sb in shapes[i + 1 :]:
                if sa.intersects(sb) and sa.intersection(sb).area > 1e-6:
                    out.add((a, b))
        return out

    return overlaps(varied) <= overlaps(original)


def _edge(
    base: dict[str, Any],
    mover: Callable[..., None],
    d: tuple[float, float],
    start: Answers,
    sign: float,
    budget: list[int],
) -> tuple[float, float] | None:
    """(last t with the start's answers, first t with others) along ``sign * d``, narrowed to the tolerance."""
    prev = 0.0
    t = SCAN_STEP_MM
    while t <= SCAN_REACH_MM:
        s = _moved(base, mover, sign * t, d)
        got = _answers(s, budget) if s is not None else None
        if got is None:
            return None
        if got != start:
            lo, hi = prev, t
            while hi - lo > TOLERANCE_MM:
                mid = (lo + hi) / 2
                sm = _moved(base, mover, sign * mid, d)
                am = _answers(sm, budget) if sm is not None else None
                if am is None:
                    return None
                if am == start:
                    lo = mid
                else:
                    hi = mid
            return sign * lo, sign * hi
        prev = t
        t += SCAN_STEP_MM
    return None


def vary(scenario: Scenario, rng: random.Random) -> Variation | None:
    """A variation of ``scenario`` at the edge of one of its rules, or None when none is found."""
    ruling = ruled(scenario)
    start = _answers(scenario)
    if not start or ruling.warnings:
        return None
    base = scenario.to_dict()
    focus = _focus(scenario, ruling.outcome)
    candidates = [(name, mover, d) for name, mover in _movers(scenario) for d in _directions(scenario, name, focus)]
    rng.shuffle(candidates)
    budget = [BUDGET]
    try:
        return _search(scenario, rng, base, start, candidates, budget)
    except _OutOfBudget:
        return None


def _search(
    scenario: Scenario,
    rng: random.Random,
    base: dict[str, Any],
    start: Answers,
    candidates: list[tuple[str, Callable[..., None], tuple[float, float]]],
    budget: list[int],
) -> Variation | None:
    for name, mover, d in candidates[:ATTEMPTS]:
        for sign in rng.sample((1.0, -1.0), 2):
            edge = _edge(base, mover, d, start, sign, budget)
            if edge is None:
                continue
            lo, hi = edge
            margin = rng.uniform(*MARGIN_MM)
            made = rng.random() < 0.5
            t = hi + math.copysign(margin, sign) if made else lo - math.copysign(margin, sign)
            varied = _moved(base, mover, t, d)
            if varied is None or not legal_table(scenario, varied):
                continue
            qs: list[Question] = questions(varied, ruled(varied))
            if not qs:
                continue
            answers = tuple((q.key, q.answer) for q in qs)
            if made == (answers == start):
                continue
            label = _label(scenario, name)
            return Variation(varied, label, "made" if made else "missed", round(margin, 1))
    return None


def _label(scenario: Scenario, name: str) -> str:
    if name == "@to":
        pid = scenario.action.get("obstacle") or scenario.action.get("token") or ""
        name = str(pid)
    for p in scenario.pieces:
        if p.id == name:
            return p.label
    return name
