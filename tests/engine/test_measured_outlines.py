"""Issue: X-Wing pieces true to the table.  The catalogue's outlines are the measured ones, placed as the spec says."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from shapely import LineString, Polygon, box
from shapely.affinity import rotate, translate
from shapely.ops import nearest_points

from rules.engine import evaluate, parse_scenario
from rules.engine.geometry import overlaps
from rules.engine.xwing.shapes import CLUSTER_SIDE_OFFSETS, GUIDED, SHAPES, shape_polygon

DATA = json.loads((Path(__file__).resolve().parents[2] / "rules/engine/xwing/data/xwing-outlines.json").read_text())
PIECES = {p["id"]: p for p in DATA["pieces"]}


@pytest.mark.parametrize("sid", sorted(PIECES))
def test_each_catalogue_shape_is_the_files_outline(sid: str) -> None:
    p, spec = PIECES[sid], SHAPES[sid]
    poly = Polygon(spec.outline)
    assert poly.area == pytest.approx(p["area_mm2"], rel=0.005)
    minx, miny, maxx, maxy = poly.bounds
    assert sorted([maxx - minx, maxy - miny]) == pytest.approx(sorted(p["bbox_mm"]), rel=0.005)
    turn = -1.0 if sid in GUIDED else 1.0  # guided tokens are turned half a turn: guides to -y
    file_pts = {(round(turn * x, 2), round(turn * y, 2)) for x, y in p["outline"]}
    ours = {(round(x, 2), round(y, 2)) for x, y in spec.outline}
    assert ours == file_pts  # the file's vertices, not a fitted curve
    assert not spec.estimated and spec.source.startswith("measured outline")


def test_every_named_shape_but_the_blaze_is_measured() -> None:
    assert set(SHAPES) - set(PIECES) == {"blaze"}
    assert SHAPES["blaze"].estimated and "≈" in SHAPES["blaze"].source


def _template(through: tuple[float, float], direction: tuple[float, float], width: float = 20.0) -> Polygon:
    """A straight template (20 mm wide) coming from outside along ``direction`` and ending at ``through``."""
    ux, uy = direction
    end = (through[0], through[1])
    start = (end[0] + ux * 200, end[1] + uy * 200)
    return LineString([start, end]).buffer(width / 2, cap_style="flat")


IRREGULAR = ["debris-5", "debris-1", "debris-4", "asteroid-11", "gas-cloud-5", "electro-chaff-cloud"]
DEVICES = ["bomb", "proximity-mine", "conner-net", "cluster-mine-centre", "cluster-mine-side"]


@pytest.mark.parametrize("sid", IRREGULAR + DEVICES)
def test_a_template_2mm_into_a_point_overlaps_it(sid: str) -> None:
    poly = shape_polygon(sid, 400, 400, 30)
    c = poly.centroid
    # the point: the vertex farthest from the centre; the template comes at it from outside
    tip = max(poly.exterior.coords, key=lambda q: math.hypot(q[0] - c.x, q[1] - c.y))
    d = math.hypot(tip[0] - c.x, tip[1] - c.y)
    u = ((tip[0] - c.x) / d, (tip[1] - c.y) / d)
    assert overlaps(_template((tip[0] - 2 * u[0], tip[1] - 2 * u[1]), u), poly)
    assert not overlaps(_template((tip[0] + 2 * u[0], tip[1] + 2 * u[1]), u), poly)


@pytest.mark.parametrize("sid", [*IRREGULAR, "conner-net"])
def test_a_probe_2mm_short_of_a_hollow_does_not_overlap(sid: str) -> None:
    """The round and square tokens (bomb, mines) have no hollow but their guide slot, which the devices tests cover."""
    poly = shape_polygon(sid, 400, 400, 30)
    # the hollow: the outline point deepest inside its convex hull, probed from the hull's edge
    hull = poly.convex_hull
    hollows = sorted(poly.exterior.coords, key=lambda q: -hull.exterior.distance(box(q[0], q[1], q[0], q[1])))
    h = hollows[0]
    q = nearest_points(hull.exterior, box(h[0], h[1], h[0], h[1]))[0]
    depth = math.hypot(h[0] - q.x, h[1] - q.y)
    assert depth >= 4.0, f"{sid}: its deepest hollow is only {depth:.1f} mm"
    n = ((q.x - h[0]) / depth, (q.y - h[1]) / depth)
    probe_short = _template((h[0] + 2 * n[0], h[1] + 2 * n[1]), n, width=0.5)
    probe_into = _template((h[0] - 2 * n[0], h[1] - 2 * n[1]), n, width=0.5)
    assert not overlaps(probe_short, poly), f"{sid}: the probe clips the hollow's sides"
    assert overlaps(probe_into, poly)
    # a shape fitted to the size would have filled that hollow: the measured one is what decides
    assert hull.contains(translate(box(-0.1, -0.1, 0.1, 0.1), h[0] + 1.5 * n[0], h[1] + 1.5 * n[1]))


def cluster_drop(size: str, heading: float, mode: str) -> dict:
    doc = {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": [{"id": "s", "kind": "ship", "size": size, "x": 450, "y": 450, "heading": heading}],
        "action": {"type": mode, "ship": "s", "device": {"id": "cm", "type": "cluster-mine"}},
    }
    if mode == "launch":
        doc["action"]["template"] = {"bearing": "straight", "speed": 1}
    return evaluate(parse_scenario(doc)).outcome


@pytest.mark.parametrize("size", ["small", "large"])
@pytest.mark.parametrize("heading", [0, 75])
@pytest.mark.parametrize("mode", ["drop", "launch"])
def test_cluster_side_mines_sit_in_the_recesses_level_with_the_centre(size: str, heading: float, mode: str) -> None:
    o = cluster_drop(size, heading, mode)
    if not o["placed"]:
        pytest.skip(o["reason"])
    centre, *sides = o["parts"]
    h = math.radians(centre["heading"])
    fwd, right = (math.sin(h), math.cos(h)), (math.cos(h), -math.sin(h))
    centre_poly = shape_polygon("cluster-mine-centre", centre["x"], centre["y"], centre["heading"])
    assert len(sides) == 2
    for side in sides:
        dx, dy = side["x"] - centre["x"], side["y"] - centre["y"]
        along = dx * fwd[0] + dy * fwd[1]
        aside = dx * right[0] + dy * right[1]
        assert abs(along) <= 1.5 and abs(abs(aside) - 40.0) <= 1.5
        side_poly = shape_polygon("cluster-mine-side", side["x"], side["y"], side["heading"])
        # in the recess, not on the centre token (positions are reported to 0.01 mm: allow that sliver)
        assert side_poly.intersection(centre_poly).area < 0.05
        assert side_poly.distance(centre_poly) < 0.05  # touching it


def test_side_offsets_are_level_and_about_40mm_aside() -> None:
    (lx, ly), (rx, ry) = CLUSTER_SIDE_OFFSETS
    assert ly == ry == 1.2 and -42 < lx < -40 and 40 < rx < 42


def test_the_spec_placement_of_a_measured_outline() -> None:
    """Origin at x, y; flipped mirrors x before rotating; rotation turns clockwise."""
    base = Polygon(SHAPES["debris-5"].outline)
    placed = shape_polygon("debris-5", 100, 200, 90, flipped=True)
    expected = translate(rotate(Polygon([(-x, y) for x, y in base.exterior.coords]), -90, origin=(0, 0)), 100, 200)
    assert placed.symmetric_difference(expected).area < 1e-6
