"""Shared test setup.  Engine tests need no Django; web and e2e tests bring their own fixtures."""

from __future__ import annotations

import os

# Playwright's sync API runs an event loop in the test thread; Django's async guard
# would then refuse the live server's database teardown.  Tests only, never settings.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
