"""Forum-ready: the tags an unfurler reads, oEmbed, and snippets with the card that labels cannot hijack."""

from __future__ import annotations

import json
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from rules.library import examples
from rules.share import Share, bbcode_text, markdown_text

pytestmark = pytest.mark.django_db


class _Head(HTMLParser):
    """What an unfurler (a forum, a chat client) reads: meta properties and names, and link relations."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a.get("content", "")
        elif tag == "link" and "rel" in a:
            self.links[a.get("type") or a["rel"]] = a


def _head(client: Client, url: str) -> _Head:
    head = _Head()
    head.feed(client.get(url).content.decode())
    return head


def _example(slug_start: str) -> Any:
    return next(ex for ex in examples() if ex.slug.startswith(slug_start))


def test_open_graph_and_twitter_tags_as_an_unfurler_reads_them(client: Client) -> None:
    ex = _example("xw-01")
    head = _head(client, f"/s/{ex.id}/")
    m = head.meta
    assert m["og:title"].startswith("X-Wing 2.5: ") and len(m["og:title"]) > len("X-Wing 2.5: ") + 10
    assert m["og:description"] and m["twitter:description"] and m["og:url"] == f"http://testserver/s/{ex.id}/"
    assert m["og:image"].startswith(f"http://testserver/s/{ex.id}.png?v=")  # the versioned, immutable address
    assert m["og:image:alt"].startswith("The table, drawn: ") and m["twitter:image:alt"] == m["og:image:alt"]
    assert (m["og:image:width"], m["og:image:height"], m["twitter:card"]) == ("1200", "630", "summary_large_image")
    image = client.get(m["og:image"].removeprefix("http://testserver"))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert "ship-" not in m["og:title"] and "pieces[" not in m["og:description"]  # words, not ids or JSON paths


def test_oembed_is_discoverable_and_answers_the_card(client: Client) -> None:
    ex = _example("xw-01")
    discovery = _head(client, f"/s/{ex.id}/").links["application/json+oembed"]["href"]
    answer = client.get(discovery.removeprefix("http://testserver"))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    o = json.loads(answer.content)
    assert (o["version"], o["type"], o["width"], o["height"]) == ("1.0", "photo", 1200, 630)
    assert o["url"].startswith(f"http://testserver/s/{ex.id}.png?v=") and o["title"].startswith("X-Wing 2.5: ")
    assert o["provider_name"] == "Table Ruling"
    small = client.get("/oembed", {"url": f"http://testserver/s/{ex.id}/?step=2", "maxwidth": "300"}).json()
    assert (small["width"], small["height"]) == (300, 158) and "step=2" in small["url"]
    step = client.get("/oembed", {"url": f"http://testserver/s/{ex.id}/step/3/"}).json()
    assert "step=3" in step["url"]


@pytest.mark.parametrize(
    "url",
    [
        "http://elsewhere.example/s/abc/",  # another site's address
        "http://testserver/rules/",  # ours, but not a ruling
        "http://testserver/s/nosuchidxx/",  # no such ruling
        "javascript:alert(1)",
        "",
    ],
)
def test_oembed_refuses_what_is_not_one_of_our_rulings(client: Client, url: str) -> None:
    assert client.get("/oembed", {"url": url}).status_code == 404


def test_oembed_offers_json_only(client: Client) -> None:
    ex = _example("xw-01")
    assert client.get("/oembed", {"url": f"http://testserver/s/{ex.id}/", "format": "xml"}).status_code == 501


def test_snippets_carry_the_card_and_link_to_the_step_being_viewed(client: Client) -> None:
    ex = _example("xw-01")
    html = unescape(client.get(f"/s/{ex.id}/", {"step": "2"}).content.decode())
    link = f"http://testserver/s/{ex.id}/?step=2"
    assert "[![The table, drawn: " in html and f"]({link})" in html  # Markdown: the card, linked to the step
    bbcode = html[html.index(f"[url={link}][img]") :]
    image = bbcode[bbcode.index("[img]") + 5 : bbcode.index("[/img]")]
    assert image.startswith(f"http://testserver/s/{ex.id}.png?") and "step=2" in image and "v=" in image
    assert 'data-copy="share-2"' in html and "hidden>Copy</button>" in html  # offered once JavaScript runs
    partial = client.get(f"/s/{ex.id}/step/3/", headers={"HX-Request": "true"}).content.decode()
    assert f"/s/{ex.id}/?step=3" in partial  # stepping with htmx updates the snippets too


def test_labels_cannot_add_links_to_snippets() -> None:
    share = Share(title="x](https://evil.example/) [/url][url=https://evil.example]y", link="L", image="I", alt="a]b")
    md = share.markdown
    assert "](https://evil.example/)" not in md and "\\]\\(https://evil\\.example/\\)" in md
    assert "[url=https://evil.example]" not in share.bbcode and "[/url][url" not in share.bbcode.split("\n")[1][:-6]
    assert markdown_text("*bold* _it_ `code` <b>") == "\\*bold\\* \\_it\\_ \\`code\\` \\<b\\>"
    assert bbcode_text("a [b]bold[/b] [img]x[/img] [") == "a bold x ("
