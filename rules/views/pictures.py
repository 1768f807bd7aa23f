"""A ruling's pictures: the SVG and PNG card, the library thumbnail, with their cache headers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import etag, require_safe

from rules import limits
from rules.engine import Ruling, Scenario
from rules.library import example_by_id
from rules.models import StoredScenario
from rules.png import render_png
from rules.rulings import (
    Unrulable,
    card_host,
    draw,
    picture_cache_control,
    picture_etag,
    picture_version,
    ruling_for,
)
from rules.views.common import requested_step, stored, stored_scenario


def _png_key(sid: str, step: int | None, host: str) -> str:
    return f"png:{picture_version()}:{sid}:{step or 0}:{host}"  # the card prints its link


def forget_pictures(sid: str, host: str) -> None:
    """Drop a row's cached card PNG (``rerule --repair`` draws it afresh)."""
    cache.delete(_png_key(sid, None, host))


def _card_svg(request: HttpRequest, row: StoredScenario, scenario: Scenario, ruling: Ruling, step: int | None) -> str:
    """The 1200×630 card (``.svg`` and ``.png``), ending with the permalink as a reader would type it."""
    link = card_host(request) + reverse("rules:permalink", args=[row.id])
    return draw(scenario, ruling, id_prefix=f"s{row.id}", standalone=True, caption=link, step=step)


def embeddable(response: HttpResponse) -> HttpResponse:
    """A picture is a public resource: any site may show it (a forum post's ``<img>``, a chat's unfurl) and
    read it (CORS without credentials: it holds nothing private). Pages keep the strict ``same-site``."""
    response["Cross-Origin-Resource-Policy"] = "cross-origin"
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _picture_cache(view: Callable[..., HttpResponse], *, prints_host: bool = True) -> Callable[..., HttpResponse]:
    """Cache headers for a picture that was drawn (200) or is unchanged (304), never for a refusal (a 429
    must not be kept by a shared cache): immutable at its versioned address, else an hour and an ETag."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except Unrulable as e:  # its page says more (``unrulable_page``); a picture cannot be drawn
            response = HttpResponse(e.message, status=422, content_type="text/plain; charset=utf-8")
            response["Cache-Control"] = "no-store"
        embeddable(response)
        if response.status_code in (200, 304):
            patch_cache_control(response, **picture_cache_control(request))
            if prints_host and not getattr(settings, "CANONICAL_HOST", ""):
                patch_vary_headers(response, ["Host"])  # the card prints the host it was asked for
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
    row = stored(sid)
    scenario = stored_scenario(row)
    ruling = ruling_for(scenario)
    svg = _card_svg(request, row, scenario, ruling, requested_step(request, ruling))
    return _svg_document(svg)


@require_safe
@partial(_picture_cache, prints_host=False)
@etag(lambda request, sid: f"thumb-{sid}-{picture_version()}")
def picture_thumb(request: HttpRequest, sid: str) -> HttpResponse:
    """The table picture alone, framed on what the ruling is about: the library's thumbnails.

    A library example is drawn from the library itself: a page of thumbnails costs the database nothing.
    """
    ex = example_by_id(sid)
    scenario = ex.scenario if ex is not None else stored_scenario(stored(sid))
    svg = draw(scenario, ruling_for(scenario), id_prefix=f"m{sid}")
    return _svg_document(svg)


@require_safe
@_picture_cache
@etag(picture_etag)
def picture_png(request: HttpRequest, sid: str) -> HttpResponse:
    row = stored(sid)
    scenario = stored_scenario(row)
    ruling = ruling_for(scenario)
    step = requested_step(request, ruling)
    key = _png_key(row.id, step, card_host(request))
    png = cache.get(key)
    if png is None:
        if (limited := limits.hit(request, limits.RENDERS)) is not None:
            return limited
        png = render_png(_card_svg(request, row, scenario, ruling, step), 1200, 630)
        cache.set(key, png, None)
    return HttpResponse(png, content_type="image/png")
