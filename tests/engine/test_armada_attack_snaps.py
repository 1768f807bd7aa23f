"""Issue 22 item 4, Armada attack: the defender put at a range band ahead of the attacking hull zone, and an
obstacle across the line of sight between the targeting points (one tap each, as X-Wing's attack snaps)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import evaluate, games, parse_scenario
from rules.engine.armada.attack import attack_facts
from rules.engine.armada.pieces import footprint
from rules.engine.armada.snaps import snap_menu
from rules.engine.geometry import overlaps
from rules.engine.placement import free_spot

VIC = {"id": "vic", "kind": "ship", "size": "medium", "chassis": "victory-ii-class-star-destroyer"}
VIC |= {"x": 914, "y": 300, "heading": 0, "player": 1, "label": "Victory"}
CR = {"id": "cr", "kind": "ship", "size": "small", "chassis": "cr90-corvette-a", "heading": 0, "player": 2}
CR |= {"label": "CR90"}
ROCK = {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 300, "y": 300}
STATION = {"id": "st", "kind": "obstacle", "type": "station", "shape": "station", "x": 300, "y": 600}
ATTACK = {"type": "attack", "attacker": "vic", "defender": "cr", "attacker_zone": "front", "defender_zone": "rear"}


def doc(pieces: list[dict[str, Any]], action: dict[str, Any] = ATTACK) -> dict[str, Any]:
    return {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action}


def snapped(pieces: list[dict[str, Any]], action: dict[str, Any] = ATTACK) -> dict[str, dict[str, Any]]:
    """The snaps offered while the attack is being set up (the table drawn with a do-nothing maneuver)."""
    table = parse_scenario(doc(pieces, {"type": "maneuver", "ship": "vic", "speed": 0}))
    return {label: v for label, _, v in snap_menu(table, action)}


def applied(pieces: list[dict[str, Any]], v: dict[str, Any]) -> list[dict[str, Any]]:
    """The pieces after a tap on the snap ``v`` (and any piece it moves ``also``)."""
    out = [dict(p) for p in pieces]
    for m in (v, *v.get("also", ())):
        p = next(p for p in out if p["id"] == m["piece"])
        p |= {"x": m["x"], "y": m["y"]}
        if m.get("heading") is not None:
            p["rotation" if p["kind"] == "obstacle" else "heading"] = m["heading"]
    return out


@pytest.mark.parametrize(
    "zones", [("front", "rear"), ("left", "right"), ("right", "front"), ("front", "left"), ("right", "left")]
)
def test_the_defender_snaps_to_each_range_band_ahead_of_the_attacking_zone_medium_first(zones: tuple) -> None:
    """The defender is turned so its chosen zone faces the attacker: the attack the snap sets up is one that
    may be made (trial 3: from the front zone, with the left zone chosen, it was not)."""
    attack = ATTACK | {"attacker_zone": zones[0], "defender_zone": zones[1]}
    pieces = [VIC, CR | {"x": 600, "y": 700}, ROCK]
    got = snapped(pieces, attack)
    ahead = f"ahead of Victory's {zones[0]} hull zone"
    assert list(got)[0] == f"CR90: at medium range {ahead}"
    for band, name in enumerate(("close", "medium", "long")):
        scenario = parse_scenario(doc(applied(pieces, got[f"CR90: at {name} range {ahead}"]), attack))
        facts = attack_facts(scenario)
        assert facts.in_arc and facts.range_band == band, (name, facts.range_mm)
        assert facts.sight_blocked_by is None and facts.range_through is None, (name, facts)
        assert "cannot" not in evaluate(scenario).summary, (name, evaluate(scenario).summary)


def test_an_obstacle_snapped_across_the_line_of_sight_obstructs_and_overlaps_neither_ship() -> None:
    pieces = [VIC, CR | {"x": 914, "y": 560}, ROCK]
    v = snapped(pieces)["Asteroid field: across the line of sight"]
    moved = parse_scenario(doc(applied(pieces, v)))
    facts = attack_facts(moved)
    assert facts.obstructed_by == ("rock",)
    rock = footprint(moved.piece("rock"))
    assert not overlaps(rock, footprint(moved.piece("vic"))) and not overlaps(rock, footprint(moved.piece("cr")))
    assert "obstructed" in evaluate(moved).summary


def test_ships_too_close_for_the_obstacle_get_one_snap_that_moves_the_defender_out_to_medium_range() -> None:
    """The trial's table: two ships added by name start some 20 mm apart, no room for a station between them."""
    game = games.get("armada")
    cr = CR | dict(zip("xy", free_spot(game, [VIC], CR | {"x": 0, "y": 0}, (1828.8, 914.4), (914, 300)), strict=True))
    gap = footprint(parse_scenario(doc([VIC, cr])).piece("vic")).distance(
        footprint(parse_scenario(doc([VIC, cr])).piece("cr"))
    )
    assert gap < 30  # the default spacing the trial met
    attack = ATTACK | {"defender_zone": _facing(cr)}
    pieces = [VIC, cr, STATION]
    got = snapped(pieces, attack)
    assert "Station: across the line of sight" not in got  # it fits nowhere between them as they stand
    label = "Station: across the line of sight, with CR90 moved out to medium range (no room for it between them)"
    moved = parse_scenario(doc(applied(pieces, got[label]), attack))
    facts = attack_facts(moved)
    assert facts.range_band == 1 and facts.obstructed_by == ("st",)
    station = footprint(moved.piece("st"))
    assert not any(overlaps(station, footprint(moved.piece(s))) for s in ("vic", "cr"))


def _facing(cr: dict[str, Any]) -> str:
    """The CR90's hull zone that faces the Victory (the one its defender would pick)."""
    return "front" if cr["y"] < VIC["y"] else "rear"


def test_no_attacking_zone_chosen_yet_uses_the_front_and_says_so() -> None:
    got = snapped([VIC, CR | {"x": 600, "y": 700}], {"type": "attack", "attacker": "vic", "defender": "cr"})
    assert "CR90: at medium range ahead of Victory's front hull zone" in got
    assert snapped([VIC, CR | {"x": 600, "y": 700}], {"type": "attack", "attacker": "vic"}) == {}


def test_a_snap_that_would_move_another_piece_off_the_table_is_not_offered() -> None:
    from rules.engine.snapping import on_table

    inside = {"piece": "a", "x": 5.0, "y": 5.0}
    assert on_table([("on", "snap", inside | {"also": [{"piece": "b", "x": 9.0, "y": 1.0}]})], (10, 10))
    assert on_table([("off", "snap", inside | {"also": [{"piece": "b", "x": -1.0, "y": 1.0}]})], (10, 10)) == []


TIE = {"id": "sq", "kind": "squadron", "x": 600, "y": 300, "player": 1, "label": "TIE"}
XW = {"id": "xw", "kind": "squadron", "x": 650, "y": 700, "player": 2, "label": "X-wing"}


@pytest.mark.parametrize(
    ("defender", "zone", "squadron_at", "in_range"),
    [
        (CR | {"x": 900, "y": 700}, "rear", (600, 300), False),
        (XW, None, (600, 300), False),
        (CR | {"x": 900, "y": 700}, "rear", (900, 590), True),
        (XW, None, (650, 660), True),
    ],
)
def test_a_squadron_attacker_gets_its_defender_at_distance_1_and_an_obstacle_across_the_line(
    defender: dict[str, Any], zone: str | None, squadron_at: tuple[int, int], in_range: bool
) -> None:
    """A squadron attacks at distance 1: each snap sets up an attack that may be made, and the obstacle's
    obstructs it and overlaps neither piece; out of range, the obstacle's snap also brings the defender in."""
    attack = {"type": "attack", "attacker": "sq", "defender": defender["id"]} | (
        {"defender_zone": zone} if zone else {}
    )
    pieces = [TIE | dict(zip("xy", squadron_at, strict=True)), defender, ROCK]
    got = snapped_with(pieces, attack)
    name = defender["label"]
    assert list(got)[0] == f"{name}: at distance 1 of TIE, in its attack range"
    across = [label for label in got if label.startswith("Asteroid field: across the line of sight")]
    assert len(across) == 1
    assert ("moved into range" in across[0]) == (not in_range)
    for label, v in got.items():
        moved = parse_scenario(doc(applied(pieces, v), attack))
        facts = attack_facts(moved)
        assert facts.range_band == 0 and "may attack" in evaluate(moved).summary, (label, evaluate(moved).summary)
        assert facts.close_calls == (), (label, facts.close_calls)  # trial 4: no "check on the table" answer
        if label in across:
            assert facts.obstructed_by == ("rock",)
            rock = footprint(moved.piece("rock"))
            assert not any(overlaps(rock, footprint(moved.piece(p))) for p in ("sq", defender["id"]))


def snapped_with(pieces: list[dict[str, Any]], action: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The snaps offered for ``action`` on the table of ``pieces`` (drawn with the action itself)."""
    return {label: v for label, _, v in snap_menu(parse_scenario(doc(pieces, action)), action)}


def test_an_obstacle_across_the_line_of_sight_keeps_clear_of_a_third_piece_where_it_would_first_go() -> None:
    """The middle of the line is taken by a squadron of a third player's fleet: the obstacle goes elsewhere
    along the line (a snap that put it on a third piece would change the question)."""
    pieces = [VIC, CR | {"x": 914, "y": 560}, ROCK]
    first = snapped(pieces)["Asteroid field: across the line of sight"]
    squadron = {"id": "by", "kind": "squadron", "x": first["x"], "y": first["y"] + 5, "player": 2, "label": "B"}
    pieces = [VIC, CR | {"x": 914, "y": 560}, ROCK, squadron]
    v = snapped(pieces).get("Asteroid field: across the line of sight")
    assert v is not None and (v["x"], v["y"]) != (first["x"], first["y"])
    moved = parse_scenario(doc(applied(pieces, v)))
    rock = footprint(moved.piece("rock"))
    assert not any(overlaps(rock, footprint(moved.piece(p))) for p in ("vic", "cr", "by"))
    assert attack_facts(moved).obstructed_by == ("rock",)
