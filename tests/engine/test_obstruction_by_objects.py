"""Obstruction by every object (RRG Obstructed): ships, devices and remotes obstruct with no inherent effect."""

from __future__ import annotations

import pytest

from tests.engine.helpers import rect, rule, ship

ATTACK = {"type": "attack", "attacker": "a", "defender": "d", "arc": "front"}
# a's front-right corner (420, 220) to d's rear-left corner (440, 370): one shortest line, no choice.
A, D = ship("a", 400, 200), ship("d", 460, 390, player=2)


def _steps_citing(ruling, clause: str) -> list:
    return [s for s in ruling.steps if clause in s.rules]


def test_a_ship_in_the_way_obstructs_without_a_die() -> None:
    r = rule([A, D, ship("x", 430, 295, player=1)], ATTACK)
    o = r.outcome
    assert o["obstructing"] == [{"id": "x", "kind": "ship"}]
    assert o["obstructed_by"] == [] and o["defense_bonus_dice"] == 0 and o["can_attack"]
    (step,) = _steps_citing(r, "xwing-2.5/obstructed/objects")
    assert "no extra defense die" in step.title and "x" in step.highlight
    assert step.other_edition and "v1.0.x" in step.other_edition
    assert "no extra defense die" in r.summary


def test_obstacles_and_other_objects_are_all_listed_but_only_obstacles_give_the_die() -> None:
    pieces = [
        A,
        D,
        rect("mine", 415, 225, 425, 235, type="proximity-mine", kind="device", player=2),
        rect("rock", 425, 255, 440, 270),
        ship("x", 436, 335, player=2),
    ]
    o = rule(pieces, ATTACK).outcome
    assert o["obstructing"] == [
        {"id": "rock", "kind": "obstacle"},
        {"id": "x", "kind": "ship"},
        {"id": "mine", "kind": "device"},
    ]
    assert o["obstructed_by"] == ["rock"] and o["defense_bonus_dice"] == 1
    assert o["lines"][0]["obstructing"] == [
        {"id": "rock", "kind": "obstacle"},
        {"id": "x", "kind": "ship"},
        {"id": "mine", "kind": "device"},
    ]


def test_a_remote_obstructs_as_a_remote() -> None:
    remote = {"id": "buzz", "kind": "remote", "type": "buzz-droid-swarm", "x": 430, "y": 295, "heading": 0, "player": 2}
    o = rule([A, D, remote], ATTACK).outcome
    assert o["obstructing"] == [{"id": "buzz", "kind": "remote"}] and o["defense_bonus_dice"] == 0


@pytest.mark.parametrize(("dx", "obstructs"), [(0.0, False), (-2.0, True)])
def test_a_corner_touching_the_line_does_not_obstruct(dx: float, obstructs: bool) -> None:
    # the line passes through (430, 295); this device's corner sits exactly there, the rest to its right
    dev = rect("bomb", 430 + dx, 275, 450 + dx, 295, type="proton-bomb", kind="device")
    o = rule([A, D, dev], ATTACK).outcome
    assert bool(o["obstructing"]) is obstructs
    assert o["defense_bonus_dice"] == 0


def test_the_attacker_and_defender_never_obstruct_even_at_range_0() -> None:
    o = rule([ship("a", 400, 200), ship("d", 400, 240, player=2)], ATTACK).outcome
    assert o["range"] == 0 and o["obstructing"] == []


def test_a_huge_ship_in_the_way_gives_the_defender_a_die() -> None:
    r = rule(
        [ship("a", 400, 150), ship("d", 400, 430, player=2), ship("cr90", 400, 290, heading=90, size="huge")], ATTACK
    )
    o = r.outcome
    assert o["obstructing"] == [{"id": "cr90", "kind": "ship"}]
    assert o["obstructed_by"] == [] and o["defense_bonus_dice"] == 1
    assert _steps_citing(r, "xwing-2.5/huge-ships/obstructs")


def test_a_clear_line_lets_the_attacker_choose_not_to_be_obstructed_by_a_ship() -> None:
    # parallel bases: a ship covers only the left part of the strip between them
    pieces = [
        ship("a", 400, 200),
        ship("d", 400, 390, player=2),
        rect("mine", 370, 280, 395, 290, "proximity-mine", "device"),
    ]
    r = rule(pieces, ATTACK)
    assert r.outcome["line_choice"] is True and r.outcome["obstructing"] == []
    assert _steps_citing(r, "xwing-2.5/obstructed/objects")


def test_2_0_obstruction_by_a_ship_says_what_the_first_2_0_rules_said() -> None:
    r = rule([A, D, ship("x", 430, 295, player=1)], ATTACK, edition="2.0")
    assert r.outcome["obstructing"] == [{"id": "x", "kind": "ship"}]
    (step,) = _steps_citing(r, "xwing-2.0/obstructed/objects")
    assert "v1.0.x" in step.text and step.other_edition == "The same in 2.5."


@pytest.mark.parametrize(("x0", "obstructs"), [(420.0, False), (419.0, True)])
def test_a_line_along_an_edge_does_not_obstruct(x0: float, obstructs: bool) -> None:
    # offset parallel bases: the only shortest lines run at x = 410..420; an object whose left edge
    # lies on x = 420 only touches the line along that edge
    pieces = [
        ship("a", 400, 200),
        ship("d", 430, 390, player=2),
        rect("pb", x0, 260, x0 + 20, 300, "proton-bomb", "device"),
    ]
    o = rule(pieces, ATTACK).outcome
    lines = o["lines"]
    assert any(ln["from"][0] == pytest.approx(420.0) for ln in lines)
    on_edge = [ln for ln in lines if ln["from"][0] == pytest.approx(420.0)]
    assert bool(on_edge[0]["obstructing"]) is obstructs


def test_the_pictured_line_names_the_ship_it_crosses() -> None:
    r = rule([A, D, ship("x", 430, 295, player=1, label="Y-wing")], ATTACK)
    (line,) = [f for f in r.figures if f.id == "line-1"]
    assert "crosses Y-wing" in line.label
