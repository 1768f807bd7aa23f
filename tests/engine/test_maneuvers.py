"""Maneuvers on the table: final poses, bumps exact to 0.01 mm, templates vs bases, fleeing."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from rules.engine.geometry import overlaps
from rules.engine.xwing.movement import execute_maneuver
from rules.engine.xwing.pieces import ship_outline
from tests.engine.helpers import move, rect, rule, scenario, ship


def test_full_straight() -> None:
    r = rule([ship("a", 300, 200)], move(speed=2))
    assert r.outcome["executed"] == "full"
    assert r.outcome["final"] == {"x": 300, "y": 320, "heading": 0}
    assert r.outcome["bumped"] == [] and not r.outcome["skips_perform_action"]


def test_rotated_bank_is_in_table_frame() -> None:
    r = rule([ship("a", 300, 300, heading=90)], move(bearing="bank", speed=1, direction="left"))
    f = r.outcome["final"]
    # a left bank 1 from facing +x: forward 90.71 along +x, 37.57 to the left (+y)
    assert abs(f["x"] - 390.71) <= 0.01 and abs(f["y"] - 337.57) <= 0.01 and f["heading"] == 45


def test_reverse_bank_right() -> None:
    r = rule([ship("a", 400, 400)], move(bearing="reverse-bank", speed=1, direction="right"))
    f = r.outcome["final"]
    assert abs(f["x"] - 437.57) <= 0.01 and abs(f["y"] - (400 - 90.71)) <= 0.01 and f["heading"] == 315


def test_koiogran_full_and_partial() -> None:
    full = rule([ship("a", 300, 200)], move(bearing="koiogran", speed=2))
    assert full.outcome["final"] == {"x": 300, "y": 320, "heading": 180}
    blocked = rule([ship("a", 300, 200), ship("b", 300, 330, player=2)], move(bearing="koiogran", speed=2))
    assert blocked.outcome["executed"] == "partial"
    assert blocked.outcome["final"]["heading"] == 0  # no rotation after a bump
    assert any("basic maneuver" in s.title for s in blocked.steps)


def test_segnor_full() -> None:
    r = rule([ship("a", 300, 200)], move(bearing="segnor", speed=1, direction="right"))
    assert r.outcome["final"]["heading"] == 225


def test_straight_bump_is_exact() -> None:
    """Small ship into a large one dead ahead: its front guides stop at the large ship's rear guides."""
    r = rule([ship("a", 300, 200), ship("b", 300, 330, size="large", player=2)], move(speed=3))
    o = r.outcome
    assert o["executed"] == "partial" and o["bumped"] == ["b"]
    # b's rear guide tips at 330 - 40 - 1.8 = 288.2; a's front guide tips at y + 20 + 1.8
    assert abs(o["final"]["y"] - 266.4) <= 0.01 and o["final"]["x"] == 300
    assert o["skips_perform_action"]


@pytest.mark.parametrize(
    ("bearing", "speed", "direction", "blocker"),
    [("bank", 2, "right", (360, 330, 30)), ("turn", 1, "left", (230, 270, 0)), ("bank", 3, "left", (220, 370, 10))],
)
def test_curved_bump_touches_and_is_exact(bearing: str, speed: int, direction: str, blocker: tuple) -> None:
    bx, by, bh = blocker
    sc = scenario(
        [ship("a", 300, 200), ship("b", bx, by, heading=bh, size="medium", player=2)],
        move(bearing=bearing, speed=speed, direction=direction),
    )
    a, b = sc.piece("a"), sc.piece("b")
    m = execute_maneuver(sc, a, sc.action)
    assert m.executed == "partial" and m.bumped == ("b",)
    final_poly = ship_outline(a, m.final)
    b_poly = ship_outline(b)
    assert not overlaps(final_poly, b_poly)
    assert final_poly.distance(b_poly) <= 0.01
    # a hair further along the path it overlaps again: the position is the first clear one, to 0.01 mm
    s = m.counted_length + 40 if m.counted_length > 0 else None
    assert s is not None
    assert m.frame is not None and m.path is not None
    further = m.frame.pose(m.path.pose(s + 0.01))
    assert overlaps(ship_outline(a, further), b_poly)
    assert math.dist((further.x, further.y), (m.final.x, m.final.y)) <= 0.011


def test_bump_all_the_way_back_to_the_start() -> None:
    # b's rear guides end at 221.9, 0.1 mm beyond a's front guides (221.8): a can only creep 0.1 mm
    r = rule([ship("a", 300, 200), ship("b", 300, 243.7, player=2)], move(speed=1))
    assert r.outcome["executed"] == "partial" and r.outcome["bumped"] == ["b"]
    assert abs(r.outcome["final"]["y"] - 200.1) <= 0.01


def test_flees_when_any_part_of_the_base_leaves_the_table() -> None:
    r = rule([ship("a", 300, 880)], move(speed=1))
    assert r.outcome["fled"]
    assert any("flees" in s.title for s in r.steps)
    r2 = rule([ship("a", 300, 600)], move(speed=1))
    assert not r2.outcome["fled"]


def test_template_only_not_the_swept_base() -> None:
    """A rock the base would sweep (x 312..330) but the 20 mm template (x 290..310) misses."""
    r = rule([ship("a", 300, 200), rect("rock", 312, 240, 330, 260)], move(speed=2))
    assert r.outcome["moved_through"] == [] and r.outcome["overlapping"] == [] and r.outcome["effects"] == []


def test_one_millimetre_clip_counts_and_warns() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 309, 240, 330, 260)], move(speed=2))
    assert r.outcome["moved_through"] == ["rock"]
    assert len(r.outcome["effects"]) == 1
    r2 = rule([ship("a", 300, 200), rect("rock", 309.7, 240, 330, 260)], move(speed=2))
    assert r2.outcome["moved_through"] == ["rock"]
    assert any("Asteroid" in w and "0.5 mm" in w for w in r2.warnings)


def test_touching_the_template_edge_is_not_moving_through() -> None:
    r = rule([ship("a", 300, 200), rect("rock", 310, 240, 330, 260)], move(speed=2))
    assert r.outcome["moved_through"] == []
    assert r.warnings  # too close to call on a real table


def test_tallon_picks_a_legal_position() -> None:
    base = [ship("a", 300, 200)]
    r = rule(base, move(bearing="tallon", speed=1, direction="right"))
    assert r.outcome["final"] == {"x": 355, "y": 255, "heading": 180}
    fwd = rule(base, move(bearing="tallon", speed=1, direction="right", tallon_position="forward"))
    assert fwd.outcome["final"]["y"] == 245  # 10 mm along the new facing (-y)
    # a ship under the middle and backward positions leaves only forward
    blocked = rule([*base, ship("b", 355, 290, player=2)], move(bearing="tallon", speed=1, direction="right"))
    assert blocked.outcome["executed"] == "full"
    assert blocked.outcome["tallon_position"] == "forward"
    assert blocked.outcome["positions"]["middle"]["legal"] is False


def test_stationary_stays() -> None:
    r = rule([ship("a", 300, 200)], {"type": "maneuver", "ship": "a", "bearing": "stationary"})
    assert r.outcome["final"] == {"x": 300, "y": 200, "heading": 0}
    assert r.outcome["executed"] == "full"


def _random_bumps(seed: int, tables: int) -> Iterator[tuple[Any, ...]]:
    """Random tables where a maneuver does not fit: (ship, path, frame, other ships, template) for ``_bump``."""
    import random

    from rules.engine.scenario import parse_scenario
    from rules.engine.xwing.movement import BASIC
    from rules.engine.xwing.paths import ChordPath, Frame, TemplateSpec
    from rules.engine.xwing.pieces import ship_length, ship_pose

    rng = random.Random(seed)
    for _ in range(tables):
        bearing = rng.choice(["straight", "bank", "turn", "koiogran", "reverse-straight"])
        top = {"straight": 5, "bank": 3, "turn": 3, "koiogran": 5, "reverse-straight": 2}[bearing]
        speed = rng.randint(1, top)
        size = rng.choice(["small", "medium", "large"])
        pieces = [ship("a", 450, 450, size=size, heading=rng.uniform(0, 360))]
        for i in range(12):
            x, y, size_i = rng.uniform(100, 800), rng.uniform(100, 800), rng.choice(["small", "large"])
            pieces.append(ship(f"o{i}", x, y, size=size_i, player=2))
        sc = parse_scenario(
            {
                "format": 1,
                "game": "xwing",
                "edition": "2.5",
                "pieces": pieces,
                "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 1},
            }
        )
        a = sc.piece("a")
        start_poly = ship_outline(a)
        others = [(p, ship_outline(p)) for p in sc.of_kind("ship") if p.id != "a"]
        others = [(p, poly) for p, poly in others if poly.intersection(start_poly).area <= 1e-9]
        path = ChordPath(TemplateSpec(BASIC[bearing], speed, rng.choice([-1, 1])), ship_length(a))
        frame = Frame(ship_pose(a), reverse=bearing.startswith("reverse"))
        template = frame.polygon(path.template())
        final = ship_outline(a, frame.pose(path.full_pose()))
        if any(poly.intersection(final).area > 1e-9 for _, poly in others):
            yield a, path, frame, others, template  # the engine searches only when the full move does not fit


def test_bump_broad_phase_keeps_every_ship_that_could_stop_the_move() -> None:
    """The bump search skips ships far from the swept area; over random tables it must rule exactly as without."""
    from shapely import box

    from rules.engine.xwing import movement

    bumps = 0
    for a, path, frame, others, template in _random_bumps(12, 60):
        narrow = movement._bump(path, frame, a, others, template)
        everything = movement._bump(path, frame, a, others, box(-1e4, -1e4, 1e4, 1e4))
        assert narrow == everything
        bumps += narrow[1] != ()
    assert bumps >= 5  # the random tables do exercise bumps


def test_bump_coarse_pass_rules_as_testing_every_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skipping the groups the coarse pass proves to overlap gives exactly the answer of testing each position."""
    import numpy as np

    from rules.engine.xwing import movement

    cases = list(_random_bumps(31, 120))
    coarse = [movement._bump(path, frame, a, others, template) for a, path, frame, others, template in cases]
    groups = movement._scan_groups
    monkeypatch.setattr(movement, "_scan_groups", lambda *args: (groups(*args)[0], np.zeros(len(groups(*args)[0]))))
    fine = [movement._bump(path, frame, a, others, template) for a, path, frame, others, template in cases]
    assert coarse == fine
    assert sum(b != () for _, b in coarse) >= 10


@pytest.mark.parametrize("size", ["small", "medium", "large", "huge"])
def test_bump_coarse_pass_square_lies_in_every_square_of_its_group(size: str) -> None:
    """The coarse pass's proof: each group's shrunk square lies inside the base square at each of its positions."""
    from shapely import Polygon

    from rules.engine.geometry import Pose, place
    from rules.engine.xwing.dimensions import base_length, base_square, base_width
    from rules.engine.xwing.movement import BUMP_GROUP, _inset_squares, _scan_grid, _scan_groups
    from rules.engine.xwing.paths import ChordPath, Frame, TemplateSpec

    w, length = base_width(size) / 2, base_length(size) / 2
    frame = Frame(Pose(0.0, 0.0, 0.0))
    proven = 0
    for bearing, top in (("straight", 5), ("bank", 3), ("turn", 3)):
        for speed in range(1, top + 1):
            path = ChordPath(TemplateSpec(bearing, speed, 1), 2 * length)
            s, x, y, h = _scan_grid(path)
            mids, inset = _scan_groups(path, w, length)
            for g, (m, margin) in enumerate(zip(mids, inset, strict=True)):
                if margin <= 0:
                    continue
                proven += 1
                shrunk = _inset_squares(w, length, inset[g : g + 1], x[m : m + 1], y[m : m + 1], h[m : m + 1])[0]
                for j in range(g * BUMP_GROUP, min((g + 1) * BUMP_GROUP, len(s))):
                    square = place(base_square(size), frame.pose(Pose(x[j], y[j], math.degrees(h[j]))))
                    assert Polygon(square).contains(shrunk), (bearing, speed, j)
    assert proven > 20


def test_contact_broad_phase_keeps_touching_and_close_calls_at_its_edge() -> None:
    """Pieces beyond the tested shapes' bounds are skipped; touching (range 0) and < 0.5 mm gaps are not."""
    from rules.engine.scenario import parse_scenario
    from rules.engine.xwing.pieces import ship_outline

    final = rule([ship("a", 300, 200)], move(speed=2)).outcome["final"]
    moved = parse_scenario(
        {
            "format": 1,
            "game": "xwing",
            "edition": "2.5",
            "pieces": [ship("a", final["x"], final["y"])],
            "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 1},
        }
    )
    front = ship_outline(moved.piece("a")).bounds[3]  # the final base's foremost point (its guides)

    def at(gap: float):  # a wide rock ``gap`` mm beyond the front
        return rule([ship("a", 300, 200), rect("rock", 270, front + gap, 330, front + 20)], move(speed=2))

    touching = at(0.0)
    assert touching.outcome["at_range_0"] == ["rock"] and touching.outcome["overlapping"] == []
    close = at(0.4)
    assert close.outcome["at_range_0"] == [] and any("Asteroid" in w and "0.5 mm" in w for w in close.warnings)
    for gap in (0.6, 1.5):  # tested exactly, then skipped by the broad phase: the same answer
        clear = at(gap)
        assert clear.outcome["at_range_0"] == [] and not clear.warnings
