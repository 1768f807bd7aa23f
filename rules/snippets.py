"""The share snippets of a permalink (Markdown and BBCode): a ruling's words, never a reader's markup.

The verdict names pieces by their labels, which are typed by whoever posted the situation; pasted into a
forum, ``x](https://evil.example/)`` or ``[/url][url=https://evil.example]x`` would add a link of theirs.
"""

from __future__ import annotations

import re

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+!|~-])")
"""Characters Markdown (CommonMark, and the forum dialects on top of it) can read as markup."""
_BBCODE_TAG = re.compile(r"\[/?[A-Za-z*][^\[\]]*\]")


def markdown_text(text: str) -> str:
    """``text`` as literal Markdown: each character that could start markup backslash-escaped."""
    return _MARKDOWN.sub(r"\\\1", text)


def bbcode_text(text: str) -> str:
    """``text`` with BBCode tags stripped (until none is left: a tag split by another is one once joined),
    and any bracket left over made a parenthesis, so nothing in it can open or close a tag."""
    while True:
        stripped = _BBCODE_TAG.sub("", text)
        if stripped == text:
            break
        text = stripped
    return text.replace("[", "(").replace("]", ")")


def markdown_link(title: str, url: str) -> str:
    return f"[{markdown_text(title)}]({url})"


def bbcode_link(title: str, url: str) -> str:
    return f"[url={url}]{bbcode_text(title)}[/url]"
