"""Barrel rolls, decloaks and boosts: every position tried, failure only when none is legal."""

from __future__ import annotations

import pytest

from tests.engine.helpers import rect, rule, ship


def roll(direction: str = "right", position: str = "middle", template: str = "straight-1") -> dict:
    return {"type": "barrel-roll", "ship": "a", "direction": direction, "position": position, "template": template}


@pytest.mark.parametrize(
    ("size", "template", "dx", "dy"),
    [
        ("small", "straight-1", 80, 10),
        ("medium", "straight-1", 80, 20),
        ("large", "straight-1", 100, 20),
        ("small", "straight-2", 120, 10),
    ],
)
def test_roll_offsets(size: str, template: str, dx: float, dy: float) -> None:
    for direction, sign in (("right", 1), ("left", -1)):
        for position, shift in (("forward", dy), ("middle", 0), ("backward", -dy)):
            r = rule([ship("a", 400, 400, size=size)], roll(direction, position, template))
            assert r.outcome["final"] == {"x": 400 + sign * dx, "y": 400 + shift, "heading": 0}
            assert r.outcome["chosen"] == position
            assert set(r.outcome["positions"]) == {"forward", "middle", "backward"}


def test_roll_rotated_ship() -> None:
    r = rule([ship("a", 400, 400, heading=90)], roll("right"))
    assert r.outcome["final"] == {"x": 400, "y": 320, "heading": 90}


def test_roll_template_through_debris_fails_every_position() -> None:
    r = rule([ship("a", 400, 400), rect("junk", 440, 395, 450, 405, type="debris-cloud")], roll())
    assert r.outcome["executed"] == "failed"
    assert r.outcome["final"] == {"x": 400, "y": 400, "heading": 0}
    assert all(
        not p["legal"] and "moves through obstacle Debris cloud" in p["reason"] for p in r.outcome["positions"].values()
    )


def test_roll_picks_a_legal_position_when_the_wanted_one_is_blocked() -> None:
    # a ship just beyond the middle landing spot blocks middle and forward, not backward
    r = rule([ship("a", 400, 400), ship("b", 480, 441, player=2)], roll(position="middle"))
    pos = r.outcome["positions"]
    assert not pos["middle"]["legal"] and pos["backward"]["legal"]
    assert r.outcome["executed"] == "full" and r.outcome["chosen"] == "backward"


def test_roll_off_the_table_is_illegal_not_a_flee() -> None:
    r = rule([ship("a", 860, 400)], roll())
    assert r.outcome["executed"] == "failed" and not r.outcome["fled"]
    assert all("leaves the play area" in p["reason"] for p in r.outcome["positions"].values())


def test_boost_over_a_mine_is_legal_and_detonates_it() -> None:
    mine = {
        "id": "mine",
        "kind": "device",
        "type": "proximity-mine",
        "outline": [[390, 430], [410, 430], [410, 440], [390, 440]],
    }
    r = rule([ship("a", 400, 400), mine], {"type": "boost", "ship": "a", "bearing": "straight"})
    assert r.outcome["executed"] == "full"
    assert r.outcome["positions"]["straight"]["legal"]
    assert [e["source"] for e in r.outcome["effects"]] == ["mine"]


def test_a_declared_boost_through_an_asteroid_fails_and_no_other_template_is_taken() -> None:
    """The player declares the template first: a blocked boost fails, the ship stays (never another direction)."""
    pieces = [ship("a", 400, 400), rect("rock", 391, 455, 396, 461)]
    r = rule(pieces, {"type": "boost", "ship": "a", "bearing": "straight"})
    pos = r.outcome["positions"]
    assert set(pos) == {"straight"} and not pos["straight"]["legal"] and "Asteroid" in pos["straight"]["reason"]
    assert r.outcome["executed"] == "failed" and r.outcome["final"] == {"x": 400, "y": 400, "heading": 0}
    assert r.outcome["moved_through"] == []
    assert any("cannot be attempted again this round" in s.text for s in r.steps)
    left = rule(pieces, {"type": "boost", "ship": "a", "bearing": "bank", "direction": "left"})
    assert (
        left.outcome["executed"] == "failed"
        and "moves through obstacle Asteroid" in left.outcome["positions"]["bank-left"]["reason"]
    )
    right = rule(pieces, {"type": "boost", "ship": "a", "bearing": "bank", "direction": "right"})
    assert right.outcome["executed"] == "full" and right.outcome["chosen"] == "bank-right"


def test_a_failed_decloak_keeps_the_cloak_token_and_2_0_counts_the_action() -> None:
    pieces = [ship("a", 400, 400), rect("rock", 391, 455, 396, 461)]
    r = rule(pieces, {"type": "boost", "ship": "a", "bearing": "straight", "template": "straight-2"})
    assert r.outcome["executed"] == "failed"
    assert any("keeps its cloak token" in s.text for s in r.steps)
    assert not any("still counts as performed" in s.text for s in r.steps)


def test_boost_bank_final_pose() -> None:
    r = rule([ship("a", 400, 400)], {"type": "boost", "ship": "a", "bearing": "bank", "direction": "right"})
    f = r.outcome["final"]
    assert abs(f["x"] - 437.57) <= 0.01 and abs(f["y"] - 490.71) <= 0.01 and f["heading"] == 45


def test_decloak_boost_with_the_two_straight() -> None:
    r = rule([ship("a", 400, 400)], {"type": "boost", "ship": "a", "bearing": "straight", "template": "straight-2"})
    assert r.outcome["final"] == {"x": 400, "y": 520, "heading": 0}
    assert set(r.outcome["positions"]) == {"straight"}
    assert any("xwing-2.5/cloak/decloak" in s.rules for s in r.steps)


def test_decloak_boost_is_for_small_ships_going_straight() -> None:
    import pytest

    from rules.engine import ScenarioError

    with pytest.raises(ScenarioError):
        rule(
            [ship("a", 400, 400, size="large")],
            {"type": "boost", "ship": "a", "bearing": "straight", "template": "straight-2"},
        )


def test_a_tractor_roll_may_cross_obstacles_in_2_0_but_not_in_2_5() -> None:
    """RRG Tractor: 2.5 'cannot cause the ship to move through or overlap an obstacle'; 2.0 'can'."""
    pieces = [ship("a", 400, 400), rect("rock", 440, 380, 460, 420)]
    action = {"type": "barrel-roll", "ship": "a", "direction": "right", "tractor": True}
    r25 = rule(pieces, action)
    assert r25.outcome["executed"] == "failed"
    assert r25.steps[0].rules == ("xwing-2.5/tractor/move",)
    r20 = rule(pieces, action, edition="2.0")
    assert r20.outcome["executed"] == "full" and "rock" in r20.outcome["overlapping"] + r20.outcome["moved_through"]
    assert r20.outcome["effects"] and r20.outcome["effects"][0]["source"] == "rock"


def test_a_tractored_ship_is_boosted_straight_only() -> None:
    from rules.engine import ScenarioError

    with pytest.raises(ScenarioError) as e:
        rule(
            [ship("a", 400, 400)],
            {"type": "boost", "ship": "a", "bearing": "bank", "direction": "left", "tractor": True},
        )
    assert "action.bearing" in {p.field for p in e.value.problems}


def test_rotating_is_not_a_move() -> None:
    on_rock = [ship("a", 400, 400), rect("rock", 395, 395, 405, 405)]
    r = rule(on_rock, {"type": "rotate", "ship": "a", "degrees": 90})
    o = r.outcome
    assert o["executed"] == "full" and o["final"]["heading"] == 90 and o["effects"] == []
    assert o["overlapping"] == ["rock"] and o["cannot_attack"] == ["rock"]
    # b sits 0.5 mm beside a's right side; turned 90° either way, a's guides would reach into it
    side = [ship("a", 400, 400, size="large"), ship("b", 460.5, 400, player=2)]
    blocked = rule(side, {"type": "rotate", "ship": "a", "degrees": 90})
    assert blocked.outcome["executed"] == "failed" and blocked.outcome["blocked_by"] == ["b"]
    half_turn = rule(side, {"type": "rotate", "ship": "a", "degrees": 180})
    assert half_turn.outcome["executed"] == "full"  # the guides stay fore and aft
