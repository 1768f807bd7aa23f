"""Learn mode: questions read from the ruling's facts; generated variations at the edge of a rule."""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.learn.exercises import TOPICS, Source, draw, pool
from rules.engine.learn.questions import NONE, questions
from rules.engine.learn.variations import legal_table, vary
from rules.library import examples

SEEDS = range(40)


@cache
def sources() -> tuple[Source, ...]:
    return tuple(Source.of(e.slug, e.title, e.scenario) for e in examples())


def _facts(scenario, key):  # type: ignore[no-untyped-def]
    """The answer to a question, read again from the outcome here (independently of questions.py)."""
    o = evaluate(scenario).outcome
    yn = {True: "yes", False: "no"}
    if key == "executed":
        return yn[o["executed"] == "full"]
    if key == "skip":
        return yn[bool(o["skips_perform_action"])]
    if key == "resolves":
        order: list[str] = []
        for e in o["effects"]:
            if e["source"] not in order:
                order.append(e["source"])
        return ">".join(order) or NONE
    if key == "obstructed":
        return yn[bool(o["obstructed_by"])]
    if key == "range":
        return str(o["range"])
    if key == "can-attack":
        return yn[bool(o["can_attack"])]
    if key == "placed":
        return yn[bool(o["placed"])]
    if key == "under":
        return ">".join(sorted(o["under"])) or NONE
    if key == "affected":
        hit = sorted({s for d in o["detonations"] for s in d["affected"]})
        return ">".join(hit) or NONE
    if key == "overlapping":
        return ">".join(sorted(o["overlapping_ships"])) or NONE
    if key == "legal":
        return yn[bool(o["legal"])]
    if key == "speed":
        return str(o["executed_speed"])
    if key == "damaged":
        return set(o["damaged_ships"])
    raise AssertionError(key)


def _on_the_table(scenario) -> None:  # type: ignore[no-untyped-def]
    from rules.engine import games

    game = games.get(scenario.game)
    w, h = scenario.table
    for p in scenario.pieces:
        x0, y0, x1, y1 = (game.in_play or game.outline)(p).bounds
        assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, p.id


def _check(scenario, qs) -> None:  # type: ignore[no-untyped-def]
    assert qs, "an exercise asks at least one question"
    assert 1 <= len(qs) <= 3
    ruling = evaluate(scenario)
    for q in qs:
        assert q.answer in dict(q.choices)
        assert len(dict(q.choices)) == len(q.choices), "choices are distinct"
        want = _facts(scenario, q.key)
        got = set(q.answer.split(">")) - {NONE} if q.key == "damaged" else q.answer
        assert got == want, (q.key, q.text)
        assert 1 <= q.step <= len(ruling.steps)
        assert q.rule in ruling.steps[q.step - 1].rules, "the cited rule is the deciding step's"


def test_every_library_question_is_the_engines_ruling() -> None:
    asked = 0
    for ex in examples():
        ruling = evaluate(ex.scenario)
        qs = questions(ex.scenario, ruling)
        if ruling.warnings:
            assert qs == [], "a ruling with a warning is never asked"
            continue
        if qs:
            _check(ex.scenario, qs)
            asked += 1
    assert asked >= 90


def test_a_ruling_with_a_warning_is_never_asked() -> None:
    warned = [ex for ex in examples() if evaluate(ex.scenario).warnings]
    assert warned, "the library has close calls"
    for ex in warned:
        assert questions(ex.scenario, evaluate(ex.scenario)) == []


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_each_topic_draws_thirty_distinct_exercises_all_ruled_by_the_engine(topic: str) -> None:
    seen = set()
    for seed in SEEDS:
        ex = draw(topic, seed, sources())
        assert ex is not None
        assert ex.scenario.game == TOPICS[topic].game
        assert not ex.ruling.warnings, "no exercise is too close to call"
        seen.add(ex.scenario.digest())
        if ex.generated or seed % 5 == 0:  # every generated one, and a sample of library ones
            _check(ex.scenario, list(ex.questions))
            again = parse_scenario(ex.scenario.to_dict())
            assert again.digest() == ex.scenario.digest(), "a generated exercise parses back as itself"
            _on_the_table(ex.scenario)
    assert len(seen) >= 30


def test_a_draw_is_deterministic_from_its_seed() -> None:
    a = draw("xwing-obstacles", 7, sources())
    from rules.engine.learn import exercises

    exercises._draw.cache_clear()
    b = draw("xwing-obstacles", 7, sources())
    assert a is not None and b is not None
    assert a.scenario.digest() == b.scenario.digest()
    assert [q.answer for q in a.questions] == [q.answer for q in b.questions]


def test_a_variation_sits_just_past_or_just_short_of_the_edge() -> None:
    ex = next(e for e in examples() if e.slug == "xw-01-through-asteroid-25")
    base = questions(ex.scenario, evaluate(ex.scenario))
    found = {"made": 0, "missed": 0}
    for i in range(12):
        v = vary(ex.scenario, random.Random(i))
        if v is None:
            continue
        assert 0.8 <= v.distance_mm <= 2.5
        assert legal_table(ex.scenario, v.scenario)
        vq = questions(v.scenario, evaluate(v.scenario))
        same = [(q.key, q.answer) for q in vq] == [(q.key, q.answer) for q in base]
        assert same == (v.side == "missed")
        found[v.side] += 1
    assert found["made"] and found["missed"]


def test_a_starting_overlap_is_not_a_legal_table() -> None:
    ex = next(e for e in examples() if e.slug == "xw-01-through-asteroid-25")
    doc = ex.scenario.to_dict()
    ship = next(p for p in doc["pieces"] if p["id"] == "a")
    rock = next(p for p in doc["pieces"] if p["id"] == "rock")
    rock["x"], rock["y"] = ship["x"], ship["y"]
    assert not legal_table(ex.scenario, parse_scenario(doc))


def test_weak_rules_keep_to_exercises_that_practise_them() -> None:
    rule = "xwing-2.5/obstacles/order"
    ex = draw("xwing-obstacles", 3, sources(), rules=[rule])
    assert ex is not None
    assert any(q.rule == rule for q in ex.questions)


def test_the_edition_filter_rules_each_table_in_that_edition() -> None:
    assert pool("xwing-obstacles", "2.0", sources())
    for seed in range(10):
        ex = draw("xwing-obstacles", seed, sources(), edition="2.0")
        assert ex is not None and ex.scenario.edition == "2.0"


def test_the_picture_before_the_action_frames_the_pieces_and_draws_nothing_computed() -> None:
    from rules.engine import render_svg
    from rules.engine.learn.picture import before_picture

    ex = next(e for e in examples() if e.slug == "xw-03-lands-on-asteroid")
    before = before_picture(ex.scenario, evaluate(ex.scenario))
    whole = render_svg(ex.scenario, None, id_prefix="lq")
    ruled = render_svg(ex.scenario, evaluate(ex.scenario), id_prefix="lq")
    assert 'viewBox="-20 -20' in whole and 'viewBox="-20 -20' not in before, "zoomed on the pieces"
    assert "template" in ruled and "template" not in before, "no template, no final position: no answer given away"


def test_the_action_in_words_names_the_move_and_not_its_outcome() -> None:
    from rules.engine.learn.words import action_words

    by_slug = {e.slug: e.scenario for e in examples()}
    assert action_words(by_slug["xw-03-lands-on-asteroid"]) == "X-wing executes a [2 straight] maneuver."
    assert "decloaks" in action_words(by_slug["xw-26-decloak-through-asteroid"])
    assert "speed 3" in action_words(by_slug["am-02-ram-speed-3-to-2"])


def test_a_move_to_the_position_shown_shows_that_position_and_not_the_legal_region() -> None:
    from rules.engine import render_svg
    from rules.engine.learn.picture import before_picture

    ex = next(e for e in examples() if e.slug == "am-21-obstacle-onto-ship-carries-token")
    ruling = evaluate(ex.scenario)
    before = before_picture(ex.scenario, ruling)
    ruled = render_svg(ex.scenario, ruling, id_prefix="lq")
    moved = ex.scenario.piece(ex.scenario.action["obstacle"]).label  # its name as the picture shows it
    assert f"{moved} moved" in before and "end of distance" in before, (
        "where it goes, and the ruler it is measured with"
    )
    for figure in ("lq-region-3", "lq-blocked-a-2"):
        assert f'id="{figure}"' in ruled
        assert f'id="{figure}"' not in before
    assert 'id="lq-final"' in before
