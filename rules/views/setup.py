"""The setup page: the form, its live preview (htmx), the who/dial/snap links, and storing a situation."""

from __future__ import annotations

import time
from functools import cache as memoise
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from rules import limits
from rules.engine import (
    Problem,
    Ruling,
    Scenario,
    ScenarioError,
    evaluate,
    games,
    parse_scenario,
)
from rules.forms import CHECKBOXES, action_css, action_groups, game_menus, piece_menus, redrawn, row_css
from rules.models import draft_exists, draft_query, store_draft, store_scenario
from rules.rulings import Unrulable, cached_ruling, checked_ruling, draw, engine_call, ruling_for
from rules.setup_state import ADDING, PICKED, Setup, form_query, initial_from_scenario
from rules.views.common import is_partial, stored, stored_document, stored_scenario
from rules.views.pictures import embeddable


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


def _say(s: Setup, field: str, message: str) -> None:
    """A problem found after the form was read (the engine could not rule or snap): listed like the others."""
    s.problems = [*s.problems, Problem(field, message)]
    s.messages = [*s.messages, message]


SHORT_QUERY = 2000
"""Characters of query an address may carry; a longer state is kept as a draft under a short key (gunicorn
refuses request lines over 4,094 bytes, nginx over 8 KiB, and a 60-piece setup is some 20,000)."""


def _compact(data: QueryDict) -> QueryDict:
    """The values that say something: an empty input means the same as an absent one."""
    out = QueryDict(mutable=True)
    for key in data:
        if key not in ("csrfmiddlewaretoken", "menus") and (values := [v for v in data.getlist(key) if v != ""]):
            out.setlist(key, values)
    return out


def _address(request: HttpRequest, data: QueryDict) -> QueryDict | HttpResponse:
    """The query of an address that shows these values: themselves when short, else a draft's key (a new
    draft counts against the ``drafts`` limit: a 429 when over it)."""
    compact = _compact(data)
    text = compact.urlencode()
    if len(text) <= SHORT_QUERY:
        return compact
    if not draft_exists(text) and (limited := limits.hit(request, limits.DRAFTS)) is not None:
        return limited
    out = QueryDict(mutable=True)
    out["state"] = store_draft(text)
    return out


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def setup(request: HttpRequest) -> HttpResponse:
    """The setup form; with htmx, only the live preview (picture, verdict, problems).

    The form is posted (a 60-piece setup does not fit in an address): a plain post is answered with
    a redirect to an address that shows the same (its values, or a draft's key), a live preview with
    that address for the browser's bar (``HX-Replace-Url``).  CSRF-exempt like ``explain``: it acts for
    no user and changes nothing but adding a content-addressed draft.
    """
    if request.method == "POST":
        address = _address(request, request.POST)
        if isinstance(address, HttpResponse):
            return address
        if not is_partial(request):
            return HttpResponseRedirect("?" + address.urlencode(), status=303)
        return _page(request, request.POST, address)
    # opening a permalink's situation in the editor: its ruling comes from the permalink's cache
    opening = bool(request.GET.get("from")) and "game" not in request.GET
    return _page(request, _state(request), request.GET, opening=opening)


def _page(request: HttpRequest, data: QueryDict | None, address: QueryDict, opening: bool = False) -> HttpResponse:
    """The page (or its preview) for these form values; its links add their values to ``address``."""
    s = Setup(data)
    ruling: Ruling | None = None
    if opening and s.scenario is not None:
        # a permalink's ruling, from the cache like the permalink; a first ruling counts as a render
        ruling = cached_ruling(s.scenario)
        if ruling is None and (limited := limits.hit(request, limits.RENDERS)) is not None:
            return limited
    if s.after_add is not None and not is_partial(request):
        # after adding a row, show it from an address of its own: the preview and its links include it,
        # and reloading the page adds nothing
        seen = _address(request, QueryDict(s.after_add + "&pick=1"))
        return seen if isinstance(seen, HttpResponse) else HttpResponseRedirect("?" + seen.urlencode(), status=303)
    data = data or QueryDict()
    ctx: dict[str, Any] = _form_context(s)
    ctx["live"] = is_partial(request)  # a live preview also clears the form's errors of the last full page
    ctx["menus_key"] = s.menus_key
    if ctx["live"]:
        ctx["redrawn"] = _redrawn(s, data)
    table = s.scenario  # the situation, or while the action is incomplete its pieces alone
    unrulable = False
    if s.scenario is not None and ruling is None and not opening and (limited := limits.over(request, limits.RENDERS)):
        return limited  # this client's expensive previews used the render limit up
    started = time.thread_time()
    try:
        if s.scenario is not None:
            sc = s.scenario
            if ruling is None:
                ruling = ruling_for(sc) if opening else engine_call(sc.short_id(), "ruling", lambda: evaluate(sc))
                if not opening:
                    limits.count_if_expensive(request, started)  # refused above once the limit is used up
            ghosts = _ghosts(sc, s.document)
            # the whole table, each piece editable; mark_safe: our own ElementTree output
            ctx["picture"] = mark_safe(draw(sc, ruling, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts))
            ctx["verdict"] = ruling.summary
            ctx["preview_steps"] = [s.title for s in ruling.steps]
            ctx["preview_warnings"] = list(ruling.warnings)
        elif isinstance(s.document, dict) and (table := _pieces_scenario(s.document)) is not None:
            ghosts = _ghosts(table, s.document)
            ctx["picture"] = mark_safe(draw(table, None, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts))
    except Unrulable as e:  # logged with its id; said like any other problem
        unrulable = True
        ctx.pop("picture", None)
        _say(s, "", e.message)
        table = None
    json_mode = bool((data.get("doc") or "").strip())  # the links rewrite fields the document overrides
    # snaps only when asked for: working them out costs some 30 ms, too much for every keystroke
    if s.bound and "snaps" in data and not json_mode:
        try:
            ctx["snaps"] = (
                engine_call(table.short_id(), "snapping", lambda: _snap_links(address, s, table))
                if table is not None
                else []
            )
        except Unrulable as e:  # the helpers are offered, not needed: said, and the page works without them
            ctx["snaps"] = []
            _say(s, "snaps", e.message)
    elif s.bound and isinstance(s.document, dict) and not json_mode:
        ctx["snaps_link"] = _with(address, {"snaps": "1"})
    if isinstance(s.document, dict) and str(s.document.get("game")) in games.names() and not json_mode:
        game = games.get(str(s.document["game"]))
        menu = game.action_menu(s.document)
        ctx["menu"] = [(label, kind, _with(address, values)) for label, kind, values in menu]
        ctx["menu_label"] = game.form.menu_label
        pieces = s.document.get("pieces")
        who = game.who_menu(pieces if isinstance(pieces, list) else [], _action_so_far(s.document))
        ctx["who"] = [(label, kind, _with(address, values)) for label, kind, values in who]
    # adding rows or picking from a menu is not a failed submission: what is missing is listed, with a 200
    building = any(key in data for key in (*ADDING, PICKED))
    failed = [p for p in s.problems if p.field != "snaps"]  # helpers that failed are said, not the input's fault
    status = 400 if s.bound and failed and not is_partial(request) and not building and not opening else 200
    if unrulable and not is_partial(request) and not opening:  # opening the editor on a permalink works
        status = 422
    template = "rules/setup.html#preview" if is_partial(request) else "rules/setup.html"
    response = render(request, template, ctx, status=status)
    if request.method == "POST":
        response["HX-Replace-Url"] = reverse("rules:setup") + "?" + address.urlencode()
    return response


def _redrawn(s: Setup, data: QueryDict) -> list[Any]:
    """Inputs a live preview redraws in the form (only those that changed, so a menu being chosen in is
    left alone): the piece menus when the pieces changed, a row's size and label when its ship's name did,
    the game's menus when the game did (Armada's editions and speeds, not X-Wing's)."""
    rows = list(s.display_rows.forms)
    out = redrawn(s.form, rows, s.followed)
    if data.get("menus") != s.menus_key:
        out += piece_menus(s.form, rows)
    game = str(data.get("game") or "")
    if game in games.names() and data.get("edition") not in games.get(game).editions:
        out += redrawn(s.form, rows, game_menus(game, len(rows)))
    return out


def _state(request: HttpRequest) -> QueryDict | None:
    """The form's values: the query, or a stored situation (``from``) or draft (``state``) with the
    query's values over it.

    ``?from=<id>`` opens a permalink's situation whole (every row, the table's size) as a bound form, so
    the who/dial/snap helpers show at once; the helpers' links add their values to ``from=<id>`` (or
    ``state=<key>``), so even a 60-piece situation is edited through short addresses.
    """
    source, key = request.GET.get("from"), request.GET.get("state")
    if not source and not key:
        return request.GET if request.GET else None
    data = QueryDict(mutable=True)
    if source:
        row = stored(str(source))
        try:
            data.update(form_query(*initial_from_scenario(stored_scenario(row))))
        except Unrulable:
            # today's parser refuses it: the editor opens on its document, each problem listed to be fixed
            doc = stored_document(row)
            doc = doc if isinstance(doc, dict) else {}
            action = doc.get("action") if isinstance(doc.get("action"), dict) else {}
            data.update(
                {
                    "game": str(doc.get("game") or ""),
                    "edition": str(doc.get("edition") or ""),
                    "action": str(action.get("type") or ""),
                    "doc": row.document,
                    "p-TOTAL_FORMS": "0",
                    "p-INITIAL_FORMS": "0",
                }
            )
    else:
        kept = draft_query(str(key))
        if kept is None:
            raise Http404("no such setup draft")
        data = QueryDict(kept, mutable=True)
    for name in request.GET:
        if name not in ("from", "state"):
            data.setlist(name, request.GET.getlist(name))
    return data


def _with(address: QueryDict, values: dict[str, str]) -> str:
    """This setup page's address with some fields set: a choice that works as a plain link."""
    query = address.copy()
    for key in (*ADDING, "drop_doc", "snaps", "menus"):
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


def _snap_links(address: QueryDict, s: Setup, scenario: Scenario) -> list[tuple[str, str]]:
    """The game's snap helpers as links that rewrite the snapped piece's row (x, y, facing)."""
    rows = {(f.cleaned_data.get("id") or "").strip(): i for i, f in enumerate(s.rows.forms) if f.is_valid()}
    out = []
    for label, _kind, v in games.get(scenario.game).snap_menu(scenario, _action_so_far(s.document)):
        i = rows.get(str(v["piece"]))
        if i is not None:
            values = {f"p-{i}-x": str(v["x"]), f"p-{i}-y": str(v["y"])}
            if v.get("heading") is not None:
                values[f"p-{i}-heading"] = str(v["heading"])
            out.append((label, _with(address, values)))
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
    if cached_ruling(s.scenario) is None and (limited := limits.over(request, limits.RENDERS)) is not None:
        return limited  # this client's expensive rulings used the render limit up
    started = time.thread_time()
    try:
        checked_ruling(s.scenario)  # ruled and drawn before it is stored
    except Unrulable as e:  # logged with its id; nothing is stored
        _say(s, "", e.message)
        return render(request, "rules/setup.html", _form_context(s), status=422)
    limits.count_if_expensive(request, started)
    if (limited := limits.storing(request, s.scenario)) is not None:
        return limited
    row = store_scenario(scenario=s.scenario)
    url = reverse("rules:permalink", args=[row.id])
    if is_partial(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url, status=303)


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
    return embeddable(response)


@require_safe
@cache_control(public=True, max_age=3600)
def form_css(request: HttpRequest) -> HttpResponse:
    """The setup form's per-action and per-piece-kind field visibility, generated from the registry of games."""
    return HttpResponse(action_css() + row_css(), content_type="text/css; charset=utf-8")
