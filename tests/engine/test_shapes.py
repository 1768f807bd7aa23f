"""The shape catalogue: valid outlines drawn to the reference's measured sizes."""

from __future__ import annotations

import pytest
from shapely import Point, Polygon

from rules.engine.xwing.shapes import (
    DEVICE_TYPES,
    OBSTACLE_TYPES,
    SHAPES,
    default_shape_for_type,
    get_shape,
    shape_polygon,
)

ALL = sorted(SHAPES)


@pytest.mark.parametrize("sid", ALL)
def test_outline_is_simple_and_drawn_to_size(sid: str) -> None:
    spec = SHAPES[sid]
    poly = Polygon(spec.outline)
    assert poly.is_valid and poly.exterior.is_simple and poly.exterior.is_ccw
    minx, miny, maxx, maxy = poly.bounds
    assert abs((maxx - minx) - spec.width) <= 0.3
    assert abs((maxy - miny) - spec.height) <= 0.3
    assert abs(poly.area - spec.area) / spec.area <= 0.06


@pytest.mark.parametrize("sid", [s for s in ALL if SHAPES[s].guide_offset is not None])
def test_guides_straddle_a_template_slot(sid: str) -> None:
    spec = SHAPES[sid]
    poly = Polygon(spec.outline)
    d = spec.guide_offset
    assert d is not None
    assert poly.contains(Point(12.0, -d - 1.0)) and poly.contains(Point(-12.0, -d - 1.0))
    assert not poly.contains(Point(0.0, -d - 1.0))  # the template's slot between the guides


def test_rotation_is_clockwise_and_flip_mirrors() -> None:
    base = Polygon(SHAPES["asteroid-4"].outline)
    turned = shape_polygon("asteroid-4", 100, 100, 90)
    # local +x extent becomes the -y extent after a clockwise quarter turn
    assert abs((turned.bounds[3] - turned.bounds[1]) - (base.bounds[2] - base.bounds[0])) < 1e-6
    mirrored = shape_polygon("asteroid-4", 0, 0, 0, flipped=True)
    assert abs(mirrored.bounds[0] + base.bounds[2]) < 1e-6


def test_every_type_has_a_default_shape_of_its_kind() -> None:
    for t in OBSTACLE_TYPES:
        spec = get_shape(default_shape_for_type(t))
        assert spec is not None and spec.kind == "obstacle" and t in spec.types
    for t in DEVICE_TYPES:
        spec = get_shape(default_shape_for_type(t))
        assert spec is not None and spec.kind == "device" and t in spec.types


def test_blaze_is_marked_as_an_estimate() -> None:
    assert SHAPES["blaze"].estimated and not SHAPES["asteroid-1"].estimated
