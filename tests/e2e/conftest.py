"""Browser tests: Playwright driving Debian's Chromium against the live test server."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode, urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Response, Route, expect

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS}


@pytest.fixture(scope="session")
def base_url(live_server: Any) -> str:
    return str(live_server.url)


@pytest.fixture(autouse=True)
def _tripwires(context: BrowserContext, page: Page) -> Iterator[list[str]]:
    """Fail on any console error (CSP violations, 404s, JS errors) and on any request off this machine."""
    errors: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            errors.append(msg.text)

    def guard(route: Route) -> None:
        host = urlparse(route.request.url).hostname or ""
        if host in ("localhost", "127.0.0.1", "::1") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            errors.append(f"off-machine request: {route.request.url}")
            route.abort()

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    context.route("**/*", guard)
    yield errors
    assert errors == []


PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
"""A touch phone's browser context options (390 x 844)."""


@contextmanager
def watched_page(browser: Browser, **options: Any) -> Iterator[Page]:
    """A page in a browser context of its own (a phone, JavaScript off...) that fails on any console or page error."""
    context = browser.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()
    assert errors == []


def hold_first_setup_post(page: Page) -> list[Route]:
    """Hold the setup page's next POST (a live preview) so a test can answer it late with
    ``held[0].fulfill(response=held[0].fetch())``; every other request goes through."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)  # answered late, by the test
        else:
            route.continue_()

    page.route("**/setup/", hold)
    return held


EDITOR_ON = "html[data-editor=on]"
"""Set by the setup page's script once its module and htmx are ready (a test may tap, drag and pick)."""


SETTLED = "() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')"


def settle(page: Page, pause_ms: int = 0) -> None:
    """The last swap has arrived (no htmx request, settle or swap under way); ``pause_ms`` more for the
    editor to set the table up again after it."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function(SETTLED)
    if pause_ms:
        page.wait_for_timeout(pause_ms)


def editor_ready(page: Page) -> None:
    """Wait until the setup page's editor is ready (after a load, a reload or a swap of the workspace)."""
    expect(page.locator(EDITOR_ON)).to_have_count(1)


def open_setup(page: Page, base_url: str, query: str | Mapping[str, str] = "") -> Response | None:
    """Open the setup page (with this query: a string as is, a mapping encoded) and wait until its editor is
    ready; the page's response, for a test that checks its status."""
    text = query if isinstance(query, str) else urlencode(query)
    response = page.goto(f"{base_url}/setup/{'?' + text if text else ''}")
    editor_ready(page)
    return response
