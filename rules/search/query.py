"""A player's query as groups of words: every group must match, any word of a group will do.

Stemming is the database's (both sides of the match are stemmed there); this module only splits the
query, drops words that carry no meaning, and widens a word to the words players use for the same
thing ("rock" for asteroid, "land on" for overlap, "bump" for a partial maneuver).
"""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

Groups = tuple[tuple[str, ...], ...]

_STOP_TEXT = """a an the on of to in at by is are be it its and or if as for with from into onto over does do can
what when which who how why this that there than then my your his her their"""
STOPWORDS = frozenset(_STOP_TEXT.split())

SYNONYMS: tuple[frozenset[str], ...] = (
    # lands on / ends on / is under: the rules' word is "overlap"
    frozenset({"overlap", "land", "under", "beneath", "atop"}),
    # the X-Wing rules call bombs and mines devices; players say any of the three
    frozenset({"mine", "bomb", "device"}),
    frozenset({"asteroid", "rock"}),
    # a bump is a partially executed maneuver (X-Wing) or a ram (Armada)
    frozenset({"bump", "partial", "partially", "ram"}),
    frozenset({"debris", "junk"}),
    frozenset({"obstacle", "terrain"}),
)

BROADER = {"asteroid": "obstacle", "rock": "obstacle", "debris": "obstacle", "cloud": "obstacle"}
"""A kind of thing also finds the rules about its kind: the rules say "obstacle" where a player says "rock"."""

_SUFFIXES = frozenset({"s", "es", "d", "ed", "ped", "med", "ing", "ping", "ming", "ly"})
_WORD = re.compile(r"[a-z0-9]+")
MAX_GROUPS = 8


def _synonyms(word: str) -> tuple[str, ...]:
    """The word, the words of its synonym group (found on a crude stem: "landing" is "land"), its broader term."""
    for group in SYNONYMS:
        if word in group or any(word[len(w) :] in _SUFFIXES for w in group if word.startswith(w)):
            words = (word, *sorted(group - {word}))
            broader = [BROADER[w] for w in words if w in BROADER and BROADER[w] not in words]
            return (*words, *dict.fromkeys(broader))
    return (word, BROADER[word]) if word in BROADER else (word,)


def query_groups(text: str) -> Groups:
    """The query's meaningful words, each widened to its synonyms, in order, without repeats.

    Only ``[a-z0-9]`` words survive, so a group can be put into either database's query syntax as is.
    """
    groups: list[tuple[str, ...]] = []
    for word in _WORD.findall(text.lower()):
        if word in STOPWORDS or any(word in g for g in groups):
            continue
        groups.append(_synonyms(word))
    return tuple(groups[:MAX_GROUPS])


def _stem(word: str) -> str:
    """A crude stem for marking words (the database matched with a real stemmer): "mines" and "mine" mark alike."""
    for suffix in sorted(_SUFFIXES, key=len, reverse=True):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def mark(text: str, groups: Groups) -> SafeString:
    """``text`` escaped, with every word that a query word (or its synonym) matched in ``<mark>``."""
    stems = {_stem(w) for g in groups for w in g}

    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        hit = any(low.startswith(s) and len(low) - len(s) <= 4 for s in stems)
        return f"<mark>{escape(word)}</mark>" if hit else escape(word)

    out = []
    last = 0
    for m in re.finditer(r"[A-Za-z0-9]+", text):
        out.append(escape(text[last : m.start()]))
        out.append(one(m))
        last = m.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))
