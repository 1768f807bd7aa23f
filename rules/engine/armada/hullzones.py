"""Hull zones, firing arcs and targeting points of an Armada ship token (``data/armada-hullzones.json``).

The hull zones are printed on the ship *token* (the cardboard), which sits
centred on the plastic base and is a little smaller than it; range is measured
from and to the token's hull zones, never the base (RRG 1.5.0 *Measuring
Firing Arc and Range* p.11).  Each side of the token carries arc lines, each a
straight line from a point on the centre line to the token's side edge; a
hull zone lies between two neighbouring lines, and its firing arc is the area
between those two lines extended without end (*Firing Arc* p.6).

Every figure is measured from a simulator or estimated (the data file names
each source: AlphArmada's token measurements for small and medium; the large and
huge arc lines read from the Tabletop Simulator mod's range rulers, calibrated
against AlphArmada on the small and medium ones); the pages mark them ≈.  Where a ship's two arc lines on one side
cross the centre line in the wrong order (a measurement a fraction of a mm
off), both start at their midpoint, so no two hull zones share area.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Point, Pose, place
from rules.engine.scenario import Piece

DATA = Path(__file__).resolve().parent / "data" / "armada-hullzones.json"
ARC_REACH_MM = 10_000.0
"""How far the drawn-out arc lines reach: well beyond any table, so the arc is 'infinite' in practice."""

ZONES: dict[str, tuple[str, ...]] = {
    "small": ("front", "left", "right", "rear"),
    "medium": ("front", "left", "right", "rear"),
    "large": ("front", "left", "right", "rear"),
    "huge": ("front", "front-left", "front-right", "rear-left", "rear-right", "rear"),
}
"""Hull zones by size, as the scenario spec names them."""
RRG_NAMES = {
    "front-left": "left",
    "front-right": "right",
    "rear-left": "left-auxiliary",
    "rear-right": "right-auxiliary",
}
"""A huge ship's zones as the RRG names them (*Huge Ship* p.7): what a reader sees."""
ALIASES = {v: k for k, v in RRG_NAMES.items()}
"""The RRG's names accepted for a huge ship's zones."""


@dataclass(frozen=True, slots=True)
class Layout:
    """One token's printed geometry in the ship's frame (origin at the base centre, +y forward, +x right)."""

    size: str
    width: float
    length: float
    lines: tuple[tuple[float, float], ...]
    """Per arc line of the left side, front to rear: (centre-line point, side-edge point) as mm from the front."""
    targets: tuple[tuple[str, Point], ...]
    """Each hull zone's targeting point in the ship's frame."""
    like: str
    source: str
    estimated: bool


def _load() -> tuple[dict[str, Any], dict[str, Any]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return raw, raw["source"]


RAW, SOURCE = _load()


def _side_lines(lines: list[list[float]]) -> tuple[tuple[float, float], ...]:
    out = [(float(c), float(e)) for c, e in lines]
    for i in range(len(out) - 1):  # centre points must run front to rear
        if out[i + 1][0] < out[i][0]:
            mid = (out[i][0] + out[i + 1][0]) / 2
            out[i], out[i + 1] = (mid, out[i][1]), (mid, out[i + 1][1])
    return tuple(out)


@lru_cache(maxsize=64)
def layout(size: str, chassis: str | None = None) -> Layout:
    """The token of ``size``; a named ship's own measured lines where the data has them."""
    base = RAW["sizes"][size]
    own = RAW["chassis"].get(chassis or "")
    if own is not None and own["size"] != size:
        own = None
    width, length = (float(v) for v in base["token"])
    spec = own or base
    half = length / 2
    targets: dict[str, Point] = {}
    for name, (x, d) in spec["targets"].items():
        targets[name] = (float(x), half - float(d))
        if x:
            targets[name.replace("left", "right")] = (-float(x), half - float(d))
    like = str(chassis) if own is not None else str(base["like"])
    source = f"{base.get('repository', SOURCE['repository'])} ({'this ship' if own else base['source']})"
    lines = _side_lines(spec["lines"])
    return Layout(size, width, length, lines, tuple(targets.items()), like, source, bool(base["estimated"]))


def _local_points(lay: Layout, side: int) -> list[tuple[Point, Point]]:
    """(centre-line point, edge point) of each arc line on one side (-1 left, +1 right), front to rear."""
    half = lay.length / 2
    return [((0.0, half - c), (side * lay.width / 2, half - e)) for c, e in lay.lines]


def _dedupe(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 1e-9:
            out.append(p)
    if len(out) > 1 and math.dist(out[0], out[-1]) <= 1e-9:
        out.pop()
    return out


@lru_cache(maxsize=64)
def local_zones(lay: Layout) -> dict[str, tuple[Point, ...]]:
    """Each hull zone's outline on the token, in the ship's frame."""
    hw, hl = lay.width / 2, lay.length / 2
    left, right = _local_points(lay, -1), _local_points(lay, 1)
    names = ZONES[lay.size]
    sides = [n for n in names if "left" in n]
    out: dict[str, tuple[Point, ...]] = {
        "front": tuple(_dedupe([(-hw, hl), (hw, hl), right[0][1], right[0][0], left[0][0], left[0][1]])),
        "rear": tuple(_dedupe([left[-1][1], left[-1][0], right[-1][0], right[-1][1], (hw, -hl), (-hw, -hl)])),
    }
    for i, name in enumerate(sides):
        (c0, e0), (c1, e1) = left[i], left[i + 1]
        out[name] = tuple(_dedupe([e0, c0, c1, e1]))
        (c0, e0), (c1, e1) = right[i], right[i + 1]
        out[name.replace("left", "right")] = tuple(_dedupe([e1, c1, c0, e0]))
    return {n: out[n] for n in names}


def _ray(a: Point, b: Point) -> Point:
    """The point ``ARC_REACH_MM`` from ``a`` through ``b``."""
    d = math.dist(a, b)
    return (a[0] + (b[0] - a[0]) / d * ARC_REACH_MM, a[1] + (b[1] - a[1]) / d * ARC_REACH_MM)


@lru_cache(maxsize=64)
def local_arcs(lay: Layout) -> dict[str, tuple[Point, ...]]:
    """Each hull zone's firing arc in the ship's frame: the area between its two arc lines, extended."""
    left, right = _local_points(lay, -1), _local_points(lay, 1)
    (cf, lf), (_, rf) = left[0], right[0]
    (cr, lr), (_, rr) = left[-1], right[-1]
    out: dict[str, tuple[Point, ...]] = {
        "front": tuple(_dedupe([cf, _ray(cf, rf), _ray(cf, lf)])),
        "rear": tuple(_dedupe([cr, _ray(cr, lr), _ray(cr, rr)])),
    }
    sides = [n for n in ZONES[lay.size] if "left" in n]
    for i, name in enumerate(sides):
        (c0, e0), (c1, e1) = left[i], left[i + 1]
        out[name] = tuple(_dedupe([c0, _ray(c0, e0), _ray(c1, e1), c1]))
        (c0, e0), (c1, e1) = right[i], right[i + 1]
        out[name.replace("left", "right")] = tuple(_dedupe([c1, _ray(c1, e1), _ray(c0, e0), c0]))
    return out


def arc_line_ends(lay: Layout, zone: str) -> tuple[tuple[Point, Point], tuple[Point, Point]]:
    """The two arc lines bounding ``zone`` as (centre-line point, edge point), in the ship's frame."""
    left, right = _local_points(lay, -1), _local_points(lay, 1)
    if zone == "front":
        return left[0], right[0]
    if zone == "rear":
        return left[-1], right[-1]
    sides = [n for n in ZONES[lay.size] if "left" in n]
    i = sides.index(zone.replace("right", "left"))
    lines = left if "left" in zone else right
    return lines[i], lines[i + 1]


def ship_layout(piece: Piece) -> Layout:
    return layout(str(piece.size), piece.get("chassis"))


def _pose(piece: Piece) -> Pose:
    return Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("heading", 0.0)))


@lru_cache(maxsize=4096)
def _zones_at(lay: Layout, pose: Pose) -> dict[str, Polygon]:
    return {n: place(ring, pose) for n, ring in local_zones(lay).items()}


@lru_cache(maxsize=4096)
def _arcs_at(lay: Layout, pose: Pose) -> dict[str, Polygon]:
    return {n: place(ring, pose) for n, ring in local_arcs(lay).items()}


def zones(piece: Piece) -> dict[str, Polygon]:
    """The ship's hull zones on the table (the token's parts)."""
    return _zones_at(ship_layout(piece), _pose(piece))


def arc(piece: Piece, zone: str) -> Polygon:
    """The firing arc of ``zone`` on the table."""
    return _arcs_at(ship_layout(piece), _pose(piece))[zone]


def target(piece: Piece, zone: str) -> Point:
    """The yellow targeting point of ``zone`` on the table."""
    x, y = dict(ship_layout(piece).targets)[zone]
    return _pose(piece).to_world(x, y)


def token(piece: Piece) -> Polygon:
    lay = ship_layout(piece)
    hw, hl = lay.width / 2, lay.length / 2
    return place([(-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)], _pose(piece))


def arc_lines(piece: Piece, zone: str, reach: float) -> tuple[tuple[Point, Point], ...]:
    """The two arc lines of ``zone`` on the table, drawn from the centre line out to ``reach`` mm."""
    pose = _pose(piece)
    out = []
    for c, e in arc_line_ends(ship_layout(piece), zone):
        d = math.dist(c, e)
        far = (c[0] + (e[0] - c[0]) / d * reach, c[1] + (e[1] - c[1]) / d * reach)
        out.append((pose.to_world(*c), pose.to_world(*far)))
    return tuple(out)


def dial_frames(piece: Piece) -> dict[str, Polygon]:
    """The shield-dial frame of each hull zone (reference §1.2 model: one at the middle of each base edge).

    A huge ship's front base carries the front, left and right dials, its rear base the
    auxiliary zones' and the rear one (estimate: their place on the real bases is unmeasured).
    """
    from rules.engine.armada.pieces import frames_at

    frames = frames_at(str(piece.size), _pose(piece))
    if piece.size != "huge":
        return dict(zip(("front", "rear", "left", "right"), frames, strict=True))
    return {
        "front": frames[0],
        "front-left": frames[2],
        "front-right": frames[3],
        "rear": frames[5],
        "rear-left": frames[6],
        "rear-right": frames[7],
    }


def zone_name(size: str, zone: str) -> str:
    """A hull zone as a reader knows it (a huge ship's by the RRG's names)."""
    return RRG_NAMES.get(zone, zone) if size == "huge" else zone


def figures() -> dict[str, dict[str, Any]]:
    """Every size's token figures with their source (the catalogue and docs list them)."""
    out: dict[str, dict[str, Any]] = {}
    for size in ZONES:
        lay = layout(size)
        out[size] = {
            "token_mm": [lay.width, lay.length],
            "arc_lines_mm_from_front": [list(x) for x in lay.lines],
            "targeting_points": {k: list(v) for k, v in lay.targets},
            "like": lay.like,
            "source": RAW["sizes"][size]["source"],
            "repository": RAW["sizes"][size].get("repository", SOURCE["repository"]),
            "estimated": lay.estimated,
        }
    return out


def estimate_note() -> str:
    """The pages' ≈ line for the ship tokens: sizes and whose arc lines stand in for each size."""
    lays = [layout(size) for size in ZONES]
    sizes = "; ".join(f"{x.size} {x.width:g} × {x.length:g} mm, arc lines of {x.like}" for x in lays)
    return (
        f"ship tokens (hull zones, arc lines, targeting points): ≈ {sizes} "
        f"({SOURCE['repository']}'s measurements; large and huge arc lines read from the Tabletop Simulator "
        "mod's Imperial-class and Super Star Destroyer rulers, their token sizes and targeting points estimated)"
    )


def printed_lines(piece: Piece) -> tuple[tuple[Point, Point], ...]:
    """Every arc line printed on the ship's token, on the table (what the picture draws on the token)."""
    pose = _pose(piece)
    lay = ship_layout(piece)
    return tuple((pose.to_world(*c), pose.to_world(*e)) for side in (-1, 1) for c, e in _local_points(lay, side))
