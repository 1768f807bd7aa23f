"""Rulings of stored scenarios, memoised by content.

A scenario's id is the hash of its canonical form and the engine is
deterministic, so a ruling can be kept per digest: permalinks are read far more
often than they are written (forum unfurlers, readers, the picture).  The cache
is Django's default cache (files shared by every worker), keyed by the engine's
fingerprint so a deploy with a new engine never serves an old ruling.
"""

from __future__ import annotations

import hashlib
import logging
import zlib
from collections.abc import Callable
from functools import cache as memoise
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.http.request import split_domain_port

from rules.engine import Ruling, Scenario, ScenarioError, evaluate, render_svg
from rules.engine.changes import fingerprint
from rules.engine.svg import PHONE_PICTURE_PX
from rules.png import RENDERER

TTL = 24 * 3600


log = logging.getLogger("rules.unrulable")


class Unrulable(Exception):
    """A situation the engine cannot rule or draw: said to the reader (a 422, never a 500), logged with its id.

    An input the parser accepts should always rule; when it does not, that is our bug, and the reader is
    told so plainly instead of getting a server error, and nothing is stored or cached for it.
    """

    def __init__(self, sid: str, reason: str) -> None:
        self.sid = sid
        self.reason = reason
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return f"this situation cannot be ruled: {self.reason}"


def engine_call[T](scenario: Scenario, what: str, call: Callable[[], T]) -> T:
    """``call()``, any exception of the engine becoming ``Unrulable`` (logged with the scenario's id, which
    is worked out only then: it hashes the whole canonical document, which a live preview needs for
    nothing else)."""
    try:
        return call()
    except ScenarioError as e:  # a situation the engine built and could not read back
        sid = scenario.short_id()
        log.error("scenario %s cannot be ruled (%s): %s", sid, what, e, exc_info=True)
        raise Unrulable(sid, str(e)) from e
    except Exception as e:
        sid = scenario.short_id()
        log.error("scenario %s cannot be ruled (%s)", sid, what, exc_info=True)
        reason = (
            f"the rules engine failed while {what} it ({type(e).__name__}). This is our mistake: it is logged "
            "with this situation, and the page will rule it once it is fixed."
        )
        raise Unrulable(sid, reason) from e


def _ruling_key(scenario: Scenario) -> str:
    return f"ruling:{fingerprint()}:{scenario.digest()}"


def cached_ruling(scenario: Scenario) -> Ruling | None:
    """The ruling kept for this scenario, if any (nothing is worked out)."""
    return cache.get(_ruling_key(scenario))


def ruling_for(scenario: Scenario) -> Ruling:
    key = _ruling_key(scenario)
    ruling = cache.get(key)
    if ruling is None:
        ruling = engine_call(scenario, "ruling", lambda: evaluate(scenario))
        cache.set(key, ruling, TTL)
    return ruling


def forget(scenario: Scenario, sid: str) -> None:
    """Drop a scenario's cached ruling and permalink picture (``rerule --repair`` draws them afresh)."""
    cache.delete_many([_ruling_key(scenario), _picture_key(scenario, permalink_prefix(sid), None)])


def _picture_key(scenario: Scenario, id_prefix: str, step: int | None, shown_px: float = PHONE_PICTURE_PX) -> str:
    return f"svg:{fingerprint()}:{scenario.digest()}:{id_prefix}:{step}:{shown_px:g}"


def draw(scenario: Scenario, ruling: Ruling | None, **kwargs: Any) -> str:
    """``render_svg`` with any failure of the engine an ``Unrulable``."""
    return engine_call(scenario, "drawing", lambda: render_svg(scenario, ruling, **kwargs))


def table_picture(
    scenario: Scenario,
    ruling: Ruling,
    *,
    id_prefix: str,
    step: int | None = None,
    ranges: str | None = None,
    shown_px: float = PHONE_PICTURE_PX,
) -> str:
    """The permalink page's table picture, drawn once per engine, scenario, step and range overlay; its
    labels sized to read at ``shown_px`` (CSS px wide on a phone).

    Drawing a busy table is most of a permalink view's time (about 3.5 ms); every worker reads it back.
    """
    page = {"legend": False, "shown_px": shown_px}  # the page lists what the marks mean beside it
    if ranges is not None:  # an overlay per piece: drawn each time rather than filling the shared cache
        return draw(scenario, ruling, id_prefix=id_prefix, step=step, ranges_from=ranges, **page)
    key = _picture_key(scenario, id_prefix, step, shown_px)
    svg = cache.get(key)
    if svg is None:
        svg = draw(scenario, ruling, id_prefix=id_prefix, step=step, **page)
        cache.set(key, svg, TTL)
    return svg


def checked_ruling(scenario: Scenario) -> Ruling:
    """Rule and draw a scenario before it may be stored: a permalink that cannot render is never created.

    An engine failure raises ``Unrulable`` (a 422 for this request); nothing has been stored yet. The
    picture is drawn as its permalink page shows it, so the page's first view finds it ready.
    """
    ruling = ruling_for(scenario)
    table_picture(scenario, ruling, id_prefix=permalink_prefix(scenario.short_id()))
    return ruling


def permalink_prefix(sid: str) -> str:
    """The SVG id prefix of a permalink's table picture (unique on the page)."""
    return f"s{sid}"


def small_count(raw: object, maximum: int) -> int | None:
    """A form counter or step number: ASCII digits up to ``maximum`` (not Unicode digits, not huge values)."""
    text = str(raw or "")
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(maximum)):
        return None
    value = int(text)
    return value if value <= maximum else None


IMMUTABLE_MAX_AGE = 365 * 24 * 3600
REVALIDATED_MAX_AGE = 3600


PICTURE_CODE = ("png.py", "views/pictures.py", "rulings.py")
"""The code around the engine that shapes a served picture: the PNG renderer call, the card, the SVG
document and these cache headers."""


@memoise
def picture_version() -> str:
    """What draws a served picture: the engine (its fingerprint), the code around it and the renderer.

    Computed once a process, when the app is ready (``RulesConfig.ready``), so a worker never names
    code on disk that it has not loaded. Not in it: the system fonts the renderer finds, whose upgrade
    can change a glyph's pixels but not what a picture says.
    """
    h = hashlib.sha256(f"{fingerprint()}\n{RENDERER}\n".encode())
    for name in PICTURE_CODE:
        h.update((Path(__file__).resolve().parent / name).read_bytes())
    return h.hexdigest()[:16]


def versioned(url: str) -> str:
    """A picture's address naming what draws it (``v=<picture_version()>``).

    A picture is a function of its scenario, step and host, all in the address, and of what draws it;
    with that version beside them the content behind the address can never change, so it is served as
    immutable. Our pages link pictures this way; the plain address stays what forums and the API
    name, cached an hour and revalidated.
    """
    return f"{url}{'&' if '?' in url else '?'}v={picture_version()}"


def picture_cache_control(request: HttpRequest) -> dict[str, object]:
    """A year and ``immutable`` for the running version's address; otherwise an hour, revalidated by
    ETag (an engine correction can change what a plain, or an older version's, address shows)."""
    if request.GET.get("v") == picture_version():
        return {"public": True, "max_age": IMMUTABLE_MAX_AGE, "immutable": True}
    return {"public": True, "max_age": REVALIDATED_MAX_AGE}


def card_host(request: HttpRequest) -> str:
    """The host a card prints (and its PNG is cached under): ``TABLE_RULING_CANONICAL_HOST`` when set;
    otherwise the request's, in one spelling (lower case, no trailing dot, no default port), so
    ``Example.org.``, ``example.org:443`` and ``example.org`` share one picture and one render."""
    canonical = getattr(settings, "CANONICAL_HOST", "")
    if canonical:
        return str(canonical)
    domain, port = split_domain_port(request.get_host())
    default = "443" if request.is_secure() else "80"
    return domain + (f":{port}" if port and port != default else "")


def picture_etag(request: HttpRequest, sid: str, *args: object, **kwargs: object) -> str:
    """Content changes only with what draws it: the id and the picture version name it (and a card's step),
    and, without a canonical host, the host the card prints (the response then varies on ``Host``)."""
    step = small_count(request.GET.get("step"), 10_000)
    host = "" if getattr(settings, "CANONICAL_HOST", "") else f"-{zlib.crc32(card_host(request).encode()):08x}"
    return f"{sid}-{picture_version()}" + (f"-{step}" if step else "") + host
