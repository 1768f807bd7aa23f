"""Snap helpers: each puts the piece where its label says, to the 0.01 mm a position is stored at."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from rules.engine.geometry import overlaps, range_band
from rules.engine.xwing.pieces import outline, ship_square
from rules.engine.xwing.shapes import shape_polygon
from rules.engine.xwing.snaps import snap_menu
from tests.engine.helpers import move, rule, scenario, ship

ROCK = {"id": "rock", "kind": "obstacle", "type": "asteroid", "shape": "asteroid-7", "x": 700, "y": 700, "rotation": 30}
MINE = {"id": "pm", "kind": "device", "type": "proximity-mine", "x": 800, "y": 800, "heading": 0}


@pytest.fixture
def snaps() -> dict[str, dict]:
    sc = scenario([ship("a", 300, 300, heading=20, label="X"), ROCK, MINE], move("a", "bank", 2, "left"))
    return {label: v for label, _, v in snap_menu(sc, sc.action)}


def placed(v: dict, piece: dict):
    return shape_polygon(piece.get("shape", "proximity-mine"), v["x"], v["y"], v["heading"])


def test_touching_the_template_and_the_base_is_clear_by_at_most_hundredths(snaps: dict[str, dict]) -> None:
    sc = scenario([ship("a", 300, 300, heading=20, label="X"), ROCK], move("a", "bank", 2, "left"))
    from rules.engine.xwing.movement import execute_maneuver

    template = execute_maneuver(sc, sc.piece("a"), sc.action).template
    base = outline(sc.piece("a"))
    for side in ("left", "right"):
        rock = placed(snaps[f"Asteroid: touching the template, {side} side"], ROCK)
        assert not overlaps(rock, template) and rock.distance(template) < 0.02
    for where in ("ahead", "behind", "left", "right"):
        rock = placed(snaps[f"Asteroid: touching X's base, {where}"], ROCK)
        assert not overlaps(rock, base) and rock.distance(base) < 0.02
    assert snaps["Asteroid: touching the template, left side"]["heading"] == 30  # its facing is kept


def test_range_edges_are_inside_their_band(snaps: dict[str, dict]) -> None:
    square = ship_square(scenario([ship("a", 300, 300, heading=20)], move()).piece("a"))
    for band in (1, 2, 3):
        d = square.distance(placed(snaps[f"Asteroid: at the edge of range {band} ahead of X"], ROCK))
        assert 100 * band - 0.02 <= d <= 100 * band and range_band(d) == band


def test_a_device_snaps_onto_the_ships_guides(snaps: dict[str, dict]) -> None:
    rear = snaps["Proximity Mine: guides at X's rear guides"]
    assert rear["heading"] == 200  # facing away from the ship, guides toward it
    mine = placed(rear, MINE)
    square = ship_square(scenario([ship("a", 300, 300, heading=20)], move()).piece("a"))
    # the guide line (d = 32.6 mm behind the placement point) lies on the base's rear edge: guides reach over it
    assert overlaps(mine, square) and mine.difference(square).area > 0.95 * mine.area


def test_no_snaps_without_an_acting_ship() -> None:
    sc = scenario([ship("a", 300, 300), ROCK], {"type": "check-setup"})
    assert snap_menu(sc, sc.action) == []


def test_a_device_snaps_onto_the_template_end(snaps: dict[str, dict]) -> None:
    """Its guide line on the template's far end: the ship placed there would have it against its front guides."""
    end = snaps["Proximity Mine: guides at the far end of the template"]
    sc = scenario([ship("a", 300, 300, heading=20, label="X")], move("a", "bank", 2, "left"))
    from rules.engine.xwing.movement import execute_maneuver

    final = execute_maneuver(sc, sc.piece("a"), sc.action).final
    assert end["heading"] == pytest.approx(final.heading, abs=0.01)
    fx, fy = final.forward
    # the far end is half a base (20 mm) behind the final centre; the mine's centre is d = 32.6 mm beyond it
    assert end["x"] == pytest.approx(final.x + (32.6 - 20) * fx, abs=0.01)
    assert end["y"] == pytest.approx(final.y + (32.6 - 20) * fy, abs=0.01)


def test_armada_snaps_touch_the_footprint_and_end_distance_bands() -> None:
    from rules.engine import parse_scenario
    from rules.engine.armada.dimensions import DISTANCE_BANDS
    from rules.engine.armada.pieces import footprint, measured
    from rules.engine.armada.snaps import snap_menu as armada_snaps

    pieces = [
        {"id": "vic", "kind": "ship", "size": "medium", "x": 600, "y": 400, "heading": 30, "player": 1},
        {"id": "x1", "kind": "squadron", "x": 1200, "y": 700, "player": 2},
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-3", "x": 1500, "y": 300},
    ]
    doc: dict = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces}
    doc["action"] = {"type": "maneuver", "ship": "vic", "speed": 1, "clicks": [0], "side": "right"}
    sc = parse_scenario(doc)
    snaps = {label: v for label, _, v in armada_snaps(sc, sc.action)}
    ship = sc.piece("vic")
    for pid in ("x1", "rock"):  # unlabelled: named as a player names them (squadron, asteroid field, the ship's size)
        piece = sc.piece(pid)
        for where in ("ahead", "behind", "left", "right"):
            v = snaps[f"{piece.label}: touching Medium ship, {where}"]
            moved = parse_scenario(
                {**doc, "pieces": [pieces[0], {**next(p for p in pieces if p["id"] == pid), "x": v["x"], "y": v["y"]}]}
            )
            shape = footprint(moved.piece(pid))
            assert not overlaps(shape, footprint(ship)) and shape.distance(footprint(ship)) < 0.02
        for band in (1, 2, 3):
            v = snaps[f"{piece.label}: at the end of distance {band} ahead of Medium ship"]
            moved = parse_scenario(
                {**doc, "pieces": [pieces[0], {**next(p for p in pieces if p["id"] == pid), "x": v["x"], "y": v["y"]}]}
            )
            d = measured(ship).distance(measured(moved.piece(pid)))
            assert DISTANCE_BANDS[band - 1] - 0.02 <= d <= DISTANCE_BANDS[band - 1], (pid, band, d)
        assert piece.id == pid


def test_a_half_typed_or_odd_action_gives_no_template_snaps_and_no_error() -> None:
    """The setup page passes the action as typed (a JSON document included): only a real maneuver has a template."""
    sc = scenario([ship("a", 300, 300, label="X"), ROCK], move("a", "bank", 2, "left"))
    for odd in ({"speed": "²"}, {"speed": "0"}, {"speed": 99999999}, {"bearing": ["bank"]}, {"speed": True}):
        labels = [label for label, _, _ in snap_menu(sc, {**sc.action, **odd})]
        assert labels and not any("template" in label for label in labels)
    reverse = {"type": "maneuver", "ship": "a", "bearing": "reverse-straight", "speed": 1}
    assert not any("far end" in label for label, _, _ in snap_menu(sc, reverse))


def test_no_snap_lands_off_the_table() -> None:
    sc = scenario([ship("a", 300, 880, label="X"), ROCK], move("a", "straight", 1))
    snaps = snap_menu(sc, sc.action)
    assert snaps and all(0 <= v["x"] <= 914.4 and 0 <= v["y"] <= 914.4 for _, _, v in snaps)
    assert not any("range 3 ahead" in label for label, _, _ in snaps)


def test_question_snaps_put_a_piece_on_the_template_and_under_the_final_base(snaps: dict[str, dict]) -> None:
    """Issue 22: the snaps a question needs come first, and each does what it says."""
    sc = scenario([ship("a", 300, 300, heading=20, label="X"), ROCK], move("a", "bank", 2, "left"))
    from rules.engine.xwing.movement import execute_maneuver

    done = execute_maneuver(sc, sc.piece("a"), sc.action)
    labels = list(snaps)
    assert labels[0] == "Asteroid: on the template, middle"  # what the question is about, before touching and ranges
    for where in ("start", "middle", "end"):
        assert overlaps(placed(snaps[f"Asteroid: on the template, {where}"], ROCK), done.template), where
    under = placed(snaps["Asteroid: under the final base"], ROCK)
    final = outline(sc.piece("a")).centroid  # the start
    assert not overlaps(under, outline(sc.piece("a")))  # ahead, where the ship ends, not where it starts
    assert under.distance(final) > 50
    rules = rule(
        [ship("a", 300, 300, heading=20, label="X"), {**ROCK, **xy(snaps["Asteroid: under the final base"])}], sc.action
    )
    assert "Asteroid" in rules.summary  # the ship ends on it


def xy(v: dict) -> dict:
    return {"x": v["x"], "y": v["y"]}


def test_partly_under_a_base_overlaps_it_without_covering_its_centre(snaps: dict[str, dict]) -> None:
    base = ship_square(scenario([ship("a", 300, 300, heading=20, label="X")], move("a")).piece("a"))
    rock = placed(snaps["Asteroid: partly under X's base"], ROCK)
    assert overlaps(rock, base) and not rock.contains(base.centroid)


def test_an_attack_offers_the_defender_at_each_range_and_an_obstacle_across_the_line_of_fire() -> None:
    pieces = [ship("a", 457, 457, label="X"), ship("t", 547, 457, player=2, label="T"), ROCK]
    attack = {"type": "attack", "attacker": "a", "defender": "t"}
    got = {label: v for label, _, v in snap_menu(scenario(pieces, attack, "2.0"), attack)}
    for band in (1, 2, 3):
        moved = scenario([pieces[0], {**pieces[1], **xy(got[f"T: at range {band} ahead of X"])}, ROCK], attack)
        assert range_band(ship_square(moved.piece("a")).distance(ship_square(moved.piece("t")))) == band
    moved = [pieces[0], {**pieces[1], **xy(got["T: at range 2 ahead of X"])}, ROCK]
    again = {label: v for label, _, v in snap_menu(scenario(moved, attack, "2.0"), attack)}
    across = [*moved[:2], {**ROCK, **xy(again["Asteroid: across the line of fire"])}]
    assert "obstructed" in rule(across, attack, "2.0").summary


def test_a_ship_snaps_partly_under_the_device_another_ship_drops() -> None:
    pieces = [ship("t", 457, 547, label="T"), ship("x", 457, 457, player=2, label="X")]
    drop = {"type": "drop", "ship": "t", "device": {"id": "m", "type": "proximity-mine"}}
    got = {label: v for label, _, v in snap_menu(scenario(pieces, drop), drop)}
    moved = [pieces[0], {**pieces[1], **xy(got["X: partly under the Proximity Mine"])}]
    assert "dropped under X" in rule(moved, drop).summary


def test_a_ship_snaps_partly_under_an_obstacle_a_card_launches_named_as_the_table_names_it() -> None:
    """Trial 5: "partly under the Electro-Chaff Missiles" (the card) beside the table's "Electro-Chaff Cloud"."""
    pieces = [ship("t", 457, 547, label="T"), ship("x", 457, 457, player=2, label="X")]
    launch = {"type": "launch", "ship": "t", "device": {"id": "c", "type": "electro-chaff-cloud"}}
    labels = [label for label, _, _ in snap_menu(scenario(pieces, launch), launch)]
    assert "X: partly under the Electro-Chaff Cloud" in labels
    assert not any("Missiles" in label for label in labels)


def _rock_toward_v() -> tuple[dict[str, Any], Any, dict[str, Any]]:
    """An asteroid field to move 1–2 toward a Victory "V": (the document without an action, the table as the
    setup page draws it with no destination yet, the move)."""
    from rules.engine import parse_scenario

    pieces = [
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 900, "y": 450},
        {"id": "vic", "kind": "ship", "size": "medium", "x": 900, "y": 700, "heading": 0, "player": 1, "label": "V"},
    ]
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces}
    table = parse_scenario(doc | {"action": {"type": "maneuver", "ship": "vic", "speed": 0}})
    return (
        doc,
        table,
        {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "min_distance": 1, "toward": "vic"},
    )


def test_an_armada_obstacle_move_snaps_to_spots_its_ruling_accepts() -> None:
    """Issue 22: the destination snaps come from the legal region the ruling draws."""
    from rules.engine import evaluate, parse_scenario
    from rules.engine.armada.snaps import snap_menu as armada_snaps

    doc, table, move = _rock_toward_v()
    got = {label: v for label, kind, v in armada_snaps(table, move) if kind == "destination"}
    assert list(got) == ["Asteroid field: toward V, as far as it may go"]  # nothing proposed yet: no "nearest"
    off = move | {"to": {"x": 960, "y": 560}}  # 60 mm off the ruler's centre line: not legal
    assert "not legal" in evaluate(parse_scenario(doc | {"action": off})).summary
    got = {label: v for label, kind, v in armada_snaps(table, off) if kind == "destination"}
    for label, v in got.items():
        placed = doc | {"action": move | {"to": {"x": v["x"], "y": v["y"]}}}
        assert evaluate(parse_scenario(placed)).outcome["legal"], label
    assert abs(got["Asteroid field: to the nearest legal spot"]["y"] - 560) < 0.5  # straight across to the line


def test_an_armada_ship_snaps_partly_under_the_movers_final_base_and_is_rammed() -> None:
    """Issue 22: the question an Armada ram asks, a ship in the way where the mover ends, is one snap."""
    from rules.engine import evaluate, parse_scenario
    from rules.engine.armada.snaps import snap_menu as armada_snaps

    pieces = [
        {"id": "cr", "kind": "ship", "size": "small", "x": 914, "y": 457, "heading": 0, "player": 1, "label": "C"},
        {"id": "gl", "kind": "ship", "size": "small", "x": 914, "y": 547, "heading": 0, "player": 2, "label": "G"},
    ]
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces}
    ram = {"type": "maneuver", "ship": "cr", "speed": 3, "clicks": [0, 0, 0], "side": "right"}
    assert evaluate(parse_scenario(doc | {"action": ram})).outcome["overlapped_ships"] == []  # it passes over G
    got = {label: v for label, _, v in armada_snaps(parse_scenario(doc | {"action": ram}), ram)}
    assert list(got)[0] == "G: partly under C's final base"  # the question first
    moved = [pieces[0], {**pieces[1], **xy(got["G: partly under C's final base"])}]
    outcome = evaluate(parse_scenario(doc | {"pieces": moved, "action": ram})).outcome
    assert outcome["overlapped_ships"] == ["gl"] and outcome["executed_speed"] < 3
    # trial 4: before the speed and the tool's side are chosen the table is drawn with C standing still, and
    # the snap put G under C's start base (a question about overlapping at the start, not a ram): not offered
    standing = {"type": "maneuver", "ship": "cr", "speed": 0}
    for asked in ({"type": "maneuver", "ship": "cr"}, {"type": "maneuver", "ship": "cr", "speed": 3}):
        labels = [label for label, _, _ in armada_snaps(parse_scenario(doc | {"action": standing}), asked)]
        assert "G: partly under C's final base" not in labels, asked


def _plain_slide(shape, at, start, direction, clear):  # type: ignore[no-untyped-def]
    """The bisection as first written: every test on the moved shape."""
    from shapely import affinity

    from rules.engine.snapping import FAR, _outward

    def holds(t: float) -> bool:
        return bool(
            clear(affinity.translate(shape, start[0] + t * direction[0] - at[0], start[1] + t * direction[1] - at[1]))
        )

    if holds(0.0) or not holds(FAR):
        return None
    lo, hi = 0.0, FAR
    while hi - lo > 0.001:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if holds(mid) else (mid, hi)
    return _outward(start[0] + hi * direction[0], direction[0]), _outward(start[1] + hi * direction[1], direction[1])


HEADINGS = [0, 30, 90, 135, 200, 333]
CONDITIONS = ["clear", "range 1", "range 2"]


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("condition", CONDITIONS)
def test_a_slide_settles_far_tests_by_bounding_boxes_with_the_same_answer(heading: float, condition: str) -> None:
    calls, got, plain = _slid(heading, condition)
    assert got is not None and got == plain
    assert calls <= 19  # a plain bisection builds and tests the moved rock 21 times: the far ones are settled


def test_a_slide_stops_once_its_hundredths_are_settled() -> None:
    """The 18 slides above, whose bisection stops once every offset left rounds to the same hundredths:
    253 shapes built and tested (282 when only bounding boxes settle tests; 378 by plain bisection)."""
    assert sum(_slid(h, c)[0] for h in HEADINGS for c in CONDITIONS) <= 260


def _slid(heading: float, condition: str) -> tuple[int, object, object]:
    """A rock slid out of a ship's base or to a range of it: (shapes tested, where, where by plain bisection)."""
    from rules.engine.geometry import Pose
    from rules.engine.snapping import at_least, clear_of, slide

    rock = {
        "id": "r",
        "kind": "obstacle",
        "type": "asteroid",
        "shape": "asteroid-4",
        "x": 100,
        "y": 100,
        "rotation": 40,
    }
    action = {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 1}
    table = scenario([ship("a", 450, 450, heading=heading), rock], action)
    a, r = table.pieces
    base = ship_square(a)
    make = (lambda: clear_of(base)) if condition == "clear" else (lambda: at_least(base, 100.0 * int(condition[-1])))
    pose = Pose(float(a.get("x")), float(a.get("y")), float(heading))
    here = (float(r.get("x")), float(r.get("y")))
    with _counted_tests() as tested:
        got = slide(outline(r), here, (pose.x, pose.y), pose.forward, make())
    return sum(tested), got, _plain_slide(outline(r), here, (pose.x, pose.y), pose.forward, make())


@contextmanager
def _counted_tests() -> Iterator[list[int]]:
    """The number of moved shapes each call into shapely tests, while the block runs."""
    from rules.engine import snapping

    calls: list[int] = []
    tested = snapping._tested

    def counted(conditions, pieces):  # type: ignore[no-untyped-def]
        calls.append(len(pieces))
        return tested(conditions, pieces)

    snapping._tested = counted  # type: ignore[assignment]
    try:
        yield calls
    finally:
        snapping._tested = tested


def test_a_snap_list_runs_its_slides_side_by_side_with_the_same_answers() -> None:
    """The busy bank's 44 slides are run together: each round of their bisections is one call into shapely
    (some 20 calls, not one per shape: some 500), and each slide ends where it ends alone."""
    from bench.bench_ruling import busy_scenario
    from rules.engine import parse_scenario, snapping
    from rules.engine.snapping import Plan, at_least, clear_of, slides

    sc = parse_scenario(busy_scenario())
    built = []
    real = snapping.polygons
    snapping.polygons = lambda rings: built.append(len(rings)) or real(rings)  # type: ignore[assignment]
    try:
        with _counted_tests() as tested:
            menu = snap_menu(sc, sc.action)
    finally:
        snapping.polygons = real
    assert len(menu) >= 40 and len(tested) <= 25 and sum(tested) >= 300
    assert built == tested  # the pieces each round tests are built in one call too (whatever their points)
    plan = Plan()
    real = [p for p in sc.pieces if p.kind == "obstacle"][:4]
    base = ship_square(sc.piece("a"))

    asked = [
        (outline(r), (float(r.get("x")), float(r.get("y"))), (300.0, 200.0), d, c)
        for r in real
        for d in ((0.0, 1.0), (0.6, -0.8), (-1.0, 0.0))
        for c in (clear_of(base), at_least(base, 100.0), at_least(base, 250.0))
    ]
    asked.append((outline(real[0]), asked[0][1], (800.0, 800.0), (0.0, 1.0), clear_of(base)))  # clear already
    planned = [plan.slide(*a) for a in asked]
    plan.run()
    alone = [_plain_slide(*a) for a in asked]
    assert [p.value for p in planned] == slides(asked) == alone
    assert any(v is not None for v in alone) and any(v is None for v in alone)


def test_an_armada_move_already_in_the_situation_is_snapped_without_parsing_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The live preview asks for the destination snaps of the move it has just parsed: the same snaps,
    without a second parse of every piece."""
    import importlib

    from rules.engine import parse_scenario

    snaps_module = importlib.import_module("rules.engine.armada.snaps")
    pieces = [
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 900, "y": 450},
        {"id": "vic", "kind": "ship", "size": "medium", "x": 900, "y": 700, "heading": 0, "player": 1},
    ]
    move = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "min_distance": 1, "toward": "vic"}
    doc = {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": pieces,
        "action": move | {"to": {"x": 960, "y": 560, "rotation": 15}},
    }
    table = parse_scenario(doc)
    expected = snaps_module.snap_menu(table, doc["action"])
    assert [kind for _, kind, _ in expected] == ["destination", "destination"]

    def refused(doc: object) -> object:
        raise AssertionError("parsed again")

    monkeypatch.setattr(snaps_module, "parse_scenario", refused)
    assert snaps_module.snap_menu(table, doc["action"]) == expected
    other = doc["action"] | {"to": {"x": 950, "y": 600, "rotation": 15}}  # another spot: that move is parsed
    with pytest.raises(AssertionError, match="parsed again"):
        snaps_module.snap_menu(table, other)


@pytest.mark.parametrize("to", [{"x": 960, "y": 560, "rotation": 15}, {"x": 960.001, "y": 560}])
def test_an_armada_move_preview_computes_its_legal_region_once(monkeypatch: pytest.MonkeyPatch, to: dict) -> None:
    """The live preview rules the move, then asks for its destination snaps: they reuse the ruling's legal
    region, also when no rotation is given (the parser reads it as 0) or the spot has more than hundredths."""
    import importlib

    from rules.engine import evaluate, parse_scenario

    snaps_module = importlib.import_module("rules.engine.armada.snaps")
    obstacles = importlib.import_module("rules.engine.armada.obstacles")
    pieces = [
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 900, "y": 450},
        {"id": "vic", "kind": "ship", "size": "medium", "x": 900, "y": 700, "heading": 0, "player": 1},
    ]
    move = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "min_distance": 1, "toward": "vic"}
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": move | {"to": to}}
    obstacles.clear_region_caches()
    expected = snaps_module.snap_menu(parse_scenario(doc), doc["action"])  # computed on its own
    assert [kind for _, kind, _ in expected] == ["destination", "destination"]
    obstacles.clear_region_caches()
    table = parse_scenario(doc)
    evaluate(table)
    computed = []
    monkeypatch.setattr(obstacles, "move_facts", lambda sc: computed.append(sc) or ([], []))
    monkeypatch.setattr(snaps_module, "parse_scenario", lambda d: computed.append(d))
    assert snaps_module.snap_menu(table, doc["action"]) == expected
    assert computed == []
    other = doc["action"] | {"to": {"x": 950, "y": 600}}  # another spot: that move's region is computed
    monkeypatch.undo()
    obstacles.clear_region_caches()
    evaluate(table)
    calls = []
    real = obstacles.move_facts
    monkeypatch.setattr(obstacles, "move_facts", lambda sc: calls.append(sc) or real(sc))
    snaps_module.snap_menu(table, other)
    assert len(calls) == 1


@pytest.mark.parametrize("y", [400, 700])
def test_an_armada_obstacles_nearest_legal_spot_is_clear_of_the_stretchs_ends(y: float) -> None:
    """Trial 4: a destination proposed past an end of the legal stretch along the ruler (before the distance-1 line,
    beyond distance 2) gave that very end as the nearest legal spot: legal "by less than half a millimetre". The
    spot is now at least the close-call margin and a little more inside both ends."""
    from rules.engine import evaluate, parse_scenario
    from rules.engine.armada.snaps import snap_menu as armada_snaps

    doc, table, move = _rock_toward_v()
    off = move | {"to": {"x": 960, "y": y}}
    got = {label: v for label, kind, v in armada_snaps(table, off) if kind == "destination"}
    v = got["Asteroid field: to the nearest legal spot"]
    ruling = evaluate(parse_scenario(doc | {"action": move | {"to": {"x": v["x"], "y": v["y"]}}}))
    assert ruling.outcome["legal"]
    assert "half a millimetre" not in ruling.summary, ruling.summary
