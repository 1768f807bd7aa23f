"""The site's plain pages: health checks, the library home page, our 404, the favicon."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_safe

from rules.engine import (
    games,
)
from rules.library import examples
from rules.rulings import (
    picture_version,
)
from rules.search import search
from rules.search.query import mark


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness: the process answers (never touches the database, never redirected)."""
    return HttpResponse("ok\n", content_type="text/plain")


@require_safe
def readyz(request: HttpRequest) -> HttpResponse:
    """Readiness: the database can be read and written (the write is rolled back)."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT COUNT(*) FROM rules_storedscenario WHERE id = %s", ["readyz"])
                cursor.execute("CREATE TEMPORARY TABLE IF NOT EXISTS readyz_probe (x INTEGER)")
                cursor.execute("INSERT INTO readyz_probe (x) VALUES (1)")
            transaction.set_rollback(True)
    except DatabaseError as e:
        return HttpResponse(f"not ready: {type(e).__name__}\n", content_type="text/plain", status=503)
    return HttpResponse("ready\n", content_type="text/plain")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The library, grouped by game and topic; ``game``, ``edition``, ``topic`` and ``q`` filter it."""
    want_game = request.GET.get("game", "")
    want_edition = request.GET.get("edition", "")
    want_topic = request.GET.get("topic", "")
    query = (request.GET.get("q") or "").strip()[:80]
    hits = {h.key: h for h in search(query, "example")} if query else {}
    rank = {key: i for i, key in enumerate(hits)}
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    topics: set[str] = set()
    for ex in examples():
        game = games.get(ex.scenario.game)
        topic = next((t for t in ex.tags if t != game.name), "other")
        topics.add(topic)
        if (want_game and ex.scenario.game != want_game) or (want_edition and ex.edition != want_edition):
            continue
        if (want_topic and topic != want_topic) or (query and ex.id not in hits):
            continue
        hit = hits.get(ex.id)
        item: dict[str, Any] = {"ex": ex, "title": ex.title, "description": ex.description}
        if hit is not None:
            item |= {"title": mark(ex.title, hit.groups), "description": mark(ex.description, hit.groups)}
        groups[f"{game.title}: {topic.replace('-', ' ')}"].append(item)
    if query:  # best match first: one ranked list
        ranked = sorted((i for items in groups.values() for i in items), key=lambda i: rank[i["ex"].id])
        groups = {"Best matches": ranked} if ranked else {}
    ctx = {
        "groups": list(groups.items()) if query else sorted(groups.items()),
        "clauses_found": len(search(query, "clause")) if query else 0,
        "games": [(g.name, g.title) for g in games.all_games()],
        "editions": sorted({e for g in games.all_games() for e in g.editions}, reverse=True),
        "topics": sorted(topics),
        "filters": {"game": want_game, "edition": want_edition, "topic": want_topic, "q": query},
        "shown": sum(len(v) for v in groups.values()),
        "picture_v": picture_version(),  # thumbnails at their versioned, immutable addresses
    }
    return render(request, "rules/home.html", ctx)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Our own 404: the page says what was not found and where to go."""
    return render(request, "404.html", {"path": request.path}, status=404)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect("/static/rules/favicon.svg", status=301)
