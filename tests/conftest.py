"""Shared test setup.  Engine tests need no Django; web and e2e tests bring their own fixtures."""

from __future__ import annotations

import os

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's async guard
# would then refuse the live server's database teardown.  Tests only, never settings.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

TIERS = ("tests/engine/", "tests/web/", "tests/e2e/")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Engine tests first, then the web client, browser tests last (a stable sort after pytest-django's)."""

    def tier(item: pytest.Item) -> int:
        return next((i for i, t in enumerate(TIERS) if item.nodeid.startswith(t)), len(TIERS))

    items.sort(key=tier)
