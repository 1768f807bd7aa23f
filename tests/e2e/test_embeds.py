"""A picture embedded by a page on another origin (a forum post's ``<img>``) renders."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.sync_api import Page

from rules.library import examples

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def forum(base_url: str) -> Iterator[str]:
    """A second local server on another origin (127.0.0.1 and another port, not the live server's localhost:
    another site, which ``same-site`` would refuse) whose page embeds the live server's pictures."""
    sid = examples()[0].id
    images = [f"{base_url}/s/{sid}.png", f"{base_url}/s/{sid}.svg", f"{base_url}/s/{sid}/thumb.svg"]
    html = "".join(f'<img alt="ruling {i}" src="{src}">' for i, src in enumerate(images)).encode()

    class Forum(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>a forum post</title>" + html)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Forum)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_picture_embedded_on_another_origin_renders(page: Page, base_url: str, forum: str) -> None:
    sid = examples()[0].id
    assert "localhost" in base_url
    page.goto(f"{base_url}/s/{sid}/")  # stores the library example, as a reader's first visit does
    page.goto(forum)
    page.wait_for_load_state("load")
    sizes = page.eval_on_selector_all("img", "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.naturalHeight])")
    assert sizes[0] == [True, 1200, 630]  # the PNG card
    assert all(done and w > 0 and h > 0 for done, w, h in sizes), sizes
