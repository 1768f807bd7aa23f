"""oEmbed (https://oembed.com): a forum that asks what a permalink is gets the card as a photo."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve, reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from rules.engine import games
from rules.rulings import Unrulable, ruling_for, small_count, versioned
from rules.share import share_of, with_step
from rules.views.common import stored, stored_scenario

CARD = (1200, 630)


def _cacheable_when_found(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An hour's public caching for an answer; a refusal says its own (a 422 is ``no-store``)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if "Cache-Control" not in response:
            patch_cache_control(response, public=True, max_age=3600)
        return response

    return wrapped


def _scaled(maxwidth: int | None, maxheight: int | None) -> tuple[int, int]:
    """The card's size within the consumer's bounds (never enlarged), keeping its 1200 × 630 shape."""
    w, h = CARD
    scale = min(1.0, (maxwidth or w) / w, (maxheight or h) / h)
    return max(1, round(w * scale)), max(1, round(h * scale))


@require_safe
@_cacheable_when_found
def oembed(request: HttpRequest) -> HttpResponse:
    """``?url=<permalink>[&format=json][&maxwidth=][&maxheight=]``: 404 for a URL that is not one of ours."""
    if request.GET.get("format", "json") != "json":
        return HttpResponse("only format=json is offered\n", status=501, content_type="text/plain")
    url = urlsplit(request.GET.get("url", ""))
    if url.scheme not in ("http", "https") or url.netloc.lower() != request.get_host().lower():
        raise Http404("not a permalink of this site")
    try:
        match = resolve(url.path)
    except Resolver404:
        raise Http404("not a permalink of this site") from None
    if match.view_name not in ("rules:permalink", "rules:step"):
        raise Http404("not a permalink of this site")
    row = stored(match.kwargs["sid"])
    try:
        scenario = stored_scenario(row)
        ruling = ruling_for(scenario)
    except Unrulable as e:  # no card to offer: its permalink page says why
        refused = JsonResponse({"errors": [{"field": "url", "message": e.message}]}, status=422)
        refused["Cache-Control"] = "no-store"
        return refused
    step = match.kwargs.get("n") or small_count(parse_qs(url.query).get("step", [""])[0], 10_000)
    step = min(step, len(ruling.steps)) if step else None
    width, height = _scaled(
        small_count(request.GET.get("maxwidth"), 100_000), small_count(request.GET.get("maxheight"), 100_000)
    )

    image = request.build_absolute_uri(versioned(with_step(reverse("rules:png", args=[row.id]), step)))
    share = share_of(games.get(scenario.game).title, scenario, ruling, request.build_absolute_uri(url.path), image)
    return JsonResponse(
        {
            "version": "1.0",
            "type": "photo",
            "title": share.title,
            "url": image,
            "width": width,
            "height": height,
            "provider_name": "Table Ruling",
            "provider_url": request.build_absolute_uri("/"),
            "cache_age": 3600,
            "thumbnail_url": image,
            "thumbnail_width": width,
            "thumbnail_height": height,
        }
    )
