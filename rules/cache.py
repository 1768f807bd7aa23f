"""The shared on-disk cache, culled now and then instead of on every write.

Django's file-based cache lists its whole directory on every ``set`` to see whether
it must cull. With the 50,000 entries a busy site keeps (a ruling, an SVG and a PNG per
permalink), that listing took 62 ms per write on our 2-core machine, more than the
whole ruling. Here each process checks every ``CULL_EVERY``-th write (and its first):
the entry cap is then exceeded by at most that many writes per process between checks.
"""

from __future__ import annotations

import itertools
import pickle
import zlib
from typing import Any

from django.core.cache.backends.filebased import FileBasedCache

_WRITES = itertools.count()
"""Writes by this process: Django keeps a cache instance per thread, so the count is kept here
(``next`` on a count is atomic under the GIL)."""


class RarelyCulledFileCache(FileBasedCache):
    """``FileBasedCache`` whose size check runs once every ``OPTIONS["CULL_EVERY"]`` writes."""

    def __init__(self, dir: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self._cull_every = max(1, int(options.pop("CULL_EVERY", 200)))
        super().__init__(dir, {**params, "OPTIONS": options})

    def _write_content(self, file: Any, timeout: Any, value: Any) -> None:
        """As Django writes an entry, but compressed only where it pays: a picture's text shrinks to a
        third at zlib level 1 (Django's level 6 took 0.9 ms for a busy one, for at most 12 % less), while
        a pickled ruling, mostly floats, shrank by a quarter for 0.15 ms and a PNG not at all; those are
        stored (level 0: the same format, so reading is unchanged, at the cost of a checksum)."""
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), 1 if isinstance(value, str) else 0))

    def _cull(self) -> None:
        if next(_WRITES) % self._cull_every == 0:
            super()._cull()
