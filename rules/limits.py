"""Abuse limits per client IP: writes, first picture renders, new scenarios per day.

Counters live in the database (one atomic upsert per counted request), so
every worker and every restart shares them; a fixed window per limit.  A
limit that is reached answers 429 with ``Retry-After``.  Limits come from the
environment (``TABLE_RULING_LIMIT_WRITES`` = "60/60" requests per seconds,
``..._RENDERS``, ``..._NEW_PER_DAY``, ``..._DRAFTS``); "0" turns one off.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse

from rules.engine import Scenario


@dataclass(frozen=True, slots=True)
class Limit:
    name: str
    requests: int
    seconds: int


def _limit(name: str, default: str) -> Limit:
    raw = os.environ.get(f"TABLE_RULING_LIMIT_{name.upper().replace('-', '_')}", default).strip()
    count, _, per = raw.partition("/")
    return Limit(name, int(count or 0), int(per or 60))


WRITES = _limit("writes", "120/60")
RENDERS = _limit("renders", "60/60")
NEW_PER_DAY = _limit("new-per-day", "5000/86400")
DRAFTS = _limit("drafts", "300/60")
"""New setup drafts (``/setup/?state=``): a live preview of a big setup keeps one per change it shows."""


def client_ip(request: HttpRequest) -> str:
    """The client's address: the proxy's X-Forwarded-For first hop only when the proxy is trusted."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[0].strip()[:64]
    return str(request.META.get("REMOTE_ADDR", "unknown"))[:64]


def hit(request: HttpRequest, limit: Limit) -> JsonResponse | None:
    """Count this request against ``limit``; the 429 to answer when it is over, else None."""
    if limit.requests <= 0:
        return None
    now = int(time.time())
    window = now - now % limit.seconds
    key = f"{limit.name}:{client_ip(request)}"
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO rules_ratecounter (key, period, count) VALUES (%s, %s, 1) "
            "ON CONFLICT (key, period) DO UPDATE SET count = rules_ratecounter.count + 1 RETURNING count",
            [key, window],
        )
        row = cursor.fetchone()
    count = int(row[0]) if row else 1
    if count <= limit.requests:
        return None
    retry = window + limit.seconds - now
    response = JsonResponse(
        {"errors": [{"field": "", "message": f"too many requests ({limit.name}): try again in {retry} s"}]},
        status=429,
    )
    response["Retry-After"] = str(max(1, retry))
    return response


def storing(request: HttpRequest, scenario: Scenario) -> JsonResponse | None:
    """The daily quota of new scenarios per client: a scenario stored already costs nothing."""
    from rules.models import StoredScenario

    if NEW_PER_DAY.requests <= 0:  # the quota is off: no lookup
        return None
    if StoredScenario.objects.filter(digest=scenario.digest()).exists():
        return None
    return hit(request, NEW_PER_DAY)


def prune(older_than: int = 2 * 86400) -> int:
    """Drop counters of windows that ended long ago (the cleanup command calls this)."""
    from rules.models import RateCounter

    deleted, _ = RateCounter.objects.filter(period__lt=int(time.time()) - older_than).delete()
    return deleted
