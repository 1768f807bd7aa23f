"""A ruling's permalink page and its steps (htmx swaps one step in and pushes ``?step=N``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from rules.engine.changes import changes_since
from rules.engine.svg import PHONE_PICTURE_PX, legend_rows
from rules.rulings import (
    Unrulable,
    draw,
    permalink_prefix,
    ruling_for,
    table_picture,
    versioned,
)
from rules.share import share_of, with_step
from rules.views.common import (
    in_colour,
    is_partial,
    requested_step,
    ruling_context,
    stored,
    stored_document,
    stored_scenario,
    unrulable_corrections,
)


class _BadParameter(ValueError):
    """A query parameter the page cannot use: answered 400 with this message."""


def _permalink_context(request: HttpRequest, sid: str, step: int | None = None) -> dict[str, Any]:
    """The page at ``step`` (404 beyond the steps there are), or at its clamped ``?step=`` when not given."""
    row = stored(sid)
    scenario = stored_scenario(row)
    ruling = ruling_for(scenario)
    ctx = ruling_context(scenario, ruling)
    n = len(ruling.steps)
    if step is None:
        step = requested_step(request, ruling)
    elif not 1 <= step <= n:
        raise Http404("no such step")
    ranges = request.GET.get("ranges") or None
    if ranges is not None and ranges not in {p.id for p in scenario.pieces}:
        raise _BadParameter("ranges: no piece with this id on the table")
    page_url = request.build_absolute_uri(reverse("rules:permalink", args=[row.id]))
    image_url = request.build_absolute_uri(versioned(with_step(reverse("rules:png", args=[row.id]), step)))
    ctx.update(
        ranges=ranges,
        ranges_q=("&" + urlencode({"ranges": ranges})) if ranges else "",
        row=row,
        sid=row.id,
        current=step,
        picture=mark_safe(
            table_picture(scenario, ruling, id_prefix=permalink_prefix(row.id), step=step, ranges=ranges)
        ),
        legend=in_colour(scenario, legend_rows(scenario, ruling, step)),
        prev_step=(step - 1 if step and step > 1 else None),
        next_step=(1 if step is None and n else (step + 1 if step and step < n else None)),
        page_url=page_url,
        image_url=image_url,
        share=share_of(ctx["game_title"], scenario, ruling, with_step(page_url, step), image_url),
        oembed_url=request.build_absolute_uri(reverse("rules:oembed")) + "?" + urlencode({"url": page_url}),
        svg_url=versioned(reverse("rules:svg", args=[row.id])),
        png_url=versioned(reverse("rules:png", args=[row.id])),
        edit_url=reverse("rules:setup") + "?" + urlencode({"from": row.id}),
        corrections=changes_since(row.engine_version, scenario),
    )
    share = ctx["share"]
    ctx["share_fields"] = (("Link", share.link, 1), ("Markdown", share.markdown, 2), ("BBCode", share.bbcode, 2))
    return ctx


def _bad_parameter_is_400(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A ``_BadParameter`` raised while building the page answers 400 with its message; a stored situation
    that cannot be ruled today opens its page anyway (``unrulable_page``)."""

    @wraps(view)
    def wrapped(request: HttpRequest, sid: str, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, sid, *args, **kwargs)
        except _BadParameter as e:
            return HttpResponse(str(e), status=400, content_type="text/plain; charset=utf-8")
        except Unrulable as e:
            return unrulable_page(request, sid, e)

    return wrapped


def unrulable_page(request: HttpRequest, sid: str, e: Unrulable) -> HttpResponse:
    """A permalink whose situation today's engine cannot read or rule: it still opens (a 200: the link is
    good), with the reason, the stored situation (drawn when it still reads; always as JSON), what changed
    since it was stored, and the editor opened on it."""
    row = stored(sid)
    try:
        scenario = row.scenario()
    except ValueError:
        scenario = None
    picture = None
    if scenario is not None:
        try:
            # drawn as a permalink's picture is: labels sized for a phone, the marks listed beside it in HTML
            svg = draw(scenario, None, id_prefix=permalink_prefix(row.id), legend=False, shown_px=PHONE_PICTURE_PX)
            picture = mark_safe(svg)  # our own SVG
        except Unrulable:
            picture = None
    ctx = {
        "sid": row.id,
        "row": row,
        "reason": e.message,
        "picture": picture,
        "legend": legend_rows(scenario, None) if picture is not None and scenario is not None else [],
        "document": json.dumps(stored_document(row), indent=2, ensure_ascii=False, sort_keys=True),
        "page_url": request.build_absolute_uri(reverse("rules:permalink", args=[row.id])),
        "edit_url": reverse("rules:setup") + "?" + urlencode({"from": row.id}),
        "corrections": unrulable_corrections(row, scenario),
    }
    return render(request, "rules/unrulable.html", ctx)


@require_safe
@vary_on_headers("HX-Request")
@_bad_parameter_is_400
def permalink(request: HttpRequest, sid: str) -> HttpResponse:
    """The whole explanation, server-side; ``?step=N`` emphasises one step in the picture."""
    ctx = _permalink_context(request, sid)
    template = "rules/permalink.html#stepper" if is_partial(request) else "rules/permalink.html"
    return render(request, template, ctx)


@require_safe
@vary_on_headers("HX-Request")
@_bad_parameter_is_400
def permalink_step(request: HttpRequest, sid: str, n: int) -> HttpResponse:
    """One step (htmx swaps it in and pushes ``?step=N``); without htmx, the full page at that step."""
    ctx = _permalink_context(request, sid, n)
    if not is_partial(request):
        return render(request, "rules/permalink.html", ctx)
    response = render(request, "rules/permalink.html#stepper", ctx)
    return push_url(response, reverse("rules:permalink", args=[ctx["sid"]]) + f"?step={n}{ctx['ranges_q']}")
