"""The JSON API of ../shared/spec/scenario-and-api-v1.md (documented in docs/api.md).

Every input problem is a 400 ``{"errors": [{"field", "message"}, ...]}``
listing all of them; nothing a client sends can cause a 500.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe

from rules import answer_memo, limits
from rules.engine import Ruling, Scenario, ScenarioError, catalog, parse_scenario
from rules.engine.changes import Change, changes_since
from rules.models import StoredScenario, is_stored, store_scenario
from rules.rulings import Unrulable, cached_ruling, checked_ruling, ruling_for
from rules.views.common import stored_document, stored_scenario, unrulable_corrections

MAX_BODY = 64 * 1024
MAX_DEPTH = 12


def _errors(status: int, *errors: tuple[str, str]) -> JsonResponse:
    return JsonResponse({"errors": [{"field": f, "message": m} for f, m in errors]}, status=status)


def _depth(value: Any, limit: int) -> bool:
    """True when the JSON value nests deeper than ``limit`` (checked before the parser walks it)."""
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            return True
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return False


def ruling_payload(
    request: HttpRequest, row: StoredScenario, scenario: Scenario, ruling: Ruling | None = None
) -> dict[str, Any]:
    """The API's answer for a stored scenario (``ruling`` when the caller has just ruled it)."""
    sid = row.id
    if ruling is None:
        ruling = ruling_for(scenario)
    body = ruling.to_dict()
    return {
        "id": sid,
        "url": request.build_absolute_uri(reverse("rules:permalink", args=[sid])),
        "image": request.build_absolute_uri(reverse("rules:png", args=[sid])),
        "scenario": scenario.to_dict(),
        "outcome": body["outcome"],
        "steps": body["steps"],
        "warnings": body["warnings"],
        "summary": body["summary"],
        "format": 1,
        "engine_version": row.engine_version,
        "corrections": _corrections(request, changes_since(row.engine_version, scenario)),
    }


@csrf_exempt
@require_http_methods(["POST"])
def rulings(request: HttpRequest) -> HttpResponse:
    """POST a scenario: validate, rule and draw, then store (nothing is stored that cannot be shown)."""
    if (limited := limits.hit(request, limits.WRITES)) is not None:
        return limited
    if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
        return _errors(400, ("", "send a Content-Length: chunked bodies are not accepted"))
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not (length.isascii() and length.isdigit()) or len(length) > 12:
        return _errors(400, ("", "the Content-Length header must be a number of bytes"))
    if int(length) > MAX_BODY:
        return _errors(413, ("", f"the body is larger than {MAX_BODY // 1024} KiB"))
    if int(length) == 0:
        return _errors(400, ("", "the body is empty: send a scenario document (JSON)"))
    if (request.content_type or "").lower() != "application/json":
        return _errors(415, ("", "send the scenario as application/json"))
    try:
        raw = request.body
    except RequestDataTooBig:
        return _errors(413, ("", f"the body is larger than {MAX_BODY // 1024} KiB"))
    if len(raw) > MAX_BODY:
        return _errors(413, ("", f"the body is larger than {MAX_BODY // 1024} KiB"))
    memo = answer_memo.key(request, raw)
    if (kept := answer_memo.answers.recall(memo)) is not None:
        sid, answer = kept
        if is_stored(sid):
            return HttpResponse(answer, content_type="application/json")
        answer_memo.answers.forget(memo)  # its scenario was pruned: rule and store it afresh
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _errors(400, ("", "the body must be UTF-8 JSON"))
    except (json.JSONDecodeError, RecursionError) as e:
        message = (
            f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})"
            if isinstance(e, json.JSONDecodeError)
            else "not valid JSON: nested too deeply"
        )
        return _errors(400, ("", message))
    except ValueError as e:
        return _errors(400, ("", f"not valid JSON: {e}"))
    if _depth(doc, MAX_DEPTH):
        return _errors(400, ("", f"the document nests deeper than {MAX_DEPTH} levels"))
    try:
        scenario = parse_scenario(doc)
    except ScenarioError as e:
        return JsonResponse({"errors": [p.to_dict() for p in e.problems]}, status=400)
    if cached_ruling(scenario) is None and (limited := limits.over(request, limits.RENDERS)) is not None:
        return limited  # this client's expensive rulings used the render limit up
    started = time.thread_time()
    try:
        ruling = checked_ruling(scenario)
    except Unrulable as e:  # logged with its id; nothing is stored
        return _errors(422, ("", e.message))
    limits.count_if_expensive(request, started)
    if (limited := limits.storing(request, scenario)) is not None:
        return limited
    row = store_scenario(scenario=scenario)
    answer = json.dumps(ruling_payload(request, row, scenario, ruling), cls=DjangoJSONEncoder).encode()
    answer_memo.answers.keep(memo, row.id, answer)
    return HttpResponse(answer, content_type="application/json")


@require_safe
def ruling_detail(request: HttpRequest, sid: str) -> JsonResponse:
    row = StoredScenario.objects.filter(pk=sid).first()
    if row is None:
        return _errors(404, ("id", f"no ruling with id {sid!r}"))
    row.mark_opened()
    scenario = None
    try:
        scenario = stored_scenario(row)
        return JsonResponse(ruling_payload(request, row, scenario))
    except Unrulable as e:
        return JsonResponse(_unrulable_payload(request, row, scenario, e), status=422)


def _unrulable_payload(
    request: HttpRequest, row: StoredScenario, scenario: Scenario | None, e: Unrulable
) -> dict[str, Any]:
    """A stored scenario today's engine cannot read or rule: the reason, and the situation as stored."""
    return {
        "id": row.id,
        "url": request.build_absolute_uri(reverse("rules:permalink", args=[row.id])),
        "scenario": stored_document(row),
        "errors": [{"field": "", "message": e.message}],
        "format": row.format,
        "engine_version": row.engine_version,
        "corrections": _corrections(request, unrulable_corrections(row, scenario)),
    }


def _corrections(request: HttpRequest, changes: tuple[Change, ...]) -> list[dict[str, Any]]:
    return [
        {
            "version": c.version,
            "date": c.date,
            "title": c.title,
            "url": request.build_absolute_uri(reverse("rules:changes")) + f"#{c.anchor}",
        }
        for c in changes
    ]


@require_safe
def catalog_view(request: HttpRequest) -> JsonResponse:
    return JsonResponse(catalog())
