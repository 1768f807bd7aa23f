"""2.5 range-0 attacks (what the restriction says, what decides a refusal) and attacking from loose cargo."""

from __future__ import annotations

from tests.engine.helpers import rect, rule, ship

ATTACK = {"type": "attack", "attacker": "a", "defender": "d", "arc": "front"}
TOUCHING = [ship("a", 400, 200), ship("d", 400, 240, player=2)]


def test_range_0_step_says_the_defenders_dice_are_protected_too() -> None:
    r = rule(TOUCHING, ATTACK)
    assert r.outcome["can_attack"] and r.outcome["reasons"] == ["xwing-2.5/attack/range-0"]
    step = next(s for s in r.steps if "xwing-2.5/attack/range-0" in s.rules)
    assert "cannot cancel or modify the defender's dice" in step.text


def test_a_refused_range_0_attack_is_refused_by_the_obstacle_not_the_permissive_clause() -> None:
    r = rule([*TOUCHING, rect("rock", 390, 170, 410, 190)], ATTACK)
    assert not r.outcome["can_attack"]
    assert r.outcome["reasons"] == ["xwing-2.5/obstacles/range-0-attack"]


def test_attacking_from_loose_cargo_is_marked_an_open_question() -> None:
    r = rule(
        [ship("a", 400, 200), ship("d", 400, 390, player=2), rect("cargo", 390, 170, 410, 190, "loose-cargo")], ATTACK
    )
    assert r.outcome["can_attack"]
    (step,) = [s for s in r.steps if "xwing-2.5/obstacles/loose-cargo" in s.rules]
    assert step.derived and "open question" in step.title and step.other_edition
    r20 = rule(
        [ship("a", 400, 200), ship("d", 400, 390, player=2), rect("cargo", 390, 170, 410, 190, "loose-cargo")],
        ATTACK,
        edition="2.0",
    )
    assert not [s for s in r20.steps if "xwing-2.0/obstacles/loose-cargo" in s.rules]


INTERNAL = ("seed", ".txt", "reference/", ".md", "§", ".json")


def test_x_wing_clause_summaries_use_no_internal_words() -> None:
    from rules.engine.clauses import all_clauses

    leaks = [
        c.id
        for c in all_clauses()
        if c.game == "xwing" and any(w in f"{c.summary} {c.quote} {c.document} {c.version}" for w in INTERNAL)
    ]
    assert leaks == []


def test_picture_labels_of_placed_devices_are_names_not_ids() -> None:
    drop = {"type": "drop", "ship": "a", "device": {"id": "zq9x", "type": "cluster-mine"}}
    r = rule([ship("a", 400, 400, label="TIE bomber")], drop)
    labels = [f.label for f in r.figures if f.kind == "device"]
    assert labels == ["cluster mine 1", "cluster mine 2", "cluster mine 3"]
    bomb = {"id": "zq8x", "kind": "device", "type": "blazer-bomb", "x": 400, "y": 300, "heading": 0, "label": "Blazer"}
    det = rule([ship("a", 400, 400), bomb], {"type": "detonate"})
    assert not [f.label for f in det.figures if "zq8x" in f.label]
