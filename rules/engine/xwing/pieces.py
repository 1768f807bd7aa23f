"""Shapes of scenario pieces on the table.

Ships have two shapes: the base with guides (what overlaps, what must stay in
the play area) and the plain square (what range is measured to; §1.2 of the
geometry reference).  Obstacles and devices have one outline; a device's guides
are part of it.
"""

from __future__ import annotations

from functools import lru_cache

from shapely import Point, Polygon, box

from rules.engine.geometry import Pose, place
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.dimensions import base_length, base_outline, base_square


def ship_pose(piece: Piece) -> Pose:
    return Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("heading")))


def ship_length(piece: Piece) -> float:
    return base_length(str(piece.size), piece.get("base_length"))


@lru_cache(maxsize=4096)
def _placed_base(size: str, length: float | None, pose: Pose, guides: bool) -> Polygon:
    """Shapely polygons are immutable, so one placed base serves every predicate that needs it."""
    return place(base_outline(size, length) if guides else base_square(size, length), pose)


def ship_outline(piece: Piece, pose: Pose | None = None) -> Polygon:
    """The base with guides at ``pose`` (default: where the piece stands)."""
    return _placed_base(str(piece.size), piece.get("base_length"), pose or ship_pose(piece), True)


def ship_square(piece: Piece, pose: Pose | None = None) -> Polygon:
    """The base without guides: what range is measured to."""
    return _placed_base(str(piece.size), piece.get("base_length"), pose or ship_pose(piece), False)


def token_outline(piece: Piece) -> Polygon:
    """An obstacle's or device's outline in table coordinates."""
    outline = piece.get("outline")
    if outline is not None:
        return _outline_polygon(tuple((float(x), float(y)) for x, y in outline))
    angle = piece.get("rotation") if piece.kind == "obstacle" else piece.get("heading")
    return _token_polygon(
        str(piece.get("shape")),
        float(piece.get("x")),
        float(piece.get("y")),
        float(angle or 0.0),
        bool(piece.get("flipped", False)),
    )


@lru_cache(maxsize=4096)
def _outline_polygon(points: tuple[tuple[float, float], ...]) -> Polygon:
    return Polygon(points)


@lru_cache(maxsize=4096)
def _token_polygon(shape: str, x: float, y: float, angle: float, flipped: bool) -> Polygon:
    return shape_catalog.shape_polygon(shape, x, y, angle, flipped)


def outline(piece: Piece) -> Polygon:
    """The shape that overlaps: a ship's base with guides, or a token's outline."""
    return ship_outline(piece) if piece.kind == "ship" else token_outline(piece)


def range_shape(piece: Piece) -> Polygon:
    """The shape range is measured to."""
    return ship_square(piece) if piece.kind == "ship" else token_outline(piece)


def play_area(scenario: Scenario) -> Polygon:
    w, h = scenario.table
    return box(0.0, 0.0, w, h)


def overhang(poly: Polygon, area: Polygon) -> float:
    """How far (mm) the part of ``poly`` outside the play area reaches past its edge: 0 when inside."""
    outside = poly.difference(area)
    if outside.is_empty:
        return 0.0
    parts = getattr(outside, "geoms", (outside,))
    return max(area.distance(Point(c)) for part in parts for c in part.exterior.coords)


def token_at(piece: Piece, pose: Pose) -> Polygon:
    """An obstacle's, device's or remote's catalogue outline placed at ``pose`` instead of where it stands.

    A token given as an outline (the parser allows it) has no catalogue shape to move: placed elsewhere
    (a Buzz Droid Swarm relocated) it is its type's catalogue token, as on the table.
    """
    shape = piece.get("shape") or shape_catalog.default_shape_for_type(str(piece.type))
    return _token_polygon(str(shape), pose.x, pose.y, pose.heading, bool(piece.get("flipped", False)))


def against_guides(token: Piece, ship: Piece, pose: Pose) -> dict[str, Pose]:
    """Where a guided token (device, remote) stands with its guides against the ship's front or rear guides:
    its guide line on the base's edge, its centre its own d beyond, facing away from the ship."""
    d = shape_catalog.SHAPES[str(token.get("shape") or token.type)].guide_offset or 0.0
    reach = ship_length(ship) / 2 + d
    fx, fy = pose.forward
    return {
        "front": Pose(pose.x + reach * fx, pose.y + reach * fy, pose.heading),
        "rear": Pose(pose.x - reach * fx, pose.y - reach * fy, pose.heading + 180),
    }
