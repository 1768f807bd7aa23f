"""Armada obstacle and token moves: equally close points, staying when blocked, a minimum without toward,
open questions, and the words of the ruling (every template rendered from facts)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import shapely

from rules.engine import evaluate, parse_scenario
from rules.engine.armada import narrate_move
from rules.engine.armada.obstacles import move_facts
from rules.engine.armada.pieces import footprint, measured
from rules.engine.clauses import get_clause
from rules.engine.ruling import Ruling
from rules.library import examples

R = "armada-1.5/obstacle-movement/"
LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
MOVE_EXAMPLES = sorted(
    p
    for p in LIBRARY.glob("*.json")
    if json.loads(p.read_text())["scenario"]["action"]["type"] in ("move-obstacle", "move-token")
)


def scenario(pieces: list[dict[str, Any]], action: dict[str, Any]) -> Any:
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def square(cx: float, cy: float, half: float = 20.0) -> list[list[float]]:
    return [[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half], [cx - half, cy + half]]


FRIGATE = {
    "id": "t",
    "kind": "ship",
    "size": "medium",
    "x": 600,
    "y": 600,
    "heading": 0,
    "player": 1,
    "label": "Frigate",
}
CRATE = {"id": "rock", "kind": "obstacle", "type": "debris-field", "outline": square(600, 400), "label": "Crate"}


def toward(
    to: dict[str, float], extra: list[dict[str, Any]] | None = None, crate: dict[str, Any] = CRATE, **kw: Any
) -> Ruling:
    action = {"type": "move-obstacle", "obstacle": "rock", "to": to, "max_distance": 2, "toward": "t", **kw}
    return evaluate(scenario([crate, FRIGATE, *(extra or [])], action))


def rules_broken(r: Ruling) -> list[str]:
    return [v["rule"] for v in r.outcome["violations"]]


# 1. equally close points


def test_a_move_straight_at_a_flat_side_is_on_a_centre_line() -> None:
    """The crate's top edge faces the frigate's rear edge: every point of it is equally close."""
    straight = toward({"x": 600, "y": 430})
    assert straight.outcome["legal"], straight.outcome["violations"]
    assert straight.outcome["ruler"]["tied_stretch_mm"] == pytest.approx(40.0, abs=0.01)
    inside = toward({"x": 615, "y": 430})  # still inside the stretch the ruler may start from
    assert inside.outcome["legal"]
    ruler = next(f for f in inside.figures if f.id == "ruler")
    assert ruler.coords[0] == (pytest.approx(615.0), pytest.approx(420.0))  # drawn where this move's centre line is
    assert R + "centre-line" in rules_broken(toward({"x": 650, "y": 430}))  # outside it


def test_a_centre_line_refusal_says_which_way_and_how_far() -> None:
    r = toward({"x": 650, "y": 430})
    fix = r.outcome["centre_line_fix"]
    # the legal strip ends at x = 620; looking from the crate toward the frigate (up the table), -x is left
    assert fix["side"] == "left" and fix["sideways_mm"] == pytest.approx(30.0, abs=0.1)
    message = next(v["message"] for v in r.outcome["violations"] if v["rule"] == R + "centre-line")
    assert "about 30 mm to the left, as seen from Crate looking toward Frigate" in message
    assert not re.search(r"\d+\.\d+, \d+\.\d+", message)


def test_a_unique_closest_point_gives_one_ruler_and_the_side_to_go() -> None:
    target = {**FRIGATE, "x": 900, "y": 800, "heading": 90}
    rock = {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 880, "y": 600}
    s = scenario([rock, target], {"type": "maneuver", "ship": "t", "speed": 0})
    from shapely.ops import nearest_points

    from rules.engine.armada.pieces import token_outline

    pa, pb = nearest_points(token_outline(s.piece("rock")), measured(s.piece("t")))
    ux, uy = (pb.x - pa.x) / pa.distance(pb), (pb.y - pa.y) / pa.distance(pb)
    action = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "toward": "t"}
    bad = evaluate(scenario([rock, target], {**action, "to": {"x": 880 + ux * 60, "y": 600 + uy * 60}})).outcome
    assert bad["ruler"] == {"positions": 1, "tied_stretch_mm": 0.0}
    left = (-uy, ux)
    expected = "left" if (pa.x - 880) * left[0] + (pa.y - 600) * left[1] > 0 else "right"
    assert bad["centre_line_fix"]["side"] == expected
    assert bad["centre_line_fix"]["sideways_mm"] == pytest.approx(
        abs((pa.x - 880) * left[0] + (pa.y - 600) * left[1]), abs=0.2
    )


def test_a_round_token_moved_straight_at_a_flat_side_is_on_the_centre_line() -> None:
    """The token's polygon has short flat sides: its vertex nearest the frigate is ~1.9 mm off its centre line."""
    for kind in ("objective", "proximity-mine"):
        token = {"id": "o", "kind": "token", "type": kind, "x": 600, "y": 400, "label": "Token"}
        action = {"type": "move-token", "token": "o", "to": {"x": 600, "y": 440}, "max_distance": 2, "toward": "t"}
        r = evaluate(scenario([token, FRIGATE], action))
        assert r.outcome["legal"], (kind, r.outcome["violations"])
        ruler = next(f for f in r.figures if f.id == "ruler")
        assert ruler.coords[0][0] == pytest.approx(600.0, abs=1e-6)


def test_distances_are_said_as_a_player_would() -> None:
    assert narrate_move.about(0.3) == narrate_move.about(0.6) == "less than 1 mm"
    assert narrate_move.about(2.5) == "about 3 mm" and narrate_move.about(1.0) == "about 1 mm"


# 2. "as close as possible" includes staying


def test_a_piece_touching_its_target_may_stay_despite_a_minimum() -> None:
    rear = measured(scenario([CRATE, FRIGATE], {"type": "maneuver", "ship": "t", "speed": 0}).piece("t")).bounds[1]
    crate = {**CRATE, "outline": square(575, rear - 10, 10)}  # beside the dial frame, touching the body
    r = toward({"x": 575, "y": rear - 10}, crate=crate, min_distance=1)
    assert r.outcome["legal"], r.outcome["violations"]
    text = " ".join(s.title + " " + s.text for s in r.steps)
    assert "may not stay" not in text and "stays where it is" in text
    assert any(R + "blocked-rotate" in s.rules for s in r.steps)
    moved = toward({"x": 575, "y": rear - 30}, crate=crate, min_distance=1)
    assert rules_broken(moved) == [R + "toward"]


def _wall() -> dict[str, Any]:
    """A small ship square across the crate's path, its footprint touching the crate's top edge."""
    wall = {"id": "w", "kind": "ship", "size": "small", "x": 600, "y": 460, "heading": 90, "player": 2, "label": "Wall"}
    low = footprint(scenario([wall], {"type": "maneuver", "ship": "w", "speed": 0}).piece("w")).bounds[1]
    return {**wall, "y": 460 - (low - 420)}


def test_a_piece_that_cannot_get_closer_within_its_maximum_may_stay() -> None:
    stay = toward({"x": 600, "y": 400}, [_wall()], max_distance=1, min_distance=1)
    assert stay.outcome["legal"], stay.outcome["violations"]
    assert stay.steps[1].title == "Crate stays where it is"
    # with distance 2 it can clear the wall and reach distance 1: it may not stay
    must = toward({"x": 600, "y": 400}, [_wall()], max_distance=2, min_distance=1)
    assert rules_broken(must) == [R + "may-stay"]


# 3. a minimum without toward


def _free(to: dict[str, float], extra: list[dict[str, Any]] | None = None, **kw: Any) -> Ruling:
    rock = {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-3", "x": 900, "y": 450}
    action = {"type": "move-obstacle", "obstacle": "rock", "to": to, "max_distance": 2, **kw}
    return evaluate(scenario([rock, *(extra or [])], action))


def test_a_minimum_without_toward_is_our_reading_and_forbids_staying() -> None:
    r = _free({"x": 900, "y": 450}, min_distance=1)
    assert rules_broken(r) == [R + "may-stay"]
    short = _free({"x": 900, "y": 470}, min_distance=1)
    assert rules_broken(short) == [R + "minimum"]
    assert get_clause(R + "minimum").status == "derived"  # type: ignore[union-attr]
    assert all(R + "toward-minimum" not in s.rules and R + "toward" not in s.rules for s in short.steps)
    assert _free({"x": 900, "y": 540}, min_distance=1).outcome["legal"]


def test_a_piece_boxed_in_may_stay_despite_a_minimum_without_toward() -> None:
    """Four obstacles in a pinwheel round the crate, touching it: no direction lets it move (distance 1 max)."""
    boxes = [(580, 656, 420, 522), (620, 722, 344, 420), (544, 620, 278, 380), (478, 580, 380, 456)]
    walls = [
        {"id": f"b{i}", "kind": "obstacle", "type": "debris-field", "outline": [[a, c], [b, c], [b, d], [a, d]]}
        for i, (a, b, c, d) in enumerate(boxes)
    ]
    action = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 1, "min_distance": 1}
    stay = evaluate(scenario([CRATE, *walls], {**action, "to": {"x": 600, "y": 400}}))
    assert stay.outcome["legal"], stay.outcome["violations"]
    assert "no direction lets it move" in " ".join(s.text for s in stay.steps)
    # with one wall gone it can move that way: it may not stay
    assert rules_broken(evaluate(scenario([CRATE, *walls[1:]], {**action, "to": {"x": 600, "y": 400}}))) == [
        R + "may-stay"
    ]


# 4. words, open questions, pictures


def test_the_pictures_tooltips_name_blockers_by_label() -> None:
    r = toward({"x": 600, "y": 400}, [_wall()], max_distance=1, min_distance=1)
    blocked = [f.label for f in r.figures if f.kind == "blocked"]
    assert blocked and all(label == "blocked by Wall" or label == "blocked by Frigate" for label in blocked)


def test_a_sideways_move_is_not_called_away() -> None:
    r = toward({"x": 640, "y": 400})
    message = next(v["message"] for v in r.outcome["violations"] if v["rule"] == R + "toward")
    assert "sideways" in message and "away" not in message


def test_a_mine_moved_near_another_is_an_open_question() -> None:
    doc = json.loads((LIBRARY / "ar-27-move-mine-near-mine.json").read_text())
    r = evaluate(parse_scenario(doc["scenario"]))
    assert r.outcome["legal"] and r.outcome["disputed"] == [{"rule": R + "mine-spacing", "pieces": ["mine", "mine-b"]}]
    step = next(s for s in r.steps if R + "mine-spacing" in s.rules)
    assert get_clause(R + "mine-spacing").status == "disputed"  # type: ignore[union-attr]
    assert step.title.startswith("Open question")
    assert r.summary != "Moving Proximity mine: legal." and "open question" in r.summary


def test_an_obstacle_partly_off_the_table_is_not_simply_legal() -> None:
    rock = {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-3", "x": 60, "y": 400}
    r = evaluate(
        scenario([rock], {"type": "move-obstacle", "obstacle": "rock", "to": {"x": 20, "y": 400}, "max_distance": 2})
    )
    assert r.outcome["disputed"] == [{"rule": R + "play-area", "pieces": ["rock"]}]
    assert get_clause(R + "play-area").status == "disputed"  # type: ignore[union-attr]
    assert r.steps[-1].title != "The move is legal" and "open question" in r.summary
    assert not any("the rules do not say it may" in w for w in r.warnings)


def test_tokens_carried_by_a_moved_obstacle_are_drawn_where_they_end() -> None:
    doc = json.loads((LIBRARY / "ar-18-move-obstacle-legal.json").read_text())
    s = parse_scenario(doc["scenario"])
    r = evaluate(s)
    fig = next(f for f in r.figures if f.id == "carried-obj")
    c = shapely.Polygon(fig.coords).centroid
    # the token (905, 455) turns 30° clockwise about the debris field's reference point (900, 450), then moves 100 mm
    import math

    t = math.radians(-30)
    x, y = 5 * math.cos(t) - 5 * math.sin(t), 5 * math.sin(t) + 5 * math.cos(t)
    assert (c.x, c.y) == (pytest.approx(1000 + x, abs=0.05), pytest.approx(450 + y, abs=0.05))
    from rules.engine.svg import render_svg

    assert 'id="' in render_svg(s, r) and "carried-obj" in render_svg(s, r)


# 5. the words as their own layer: every template rendered from facts

HEADLINE_COORDS = re.compile(r"\d+(\.\d+)?\s*,\s*\d+(\.\d+)?|\(x|centre at")
INTERNAL = re.compile(r"seed \d|seed 0|distance 0\b|\{|\}", re.IGNORECASE)


def _cases() -> list[tuple[str, Any]]:
    cases = [(p.stem, parse_scenario(json.loads(p.read_text())["scenario"])) for p in MOVE_EXAMPLES]
    crate = [CRATE, FRIGATE]
    extra = [
        ("tied", crate, {"to": {"x": 650, "y": 430}, "toward": "t", "min_distance": 1}),
        ("sideways", crate, {"to": {"x": 640, "y": 400}, "toward": "t"}),
        (
            "wall-stay",
            [*crate, _wall()],
            {"to": {"x": 600, "y": 400}, "toward": "t", "max_distance": 1, "min_distance": 1},
        ),
        ("wall-must", [*crate, _wall()], {"to": {"x": 600, "y": 400}, "toward": "t", "min_distance": 1}),
    ]
    for name, pieces, kw in extra:
        action = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, **kw}
        cases.append((name, scenario(pieces, action)))
    return cases


def _synthetic(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """Facts for the branches no real case above reaches: each stay reason, each broken rule, each warning."""
    out = []
    for reason in ("no-minimum", "touching", "blocked", "cannot-move", "must-move"):
        out.append(
            {
                **facts,
                "stay_reason": reason,
                "target": "t",
                "target_name": "Frigate",
                "lo": 1,
                "touching": reason == "touching",
            }
        )
    out.append({**facts, "rulers": 2, "tied": False, "target": "t", "target_name": "Frigate"})
    out.append({**facts, "moved": False, "rotated": True, "kind": "token"})
    out.append({**facts, "near_end_line": True, "off_table": True, "close_mines": ["m"], "close_mine_names": "Mine"})
    out.append({**facts, "target": "", "lo": 1, "moved": True})
    close = {"line": 1, "margin": 0.1, "past": True}  # legal by less than the measurements' ±0.5 mm
    out.append({**facts, "moved": True, "lo": 1, "broken": [], "near_end_line": False, "close_line": close})
    out.append({**facts, "stay_ids": ["a", "b"], "stay_names": "Frigate, Wall"})
    keys = {
        "past-end-line": {"lead": 130.0},
        "beyond-original": {},
        "overlap": {"hit": "Frigate"},
        "touching-moved": {},
        "away": {},
        "sideways": {},
        "off-line": {"side": "left", "sideways_mm": 0.3, "along_mm": 4.0},
        "off-line-blocked": {"side": "right", "sideways_mm": 2.0, "along_mm": -3.0, "closest": 1.5},
        "may-not-stay": {},
        "toward-short": {"lead": 12.0},
        "not-as-close": {"best": 20.0, "lead": 3.0},
        "free-short": {"lead": 12.0},
        "free-not-as-far": {"best": 20.0, "lead": 3.0},
    }
    for key, params in keys.items():
        broken = [{"rule": R + "toward", "key": key, "pieces": [facts["piece"]], **params}]
        out.append({**facts, "broken": broken, "target": "t", "target_name": "Frigate"})
    out.append({**facts, "broken": [], "moved": False, "rotated": True})  # turned where it is
    return out


def test_every_template_renders_from_facts_and_every_step_cites_a_clause() -> None:
    used: set[str] = set()
    rulings: list[tuple[str, Ruling, set[str]]] = []
    for name, s in _cases():
        facts, figures = move_facts(s)
        labels = " ".join(p.label for p in s.pieces).lower()
        ids = {p.id for p in s.pieces if p.id.lower() not in labels}  # an id a label contains ("mine") proves nothing
        rulings.append((name, narrate_move.narrate(facts, figures, used), ids))
        for i, synthetic in enumerate(_synthetic(facts) if name == "tied" else []):
            rulings.append((f"{name}-synthetic-{i}", narrate_move.narrate(synthetic, figures, used), ids))
    assert set(narrate_move.TEMPLATES) == used, f"never rendered: {set(narrate_move.TEMPLATES) - used}"
    for name, r, ids in rulings:
        headlines = [s.title for s in r.steps] + [r.summary]
        everything = (
            headlines + [s.text for s in r.steps] + list(r.warnings) + [v["message"] for v in r.outcome["violations"]]
        )
        for line in everything:
            assert not INTERNAL.search(line), (name, line)
        for line in headlines:
            assert not HEADLINE_COORDS.search(line), (name, line)
            assert not any(re.search(rf"\b{re.escape(i)}\b", line) for i in ids), (name, line)
        for step in r.steps:
            assert step.rules and all(get_clause(c) is not None for c in step.rules), (name, step.title)


def test_the_template_check_can_fail() -> None:
    n = narrate_move.Narrator({"name": "Crate"})
    with pytest.raises(KeyError):
        n.say("v.overlap")  # {hit} is not among the facts
    assert INTERNAL.search("the no-overlap rule of seed 001") and HEADLINE_COORDS.search("centre at 12.0, 30.5")


def test_the_verdict_says_what_the_piece_does_or_why_it_may_not() -> None:
    """A card or a link preview shows only the summary: "Moving Asteroid field: legal." told a player nothing."""
    by_id = {e.id: e.scenario for e in examples() if e.scenario.game == "armada"}
    legal = [evaluate(s).summary for s in by_id.values() if s.action.get("type") == "move-obstacle"]
    assert any(re.fullmatch(r"Asteroid field moves about \d+ mm toward [^:]+: legal\.", s) for s in legal), legal
    assert any(re.fullmatch(r"Moving [^:]+: not legal\. .+ would overlap .+\.", s) for s in legal), legal
    assert any("stays where it is: legal." in s for s in legal), legal
    assert not any(s.endswith(": legal.") and s.startswith("Moving") for s in legal), legal


# A U-shaped blocker: 100 mm square from (500, 300), with a cavity 40 mm wide (x 530–570) open at the top,
# its floor at y 330. A 20 mm crate starts 50 mm above the U (y 450–470) and moves straight down 80 mm to
# (550, 380): it ends at x 540–560, y 370–390, 10 mm clear of each wall and 40 mm above the floor.
# Its lead past the ruler's end (the crate's bottom edge, y 450) is 80 mm: within distance 3 (184.5 mm), which
# also lets the crate reach down to the U's floor (the reachable area is its start grown by 184.5 mm).
# Where its centre may go beside the U is the U grown by the crate's half size (10 mm): the cavity leaves a
# channel x 540–560 down to y 340, so (550, 380) is legal and (550, 335) is blocked by the floor.
U_SHAPE = [[500, 300], [600, 300], [600, 400], [570, 400], [570, 330], [530, 330], [530, 400], [500, 400]]


def test_a_move_into_the_cavity_of_a_u_shaped_blocker_is_legal_and_the_cavity_is_not_drawn_blocked() -> None:
    u = {"id": "u", "kind": "obstacle", "type": "debris-field", "outline": U_SHAPE, "label": "Wreck"}
    crate = {"id": "rock", "kind": "obstacle", "type": "debris-field", "outline": square(550, 460, 10.0)}
    action = {"type": "move-obstacle", "obstacle": "rock", "to": {"x": 550, "y": 380}, "max_distance": 3}
    r = evaluate(scenario([crate, u], action))
    assert r.outcome["legal"] and r.outcome["region"]["contains_proposed"]
    blocked = [shapely.Polygon(f.coords) for f in r.figures if f.kind == "blocked"]
    legal = [shapely.Polygon(f.coords) for f in r.figures if f.kind == "area" and f.id.startswith("region")]
    assert blocked and legal
    inside, floor = shapely.Point(550, 380), shapely.Point(550, 335)
    assert not any(b.intersects(inside) for b in blocked)
    assert any(a.contains(inside) for a in legal)
    assert any(b.contains(floor) for b in blocked)
    # the channel is the cavity narrowed by 10 mm a side: 20 mm wide where the crate's centre may go
    # (the legal area is drawn 0.05 mm inside each edge, so a spot on its edge rounded to hundredths is legal)
    row = shapely.LineString([(500, 380), (600, 380)])
    open_part = row.intersection(shapely.union_all(legal).difference(shapely.union_all(blocked)))
    assert open_part.length == pytest.approx(20.0 - 2 * 0.05, abs=0.01)


def test_a_stored_move_among_concave_shapes_is_told_its_region_changed_and_one_among_convex_ones_is_not() -> None:
    """Correction v10: permalinks stored before the convex split show what changed, only where it can matter."""
    from rules.engine.changes import changes_since

    u = {"id": "u", "kind": "obstacle", "type": "debris-field", "outline": U_SHAPE, "label": "Wreck"}
    box = {"id": "u", "kind": "obstacle", "type": "debris-field", "outline": square(550, 350, 50.0)}
    crate = {"id": "rock", "kind": "obstacle", "type": "debris-field", "outline": square(550, 460, 10.0)}
    action = {"type": "move-obstacle", "obstacle": "rock", "to": {"x": 550, "y": 380}, "max_distance": 3}
    titles = [c.title for c in changes_since(9, scenario([crate, u], action))]
    assert titles == ["Obstacle and token moves: a concave piece's notch is open"]
    assert changes_since(9, scenario([crate, box], action | {"to": {"x": 550, "y": 420}})) == ()


def test_the_fast_legal_region_matches_a_plain_minkowski_union_on_random_concave_shapes() -> None:
    """Every pair of triangles as a hull of vertex sums, every blocker, one plain union: the reference."""
    import math
    import random

    from rules.engine.armada.obstacles import minkowski_forbidden

    def star(rng: random.Random, cx: float, cy: float, points: int, r: float) -> shapely.Polygon:
        return shapely.Polygon(
            [
                (
                    cx + r * rng.uniform(0.35, 1.0) * math.sin(2 * math.pi * i / points),
                    cy + r * rng.uniform(0.35, 1.0) * math.cos(2 * math.pi * i / points),
                )
                for i in range(points)
            ]
        )

    def triangles(p: shapely.Polygon) -> list[shapely.Polygon]:
        return list(shapely.constrained_delaunay_triangles(p).geoms)

    rng = random.Random(24)
    for _ in range(4):
        moved = star(rng, 0, 0, rng.randint(5, 14), 30)
        blockers = [
            (f"b{i}", [star(rng, rng.uniform(-150, 150), rng.uniform(-150, 150), rng.randint(4, 16), 40)])
            for i in range(5)
        ]
        within = shapely.box(-120, -120, 120, 120)
        fast, each = minkowski_forbidden(blockers, moved, within=within)
        hulls = [
            shapely.MultiPoint(
                [(bx - sx, by - sy) for bx, by in b.exterior.coords for sx, sy in s.exterior.coords]
            ).convex_hull
            for _, (blocker,) in blockers
            for b in triangles(blocker)
            for s in triangles(moved)
        ]
        reference = shapely.union_all(hulls)
        assert not reference.intersection(within).is_empty
        free_fast, free_ref = within.difference(fast), within.difference(reference)
        assert free_fast.symmetric_difference(free_ref).area < 0.01
        assert set(each) <= {label for label, _ in blockers}


def test_shapes_moved_in_one_call_are_the_ones_shapely_affinity_makes() -> None:
    """The legal region moves its shapes in one call (``_affine_each``): the same coordinates, bit for bit,
    as ``shapely.affinity``, so the region is the same as when each shape was moved on its own."""
    import numpy as np
    import shapely
    from shapely import affinity

    from rules.engine.armada.obstacles import _affine_each, _rotated_each

    shapes = [
        shapely.Polygon([(0.1, 0.2), (40.7, -3.3), (12.9, 27.45)]),
        shapely.box(-5.5, 3.25, 17.125, 9.0).buffer(2),
    ]
    offsets = np.array([[-13.37, 4.5], [250.01, -0.07]])
    moved = _affine_each(shapes, 1.0, 0.0, 0.0, 1.0, offsets[:, 0], offsets[:, 1])
    for got, shape, (dx, dy) in zip(moved, shapes, offsets, strict=True):
        assert shapely.equals_exact(got, affinity.translate(shape, dx, dy), tolerance=0)
    for got, shape in zip(_affine_each(shapes, -1.0, 0.0, 0.0, -1.0), shapes, strict=True):
        assert shapely.equals_exact(got, affinity.scale(shape, -1.0, -1.0, origin=(0, 0)), tolerance=0)
    for angle in (-330.0, -90.0, -37.5, 0.0, 180.0):
        for got, shape in zip(_rotated_each(shapes, angle), shapes, strict=True):
            assert shapely.equals_exact(got, affinity.rotate(shape, angle, origin=(0, 0)), tolerance=0)
