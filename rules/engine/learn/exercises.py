"""Exercises by topic, drawn deterministically from a seed: a library example or a variation of one."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from rules.engine.errors import ScenarioError
from rules.engine.learn.questions import Question, questions
from rules.engine.learn.ruled import ruled
from rules.engine.learn.variations import vary
from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario, parse_scenario

LIBRARY_SHARE = 0.3
"""How often a draw is the library example itself rather than a variation of it."""
VARY_TRIES = 3


@dataclass(frozen=True)
class Source:
    """A library example as the exercises see it (the engine does not import the web app's library)."""

    slug: str
    title: str
    scenario: Scenario = field(compare=False)
    digest: str = ""
    """Tells two versions of an example apart in the caches (the scenario itself is not hashable)."""

    @classmethod
    def of(cls, slug: str, title: str, scenario: Scenario) -> Source:
        return cls(slug, title, scenario, scenario.digest())


@dataclass(frozen=True)
class Topic:
    slug: str
    game: str
    title: str
    accepts: Callable[[Scenario], bool]


def _kinds(s: Scenario) -> set[str]:
    return {p.kind for p in s.pieces}


XWING_MOVES = ("maneuver", "boost", "barrel-roll", "rotate")
XWING_DEVICE_ACTIONS = ("drop", "launch", "relocate-device", "detonate")

TOPICS: dict[str, Topic] = {
    t.slug: t
    for t in (
        Topic(
            "xwing-obstacles",
            "xwing",
            "Obstacles",
            lambda s: (
                (s.action["type"] in XWING_MOVES and "obstacle" in _kinds(s))
                or s.action["type"] in ("place-obstacle", "check-setup")
            ),
        ),
        Topic(
            "xwing-devices",
            "xwing",
            "Bombs and mines",
            lambda s: (
                s.action["type"] in XWING_DEVICE_ACTIONS or (s.action["type"] in XWING_MOVES and "device" in _kinds(s))
            ),
        ),
        Topic("xwing-attacks", "xwing", "Attacks through obstacles", lambda s: s.action["type"] == "attack"),
        Topic("xwing-mixed", "xwing", "Mixed", lambda s: True),
        Topic(
            "armada-overlapping",
            "armada",
            "Overlapping",
            lambda s: s.action["type"] in ("maneuver", "place-squadrons", "move-squadron"),
        ),
        Topic(
            "armada-obstacles",
            "armada",
            "Obstacle and token movement",
            lambda s: s.action["type"] in ("move-obstacle", "move-token"),
        ),
        Topic("armada-attacks", "armada", "Attacks: arc, range, line of sight", lambda s: s.action["type"] == "attack"),
        Topic("armada-mixed", "armada", "Mixed", lambda s: True),
    )
}


@dataclass(frozen=True)
class Exercise:
    topic: str
    seed: int
    edition: str
    source: Source
    scenario: Scenario
    ruling: Ruling
    questions: tuple[Question, ...]
    moved: str | None = None
    """For a generated exercise: the piece moved to the edge of its rule."""
    side: str | None = None
    distance_mm: float | None = None
    unpractised: bool = False
    """Asked to practise rules no library example of the topic decides: this one is any of the topic's."""

    @property
    def generated(self) -> bool:
        return self.moved is not None


def _in_edition(scenario: Scenario, edition: str | None) -> Scenario | None:
    if edition is None or scenario.edition == edition:
        return scenario
    doc = scenario.to_dict()
    doc["edition"] = edition
    try:
        return parse_scenario(doc)
    except ScenarioError:
        return None


@lru_cache(maxsize=64)
def _pool(topic: str, edition: str | None, sources: tuple[Source, ...]) -> tuple[tuple[Source, Scenario], ...]:
    t = TOPICS[topic]
    out = []
    for src in sources:
        if src.scenario.game != t.game:
            continue
        s = _in_edition(src.scenario, edition)
        if s is None or not t.accepts(s) or not questions(s, ruled(s)):
            continue
        out.append((src, s))
    return tuple(out)


def pool(topic: str, edition: str | None, sources: Sequence[Source]) -> tuple[tuple[Source, Scenario], ...]:
    """The library examples a topic draws on, in the chosen edition, each with at least one question."""
    return _pool(topic, edition, tuple(sources))


def _exercise(topic: str, seed: int, edition: str, src: Source, s: Scenario, **extra: Any) -> Exercise:
    ruling = ruled(s)
    return Exercise(topic, seed, edition, src, s, ruling, tuple(questions(s, ruling)), **extra)


@lru_cache(maxsize=512)
def _draw(
    topic: str,
    seed: int,
    edition: str | None,
    sources: tuple[Source, ...],
    like: str | None,
    rules: tuple[str, ...],
) -> Exercise | None:
    candidates = pool(topic, edition, sources)
    if like is not None:
        candidates = tuple(c for c in candidates if c[0].slug == like)
    unpractised = False
    if rules:
        practising = tuple(c for c in candidates if any(q.rule in rules for q in questions(c[1], ruled(c[1]))))
        # a rule only generated variations decide: no example practises it alone, so any exercise of the topic
        unpractised = not practising
        candidates = practising or candidates
    if not candidates:
        return None
    rng = random.Random(f"{topic}|{edition}|{like}|{','.join(rules)}|{seed}")
    src, s = candidates[rng.randrange(len(candidates))]
    ed = s.edition
    if unpractised:
        return replace(_exercise(topic, seed, ed, src, s), unpractised=True)
    if rules or rng.random() < LIBRARY_SHARE:
        return _exercise(topic, seed, ed, src, s)
    for _ in range(VARY_TRIES):
        v = vary(s, rng)
        if v is not None:
            return _exercise(topic, seed, ed, src, v.scenario, moved=v.moved, side=v.side, distance_mm=v.distance_mm)
        src, s = candidates[rng.randrange(len(candidates))]  # no edge found on that table: another example
    return _exercise(topic, seed, s.edition, src, s)


def draw(
    topic: str,
    seed: int,
    sources: Sequence[Source],
    *,
    edition: str | None = None,
    like: str | None = None,
    rules: Sequence[str] = (),
) -> Exercise | None:
    """The exercise for this seed: the same arguments always give the same exercise.

    ``like`` keeps to one library example (its variations: "another like this"); ``rules`` keeps
    to library examples with a question decided by one of those clauses ("practise my weak rules").
    """
    if topic not in TOPICS:
        raise KeyError(topic)
    return _draw(topic, seed, edition, tuple(sources), like, tuple(sorted(rules)))
