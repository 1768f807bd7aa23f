"""Obstacle rulings, both editions (rules notes §3 tricky cases)."""

from __future__ import annotations

from tests.engine.helpers import move, rect, rule, ship


def test_case_1_moving_through_an_asteroid_2_5_keeps_the_action() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 295, 240, 305, 250)], move(speed=2))
    o = r.outcome
    assert o["moved_through"] == ["rock"] and o["overlapping"] == []
    assert o["effects"][0]["trigger"] == "move-through"
    assert o["effects"][0]["rule"] == "xwing-2.5/obstacles/asteroid"
    assert not o["skips_perform_action"]
    assert {b["odds"] for b in o["effects"][0]["branches"]} == {"1/2"}


def test_case_1_in_2_0_the_asteroid_skips_the_action() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 295, 240, 305, 250)], move(speed=2), edition="2.0")
    assert r.outcome["skips_perform_action"]
    assert r.outcome["effects"][0]["rule"] == "xwing-2.0/obstacles/asteroid"


def test_case_2_landing_on_an_asteroid() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 290, 310, 310, 330)], move(speed=2))
    o = r.outcome
    assert o["overlapping"] == ["rock"] and o["skips_perform_action"]
    assert o["cannot_attack"] == ["rock"]


def test_debris_at_range_0_blocks_attacks_in_2_5_only() -> None:
    pieces = [ship("a", 300, 200), rect("junk", 290, 310, 310, 330, type="debris-cloud")]
    assert rule(pieces, move(speed=2)).outcome["cannot_attack"] == ["junk"]
    assert rule(pieces, move(speed=2), edition="2.0").outcome["cannot_attack"] == []


def test_gas_cloud_blocks_locks() -> None:
    r = rule([ship("a", 300, 200), rect("gas", 290, 310, 310, 330, type="gas-cloud")], move(speed=2))
    assert r.outcome["cannot_lock"] == ["gas"]
    assert r.outcome["cannot_attack"] == ["gas"]


def test_case_4_starting_on_an_asteroid_without_touching_it_again() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 290, 175, 310, 185)], move(speed=2))
    assert r.outcome["effects"] == [] and r.outcome["moved_through"] == []


def test_case_5_nose_on_the_rock_2_5_exempt_2_0_suffers() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 290, 215, 310, 235)]
    r25 = rule(pieces, move(speed=2))
    assert r25.outcome["effects"] == []
    assert r25.outcome["exempt_at_start"] == ["rock"]
    r20 = rule(pieces, move(speed=2), edition="2.0")
    assert [e["source"] for e in r20.outcome["effects"]] == ["rock"]


def test_case_6_stationary_on_a_rock() -> None:
    r = rule(
        [ship("a", 300, 200), rect("rock", 290, 210, 310, 230)],
        {"type": "maneuver", "ship": "a", "bearing": "stationary"},
    )
    assert [e["source"] for e in r.outcome["effects"]] == ["rock"]
    assert r.outcome["skips_perform_action"]


def test_case_7_bump_stops_short_of_the_asteroid() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 295, 292, 305, 300), ship("b", 300, 330, size="large", player=1)]
    r = rule(pieces, move(speed=3))
    assert r.outcome["executed"] == "partial"
    # the full [3 straight] crosses y 292-300; the ship stops at y 266.4 (front guides at 288.2)
    assert abs(r.outcome["final"]["y"] - 266.4) <= 0.01 and r.outcome["overlapping"] == []
    assert r.outcome["moved_through"] == []
    assert "rock" not in [e["source"] for e in r.outcome["effects"]]
    assert r.outcome["bump_effect"] == "friendly"


def test_case_13_order_along_the_template() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 295, 290, 305, 300), rect("gas", 295, 240, 305, 250, type="gas-cloud")]
    r = rule(pieces, move(speed=3))
    assert r.outcome["moved_through"] == ["gas", "rock"]
    assert [e["source"] for e in r.outcome["effects"]] == ["gas", "rock"]
    assert any("in order along the template" in s.title for s in r.steps)


def test_order_on_a_bank_follows_the_template_not_distance() -> None:
    # right bank 3: the template curves right; "far" lies early on the curve but far in x
    pieces = [ship("a", 300, 200), rect("early", 298, 225, 302, 229), rect("late", 355, 330, 365, 340)]
    r = rule(pieces, move(bearing="bank", speed=3, direction="right"))
    assert r.outcome["moved_through"][:1] == ["early"]


def test_definite_dice() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 295, 240, 305, 250)]
    r = rule(pieces, move(speed=2), dice={"rock": ["crit"]})
    assert r.outcome["effects"][0]["result"] == "suffer 1 additional hit damage"
    r2 = rule(pieces, move(speed=2), dice={"rock": ["focus"]})
    assert r2.outcome["effects"][0]["result"] == "nothing more"


def test_debris_branches_2_5() -> None:
    r = rule([ship("a", 300, 200), rect("junk", 295, 240, 305, 250, type="debris-cloud")], move(speed=2))
    odds = {b["result"]: b["odds"] for b in r.outcome["effects"][0]["branches"]}
    assert odds == {"suffer 1 hit damage": "3/8", "suffer 1 critical damage": "1/8", "nothing more": "1/2"}


def test_blaze_move_through_skips_the_action_in_2_5() -> None:
    r = rule([ship("a", 300, 200), rect("fire", 295, 240, 305, 250, type="blaze")], move(speed=2))
    assert r.outcome["skips_perform_action"]


def test_every_step_cites_a_clause() -> None:
    pieces = [
        ship("a", 300, 200),
        rect("rock", 295, 290, 305, 300),
        rect("gas", 295, 240, 305, 250, type="gas-cloud"),
        ship("b", 300, 400, player=2),
    ]
    for edition in ("2.0", "2.5"):
        r = rule(pieces, move(speed=5), edition=edition)
        assert r.steps
        for s in r.steps:
            assert s.rules and all(c.startswith(f"xwing-{edition}/") for c in s.rules)


def test_temporary_obstacles_get_an_end_phase_note() -> None:
    r = rule([ship("a", 300, 200), rect("fire", 295, 240, 305, 250, type="blaze")], move(speed=2))
    assert any("xwing-2.5/obstacles/temporary" in s.rules for s in r.steps)


def test_the_picture_numbers_obstacles_in_resolution_order() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 295, 290, 305, 300), rect("gas", 295, 240, 305, 250, type="gas-cloud")]
    labels = {f.id: f.label for f in rule(pieces, move(speed=3)).figures if f.kind == "overlap"}
    assert labels == {"contact-gas": "1", "contact-rock": "2"}


def test_huge_ship_lands_on_an_asteroid_and_a_small_ship() -> None:
    pieces = [ship("cr90", 400, 300, size="huge"), rect("rock", 380, 480, 420, 520), ship("x", 420, 560, player=2)]
    act = {
        "type": "maneuver",
        "ship": "cr90",
        "bearing": "straight",
        "speed": 2,
        "final": {"x": 400, "y": 500, "heading": 0},
    }
    o = rule(pieces, act).outcome
    assert o["removed_obstacles"] == ["rock"] and not o["skips_perform_action"]
    assert o["overlapped_ships"] == ["x"] and o["crits_each"] == 2
    assert "critical damage" in o["effects"][0]["text"]


def test_huge_ship_onto_a_huge_ship_goes_slower() -> None:
    pieces = [ship("cr90", 400, 300, size="huge"), ship("gr75", 400, 560, size="huge", player=2)]
    act = {
        "type": "maneuver",
        "ship": "cr90",
        "bearing": "straight",
        "speed": 3,
        "final": {"x": 400, "y": 420, "heading": 0},
    }
    assert rule(pieces, act).outcome["executed"] == "lower-speed"


def test_huge_ship_needs_its_measured_final_position() -> None:
    import pytest

    from rules.engine import ScenarioError

    with pytest.raises(ScenarioError) as e:
        rule(
            [ship("cr90", 400, 300, size="huge")],
            {"type": "maneuver", "ship": "cr90", "bearing": "turn", "direction": "left", "speed": 1},
        )
    assert {p.field for p in e.value.problems} == {"action.bearing"}


def test_final_base_touching_an_asteroid_is_range_0_but_no_overlap() -> None:
    # small ship ends at y 320: its front guides reach 341.8, its front edge 340 (x 280..320)
    for edition in ("2.0", "2.5"):
        r = rule([ship("a", 300, 200), rect("rock", 325, 330, 345, 350)], move(speed=3), edition=edition)
        # the rock's left edge x=325 is 5 mm right of the base: clear
        assert r.outcome["overlapping"] == [] and r.outcome["cannot_attack"] == []
        t = rule([ship("a", 300, 200), rect("rock", 320, 330, 345, 350)], move(speed=3), edition=edition)
        assert t.outcome["overlapping"] == [] and t.outcome["effects"] == []
        assert t.outcome["at_range_0"] == ["rock"] and t.outcome["cannot_attack"] == ["rock"]
        assert not t.outcome["skips_perform_action"]
        assert any("touches Asteroid without overlapping" in s.title for s in t.steps)


def test_bump_effects_by_edition() -> None:
    pieces = [ship("a", 300, 200), ship("b", 300, 330, player=1)]
    assert rule(pieces, move(speed=3), edition="2.0").outcome["bump_effect"] == "skip-action"
    assert rule(pieces, move(speed=3)).outcome["bump_effect"] == "friendly"


def test_ignoring_obstacles_during_a_maneuver_resolves_none_but_range_0_still_applies() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 290, 260, 310, 270), rect("end", 290, 350, 310, 365)]
    plain = rule(pieces, move(speed=3)).outcome
    assert plain["effects"] and plain["skips_perform_action"]
    r = rule(pieces, move(speed=3, ignore_obstacles=True))
    o = r.outcome
    assert o["effects"] == [] and not o["skips_perform_action"]
    assert "rock" in o["moved_through"] and o["cannot_attack"]  # still geometric; still at range 0
    assert any(s.derived and s.title.startswith("It ignores obstacles") for s in r.steps)
