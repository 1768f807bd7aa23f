"""What a head judge found false in explanations and fields: each test states the rule it checks."""

from __future__ import annotations

import pytest

from rules.engine import ScenarioError
from rules.engine.xwing.effects import EFFECTS_25, MINE_EFFECTS
from rules.engine.xwing.resolve import _other_edition_effect
from tests.engine.helpers import move, rect, rule, scenario, ship


def test_dice_in_either_order_are_one_outcome() -> None:
    mine = MINE_EFFECTS["proximity-mine"]
    assert mine.resolve(["hit", "crit"]) == mine.resolve(["crit", "hit"])
    results = [b["result"] for b in mine.branches()]
    assert len(results) == len(set(results))
    assert sum(b["probability"] for b in mine.branches()) == pytest.approx(1.0)


def test_mine_damage_from_the_dice_reads_as_additional() -> None:
    assert "additional" in MINE_EFFECTS["proximity-mine"].text()


def test_2_5_effects_gain_or_are_assigned_tokens_as_the_rules_text_says() -> None:
    """The seed's 2.5 text (shared/seeds/000): a debris cloud "Gain a stress token"; a gas cloud "assign 1 strain
    token", then "gain 1 ion token"; an electro-chaff cloud and loose cargo "is assigned" (test_effect_verbs
    holds every effect to its clause's verb)."""
    assert "gains 1 stress token" in EFFECTS_25["debris-cloud"].text()
    assert "is assigned 1 strain token" in EFFECTS_25["gas-cloud"].text()
    assert "gain 1 ion token" in EFFECTS_25["gas-cloud"].text()
    assert "is assigned 1 jam token" in EFFECTS_25["electro-chaff-cloud"].text()
    assert "is assigned 1 strain token" in EFFECTS_25["loose-cargo"].text()


def test_the_other_edition_note_reads_as_sentences() -> None:
    note = _other_edition_effect("2.5", "asteroid")
    assert note is not None and "). and" not in note and ")." in note and "skips the Perform Action step." in note


def test_moved_through_is_geometric_even_when_the_start_exemption_cancels_the_effect() -> None:
    # 2.5: the ship starts overlapping the rock and its template also crosses it
    pieces = [ship("a", 300, 200), rect("rock", 290, 195, 310, 235)]
    o = rule(pieces, move(speed=3)).outcome
    assert o["moved_through"] == ["rock"] and o["exempt_at_start"] == ["rock"] and o["effects"] == []


def test_a_ship_stopped_on_its_starting_obstacle_is_told_why_the_exemption_no_longer_protects_it() -> None:
    pieces = [ship("a", 300, 200), rect("rock", 290, 195, 310, 215)]
    r = rule(pieces, move(bearing="stationary", speed=0))
    text = " ".join(s.text for s in r.steps)
    assert r.outcome["effects"] and "ending the move overlapping it again triggers it" in text


def test_a_bumped_ship_is_at_range_0() -> None:
    r = rule([ship("a", 300, 200), ship("b", 300, 330, player=2)], move(speed=3))
    assert r.outcome["executed"] == "partial" and "b" in r.outcome["at_range_0"]


def test_a_bomb_moved_through_says_it_has_no_effect() -> None:
    bomb = {"id": "pb", "kind": "device", "type": "proton-bomb", "x": 300, "y": 260, "heading": 0}
    r = rule([ship("a", 300, 200), bomb], move(speed=3))
    assert any(s.title.startswith("Proton Bomb has no effect") for s in r.steps)
    assert r.outcome["effects"] == []


def test_the_summary_names_the_consequences() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 290, 260, 310, 270)], move(speed=2))
    assert (
        "Asteroid takes effect" in r.summary
        and "skips its Perform Action step" not in r.summary
        or r.outcome["skips_perform_action"]
    )
    assert "cannot attack" in r.summary or not r.outcome.get("cannot_attack")


@pytest.mark.parametrize(
    ("piece", "faces", "ok"),
    [
        (rect("rock", 290, 260, 310, 270), ["hit"], True),
        (rect("rock", 290, 260, 310, 270), ["hit", "hit"], False),
        (
            {"id": "rock", "kind": "device", "type": "proximity-mine", "x": 300, "y": 300, "heading": 0},
            ["hit"] * 2,
            True,
        ),
        (
            {"id": "rock", "kind": "device", "type": "proximity-mine", "x": 300, "y": 300, "heading": 0},
            ["hit"] * 3,
            False,
        ),
        ({"id": "rock", "kind": "device", "type": "conner-net", "x": 300, "y": 300, "heading": 0}, ["hit"], False),
    ],
)
def test_more_dice_than_the_effect_rolls_is_a_400_naming_the_field(piece: dict, faces: list[str], ok: bool) -> None:
    if ok:
        scenario([ship("a", 300, 200), piece], move(speed=2), dice={"rock": faces})
        return
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", 300, 200), piece], move(speed=2), dice={"rock": faces})
    assert "dice.rock" in {p.field for p in e.value.problems}


def test_a_piece_starting_partly_off_the_table_is_warned_about() -> None:
    r = rule([ship("a", 10, 200), ship("b", 500, 500)], move(speed=1, ship_id="b"))
    assert any("Small ship A starts partly outside the play area" in w for w in r.warnings)


def test_a_chassis_by_name_gives_the_size_and_its_arcs_decide_the_attack() -> None:
    from rules.engine.xwing.ships import CHASSIS

    falcon = next(c for c in CHASSIS.values() if "double-turret" in c.arcs and "front" not in c.arcs)
    a = {"id": "a", "kind": "ship", "chassis": falcon.xws, "x": 400, "y": 200, "heading": 0, "player": 1}
    d = ship("d", 400, 390, player=2)
    s = scenario([a, d], {"type": "attack", "attacker": "a", "defender": "d", "arc": "full"})
    assert s.piece("a").size == falcon.size
    with pytest.raises(ScenarioError) as e:
        scenario([a, d], {"type": "attack", "attacker": "a", "defender": "d", "arc": "front"})
    assert "action.arc" in {p.field for p in e.value.problems}
    wrong = {**a, "size": "small" if falcon.size != "small" else "large"}
    with pytest.raises(ScenarioError) as e:
        scenario([wrong, d], {"type": "attack", "attacker": "a", "defender": "d", "arc": "full"})
    assert "pieces[0].size" in {p.field for p in e.value.problems}
    with pytest.raises(ScenarioError) as e:
        scenario([{**a, "chassis": "no-such-ship"}, d], {"type": "attack", "attacker": "a", "defender": "d"})
    assert "pieces[0].chassis" in {p.field for p in e.value.problems}


@pytest.mark.parametrize(("x", "warned"), [(20.0, False), (19.99, True), (914.4 - 20.0, False), (914.4 - 19.99, True)])
def test_a_base_touching_the_table_edge_is_on_the_table(x: float, warned: bool) -> None:
    """A small base (40 mm wide) whose side lies on the edge is inside; a hair further is not."""
    r = rule([ship("a", x, 200), ship("b", 500, 500)], move(speed=1, ship_id="b"))
    assert any("Small ship A starts partly outside the play area" in w for w in r.warnings) is warned
