"""The setup page: the form, its live preview (htmx), the who/dial/snap links, and storing a situation."""

from __future__ import annotations

from functools import cache as memoise
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from rules import limits
from rules.engine import (
    Scenario,
    ScenarioError,
    evaluate,
    games,
    parse_scenario,
    render_svg,
)
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
from rules.models import store_scenario
from rules.rulings import (
    checked_ruling,
)
from rules.views.common import is_partial, stored


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
            "hx-get": reverse("rules:setup"),
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


@require_safe
@vary_on_headers("HX-Request")
def setup(request: HttpRequest) -> HttpResponse:
    """The setup form; with htmx, only the live preview (picture, verdict, problems)."""
    source = request.GET.get("from")
    if source and "game" not in request.GET:
        row = stored(source)
        form_initial, rows_initial = initial_from_scenario(row.scenario())
        s = Setup(None)
        s.form = SetupForm(initial=form_initial)
        s.display_rows = PieceFormSet(prefix="p", initial=rows_initial or [{}])
        s.scenario = row.scenario()
    else:
        s = Setup(request.GET if request.GET else None)
    pushed = None
    if s.after_add is not None and _whole_page(request):
        # the table adds the piece in place: the page for the address that holds it, pushed as the address
        pushed = "?" + s.after_add + "&pick=1"
        request.GET = QueryDict(s.after_add + "&pick=1")
        s = Setup(request.GET)
    if s.after_add is not None and not is_partial(request):
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
    elif isinstance(s.document, dict) and (proposed := _proposed_here(s.document)) is not None:
        # a move with no destination yet: drawn as if proposed where the piece stands, so its legal region shows
        table = proposed
        ruling = evaluate(proposed)
        ctx["picture"] = mark_safe(
            render_svg(
                proposed, ruling, id_prefix="pv", editable=True, zoom=False, ghosts=_ghosts(proposed, s.document)
            )
        )
        ctx["destination_hint"] = True
    elif isinstance(s.document, dict) and (table := _pieces_scenario(s.document)) is not None:
        ghosts = _ghosts(table, s.document)
        ctx["picture"] = mark_safe(render_svg(table, None, id_prefix="pv", editable=True, zoom=False, ghosts=ghosts))
    json_mode = bool((request.GET.get("doc") or "").strip())  # the links rewrite fields the document overrides
    ctx["games_menu"] = _games_menu(request, s)
    # snaps are offered live, with the preview (bench/bench_ruling.py times them)
    if s.bound and table is not None and not json_mode:
        ctx["snaps"] = _snap_links(request, s, table)
    if isinstance(s.document, dict) and str(s.document.get("game")) in games.names() and not json_mode:
        game = games.get(str(s.document["game"]))
        menu = game.action_menu(s.document)
        chosen = _action_so_far(s.document)
        ctx["menu_devices"] = bool(menu) and all(kind == "device" for _, kind, _ in menu)
        ctx["menu_wraps"] = bool(menu) and all(kind in ("device", "distance", "toward") for _, kind, _ in menu)
        ctx["menu"] = [
            (label, kind, _with(request, values), _is_chosen(chosen, values)) for label, kind, values in menu
        ]
        chosen_now = [(label, kind) for label, kind, _, on in ctx["menu"] if on]
        ctx["menu_chosen"] = ", ".join(label for label, _ in chosen_now)
        # once the device, or where a move goes, is chosen, the long list folds away under what was chosen
        ctx["menu_collapse"] = bool(chosen_now) and (ctx["menu_devices"] or any(k == "toward" for _, k in chosen_now))
        pieces = s.document.get("pieces")
        who = game.who_menu(pieces if isinstance(pieces, list) else [], _action_so_far(s.document))
        ctx["who"] = [(label, kind, _with(request, values)) for label, kind, values in who]
        ctx["who_current"] = next((label for label, kind, _ in who if kind == "current"), None)
    # adding rows or picking from a menu is not a failed submission: what is missing is listed, with a 200
    # Undo and Back ask htmx to load an earlier address (a state being built, not a submission)
    building = (
        any(key in request.GET for key in (*ADDING, PICKED))
        or request.headers.get("HX-History-Restore-Request") == "true"
    )
    status = 400 if s.bound and s.problems and not is_partial(request) and not building else 200
    ctx["building"] = building
    template = "rules/setup.html" if _whole_page(request) or not is_partial(request) else "rules/setup.html#preview"
    response = render(request, template, ctx, status=status)
    if pushed is not None:
        response["HX-Push-Url"] = pushed
    return response


def _whole_page(request: HttpRequest) -> bool:
    """An htmx request for the whole workspace (a pick, an add, a delete: the rows change too), not the preview."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and htmx.target == "workspace" and not htmx.history_restore_request


def _games_menu(request: HttpRequest, s: Setup) -> list[tuple[str, str, bool]]:
    """Each game and edition as a link (label, address, whether it is the one in use)."""
    data = s.form.data if s.bound else s.form.initial
    game_now, edition_now = str(data.get("game") or ""), str(data.get("edition") or "")
    return [
        (
            f"{g.title} {e}" if len(g.editions) > 1 else g.title,
            _with(request, {"game": g.name, "edition": e}),
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


def _with(request: HttpRequest, values: dict[str, str]) -> str:
    """This setup page's address with some fields set: a choice that works as a plain link.

    A page offers a hundred such links over some 150 fields: the query is encoded once per request
    (kept on it), and each link only leaves out the pairs it sets (a copy and re-encoding per link cost
    most of a live preview's time)."""
    pairs = getattr(request, "_setup_pairs", None)
    if pairs is None:
        dropped = {*ADDING, "drop_doc", "snaps", PICKED}
        pairs = [(k, urlencode({k: v})) for k, vs in request.GET.lists() if k not in dropped for v in vs]
        request._setup_pairs = pairs  # type: ignore[attr-defined]
    parts = [encoded for key, encoded in pairs if key not in values]
    parts += [urlencode({key: value}) for key, value in values.items()]
    parts.append(f"{PICKED}=1")  # a choice, not a submission: what is still missing is not an error (200)
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
    for label, kind, v in games.get(scenario.game).snap_menu(scenario, _action_so_far(s.document)):
        i = rows.get(str(v["piece"]))
        if kind == "destination":  # where a move ends: the action's destination, not the piece's row
            out.append((label, _with(request, {"to_x": str(v["x"]), "to_y": str(v["y"])})))
        elif i is not None:
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
    return response


@require_safe
@cache_control(public=True, max_age=3600)
def form_css(request: HttpRequest) -> HttpResponse:
    """The setup form's per-action and per-piece-kind field visibility, generated from the registry of games."""
    return HttpResponse(action_css() + row_css(), content_type="text/css; charset=utf-8")
