"""The setup page: the form, its live preview (htmx), the who/dial/snap links, and storing a situation."""

from __future__ import annotations

import time
from functools import cache as memoise
from typing import Any
from urllib.parse import quote_plus, urlencode

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
from rules.engine.svg import legend_rows
from rules.forms import CHECKBOXES, action_css, action_groups, game_menus, piece_menus, redrawn, row_css
from rules.models import draft_exists, draft_query, store_draft, store_scenario
from rules.rulings import Unrulable, cached_ruling, checked_ruling, draw, engine_call, ruling_for
from rules.setup_state import ADDING, PICKED, Setup, form_query, initial_from_scenario, renamed
from rules.views.common import is_partial, stored, stored_document, stored_scenario
from rules.views.pictures import embeddable
from rules.wording import still_needed


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
    """The setup form; with htmx, only the live preview (picture, verdict, problems), or for a pick, an add
    or a delete the whole workspace.

    The form is posted (a 60-piece setup does not fit in an address): a plain post is answered with
    a redirect to an address that shows the same (its values, or a draft's key), an htmx post with
    that address pushed into the browser's history (``HX-Push-Url``: Undo and Back step through every
    change).  CSRF-exempt like ``explain``: it acts for no user and changes nothing but adding a
    content-addressed draft.
    """
    if request.method == "POST":
        address = _address(request, renamed(request.POST))  # the address holds the ship a rename made
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
    pushed = address if request.method == "POST" else None
    whole = _whole_page(request)
    if s.after_add is not None and whole:
        # the table adds the piece in place: the page for the address that holds it, pushed as the address
        data = QueryDict(s.after_add + "&pick=1")
        added = _address(request, data)
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
        seen = _address(request, QueryDict(s.after_add + "&pick=1"))
        return seen if isinstance(seen, HttpResponse) else HttpResponseRedirect("?" + seen.urlencode(), status=303)
    data = data or QueryDict()
    ctx: dict[str, Any] = _form_context(s)
    # a live preview also clears the form's errors of the last full page (the whole workspace has none to clear)
    ctx["live"] = is_partial(request) and not whole
    ctx["menus_key"] = s.menus_key
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
                ruling = ruling_for(sc) if opening else engine_call(sc.short_id(), "ruling", lambda: evaluate(sc))
                if not opening:
                    limits.count_if_expensive(request, started)  # refused above once the limit is used up
            ghosts, regions = _ghosts(sc, s.document), _regions(address, sc, s.document, json_mode)
            # the whole table, each piece editable; mark_safe: our own ElementTree output
            ctx["picture"] = mark_safe(
                draw(sc, ruling, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts, regions=regions)
            )
            ctx["verdict"] = ruling.summary
            ctx["preview_steps"] = [s.title for s in ruling.steps]
            ctx["preview_warnings"] = list(ruling.warnings)
            ctx["legend"] = legend_rows(sc, ruling)
        elif isinstance(s.document, dict) and (proposed := _proposed_here(s.document)) is not None:
            # a move with no destination yet: drawn as if proposed where the piece stands, so its legal region shows
            table = proposed
            here = engine_call(proposed.short_id(), "ruling", lambda: evaluate(proposed))
            ghosts = _ghosts(proposed, s.document)
            ctx["picture"] = mark_safe(draw(proposed, here, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts))
            ctx["destination_hint"] = True
            ctx["legend"] = legend_rows(proposed, here)
        elif isinstance(s.document, dict) and (table := _pieces_scenario(s.document)) is not None:
            ghosts, regions = _ghosts(table, s.document), _regions(address, table, s.document, json_mode)
            ctx["picture"] = mark_safe(
                draw(table, None, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts, regions=regions)
            )
    except Unrulable as e:  # logged with its id; said like any other problem
        unrulable = True
        ctx.pop("picture", None)
        _say(s, "", e.message)
        table = None
    ctx["games_menu"] = _games_menu(address, s)
    # snaps are offered live, with the preview (bench/bench_ruling.py times them)
    if s.bound and table is not None and not json_mode:
        snapped = table
        try:
            ctx["snaps"] = engine_call(snapped.short_id(), "snapping", lambda: _snap_links(address, s, snapped))
        except Unrulable as e:  # the helpers are offered, not needed: said, and the page works without them
            ctx["snaps"] = []
            _say(s, "snaps", e.message)
    if isinstance(s.document, dict) and str(s.document.get("game")) in games.names() and not json_mode:
        game = games.get(str(s.document["game"]))
        menu = game.action_menu(s.document)
        chosen = _action_so_far(s.document)
        ctx["menu_devices"] = bool(menu) and all(kind == "device" for _, kind, _ in menu)
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
            (label, kind, _with(address, values), "current" in kind or _is_chosen(chosen, values))
            for label, kind, values in menu
        ]
        chosen_now = [choice for choice, (*_, on) in zip(menu, ctx["menu"], strict=True) if on]
        ctx["menu_chosen"] = ", ".join(label for label, _, _ in chosen_now)
        # once the device, where a move goes or an Armada tool's side is chosen, the long list folds away
        # under what was chosen (the verdict and the snaps stay on the phone's screen)
        ctx["menu_collapse"] = bool(chosen_now) and (
            ctx["menu_devices"] or any(k == "toward" or "side" in v for _, k, v in chosen_now)
        )
        pieces = s.document.get("pieces")
        who = game.who_menu(pieces if isinstance(pieces, list) else [], chosen)
        ctx["who"] = [(label, kind, _with(address, values)) for label, kind, values in who]
        ctx["who_current"] = next((label for label, kind, _ in who if kind == "current"), None)
        ctx["action_notes"] = game.action_notes(pieces if isinstance(pieces, list) else [], chosen)
        ctx["counters"] = [  # e.g. an Armada attack's dice: − and + links beside who does what
            (
                word,
                n,
                _with(address, {name: str(n - 1)}) if n > 0 else "",
                _with(address, {name: str(n + 1)}) if n < most else "",
            )
            for word, name, n, most in game.counters(chosen)
        ]
    # adding rows or picking from a menu is not a failed submission: what is missing is listed, with a 200;
    # Undo and Back ask htmx to load an earlier address (a state being built, not a submission)
    building = (
        any(key in data for key in (*ADDING, PICKED)) or request.headers.get("HX-History-Restore-Request") == "true"
    )
    ctx["building"] = building
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


WRAPPED = ("device", "distance", "toward", "speed", "side", "click", "current")
"""Kinds of action-menu choice laid out as wrapping lines on a phone (not the dial's sideways rows)."""


def _whole_page(request: HttpRequest) -> bool:
    """An htmx request for the whole workspace (a pick, an add, a delete: the rows change too), not the preview."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and htmx.target == "workspace" and not htmx.history_restore_request


def _games_menu(address: QueryDict, s: Setup) -> list[tuple[str, str, bool]]:
    """Each game and edition as a link (label, address, whether it is the one in use)."""
    data = s.form.data if s.bound else s.form.initial
    game_now, edition_now = str(data.get("game") or ""), str(data.get("edition") or "")
    return [
        (
            f"{g.title} {e}" if len(g.editions) > 1 else g.title,
            _with(address, {"game": g.name, "edition": e}),
            g.name == game_now and e == edition_now,
        )
        for g in games.all_games()
        for e in reversed(g.editions)
    ]


def _is_chosen(action: dict[str, Any], values: dict[str, str]) -> bool:
    """Whether a menu choice is what the action holds now (the dial highlights it)."""
    device = action.get("device")
    now = {
        **action,
        "action": action.get("type"),
        "device_type": device.get("type") if isinstance(device, dict) else None,
    }
    return all(str(now.get(k) if now.get(k) is not None else "") == str(v) for k, v in values.items())


def _with(address: QueryDict, values: dict[str, str]) -> str:
    """This setup page's address with some fields set: a choice that works as a plain link.

    A page offers a hundred such links over some 150 fields: the address is encoded once (kept on it),
    and each link only leaves out the pairs it sets (a copy and re-encoding per link cost most of a live
    preview's time).  The link's own values follow its ``pick=1``: the page's script sends them over the form's
    values when the form has changed since the link was drawn."""
    kept = getattr(address, "_setup_pairs", None)
    if kept is None:
        dropped = {*ADDING, "drop_doc", "menus", PICKED}
        pairs = [(k, urlencode({k: v})) for k, vs in address.lists() if k not in dropped for v in vs]
        kept = (pairs, {k for k, _ in pairs}, "&".join(encoded for _, encoded in pairs))
        address._setup_pairs = kept  # type: ignore[attr-defined]
    pairs, keys, whole = kept
    # most links (the dial, who does what, the games) set fields the address does not hold: its encoding as is
    parts = [whole] if whole and keys.isdisjoint(values) else [encoded for key, encoded in pairs if key not in values]
    parts.append(f"{PICKED}=1")  # a choice, not a submission: what is still missing is not an error (200)
    parts += [f"{quote_plus(str(key))}={quote_plus(str(value))}" for key, value in values.items()]  # as urlencode
    return "?" + "&".join(parts)


def _proposed_here(doc: dict[str, Any]) -> Scenario | None:
    """A move that lacks only its destination, proposed where the moved piece stands (None otherwise)."""
    action = doc.get("action")
    if not isinstance(action, dict) or str(doc.get("game")) not in games.names():
        return None
    to = action.get("to")
    if to is not None and not (isinstance(to, dict) and to.get("x") in (None, "") and to.get("y") in (None, "")):
        return None
    pieces = {p.get("id"): p for p in doc.get("pieces") or [] if isinstance(p, dict)}
    game = games.get(str(doc["game"]))
    moved = next((pieces[v] for k, v in action.items() if k in game.mover_keys and v in pieces), None)
    if moved is None or action.get("type") in game.whole_table_actions or "x" not in moved:
        return None
    try:
        here = {**(to or {}), "x": moved["x"], "y": moved["y"]}
        return parse_scenario(doc | {"action": action | {"to": {k: v for k, v in here.items() if v not in (None, "")}}})
    except ScenarioError:
        return None


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
    for label, kind, v in games.get(scenario.game).snap_menu(scenario, _action_so_far(s.document)):
        i = rows.get(str(v["piece"]))
        if kind == "destination":  # where a move ends: the action's destination, not the piece's row
            out.append((label, _with(address, {"to_x": str(v["x"]), "to_y": str(v["y"])})))
        elif i is not None:
            values = {f"p-{i}-x": str(v["x"]), f"p-{i}-y": str(v["y"])}
            if v.get("heading") is not None:
                values[f"p-{i}-heading"] = str(v["heading"])
            out.append((label, _with(address, values)))
    return out


def _ghosts(scenario: Scenario, doc: dict[str, Any] | None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The game's previews of its action menu's choices, from the action as typed so far."""
    return games.get(scenario.game).option_ghosts(scenario, _action_so_far(doc))


def _regions(
    address: QueryDict, scenario: Scenario, doc: dict[str, Any] | None, json_mode: bool
) -> tuple[tuple[str, str, bool, Any], ...]:
    """The game's parts of the table to tap (an Armada hull zone), each a link that sets its values (none
    while the JSON document is what is explained: the links set the fields it overrides)."""
    if json_mode:
        return ()
    picks = games.get(scenario.game).pick_regions(scenario, _action_so_far(doc))
    return tuple((name, _with(address, values), chosen, area) for name, chosen, values, area in picks)


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
        # incomplete or wrong: the whole setup page again, its table and menus kept, with what is missing (400)
        address = _address(request, request.POST)
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
