"""The setup page: the form, its live preview (htmx), and storing a situation (its links: ``setup_links``; the
table's picture helpers: ``setup_table``)."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from rules import limits
from rules.engine import Problem, Ruling, evaluate, games
from rules.engine.svg import legend_rows
from rules.form_layout import action_css, action_groups, row_css
from rules.forms import CHECKBOXES, game_menus, piece_menus, redrawn
from rules.models import store_scenario
from rules.rulings import Unrulable, cached_ruling, checked_ruling, draw, engine_call, ruling_for
from rules.setup_state import ADDING, PICKED, Setup, renamed
from rules.views.common import in_colour, is_partial
from rules.views.setup_links import (
    NoDraft,
    action_so_far,
    address_for,
    games_menu,
    is_chosen,
    link_html,
    side_links,
    snap_links,
    state,
)
from rules.views.setup_table import option_ghosts, pieces_scenario, proposed_here, shape_palette, tap_regions
from rules.wording import is_missing, still_needed


def _form_context(s: Setup) -> dict[str, Any]:
    doc_pieces = s.document.get("pieces") if isinstance(s.document, dict) else None
    piece_ids = [p["id"] for p in doc_pieces or [] if isinstance(p, dict) and isinstance(p.get("id"), str)]
    game_name = str((s.form.data if s.bound else s.form.initial).get("game") or "")
    # the palette is shown in the sheet, beside the table; with htmx, picking a piece adds it at once
    s.form.fields["palette"].widget.attrs.update(
        {
            "form": "setup",
            "hx-post": reverse("rules:setup"),
            "hx-trigger": "change",
            "hx-include": "#setup",
            "hx-vals": '{"add_named": "1"}',
            "hx-push-url": "true",
        }
    )
    return {
        "shape_palette": shape_palette(game_name),
        "piece_ids": piece_ids,
        "setup": s,
        "form": s.form,
        "rows": s.display_rows,
        "groups": action_groups(s.form),
        "checkboxes": CHECKBOXES,
        **_problem_lists(s),
    }


def _problem_lists(s: Setup) -> dict[str, list[str]]:
    """The problems under two headings: what is not filled in yet, and what cannot be ruled as set up (a friendly
    defender, a value the engine refuses)."""
    return {
        "missing": [m for m in s.messages if is_missing(m)],
        "cannot_rule": [m for m in s.messages if not is_missing(m)],
    }


def _say(s: Setup, field: str, message: str) -> None:
    """A problem found after the form was read (the engine could not rule or snap): listed like the others."""
    s.problems = [*s.problems, Problem(field, message)]
    s.messages = [*s.messages, message]


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def setup(request: HttpRequest) -> HttpResponse:
    """The setup form; with htmx, only the live preview (picture, verdict, problems), or for a pick, an add
    or a delete the whole workspace.

    The form is posted (a 60-piece setup does not fit in an address): a plain post is answered with
    a redirect to an address that shows the same (its values, or a draft's key), an htmx post with
    that address pushed into the browser's history (``HX-Push-Url``: Undo and Back step through every
    change).  CSRF-exempt like ``explain``: it acts for no user and changes nothing but adding a
    content-addressed draft.
    """
    if request.method == "POST":
        address = address_for(request, renamed(request.POST))  # the address holds the ship a rename made
        if isinstance(address, HttpResponse):
            return address
        if not is_partial(request):
            return HttpResponseRedirect("?" + address.urlencode(), status=303)
        return _page(request, request.POST, address)
    # opening a permalink's situation in the editor: its ruling comes from the permalink's cache
    opening = bool(request.GET.get("from")) and "game" not in request.GET
    try:
        data = state(request)
    except NoDraft as e:
        return _no_draft(request, e)
    return _page(request, data, request.GET, opening=opening)


def _no_draft(request: HttpRequest, e: NoDraft) -> HttpResponse:
    """A draft's address after its draft was pruned: the setup page, empty, saying why and what to do.

    410 Gone, not 200: the address named a draft once and no longer does (a link checker or a search engine
    drops it instead of keeping an empty editor under it), and the page still works. A key never handed out
    is a 404 with the same page; to htmx (a link followed in place) a 200, as it swaps nothing else.
    Not cached: the same values posted again make the same key again.
    """
    response = _page(request, None, QueryDict(), no_draft="gone" if e.gone else "unknown")
    # htmx swaps only a 2xx: a link or Back followed in place shows the same page, said the same way
    response.status_code = 200 if is_partial(request) else 410 if e.gone else 404
    response["Cache-Control"] = "no-cache"
    return response


def _page(
    request: HttpRequest, data: QueryDict | None, address: QueryDict, opening: bool = False, no_draft: str = ""
) -> HttpResponse:
    """The page (or its preview) for these form values; its links add their values to ``address``
    (``no_draft``: the address named a draft no longer kept, said at the top)."""
    s = Setup(data)
    pushed = address if request.method == "POST" else None
    whole = _whole_page(request)
    if s.after_add is not None and whole:
        # the table adds the piece in place: the page for the address that holds it, pushed as the address
        data = QueryDict(s.after_add + "&pick=1")
        added = address_for(request, data)
        if isinstance(added, HttpResponse):
            return added
        address = pushed = added
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
        seen = address_for(request, QueryDict(s.after_add + "&pick=1"))
        return seen if isinstance(seen, HttpResponse) else HttpResponseRedirect("?" + seen.urlencode(), status=303)
    data = data or QueryDict()
    ctx: dict[str, Any] = _form_context(s)
    # a live preview also clears the form's errors of the last full page (the whole workspace has none to clear)
    ctx["live"] = is_partial(request) and not whole
    ctx["menus_key"] = s.menus_key
    ctx["no_draft"], ctx["draft_days"] = no_draft, settings.DRAFT_DAYS
    if ctx["live"]:
        ctx["redrawn"] = _redrawn(s, data)
    table = s.scenario  # the situation, or while the action is incomplete its pieces alone
    json_mode = bool((data.get("doc") or "").strip())  # the links rewrite fields the document overrides
    unrulable = False
    if s.scenario is not None and ruling is None and not opening and (limited := limits.over(request, limits.RENDERS)):
        return limited  # this client's expensive previews used the render limit up
    started = time.thread_time()
    try:
        if s.scenario is not None:
            sc = s.scenario
            if ruling is None:
                ruling = ruling_for(sc) if opening else engine_call(sc, "ruling", lambda: evaluate(sc))
                if not opening:
                    limits.count_if_expensive(request, started)  # refused above once the limit is used up
            ghosts, regions = option_ghosts(sc, s.document), tap_regions(address, sc, s.document, json_mode)
            # the whole table, each piece editable; mark_safe: our own ElementTree output
            ctx["picture"] = mark_safe(
                draw(sc, ruling, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts, regions=regions)
            )
            ctx["verdict"] = ruling.summary
            ctx["preview_steps"] = [s.title for s in ruling.steps]
            ctx["preview_warnings"] = list(ruling.warnings)
            ctx["legend"] = in_colour(sc, legend_rows(sc, ruling, tapped=True))
        elif isinstance(s.document, dict) and (proposed := proposed_here(s.document)) is not None:
            # a move with no destination yet: drawn as if proposed where the piece stands, so its legal region shows
            table = proposed
            here = engine_call(proposed, "ruling", lambda: evaluate(proposed))
            ghosts, regions = option_ghosts(proposed, s.document), tap_regions(address, proposed, s.document, json_mode)
            ctx["picture"] = mark_safe(
                draw(proposed, here, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts, regions=regions)
            )
            ctx["destination_hint"] = True
            ctx["legend"] = in_colour(proposed, legend_rows(proposed, here, tapped=True))
        elif isinstance(s.document, dict) and (table := pieces_scenario(s.document)) is not None:
            ghosts, regions = option_ghosts(table, s.document), tap_regions(address, table, s.document, json_mode)
            ctx["picture"] = mark_safe(
                draw(table, None, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts, regions=regions)
            )
    except Unrulable as e:  # logged with its id; said like any other problem
        unrulable = True
        ctx.pop("picture", None)
        _say(s, "", e.message)
        table = None
    ctx["games_menu"] = games_menu(address, s, placed=bool(ctx["piece_ids"]))
    # snaps are offered live, with the preview (bench/bench_ruling.py times them)
    if s.bound and table is not None and not json_mode:
        snapped = table
        try:
            ctx["snaps"] = engine_call(snapped, "snapping", lambda: snap_links(address, s, snapped))
        except Unrulable as e:  # the helpers are offered, not needed: said, and the page works without them
            ctx["snaps"] = []
            _say(s, "snaps", e.message)
    if isinstance(s.document, dict) and str(s.document.get("game")) in games.names() and not json_mode:
        game = games.get(str(s.document["game"]))
        offered = game.action_menu(s.document)
        chosen = action_so_far(s.document)
        # a picked device's templates are offered open below its folded list (a dial of their own)
        menu = [c for c in offered if c[1].split()[0] != "template"]
        ctx["templates"] = [
            (label, kind, link_html(address, values), "current" in kind)
            for label, kind, values in offered
            if kind.split()[0] == "template"
        ]
        ctx["menu_devices"] = bool(menu) and any(kind == "device" for _, kind, _ in menu)
        # a list of names or an Armada speed chart wraps; a dial scrolls sideways in two rows
        ctx["menu_wraps"] = bool(menu) and all(kind.split()[0] in WRAPPED for _, kind, _ in menu)
        ctx["menu_label"] = (
            "Its device"
            if ctx["menu_devices"]
            else "Where it goes: the distance, and toward which piece"
            if any(kind in ("distance", "toward") for _, kind, _ in menu)
            else game.form.menu_label
        )
        ctx["menu"] = [
            (label, kind, link_html(address, values), "current" in kind or is_chosen(chosen, values))
            for label, kind, values in menu
        ]
        chosen_now = [choice for choice, (*_, on) in zip(menu, ctx["menu"], strict=True) if on]
        ctx["menu_chosen"] = ", ".join(label for label, _, _ in chosen_now)
        # once the device, where a move goes or an Armada tool's side is chosen, the long list folds away
        # under what was chosen (the verdict and the snaps stay on the phone's screen)
        ctx["menu_collapse"] = bool(chosen_now) and (
            any(k == "device" for _, k, _ in chosen_now) or any(k == "toward" or "side" in v for _, k, v in chosen_now)
        )
        pieces = s.document.get("pieces")
        who = game.who_menu(pieces if isinstance(pieces, list) else [], chosen)
        ctx["who"] = [(label, kind, link_html(address, values)) for label, kind, values in who]
        ctx["who_current"] = next((label for label, kind, _ in who if kind == "current"), None)
        ctx["action_notes"] = game.action_notes(pieces if isinstance(pieces, list) else [], chosen)
        ctx["sides"] = side_links(address, s, game.side_menu(pieces if isinstance(pieces, list) else [], chosen))
        ctx["counters"] = [  # e.g. an Armada attack's dice: − and + links beside who does what
            (
                word,
                n,
                link_html(address, {name: str(n - 1)}) if n > 0 else "",
                link_html(address, {name: str(n + 1)}) if n < most else "",
            )
            for word, name, n, most in game.counters(chosen)
        ]
    # adding rows or picking from a menu is not a failed submission: what is missing is listed, with a 200;
    # Undo and Back ask htmx to load an earlier address (a state being built, not a submission)
    building = (
        any(key in data for key in (*ADDING, PICKED)) or request.headers.get("HX-History-Restore-Request") == "true"
    )
    ctx["building"] = building
    ctx |= _problem_lists(s)  # again: the engine's problems were added since
    # the rows and fields open only when something in them needs the person (a refused value, a JSON document)
    ctx["fields_open"] = bool(s.bound and not building and (_row_errors(s) or json_mode))
    ctx["still_needed"] = [] if json_mode else still_needed(s)
    # an address is a state being built (a preview, a pick or a rename pushed it, Undo loads it): what is still
    # missing or typed wrong is listed with a 200, so it reloads as it was; Explain is the submission (its 400
    # is in ``explain``). Only values no control of the page sends are refused here with a 400.
    status = 400 if s.bound and s.refused and not is_partial(request) and not building and not opening else 200
    if unrulable and not is_partial(request) and not opening:  # opening the editor on a permalink works
        status = 422
    template = "rules/setup.html" if whole or not is_partial(request) else "rules/setup.html#preview"
    response = render(request, template, ctx, status=status)
    if pushed is not None:
        response["HX-Push-Url"] = reverse("rules:setup") + "?" + pushed.urlencode()
    return response


def _row_errors(s: Setup) -> bool:
    """Whether a row or an input of the form shows an error beside it (so the folded fields open on it)."""
    rows = list(s.display_rows.forms)
    return any(f.errors for f in rows) or any(
        s.form.errors.get(n) for n in s.form.fields if n not in ("game", "edition")
    )


WRAPPED = ("verb", "device", "distance", "toward", "speed", "side", "click", "current")
"""Kinds of action-menu choice laid out as wrapping lines on a phone (not the dial's sideways rows)."""


def _whole_page(request: HttpRequest) -> bool:
    """An htmx request for the whole workspace (a pick, an add, a delete: the rows change too), not the preview."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and htmx.target == "workspace" and not htmx.history_restore_request


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
        # incomplete or wrong: the whole setup page again, its table and menus kept, with what is missing (400)
        address = address_for(request, request.POST)
        if isinstance(address, HttpResponse):
            return address
        page = _page(request, request.POST, address)
        if page.status_code == 200:
            page.status_code = 400
        return page
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
@cache_control(public=True, max_age=3600)
def form_css(request: HttpRequest) -> HttpResponse:
    """The setup form's per-action and per-piece-kind field visibility, generated from the registry of games."""
    return HttpResponse(action_css() + row_css(), content_type="text/css; charset=utf-8")
