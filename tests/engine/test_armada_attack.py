"""Armada attacks: hull zones, arc, range, line of sight and obstruction, with hand-worked geometry."""

from __future__ import annotations

import math
from typing import Any

import pytest
from shapely import Polygon, unary_union

from rules.engine import ScenarioError, evaluate, parse_scenario
from rules.engine.armada import hullzones as hz
from rules.engine.geometry import overlaps

VSD = {"id": "a", "kind": "ship", "size": "medium", "x": 400, "y": 300, "heading": 0, "player": 1, "label": "Victory"}
FRONT = {"attacker": "a", "attacker_zone": "front", "defender": "d", "defender_zone": "front"}


def ship(**kw: Any) -> dict[str, Any]:
    return {"id": "d", "kind": "ship", "size": "small", "x": 400, "y": 500, "heading": 180, "player": 2, **kw}


def asteroid(x: float, y: float, rotation: float = 0, kind: str = "asteroid-field", shape: str = "asteroid-field-1"):
    return {"id": "o", "kind": "obstacle", "type": kind, "shape": shape, "x": x, "y": y, "rotation": rotation}


def run(pieces: list[dict[str, Any]], action: dict[str, Any]) -> dict[str, Any]:
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": {"type": "attack", **action}}
    return evaluate(parse_scenario(doc)).outcome


def problems(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": {"type": "attack", **action}}
    with pytest.raises(ScenarioError) as e:
        parse_scenario(doc)
    return [p.field for p in e.value.problems]


LAYOUTS = [(size, None) for size in hz.ZONES] + [(c["size"], name) for name, c in hz.RAW["chassis"].items()]


@pytest.mark.parametrize(("size", "chassis"), LAYOUTS)
def test_hull_zones_share_the_token_without_overlapping(size: str, chassis: str | None) -> None:
    lay = hz.layout(size, chassis)
    zones = {n: Polygon(r) for n, r in hz.local_zones(lay).items()}
    assert set(zones) == set(hz.ZONES[size]) and all(z.is_valid for z in zones.values())
    assert unary_union(list(zones.values())).area == pytest.approx(lay.width * lay.length, abs=0.01)
    names = list(zones)
    assert not any(overlaps(zones[a], zones[b]) for i, a in enumerate(names) for b in names[i + 1 :])
    for name, (x, y) in lay.targets:  # each targeting point lies in its own zone
        assert zones[name].contains(Polygon([(x, y), (x + 0.01, y), (x, y + 0.01)]).centroid), name


def test_the_victory_front_arc_line_by_hand() -> None:
    """Medium token 101.5 long: the front-left line runs from 47 mm behind the front edge to the left edge 20.25 on."""
    (c, e), _ = hz.arc_line_ends(hz.layout("medium"), "front")
    assert c == pytest.approx((0.0, 50.75 - 47.0)) and e == pytest.approx((-29.25, 50.75 - 20.25))


def test_crossing_lines_meet_at_their_midpoint() -> None:
    lay = hz.layout("small", "cr90-corvette-a")
    assert [c for c, _ in lay.lines] == [43.125, 43.125]


def test_range_to_the_defending_front_by_hand() -> None:
    """Front edges face each other: 300 + 101.5/2 = 350.75 and 500 − 70.25/2 = 464.875, so 114.125 mm: close."""
    out = run([VSD, ship()], FRONT)
    assert out["range_mm"] == pytest.approx(114.13, abs=0.01)
    assert out["range"] == "close" and out["can_attack"] and out["in_arc"] and not out["obstructed"]


def test_range_band_ends_belong_to_the_nearer_band() -> None:
    """Front edges 123.295 mm apart (positions are kept to 0.01 mm) are close; 123.305 mm is medium."""
    assert run([VSD, ship(y=509.17)], FRONT)["range"] == "close"
    assert run([VSD, ship(y=509.18)], FRONT)["range"] == "medium"
    far = run([VSD, ship(y=350.75 + 304.9 + 35.125)], FRONT)
    assert far["range"] is None and not far["can_attack"]


def test_range_traced_through_another_hull_zone() -> None:
    """The defender faces away: its front zone's closest point (its arc lines meet, 500.375) is behind its rear."""
    out = run([VSD, ship(heading=0)], FRONT)
    assert out["range_mm"] == pytest.approx(500.375 - 350.75, abs=0.01)
    assert out["range_through_zone"] == "rear" and out["sight_blocked_by_zone"] == "rear"
    assert out["can_attack"] is False and not out["line_of_sight"]


def _squadron_beside_the_arc_line(offset: float) -> dict[str, Any]:
    """A squadron whose base edge is ``offset`` mm outside the Victory's extended front-left arc line."""
    c, e = hz.arc_line_ends(hz.layout("medium"), "front")[0]
    d = math.dist(c, e)
    ux, uy = (e[0] - c[0]) / d, (e[1] - c[1]) / d
    r = 17.0 + offset
    x, y = c[0] + 150 * ux - r * uy, c[1] + 150 * uy + r * ux  # left of the line, away from the arc
    return {"id": "d", "kind": "squadron", "x": round(400 + x, 3), "y": round(300 + y, 3), "player": 2}


def test_touching_the_arc_line_is_in_arc_and_clear_of_it_is_not() -> None:
    inside = run(
        [VSD, _squadron_beside_the_arc_line(-0.05)], {"attacker": "a", "attacker_zone": "front", "defender": "d"}
    )
    outside = run(
        [VSD, _squadron_beside_the_arc_line(0.05)], {"attacker": "a", "attacker_zone": "front", "defender": "d"}
    )
    assert inside["in_arc"] and "arc" in inside["close_calls"]
    assert not outside["in_arc"] and "arc" in outside["close_calls"] and not outside["can_attack"]
    arc = hz.arc(
        parse_scenario(
            {
                "format": 1,
                "game": "armada",
                "edition": "1.5",
                "pieces": [VSD],
                "action": {"type": "maneuver", "ship": "a", "speed": 0},
            }
        ).piece("a"),
        "front",
    )
    (x0, y0), (x1, y1) = arc.exterior.coords[0], arc.exterior.coords[1]
    mx, my, c = (x0 + x1) / 2, (y0 + y1) / 2, arc.centroid
    away = (mx + (mx - c.x), my + (my - c.y))
    edge = Polygon([(x0, y0), (x1, y1), away])  # shares the arc's own edge, from outside
    assert arc.intersects(edge) and arc.intersection(edge).area == pytest.approx(0.0, abs=1e-6)


def test_an_asteroid_between_obstructs_and_one_aside_does_not() -> None:
    hit = run([VSD, ship(), asteroid(400, 420, 90)], {**FRONT, "dice": {"red": 2, "black": 2}})
    assert hit["obstructed_by"] == ["o"] and hit["dice_removed"] == 1
    assert hit["dice"]["remove_one_of"] == ["black", "red"]
    aside = run([VSD, ship(), asteroid(520, 420)], FRONT)
    assert not aside["obstructed"]


def test_a_ship_on_an_obstacle_is_not_obstructed_by_what_its_base_covers() -> None:
    """Under the defender's base (front edge 464.5) the line ends at 472.625; the asteroid: 465.6 on."""
    out = run([VSD, ship(), asteroid(400, 480, 90)], FRONT)
    assert not out["obstructed"] and out["covered_obstacles"] == [{"obstacle": "o", "under": ["d"]}]
    seen = run([VSD, ship(), asteroid(400, 470, 90)], FRONT)  # its part beyond the base edge is crossed
    assert seen["obstructed_by"] == ["o"]


def test_a_dial_over_an_obstacle_obstructs() -> None:
    """The asteroid reaches under the front dial frame (x 391.5–408.5) but not the line at x = 400."""
    out = run([VSD, ship(), asteroid(382.59, 445)], FRONT)
    assert out["obstructed"] and out["dial_obstructions"] == [{"obstacle": "o", "dial_of": ["d"]}]


def test_a_dust_field_stops_a_ship_and_obstructs_a_squadron() -> None:
    dust = asteroid(400, 420, 90, "dust-field", "dust-field-1")
    ship_attack = run([VSD, ship(), dust], FRONT)
    assert not ship_attack["can_attack"] and ship_attack["dust_fields"] == ["o"]
    sq = {"id": "a", "kind": "squadron", "x": 400, "y": 380, "player": 1}
    near = {"id": "d", "kind": "squadron", "x": 400, "y": 470, "player": 2}
    out = run([sq, near, dust], {"attacker": "a", "defender": "d"})
    assert out["distance"] == 1 and out["can_attack"] and out["obstructed_by"] == ["o"]


def test_objective_pieces_that_do_not_obstruct_are_marked() -> None:
    out = run([VSD, ship(), asteroid(400, 420, 90)], {**FRONT, "not_obstructing": ["o"]})
    assert not out["obstructed"] and out["not_obstructing"] == ["o"]


def test_squadrons_never_obstruct_and_other_ships_do() -> None:
    sq = {"id": "q", "kind": "squadron", "x": 400, "y": 410, "player": 2}
    assert run([VSD, ship(), sq], FRONT)["squadrons_crossed"] == ["q"]
    assert not run([VSD, ship(), sq], FRONT)["obstructed"]
    other = {"id": "s", "kind": "ship", "size": "small", "x": 400, "y": 405, "heading": 90, "player": 2}
    assert run([VSD, ship(), other], FRONT)["obstructed_by"] == ["s"]


def test_squadron_attacks_reach_distance_1_only() -> None:
    a = {"id": "a", "kind": "squadron", "x": 400, "y": 300, "player": 1}
    d = {"id": "d", "kind": "squadron", "x": 400, "y": 300 + 34 + 75, "player": 2}
    assert run([a, d], {"attacker": "a", "defender": "d"})["distance"] == 1
    d["y"] += 0.1
    assert run([a, d], {"attacker": "a", "defender": "d"})["distance"] is None


def test_dice_outside_their_range_are_not_gathered() -> None:
    out = run([VSD, ship(y=350.75 + 150 + 35.125)], {**FRONT, "dice": {"black": 2}})
    assert out["range"] == "medium" and out["dice"]["cancelled"] and not out["can_attack"]
    hits = run([VSD, ship()], {**FRONT, "dice": {"red": 2}, "dice_results": {"red": ["hit-hit", "crit"]}})
    assert hits["damage"] == 3


def test_a_huge_ship_has_six_zones_and_the_rrg_names() -> None:
    huge = {"id": "a", "kind": "ship", "size": "huge", "x": 400, "y": 300, "heading": 90, "player": 1}
    out = run([huge, ship(x=400, y=520)], {**FRONT, "attacker_zone": "left"})  # the RRG's left is front-left
    assert out["attacker_zone"] == "front-left" and out["in_arc"]


def test_bad_attacks_name_the_field() -> None:
    sq = {"id": "q", "kind": "squadron", "x": 600, "y": 300, "player": 1}
    assert "action.attacker_zone" in problems([VSD, ship()], {**FRONT, "attacker_zone": "rear-left"})
    assert "action.attacker_zone" in problems([sq, ship()], {**FRONT, "attacker": "q"})
    assert "action.defender" in problems([VSD, ship(player=1)], FRONT)
    assert "action.defender" in problems([VSD, ship()], {**FRONT, "defender": "a"})
    assert "action.defender_zone" in problems(
        [VSD, ship()], {"attacker": "a", "attacker_zone": "front", "defender": "d"}
    )
    assert "action.dice.green" in problems([VSD, ship()], {**FRONT, "dice": {"green": 1}})
    assert "action.dice_results.blue" in problems(
        [VSD, ship()], {**FRONT, "dice": {"blue": 1}, "dice_results": {"blue": ["blank"]}}
    )


def test_the_dial_figure_marks_the_defenders_dial_only() -> None:
    """The line also crosses the Victory's own front dial (350.75–354.65); only Nebulon's (460.6–464.5) counts."""
    doc = {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": [VSD, ship(), asteroid(382.59, 445)],
        "action": {"type": "attack", **FRONT},
    }
    ruling = evaluate(parse_scenario(doc))
    (fig,) = [f for f in ruling.figures if f.id == "crossed-o"]
    ys = [y for _, y in fig.coords]
    assert min(ys) == pytest.approx(460.6, abs=0.01) and max(ys) == pytest.approx(464.5, abs=0.01)


def test_the_library_has_a_dozen_attacks() -> None:
    import json
    from pathlib import Path

    library = Path(__file__).resolve().parents[2] / "rules" / "examples"
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in library.glob("ak-*.json")]
    assert len([d for d in docs if "attacks" in d["tags"]]) >= 12


def test_an_attacker_on_an_obstacle_is_not_obstructed_by_what_its_own_base_covers() -> None:
    """The Victory's front targeting point is at 350.75 − 11.4 = 339.35 and its base edge at 351: a rock lying
    across y 320.8–349.3 (sticking out at the sides) is crossed only where the base covers it."""
    out = run([VSD, ship(), asteroid(400, 335, 90)], FRONT)
    assert out["covered_obstacles"] == [{"obstacle": "o", "under": ["a"]}] and not out["obstructed"]
    seen = run([VSD, ship(), asteroid(400, 352, 90)], FRONT)  # now it reaches out past the base edge
    assert seen["obstructed_by"] == ["o"]


def test_a_huge_ship_in_the_line_obstructs_over_the_gap_between_its_bases() -> None:
    """Lying across the line, the huge ship's two bases leave a 93.5 mm gap about x = 400 (x 353.25–446.75): the
    line crosses only the gap, where its token lies."""
    huge = {"id": "h", "kind": "ship", "size": "huge", "x": 400, "y": 420, "heading": 90, "player": 2}
    a = {**VSD, "y": 200}
    out = run([a, ship(y=560), huge], FRONT)
    assert out["obstructed_by"] == ["h"] and out["range"] == "long" and out["can_attack"]


def test_exactly_touching_an_arc_line_is_in_arc() -> None:
    """The huge token's line between its left and left-auxiliary zones runs straight across the ship (the
    Tabletop Simulator mod's Super Star Destroyer ruler), 200.58 mm behind the front: y = 400 + 175.5 − 200.58
    = 374.92. A squadron whose base's top point is exactly on it (centre 374.92 − 17) is in the left arc by
    touching; 0.01 mm lower it is not. Its top point lies 63.5 mm left of the token's edge (763.5 − 700):
    close range."""
    huge = {"id": "a", "kind": "ship", "size": "huge", "x": 800, "y": 400, "heading": 0, "player": 1}
    attack = {"attacker": "a", "attacker_zone": "left", "defender": "d"}
    sq = {"id": "d", "kind": "squadron", "x": 700, "y": 357.92, "player": 2}
    touching = run([huge, sq], attack)
    assert touching["in_arc"] and touching["arc_touching"] and touching["range_mm"] == pytest.approx(63.5, abs=0.01)
    assert touching["range"] == "close" and "arc" in touching["close_calls"]
    below = run([huge, {**sq, "y": 357.91}], attack)
    assert not below["in_arc"] and below["arc_gap_mm"] == pytest.approx(0.01, abs=0.001)


def test_a_large_token_has_the_imperial_class_rulers_arc_lines() -> None:
    """The large token's four lines start on the centre line 79.84 mm behind its front (for a ship at 400, 300
    facing +y: y = 300 + 64.25 − 79.84 = 284.41, 15.59 mm behind its middle: the Tabletop Simulator mod's
    Imperial-class ruler); the front lines run 48.13° from the side edge (to the edge 40.72 mm ahead). A
    squadron square out to the left of that point is in the left arc; one 20 mm (more than its 17 mm radius)
    either side of the front-left line, 150 mm out, is in the left arc only or in the front arc only. The
    Victory-scaled estimate this replaces put the point 4.75 mm ahead of the middle, at 42.9°."""
    import math as m

    a = {"id": "a", "kind": "ship", "size": "large", "x": 400, "y": 300, "heading": 0, "player": 1}
    left = {"attacker": "a", "attacker_zone": "left", "defender": "d"}
    front = {**left, "attacker_zone": "front"}
    centre_y = 300 + 128.5 / 2 - 79.84
    assert centre_y == pytest.approx(284.41, abs=0.01)
    sq = {"id": "d", "kind": "squadron", "x": 250, "y": round(centre_y, 2), "player": 2}
    assert run([a, sq], left)["in_arc"] and not run([a, sq], front)["in_arc"]
    u = (-m.cos(m.radians(48.13)), m.sin(m.radians(48.13)))  # along the front-left line: left and forward
    on = (400 + 150 * u[0], centre_y + 150 * u[1])
    n = (-u[1], u[0])  # square to it, into the left arc (left and back)
    in_left = {**sq, "x": round(on[0] + 20 * n[0], 2), "y": round(on[1] + 20 * n[1], 2)}
    assert run([a, in_left], left)["in_arc"] and not run([a, in_left], front)["in_arc"]
    in_front = {**sq, "x": round(on[0] - 20 * n[0], 2), "y": round(on[1] - 20 * n[1], 2)}
    assert run([a, in_front], front)["in_arc"] and not run([a, in_front], left)["in_arc"]


def test_a_named_ship_uses_its_own_arc_lines() -> None:
    """A Nebulon-B's front arc lines run to the token's front corners (28.5° off the centre line); the small
    token's default (a Gladiator's) reach the sides 6.5 mm back (34.3°). A squadron 400 mm out at 31.4° is
    inside the second arc only."""
    import math as m

    a = {"id": "a", "kind": "ship", "size": "small", "x": 400, "y": 300, "heading": 0, "player": 1}
    x, y = 400 + 400 * m.sin(m.radians(31.4)), 300 + 400 * m.cos(m.radians(31.4))
    sq = {"id": "d", "kind": "squadron", "x": round(x, 2), "y": round(y, 2), "player": 2}
    attack = {"attacker": "a", "attacker_zone": "front", "defender": "d"}
    assert run([a, sq], attack)["in_arc"]
    assert not run([{**a, "chassis": "nebulon-b-escort-frigate"}, sq], attack)["in_arc"]
    assert "pieces[0].chassis" in problems([{**a, "chassis": "victory-i-class-star-destroyer"}, sq], attack)


@pytest.mark.parametrize("zone", [[], {}, 3, True])
def test_a_hull_zone_that_is_not_a_name_is_refused_for_a_huge_ship_too(zone: Any) -> None:
    """The long fuzz run: a list as a huge ship's attacker_zone was a 500 (it was looked up as an alias)."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "rules" / "examples" / "ak-11-huge-ship-auxiliary-zone.json"
    doc = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    attacker = next(p for p in doc["pieces"] if p["id"] == doc["action"]["attacker"])
    assert attacker["size"] == "huge"
    doc["action"]["attacker_zone"] = zone
    with pytest.raises(ScenarioError) as e:
        parse_scenario(doc)
    assert [p.field for p in e.value.problems] == ["action.attacker_zone"]


def test_the_token_correction_is_registered_for_attacks_with_large_or_huge_ships() -> None:
    from rules.engine.changes import changes_since

    def titles(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
        doc = {
            "format": 1,
            "game": "armada",
            "edition": "1.5",
            "pieces": pieces,
            "action": {"type": "attack", **action},
        }
        return [c.title for c in changes_since(8, parse_scenario(doc))]

    large = {"id": "a", "kind": "ship", "size": "large", "x": 400, "y": 300, "heading": 0, "player": 1}
    assert titles([large, ship(y=520)], FRONT) == [
        "Large and huge ship tokens: arc lines read from a simulator's rulers"
    ]
    assert titles([VSD, ship()], FRONT) == []
    # the library's touching example was redrawn onto the new line; its old version keeps its link, corrected
    import json
    from pathlib import Path

    retired = (
        Path(__file__).resolve().parents[2] / "rules" / "examples" / "retired" / "ak-18-touching-the-arc-line.json"
    )
    old = json.loads(retired.read_text(encoding="utf-8"))["scenario"]
    assert [c.version for c in changes_since(8, parse_scenario(old))] == [9]
    assert not evaluate(parse_scenario(old)).outcome["in_arc"]  # 39.4 mm behind the line now
