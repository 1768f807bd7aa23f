"""Snap helpers for the setup page: put an obstacle, device or remote exactly where a judge needs it.

Each helper slides the piece, keeping its facing, along one direction until a condition holds
(``rules.engine.snapping``: to 0.001 mm, then rounded outward to the stored 0.01 mm, so "touching"
ends at most 0.01 mm clear, never overlapping):

- touching the acting ship's template, on its left or right side (at the template's middle);
- touching the ship's base ahead, behind, left or right;
- at the outer edge of range 1, 2 or 3 ahead of the ship (exactly 100, 200, 300 mm from its base);
- a device or remote with its guides at the ship's rear or front guides, or at the template's far end.
"""

from __future__ import annotations

import math
from typing import Any

from shapely import Polygon

from rules.engine.geometry import RANGE_BAND_MM, Pose
from rules.engine.scenario import Piece, Scenario
from rules.engine.snapping import BAND_MARGIN, Snap, at_least, clear_of, on_table, sides, slide
from rules.engine.xwing.movement import BASIC, maneuver_path
from rules.engine.xwing.parse import SPEEDS
from rules.engine.xwing.pieces import against_guides, outline, ship_pose, ship_square
from rules.engine.xwing.shapes import SHAPES

MAX_PIECES = 4
"""Pieces offered snaps (the first ones on the table that are not ships): a short list stays readable."""


def _entry(label: str, piece: Piece, at: tuple[float, float] | None, heading: float | None = None) -> list[Snap]:
    if at is None:
        return []
    angle = heading if heading is not None else piece.get("rotation" if piece.kind == "obstacle" else "heading")
    values = {"piece": piece.id, "x": at[0], "y": at[1], "heading": round(float(angle or 0.0) % 360, 2)}
    return [(label, "snap", values)]


def _template(ship: Piece, action: dict[str, Any]) -> tuple[Polygon, Pose, tuple[float, float], Pose] | None:
    """The maneuver template in use, its middle point, the left normal there and its far end (None without one)."""
    bearing, speed = action.get("bearing"), action.get("speed")
    # the action as typed so far (possibly a raw JSON document): only a maneuver the parser would accept
    if action.get("type") != "maneuver" or not isinstance(bearing, str) or bearing not in SPEEDS:
        return None
    if isinstance(speed, bool) or not isinstance(speed, int | str) or str(speed) not in map(str, SPEEDS[bearing]):
        return None
    if bearing not in BASIC or bearing.startswith(("sideslip", "reverse")) or ship.size == "huge":
        return None  # reverse moves end at the front guides: their "far end" is not where a device would go
    side = -1 if action.get("direction") == "left" else 1
    _, path, frame = maneuver_path(ship, bearing, int(speed), side)
    s = path.b + path.template_length / 2  # the template's middle, on its middle line
    (ax, ay), (bx, by) = path.point(s - 0.5), path.point(s + 0.5)
    mx, my = path.point(s)
    middle = frame.pose(Pose(mx, my, math.degrees(math.atan2(bx - ax, by - ay))))
    h = math.radians(middle.heading)
    ex, ey = path.point(path.b + path.template_length)
    end = frame.pose(Pose(ex, ey, path.full_pose().heading))  # the end's direction is the full position's facing
    return frame.polygon(path.template()), middle, (-math.cos(h), math.sin(h)), end


def snap_menu(scenario: Scenario, action: dict[str, Any]) -> list[Snap]:
    """Snaps for the first few non-ship pieces, relative to the ship the action names."""
    ship_id = action.get("ship") or action.get("attacker")
    ship = next((p for p in scenario.of_kind("ship") if p.id == ship_id), None)
    if ship is None:
        return []
    movable = [p for p in scenario.pieces if p.kind != "ship" and p.get("shape") is not None][:MAX_PIECES]
    base = ship_square(ship)
    guided = outline(ship)
    pose = ship_pose(ship)
    fx, fy = pose.forward
    template = _template(ship, action)
    out: list[Snap] = []
    for p in movable:
        name, ship_name = p.label, ship.label
        shape, here = outline(p), (float(p.get("x")), float(p.get("y")))
        if template is not None:
            poly, mid, (lx, ly), _ = template
            for side, (dx, dy) in (("left", (lx, ly)), ("right", (-lx, -ly))):
                at = slide(shape, here, (mid.x, mid.y), (dx, dy), clear_of(poly))
                out += _entry(f"{name}: touching the template, {side} side", p, at)
        for where, direction in sides(pose):
            at = slide(shape, here, (pose.x, pose.y), direction, clear_of(guided))
            out += _entry(f"{name}: touching {ship_name}'s base, {where}", p, at)
        for band in (1, 2, 3):
            limit = band * RANGE_BAND_MM
            at = slide(shape, here, (pose.x, pose.y), (fx, fy), at_least(base, limit - BAND_MARGIN))
            out += _entry(f"{name}: at the edge of range {band} ahead of {ship_name}", p, at)
        d = SHAPES[str(p.get("shape"))].guide_offset
        if p.kind in ("device", "remote") and d is not None:
            for where, at_guides in reversed(against_guides(p, ship, pose).items()):  # rear first
                spot = (round(at_guides.x, 2), round(at_guides.y, 2))
                out += _entry(f"{name}: guides at {ship_name}'s {where} guides", p, spot, at_guides.heading)
            if template is not None:
                end = template[3]
                ex, ey = end.forward
                at = (round(end.x + d * ex, 2), round(end.y + d * ey, 2))
                out += _entry(f"{name}: guides at the far end of the template", p, at, end.heading)
    return on_table(out, scenario.table)
