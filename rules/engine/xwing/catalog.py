"""The X-Wing catalogue: bases, templates and token shapes with dimensions and sources.

X-Wing's part of the ``GET /api/v1/catalog`` payload: a client can draw every
piece the same way we do, and see where each figure comes from.
"""

from __future__ import annotations

from typing import Any

from shapely import Polygon

from rules.engine.geometry import clean_number
from rules.engine.xwing import dimensions as dim
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.paths import ChordPath, TemplateSpec
from rules.engine.xwing.shapes import SOURCE as OUTLINE_SOURCE
from rules.engine.xwing.ships import CHASSIS
from rules.engine.xwing.ships import SOURCE as SHIP_SOURCE

GEOMETRY = "../shared/reference/xwing-geometry.md"


def _pts(points: list[tuple[float, float]] | tuple[tuple[float, float], ...]) -> list[list[float]]:
    return [[clean_number(x, 3), clean_number(y, 3)] for x, y in points]


def catalog() -> dict[str, Any]:
    """Everything a client needs to draw and place X-Wing pieces like we do."""
    bases = {
        size: {
            "width": b,
            "length": b,
            "outline_with_guides": _pts(dim.base_outline(size)),
            "source": f"{GEOMETRY} §1.1–1.2 (RR 'about 4/6/8 cm'; guides from Vassal artwork [SIM])",
        }
        for size, b in dim.BASE_SIZES.items()
    }
    bases["huge"] = {
        "width": dim.HUGE_WIDTH,
        "length": dim.HUGE_DEFAULT_LENGTH,
        "length_field": "base_length (150–300 mm)",
        "source": f"{GEOMETRY} §1.1 (TTS2 80 × 221 mm; per-ship data) [SIM]",
    }
    templates: dict[str, Any] = {}
    for bearing, speeds in (("straight", range(1, 6)), ("bank", range(1, 4)), ("turn", range(1, 4))):
        for speed in speeds:
            spec = TemplateSpec(bearing, speed)
            entry: dict[str, Any] = {
                "bearing": bearing,
                "speed": speed,
                "width": dim.TEMPLATE_WIDTH,
                "middle_line_length": clean_number(spec.length, 3),
                "source": f"{GEOMETRY} §2.1",
                "final_offsets": {size: ChordPath(spec, b).full_pose().rounded() for size, b in dim.BASE_SIZES.items()},
            }
            if spec.radius is not None:
                entry["radius"] = spec.radius
                entry["sweep_degrees"] = spec.sweep
            templates[f"{bearing}-{speed}"] = entry
    shapes = {}
    for shape in shape_catalog.SHAPES.values():
        poly = Polygon(shape.outline)
        shapes[shape.id] = {
            "name": shape.name,
            "kind": shape.kind,
            "types": list(shape.types),
            "width": shape.width,
            "height": shape.height,
            "area": shape.area,
            "drawn_area": clean_number(poly.area, 1),
            "guide_offset": shape.guide_offset,
            "estimated": shape.estimated,
            "outline": _pts(shape.outline),
            "source": shape.source,
        }
    return {
        "units": "mm",
        "conventions": {
            "origin": "the first player's left corner of the play area",
            "heading": "degrees clockwise from +y (90 = facing +x)",
            "touching": "touching is not overlapping; overlap needs shared area",
            "range_bands": "100 mm each; a distance on a band line belongs to the lower band",
        },
        "bases": bases,
        "templates": templates,
        "shapes": shapes,
        "defaults": {
            "obstacle": {t: shape_catalog.default_shape_for_type(t) for t in shape_catalog.OBSTACLE_TYPES},
            "device": {t: shape_catalog.default_shape_for_type(t) for t in shape_catalog.DEVICE_TYPES},
            "remote": {t: shape_catalog.default_shape_for_type(t) for t in shape_catalog.REMOTE_TYPES},
        },
        "ships": {c.xws: {"name": c.name, "size": c.size, "arcs": list(c.arcs)} for c in CHASSIS.values()},
        "sources": {
            "geometry": GEOMETRY,
            "rules": "../shared/reference/xwing-rules.md",
            "outlines": {k: OUTLINE_SOURCE[k] for k in ("repository", "commit", "what") if k in OUTLINE_SOURCE},
            "ships": {k: SHIP_SOURCE[k] for k in ("repo", "commit", "data_version", "licence_spdx", "licence_full")},
        },
    }
