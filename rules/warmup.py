"""A server process's first-request work, done when it starts instead of in a person's first request.

The first setup preview a process answers cost 100–170 ms (its templates compiled, the engine's
catalogues, shapes and caches filled), the next ones about 20. gunicorn calls ``warm`` in each
worker before it takes a request (``deploy/gunicorn.conf.py``: ``post_worker_init``): it answers
one live preview and opens one setup page per game, from the library's first example of each,
as a browser on the page would ask for them. Nothing is stored and no client's limits are used
(the requests come from an address of their own, from the documentation range of RFC 5737) and
nothing is written to a person's log: the answers are read, not sent.
"""

from __future__ import annotations

import gc
import logging
import time

from django.conf import settings
from django.test import Client

from rules.engine import games
from rules.library import examples
from rules.setup_state import form_query, initial_from_scenario

log = logging.getLogger(__name__)

WARMING_ADDRESS = "192.0.2.1"
"""Where the warm-up's requests come from (RFC 5737's TEST-NET-1): a bucket of its own in the limits."""


def warm() -> float:
    """Answer a live preview and open a setup page of each game's first library example; then collect
    and freeze what that made, so the collector never walks it again (``rules.collecting``). Returns the
    milliseconds it took. A failure is logged, never raised: a worker that cannot warm still serves."""
    started = time.perf_counter()
    # through every middleware, as a browser's request comes (the security headers, the policy, htmx)
    client = Client(HTTP_HOST=_host(), REMOTE_ADDR=WARMING_ADDRESS)
    try:
        for name in games.names():
            example = next((e for e in examples() if e.scenario.game == name), None)
            if example is None:
                continue
            query = form_query(*initial_from_scenario(example.scenario)) | {"pick": "1"}
            for headers in ({"HX-Request": "true", "HX-Target": "preview"}, {}):
                answer = client.get("/setup/", query, headers=headers, secure=settings.SECURE_SSL_REDIRECT)
                if answer.status_code != 200:
                    log.warning("warm-up: the setup page answered %s", answer.status_code)
    except Exception:  # a warm-up is a favour: the worker serves without it
        log.exception("warm-up failed")
    gc.collect()
    gc.freeze()
    return (time.perf_counter() - started) * 1000


def _host() -> str:
    """A host name the site answers to (the first one named in ``ALLOWED_HOSTS``; a domain's own name for a
    ".example.org" entry)."""
    named = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
    return named[0] if named else "localhost"
