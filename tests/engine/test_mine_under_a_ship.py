"""A mine dropped, placed or relocated under a ship detonates: what the ship suffers, with the dice's odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.engine.helpers import rule, ship

DROP = {"type": "drop", "ship": "a", "device": {"id": "mine", "type": "proximity-mine"}}
UNDER_ONE = [ship("a", 400, 400, label="TIE bomber"), ship("b", 400, 300, player=2, label="X-wing")]


@pytest.mark.parametrize("edition", ["2.0", "2.5"])
def test_a_proximity_mine_dropped_under_a_ship_deals_1_hit_and_rolls_2_dice(edition: str) -> None:
    r = rule(UNDER_ONE, DROP, edition=edition)
    (effect,) = r.outcome["effects"]
    assert effect["source"] == "mine" and effect["ship"] == "b" and effect["trigger"] == "overlap"
    assert effect["rule"] == f"xwing-{edition}/device-card/proximity-mine"
    assert "1 hit damage" in effect["text"] and "2 attack dice" in effect["text"]
    assert sum(Fraction(b["odds"]) for b in effect["branches"]) == 1
    assert {"result": "nothing more", "probability": 0.25, "odds": "1/4"} in effect["branches"]
    step = next(s for s in r.steps if f"xwing-{edition}/device-card/proximity-mine" in s.rules and "X-wing" in s.title)
    assert "1 hit damage" in step.text and "(1/4)" in step.text and "removed" in step.text


def test_the_dice_given_decide_the_outcome() -> None:
    hits = rule(UNDER_ONE, DROP, dice={"mine": ["hit", "crit"]}).outcome["effects"][0]
    blanks = rule(UNDER_ONE, DROP, dice={"mine": ["blank", "focus"]}).outcome["effects"][0]
    assert hits["rolled"] == ["hit", "crit"] and "hit damage" in hits["result"] and "critical" in hits["result"]
    assert blanks["result"] == "nothing more"
    assert "rolled hit, crit" in rule(UNDER_ONE, DROP, dice={"mine": ["hit", "crit"]}).summary


def test_under_two_ships_the_placer_chooses_which_suffers_it() -> None:
    pieces = [ship("a", 400, 400), ship("b", 375, 300, player=2), ship("c", 425, 300, player=2)]
    (effect,) = rule(pieces, DROP).outcome["effects"]
    assert effect["ship"] is None and effect["choose_from"] == ["b", "c"]


def test_a_conner_net_has_a_fixed_effect_and_no_dice() -> None:
    drop = {"type": "drop", "ship": "a", "device": {"id": "net", "type": "conner-net"}}
    (effect,) = rule(UNDER_ONE, drop).outcome["effects"]
    assert "3 ion" in effect["text"] and "branches" not in effect


def test_a_bomb_under_a_ship_has_no_effect_yet() -> None:
    drop = {"type": "drop", "ship": "a", "device": {"id": "pb", "type": "proton-bomb"}}
    assert "effects" not in rule(UNDER_ONE, drop).outcome


def test_a_fused_mine_relocated_under_a_ship_loses_a_fuse_instead() -> None:
    mine = {"id": "m", "kind": "device", "type": "proximity-mine", "x": 400, "y": 600, "heading": 0, "fuses": 1}
    action = {"type": "relocate-device", "device": "m", "to": {"x": 400, "y": 300, "heading": 0}}
    o = rule([*UNDER_ONE, mine], action).outcome
    assert o["under"] == ["b"] and o["detonates"] is False
    assert o["effects"] == [
        {
            "source": "m",
            "name": "Proximity Mine",  # the piece as the reader sees it
            "trigger": "overlap",
            "rule": "xwing-2.5/fuse/marker",
            "text": "Loses 1 fuse marker instead of detonating.",
            "fuse_removed": True,
        }
    ]


def test_no_coordinates_in_the_landing_step() -> None:
    r = rule(UNDER_ONE, DROP)
    assert all("(" not in s.title for s in r.steps)


BOMBLET = {"id": "b", "kind": "device", "type": "bomblet", "outline": [[390, 340], [410, 340], [410, 350], [390, 350]]}


def test_a_bomb_detonating_gives_each_ship_in_reach_its_dice_and_odds() -> None:
    pieces = [ship("a", 400, 400), ship("c", 400, 300, player=2), BOMBLET]
    (det,) = rule(pieces, {"type": "detonate"}).outcome["detonations"]
    assert [e["ship"] for e in det["effects"]] == ["a", "c"]
    odds = {b["result"]: b["odds"] for b in det["effects"][0]["branches"]}
    assert odds == {"suffer 1 hit damage": "1/2", "suffer 2 hit damage": "1/4", "nothing": "1/4"}


def test_a_bomb_roll_given_decides_only_where_one_ship_rolls() -> None:
    one = [ship("c", 400, 300, player=2), BOMBLET]
    (e,) = rule(one, {"type": "detonate"}, dice={"b": ["hit", "blank"]}).outcome["detonations"][0]["effects"]
    assert e["result"] == "suffer 1 hit damage" and e["rolled"] == ["hit", "blank"]
    two = [ship("a", 400, 400), *one]
    r = rule(two, {"type": "detonate"}, dice={"b": ["hit", "blank"]})
    assert all("result" not in e for e in r.outcome["detonations"][0]["effects"])
    assert any("are one roll" in s.text for s in r.steps)


@pytest.mark.parametrize("players", [(None, None), (1, 2), (1, 1), (2, None)])
def test_whose_ships_they_are_changes_nothing_in_a_mine_dropped_under_one(
    players: tuple[int | None, int | None],
) -> None:
    """A mine detonates under any player's ship: an enemy, a friend or a ship of no player get the same ruling,
    and no step calls the ship an enemy or a friend (the setup page offers "make it an enemy" for the question's
    words only)."""
    dropper, under = players
    pieces = [
        ship("a", 400, 400, player=dropper, label="TIE bomber"),
        ship("b", 400, 300, player=under, label="X-wing"),
    ]
    got = rule(pieces, DROP)
    unset = rule(
        [ship("a", 400, 400, player=None, label="TIE bomber"), ship("b", 400, 300, player=None, label="X-wing")], DROP
    )
    assert got.summary == unset.summary and "under X-wing" in got.summary
    assert [(s.title, s.text) for s in got.steps] == [(s.title, s.text) for s in unset.steps]
    words = " ".join(s.title + " " + s.text for s in got.steps).lower()
    assert "enemy" not in words and "friendly" not in words


def test_make_it_an_enemy_is_offered_for_the_ships_nearest_the_dropping_one() -> None:
    from rules.engine import games

    menu = games.get("xwing").side_menu
    near, far = ship("b", 400, 300, player=None, label="X-wing"), ship("c", 100, 800, player=None, label="Y-wing")
    bomber = ship("a", 400, 400, player=None, label="TIE bomber")
    offers = menu([bomber, far, near], DROP)
    # the ship a player has not given becomes player 2, the dropping ship player 1; the nearest first
    assert offers == [
        ("Make X-wing an enemy: player 2 (TIE bomber: player 1)", {"b": 2, "a": 1}),
        ("Make Y-wing an enemy: player 2 (TIE bomber: player 1)", {"c": 2, "a": 1}),
    ]
    # the dropping ship already player 2: the other becomes player 1; a known enemy is not offered again
    offers = menu([{**bomber, "player": 2}, {**far, "player": 1}, {**near, "player": 2}], DROP)
    assert offers == [("Make X-wing an enemy: player 1", {"b": 1})]
    assert menu([bomber, near], {"type": "maneuver", "ship": "a"}) == []  # only where a device is placed
    assert menu([bomber, near], {"type": "drop", "ship": "z"}) == []
