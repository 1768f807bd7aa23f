"""Pages: home, setup (live preview), permalinks with stepping, pictures, rules corpus.

Thin views: convert input, call the engine, render.  Every view that can
answer either a full page or an htmx partial varies on ``HX-Request``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cache as memoise
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import etag, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from rules import limits
from rules.engine import (
    Ruling,
    Scenario,
    ScenarioError,
    all_clauses,
    evaluate,
    games,
    get_clause,
    parse_scenario,
    render_svg,
)
from rules.engine.changes import all_changes, changes_since
from rules.forms import (
    ADDING,
    CHECKBOXES,
    PICKED,
    PieceFormSet,
    Setup,
    SetupForm,
    action_css,
    action_groups,
    initial_from_scenario,
    row_css,
)
from rules.library import example_by_id, examples
from rules.models import StoredScenario, store_scenario
from rules.png import render_png
from rules.rulings import (
    checked_ruling,
    permalink_prefix,
    picture_cache_control,
    picture_etag,
    picture_version,
    ruling_for,
    small_count,
    table_picture,
    versioned,
)


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def _stored(sid: str) -> StoredScenario:
    """The stored scenario behind a permalink; library examples are stored on first use."""
    row = StoredScenario.objects.filter(pk=sid).first()
    if row is None:
        ex = example_by_id(sid)
        if ex is None:
            raise Http404("no such ruling")
        row = store_scenario(scenario=ex.scenario)
    row.mark_opened()
    return row


def _ruling_context(scenario: Scenario, ruling: Ruling) -> dict[str, Any]:
    steps = []
    for i, s in enumerate(ruling.steps, start=1):
        clauses = [c for c in (get_clause(cid) for cid in s.rules) if c is not None]
        disputed = any(c.status == "disputed" for c in clauses)
        derived = s.derived or any(c.status == "derived" for c in clauses)
        steps.append(
            {
                "n": i,
                "step": s,
                "clauses": clauses,
                "derived": derived,
                "disputed": disputed,
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


def _shape_palette(game_name: str) -> tuple[tuple[str, str, str, str], ...]:
    """(group, palette key, name, picture URL) of the pieces picked by their shape: the real components."""
    return _shapes_of(game_name if game_name in games.names() else games.all_games()[0].name)


@memoise
def _shapes_of(game_name: str) -> tuple[tuple[str, str, str, str], ...]:
    """The same for every request of a game: worked out once per process (called with registry names only)."""
    game = games.get(game_name)
    return tuple(
        (group, f"{game.name}:{key}", name, reverse("rules:shape", args=[game.name, values["shape"]]))
        for group, entries in game.palette
        for key, name, values in entries
        if values.get("shape") and game.shape_outline(values["shape"]) is not None
    )


def _form_context(s: Setup) -> dict[str, Any]:
    doc_pieces = s.document.get("pieces") if isinstance(s.document, dict) else None
    piece_ids = [p["id"] for p in doc_pieces or [] if isinstance(p, dict) and isinstance(p.get("id"), str)]
    game_name = str((s.form.data if s.bound else s.form.initial).get("game") or "")
    return {
        "shape_palette": _shape_palette(game_name),
        "piece_ids": piece_ids,
        "setup": s,
        "form": s.form,
        "rows": s.display_rows,
        "groups": action_groups(s.form),
        "checkboxes": CHECKBOXES,
    }


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
    query = (request.GET.get("q") or "").strip().lower()[:80]
    groups: dict[str, list[Any]] = defaultdict(list)
    topics: set[str] = set()
    for ex in examples():
        game = games.get(ex.scenario.game)
        topic = next((t for t in ex.tags if t != game.name), "other")
        topics.add(topic)
        if (want_game and ex.scenario.game != want_game) or (want_edition and ex.edition != want_edition):
            continue
        if (want_topic and topic != want_topic) or (query and query not in f"{ex.title} {ex.description}".lower()):
            continue
        groups[f"{game.title}: {topic.replace('-', ' ')}"].append(ex)
    ctx = {
        "groups": sorted(groups.items()),
        "games": [(g.name, g.title) for g in games.all_games()],
        "editions": sorted({e for g in games.all_games() for e in g.editions}, reverse=True),
        "topics": sorted(topics),
        "filters": {"game": want_game, "edition": want_edition, "topic": want_topic, "q": query},
        "shown": sum(len(v) for v in groups.values()),
        "picture_v": picture_version(),  # thumbnails at their versioned, immutable addresses
    }
    return render(request, "rules/home.html", ctx)


@require_safe
@vary_on_headers("HX-Request")
def setup(request: HttpRequest) -> HttpResponse:
    """The setup form; with htmx, only the live preview (picture, verdict, problems)."""
    source = request.GET.get("from")
    if source and "game" not in request.GET:
        row = _stored(source)
        form_initial, rows_initial = initial_from_scenario(row.scenario())
        s = Setup(None)
        s.form = SetupForm(initial=form_initial)
        s.display_rows = PieceFormSet(prefix="p", initial=rows_initial or [{}])
        s.scenario = row.scenario()
    else:
        s = Setup(request.GET if request.GET else None)
    if s.after_add is not None and not _partial(request):
        # after adding a row, show it from an address of its own: the preview and its links include it,
        # and reloading the page adds nothing
        seen = HttpResponseRedirect("?" + s.after_add + "&pick=1")
        seen.status_code = 303
        return seen
    ctx: dict[str, Any] = _form_context(s)
    table = s.scenario  # the situation, or while the action is incomplete its pieces alone
    if s.scenario is not None:
        ruling = evaluate(s.scenario)
        ghosts = _ghosts(s.scenario, s.document)
        # the whole table, each piece editable; mark_safe: our own ElementTree output
        ctx["picture"] = mark_safe(
            render_svg(s.scenario, ruling, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts)
        )
        ctx["verdict"] = ruling.summary
        ctx["preview_steps"] = [s.title for s in ruling.steps]
        ctx["preview_warnings"] = list(ruling.warnings)
    elif isinstance(s.document, dict) and (table := _pieces_scenario(s.document)) is not None:
        ghosts = _ghosts(table, s.document)
        ctx["picture"] = mark_safe(render_svg(table, None, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts))
    json_mode = bool((request.GET.get("doc") or "").strip())  # the links rewrite fields the document overrides
    # snaps only when asked for: working them out costs some 30 ms, too much for every keystroke
    if s.bound and "snaps" in request.GET and not json_mode:
        ctx["snaps"] = _snap_links(request, s, table) if table is not None else []
    elif s.bound and isinstance(s.document, dict) and not json_mode:
        ctx["snaps_link"] = _with(request, {"snaps": "1"})
    if isinstance(s.document, dict) and str(s.document.get("game")) in games.names() and not json_mode:
        game = games.get(str(s.document["game"]))
        menu = game.action_menu(s.document)
        ctx["menu"] = [(label, kind, _with(request, values)) for label, kind, values in menu]
        pieces = s.document.get("pieces")
        who = game.who_menu(pieces if isinstance(pieces, list) else [], _action_so_far(s.document))
        ctx["who"] = [(label, kind, _with(request, values)) for label, kind, values in who]
    # adding rows or picking from a menu is not a failed submission: what is missing is listed, with a 200
    building = any(key in request.GET for key in (*ADDING, PICKED))
    status = 400 if s.bound and s.problems and not _partial(request) and not building else 200
    template = "rules/setup.html#preview" if _partial(request) else "rules/setup.html"
    return render(request, template, ctx, status=status)


def _with(request: HttpRequest, values: dict[str, str]) -> str:
    """This setup page's address with some fields set: a choice that works as a plain link."""
    query = request.GET.copy()
    for key in (*ADDING, "drop_doc", "snaps"):
        query.pop(key, None)
    for key, value in values.items():
        query[key] = value
    query[PICKED] = "1"  # a choice, not a submission: what is still missing is not an error (200)
    return "?" + query.urlencode()


def _pieces_scenario(doc: dict[str, Any]) -> Scenario | None:
    """The pieces with an action that needs nothing else (None if the pieces are not valid yet)."""
    try:
        game = games.get(str(doc.get("game")))
    except KeyError:
        return None
    pieces = doc.get("pieces")
    action = game.preview_action(pieces if isinstance(pieces, list) else [])
    if action is None:
        return None
    try:
        return parse_scenario({k: v for k, v in doc.items() if k != "dice"} | {"action": action})
    except ScenarioError:
        return None


def _snap_links(request: HttpRequest, s: Setup, scenario: Scenario) -> list[tuple[str, str]]:
    """The game's snap helpers as links that rewrite the snapped piece's row (x, y, facing)."""
    rows = {(f.cleaned_data.get("id") or "").strip(): i for i, f in enumerate(s.rows.forms) if f.is_valid()}
    out = []
    for label, _kind, v in games.get(scenario.game).snap_menu(scenario, _action_so_far(s.document)):
        i = rows.get(str(v["piece"]))
        if i is not None:
            values = {f"p-{i}-x": str(v["x"]), f"p-{i}-y": str(v["y"])}
            if v.get("heading") is not None:
                values[f"p-{i}-heading"] = str(v["heading"])
            out.append((label, _with(request, values)))
    return out


def _ghosts(scenario: Scenario, doc: dict[str, Any] | None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The game's previews of its action menu's choices, from the action as typed so far."""
    return games.get(scenario.game).option_ghosts(scenario, _action_so_far(doc))


def _action_so_far(doc: dict[str, Any] | None) -> dict[str, Any]:
    """The document's action as typed so far (empty when there is none yet): what the menus start from."""
    action = doc.get("action") if isinstance(doc, dict) else None
    return action if isinstance(action, dict) else {}


@csrf_exempt
@require_POST
def explain(request: HttpRequest) -> HttpResponse:
    """Store the scenario the form describes and open its permalink (303).

    CSRF-exempt like the JSON API: storing a content-addressed scenario acts
    for no user and changes nothing that exists, and the setup form is a GET
    form whose values must not carry a token into shared URLs.
    """
    if (limited := limits.hit(request, limits.WRITES)) is not None:
        return limited
    s = Setup(request.POST)
    if s.scenario is None:
        ctx = _form_context(s)
        return render(request, "rules/setup.html", ctx, status=400)
    checked_ruling(s.scenario)  # ruled and drawn before it is stored
    if (limited := limits.storing(request, s.scenario)) is not None:
        return limited
    row = store_scenario(scenario=s.scenario)
    url = reverse("rules:permalink", args=[row.id])
    if _partial(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url, status=303)


class _BadParameter(ValueError):
    """A query parameter the page cannot use: answered 400 with this message."""


def _requested_step(request: HttpRequest, ruling: Ruling) -> int | None:
    """``?step=N`` clamped to the steps there are: a forum link past the last step (or 0) shows the nearest."""
    step = small_count(request.GET.get("step"), 10_000)
    n = len(ruling.steps)
    return min(max(step, 1), n) if step is not None and n else None


def _permalink_context(request: HttpRequest, sid: str, step: int | None = None) -> dict[str, Any]:
    """The page at ``step`` (404 beyond the steps there are), or at its clamped ``?step=`` when not given."""
    row = _stored(sid)
    scenario = row.scenario()
    ruling = ruling_for(scenario)
    ctx = _ruling_context(scenario, ruling)
    n = len(ruling.steps)
    if step is None:
        step = _requested_step(request, ruling)
    elif not 1 <= step <= n:
        raise Http404("no such step")
    ranges = request.GET.get("ranges") or None
    if ranges is not None and ranges not in {p.id for p in scenario.pieces}:
        raise _BadParameter("ranges: no piece with this id on the table")
    ctx.update(
        ranges=ranges,
        ranges_q=("&" + urlencode({"ranges": ranges})) if ranges else "",
        row=row,
        sid=row.id,
        current=step,
        picture=mark_safe(
            table_picture(scenario, ruling, id_prefix=permalink_prefix(row.id), step=step, ranges=ranges)
        ),
        prev_step=(step - 1 if step and step > 1 else None),
        next_step=(1 if step is None and n else (step + 1 if step and step < n else None)),
        page_url=request.build_absolute_uri(reverse("rules:permalink", args=[row.id])),
        image_url=request.build_absolute_uri(
            versioned(reverse("rules:png", args=[row.id]) + (f"?step={step}" if step else ""))
        ),
        svg_url=versioned(reverse("rules:svg", args=[row.id])),
        png_url=versioned(reverse("rules:png", args=[row.id])),
        edit_url=reverse("rules:setup") + "?" + urlencode({"from": row.id}),
        corrections=changes_since(row.engine_version, scenario),
    )
    return ctx


def _bad_parameter_is_400(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A ``_BadParameter`` raised while building the page answers 400 with its message."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except _BadParameter as e:
            return HttpResponse(str(e), status=400, content_type="text/plain; charset=utf-8")

    return wrapped


@require_safe
@vary_on_headers("HX-Request")
@_bad_parameter_is_400
def permalink(request: HttpRequest, sid: str) -> HttpResponse:
    """The whole explanation, server-side; ``?step=N`` emphasises one step in the picture."""
    ctx = _permalink_context(request, sid)
    template = "rules/permalink.html#stepper" if _partial(request) else "rules/permalink.html"
    return render(request, template, ctx)


@require_safe
@vary_on_headers("HX-Request")
@_bad_parameter_is_400
def permalink_step(request: HttpRequest, sid: str, n: int) -> HttpResponse:
    """One step (htmx swaps it in and pushes ``?step=N``); without htmx, the full page at that step."""
    ctx = _permalink_context(request, sid, n)
    if not _partial(request):
        return render(request, "rules/permalink.html", ctx)
    response = render(request, "rules/permalink.html#stepper", ctx)
    return push_url(response, reverse("rules:permalink", args=[ctx["sid"]]) + f"?step={n}{ctx['ranges_q']}")


def _card_svg(request: HttpRequest, row: StoredScenario, scenario: Scenario, ruling: Ruling, step: int | None) -> str:
    """The 1200×630 card (``.svg`` and ``.png``), ending with the permalink as a reader would type it."""
    link = request.get_host() + reverse("rules:permalink", args=[row.id])
    return render_svg(scenario, ruling, id_prefix=f"s{row.id}", standalone=True, caption=link, step=step)


def _picture_cache(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Cache headers for a picture that was drawn (200) or is unchanged (304), never for a refusal (a 429
    must not be kept by a shared cache): immutable at its versioned address, else an hour and an ETag."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if response.status_code in (200, 304):
            patch_cache_control(response, **picture_cache_control(request))
        return response

    return wrapped


def _svg_document(svg: str) -> HttpResponse:
    """A picture served as a document of its own: XML declaration, and a CSP that lets it run nothing."""
    response = HttpResponse('<?xml version="1.0" encoding="UTF-8"?>\n' + svg, content_type="image/svg+xml")
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


@require_safe
@_picture_cache
@etag(picture_etag)
def picture_svg(request: HttpRequest, sid: str) -> HttpResponse:
    row = _stored(sid)
    scenario = row.scenario()
    ruling = ruling_for(scenario)
    svg = _card_svg(request, row, scenario, ruling, _requested_step(request, ruling))
    return _svg_document(svg)


@require_safe
@_picture_cache
@etag(lambda request, sid: f"thumb-{sid}-{picture_version()}")
def picture_thumb(request: HttpRequest, sid: str) -> HttpResponse:
    """The table picture alone, framed on what the ruling is about: the library's thumbnails.

    A library example is drawn from the library itself: a page of thumbnails costs the database nothing.
    """
    ex = example_by_id(sid)
    scenario = ex.scenario if ex is not None else _stored(sid).scenario()
    svg = render_svg(scenario, ruling_for(scenario), id_prefix=f"m{sid}")
    return _svg_document(svg)


@require_safe
@_picture_cache
@etag(picture_etag)
def picture_png(request: HttpRequest, sid: str) -> HttpResponse:
    row = _stored(sid)
    scenario = row.scenario()
    ruling = ruling_for(scenario)
    step = _requested_step(request, ruling)
    key = f"png:{picture_version()}:{row.id}:{step or 0}:{request.get_host()}"  # the card prints its link
    png = cache.get(key)
    if png is None:
        if (limited := limits.hit(request, limits.RENDERS)) is not None:
            return limited
        png = render_png(_card_svg(request, row, scenario, ruling, step), 1200, 630)
        cache.set(key, png, None)
    return HttpResponse(png, content_type="image/png")


@require_safe
def clause_list(request: HttpRequest) -> HttpResponse:
    """Every clause, by game (registry order) and edition (newest first), then section; ``?q=`` searches."""
    query = (request.GET.get("q") or "").strip().lower()[:80]
    order = {(g.name, e): (i, -j) for i, g in enumerate(games.all_games()) for j, e in enumerate(g.editions)}
    grouped: dict[tuple[str, str], dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for c in all_clauses():
        text = f"{c.id} {c.section} {c.summary} {c.quote} {c.document}".lower()
        if query and query not in text:
            continue
        grouped[(c.game, c.edition)][c.section].append(c)
    titles = {g.name: g.title for g in games.all_games()}
    groups = [
        (f"{titles.get(game, game)} {edition}", sorted(sections.items()))
        for (game, edition), sections in sorted(grouped.items(), key=lambda kv: order.get(kv[0], (99, 0)))
    ]
    count = sum(len(cs) for _, secs in groups for _, cs in secs)
    return render(request, "rules/clauses.html", {"groups": groups, "q": query, "count": count})


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


@require_safe
@cache_control(public=True, max_age=86400)
def shape_picture(request: HttpRequest, game: str, shape: str) -> HttpResponse:
    """A catalogue shape drawn alone (the palette's picture of a real component)."""
    outline = games.get(game).shape_outline(shape) if game in games.names() else None
    if outline is None:
        raise Http404("no such shape")
    x0, y0, x1, y1 = outline.bounds
    pad = 0.06 * max(x1 - x0, y1 - y0)
    points = " ".join(f"{x:.2f},{y1 + y0 - y:.2f}" for x, y in outline.exterior.coords)  # +y up on the table
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0 - pad:.2f} {y0 - pad:.2f} {x1 - x0 + 2 * pad:.2f} '
        f'{y1 - y0 + 2 * pad:.2f}"><polygon points="{points}" fill="#8d7b68" stroke="#0f172a" '
        'stroke-width="0.6"/></svg>'
    )
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


@require_safe
@cache_control(public=True, max_age=3600)
def form_css(request: HttpRequest) -> HttpResponse:
    """The setup form's per-action and per-piece-kind field visibility, generated from the registry of games."""
    return HttpResponse(action_css() + row_css(), content_type="text/css; charset=utf-8")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Our own 404: the page says what was not found and where to go."""
    return render(request, "404.html", {"path": request.path}, status=404)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect("/static/rules/favicon.svg", status=301)
