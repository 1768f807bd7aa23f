"""A label cannot add a link to the share snippets: escaped for Markdown, stripped of BBCode tags."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.test import Client

from rules.snippets import bbcode_text, markdown_text

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[2] / "rules" / "examples" / "xw-17-loose-cargo-under-enemy.json"
MARKDOWN_HIJACK = "x](https://evil.example/)"
BBCODE_HIJACK = "[/url][url=https://evil.example]x"


def snippets(client: Client, label: str) -> tuple[str, str]:
    doc = json.loads(EXAMPLE.read_text())["scenario"]
    doc["pieces"][0]["label"] = label
    sid = client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json").json()["id"]
    page = client.get(f"/s/{sid}/").content.decode()
    md = re.search(r'Markdown <input type="text" readonly value="([^"]*)"', page)
    bb = re.search(r'BBCode <input type="text" readonly value="([^"]*)"', page)
    assert md and bb
    return html.unescape(md.group(1)), html.unescape(bb.group(1))


def test_a_label_cannot_close_the_markdown_link_and_open_its_own(client: Client) -> None:
    md, _ = snippets(client, MARKDOWN_HIJACK)
    assert r"x\]\(https://evil.example/\)" in md
    # a CommonMark reader finds one link, ours: its text ends at the last unescaped "]"
    text = re.fullmatch(r"\[(.*)\]\((http://testserver/s/[a-z0-9]+/)\)", md)
    assert text is not None and "](" not in text.group(1).replace(r"\]\(", "")


def test_a_label_cannot_close_the_bbcode_link_and_open_its_own(client: Client) -> None:
    _, bb = snippets(client, BBCODE_HIJACK)
    assert "[url=https://evil" not in bb
    assert bb.startswith("[url=http://testserver/s/") and bb.count("[url=") == 1
    assert bb.count("[/url]") == 1 and bb.endswith("[/url]")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[/url][url=https://evil.example]x", "x"),
        ("[[url]url=https://evil.example]x", "x"),  # a tag split by another is stripped once joined
        ("[[url=https://evil.example]x", "(x"),
        ("[/URL][img]https://evil.example/a.png[/img]", "https://evil.example/a.png"),
        ("Rock [3]", "Rock (3)"),
    ],
)
def test_bbcode_text(text: str, expected: str) -> None:
    assert bbcode_text(text) == expected


def test_markdown_text_escapes_every_character_that_starts_markup() -> None:
    assert markdown_text("![a](b) <c> *d* _e_ `f` #g") == r"\!\[a\]\(b\) \<c\> \*d\* \_e\_ \`f\` \#g"
