"""Garbage collection between requests, not in the middle of one.

A live preview leaves some 4,000 objects in reference cycles (Django's template contexts, forms and
requests refer back to themselves), so with Python's default thresholds the collector ran about twice
inside every preview and, every sixth or so, a second-generation pass over everything those
collections had kept alive mid-request: 5-10 ms more, which set the preview's p95 (docs/operations.md).

Here the young generation is collected once each request has finished (its garbage is all young and
all garbage by then: nothing is kept, so the older generations stay small), and the threshold that
starts a collection by itself is set high enough that an ordinary request never reaches it. The
objects that outlive start-up are frozen out of the full collections' sight.
"""

from __future__ import annotations

import gc
from typing import Any

from django.core.signals import request_finished

YOUNG_THRESHOLD = 50_000
"""Net new container objects that start a collection by themselves (Python's default is 2,000; a 20-piece
preview leaves some 4,000, a 60-piece page several times that). Only a request far larger than any the
caps allow reaches it before it has finished."""


def collect_between_requests() -> None:
    """Freeze what start-up made, raise the young threshold and collect the young after each request."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
    request_finished.connect(collect_young, dispatch_uid="rules.collecting")


def collect_young(**_: Any) -> None:
    """The finished request's garbage (connected to ``request_finished``: after its answer was sent), and the
    older generations as Python would collect them (every tenth time the next one up): a collection started
    here does not count toward the automatic ones, so without this nothing kept past a request's end (its
    request and response objects, some 200) would ever be collected."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    gc.collect(2 if counts[2] >= thresholds[2] else 1 if counts[1] >= thresholds[1] else 0)
