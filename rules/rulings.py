"""Rulings of stored scenarios, memoised by content.

A scenario's id is the hash of its canonical form and the engine is
deterministic, so a ruling can be kept per digest: permalinks are read far more
often than they are written (forum unfurlers, readers, the picture).  The cache
is per process (LocMem by default), so a deploy with a new engine starts empty.
"""

from __future__ import annotations

from django.core.cache import cache

from rules.engine import Ruling, Scenario, evaluate

TTL = 24 * 3600


def ruling_for(scenario: Scenario) -> Ruling:
    key = f"ruling:{scenario.digest()}"
    ruling = cache.get(key)
    if ruling is None:
        ruling = evaluate(scenario)
        cache.set(key, ruling, TTL)
    return ruling
