"""Snap helpers for the setup page: put an obstacle, device or remote exactly where a judge needs it.

Each helper slides the piece, keeping its facing, along one direction until a condition holds
(``rules.engine.snapping``: to 0.001 mm, then rounded outward to the stored 0.01 mm, so "touching"
ends at most 0.01 mm clear, never overlapping):

- touching the acting ship's template, on its left or right side (at the template's middle);
- touching the ship's base ahead, behind, left or right;
- at the outer edge of range 1, 2 or 3 ahead of the ship (exactly 100, 200, 300 mm from its base);
- a device or remote with its guides at the ship's rear or front guides, or at the template's far end.

First, the snaps that put a piece where a question is (issue 22): an obstacle, device or remote on the
template (its start, middle or end: the piece's centre on the template's middle line), under the final
base, across the line of fire between attacker and defender, partly under a ship's base; the defender
at range 1, 2 or 3 ahead of the attacker; a ship partly under the device its ship drops or launches (from
the device's far side, clear of the template and of the ship that drops it, as on a table).
"""

from __future__ import annotations

import math
from typing import Any

from shapely import Polygon
from shapely.affinity import translate
from shapely.ops import nearest_points

from rules.engine.geometry import RANGE_BAND_MM, Pose, overlaps
from rules.engine.scenario import Piece, Scenario
from rules.engine.snapping import BAND_MARGIN, Plan, Planned, Snap, at_least, clear_of, on_table, sides
from rules.engine.xwing.devices import CARDS, landed_name, place_device, template_spec
from rules.engine.xwing.movement import BASIC, maneuver_path, unbumped_final
from rules.engine.xwing.parse import SPEEDS
from rules.engine.xwing.pieces import against_guides, outline, ship_pose, ship_square
from rules.engine.xwing.shapes import SHAPES

MAX_PIECES = 4
"""Pieces offered snaps (the first ones on the table that are not ships): a short list stays readable."""


Wanted = tuple[str, Piece, "tuple[float, float] | Planned | None", "float | None"]
"""(label, piece, where, facing): a snap whose place may be a slide still to run (``Plan``)."""


def _entry(
    label: str, piece: Piece, at: tuple[float, float] | Planned | None, heading: float | None = None
) -> list[Wanted]:
    return [] if at is None else [(label, piece, at, heading)]


def _snap(label: str, piece: Piece, at: tuple[float, float] | Planned | None, heading: float | None) -> Snap | None:
    """The snap, once its slide has run (None when the slide found no place)."""
    where = at.value if isinstance(at, Planned) else at
    if where is None:
        return None
    angle = heading if heading is not None else piece.get("rotation" if piece.kind == "obstacle" else "heading")
    values = {"piece": piece.id, "x": where[0], "y": where[1], "heading": round(float(angle or 0.0) % 360, 2)}
    return (label, "snap", values)


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


AHEAD_SLANT = 12.0
"""Degrees right of straight ahead that a defender is snapped to a range: off-centre, its closest lines
meet at a corner (one line, as at a table) instead of spanning two parallel edges."""

PARTLY = 8.0
"""mm a piece snapped "partly under" a base reaches under it: plainly overlapping, plainly not centred."""


def _centred(piece: Piece, target: tuple[float, float]) -> tuple[float, float]:
    """Where the piece's position point goes for its outline's centre to be at ``target`` (its facing kept)."""
    c = outline(piece).centroid
    return round(target[0] + float(piece.get("x")) - c.x, 2), round(target[1] + float(piece.get("y")) - c.y, 2)


def _partly_under(plan: Plan, piece: Piece, under: Polygon, away: tuple[float, float]) -> Planned | None:
    """The piece slid out of ``under`` toward ``away`` until clear, then back in by ``PARTLY`` mm."""
    shape, here = outline(piece), (float(piece.get("x")), float(piece.get("y")))
    c = under.centroid
    dx, dy = away[0] - c.x, away[1] - c.y
    norm = math.hypot(dx, dy)
    if norm < 1e-6:
        return None
    dx, dy = dx / norm, dy / norm
    start = _centred(piece, (c.x, c.y))
    return plan.slide(shape, here, start, (dx, dy), clear_of(under)).then(
        lambda at: (round(at[0] - PARTLY * dx, 2), round(at[1] - PARTLY * dy, 2))
    )


def _under_from_far_side(plan: Plan, piece: Piece, device: Polygon, template: Polygon, ship: Piece) -> Planned | None:
    """``piece`` partly under a device from its far side (issue 22): slid out of it straight away from the
    ship that placed it, then back in by ``PARTLY`` mm, so it stands as on a table: under the device, clear of
    the template and of that ship (None where it cannot be both)."""
    c, s = device.centroid, ship_square(ship).centroid
    planned = _partly_under(plan, piece, device, (2 * c.x - s.x, 2 * c.y - s.y))
    if planned is None:
        return None
    shape, here = outline(piece), (float(piece.get("x")), float(piece.get("y")))
    ship_outline = outline(ship)

    def kept(at: tuple[float, float]) -> tuple[float, float] | None:
        moved = translate(shape, at[0] - here[0], at[1] - here[1])
        clear = not overlaps(moved, template) and not overlaps(moved, ship_outline)
        return at if clear and overlaps(moved, device) else None

    return planned.keep(kept)


def _question_snaps(
    plan: Plan, scenario: Scenario, action: dict[str, Any], ship: Piece, movable: list[Piece]
) -> list[Wanted]:
    """The snaps that set up what a judge is asked about, before the touching and range ones."""
    out: list[Wanted] = []
    atype = action.get("type")
    ships = [p for p in scenario.of_kind("ship") if p.size != "huge"]
    if atype == "maneuver":
        path_frame = _maneuver(ship, action)
        if path_frame is not None:
            bearing, side, path, frame = path_frame
            for where, k in (("middle", 0.5), ("start", 0.15), ("end", 0.85)):
                mx, my = path.point(path.b + path.template_length * k)
                at = frame.pose(Pose(mx, my, 0.0))
                out += [
                    e
                    for p in movable
                    for e in _entry(f"{p.label}: on the template, {where}", p, _centred(p, (at.x, at.y)))
                ]
            final = unbumped_final(bearing, side, path, frame)
            out += [
                e
                for p in movable
                for e in _entry(f"{p.label}: under the final base", p, _centred(p, (final.x, final.y)))
            ]
    if atype == "attack":
        defender = next((p for p in ships if p.id == action.get("defender")), None)
        if defender is not None and defender is not ship:
            mid = _line_of_fire_middle(ship_square(ship), ship_square(defender))
            out += [e for p in movable for e in _entry(f"{p.label}: across the line of fire", p, _centred(p, mid))]
            pose = ship_pose(ship)
            here = (float(defender.get("x")), float(defender.get("y")))
            h = math.radians(pose.heading + AHEAD_SLANT)
            ahead = (math.sin(h), math.cos(h))
            for band in (2, 1, 3):  # in the middle of the band, ahead and a little to the right
                gap = (band - 0.5) * RANGE_BAND_MM
                at = plan.slide(outline(defender), here, (pose.x, pose.y), ahead, at_least(ship_square(ship), gap))
                out += _entry(f"{defender.label}: at range {band} ahead of {ship.label}", defender, at)
    if atype in ("drop", "launch"):
        device = action.get("device")
        dtype = device.get("type") if isinstance(device, dict) else None
        card = CARDS.get(str(dtype))
        if card is not None:
            try:
                tmpl = action.get("template")
                template, tokens = place_device(
                    ship,
                    "snap",
                    str(dtype),
                    template_spec(tmpl if isinstance(tmpl, dict) else None, card),
                    drop=atype == "drop",
                )
            except (KeyError, ValueError, TypeError):
                tokens = []
            if tokens:
                landed = tokens[0].polygon
                # what lands, as the table names it: an obstacle placed by a card by its own name (trial 5:
                # "partly under the Electro-Chaff Missiles" beside the table's "Electro-Chaff Cloud")
                words = landed_name(str(dtype), card)
                what = words[:1].upper() + words[1:]
                for other in ships:
                    if other is not ship:
                        at = _under_from_far_side(plan, other, landed, template, ship)
                        out += _entry(f"{other.label}: partly under the {what}", other, at)
    # partly under the acting ship and the ship nearest to it (a live snap list stays short and fast)
    others = sorted((o for o in ships if o is not ship), key=lambda o: ship_square(o).distance(ship_square(ship)))
    for p in movable:
        for other in [ship, *others[:1]]:
            c = outline(p).centroid
            away = (
                (c.x, c.y)
                if c.distance(ship_square(other).centroid) > 1
                else (other.get("x"), float(other.get("y")) - 1)
            )
            at = _partly_under(plan, p, ship_square(other), (float(away[0]), float(away[1])))
            out += _entry(f"{p.label}: partly under {other.label}'s base", p, at)
    return out


def _line_of_fire_middle(a: Polygon, d: Polygon) -> tuple[float, float]:
    """The middle of the closest lines between two bases: of the parts of each edge that are closest
    (a band between parallel edges, a corner otherwise), so a piece there lies across every one of them."""
    gap = a.distance(d) + 0.05
    near_a = a.boundary.intersection(d.buffer(gap)).centroid
    near_d = d.boundary.intersection(a.buffer(gap)).centroid
    if near_a.is_empty or near_d.is_empty:
        pa, pd = nearest_points(a, d)
        return (pa.x + pd.x) / 2, (pa.y + pd.y) / 2
    return (near_a.x + near_d.x) / 2, (near_a.y + near_d.y) / 2


def _maneuver(ship: Piece, action: dict[str, Any]) -> Any:
    """(bearing, side, path, frame) of the maneuver the action holds so far (None without a whole one)."""
    bearing, speed = action.get("bearing"), action.get("speed")
    if action.get("type") != "maneuver" or not isinstance(bearing, str) or bearing not in SPEEDS:
        return None
    if isinstance(speed, bool) or not isinstance(speed, int | str) or str(speed) not in map(str, SPEEDS[bearing]):
        return None
    if bearing not in BASIC or bearing.startswith(("sideslip", "reverse")) or ship.size == "huge":
        return None
    side = -1 if action.get("direction") == "left" else 1
    _, path, frame = maneuver_path(ship, bearing, int(speed), side)
    return bearing, side, path, frame


def snap_menu(scenario: Scenario, action: dict[str, Any]) -> list[Snap]:
    """Snaps for the first few non-ship pieces, relative to the ship the action names."""
    ship_id = action.get("ship") or action.get("attacker")
    ship = next((p for p in scenario.of_kind("ship") if p.id == ship_id), None)
    if ship is None:
        return []
    # a drop or a launch places a device of its own (by the template): a device already on the table is
    # another piece, and a place for it would answer about the wrong one
    placing = action.get("type") in ("drop", "launch")
    movable = [
        p
        for p in scenario.pieces
        if p.kind != "ship" and p.get("shape") is not None and not (placing and p.kind == "device")
    ][:MAX_PIECES]
    base = ship_square(ship)
    guided = outline(ship)
    pose = ship_pose(ship)
    fx, fy = pose.forward
    template = _template(ship, action)
    plan = Plan()  # every slide asked for below, run together at the end
    out = _question_snaps(plan, scenario, action, ship, movable)
    for p in movable:
        name, ship_name = p.label, ship.label
        shape, here = outline(p), (float(p.get("x")), float(p.get("y")))
        if template is not None:
            poly, mid, (lx, ly), _ = template
            for side, (dx, dy) in (("left", (lx, ly)), ("right", (-lx, -ly))):
                at = plan.slide(shape, here, (mid.x, mid.y), (dx, dy), clear_of(poly))
                out += _entry(f"{name}: touching the template, {side} side", p, at)
        for where, direction in sides(pose):
            at = plan.slide(shape, here, (pose.x, pose.y), direction, clear_of(guided))
            out += _entry(f"{name}: touching {ship_name}'s base, {where}", p, at)
        for band in (1, 2, 3):
            limit = band * RANGE_BAND_MM
            at = plan.slide(shape, here, (pose.x, pose.y), (fx, fy), at_least(base, limit - BAND_MARGIN))
            out += _entry(f"{name}: at the edge of range {band} ahead of {ship_name}", p, at)
        d = SHAPES[str(p.get("shape"))].guide_offset
        if p.kind in ("device", "remote") and d is not None:
            for where, at_guides in reversed(against_guides(p, ship, pose).items()):  # rear first
                spot = (round(at_guides.x, 2), round(at_guides.y, 2))
                out += _entry(f"{name}: guides at {ship_name}'s {where} guides", p, spot, at_guides.heading)
            if template is not None:
                end = template[3]
                ex, ey = end.forward
                far_end = (round(end.x + d * ex, 2), round(end.y + d * ey, 2))
                out += _entry(f"{name}: guides at the far end of the template", p, far_end, end.heading)
    plan.run()
    return on_table([snap for wanted in out if (snap := _snap(*wanted)) is not None], scenario.table)
