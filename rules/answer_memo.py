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

BUDGET = 16 * 1024 * 1024
"""Bytes of answers kept per process (a busy answer is about 6 KB, one for a 64 KiB body about 80 KB):
a bound by bytes, so a client posting large bodies cannot grow a worker's memory."""


class Memo:
    """Answers by key, the least recently used dropped first once their bytes pass ``budget``; thread-safe."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.bytes = 0
        self._answers: OrderedDict[tuple[str, ...], tuple[str, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def recall(self, k: tuple[str, ...]) -> tuple[str, bytes] | None:
        """The id and answer kept for this key, if any (the caller checks the id still exists)."""
        with self._lock:
            hit = self._answers.get(k)
            if hit is not None:
                self._answers.move_to_end(k)
            return hit

    def keep(self, k: tuple[str, ...], sid: str, answer: bytes) -> None:
        with self._lock:
            self._drop(k)
            self._answers[k] = (sid, answer)
            self.bytes += len(answer)
            while self.bytes > self.budget:
                self._drop(next(iter(self._answers)))

    def forget(self, k: tuple[str, ...]) -> None:
        with self._lock:
            self._drop(k)

    def _drop(self, k: tuple[str, ...]) -> None:
        old = self._answers.pop(k, None)
        if old is not None:
            self.bytes -= len(old[1])

    def __len__(self) -> int:
        return len(self._answers)


def key(request: HttpRequest, body: bytes) -> tuple[str, ...]:
    return (fingerprint(), request.scheme or "", request.get_host(), hashlib.sha256(body).hexdigest())


answers = Memo()
"""This process's memo."""
