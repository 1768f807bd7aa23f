"""Learn mode: questions read from the ruling's facts; generated variations at the edge of a rule."""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.learn.exercises import TOPICS, Exercise, Source, draw, pool
from rules.engine.learn.questions import NONE, questions
from rules.engine.learn.variations import legal_table, vary
from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario
from rules.library import examples

SEEDS = range(60)
DISTINCT = 30
"""Distinct exercises each topic must draw (the issue's bar); a topic's draws stop once it is met."""
CHECKED = 2
"""Every CHECKED-th generated exercise is checked against its ruling (each library one is, below)."""


@cache
def sources() -> tuple[Source, ...]:
    return tuple(Source.of(e.slug, e.title, e.scenario) for e in examples())


_rulings: dict[str, Ruling] = {}


def ruling_of(scenario: Scenario) -> Ruling:
    """The engine's ruling, asked of ``evaluate`` once per table in this test session (not learn's own cache)."""
    key = scenario.digest()
    if key not in _rulings:
        _rulings[key] = evaluate(scenario)
    return _rulings[key]


@cache
def drawn(topic: str) -> tuple[Exercise, ...]:
    """A topic's draws from seed 0 until DISTINCT distinct tables are in hand (shared by the tests)."""
    out: list[Exercise] = []
    seen: set[str] = set()
    for seed in SEEDS:
        ex = draw(topic, seed, sources())
        assert ex is not None
        out.append(ex)
        seen.add(ex.scenario.digest())
        if len(seen) >= DISTINCT:
            break
    return tuple(out)


def _facts(scenario, key):  # type: ignore[no-untyped-def]
    """The answer to a question, read again from the outcome here (independently of questions.py)."""
    o = ruling_of(scenario).outcome
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
    ruling = ruling_of(scenario)
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
        ruling = ruling_of(ex.scenario)
        qs = questions(ex.scenario, ruling)
        if ruling.warnings:
            assert qs == [], "a ruling with a warning is never asked"
            continue
        if qs:
            _check(ex.scenario, qs)
            asked += 1
    assert asked >= 90


def test_a_ruling_with_a_warning_is_never_asked() -> None:
    warned = [ex for ex in examples() if ruling_of(ex.scenario).warnings]
    assert warned, "the library has close calls"
    for ex in warned:
        assert questions(ex.scenario, ruling_of(ex.scenario)) == []


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_each_topic_draws_thirty_distinct_exercises_all_ruled_by_the_engine(topic: str) -> None:
    seen = set()
    generated = 0
    for ex in drawn(topic):
        assert ex.scenario.game == TOPICS[topic].game
        assert not ex.ruling.warnings, "no exercise is too close to call"
        seen.add(ex.scenario.digest())
        if not ex.generated:  # the library example itself: each is checked by the library test above
            assert ex.scenario.digest() in {s.scenario.digest() for s in sources()}
            continue
        generated += 1
        if generated % CHECKED == 1:  # a sample of the generated ones
            _check(ex.scenario, list(ex.questions))
            again = parse_scenario(ex.scenario.to_dict())
            assert again.digest() == ex.scenario.digest(), "a generated exercise parses back as itself"
            _on_the_table(ex.scenario)
    assert len(seen) >= DISTINCT
    assert generated, "generated variations are drawn too"


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
    base = questions(ex.scenario, ruling_of(ex.scenario))
    found = {"made": 0, "missed": 0}
    for i in range(12):
        v = vary(ex.scenario, random.Random(i))
        if v is None:
            continue
        assert 0.8 <= v.distance_mm <= 2.5
        assert legal_table(ex.scenario, v.scenario)
        vq = questions(v.scenario, ruling_of(v.scenario))
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
    whole = render_svg(ex.scenario, None, id_prefix="lq", zoom=False)
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


def _engine_order(ruling: Ruling) -> list[str]:
    """The order the engine resolves effects in: the sources of its ``effects``, first appearance first."""
    order: list[str] = []
    for e in ruling.outcome.get("effects") or []:
        if e["source"] not in order:
            order.append(e["source"])
    return order


def _xwing_moves_with_two_or_more_objects() -> list[Scenario]:
    out = []
    for ex in examples():
        s = ex.scenario
        objects = [p for p in s.pieces if p.kind in ("obstacle", "device")]
        if s.game == "xwing" and s.action["type"] in ("maneuver", "boost", "barrel-roll") and len(objects) >= 2:
            out.append(s)
    return out


def test_the_order_question_offers_whole_orders_and_only_the_engines_order_is_right() -> None:
    several = 0
    for s in _xwing_moves_with_two_or_more_objects():
        ruling = ruling_of(s)
        q = next((q for q in questions(s, ruling) if q.key == "resolves"), None)
        if q is None:
            continue
        order = _engine_order(ruling)
        assert (q.answer.split(">") if q.answer != NONE else []) == order, s.digest()
        values = [v for v, _ in q.choices]
        assert 2 <= len(values) <= 6 and NONE in values
        for v in values:  # every other order, a subset or the reverse included, is marked wrong
            assert (v == q.answer) == ((v.split(">") if v != NONE else []) == order)
        if len(order) >= 2:
            several += 1
            backwards = ">".join(reversed(order))
            assert backwards in values and backwards != q.answer, "the reversed order is offered, and wrong"
            for one in order:
                assert one in values, "each one alone is offered"
            assert ", then " in q.label(q.answer)
    assert several >= 2, "library moves that resolve two or more objects"


def test_generated_moves_through_two_objects_are_asked_the_engines_order() -> None:
    asked = 0
    for topic in ("xwing-obstacles", "xwing-devices"):
        for ex in drawn(topic):
            for q in ex.questions:
                if q.key == "resolves":
                    order = _engine_order(ruling_of(ex.scenario))
                    assert q.answer == (">".join(order) or NONE)
                    asked += 1
    assert asked >= 10


def test_a_ship_that_starts_on_an_asteroid_is_decided_by_the_start_overlap_exemption() -> None:
    by_slug = {e.slug: e.scenario for e in examples()}
    s = by_slug["xw-06-nose-on-rock-25"]  # 2.5: the template crosses the rock it started on
    ruling = ruling_of(s)
    q = next(q for q in questions(s, ruling) if q.key == "resolves")
    assert q.answer == NONE
    assert q.fact == "exempt_at_start:rock"
    step = ruling.steps[q.step - 1]
    assert q.rule == "xwing-2.5/obstacles/start-overlap" == step.rules[0]
    assert "rock" in step.highlight and "started on it" in step.title
    s20 = by_slug["xw-07-nose-on-rock-20"]  # 2.0 has no exemption: the asteroid's own effect decides
    q20 = next(q for q in questions(s20, ruling_of(s20)) if q.key == "resolves")
    assert q20.answer == "rock" and q20.rule == "xwing-2.0/obstacles/asteroid"


def _affected(o: dict) -> list[str]:  # type: ignore[type-arg]
    return sorted({s for d in o["detonations"] for s in d["affected"]})


def _fact_holds(ruling: Ruling, key: str, fact: str) -> bool:
    """The fact a question names is in the outcome (read here, not from questions.py)."""
    o = ruling.outcome
    name, _, value = fact.partition(":")
    reasons = o.get("reasons") or []
    if name == "effects":
        sources = _engine_order(ruling)
        return {"order": len(sources) > 1, "none": not sources}.get(value, value in sources)
    if name in ("exempt_at_start", "moved_through", "overlapping"):
        return value in o.get(name, [])
    if name == "executed":
        return o["executed"] == value
    if name == "skips_perform_action":
        return o[name] == (value != "no")
    if name == "counted_template_mm":
        return o[name] < o["template_mm"]
    if name in ("ignore_obstacles", "not_obstacle"):
        return not _engine_order(ruling)
    if name == "obstructed":  # Armada tells both ways (a flag); X-Wing, the obstacles every line crosses
        return bool(o["obstructed"]) == (value != "no") if "obstructed" in o else bool(o["obstructed_by"])
    if name == "obstacle-choice":
        return bool(o.get("line_choice")) and not o["obstructed_by"]
    if name == "range":
        if key == "can-attack":  # out of range: no band
            return o["range"] is None and not o["can_attack"]
        return o["range"] is not None
    if name in ("lands", "obstacle-lands"):
        return bool(o["placed"])
    if name in ("outside", "obstacle-outside", "limit", "decloaked"):
        return not o["placed"]
    if name in ("under", "overlapping_ships"):
        ships = o["under"] if key == "under" else o["overlapping_ships"]
        return value in ships if value != "none" else not ships
    if name == "affected":
        return value in _affected(o) if value != "none" else not _affected(o)
    if name == "legal":
        return o["legal"] == (value != "no")
    if name == "violations":
        return not o["legal"] and o["violations"][0]["rule"] == value
    # an attack that cannot be made: the first reason the outcome gives
    cannot = {
        "not-enemy": "/attack/enemy",
        "arc": "/attack/arc",
        "range-0-forbidden": "/attack/range-0",
        "on-obstacle": "/obstacles/range-0-attack",
        "in_arc": "/measuring/arc",
        "range_through_zone": "/measuring/through-hull-zone",
        "sight_blocked_by_zone": "/line-of-sight/other-hull-zone",
        "dust_fields": "/obstacles/dust-field-attack",
        "dice": "/attack/dice-by-range",
    }
    if name in cannot and key == "can-attack":
        return not o["can_attack"] and reasons[0].endswith(cannot[name])
    if name == "in_range":
        return not o["can_attack"] and o["range"] is None and o["distance"] is None and o["in_arc"]
    # Armada maneuvers
    if name == "executed_speed":
        return o["executed_speed"] < o["course_speed"]
    if name == "damaged_ships":
        return bool(o["damaged_ships"])
    if fact == "course_speed:changed":
        return o["course_speed"] != o["dialled_speed"]
    if name in ("tool_side", "course_speed"):  # the course as plotted decides: full speed, nobody damaged
        return o["executed_speed"] == o["course_speed"] if key == "speed" else not o["damaged_ships"]
    raise AssertionError(fact)


def _fact_clause(scenario: Scenario, ruling: Ruling, key: str, fact: str) -> str | None:
    """The clause the outcome itself gives the deciding fact, where it gives one: an effect's rule, the
    range rule, the first reason an attack cannot be made, the first rule a move breaks, the ram's."""
    o = ruling.outcome
    name, _, value = fact.partition(":")
    if name == "effects" and value not in ("order", "none"):
        return next(e["rule"] for e in o["effects"] if e["source"] == value)
    if key == "range":
        return f"xwing-{scenario.edition}/attack/range" if scenario.game == "xwing" else "armada-1.5/measuring/range"
    if key == "can-attack" and fact != "in_range:no":  # a ship out of range: its range step, no declare clause
        return str(o["reasons"][0])
    if key == "legal" and not o["legal"]:
        return str(o["violations"][0]["rule"])
    if fact == "damaged_ships" and key == "damaged":
        return "armada-1.5/overlapping/closest-ship"
    if fact == "executed_speed":
        return "armada-1.5/overlapping/ship-onto-ship"
    if fact == "course_speed:changed":
        return next(e["rule"] for e in o["effects"] if e["trigger"] == "determine-course")
    return None


def _decided_by_its_fact(scenario: Scenario, q) -> None:  # type: ignore[no-untyped-def]
    ruling = ruling_of(scenario)
    step = ruling.steps[q.step - 1]
    assert q.fact, "every question names the fact that decides it"
    assert q.fact in step.states, (q.key, q.fact)
    assert not any(q.fact in s.states for s in ruling.steps[: q.step - 1]), "the first step stating it"
    assert _fact_holds(ruling, q.key, q.fact), (q.key, q.fact)
    assert q.rule in step.rules
    if (clause := _fact_clause(scenario, ruling, q.key, q.fact)) is not None:
        assert q.rule == clause, "the highlighted clause is the clause of the deciding fact"


def test_every_library_question_is_decided_by_the_step_stating_its_fact() -> None:
    by_family: dict[tuple[str, str, str], int] = {}
    for ex in examples():
        ruling = ruling_of(ex.scenario)
        for q in questions(ex.scenario, ruling, strict=True):  # strict: a fact no step states raises
            _decided_by_its_fact(ex.scenario, q)
            family = (ex.scenario.game, ex.scenario.action["type"], q.key)
            by_family[family] = by_family.get(family, 0) + 1
    assert sum(by_family.values()) >= 200
    for family in [
        ("xwing", "detonate", "affected"),
        ("xwing", "place-obstacle", "overlapping"),
        ("xwing", "drop", "under"),
        ("xwing", "attack", "can-attack"),
        ("xwing", "check-setup", "legal"),
        ("armada", "attack", "obstructed"),
        ("armada", "attack", "can-attack"),
        ("armada", "move-obstacle", "legal"),
        ("armada", "place-squadrons", "legal"),
    ]:
        assert by_family.get(family), family


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_the_deciding_step_states_the_fact_that_decides_the_answer(topic: str) -> None:
    generated = 0
    for ex in drawn(topic):
        assert [(q.key, q.fact) for q in ex.questions] == [
            (q.key, q.fact) for q in questions(ex.scenario, ruling_of(ex.scenario), strict=True)
        ], "nothing was dropped for want of a stated fact"
        for q in ex.questions:
            _decided_by_its_fact(ex.scenario, q)
        generated += ex.generated
    assert generated, "generated exercises are checked too"


def test_a_question_whose_fact_no_step_states_is_not_asked() -> None:
    from dataclasses import replace

    from rules.engine.learn.questions import Undecided

    for slug in ("xw-01-through-asteroid-25", "ak-01-asteroid-between", "dv-11-bombs-detonate"):
        s = next(e.scenario for e in examples() if e.slug == slug)
        ruling = ruling_of(s)
        untold = replace(ruling, steps=tuple(replace(st, states=()) for st in ruling.steps))
        assert questions(s, ruling), slug
        assert questions(s, untold) == [], "no guessing by clause ids"
        with pytest.raises(Undecided):
            questions(s, untold, strict=True)


def _asked(slug: str, key: str):  # type: ignore[no-untyped-def]
    s = next(e.scenario for e in examples() if e.slug == slug)
    ruling = ruling_of(s)
    q = next(q for q in questions(s, ruling, strict=True) if q.key == key)
    return q, ruling.steps[q.step - 1]


def test_hand_checked_deciding_steps() -> None:
    # a bomb detonation: the proton bomb's blast reaches ship A
    q, step = _asked("dv-11-bombs-detonate", "affected")
    assert (q.answer, q.fact, q.rule) == ("a", "affected:a", "xwing-2.5/bomb/detonation")
    assert step.title == "Proton Bomb detonates: Small ship A in reach"
    # a placed obstacle: loose cargo under ships A and B; the first ship overlapping it decides
    q, step = _asked("xw-17-loose-cargo-under-enemy", "overlapping")
    assert (q.answer, q.fact, q.rule) == ("a>b", "overlapping_ships:a", "xwing-2.5/obstacles/placed-under")
    assert step.title == "Small ship A overlaps it and resolves its effect"
    # loose cargo dropped by a cargo chute lands under the TIE
    q, step = _asked("dv-15-cargo-chute-drop", "under")
    assert (q.answer, q.fact) == ("tie", "overlapping_ships:tie")
    assert step.title == "TIE fighter overlaps it and resolves its effect"
    # an X-Wing attack that cannot be made: range 0 in 2.0; a friendly defender
    q, step = _asked("xw-25-range-0-attack-20", "can-attack")
    assert (q.answer, q.fact, q.rule) == ("no", "range-0-forbidden", "xwing-2.0/attack/range-0")
    assert step.title == "No attack at range 0 in 2.0"
    q, step = _asked("xw-36-friendly-defender", "can-attack")
    assert (q.fact, q.rule) == ("not-enemy", "xwing-2.5/attack/enemy")
    # Armada: an obstructed attack; an attack out of arc
    q, step = _asked("ak-01-asteroid-between", "obstructed")
    assert (q.answer, q.fact, q.rule) == ("yes", "obstructed", "armada-1.5/line-of-sight/obstructed")
    assert step.title == "Obstructed"
    q, step = _asked("ak-09-out-of-arc", "can-attack")
    assert (q.fact, q.rule) == ("in_arc:no", "armada-1.5/measuring/arc")
    assert "outside the front firing arc" in step.title
    # "does it skip its action: no": ignoring obstacles says so; a tallon roll that meets nothing goes on
    q, step = _asked("xw-39-ignoring-obstacles", "skip")
    assert (q.answer, q.fact) == ("no", "skips_perform_action:no")
    assert step.title.startswith("It ignores obstacles while it moves")
    q, step = _asked("xw-18-tallon-choose-clear", "skip")
    assert (q.answer, q.fact, step.title) == ("no", "skips_perform_action:no", "Nothing else happens")
    q, step = _asked("xw-18-tallon-choose-clear", "executed")
    assert (q.fact, q.rule) == ("executed:full", "xwing-2.5/maneuver/tallon")
    # a huge ship on an asteroid removes it and does not skip
    q, step = _asked("xw-30-huge-ship-on-asteroid", "skip")
    assert (q.answer, q.fact, q.rule) == ("no", "skips_perform_action:no", "xwing-2.5/obstacles/huge-ships")
    # a mine after an asteroid: the mine's step cites the rule that puts obstacles first
    q, step = _asked("xw-14-mine-and-asteroid", "resolves")
    assert (q.answer, q.fact, q.rule) == ("rock>mine", "effects:order", "xwing-2.5/device/effect-order")
    assert step.title == "Proximity Mine takes effect"
    # a setup that breaks the spacing rule
    q, step = _asked("xw-28-setup-violations", "legal")
    assert (q.answer, q.fact) == ("no", "violations:xwing-2.5/setup/place-obstacles")
    assert step.title.startswith("Asteroid A and Asteroid B are 35.0 mm apart")


@pytest.mark.parametrize("topic", ["armada-obstacles", "armada-overlapping"])
def test_a_legality_question_highlights_the_step_citing_the_rule_broken(topic: str) -> None:
    asked = 0
    for ex in drawn(topic):
        violations = ruling_of(ex.scenario).outcome.get("violations") or []
        for q in ex.questions:
            if q.key == "legal" and violations and isinstance(violations[0], dict) and violations[0].get("rule"):
                assert q.rule == violations[0]["rule"]
                assert q.rule in ruling_of(ex.scenario).steps[q.step - 1].rules
                asked += 1
    assert asked


def test_a_ship_in_the_line_is_not_an_obstacle_obstructing() -> None:
    by_slug = {e.slug: e.scenario for e in examples()}
    s = by_slug["xw-43-obstructed-by-a-ship-only"]  # 2.5: the ship obstructs, but gives no die
    ruling = ruling_of(s)
    q = next(q for q in questions(s, ruling) if q.key == "obstructed")
    assert "obstacle" in q.text and q.answer == "no"
    assert q.fact == "range", "decided by the range line, which crosses no obstacle"
    s2 = by_slug["xw-20-obstructed-twice"]
    q2 = next(q for q in questions(s2, ruling_of(s2)) if q.key == "obstructed")
    assert q2.answer == "yes" and q2.fact == "obstructed" and q2.rule == "xwing-2.5/obstructed/measure"


def test_a_gravity_rift_that_sets_the_course_speed_decides_the_speed() -> None:
    s = next(e.scenario for e in examples() if e.slug == "am-24-gravity-rift-slows-mine-resolves")
    ruling = ruling_of(s)
    q = next(q for q in questions(s, ruling) if q.key == "speed")
    assert q.answer == str(ruling.outcome["executed_speed"]) != str(ruling.outcome["dialled_speed"])
    assert q.fact == "course_speed:changed"
    assert q.rule == "armada-1.5/obstacles/gravity-rift-course"
