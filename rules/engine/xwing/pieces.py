"""Shapes of scenario pieces on the table.

Ships have two shapes: the base with guides (what overlaps, what must stay in
the play area) and the plain square (what range is measured to; §1.2 of the
geometry reference).  Obstacles and devices have one outline; a device's guides
are part of it.
"""

from __future__ import annotations

from shapely import Polygon, box

from rules.engine.geometry import Pose, place
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.dimensions import base_length, base_outline, base_square


def ship_pose(piece: Piece) -> Pose:
    return Pose(float(piece.get("x")), float(piece.get("y")), float(piece.get("heading")))


def ship_length(piece: Piece) -> float:
    return base_length(str(piece.size), piece.get("base_length"))


def ship_outline(piece: Piece, pose: Pose | None = None) -> Polygon:
    """The base with guides at ``pose`` (default: where the piece stands)."""
    return place(base_outline(str(piece.size), piece.get("base_length")), pose or ship_pose(piece))


def ship_square(piece: Piece, pose: Pose | None = None) -> Polygon:
    """The base without guides: what range is measured to."""
    return place(base_square(str(piece.size), piece.get("base_length")), pose or ship_pose(piece))


def token_outline(piece: Piece) -> Polygon:
    """An obstacle's or device's outline in table coordinates."""
    outline = piece.get("outline")
    if outline is not None:
        return Polygon([(float(x), float(y)) for x, y in outline])
    angle = piece.get("rotation") if piece.kind == "obstacle" else piece.get("heading")
    return shape_catalog.shape_polygon(
        str(piece.get("shape")),
        float(piece.get("x")),
        float(piece.get("y")),
        float(angle or 0.0),
        bool(piece.get("flipped", False)),
    )


def outline(piece: Piece) -> Polygon:
    """The shape that overlaps: a ship's base with guides, or a token's outline."""
    return ship_outline(piece) if piece.kind == "ship" else token_outline(piece)


def range_shape(piece: Piece) -> Polygon:
    """The shape range is measured to."""
    return ship_square(piece) if piece.kind == "ship" else token_outline(piece)


def play_area(scenario: Scenario) -> Polygon:
    w, h = scenario.table
    return box(0.0, 0.0, w, h)
