"""Poses of every maneuver × base size against the reference tables (xwing-geometry.md §2.2–2.5)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rules.engine.geometry import Pose
from rules.engine.xwing.paths import ChordPath, TemplateSpec

# (bearing, speed) → {base: (x, y, heading)} for the right-hand version, §2.2.
TABLE: dict[tuple[str, int], dict[int, tuple[float, float, float]]] = {
    ("straight", 1): {40: (0, 80, 0), 60: (0, 100, 0), 80: (0, 120, 0)},
    ("straight", 2): {40: (0, 120, 0), 60: (0, 140, 0), 80: (0, 160, 0)},
    ("straight", 3): {40: (0, 160, 0), 60: (0, 180, 0), 80: (0, 200, 0)},
    ("straight", 4): {40: (0, 200, 0), 60: (0, 220, 0), 80: (0, 240, 0)},
    ("straight", 5): {40: (0, 240, 0), 60: (0, 260, 0), 80: (0, 280, 0)},
    ("bank", 1): {40: (37.57, 90.71, 45), 60: (44.64, 107.78, 45), 80: (51.72, 124.85, 45)},
    ("bank", 2): {40: (52.22, 126.07, 45), 60: (59.29, 143.14, 45), 80: (66.36, 160.21, 45)},
    ("bank", 3): {40: (66.86, 161.42, 45), 60: (73.93, 178.49, 45), 80: (81.01, 195.56, 45)},
    ("turn", 1): {40: (55, 55, 90), 60: (65, 65, 90), 80: (75, 75, 90)},
    ("turn", 2): {40: (82.5, 82.5, 90), 60: (92.5, 92.5, 90), 80: (102.5, 102.5, 90)},
    ("turn", 3): {40: (110, 110, 90), 60: (120, 120, 90), 80: (130, 130, 90)},
}
CASES = [(b, s, base, v) for (b, s), per in TABLE.items() for base, v in per.items()]
TOL = 0.005 + 1e-9  # the table is printed to 0.01 mm


@pytest.mark.parametrize(("bearing", "speed", "base", "expected"), CASES)
@pytest.mark.parametrize("side", [1, -1])
def test_full_pose_matches_reference(bearing: str, speed: int, base: int, expected: tuple, side: int) -> None:
    path = ChordPath(TemplateSpec(bearing, speed, side), base)
    ex, ey, eh = expected
    for pose in (path.full_pose(), path.pose(path.full)):
        assert abs(pose.x - side * ex) <= TOL
        assert abs(pose.y - ey) <= TOL
        assert abs(((pose.heading - side * eh) + 180) % 360 - 180) <= 1e-6


@pytest.mark.parametrize(("bearing", "speed"), list(TABLE))
def test_chord_pose_starts_at_the_start(bearing: str, speed: int) -> None:
    path = ChordPath(TemplateSpec(bearing, speed, 1), 40)
    p = path.pose(0.0)
    assert abs(p.x) < 1e-6 and abs(p.y) < 1e-6 and abs(p.heading) < 1e-6


@pytest.mark.parametrize(("bearing", "speed"), [("bank", 1), ("bank", 3), ("turn", 1), ("turn", 3)])
@pytest.mark.parametrize("base", [40, 60, 80])
def test_chord_hashmarks_stay_on_the_path(bearing: str, speed: int, base: int) -> None:
    """Both hashmarks of every intermediate pose lie on the middle line; poses move continuously."""
    path = ChordPath(TemplateSpec(bearing, speed, 1), base)
    prev: Pose | None = None
    n = 200
    for i in range(n + 1):
        s = path.full * i / n
        pose = path.pose(s)
        rear = pose.to_world(0, -base / 2)
        front = pose.to_world(0, base / 2)
        assert math.dist(rear, path.point(s)) < 1e-6
        assert abs(math.dist(rear, front) - base) < 1e-6
        if prev is not None:
            # the front hashmark runs ahead of the rear on curves: the centre moves at most twice as far
            assert math.dist((pose.x, pose.y), (prev.x, prev.y)) <= 2 * path.full / n
        prev = pose


def test_template_lengths() -> None:
    assert ChordPath(TemplateSpec("straight", 3), 40).template_length == 120
    assert abs(ChordPath(TemplateSpec("bank", 2), 40).template_length - 130 * math.pi / 4) < 1e-9
    assert abs(ChordPath(TemplateSpec("turn", 2), 40).template_length - 62.5 * math.pi / 2) < 1e-9


@pytest.mark.parametrize(("bearing", "speed"), list(TABLE))
def test_template_outline_is_20mm_wide_and_ends_at_the_end(bearing: str, speed: int) -> None:
    from shapely import Polygon

    path = ChordPath(TemplateSpec(bearing, speed, 1), 40)
    poly = Polygon(path.template())
    assert poly.is_valid
    assert abs(poly.area - 20 * path.template_length) < 0.05


@pytest.mark.parametrize(("bearing", "speed"), list(TABLE))
@pytest.mark.parametrize("side", [1, -1])
@pytest.mark.parametrize("upto", [None, 0.0, 12.5, 1e4])
def test_template_ring_edges_run_10mm_either_side_of_the_middle_line(
    bearing: str, speed: int, side: int, upto: float | None
) -> None:
    """The vectorised ring against the scalar middle line: its first and last points sit 10 mm either side
    of the middle line's start and end (counter-clockwise), and every point is 10 mm from the middle line."""
    from shapely import LineString, Point, Polygon

    from rules.engine.xwing.paths import _middle_point, template_outline

    spec = TemplateSpec(bearing, speed, side)
    ring = template_outline(spec, 20.0, upto)
    length = spec.length if upto is None else max(0.0, min(upto, spec.length))
    middle = LineString([_middle_point(spec, length * i / 400, 20.0)[0] for i in range(401)])
    assert all(abs(middle.distance(Point(p)) - 10) < 1e-3 for p in ring)
    ends = {tuple(np.round(ring[0], 9)), tuple(np.round(ring[-1], 9))}
    assert ends == {(10.0, 20.0), (-10.0, 20.0)}
    if length > 0:
        assert Polygon(ring).exterior.is_ccw


@pytest.mark.parametrize(("bearing", "speed"), list(TABLE))
@pytest.mark.parametrize("base", [40, 80])
def test_the_closed_form_chord_pose_matches_the_bisected_one(bearing: str, speed: int, base: int) -> None:
    import numpy as np

    from rules.engine.xwing.paths import chord_pose

    path = ChordPath(TemplateSpec(bearing, speed, -1), base)
    s = np.linspace(0, path.full, 41)
    for v in s:
        p = path.pose_by_bisection(float(v))
        one = chord_pose(path, float(v))
        assert abs(one[0] - p.x) < 1e-6 and abs(one[1] - p.y) < 1e-6 and abs(math.degrees(one[2]) - p.heading) < 1e-6
        q = path.pose(float(v))
        assert abs(q.x - p.x) < 1e-6 and abs(q.y - p.y) < 1e-6 and abs(q.heading - p.heading) < 1e-6
