"""The Armada catalogue: bases, the maneuver tool, the ruler's bands, obstacle and token outlines.

Every estimated figure is marked ``estimated`` and shown "≈" on the pages.
"""

from __future__ import annotations

from typing import Any

from rules.engine.armada import dimensions as dim
from rules.engine.armada import hullzones
from rules.engine.armada import shapes as shape_catalog
from rules.engine.armada.pieces import local_body, local_frames, squadron_radius
from rules.engine.armada.ships import SHIPS
from rules.engine.armada.ships import SOURCE as SHIP_SOURCE
from rules.engine.geometry import clean_number


def _pts(points: Any) -> list[list[float]]:
    return [[clean_number(x, 3), clean_number(y, 3)] for x, y in points]


def _figure(f: dim.Figure) -> dict[str, Any]:
    return {"value": f.value, "source": f.source, "estimated": f.estimated}


def catalog() -> dict[str, Any]:
    """Everything a client needs to draw and place Armada pieces like we do."""
    bases = {
        size: {
            "width": w,
            "length": length,
            "body": [_pts(r) for r in local_body(size)],
            "frames": [_pts(r) for r in local_frames(size)],
            "source": dim.BODY_SOURCE,
            "frames_estimated": True,
        }
        for size, (w, length) in dim.BODY.items()
    }
    bases["huge"] = {
        "width": dim.BODY["large"][0],
        "length": clean_number(2 * dim.BODY["large"][1] + dim.HUGE_GAP.value, 2),
        "body": [_pts(r) for r in local_body("huge")],
        "frames": [_pts(r) for r in local_frames("huge")],
        "source": f"two large bases; gap {dim.HUGE_GAP.source}",
        "estimated": True,
    }
    shapes = {
        s.id: {
            "name": s.name,
            "kind": s.kind,
            "types": list(s.types),
            "width": s.width,
            "length": s.length,
            "area": s.area,
            "measured_length_width": list(s.measured) if s.measured else None,
            "estimated": s.estimated,
            "outline": _pts(s.outline),
            "source": s.source,
        }
        for s in shape_catalog.SHAPES.values()
    }
    return {
        "units": "mm",
        "conventions": {
            "origin": "the first player's left corner of the play area (6' x 3': x along the long edge)",
            "heading": "degrees clockwise from +y (90 = facing +x)",
            "touching": "touching is not overlapping; overlap needs shared area",
            "distance_bands": "a distance on a band's end line belongs to that (lower) band",
            "frames": "shield-dial frames count for overlapping only; range, distance and the play area use the body",
        },
        "bases": bases,
        "squadron": {"diameter": _figure(dim.SQUADRON_DIAMETER), "radius": squadron_radius()},
        "maneuver_tool": {
            "joint": _figure(dim.TOOL_JOINT),
            "tail": _figure(dim.TOOL_TAIL),
            "width": _figure(dim.TOOL_WIDTH),
            "click_degrees": _figure(dim.CLICK_DEGREES),
            "max_clicks_per_joint": dim.MAX_CLICKS,
            "sliver_mm": dim.TOOL_SLIVER_MM,
        },
        "distance_bands": {"ends": list(dim.DISTANCE_BANDS), "source": dim.DISTANCE_SOURCE, "estimated": True},
        "range_bands": {"ends": list(dim.RANGE_BANDS), "source": dim.DISTANCE_SOURCE, "estimated": True},
        "tokens": {t: _figure(f) for t, f in dim.TOKEN_DIAMETERS.items()},
        "ship_tokens": {**hullzones.figures(), "frame": hullzones.RAW["frame"], "source": hullzones.SOURCE},
        "shapes": shapes,
        "ships": {
            c.slug: {
                "name": c.name,
                "faction": c.faction,
                "size": c.size,
                "flotilla": c.flotilla,
                "speed_chart": c.speed_chart,
            }
            for c in SHIPS.values()
        },
        "sources": {
            "ships": {
                k: SHIP_SOURCE[k] for k in ("repo", "commit", "licence_spdx", "licence_full") if k in SHIP_SOURCE
            },
            "geometry": "../shared/reference/armada-geometry.md",
            "outlines": shape_catalog.SOURCE,
        },
    }
