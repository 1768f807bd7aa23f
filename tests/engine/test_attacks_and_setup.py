"""Attacks (arc, range, obstruction, range 0) and the obstacle setup check."""

from __future__ import annotations

from tests.engine.helpers import rect, rule, ship


def attack(arc: str = "front") -> dict:
    return {"type": "attack", "attacker": "a", "defender": "d", "arc": arc}


def test_range_two_clear() -> None:
    r = rule([ship("a", 400, 200), ship("d", 400, 390, player=2)], attack())
    o = r.outcome
    assert o["in_arc"] and o["range"] == 2 and o["can_attack"] and o["defense_bonus_dice"] == 0


def test_range_boundary_belongs_to_the_lower_band() -> None:
    # square to square: a's front edge at 220, d's rear edge at 320 → exactly 100 mm
    r = rule([ship("a", 400, 200), ship("d", 400, 340, player=2)], attack())
    assert r.outcome["range"] == 1


def test_not_in_arc_behind() -> None:
    r = rule([ship("a", 400, 400), ship("d", 400, 250, player=2)], attack())
    assert not r.outcome["in_arc"] and not r.outcome["can_attack"]
    r2 = rule([ship("a", 400, 400), ship("d", 400, 250, player=2)], attack("rear"))
    assert r2.outcome["in_arc"]


def test_obstructed_by_an_asteroid_once() -> None:
    pieces = [
        ship("a", 400, 200),
        ship("d", 400, 390, player=2),
        rect("r1", 300, 280, 500, 290),
        rect("r2", 300, 300, 500, 310),
    ]
    o = rule(pieces, attack()).outcome
    assert o["obstructed_by"] == ["r1", "r2"] and o["defense_bonus_dice"] == 1


def test_parallel_bases_let_the_attacker_choose() -> None:
    # a rock covers only the left part of the strip between two parallel bases
    pieces = [ship("a", 400, 200), ship("d", 400, 390, player=2), rect("rock", 370, 280, 395, 290)]
    o = rule(pieces, attack()).outcome
    assert o.get("line_choice") is True and o["defense_bonus_dice"] == 0


def test_attacker_on_an_asteroid_cannot_attack() -> None:
    pieces = [ship("a", 400, 200), ship("d", 400, 390, player=2), rect("rock", 390, 170, 410, 190)]
    o = rule(pieces, attack()).outcome
    assert not o["can_attack"] and "xwing-2.5/obstacles/range-0-attack" in o["reasons"]


def test_range_0_attack_by_edition() -> None:
    pieces = [ship("a", 400, 200), ship("d", 400, 240, player=2)]
    assert rule(pieces, attack(), edition="2.0").outcome["can_attack"] is False
    o = rule(pieces, attack()).outcome
    assert o["range"] == 0 and o["can_attack"]


def _setup_pieces() -> list[dict]:
    spots = [(250, 250), (450, 250), (650, 250), (250, 650), (450, 650), (650, 650)]
    return [rect(f"o{i}", x - 15, y - 15, x + 15, y + 15, player=1 if i < 3 else 2) for i, (x, y) in enumerate(spots)]


def test_legal_setup() -> None:
    o = rule(_setup_pieces(), {"type": "check-setup"}).outcome
    assert o == {"legal": True, "violations": []}


def test_setup_violations_are_all_listed() -> None:
    pieces = _setup_pieces()
    pieces[1] = rect("o1", 300, 235, 330, 265, player=1)  # 35 mm from o0
    pieces[5] = rect("o5", 650, 880, 680, 900, player=2)  # 14 mm from the far edge
    o = rule(pieces, {"type": "check-setup"}).outcome
    assert not o["legal"]
    msgs = " | ".join(v["message"] for v in o["violations"])
    # unlabelled obstacles are named as a player tells them apart, never by id ("O0 and o1 …")
    assert "Asteroid A and Asteroid B" in msgs and "Asteroid F" in msgs and "o0" not in msgs.lower()


def test_setup_counts_obstacles_per_player() -> None:
    pieces = _setup_pieces()[:5]
    o = rule(pieces, {"type": "check-setup"}).outcome
    assert any("player 2 has 2" in v["message"] for v in o["violations"])


def test_place_obstacle_under_ships() -> None:
    cargo = rect("cargo", 380, 380, 470, 420, type="loose-cargo")
    pieces = [ship("a", 400, 400), ship("b", 455, 400, player=2), ship("c", 700, 700)]
    o = rule(pieces, {"type": "place-obstacle", "obstacle": cargo}).outcome
    assert o["overlapping_ships"] == ["a", "b"]
    assert [e["ship"] for e in o["effects"]] == ["a", "b"]


def test_place_obstacle_under_a_huge_ship_removes_it() -> None:
    rock = rect("rock", 380, 380, 420, 420)
    o = rule([ship("cr90", 400, 400, size="huge")], {"type": "place-obstacle", "obstacle": rock}).outcome
    assert o["overlapping_ships"] == ["cr90"]
    assert o["effects"][0]["rule"] == "xwing-2.5/obstacles/huge-ships"
    assert "critical damage" in o["effects"][0]["text"]


def test_parallel_choice_shows_a_clear_and_an_obstructed_line() -> None:
    pieces = [ship("a", 400, 200), ship("d", 400, 390, player=2), rect("rock", 370, 280, 395, 290)]
    figs = {f.id: f.label for f in rule(pieces, attack()).figures if f.kind == "line"}
    assert set(figs) == {"line-1", "line-2"}
    assert sorted("clear" in label for label in figs.values()) == [False, True]


def test_close_calls_in_attacks_warn() -> None:
    # the rock's edge 0.3 mm beside the measuring line (x = 380.3 .. 390, line at x in 380..420)
    near = rule([ship("a", 400, 200), ship("d", 400, 390, player=2), rect("rock", 300, 280, 379.7, 290)], attack())
    assert any("within 0.5 mm" in w for w in near.warnings)
    clear = rule([ship("a", 400, 200), ship("d", 400, 390, player=2), rect("rock", 300, 280, 370, 290)], attack())
    assert not any("rock" in w for w in clear.warnings)


def test_the_defender_must_be_an_enemy_ship() -> None:
    friendly = rule([ship("a", 400, 200, player=1), ship("d", 400, 390, player=1)], attack())
    assert friendly.outcome["can_attack"] is False
    assert friendly.outcome["reasons"][0] == "xwing-2.5/attack/enemy"
    assert friendly.steps[0].title.endswith("is not an enemy ship")
    enemy = rule([ship("a", 400, 200, player=1), ship("d", 400, 390, player=2)], attack())
    assert enemy.outcome["can_attack"] is True and "xwing-2.5/attack/enemy" not in enemy.outcome["reasons"]


def test_only_parallel_closest_edges_give_the_attacker_a_choice_of_lines() -> None:
    steps_text = lambda r: " ".join(s.text for s in r.steps)  # noqa: E731
    # a corner facing an edge 150 mm away: one shortest line, however it is sampled
    corner = rule([ship("a", 400, 200, heading=45), ship("d", 400, 390, player=2)], attack())
    assert "equally short" not in steps_text(corner) and len(corner.outcome["lines"]) == 1
    # parallel bases offset sideways: many equally short lines, a real choice
    parallel = rule([ship("a", 400, 200), ship("d", 420, 390, player=2)], attack())
    assert "equally short" in steps_text(parallel) and len(parallel.outcome["lines"]) > 1


def test_a_setup_violation_keeps_a_users_label_as_typed() -> None:
    """The step title opens with the piece's name: "rock a" is not turned into "Rock a" (nor an id into "O0")."""
    pieces = _setup_pieces()
    pieces[1] = rect("o1", 300, 235, 330, 265, player=1, label="rock a")
    pieces[0] = {**pieces[0], "label": "rock b"}
    r = rule(pieces, {"type": "check-setup"})
    assert any(s.title.startswith("rock b and rock a are") for s in r.steps)
