"""The API's answers to bodies it has answered before, kept per worker process.

A forum thread, a bot or a script posts the same scenario again and again: the same
bytes, validated, ruled and stored already. Parsing and ruling them again gives the
same answer (the engine is deterministic), so the answer's bytes are kept, keyed by
the body's SHA-256, the engine's fingerprint and the host and scheme the answer's
links name. Only the stored row can go (``prune_unopened``), so a kept answer is
served only while its id still exists; otherwise the request is handled afresh.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from django.http import HttpRequest

from rules.engine.changes import fingerprint

SIZE = 2048
"""Answers kept per process: a busy one is about 6 KB, so at most about 12 MB."""

_answers: OrderedDict[tuple[str, ...], tuple[str, bytes]] = OrderedDict()
_lock = threading.Lock()


def key(request: HttpRequest, body: bytes) -> tuple[str, ...]:
    return (fingerprint(), request.scheme or "", request.get_host(), hashlib.sha256(body).hexdigest())


def recall(k: tuple[str, ...]) -> tuple[str, bytes] | None:
    """The id and answer kept for this key, if any (the caller checks the id still exists)."""
    with _lock:
        hit = _answers.get(k)
        if hit is not None:
            _answers.move_to_end(k)
        return hit


def keep(k: tuple[str, ...], sid: str, answer: bytes) -> None:
    with _lock:
        _answers[k] = (sid, answer)
        _answers.move_to_end(k)
        while len(_answers) > SIZE:
            _answers.popitem(last=False)


def forget(k: tuple[str, ...]) -> None:
    with _lock:
        _answers.pop(k, None)
