"""The shared cache checks its size now and then, not on every write, and still stays bounded."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from rules.cache import RarelyCulledFileCache


def test_the_site_uses_it() -> None:
    assert settings.CACHES["default"]["BACKEND"] == "rules.cache.RarelyCulledFileCache"


def test_lists_its_directory_only_every_nth_write_and_stays_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = RarelyCulledFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 20, "CULL_EVERY": 5}})
    listings = 0
    real = cache._list_cache_files

    def counted() -> list[str]:
        nonlocal listings
        listings += 1
        return real()

    monkeypatch.setattr(cache, "_list_cache_files", counted)
    sizes = []
    for i in range(200):
        cache.set(f"k{i}", i)
        sizes.append(len(real()))
    assert listings == 40  # every 5th write (any 200 in a row hold 40)
    assert max(sizes) <= 20 + 5  # the cap plus at most one check interval
    assert cache.get("k199") == 199


def test_every_write_checks_when_asked_to(tmp_path: Path) -> None:
    cache = RarelyCulledFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_EVERY": 1}})
    for i in range(100):
        cache.set(f"k{i}", i)
        assert len(cache._list_cache_files()) <= 10


def test_text_reads_back_compressed(tmp_path: Path) -> None:
    cache = RarelyCulledFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10}})
    text = "<svg>" + "<polygon points='1,2 3,4'/>" * 2000 + "</svg>"
    cache.set("picture", text)
    assert cache.get("picture") == text
    (stored,) = tmp_path.glob("*.djcache")
    assert stored.stat().st_size < len(text) / 10


def test_only_text_is_compressed_and_everything_reads_back(tmp_path: Path) -> None:
    """Pickled rulings (mostly floats) and PNG bytes are stored, not compressed: they barely shrink."""
    import os
    import pickle

    cache = RarelyCulledFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10}})
    floats = [i * 0.123456789 for i in range(3000)]
    data = os.urandom(20_000)
    cache.set("ruling", floats)
    cache.set("png", data)
    assert cache.get("ruling") == floats and cache.get("png") == data
    sizes = sorted(p.stat().st_size for p in tmp_path.glob("*.djcache"))
    assert sizes[0] >= len(data) and sizes[1] >= len(pickle.dumps(floats, pickle.HIGHEST_PROTOCOL))
