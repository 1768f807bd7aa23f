"""Armada obstacle and token shapes: the measured outlines of ``data/armada-outlines.json``.

The outlines were measured from the Tabletop Simulator Armada mod's collider
meshes (source, commit and licence note in the file's ``source`` block, kept
beside the copy).  Catalogue id = the piece's ``id`` there; its origin is the
piece's reference point (what ``x``, ``y`` place and ``rotation`` turns about).
Loaded once at import.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from shapely import Polygon

from rules.engine.armada.dimensions import TOKEN_DIAMETERS
from rules.engine.geometry import Point, Pose, place

DATA = Path(__file__).resolve().parent / "data" / "armada-outlines.json"
OBSTACLE_TYPES = ("asteroid-field", "debris-field", "station", "dust-field", "gravity-rift", "exogorth", "purrgil")
TOKEN_TYPES = ("objective", "proximity-mine", "grav", "targeting", "other")


@dataclass(frozen=True, slots=True)
class ShapeSpec:
    """One measured (or, for ``other`` tokens, estimated) piece."""

    id: str
    name: str
    kind: str
    """"obstacle" or "token"."""
    types: tuple[str, ...]
    outline: tuple[Point, ...]
    area: float
    width: float
    length: float
    source: str
    measured: tuple[float, float] | None = None
    """The mod author's length × width of the printed token, where recorded."""
    estimated: bool = False


def _load() -> tuple[dict[str, ShapeSpec], dict[str, Any]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    src = raw["source"]
    credit = f"{src['repository']} @ {src['commit'][:12]} ({src['date']}): {src['what']}"
    shapes: dict[str, ShapeSpec] = {}
    for p in raw["pieces"]:
        kind = "token" if p["kind"] == "token" else "obstacle"
        types = (p["id"],) if kind == "token" else (p["kind"],)
        poly = Polygon(p["outline"])
        minx, miny, maxx, maxy = poly.bounds
        shapes[p["id"]] = ShapeSpec(
            id=p["id"],
            name=p.get("tts_name") or p["id"],
            kind=kind,
            types=types,
            outline=tuple((float(x), float(y)) for x, y in p["outline"]),
            area=round(poly.area, 1),
            width=round(maxx - minx, 2),
            length=round(maxy - miny, 2),
            source=f"measured outline: {credit}",
            measured=(float(p["measured_mm"][0]), float(p["measured_mm"][1])) if p.get("measured_mm") else None,
        )
    r = TOKEN_DIAMETERS["other"].value / 2
    circle = tuple((r * math.cos(2 * math.pi * i / 32), r * math.sin(2 * math.pi * i / 32)) for i in range(32))
    shapes["other"] = ShapeSpec(
        id="other",
        name="Other token",
        kind="token",
        types=("other",),
        outline=circle,
        area=round(Polygon(circle).area, 1),
        width=2 * r,
        length=2 * r,
        source=f"≈ {TOKEN_DIAMETERS['other'].source}",
        estimated=True,
    )
    return shapes, src


SHAPES, SOURCE = _load()


def get_shape(shape_id: str) -> ShapeSpec | None:
    return SHAPES.get(shape_id)


def default_shape_for_type(ptype: str) -> str | None:
    """The shape a token of ``ptype`` has (tokens are round: one shape per type)."""
    return ptype if ptype in TOKEN_TYPES else None


def obstacle_shapes(ptype: str) -> tuple[ShapeSpec, ...]:
    return tuple(s for s in SHAPES.values() if s.kind == "obstacle" and ptype in s.types)


@lru_cache(maxsize=4096)
def shape_polygon(shape_id: str, x: float, y: float, rotation: float, flipped: bool = False) -> Polygon:
    """The shape placed with its origin at ``x``, ``y``, mirrored in x when flipped, turned clockwise."""
    return place(SHAPES[shape_id].outline, Pose(x, y, rotation), mirror=flipped)
