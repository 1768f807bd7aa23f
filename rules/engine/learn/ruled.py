"""One ruling per table: learn asks for the same table's ruling many times (a pool, a draw, its
questions, a variation's scan crossing ground an earlier scan covered), so it keeps them by digest.

``evaluate`` is pure (a table's ruling depends on the table alone), so a kept ruling is the ruling,
and what is drawn does not depend on what happens to be kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from threading import Lock

from rules.engine.evaluate import evaluate
from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario

RULINGS = 512
"""Whole rulings kept (steps and figures included): the tables exercises are drawn from and asked."""
ANSWERS = 8192
"""Answers kept for the tables a variation's scan rules (a few short strings each)."""


class Kept[T]:
    """A least-recently-used store of values computed from a table, keyed by the table's digest."""

    def __init__(self, size: int, compute: Callable[[Scenario], T]) -> None:
        self.size = size
        self.compute = compute
        self._items: OrderedDict[str, T] = OrderedDict()
        self._lock = Lock()

    def __call__(self, scenario: Scenario) -> T:
        key = scenario.digest()
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = self.compute(scenario)
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


ruled: Kept[Ruling] = Kept(RULINGS, evaluate)
"""``evaluate(scenario)``, computed once per distinct table while it is kept."""
