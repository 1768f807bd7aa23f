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
from functools import cache as memoise
from ipaddress import IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network

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


@memoise
def _networks(spec: str) -> tuple[IPv4Network | IPv6Network, ...]:
    return tuple(ip_network(part.strip(), strict=False) for part in spec.split(",") if part.strip())


def trusted_proxies() -> tuple[IPv4Network | IPv6Network, ...]:
    """The proxies whose ``X-Forwarded-For`` is believed: loopback always (nginx on this machine, and no
    client can come from there), plus ``TABLE_RULING_TRUSTED_PROXIES`` (addresses or networks, comma
    separated) for a proxy on another machine."""
    return _networks("127.0.0.0/8,::1") + _networks(getattr(settings, "TRUSTED_PROXIES", "") or "")


def _trusted(address: str) -> bool:
    try:
        ip = ip_address(address.strip())
    except ValueError:
        return False
    if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in net for net in trusted_proxies())


def client_ip(request: HttpRequest) -> str:
    """The address of the client the limits count: the right-most ``X-Forwarded-For`` hop that is not a
    trusted proxy, read only when the request came from one.

    nginx's ``$proxy_add_x_forwarded_for`` appends the address it saw to whatever the client sent, so
    only the hops added by proxies we run can be believed: those are at the right. A client's own
    ``X-Forwarded-For: 1.2.3.4`` stays at the left and is never read (the spoof), and every client
    behind nginx is counted apart (not one shared bucket for the proxy's own address). A request
    that did not come from a trusted proxy is counted by its own address, whatever it claims.
    """
    remote = str(request.META.get("REMOTE_ADDR", "unknown"))[:64]
    if not _trusted(remote):
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop):
            return hop[:64]
    return remote if not hops else hops[0][:64]  # every hop is ours: a request made on this machine


def hit(request: HttpRequest, limit: Limit, units: int = 1) -> JsonResponse | None:
    """Count this request (as ``units``) against ``limit``; the 429 to answer when it is over, else None."""
    if limit.requests <= 0:
        return None
    now = int(time.time())
    window = now - now % limit.seconds
    key = f"{limit.name}:{client_ip(request)}"
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO rules_ratecounter (key, period, count) VALUES (%s, %s, %s) "
            "ON CONFLICT (key, period) DO UPDATE SET count = rules_ratecounter.count + %s RETURNING count",
            [key, window, units, units],
        )
        row = cursor.fetchone()
    count = int(row[0]) if row else 1
    if count <= limit.requests:
        return None
    return _refusal(limit, window + limit.seconds - now)


def _refusal(limit: Limit, retry: int) -> JsonResponse:
    response = JsonResponse(
        {"errors": [{"field": "", "message": f"too many requests ({limit.name}): try again in {retry} s"}]},
        status=429,
    )
    response["Retry-After"] = str(max(1, retry))
    return response


def over(request: HttpRequest, limit: Limit) -> JsonResponse | None:
    """The 429 to answer when this client has used ``limit`` up in the current window (nothing counted)."""
    if limit.requests <= 0:
        return None
    now = int(time.time())
    window = now - now % limit.seconds
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count FROM rules_ratecounter WHERE key = %s AND period = %s",
            [f"{limit.name}:{client_ip(request)}", window],
        )
        row = cursor.fetchone()
    if row is None or int(row[0]) < limit.requests:
        return None
    return _refusal(limit, window + limit.seconds - now)


EXPENSIVE_S = 0.02
"""A ruling counts against the render limit one unit for each whole ``EXPENSIVE_S`` of CPU it took (ruled and
drawn): a busy ruling (3-10 ms) costs nothing, the heaviest accepted ones (about 90 ms of CPU) 4 units. The
limit is then a budget of server time per client (60 units a minute: about 1.2 s of CPU), so clients
looping heavy requests, new or previewed, cannot hold the cores; a first picture render counts one unit."""


def count_if_expensive(request: HttpRequest, started: float) -> None:
    """Count the ruling begun at ``started`` (``time.thread_time()``) against ``RENDERS`` by the CPU time it took
    (not the wall time: on a busy server waiting for a core must not make a judge's quick previews expensive);
    the client's next uncached ruling is then refused by ``over`` once the limit is used up."""
    units = int((time.thread_time() - started) / EXPENSIVE_S) if EXPENSIVE_S > 0 else 1
    if units >= 1:
        hit(request, RENDERS, units)


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
