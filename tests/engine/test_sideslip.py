"""Sideslips (RRG 2.5, Sideslip): the template at the ship's side, the ship placed by its other side."""

from __future__ import annotations

import math

import pytest

from rules.engine.errors import ScenarioError
from rules.engine.geometry import overlaps
from rules.engine.xwing.pieces import ship_outline
from tests.engine.helpers import move, rect, rule, scenario, ship

S45 = math.sin(math.radians(45))
BANK_1_RADIUS = 80.0  # middle line of the [1 bank] (reference §2.1)


def test_left_bank_sideslip_moves_right_and_turns_left() -> None:
    """Worked by hand in the side's frame: the template runs out of the right side (+x), curving toward the front."""
    r = rule([ship("a", 400, 400)], move("a", "sideslip-bank", 1, "left"))
    along = 20 + BANK_1_RADIUS * S45 + 20 * S45  # half base, the arc, half base along the end direction
    across = BANK_1_RADIUS * (1 - S45) + 20 * S45
    assert r.outcome["executed"] == "full"
    assert r.outcome["final"] == {"x": round(400 + along, 2), "y": round(400 + across, 2), "heading": 315}
    assert r.outcome["template"] == "[1 left bank]"


def test_right_sideslip_mirrors_the_left_one() -> None:
    for bearing in ("sideslip-bank", "sideslip-turn"):
        left = rule([ship("a", 400, 400)], move("a", bearing, 2, "left")).outcome["final"]
        right = rule([ship("a", 400, 400)], move("a", bearing, 2, "right")).outcome["final"]
        assert right["x"] == pytest.approx(800 - left["x"], abs=0.011)
        assert right["y"] == pytest.approx(left["y"], abs=0.011)
        assert right["heading"] == pytest.approx(360 - left["heading"], abs=0.011)


def test_turn_sideslip_of_a_rotated_ship() -> None:
    """Facing 90° (toward +x), a left turn sideslip starts at the ship's right side (−y) and ends facing 0°."""
    r = rule([ship("a", 400, 400, heading=90)], move("a", "sideslip-turn", 1, "left"))
    plain = rule([ship("a", 400, 400, heading=0)], move("a", "turn", 1, "left")).outcome["final"]
    # the same displacement as a [1 left turn] from a ship facing 180° (the side's direction)
    assert r.outcome["final"] == {"x": round(800 - plain["x"], 2), "y": round(800 - plain["y"], 2), "heading": 0}


def test_partial_sideslip_backs_along_the_side_centre_line() -> None:
    """Bumped, the side hashmarks stay on the template's middle line: the trailing one on the arc (centre 80 mm
    in front of the right side's hashmark), the leading one past the template's end on its end direction."""
    r = rule([ship("a", 400, 400), ship("b", 525, 455, player=2)], move("a", "sideslip-bank", 1, "left"))
    out = r.outcome
    assert out["executed"] == "partial" and out["bumped"] == ["b"]
    assert 0 < out["counted_template_mm"] < out["template_mm"]
    f = out["final"]
    right = math.radians(f["heading"] + 90)
    lead = (f["x"] + 20 * math.sin(right), f["y"] + 20 * math.cos(right))
    trail = (f["x"] - 20 * math.sin(right), f["y"] - 20 * math.cos(right))
    centre = (420.0, 400.0 + BANK_1_RADIUS)
    assert math.hypot(trail[0] - centre[0], trail[1] - centre[1]) == pytest.approx(BANK_1_RADIUS, abs=0.02)
    end = (420.0 + BANK_1_RADIUS * S45, 400.0 + BANK_1_RADIUS * (1 - S45))
    assert (lead[0] - end[0]) * S45 - (lead[1] - end[1]) * S45 == pytest.approx(0.0, abs=0.02)
    assert lead[0] > end[0]
    sc = scenario([ship("a", 400, 400), ship("b", 525, 455, player=2)], move("a", "sideslip-bank", 1, "left"))
    a, b = sc.piece("a"), sc.piece("b")
    from rules.engine.geometry import Pose

    final = ship_outline(a, Pose(f["x"], f["y"], f["heading"]))
    assert not overlaps(final, ship_outline(b))
    assert final.distance(ship_outline(b)) < 0.02
    assert any("maneuver/sideslip" in c for s in r.steps for c in s.rules)


def test_sideslip_template_counts_for_obstacles() -> None:
    """The template at the side crosses a rock there; the same rock in front of the ship is not touched."""
    rock = rect("rock", 425, 390, 440, 410)
    r = rule([ship("a", 400, 400), rock], move("a", "sideslip-bank", 1, "left"))
    assert r.outcome["moved_through"] == ["rock"]
    ahead = rect("rock", 390, 425, 410, 440)
    assert rule([ship("a", 400, 400), ahead], move("a", "sideslip-bank", 1, "left")).outcome["moved_through"] == []


def test_sideslip_is_a_2_5_maneuver() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", 400, 400)], move("a", "sideslip-bank", 1, "left"), edition="2.0")
    assert any(p.field == "action.bearing" and "2.5" in p.message for p in e.value.problems)
