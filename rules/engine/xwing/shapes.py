"""The X-Wing shape catalogue: the measured outlines of every obstacle and device token.

The outlines are ``data/xwing-outlines.json``: the X-Wing Vassal module's
collision masks (``Mu0n/XWVassal``, commit in the file's ``source`` block),
converted at 2.825 px/mm, simplified to 0.3 mm; the printed tokens vary by
about ±0.5 mm.  Loaded once at import.  Catalogue id = the piece's id there.

Local frames:

- obstacles: the data's own (origin = the Vassal piece's centre, +y up on the
  printed face), as the spec says: at rotation 0 the outline's +x, +y lie
  along the table's;
- devices, remotes and the obstacles placed like devices (Loose Cargo, Electro-Chaff
  Cloud, Blaze): origin at the placement point, ``guide_offset`` = d from the
  guide line (reference §4.3, unchanged: our single-token placements agree
  with the peer simulators to 0.6 mm); ``+y`` is the token's heading and the
  guides are on the ``-y`` side, so the data's outline (guides at +y) is
  turned half a turn.  The guides are part of the outline: they count.

Pieces nobody measured (the Blaze) keep an estimate, marked ``estimated``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Point, Pose, place

DATA = Path(__file__).resolve().parent / "data" / "xwing-outlines.json"
REF = "reference/xwing-geometry.md"


@dataclass(frozen=True, slots=True)
class ShapeSpec:
    """One token shape: outline in its local frame, with the figures it was measured at."""

    id: str
    name: str
    kind: str
    types: tuple[str, ...]
    outline: tuple[Point, ...]
    width: float
    height: float
    area: float
    source: str
    guide_offset: float | None = None
    estimated: bool = False


OBSTACLE_TYPES = (
    "asteroid",
    "debris-cloud",
    "gas-cloud",
    "blaze",
    "electro-chaff-cloud",
    "loose-cargo",
    "spare-parts",
)
MINE_TYPES = ("proximity-mine", "cluster-mine", "conner-net")
BOMB_TYPES = (
    "proton-bomb",
    "seismic-charge",
    "ion-bomb",
    "thermal-detonator",
    "bomblet",
    "electro-proton-bomb",
    "concussion-bomb",
    "blazer-bomb",
)
DEVICE_TYPES = (*BOMB_TYPES, *MINE_TYPES)
REMOTE_TYPES = ("buzz-droid-swarm", "drk-1-probe-droid")
"""Remotes (RRG Remotes): devices with initiative, agility and hull that ships move through and overlap."""
OBSTACLE_DEVICES = ("loose-cargo", "spare-parts", "electro-chaff-cloud")
"""Obstacles a card drops or launches like a device (they are obstacles once placed)."""

SPELLED: dict[str, str] = {"electro-chaff-cloud": "Electro-Chaff Cloud"}
"""Types players write as their card does, not as plain words (the seeds' "Electro-Chaff Cloud", never
"electro chaff cloud")."""


def type_words(piece_type: str) -> str:
    """A piece type as players say it: "loose cargo", "debris cloud"; "Electro-Chaff Cloud" as its card spells it."""
    return SPELLED.get(piece_type) or piece_type.replace("-", " ")


NAMES: dict[str, str] = {
    "asteroid-1": "Asteroid 1 (Core Set)",
    "asteroid-2": "Asteroid 2 (Core Set)",
    "asteroid-3": "Asteroid 3 (Core Set)",
    "asteroid-4": "Asteroid 4 (Core Set)",
    "asteroid-5": "Asteroid 5 (Core Set)",
    "asteroid-6": "Asteroid 6 (Core Set)",
    "asteroid-7": "Asteroid 7 (Force Awakens)",
    "asteroid-8": "Asteroid 8 (Force Awakens)",
    "asteroid-9": "Asteroid 9 (Force Awakens)",
    "asteroid-10": "Asteroid 10 (Force Awakens)",
    "asteroid-11": "Asteroid 11 (Force Awakens)",
    "asteroid-12": "Asteroid 12 (Force Awakens)",
    "debris-1": "Debris 1 (YT-2400)",
    "debris-2": "Debris 2 (YT-2400)",
    "debris-3": "Debris 3 (YT-2400)",
    "debris-4": "Debris 4 (VT-49 Decimator)",
    "debris-5": "Debris 5 (VT-49 Decimator)",
    "debris-6": "Debris 6 (VT-49 Decimator)",
    "gas-cloud-1": "Gas Cloud 1",
    "gas-cloud-2": "Gas Cloud 2",
    "gas-cloud-3": "Gas Cloud 3",
    "gas-cloud-4": "Gas Cloud 4",
    "gas-cloud-5": "Gas Cloud 5",
    "gas-cloud-6": "Gas Cloud 6",
    "pom-asteroid-1": "Asteroid (later set) 1",
    "pom-asteroid-2": "Asteroid (later set) 2",
    "pom-asteroid-3": "Asteroid (later set) 3",
    "pom-debris-1": "Debris (later set) 1",
    "pom-debris-2": "Debris (later set) 2",
    "pom-debris-3": "Debris (later set) 3",
    "spare-parts": "Spare Parts",
    "loose-cargo": "Loose Cargo",
    "electro-chaff-cloud": "Electro-Chaff Cloud",
    "bomb": "Bomb token",
    "proximity-mine": "Proximity Mine",
    "conner-net": "Conner Net",
    "cluster-mine-centre": "Cluster Mine (centre)",
    "cluster-mine-side": "Cluster Mine (side)",
    "buzz-droid-swarm": "Buzz Droid Swarm",
    "drk-1-probe-droid": "DRK-1 Probe Droid",
}
"""Display names; the obstacles' sets are our identification (reference §5)."""

GUIDED: dict[str, tuple[str, tuple[str, ...], float | None]] = {
    "loose-cargo": ("obstacle", ("loose-cargo",), 29.2),
    "electro-chaff-cloud": ("obstacle", ("electro-chaff-cloud",), 17.7),
    "bomb": ("device", BOMB_TYPES, 14.2),
    "proximity-mine": ("device", ("proximity-mine",), 32.6),
    "conner-net": ("device", ("conner-net",), 38.9),
    "cluster-mine-centre": ("device", ("cluster-mine",), 19.5),
    "cluster-mine-side": ("device", ("cluster-mine",), None),
    "buzz-droid-swarm": ("remote", ("buzz-droid-swarm",), 18.8),
    "drk-1-probe-droid": ("remote", ("drk-1-probe-droid",), 21.9),
}
"""Tokens placed with guides: kind, the scenario types they serve, d (reference §4.3 and §5 notes)."""

CLUSTER_SIDE_ALONG = 1.2
"""mm: the side mines' centres lie this far ahead of the centre mine's placement point: 20.7 mm
beyond the template end (VAS BombSpawner), the template end being the centre mine's guide line
19.5 mm behind its placement point (§4.3).  TTS1 puts them 1.5 mm behind: both are level with it."""
CLUSTER_SIDE_NOMINAL = 40.0
"""mm sideways in VAS.  Its masks are each ~0.3 mm fatter than the art, so at 40.0 the measured
side token would overlap the centre token by about 1 mm; on the table the tokens touch.  We place
each side mine where it touches the centre mine in its recess (solved below, ≈ 40.8–41.1 mm)."""


def _ring(points: Any, turn: bool = False) -> tuple[Point, ...]:
    """A counter-clockwise ring (half a turn first for guided tokens: guides to -y)."""
    pts = [(-float(x), -float(y)) if turn else (float(x), float(y)) for x, y in points]
    poly = Polygon(pts)
    if not poly.exterior.is_ccw:
        pts = pts[::-1]
    return tuple((round(x, 3), round(y, 3)) for x, y in pts)


def _spec(sid: str, name: str, kind: str, types: tuple[str, ...], ring: tuple[Point, ...], **kw: Any) -> ShapeSpec:
    poly = Polygon(ring)
    minx, miny, maxx, maxy = poly.bounds
    return ShapeSpec(
        sid, name, kind, types, ring, round(maxx - minx, 2), round(maxy - miny, 2), round(poly.area, 1), **kw
    )


def _load() -> tuple[dict[str, ShapeSpec], dict[str, Any]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    src = raw["source"]
    credit = f"measured outline: {src['repository']} @ {src['commit'][:12]}, {src['what']}, ±0.5 mm [SIM]"
    shapes: dict[str, ShapeSpec] = {}
    for p in raw["pieces"]:
        sid = p["id"]
        if sid in GUIDED:
            kind, types, d = GUIDED[sid]
            shapes[sid] = _spec(
                sid, NAMES[sid], kind, types, _ring(p["outline"], turn=True), source=credit, guide_offset=d
            )
        else:
            shapes[sid] = _spec(sid, NAMES[sid], "obstacle", (p["kind"],), _ring(p["outline"]), source=credit)
    bomb = shapes["bomb"]
    shapes["blaze"] = _spec(
        "blaze",
        "Blaze (≈)",
        "obstacle",
        ("blaze",),
        bomb.outline,
        source=(
            f"≈ estimate: no simulator or reference ({REF} §4.3, §5) gives the Blaze's size or shape; drawn as the "
            "standard bomb token it is placed like (the Blazer Bomb), guides included [EST]"
        ),
        guide_offset=bomb.guide_offset,
        estimated=True,
    )
    return shapes, src


SHAPES, SOURCE = _load()


def _touching_offset(sign: float) -> Point:
    """The side mine's offset that exactly touches the centre mine in its recess (bisection to 0.01 mm)."""
    centre = Polygon(SHAPES["cluster-mine-centre"].outline)
    side = Polygon(SHAPES["cluster-mine-side"].outline)
    lo, hi = CLUSTER_SIDE_NOMINAL - 5.0, CLUSTER_SIDE_NOMINAL + 5.0
    while hi - lo > 0.005:
        mid = (lo + hi) / 2
        placed = place(list(side.exterior.coords)[:-1], Pose(sign * mid, CLUSTER_SIDE_ALONG, 0.0))
        if placed.intersection(centre).area > 1e-6:
            lo = mid
        else:
            hi = mid
    return (sign * math.ceil(hi * 100) / 100, CLUSTER_SIDE_ALONG)  # rounded outward: clear of the centre


CLUSTER_SIDE_OFFSETS: tuple[Point, ...] = (_touching_offset(-1.0), _touching_offset(1.0))
"""Side mines relative to the centre mine's placement point (its local frame), touching it."""

_DEFAULTS = {
    "asteroid": "asteroid-1",
    "debris-cloud": "debris-1",
    "gas-cloud": "gas-cloud-1",
    "blaze": "blaze",
    "electro-chaff-cloud": "electro-chaff-cloud",
    "loose-cargo": "loose-cargo",
    "spare-parts": "spare-parts",
    **dict.fromkeys(BOMB_TYPES, "bomb"),
    "proximity-mine": "proximity-mine",
    "cluster-mine": "cluster-mine-centre",
    "conner-net": "conner-net",
    "buzz-droid-swarm": "buzz-droid-swarm",
    "drk-1-probe-droid": "drk-1-probe-droid",
}


def get_shape(shape_id: str) -> ShapeSpec | None:
    return SHAPES.get(shape_id)


def shapes_for_type(token_type: str) -> tuple[ShapeSpec, ...]:
    return tuple(s for s in SHAPES.values() if token_type in s.types)


def default_shape_for_type(token_type: str) -> str:
    return _DEFAULTS[token_type]


def shape_polygon(shape_id: str, x: float, y: float, rotation: float, flipped: bool = False) -> Polygon:
    """The shape placed on the table: mirrored in local x when flipped, then rotated clockwise."""
    return place(list(SHAPES[shape_id].outline), Pose(x, y, rotation), mirror=flipped)
