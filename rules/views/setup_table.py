"""The setup page's table picture: the shapes of the palette, what is drawn while the action is incomplete,
the previews of the action menu's choices and the parts of the table to tap."""

from __future__ import annotations

from functools import cache as memoise
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from rules.engine import Scenario, ScenarioError, games, parse_scenario
from rules.views.pictures import embeddable
from rules.views.setup_links import action_so_far, link_with


def shape_palette(game_name: str) -> tuple[tuple[str, str, str, str], ...]:
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


def proposed_here(doc: dict[str, Any]) -> Scenario | None:
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


def pieces_scenario(doc: dict[str, Any]) -> Scenario | None:
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


def option_ghosts(scenario: Scenario, doc: dict[str, Any] | None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The game's previews of its action menu's choices, from the action as typed so far."""
    return games.get(scenario.game).option_ghosts(scenario, action_so_far(doc))


def tap_regions(
    address: QueryDict, scenario: Scenario, doc: dict[str, Any] | None, json_mode: bool
) -> tuple[tuple[str, str, bool, Any], ...]:
    """The game's parts of the table to tap (an Armada hull zone), each a link that sets its values (none
    while the JSON document is what is explained: the links set the fields it overrides)."""
    if json_mode:
        return ()
    picks = games.get(scenario.game).pick_regions(scenario, action_so_far(doc))
    return tuple((name, link_with(address, values), chosen, area) for name, chosen, values, area in picks)


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
