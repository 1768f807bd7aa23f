"""The legal region's Minkowski sums leave out the pairs of convex parts that cannot shape its outline.

A pair left out wrongly would open a hole or a notch in a blocked area, where the moved outline overlaps
the blocker and the region would call the spot legal: every area is checked against the plain union of
every pair's sum, the region as it was before the pairs were left out.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np
import pytest
import shapely
from shapely import Polygon

from rules.engine import parse_scenario
from rules.engine.armada import obstacles
from rules.engine.armada.normals import exposed_arcs, meeting

BENCH_TABLE: list[dict[str, Any]] = [
    {"id": "rock", "kind": "obstacle", "type": "debris-field", "shape": "debris-field-1", "x": 900, "y": 450},
    {"id": "t", "kind": "ship", "size": "medium", "x": 1080, "y": 470, "heading": 90, "player": 2},
    *(
        {"id": f"s{i}", "kind": "ship", "size": "small", "x": 760 + 55 * i, "y": 300 - 10 * (i % 2)}
        | {"heading": 15 * i, "player": 1 + i % 2}
        for i in range(6)
    ),
    *({"id": f"q{i}", "kind": "squadron", "x": 780 + 40 * i, "y": 610, "player": 1 + i % 2} for i in range(8)),
    {"id": "o0", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 760, "y": 420},
    {"id": "o1", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-2", "x": 880, "y": 480}
    | {"rotation": 40},
    {"id": "o2", "kind": "obstacle", "type": "station", "shape": "station", "x": 1000, "y": 420, "rotation": 80},
    {"id": "obj", "kind": "token", "type": "objective", "x": 1000, "y": 380},
]
"""``bench_ruling.armada_obstacle_move``'s table: 20 pieces within the moved debris field's reach."""


def _move(kind: str, shape: str, rotation: float, table: list[dict[str, Any]] = BENCH_TABLE) -> Any:
    pieces = copy.deepcopy(table)
    pieces[0] |= {"type": kind, "shape": shape}
    action = {
        "type": "move-obstacle",
        "obstacle": "rock",
        "to": {"x": 960, "y": 455, "rotation": rotation},
        "max_distance": 2,
        "min_distance": 1,
    }
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def _every_pair(blockers: list[tuple[str, list[Polygon]]], moved_parts: list[Polygon]) -> dict[str, Any]:
    """Each blocker's area as the plain union of every pair of convex parts' sums (a hull of vertex sums)."""
    out = {}
    for label, given in blockers:
        sums = [
            shapely.MultiPoint(
                [(bx - sx, by - sy) for bx, by in b.exterior.coords for sx, sy in s.exterior.coords]
            ).convex_hull
            for g in given
            for b in obstacles.convex_parts(g)
            for s in moved_parts
        ]
        out[label] = shapely.union_all(sums)
    return out


def _ruled_areas(scenario: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Each ``minkowski_forbidden`` call of a cold ruling: its polygon blockers, moved parts, within, result."""
    calls = []
    real = obstacles.minkowski_forbidden

    def spy(blockers: Any, moved: Any, round_: Any = (), moved_parts: Any = None, **kw: Any) -> Any:
        got = real(blockers, moved, round_, moved_parts, **kw)
        calls.append((blockers, moved_parts, kw["within"], got[1]))
        return got

    monkeypatch.setattr(obstacles, "minkowski_forbidden", spy)
    obstacles.clear_region_caches()
    obstacles.move_facts(scenario)
    return calls


@pytest.mark.parametrize(
    ("kind", "shape", "rotations"),
    [
        ("debris-field", "debris-field-1", range(0, 360, 45)),
        ("asteroid-field", "asteroid-field-2", range(20, 360, 60)),
        ("station", "station", (0, 150)),
        # at 90° and 255° the parts kept leave a hole inside the sum, which must be filled
        ("dust-field", "dust-field-1", (75, 90, 255)),
    ],
)
def test_each_blocked_area_is_the_plain_union_of_every_pairs_sum(
    kind: str, shape: str, rotations: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for rotation in rotations:
        ((blockers, moved_parts, within, areas),) = _ruled_areas(_move(kind, shape, rotation), monkeypatch)
        reference = _every_pair(blockers, moved_parts)
        for label, _ in blockers:
            got, want = areas[label].intersection(within), reference[label].intersection(within)
            assert got.symmetric_difference(want).area < 1e-6, (shape, rotation, label)
            assert shapely.hausdorff_distance(got.boundary, want.boundary) < 1e-6, (shape, rotation, label)


def test_two_concave_outlines_sum_only_the_pairs_that_can_shape_the_outline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's debris field (8 convex parts) against its station (6): 48 pairs, fewer than 30 summed."""
    sizes: list[int] = []
    real = obstacles.convex_sums

    def counted(pairs: Any) -> Any:
        sizes.append(len(pairs))
        return real(pairs)

    monkeypatch.setattr(obstacles, "convex_sums", counted)
    station = next(p for p in _move("debris-field", "debris-field-1", 30).pieces if p.id == "o2")
    upright = obstacles.token_outline(_move("debris-field", "debris-field-1", 0).piece("rock"))
    moved = shapely.affinity.translate(upright, -900, -450)
    parts = obstacles.convex_parts(moved)
    blocker = obstacles.token_outline(station)
    assert len(parts) * len(obstacles.convex_parts(blocker)) == 48
    obstacles.clear_region_caches()
    obstacles.minkowski_forbidden([("o2", [blocker])], moved, within=shapely.box(0, 0, 2000, 2000))
    assert 0 < sizes[-1] < 30


def test_a_reflex_corner_gives_no_direction_and_a_convex_corner_gives_its_own_to_its_part() -> None:
    """An L (two convex parts): up-left is held only by the part with the corner (0, 4), down-right only by
    the part with (4, 0); the inward corner (1, 1) holds no direction."""
    ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    parts = obstacles.convex_parts(ell)
    arcs = exposed_arcs(ell, parts)
    assert arcs is not None and len(parts) == 2
    _, lengths, owners = arcs
    top = next(i for i, p in enumerate(parts) if p.covers(shapely.Point(0, 4)))
    right = next(i for i, p in enumerate(parts) if p.covers(shapely.Point(4, 0)))
    assert top != right

    def holding(direction: float) -> list[bool]:
        one = (np.array([direction]), np.array([0.0]), np.array([0]))
        return meeting(arcs, one, len(parts), 1)[:, 0].tolist()

    assert holding(3 * math.pi / 4) == [i == top for i in range(2)]
    assert holding(-math.pi / 4) == [i == right for i in range(2)]
    assert int((lengths > 0).sum()) == 5  # six corners, one of them inward
    assert set(owners.tolist()) == {0, 1}


def test_when_another_piece_moves_only_its_area_is_summed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting up, the user moves one piece after another: the other blockers' areas are kept, and the
    ruling is the one a cold start gives."""
    summed: list[int] = []
    real = obstacles.convex_sums

    def counted(pairs: Any) -> Any:
        summed.append(len(pairs))
        return real(pairs)

    first = _move("debris-field", "debris-field-1", 30)
    obstacles.clear_region_caches()
    obstacles.move_ruling(first)
    doc = copy.deepcopy(BENCH_TABLE)
    station = next(p for p in doc if p["id"] == "o2")
    station["x"] += 7.5
    pieces_moved = _move("debris-field", "debris-field-1", 30, doc)
    monkeypatch.setattr(obstacles, "convex_sums", counted)
    again = obstacles.move_ruling(pieces_moved)
    obstacles.clear_region_caches()
    cold = obstacles.move_ruling(pieces_moved)
    assert summed[0] > 0 and summed[0] * 2 < summed[1]  # the station's pairs only, then every blocker's
    assert again.figures == cold.figures
    assert (again.outcome, again.summary) == (cold.outcome, cold.summary)


def test_a_convex_sum_is_the_same_whichever_way_and_from_whichever_corner_a_part_is_given() -> None:
    """All parts' walks are read in one pass: a clockwise ring is read backwards, each from its lowest corner."""
    import random

    rng = random.Random(22)
    for _ in range(20):
        p, q = (
            shapely.MultiPoint(
                [(rng.uniform(-30, 30), rng.uniform(-30, 30)) for _ in range(rng.randint(3, 9))]
            ).convex_hull
            for _ in range(2)
        )
        want = shapely.MultiPoint(
            [(a + c, b + d) for a, b in p.exterior.coords for c, d in q.exterior.coords]
        ).convex_hull
        ring = list(p.exterior.coords)[:-1]
        k = rng.randrange(len(ring))
        variants = [p, Polygon(ring[::-1]), Polygon(ring[k:] + ring[:k]), Polygon((ring[k:] + ring[:k])[::-1])]
        sums = obstacles.convex_sums([(v, q) for v in variants] + [(q, v) for v in variants])
        for got in sums:
            assert got.equals_exact(sums[0], tolerance=1e-9)
            assert shapely.hausdorff_distance(got, want) < 1e-9


def test_a_ships_parts_are_placed_once_per_pose() -> None:
    """Every legal region asks for the parts of each ship near it: the same pose gives the same shapes back."""
    from rules.engine.armada.pieces import footprint_parts, ship_footprint

    s = _move("debris-field", "debris-field-1", 0)
    ship = s.piece("s2")
    first, again = footprint_parts(ship), footprint_parts(ship)
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert shapely.union_all(first).equals(ship_footprint(ship))


def test_a_blocker_with_a_hole_or_in_two_pieces_keeps_every_pair() -> None:
    """Directions are only told for one outline without holes: otherwise every pair is summed, and the
    area is still the plain union of every pair's sums."""
    ring = Polygon([(0, 0), (60, 0), (60, 60), (0, 60)], [[(20, 20), (40, 20), (40, 40), (20, 40)]])
    two = shapely.MultiPolygon([Polygon([(100, 0), (130, 0), (115, 10)]), Polygon([(100, 40), (130, 40), (115, 25)])])
    moved = Polygon([(0, 0), (12, 0), (12, 3), (3, 3), (3, 12), (0, 12)])
    assert obstacles.part_directions(ring) is None and obstacles.part_directions(two) is None
    within = shapely.box(-50, -50, 200, 120)
    _, areas = obstacles.minkowski_forbidden([("ring", [ring]), ("two", [two])], moved, within=within)
    reference = _every_pair([("ring", [ring]), ("two", list(two.geoms))], list(obstacles.convex_parts(moved)))
    for label in ("ring", "two"):
        assert areas[label].symmetric_difference(reference[label]).area < 1e-6, label
