"""Armada: the maneuver tool, the ram loop, closest ship, flotillas, tool legality, squadrons, obstacles, moves."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rules.engine import ScenarioError, evaluate, parse_scenario
from rules.engine.armada import dimensions as dim
from rules.engine.armada.maneuver import tool_overlaps
from rules.engine.armada.pieces import body_at, footprint_at
from rules.engine.armada.tool import Course, final_local
from rules.engine.geometry import Pose, overlaps
from rules.engine.scenario import Piece

PITCH = dim.TOOL_JOINT.value + dim.TOOL_TAIL.value


def scenario(pieces: list[dict[str, Any]], action: dict[str, Any]) -> Any:
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def ship(pid: str, size: str, x: float, y: float, heading: float = 0, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": "ship", "size": size, "x": x, "y": y, "heading": heading, "player": 1, **kw}


def move(pid: str, clicks: list[int], side: str = "right") -> dict[str, Any]:
    return {"type": "maneuver", "ship": pid, "speed": len(clicks), "clicks": clicks, "side": side}


def hand_pose(size: str, clicks: list[int], side: str) -> tuple[float, float, float]:
    """Reference §2.3 computed by hand: guides beside the front edge (a huge ship's rear base), joint then tail."""
    w, length = dim.BODY["large" if size == "huge" else size]
    s = 1 if side == "right" else -1
    gx = s * (w / 2 + dim.TOOL_WIDTH.value / 2)
    gy = length / 2 if size != "huge" else -(length + dim.HUGE_GAP.value) / 2 + length / 2
    x, y, phi = gx, gy, 0.0
    for c in clicks:
        x += dim.TOOL_JOINT.value * math.sin(math.radians(phi))
        y += dim.TOOL_JOINT.value * math.cos(math.radians(phi))
        phi += 22.5 * c
        x += dim.TOOL_TAIL.value * math.sin(math.radians(phi))
        y += dim.TOOL_TAIL.value * math.cos(math.radians(phi))
    r = math.radians(phi)
    ox, oy = gx * math.cos(r) + gy * math.sin(r), -gx * math.sin(r) + gy * math.cos(r)
    return x - ox, y - oy, phi


@pytest.mark.parametrize("size", ["small", "medium", "large", "huge"])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("clicks", [[], [0], [1], [0, -1], [2, 2], [1, 0, -1], [0, 0, 1], [2, 2, 2, 2], [-1, 0, 1, 2]])
def test_final_pose_matches_the_hand_computation(size: str, side: str, clicks: list[int]) -> None:
    got = final_local(size, Course(tuple(clicks), side))
    x, y, h = hand_pose(size, clicks, side) if clicks else (0.0, 0.0, 0.0)
    assert abs(got.x - x) < 0.01 and abs(got.y - y) < 0.01 and abs(got.heading - h) < 0.01


def test_straight_moves_advance_one_pitch_per_speed() -> None:
    for n in range(1, 5):
        p = final_local("small", Course((0,) * n, "left"))
        assert abs(p.y - n * PITCH) < 1e-9 and abs(p.x) < 1e-9


def test_inside_turns_overlap_the_tool() -> None:
    """Reference §2.3: tool on one side, clicked toward it: a small ship needs its last joint straight."""
    small = Piece("a", "ship", parse_scenario_piece(ship("a", "small", 500, 300)))
    assert tool_overlaps(small, Course((1,), "left"))
    assert not tool_overlaps(small, Course((1, 0), "left"))
    assert not tool_overlaps(small, Course((1,), "right"))
    medium = Piece("a", "ship", parse_scenario_piece(ship("a", "medium", 500, 300)))
    assert tool_overlaps(medium, Course((1, 0), "left"))
    assert not tool_overlaps(medium, Course((1, 0, 0), "left"))
    assert not tool_overlaps(small, Course((0, 1, 0), "left")) and not tool_overlaps(small, Course((0, 1, 0), "right"))


def parse_scenario_piece(d: dict[str, Any]) -> Any:
    return scenario([d], {"type": "maneuver", "ship": d["id"], "speed": 0}).pieces[0].data


def test_clean_maneuver_and_tool_report() -> None:
    r = evaluate(scenario([ship("a", "small", 500, 300)], move("a", [0, 1])))
    o = r.outcome
    assert o["executed_speed"] == 2 and o["overlapped_ships"] == [] and o["damaged_ships"] == []
    assert o["tool"]["legal"] and o["tool"]["side"] == "right" and not o["destroyed"]
    assert all(s.rules for s in r.steps)


def test_ram_drops_speed_keeping_earlier_clicks_and_damages_both() -> None:
    pieces = [ship("a", "small", 500, 300), ship("b", "medium", 500, 300 + 3 * PITCH, 90)]
    o = evaluate(scenario(pieces, move("a", [0, 0, 0]))).outcome
    assert o["executed_speed"] < 3 and o["overlapped_ships"] == ["b"]
    assert sorted(o["damaged_ships"]) == ["a", "b"]
    assert [t["speed"] for t in o["tried"]][0] == 3
    assert o["tool"]["checked"] is False  # reduced: may overlap the tool


def test_ram_down_to_speed_zero_stays_and_still_resolves_obstacles() -> None:
    pieces = [
        ship("a", "small", 500, 300),
        ship("b", "large", 500, 300 + 71 / 2 + 129 / 2 + 10, 0),
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-3", "x": 500, "y": 290},
    ]
    o = evaluate(scenario(pieces, move("a", [0]))).outcome
    assert o["executed_speed"] == 0 and o["final"] == {"x": 500, "y": 300, "heading": 0}
    assert o["overlapping"] == ["rock"] and o["effects"][0]["rule"] == "armada-1.5/obstacles/asteroid-field"


def test_closest_ship_is_measured_from_the_final_position() -> None:
    """§7.1.2: overlapped at speed 2 by far, at speed 1 by near; damage to the one nearest the final spot."""
    pieces = [
        ship("a", "small", 500, 300),
        ship("far", "small", 500, 300 + 2 * PITCH + 40, 90),
        ship("near", "small", 500, 300 + PITCH + 20, 90),
    ]
    o = evaluate(scenario(pieces, move("a", [0, 0]))).outcome
    assert set(o["overlapped_ships"]) == {"far", "near"}
    assert o["executed_speed"] == 0
    assert o["damaged_ships"] == ["a", "near"]


@pytest.mark.parametrize(
    ("mover", "other", "damaged"),
    [(True, False, ["a"]), (False, True, ["b"]), (True, True, ["a", "b"]), (False, False, ["a", "b"])],
)
def test_flotilla_exception(mover: bool, other: bool, damaged: list[str]) -> None:
    pieces = [ship("a", "small", 500, 300, flotilla=mover), ship("b", "small", 500, 300 + PITCH, 90, flotilla=other)]
    assert evaluate(scenario(pieces, move("a", [0]))).outcome["damaged_ships"] == damaged


def test_touching_is_not_overlapping() -> None:
    """A's final frame front edge at y = 300 + PITCH + 35.5 + 3.9; B's rear frame starts exactly there."""
    front = 300 + PITCH + 71 / 2 + dim.FRAME_DEPTH.value
    b_y = front + dim.FRAME_DEPTH.value + 71 / 2
    pieces = [ship("a", "small", 500, 300), ship("b", "small", 500, b_y)]
    o = evaluate(scenario(pieces, move("a", [0]))).outcome
    assert o["executed_speed"] == 1 and o["overlapped_ships"] == []
    pieces[1]["y"] = b_y - 0.1
    assert evaluate(scenario(pieces, move("a", [0]))).outcome["executed_speed"] == 0


def test_frames_displace_squadrons_bodies_alone_would_not() -> None:
    r = dim.SQUADRON_DIAMETER.value / 2
    x = 500 + 43 / 2 + dim.FRAME_DEPTH.value + r - 1.0  # under the side frame only
    pieces = [ship("a", "small", 500, 300), {"id": "tie", "kind": "squadron", "x": x, "y": 300 + PITCH}]
    pose = Pose(500, 300 + PITCH, 0)
    from shapely import Point as P

    disc = P(x, 300 + PITCH).buffer(r)
    assert not overlaps(body_at("small", pose), disc) and overlaps(footprint_at("small", pose), disc)
    assert evaluate(scenario(pieces, move("a", [0]))).outcome["displaced_squadrons"] == ["tie"]


@pytest.mark.parametrize(("gap", "warned"), [(0.0, True), (0.4, True), (0.6, False), (0.99, False), (1.5, False)])
def test_contact_broad_phase_keeps_touching_and_close_calls(gap: float, warned: bool) -> None:
    """Pieces whose bounds are more than 1 mm from the final position are skipped; touching and < 0.5 mm
    gaps beside the final side frame are still found (the squadron's close-call warning)."""
    r = dim.SQUADRON_DIAMETER.value / 2
    x = 500 + 43 / 2 + dim.FRAME_DEPTH.value + r + gap
    pieces = [ship("a", "small", 500, 300), {"id": "tie", "kind": "squadron", "x": x, "y": 300 + PITCH}]
    ruling = evaluate(scenario(pieces, move("a", [0])))
    assert ruling.outcome["displaced_squadrons"] == []
    assert any(w.startswith("Squadron: within") for w in ruling.warnings) == warned


def test_ship_overlap_decides_speed_before_squadrons() -> None:
    pieces = [
        ship("a", "small", 500, 300),
        ship("b", "small", 500, 300 + 2 * PITCH, 90),
        {"id": "tie", "kind": "squadron", "x": 500, "y": 300 + 2 * PITCH - 60},
    ]
    o = evaluate(scenario(pieces, move("a", [0, 0]))).outcome
    assert o["executed_speed"] == 1 and o["overlapped_ships"] == ["b"]
    assert o["displaced_squadrons"] == ["tie"]


def test_off_table_destroyed_and_ram_saves() -> None:
    o = evaluate(scenario([ship("a", "small", 500, 880)], move("a", [0]))).outcome
    assert o["destroyed"] is True
    pieces = [ship("a", "small", 500, 860), ship("b", "small", 500, 860 + PITCH - 20, 90)]
    o = evaluate(scenario(pieces, move("a", [0]))).outcome
    assert o["executed_speed"] == 0 and o["destroyed"] is False


def test_huge_ship_overlapping_the_tool_on_both_sides_is_illegal_and_tool_side_reported() -> None:
    o = evaluate(scenario([ship("a", "small", 500, 300)], move("a", [1], side="left"))).outcome
    assert o["tool"]["legal"] is False and o["tool"]["other_side_legal"] is True
    o = evaluate(scenario([ship("h", "huge", 900, 400)], move("h", [0, 0]))).outcome
    assert o["tool"]["legal"] is True


def test_obstacle_effects_by_type_and_any_order() -> None:
    pieces = [
        ship("a", "large", 500, 300),
        {"id": "s", "kind": "obstacle", "type": "station", "shape": "station", "x": 480, "y": 300 + PITCH},
        {"id": "d", "kind": "obstacle", "type": "debris-field", "shape": "debris-field-2", "x": 540, "y": 330 + PITCH},
    ]
    r = evaluate(scenario(pieces, move("a", [0])))
    assert set(r.outcome["overlapping"]) == {"s", "d"} and len(r.outcome["effects"]) == 2
    assert any("armada-1.5/obstacles/any-order" in s.rules for s in r.steps)


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda a: a.update(clicks=[0]), "action.clicks"),
        (lambda a: a.update(clicks=[0, 3]), "action.clicks[1]"),
        (lambda a: a.update(speed=5), "action.speed"),
        (lambda a: a.pop("side"), "action.side"),
        (lambda a: a.update(ship="tie"), "action.ship"),
    ],
)
def test_bad_maneuvers_name_the_field(mutate: Any, field: str) -> None:
    action = move("a", [0, 1])
    mutate(action)
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", "small", 500, 300), {"id": "tie", "kind": "squadron", "x": 10, "y": 10}], action)
    assert field in {p.field for p in e.value.problems}


def test_yaw_limits_beyond_the_speed_chart_are_a_400() -> None:
    limits = {"1": [2], "2": [0, 2]}
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", "small", 500, 300, yaw_limits=limits)], move("a", [1, 1]))
    assert "action.clicks[0]" in {p.field for p in e.value.problems}
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", "small", 500, 300, yaw_limits=limits)], move("a", [0, 0, 0]))
    assert "action.speed" in {p.field for p in e.value.problems}
    scenario([ship("a", "small", 500, 300, yaw_limits=limits)], move("a", [0, -2]))


def displaced_setup(placements: dict[str, Any]) -> Any:
    pieces = [
        ship("a", "medium", 600, 400),
        {"id": "t1", "kind": "squadron", "x": 600, "y": 420, "player": 2},
        {"id": "t2", "kind": "squadron", "x": 600, "y": 380, "player": 2},
    ]
    return scenario(pieces, {"type": "place-squadrons", "ship": "a", "placements": placements})


def test_place_squadrons_legal_and_violations() -> None:
    r = dim.SQUADRON_DIAMETER.value / 2
    side = 600 + 63 / 2 + r  # touching the right side of the body, clear of the side frame
    legal = {"t1": {"x": side, "y": 400 + 35}, "t2": {"x": side, "y": 400 - 35}}
    o = evaluate(displaced_setup(legal)).outcome
    assert o["legal"] is True and set(o["touching_ship"]) == {"t1", "t2"}
    far = {"t1": {"x": side, "y": 435}, "t2": {"x": side + 2 * r, "y": 435}}
    o = evaluate(displaced_setup(far)).outcome
    assert o["legal"] is False
    assert "armada-1.5/overlapping/squadrons-as-many-touching" in {v["rule"] for v in o["violations"]}
    stacked = {"t1": {"x": side, "y": 435}, "t2": {"x": side, "y": 440}}
    o = evaluate(displaced_setup(stacked)).outcome
    assert "armada-1.5/overlapping/squadron-placement" in {v["rule"] for v in o["violations"]}


def test_placement_for_a_squadron_not_displaced_is_a_400() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario(
            [ship("a", "medium", 600, 400), {"id": "far", "kind": "squadron", "x": 100, "y": 100}],
            {"type": "place-squadrons", "ship": "a", "placements": {"far": {"x": 700, "y": 400}}},
        )
    assert "action.placements.far" in {p.field for p in e.value.problems}


def test_move_squadron_distance_overlap_engagement() -> None:
    base = [{"id": "x", "kind": "squadron", "x": 300, "y": 300, "player": 1}]
    ok = evaluate(scenario(base, {"type": "move-squadron", "squadron": "x", "speed": 3, "to": {"x": 300, "y": 484}}))
    assert ok.outcome["legal"] and ok.outcome["distance_band"] == 3
    far = evaluate(scenario(base, {"type": "move-squadron", "squadron": "x", "speed": 3, "to": {"x": 300, "y": 486}}))
    assert not far.outcome["legal"]
    enemy = [*base, {"id": "y", "kind": "squadron", "x": 300, "y": 360, "player": 2}]
    eng = evaluate(scenario(enemy, {"type": "move-squadron", "squadron": "x", "speed": 2, "to": {"x": 200, "y": 300}}))
    assert eng.outcome["engaged_by"] == ["y"] and not eng.outcome["legal"]


def obstacle_move(action: dict[str, Any], extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    pieces = [
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-3", "x": 900, "y": 450},
        *(extra or []),
    ]
    return evaluate(scenario(pieces, {"type": "move-obstacle", "obstacle": "rock", **action})).outcome


def test_move_obstacle_within_and_beyond_the_band() -> None:
    o = obstacle_move({"to": {"x": 900, "y": 550}, "max_distance": 2})
    assert o["legal"] and o["distance_band"] == 2 and o["region"]["contains_proposed"]
    o = obstacle_move({"to": {"x": 900, "y": 600}, "max_distance": 2})
    assert not o["legal"] and not o["region"]["contains_proposed"]


def test_move_obstacle_may_not_end_on_a_ship_but_carries_tokens_and_leaves_ships() -> None:
    extra = [ship("a", "small", 900, 620), {"id": "obj", "kind": "token", "type": "objective", "x": 905, "y": 455}]
    o = obstacle_move({"to": {"x": 900, "y": 600}, "max_distance": 3}, extra)
    assert not o["legal"] and o["carried_tokens"] == ["obj"]
    on = [ship("b", "small", 900, 450)]
    o = obstacle_move({"to": {"x": 1050, "y": 450}, "max_distance": 3}, on)
    assert o["stays"] == ["b"] and o["legal"]


def test_minimum_and_staying() -> None:
    assert obstacle_move({"to": {"x": 900, "y": 450}, "max_distance": 2})["legal"]
    assert not obstacle_move({"to": {"x": 900, "y": 450}, "max_distance": 2, "min_distance": 1})["legal"]


def test_bad_moves_name_the_field() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario(
            [{"id": "rock", "kind": "obstacle", "type": "station", "shape": "station", "x": 900, "y": 450}],
            {
                "type": "move-obstacle",
                "obstacle": "rock",
                "to": {"x": 1, "y": 1},
                "max_distance": 1,
                "min_distance": 3,
                "toward": "rock",
            },
        )
    assert {"action.min_distance", "action.toward"} <= {p.field for p in e.value.problems}


def test_a_ship_between_two_squadrons_obstructs_so_they_are_not_engaged() -> None:
    pieces = [
        {"id": "x", "kind": "squadron", "x": 300, "y": 300, "player": 1},
        {"id": "y", "kind": "squadron", "x": 300, "y": 400, "player": 2},
        ship("wall", "small", 300, 350, 90),
    ]
    o = evaluate(scenario(pieces, {"type": "move-squadron", "squadron": "x", "speed": 2, "to": {"x": 200, "y": 300}}))
    assert o.outcome["engaged_by"] == [] and o.outcome["legal"]
    pieces.pop()
    o = evaluate(scenario(pieces, {"type": "move-squadron", "squadron": "x", "speed": 2, "to": {"x": 200, "y": 300}}))
    assert o.outcome["engaged_by"] == ["y"]


def test_toward_puts_the_centre_on_the_rulers_centre_line_where_it_can() -> None:
    """AMG ruling (May 2024): the obstacle's centre goes on the ruler's centre line when any legal placement allows."""
    target = ship("t", "medium", 900, 800, 90)
    rock = {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 880, "y": 600}
    base = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "toward": "t"}
    s = scenario([rock, target], {**base, "to": {"x": 880, "y": 650}})
    from shapely.ops import nearest_points

    from rules.engine.armada.pieces import measured, token_outline

    pa, pb = nearest_points(token_outline(s.piece("rock")), measured(s.piece("t")))
    assert abs(pa.x - 880) > 1  # the closest point is off the centre: the two readings differ
    ux, uy = (pb.x - pa.x) / pa.distance(pb), (pb.y - pa.y) / pa.distance(pb)
    t = 60.0
    on_line = {"x": round(pa.x + ux * t, 2), "y": round(pa.y + uy * t, 2)}
    parallel = {"x": round(880 + ux * t, 2), "y": round(600 + uy * t, 2)}
    good = evaluate(scenario([rock, target], {**base, "to": on_line})).outcome
    bad = evaluate(scenario([rock, target], {**base, "to": parallel})).outcome
    assert good["legal"], good["violations"]
    assert not bad["legal"] and bad["violations"][0]["rule"] == "armada-1.5/obstacle-movement/centre-line"


def test_a_minimum_without_toward_cites_our_derived_reading_not_the_toward_clause() -> None:
    o = obstacle_move({"to": {"x": 900, "y": 480}, "max_distance": 3, "min_distance": 2})
    assert not o["legal"] and o["violations"][0]["rule"] == "armada-1.5/obstacle-movement/minimum"
    r = evaluate(
        scenario(
            [
                {
                    "id": "rock",
                    "kind": "obstacle",
                    "type": "asteroid-field",
                    "shape": "asteroid-field-3",
                    "x": 900,
                    "y": 450,
                }
            ],
            {
                "type": "move-obstacle",
                "obstacle": "rock",
                "to": {"x": 900, "y": 480},
                "max_distance": 3,
                "min_distance": 2,
            },
        )
    )
    cited = {c for s in r.steps for c in s.rules}
    assert "armada-1.5/obstacle-movement/toward-minimum" not in cited
    minimum = next(s for s in r.steps if "armada-1.5/obstacle-movement/minimum" in s.rules)
    assert minimum.derived


def test_convex_parts_cover_each_outline_exactly() -> None:
    from shapely import Polygon, union_all

    from rules.engine.armada.obstacles import convex_parts
    from rules.engine.armada.shapes import SHAPES

    for spec in SHAPES.values():
        poly = Polygon(spec.outline)
        parts = convex_parts(poly)
        assert all(abs(p.convex_hull.area - p.area) < 1e-6 * p.area for p in parts), spec.id
        assert abs(union_all(parts).area - poly.area) < 1e-6 * poly.area, spec.id
        assert sum(p.area for p in parts) == pytest.approx(poly.area, rel=1e-9), spec.id  # no two parts overlap


def test_the_forbidden_region_is_exactly_where_the_moved_outline_overlaps_a_blocker() -> None:
    """Minkowski sums against brute force: every sampled reference point away from the boundary agrees."""
    import random

    from shapely import Point as P
    from shapely import affinity

    from rules.engine.armada.obstacles import convex_parts, minkowski_forbidden
    from rules.engine.armada.pieces import footprint_parts, ship_footprint, squadron_base, token_outline

    s = scenario(
        [
            {"id": "rock", "kind": "obstacle", "type": "debris-field", "shape": "debris-field-1", "x": 0, "y": 0},
            ship("a", "medium", 120, 40, 30),
            {"id": "q", "kind": "squadron", "x": -90, "y": 60},
            {
                "id": "d",
                "kind": "obstacle",
                "type": "dust-field",
                "shape": "dust-field-1",
                "x": 20,
                "y": -120,
                "rotation": 75,
            },
        ],
        {"type": "maneuver", "ship": "a", "speed": 0},
    )
    moved = affinity.rotate(token_outline(s.piece("rock")), -40, origin=(0, 0))
    parts = [affinity.rotate(p, -40, origin=(0, 0)) for p in convex_parts(token_outline(s.piece("rock")))]
    blockers = [("a", footprint_parts(s.piece("a"))), ("d", list(convex_parts(token_outline(s.piece("d")))))]
    forbidden, each = minkowski_forbidden(blockers, moved, (("q", -90.0, 60.0, 17.0),), parts)
    assert set(each) == {"a", "d", "q"}
    shapes = [ship_footprint(s.piece("a")), token_outline(s.piece("d")), squadron_base(s.piece("q"))]
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        x, y = rng.uniform(-250, 250), rng.uniform(-250, 250)
        if forbidden.boundary.distance(P(x, y)) < 0.1:
            continue
        placed = affinity.translate(moved, x, y)
        assert forbidden.contains(P(x, y)) == any(overlaps(placed, b) for b in shapes), (x, y)
        checked += 1
    assert checked > 300
