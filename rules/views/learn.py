"""Learn by predicting: choose a topic, call the situation, then see the ruling that decides it.

Exercises are drawn by ``rules.engine.learn`` from the library, deterministically from the seed in
the URL. Answering is a plain form POST (no JavaScript needed); the reveal stores the table as a
permalink so "try this one" can be shared. Progress is the browser's own (``static/rules/learn.js``):
nothing about the player is stored here.
"""

from __future__ import annotations

import secrets
from functools import cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe

from rules import limits
from rules.engine import games, get_clause
from rules.engine.learn.exercises import TOPICS, Exercise, Source, draw
from rules.engine.learn.picture import before_frame, before_picture
from rules.engine.learn.words import action_words
from rules.engine.svg import legend_rows
from rules.library import examples
from rules.models import store_scenario
from rules.rulings import table_picture
from rules.views.common import in_colour, ruling_context

MAX_SEED = 10**9
MAX_RULES = 12


@cache
def _sources() -> tuple[Source, ...]:
    return tuple(Source.of(e.slug, e.title, e.scenario) for e in examples())


def _new_seed() -> int:
    return secrets.randbelow(MAX_SEED)


class _Bad(ValueError):
    """A parameter the page cannot use (answered 400 with this message)."""


def _params(request: HttpRequest, topic: str) -> dict[str, Any]:
    if topic not in TOPICS:
        raise Http404("no such topic")
    game = games.get(TOPICS[topic].game)
    q = request.GET  # a POST's choices ride in its action URL's query, like a GET's
    edition = q.get("ed") or None
    if edition is not None and edition not in game.editions:
        raise _Bad(f"ed: {game.title} has no edition {edition!r}")
    like = q.get("like") or None
    if like is not None and like not in {s.slug for s in _sources()}:
        raise _Bad("like: no such example")
    rules = tuple(r for r in (q.get("rules") or "").split(",") if r)[:MAX_RULES]
    return {"edition": edition, "like": like, "rules": rules}


def _query(**params: Any) -> str:
    pairs = {k: (",".join(v) if isinstance(v, tuple) else v) for k, v in params.items() if v}
    return ("?" + urlencode(pairs)) if pairs else ""


@require_safe
def learn_index(request: HttpRequest) -> HttpResponse:
    """Choose a game, an edition and a topic (or mixed): each choice is a link, one tap."""
    seed = _new_seed()
    groups = []
    for name in games.names():
        game = games.get(name)
        topics = [t for t in TOPICS.values() if t.game == name]
        if not topics:
            continue
        rows = []
        for edition in game.editions:
            q = _query(ed=edition) if len(game.editions) > 1 else ""
            rows.append(
                {
                    "edition": edition,
                    "links": [(t.title, reverse("rules:learn-exercise", args=[t.slug, seed]) + q) for t in topics],
                }
            )
        groups.append({"game": name, "title": game.title, "rows": rows})
    response = render(request, "rules/learn.html", {"groups": groups, "seed": seed})
    response["Cache-Control"] = "no-store"
    return response


def _exercise_or_404(topic: str, seed: int, p: dict[str, Any]) -> Exercise:
    if not 0 <= seed < MAX_SEED:
        raise Http404("no such exercise")
    ex = draw(topic, seed, _sources(), edition=p["edition"], like=p["like"], rules=p["rules"])
    if ex is None or not ex.questions:
        raise Http404("no exercise for this choice")
    return ex


def _context(request: HttpRequest, topic: str, seed: int, ex: Exercise, p: dict[str, Any], qi: int) -> dict[str, Any]:
    t = TOPICS[topic]
    question = ex.questions[qi]
    keep = {"ed": p["edition"], "like": p["like"], "rules": p["rules"]}
    return {
        "topic": t,
        "seed": seed,
        "ex": ex,
        "game_title": games.get(t.game).title,
        "edition": ex.scenario.edition,
        "words": action_words(ex.scenario),
        "question": question,
        "qi": qi,
        "count": len(ex.questions),
        "before": mark_safe(before_picture(ex.scenario, ex.ruling)),
        # before the action the piece is drawn where it stands, as itself (no dashed "start"), and what the
        # question proposes in the mover's colour
        "before_legend": [
            ("the position shown" if k.startswith("base") else text, k)
            for text, k in in_colour(ex.scenario, legend_rows(ex.scenario, before_frame(ex.scenario, ex.ruling)))
            if k != "ghost-start"
        ],
        "here": reverse("rules:learn-exercise", args=[topic, seed]) + _query(**keep),
        "next_question": (
            reverse("rules:learn-exercise", args=[topic, seed]) + _query(**keep, q=str(qi + 1))
            if qi + 1 < len(ex.questions)
            else None
        ),
        "another": reverse("rules:learn-exercise", args=[topic, _new_seed()]) + _query(ed=p["edition"]),
        "like_this": reverse("rules:learn-exercise", args=[topic, _new_seed()])
        + _query(ed=p["edition"], like=ex.source.slug),
        "keep": keep,
        "learn_url": reverse("rules:learn"),
    }


def _question_index(request: HttpRequest, ex: Exercise) -> int:
    q = request.GET if request.method == "GET" else request.POST
    raw = q.get("q") or "0"
    if not (raw.isascii() and raw.isdigit()) or int(raw) >= len(ex.questions):
        raise _Bad(f"q: this exercise has {len(ex.questions)} question(s)")
    return int(raw)


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def learn_exercise(request: HttpRequest, topic: str, seed: int) -> HttpResponse:
    """GET: the table before the action and one question. POST (an answer): the reveal.

    CSRF-exempt like the setup form's explain: an answer acts for no user, and the only thing it
    stores is the content-addressed table, so that "try this one" can be shared.
    """
    try:
        p = _params(request, topic)
        ex = _exercise_or_404(topic, seed, p)
        qi = _question_index(request, ex)
        ctx = _context(request, topic, seed, ex, p, qi)
        if request.method != "POST":
            return render(request, "rules/learn_exercise.html", ctx)
        answer = request.POST.get("answer", "")
        if answer not in dict(ctx["question"].choices):
            raise _Bad("answer: not one of the choices")
    except _Bad as e:
        return HttpResponse(str(e), status=400, content_type="text/plain; charset=utf-8")
    return _reveal(request, ctx, answer)


STEP_PICTURE_PX = 315.0
"""How wide a step's picture is on a 390 px phone (inside the numbered list's indent)."""


def _reveal(request: HttpRequest, ctx: dict[str, Any], answer: str) -> HttpResponse:
    ex: Exercise = ctx["ex"]
    question = ctx["question"]
    if (limited := limits.hit(request, limits.WRITES)) is not None:
        return limited
    if (limited := limits.storing(request, ex.scenario)) is not None:
        return limited
    row = store_scenario(scenario=ex.scenario)
    ruled = ruling_context(ex.scenario, ex.ruling)
    for s in ruled["steps"]:  # the picture building up: each step drawn as it stands then (ids unique per step)
        s["picture"] = mark_safe(
            table_picture(ex.scenario, ex.ruling, id_prefix=f"ls{s['n']}", step=s["n"], shown_px=STEP_PICTURE_PX)
        )
    clause = get_clause(question.rule)
    ctx.update(
        revealed=True,
        answer=answer,
        answer_label=question.label(answer),
        right=answer == question.answer,
        right_label=question.label(question.answer),
        steps=ruled["steps"],
        deciding=question.step,
        deciding_step=ex.ruling.steps[question.step - 1],
        clause=clause,
        rule=question.rule,
        sid=row.id,
        permalink=reverse("rules:permalink", args=[row.id]),
        picture=mark_safe(table_picture(ex.scenario, ex.ruling, id_prefix="lr", step=question.step)),
        # every step's picture below draws from these marks
        legend=in_colour(ex.scenario, legend_rows(ex.scenario, ex.ruling)),
        attempt=f"{request.get_full_path()}#{ctx['qi']}",
    )
    response = render(request, "rules/learn_exercise.html", ctx)
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [
    path("", learn_index, name="learn"),
    path("<slug:topic>/<int:seed>/", learn_exercise, name="learn-exercise"),
]
