"""Devices: drop and launch geometry, limits, under bases, off the table, detonation, fuses."""

from __future__ import annotations

import pytest

from tests.engine.helpers import move, rect, rule, ship


def drop(dtype: str = "proton-bomb", verb: str = "drop", template: dict | None = None, did: str = "bomb") -> dict:
    a: dict = {"type": verb, "ship": "a", "device": {"id": did, "type": dtype}}
    if template:
        a["template"] = template
    return a


def test_drop_lands_behind_the_rear_guides() -> None:
    o = rule([ship("a", 400, 400)], drop()).outcome
    # rear edge 380, [1 straight] to 340, bomb centre 14.2 mm beyond the template end, facing away
    assert o["placed"] and o["device"]["x"] == 400 and abs(o["device"]["y"] - 325.8) <= 0.01
    assert o["device"]["heading"] == 180 and o["under"] == [] and not o["detonates"]


def test_launch_lands_ahead_of_the_front_guides() -> None:
    o = rule([ship("a", 400, 400)], drop(verb="launch")).outcome
    assert abs(o["device"]["y"] - 474.2) <= 0.01 and o["device"]["heading"] == 0


def test_drop_from_a_turned_ship_with_a_bank() -> None:
    o = rule(
        [ship("a", 400, 400, heading=90)], drop(template={"bearing": "bank", "speed": 1, "direction": "left"})
    ).outcome
    assert o["placed"]
    # dropping faces backwards (-x); a left bank seen from behind curves toward the ship's left (+y)
    assert o["device"]["x"] < 340 and o["device"]["y"] > 400


def test_limits_by_edition() -> None:
    for ed, phrase in (("2.0", "once per round"), ("2.5", "once per System Phase")):
        r = rule([ship("a", 400, 400, state={"placed_device": True})], drop(), edition=ed)
        assert not r.outcome["placed"] and phrase in r.outcome["reason"]
    r = rule([ship("a", 400, 400, state={"decloaked": True})], drop())
    assert not r.outcome["placed"] and "decloaked" in r.outcome["reason"]


def test_a_device_partly_off_the_table_is_not_placed() -> None:
    o = rule([ship("a", 400, 60)], drop()).outcome
    assert not o["placed"] and "outside the play area" in o["reason"]


def test_mine_under_one_ship_detonates_now() -> None:
    o = rule([ship("a", 400, 400), ship("b", 400, 300, player=2)], drop("proximity-mine", did="mine")).outcome
    assert o["under"] == ["b"] and o["detonates"] and not o["placer_chooses"]


def test_mine_under_two_ships_placer_chooses() -> None:
    pieces = [ship("a", 400, 400), ship("b", 375, 300, player=2), ship("c", 425, 300, player=2)]
    o = rule(pieces, drop("proximity-mine", did="mine")).outcome
    assert o["under"] == ["b", "c"] and o["detonates"] and o["placer_chooses"]


def test_bomb_under_a_ship_waits() -> None:
    o = rule([ship("a", 400, 400), ship("b", 400, 320, player=2)], drop()).outcome
    assert o["under"] == ["b"] and not o["detonates"]
    assert "b" in o["in_blast_now"] and "a" in o["in_blast_now"]


def test_cluster_mines_come_as_three() -> None:
    o = rule([ship("a", 400, 400)], drop("cluster-mine", did="cm")).outcome
    assert [p["id"] for p in o["parts"]] == ["cm", "cm-2", "cm-3"]


def test_an_unusual_template_needs_an_effect() -> None:
    r = rule([ship("a", 400, 400)], drop(template={"bearing": "straight", "speed": 2}))
    assert any("needs an effect" in s.text for s in r.steps)
    r2 = rule([ship("a", 400, 400)], drop("thermal-detonator", template={"bearing": "straight", "speed": 2}))
    assert not any("needs an effect" in s.text for s in r2.steps)


def _bomb(did: str, x: float, y: float, dtype: str = "proton-bomb", **kw: object) -> dict:
    return {"id": did, "kind": "device", "type": dtype, "x": x, "y": y, "heading": 0, **kw}


def test_detonation_reaches_range_0_to_1() -> None:
    pieces = [ship("a", 400, 450), ship("b", 400, 600, player=2), _bomb("pb", 400, 400, player=1)]
    o = rule(pieces, {"type": "detonate"}).outcome
    assert o["detonations"][0]["affected"] == ["a"]
    o2 = rule([*pieces[:2], _bomb("ep", 400, 400, "electro-proton-bomb", player=1)], {"type": "detonate"}).outcome
    assert o2["detonations"][0]["affected"] == ["a", "b"]


def test_fused_bomb_loses_a_fuse_instead() -> None:
    o = rule([ship("a", 400, 450), _bomb("ep", 400, 400, "electro-proton-bomb", fuses=1)], {"type": "detonate"}).outcome
    d = o["detonations"][0]
    assert d["detonates"] is False and d["fuses_left"] == 0 and d["affected"] == []


def test_first_players_bombs_first() -> None:
    pieces = [_bomb("z1", 200, 200, player=1), _bomb("a2", 600, 600, player=2)]
    assert rule(pieces, {"type": "detonate", "first_player": 2}).outcome["order"] == ["a2", "z1"]
    assert rule(pieces, {"type": "detonate"}).outcome["order"] == ["z1", "a2"]


def test_bombs_of_no_player_are_said_to_be_listed_last_not_given_to_a_player() -> None:
    """Whose a bomb is orders the detonations: a bomb whose player the setup leaves out is not silently
    counted as anyone's; the step says it is listed last."""
    owned = [_bomb("z1", 200, 200, player=2), _bomb("a2", 600, 600, player=1)]
    r = rule([*owned, _bomb("m3", 400, 600, label="Bomb X")], {"type": "detonate"})
    assert r.outcome["order"] == ["a2", "z1", "m3"]
    step = next(s for s in r.steps if s.title == "Several bombs: first player's first")
    assert "The setup does not say whose Bomb X is: it is listed last" in step.text
    both = rule(owned, {"type": "detonate"})
    text = next(s.text for s in both.steps if s.title == "Several bombs: first player's first")
    assert "does not say whose" not in text


def test_seismic_charge_hits_around_its_obstacle() -> None:
    pieces = [
        ship("a", 400, 640),
        ship("b", 400, 300),
        rect("rock", 380, 480, 420, 520),
        _bomb("sc", 400, 440, "seismic-charge", target="rock"),
    ]
    d = rule(pieces, {"type": "detonate"}).outcome["detonations"][0]
    assert d["obstacle"] == "rock" and d["affected"] == ["a"]


def test_fused_mine_is_not_detonated_by_moving_through() -> None:
    mine = rect("mine", 290, 236, 310, 246, type="proximity-mine", kind="device", fuses=1)
    r = rule([ship("a", 300, 200), mine], move(speed=2))
    assert r.outcome["effects"][0]["fuse_removed"] is True


def test_place_a_device_under_a_ship() -> None:
    dev = {"id": "m", "kind": "device", "type": "proximity-mine", "x": 400, "y": 300, "heading": 0}
    o = rule([ship("a", 400, 400), ship("b", 400, 300, player=2)], {"type": "place-device", "ship": "a", "device": dev})
    assert o.outcome["placed"] and o.outcome["under"] == ["b"] and o.outcome["detonates"]
    limited = rule(
        [ship("a", 400, 400, state={"placed_device": True})], {"type": "place-device", "ship": "a", "device": dev}
    )
    assert not limited.outcome["placed"]


def test_relocate_ignores_obstacles_but_not_the_table_edge() -> None:
    pieces = [ship("a", 400, 400), rect("rock", 380, 580, 420, 620), _bomb("pb", 400, 200)]
    r = rule(pieces, {"type": "relocate-device", "device": "pb", "to": {"x": 400, "y": 600, "heading": 0}})
    assert r.outcome["placed"] and r.outcome["device"]["y"] == 600
    assert any("xwing-2.5/device/relocate" in s.rules for s in r.steps)
    off = rule(pieces, {"type": "relocate-device", "device": "pb", "to": {"x": 5, "y": 600}})
    assert not off.outcome["placed"]


def test_relocate_needs_a_device_of_the_scenario() -> None:
    import pytest

    from rules.engine import ScenarioError

    with pytest.raises(ScenarioError) as e:
        rule([ship("a", 400, 400)], {"type": "relocate-device", "device": "a", "to": {"x": 1, "y": 1}})
    assert e.value.problems[0].field == "action.device"


def test_template_variants_name_the_effects_that_allow_them() -> None:
    def effects(verb: str, template: dict | None) -> list[str]:
        return rule([ship("a", 400, 400)], drop(verb=verb, template=template)).outcome["template"]["needs_effect"]

    assert effects("drop", None) == []
    assert any("Trajectory Simulator" in e for e in effects("launch", {"bearing": "straight", "speed": 5}))
    assert any("Nimble Bomber" in e for e in effects("drop", {"bearing": "bank", "speed": 1, "direction": "left"}))
    assert any("Skilled Bombardier" in e for e in effects("drop", {"bearing": "straight", "speed": 2}))
    assert any("Constable Zuvio" in e for e in effects("launch", None))
    assert effects("drop", {"bearing": "turn", "speed": 2, "direction": "right"}) == []  # nobody allows it
    r = rule([ship("a", 400, 400)], drop(template={"bearing": "turn", "speed": 2, "direction": "right"}))
    assert any("no card known to allow this template was found" in s.text for s in r.steps)


@pytest.mark.parametrize(
    ("kind", "mode"), [("loose-cargo", "drop"), ("spare-parts", "drop"), ("electro-chaff-cloud", "launch")]
)
def test_obstacles_dropped_or_launched_like_devices_become_obstacles(kind: str, mode: str) -> None:
    """Rigged Cargo Chute, Spare Parts Canisters, Electro-Chaff Missiles: placed with a template, then obstacles."""
    from rules.engine import evaluate, parse_scenario

    enemy_y = 300 if mode == "drop" else 560
    doc = {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": [
            {"id": "a", "kind": "ship", "size": "large", "x": 400, "y": 400, "heading": 0, "player": 1},
            {
                "id": "e",
                "kind": "ship",
                "size": "small",
                "x": 346 if mode == "launch" else 400,
                "y": enemy_y,
                "player": 2,
                "heading": 0,
            },
        ],
        "action": {"type": mode, "ship": "a", "device": {"id": "c", "type": kind}},
        "dice": {"c": ["hit"]},
    }
    o = evaluate(parse_scenario(doc)).outcome
    assert o["placed"] and o["device"]["type"] == kind and o["template"]["card_default"] is True
    assert o["under"] == o["overlapping_ships"] == ["e"]  # the enemy stands where it lands
    assert o["effects"][0]["rule"] == f"xwing-2.5/obstacles/{kind}" and o["effects"][0]["rolled"] == ["hit"]


def test_blazer_bomb_detonation_places_a_fused_blaze_where_the_bomb_was() -> None:
    """Blazer Bomb card: after it detonates a Blaze obstacle is placed at its tab with 1 fuse (shape ≈)."""
    pieces = [ship("a", 400, 450), ship("b", 400, 600, player=2), _bomb("bb", 400, 400, "blazer-bomb", player=1)]
    r = rule(pieces, {"type": "detonate"})
    d = r.outcome["detonations"][0]
    assert d["affected"] == ["a"]
    blaze = d["places"]
    assert blaze["type"] == "blaze" and blaze["fuses"] == 1 and blaze["estimated"] is True
    assert (blaze["x"], blaze["y"]) == (400, 400) and blaze["overlapping"] == []
    placed = next(s for s in r.steps if s.title.startswith("A Blaze is placed"))
    assert placed.derived and "xwing-2.5/obstacles/blaze" in placed.rules
    assert any(f.id == "placed-bb-blaze" for f in r.figures)


def test_blazer_bomb_blaze_under_a_ship_is_not_resolved_now_and_a_fused_bomb_places_none() -> None:
    under = rule([ship("a", 400, 430), _bomb("bb", 400, 400, "blazer-bomb")], {"type": "detonate"}).outcome
    assert under["detonations"][0]["places"]["overlapping"] == ["a"]
    fused = rule([ship("a", 400, 450), _bomb("bb", 400, 400, "blazer-bomb", fuses=1)], {"type": "detonate"}).outcome
    assert "places" not in fused["detonations"][0]


def test_a_device_placed_with_a_choice_of_template_names_it_in_the_verdict() -> None:
    """Electro-Chaff Missiles launch with [3 left bank], [3 right bank] or [4 straight]: the answer says which
    one was used (it said only "lands at the template's far end"); a bomb launched may be, with Trajectory
    Simulator, the [5 straight]; a bomb dropped with its one template keeps its short verdict."""
    from rules.engine.xwing.devices import CARDS, template_choices, template_words

    right = {"bearing": "bank", "speed": 3, "direction": "right"}
    r = rule([ship("a", 400, 400)], drop("electro-chaff-cloud", "launch", right, did="chaff"))
    assert "launched with the 3 bank right template" in r.summary
    left = rule([ship("a", 400, 400)], drop("electro-chaff-cloud", "launch", did="chaff"))
    assert "launched with the 3 bank left template" in left.summary  # the card's first, when none is given
    chaff = [template_words(t) for t, _ in template_choices(CARDS["electro-chaff-cloud"], "launch")]
    assert chaff == ["3 bank left", "3 bank right", "4 straight"]
    bomb = template_choices(CARDS["proton-bomb"], "launch")
    assert [(template_words(t), by) for t, by in bomb] == [
        ("1 straight", "Proton Bomb"),
        ("5 straight", "Trajectory Simulator"),
    ]
    assert template_choices(CARDS["proton-bomb"], "drop") == [(CARDS["proton-bomb"].templates[0], "Proton Bomb")]
    five = rule([ship("a", 400, 400)], drop(verb="launch", template={"bearing": "straight", "speed": 5}))
    assert "launched with the 5 straight template" in five.summary
    assert "template" not in rule([ship("a", 400, 400)], drop()).summary


def test_an_obstacle_launched_is_labelled_on_the_table_as_what_lands() -> None:
    """The picture labelled the cloud "Electro-Chaff Missiles" (its card); it is the Electro-Chaff Cloud."""
    r = rule([ship("a", 400, 400)], drop("electro-chaff-cloud", "launch", did="chaff"))
    assert [f.label for f in r.figures if f.kind == "device"] == ["Electro-Chaff Cloud"]
    cargo = rule([ship("a", 400, 400, size="medium")], drop("loose-cargo", did="cargo"))
    assert [f.label for f in cargo.figures if f.kind == "device"] == ["Loose cargo"]
