"""Armada pieces on the table as shapely shapes.

A ship has two shapes (reference §1.2): its base **body** (what distance,
range, closest-ship and the play-area check measure) and its **footprint**,
the body plus the shield-dial frames (what overlaps).  A squadron is a round
base (its activation slider is ignored everywhere).  Obstacles and tokens are
their outlines.
"""

from __future__ import annotations

from functools import lru_cache

from shapely import Point as ShapelyPoint
from shapely import Polygon, box, unary_union

from rules.engine.armada import dimensions as dim
from rules.engine.armada import shapes as shape_catalog
from rules.engine.geometry import Point, Pose, place, rectangle
from rules.engine.scenario import Piece, Scenario

CIRCLE_SEGMENTS = 32
"""Quarter-circle segments of a round base: the polygon is within 0.005 mm of the circle."""


def pose_of(piece: Piece) -> Pose:
    return Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("heading", 0.0)))


def body_length(size: str) -> float:
    """Front to rear of the body (a huge ship: both large bases and the gap)."""
    if size == "huge":
        return 2 * dim.BODY["large"][1] + dim.HUGE_GAP.value
    return dim.BODY[size][1]


def body_width(size: str) -> float:
    return dim.BODY["large" if size == "huge" else size][0]


def _bases(size: str) -> list[tuple[float, float, float]]:
    """(width, length, centre y) of each base in the ship's frame (two for a huge ship)."""
    if size != "huge":
        w, length = dim.BODY[size]
        return [(w, length, 0.0)]
    w, length = dim.BODY["large"]
    off = (length + dim.HUGE_GAP.value) / 2
    return [(w, length, off), (w, length, -off)]


def local_body(size: str) -> list[list[Point]]:
    return [rectangle(-w / 2, cy - length / 2, w / 2, cy + length / 2) for w, length, cy in _bases(size)]


def local_frames(size: str) -> list[list[Point]]:
    """The four mid-edge dial frames of each base (reference §1.2 model)."""
    half, depth = dim.FRAME_WIDTH.value / 2, dim.FRAME_DEPTH.value
    out = []
    for w, length, cy in _bases(size):
        top, bottom = cy + length / 2, cy - length / 2
        out += [
            rectangle(-half, top, half, top + depth),
            rectangle(-half, bottom - depth, half, bottom),
            rectangle(-w / 2 - depth, cy - half, -w / 2, cy + half),
            rectangle(w / 2, cy - half, w / 2 + depth, cy + half),
        ]
    return out


@lru_cache(maxsize=4096)
def body_at(size: str, pose: Pose) -> Polygon:
    """The base body (both bases of a huge ship, as one shape) at ``pose``."""
    parts = [place(r, pose) for r in local_body(size)]
    return parts[0] if len(parts) == 1 else unary_union(parts)


@lru_cache(maxsize=4096)
def frames_at(size: str, pose: Pose) -> tuple[Polygon, ...]:
    return tuple(place(r, pose) for r in local_frames(size))


@lru_cache(maxsize=4096)
def footprint_at(size: str, pose: Pose) -> Polygon:
    """Body plus dial frames: what overlaps."""
    return unary_union([body_at(size, pose), *frames_at(size, pose)])


def ship_body(piece: Piece, pose: Pose | None = None) -> Polygon:
    return body_at(str(piece.size), pose or pose_of(piece))


def ship_footprint(piece: Piece, pose: Pose | None = None) -> Polygon:
    return footprint_at(str(piece.size), pose or pose_of(piece))


def squadron_radius() -> float:
    return dim.SQUADRON_DIAMETER.value / 2


@lru_cache(maxsize=4096)
def disc(x: float, y: float, r: float) -> Polygon:
    return ShapelyPoint(x, y).buffer(r, quad_segs=CIRCLE_SEGMENTS)


def squadron_base(piece: Piece, at: tuple[float, float] | None = None) -> Polygon:
    x, y = at if at is not None else (float(piece.get("x")), float(piece.get("y")))
    return disc(x, y, squadron_radius())


def token_outline(piece: Piece, at: Pose | None = None) -> Polygon:
    """An obstacle's or token's outline, where it stands or at pose ``at`` of its reference point."""
    outline = piece.get("outline")
    if outline is not None:
        poly = _outline_polygon(tuple((float(x), float(y)) for x, y in outline))
        if at is None:
            return poly
        c = poly.centroid
        local = [Pose(c.x, c.y, 0.0).to_local(x, y) for x, y in poly.exterior.coords[:-1]]
        return place(local, at)
    pose = at or Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("rotation", 0.0)))
    shape = piece.get("shape") or piece.type  # a token's shape is its type
    return shape_catalog.shape_polygon(str(shape), pose.x, pose.y, pose.heading, bool(piece.get("flipped", False)))


def reference_pose(piece: Piece) -> Pose:
    """Where an obstacle's or token's reference point stands: its catalogue origin, or an outline's centroid."""
    if piece.get("outline") is not None:
        c = token_outline(piece).centroid
        return Pose(c.x, c.y, 0.0)
    return Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("rotation", 0.0)))


@lru_cache(maxsize=4096)
def _outline_polygon(points: tuple[tuple[float, float], ...]) -> Polygon:
    return Polygon(points)


def footprint(piece: Piece) -> Polygon:
    """The shape that overlaps, for any piece."""
    if piece.kind == "ship":
        return ship_footprint(piece)
    if piece.kind == "squadron":
        return squadron_base(piece)
    return token_outline(piece)


def footprint_parts(piece: Piece) -> list[Polygon]:
    """A piece's footprint as convex parts where they are known without decomposing (a ship's rectangles)."""
    if piece.kind == "ship":
        return list(parts_at(str(piece.size), pose_of(piece)))
    return [footprint(piece)]


@lru_cache(maxsize=4096)
def parts_at(size: str, pose: Pose) -> tuple[Polygon, ...]:
    """A ship's base rectangles and dial frames at ``pose`` (each legal region asks for every ship near it)."""
    return tuple(place(r, pose) for r in (*local_body(size), *local_frames(size)))


def measured(piece: Piece) -> Polygon:
    """The shape distances are measured to (dials, frames and sliders ignored)."""
    if piece.kind == "ship":
        return ship_body(piece)
    return footprint(piece)


def play_area(scenario: Scenario) -> Polygon:
    w, h = scenario.table
    return box(0.0, 0.0, w, h)
