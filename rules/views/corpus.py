"""The rules corpus pages (every clause, one clause with the examples citing it) and the corrections."""

from __future__ import annotations

from collections import defaultdict
from functools import cache as memoise
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from rules.engine import (
    all_clauses,
    games,
    get_clause,
)
from rules.engine.changes import all_changes
from rules.library import examples
from rules.rulings import ruling_for
from rules.search import search
from rules.search.query import mark


@require_safe
def clause_list(request: HttpRequest) -> HttpResponse:
    """Every clause, by game (registry order), edition (newest first) and section, each a collapsible group.

    ``?q=`` searches the words in any order, with stemming and players' synonyms: ranked clauses, the
    matched words marked, and how many worked examples match the same words.
    """
    query = (request.GET.get("q") or "").strip()[:80]
    titles = {g.name: g.title for g in games.all_games()}
    if query:
        hits = search(query, "clause")
        found = [(get_clause(h.key), h) for h in hits]
        results = [
            {
                "clause": c,
                "where": f"{titles.get(c.game, c.game)} {c.edition}",
                "section": mark(c.section, h.groups),
                "summary": mark(c.summary, h.groups),
                "quote": mark(c.quote, h.groups) if c.quote else "",
            }
            for c, h in found
            if c is not None
        ]
        ctx = {
            "q": query,
            "results": results,
            "count": len(results),
            "all_words": all(h.all_words for h in hits),
            "examples_found": len(search(query, "example")),
        }
        return render(request, "rules/clauses.html", ctx)
    order = {(g.name, e): (i, -j) for i, g in enumerate(games.all_games()) for j, e in enumerate(g.editions)}
    grouped: dict[tuple[str, str], dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for c in all_clauses():
        grouped[(c.game, c.edition)][c.section].append(c)
    groups = [
        (f"{titles.get(game, game)} {edition}", sorted(sections.items()))
        for (game, edition), sections in sorted(grouped.items(), key=lambda kv: order.get(kv[0], (99, 0)))
    ]
    count = sum(len(cs) for _, secs in groups for _, cs in secs)
    return render(request, "rules/clauses.html", {"groups": groups, "q": "", "count": count})


@memoise
def _examples_citing() -> dict[str, list[Any]]:
    """Library examples by the clauses their rulings cite (computed once per process)."""
    index: dict[str, list[Any]] = defaultdict(list)
    for ex in examples():
        for step in ruling_for(ex.scenario).steps:
            for cid in step.rules:
                if ex not in index[cid]:
                    index[cid].append(ex)
    return dict(index)


@require_safe
def clause_detail(request: HttpRequest, clause_id: str) -> HttpResponse:
    clause = get_clause(clause_id)
    if clause is None:
        raise Http404("no such clause")
    related = [c for c in (get_clause(x) for x in clause.see_also) if c is not None]
    rest = clause.id.split("/", 1)[1]
    game = games.get(clause.game)
    others = [
        c for e in reversed(game.editions) if e != clause.edition and (c := get_clause(f"{clause.game}-{e}/{rest}"))
    ]
    ctx = {
        "clause": clause,
        "related": related,
        "other": others[0] if others else None,
        "game_title": game.title,
        "used_by": _examples_citing().get(clause.id, [])[:12],
    }
    return render(request, "rules/clause.html", ctx)


@require_safe
def changes(request: HttpRequest) -> HttpResponse:
    """Every correction that changed stored rulings, newest first, with stable anchors."""
    return render(request, "rules/changes.html", {"changes": tuple(reversed(all_changes()))})
