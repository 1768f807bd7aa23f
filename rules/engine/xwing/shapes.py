"""The shape catalogue: our own outlines of obstacle and device tokens.

The reference (``../shared/reference/xwing-geometry.md`` §4.3 and §5) gives the
measured width × height and area of each token but deliberately no outlines, so
we draw our own: a deterministic lobed or rocky radial outline, scaled so its
bounding box is the measured size and its area close to the measured one.  A
judge who needs the exact piece enters its outline instead.

Local frame: obstacles are centred on their bounding box.  Devices (and the
obstacles placed like devices) have their guides on the ``-y`` side, the guide
line at ``y = -guide_offset``; ``+y`` is the token's heading.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import Polygon, affinity
from shapely.geometry import box

from rules.engine.geometry import Point, Pose, place

SIM = "reference/xwing-geometry.md §5 (Vassal collision masks at 2.825 px/mm) [SIM] ±0.5 mm"
SIM_DEV = "reference/xwing-geometry.md §4.3 (Vassal masks and BombSpawner offsets) [SIM] ±0.5 mm"
GUIDE_INNER = 10.3
GUIDE_OUTER = 13.9
GUIDE_DEPTH = 2.5


@dataclass(frozen=True, slots=True)
class ShapeSpec:
    """One token shape: outline in its local frame, the measured figures it was drawn to."""

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


def _radial(n: int, harmonics: tuple[tuple[int, float, float], ...]) -> list[Point]:
    """A star-shaped ring r(θ) = 1 + Σ a·cos(kθ + φ): rocks (few harmonics) or clouds (lobes)."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        r = 1.0 + sum(a * math.cos(k * t + ph) for k, a, ph in harmonics)
        pts.append((r * math.cos(t), r * math.sin(t)))
    return pts


def _fit(pts: list[Point], width: float, height: float, area: float) -> Polygon:
    """Scale a ring to the measured bounding box, then nudge its fullness toward the measured area.

    Fullness is adjusted by blending with the bounding ellipse/box shape: a
    power on the radius keeps the bounding box while trading area.
    """
    best: Polygon | None = None
    for p in (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0):
        warped = []
        for x, y in pts:
            r = math.hypot(x, y)
            a = math.atan2(y, x)
            c, s = math.cos(a), math.sin(a)
            # superellipse-like warp: p < 1 pulls toward a diamond, p > 1 toward a box
            k = (abs(c) ** (2 / p) + abs(s) ** (2 / p)) ** (-p / 2) if p != 1.0 else 1.0
            warped.append((r * k * c, r * k * s))
        poly = Polygon(warped)
        minx, miny, maxx, maxy = poly.bounds
        poly = affinity.scale(poly, width / (maxx - minx), height / (maxy - miny), origin=(0, 0))
        minx, miny, maxx, maxy = poly.bounds
        poly = affinity.translate(poly, -(minx + maxx) / 2, -(miny + maxy) / 2)
        if best is None or abs(poly.area - area) < abs(best.area - area):
            best = poly
    assert best is not None
    return best


def _ring(poly: Polygon) -> tuple[Point, ...]:
    poly = poly if poly.exterior.is_ccw else Polygon(list(poly.exterior.coords)[::-1])
    return tuple((round(x, 3), round(y, 3)) for x, y in list(poly.exterior.coords)[:-1])


def _with_guides(body: Polygon, guide_y: float, half_width: float) -> Polygon:
    """Add two guide tabs straddling a 20.6 mm slot, protruding below ``guide_y``."""
    tabs = [
        box(-GUIDE_OUTER, guide_y - GUIDE_DEPTH, -GUIDE_INNER, guide_y + 1.0),
        box(GUIDE_INNER, guide_y - GUIDE_DEPTH, GUIDE_OUTER, guide_y + 1.0),
    ]
    # the straight edge the guides sit on, so a lobed body still meets its guides
    plate = min(GUIDE_OUTER + 2.0, half_width)
    out = body.union(box(-plate, guide_y, plate, guide_y + 8.0))
    for t in tabs:
        out = out.union(t)
    return out.simplify(0.01)


ROCK = ((2, 0.10, 0.4), (3, 0.07, 1.3), (5, 0.04, 2.2), (7, 0.02, 0.7))
CLOUD = ((5, 0.10, 0.0), (9, 0.06, 1.1), (3, 0.05, 2.0))
DEBRIS = ((3, 0.12, 0.9), (4, 0.08, 0.2), (6, 0.05, 1.7))

OBSTACLES: list[tuple[str, str, str, float, float, float, tuple[tuple[int, float, float], ...]]] = [
    # id, name, type, width, height, area
    ("asteroid-1", "Asteroid 1 (Core Set)", "asteroid", 34.3, 43.5, 1091, ROCK),
    ("asteroid-2", "Asteroid 2 (Core Set)", "asteroid", 45.7, 41.1, 1278, ROCK),
    ("asteroid-3", "Asteroid 3 (Core Set)", "asteroid", 43.9, 42.8, 1289, ROCK),
    ("asteroid-4", "Asteroid 4 (Core Set)", "asteroid", 71.2, 55.9, 2817, ROCK),
    ("asteroid-5", "Asteroid 5 (Core Set)", "asteroid", 41.1, 31.5, 912, ROCK),
    ("asteroid-6", "Asteroid 6 (Core Set)", "asteroid", 42.5, 39.3, 1077, ROCK),
    ("asteroid-7", "Asteroid 7 (Force Awakens)", "asteroid", 58.1, 45.3, 2164, ROCK),
    ("asteroid-8", "Asteroid 8 (Force Awakens)", "asteroid", 61.6, 33.3, 1210, ROCK),
    ("asteroid-9", "Asteroid 9 (Force Awakens)", "asteroid", 65.5, 65.5, 3336, ROCK),
    ("asteroid-10", "Asteroid 10 (Force Awakens)", "asteroid", 34.7, 34.7, 783, ROCK),
    ("asteroid-11", "Asteroid 11 (Force Awakens)", "asteroid", 51.3, 48.8, 1292, ROCK),
    ("asteroid-12", "Asteroid 12 (Force Awakens)", "asteroid", 19.5, 43.2, 512, ROCK),
    ("debris-1", "Debris 1 (YT-2400)", "debris-cloud", 61.2, 49.9, 1475, DEBRIS),
    ("debris-2", "Debris 2 (YT-2400)", "debris-cloud", 69.4, 46.0, 1600, DEBRIS),
    ("debris-3", "Debris 3 (YT-2400)", "debris-cloud", 60.9, 36.8, 1325, DEBRIS),
    ("debris-4", "Debris 4 (VT-49 Decimator)", "debris-cloud", 74.3, 55.6, 1958, DEBRIS),
    ("debris-5", "Debris 5 (VT-49 Decimator)", "debris-cloud", 85.3, 55.2, 2603, DEBRIS),
    ("debris-6", "Debris 6 (VT-49 Decimator)", "debris-cloud", 75.0, 55.9, 2650, DEBRIS),
    ("gas-cloud-1", "Gas Cloud 1", "gas-cloud", 47.4, 50.6, 1780, CLOUD),
    ("gas-cloud-2", "Gas Cloud 2", "gas-cloud", 52.7, 50.6, 1746, CLOUD),
    ("gas-cloud-3", "Gas Cloud 3", "gas-cloud", 78.9, 31.9, 1889, CLOUD),
    ("gas-cloud-4", "Gas Cloud 4", "gas-cloud", 71.2, 58.8, 2826, CLOUD),
    ("gas-cloud-5", "Gas Cloud 5", "gas-cloud", 48.5, 71.2, 2508, CLOUD),
    ("gas-cloud-6", "Gas Cloud 6", "gas-cloud", 53.8, 49.6, 1853, CLOUD),
    ("pom-asteroid-1", "Asteroid (later set) 1", "asteroid", 64.8, 41.8, 2275, ROCK),
    ("pom-asteroid-2", "Asteroid (later set) 2", "asteroid", 49.6, 66.5, 2392, ROCK),
    ("pom-asteroid-3", "Asteroid (later set) 3", "asteroid", 60.5, 47.8, 2334, ROCK),
    ("pom-debris-1", "Debris (later set) 1", "debris-cloud", 78.2, 61.6, 3463, DEBRIS),
    ("pom-debris-2", "Debris (later set) 2", "debris-cloud", 57.7, 42.5, 1758, DEBRIS),
    ("pom-debris-3", "Debris (later set) 3", "debris-cloud", 53.8, 89.6, 3151, DEBRIS),
    ("spare-parts", "Spare Parts", "spare-parts", 49.6, 48.5, 1665, DEBRIS),
]


def _obstacle(
    sid: str, name: str, otype: str, w: float, h: float, area: float, harmonics: tuple[tuple[int, float, float], ...]
) -> ShapeSpec:
    seed = sum(ord(ch) for ch in sid)
    shifted = tuple((k, a, ph + seed * 0.37) for k, a, ph in harmonics)
    poly = _fit(_radial(36, shifted), w, h, area)
    return ShapeSpec(sid, name, "obstacle", (otype,), _ring(poly), w, h, area, SIM)


def _guided(
    sid: str,
    name: str,
    kind: str,
    types: tuple[str, ...],
    w: float,
    length: float,
    area: float | None,
    d: float,
    body: str,
    source: str,
    estimated: bool = False,
) -> ShapeSpec:
    """A token whose guides sit on its -y side: body drawn so the whole outline is w × length."""
    body_len = length - GUIDE_DEPTH
    guide_y = -d
    top = guide_y + body_len
    cy = (guide_y + top) / 2
    if body == "round":
        poly = affinity.scale(Polygon(_radial(72, ())), w / 2, body_len / 2, origin=(0, 0))
    elif body == "hourglass":
        waist = 24.0 / w
        pts = _radial(72, ())
        pts = [(x * (waist + (1 - waist) * abs(y) ** 1.5) if True else x, y) for x, y in pts]
        poly = affinity.scale(Polygon([(x, y) for x, y in pts]), w / 2, body_len / 2, origin=(0, 0))
        poly = poly.union(box(-w / 2, 0.9 * body_len / 2 - 0.2, w / 2, body_len / 2)).union(
            box(-w / 2, -body_len / 2, w / 2, -0.9 * body_len / 2 + 0.2)
        )
    elif body == "cloud":
        poly = _fit(_radial(48, CLOUD), w, body_len, area or w * body_len * 0.7)
    else:  # square-ish bomb with rounded rear corners
        poly = (
            box(-w / 2, -body_len / 2, w / 2, body_len / 2).buffer(-3, join_style="round").buffer(3, join_style="round")
        )
    poly = affinity.translate(poly, 0, cy)
    outline = _with_guides(poly, guide_y, w / 2)
    return ShapeSpec(
        sid, name, kind, types, _ring(outline), w, length, area or round(outline.area), source, d, estimated
    )


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
)
DEVICE_TYPES = (*BOMB_TYPES, *MINE_TYPES)


def _build() -> dict[str, ShapeSpec]:
    shapes = {row[0]: _obstacle(*row) for row in OBSTACLES}
    extra = [
        _guided("loose-cargo", "Loose Cargo", "obstacle", ("loose-cargo",), 91.3, 65.8, 4113, 29.2, "cloud", SIM),
        _guided(
            "electro-chaff-cloud",
            "Electro-Chaff Cloud",
            "obstacle",
            ("electro-chaff-cloud",),
            114.3,
            40.7,
            2913,
            17.7,
            "cloud",
            SIM,
        ),
        _guided(
            "blaze",
            "Blaze",
            "obstacle",
            ("blaze",),
            40.0,
            40.0,
            None,
            19.0,
            "cloud",
            "estimate: no simulator or reference gives the Blaze's size; drawn bomb-token-sized [EST]",
            True,
        ),
        _guided("bomb", "Bomb token", "device", BOMB_TYPES, 30.8, 32.6, None, 14.2, "square", SIM_DEV),
        _guided(
            "proximity-mine", "Proximity Mine", "device", ("proximity-mine",), 68.0, 69.4, None, 32.6, "round", SIM_DEV
        ),
        _guided("conner-net", "Conner Net", "device", ("conner-net",), 43.9, 81.4, None, 38.9, "hourglass", SIM_DEV),
        _guided(
            "cluster-mine-centre",
            "Cluster Mine (centre)",
            "device",
            ("cluster-mine",),
            42.8,
            42.1,
            None,
            19.5,
            "round",
            SIM_DEV,
        ),
    ]
    side = affinity.scale(Polygon(_radial(72, ())), 19.8, 19.8, origin=(0, 0))
    extra.append(
        ShapeSpec(
            "cluster-mine-side",
            "Cluster Mine (side)",
            "device",
            ("cluster-mine",),
            _ring(side),
            39.6,
            39.6,
            round(side.area),
            SIM_DEV,
            None,
        )
    )
    for s in extra:
        shapes[s.id] = s
    return shapes


SHAPES: dict[str, ShapeSpec] = _build()

CLUSTER_SIDE_OFFSETS: tuple[Point, ...] = ((-40.0, 20.7 + 19.5), (40.0, 20.7 + 19.5))
"""Side mines relative to the centre mine's origin: ±40.0 mm sideways and 20.7 mm beyond the
template end (Vassal, §4.3), the template end being the centre mine's guide line (y = -19.5)."""

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
