"""What a ruling is shared as: the link, a Markdown and a BBCode snippet with the card, the oEmbed answer.

Labels are the user's text: in a snippet they are escaped for Markdown and stripped of BBCode tags, so a
label can never add a link or an image of its own to a forum post.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.engine import Ruling, Scenario

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")
_BBCODE_TAG = re.compile(r"\[/?[A-Za-z*][^\[\]]*\]")


def markdown_text(text: str) -> str:
    """Plain text that Markdown shows as typed (every punctuation mark that could start syntax escaped)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def bbcode_text(text: str) -> str:
    """Plain text with no BBCode: tags removed, and a bracket left over turned into a parenthesis."""
    text = _BBCODE_TAG.sub("", " ".join(text.split()))
    return text.replace("[", "(").replace("]", ")")


@dataclass(frozen=True, slots=True)
class Share:
    title: str
    """Game, edition and the verdict in words: what a forum shows as the link's text."""
    link: str
    """The permalink, at the step being viewed."""
    image: str
    """The card (PNG, 1200 × 630) at the step being viewed."""
    alt: str

    @property
    def markdown(self) -> str:
        return f"[![{markdown_text(self.alt)}]({self.image})]({self.link})\n[{markdown_text(self.title)}]({self.link})"

    @property
    def bbcode(self) -> str:
        return f"[url={self.link}][img]{self.image}[/img][/url]\n[url={self.link}]{bbcode_text(self.title)}[/url]"


def with_step(url: str, step: int | None) -> str:
    """``url`` showing step ``step`` (its query kept)."""
    if not step:
        return url
    return f"{url}{'&' if '?' in url else '?'}step={step}"


def share_of(game_title: str, scenario: Scenario, ruling: Ruling, link: str, image: str) -> Share:
    """How the ruling is shared: its verdict in words under the game and edition, the card described."""
    title = f"{game_title} {scenario.edition}: {ruling.summary}"
    return Share(title=title, link=link, image=image, alt=f"The table, drawn: {ruling.summary}")
