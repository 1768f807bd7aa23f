"""Armada's snap helpers: put a squadron, obstacle or token touching the acting ship, or at a distance.

Relative to the ship the action names: touching its footprint (body and dial frames, what overlaps)
ahead, behind, left or right; or ahead of it at the far end of distance 1, 2 or 3, measured to its
body as the range ruler measures.  The sliding itself is ``rules.engine.snapping``.

For a maneuver, first the question a ram asks: another ship partly under the mover's final base.

For an attack, the defender at a range band and an obstacle across the line of sight (``attack_snaps``).

For an obstacle or token move (issue 22), the destination instead: the nearest legal spot to the one
proposed (the piece's own position until one is), and as far toward the named piece as it may go. Both
come from the legal region the ruling draws (its reference point's legal positions, or the centre line
when a move toward a piece must end on it), so what is offered is what the ruling then accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, substring, unary_union

from rules.engine.armada.attack_snaps import attack_snaps
from rules.engine.armada.dimensions import DISTANCE_BANDS
from rules.engine.armada.maneuver import maneuver_ruling
from rules.engine.armada.obstacles import move_figures
from rules.engine.armada.pieces import body_length, footprint, measured, pose_of, ship_footprint
from rules.engine.checker import round_angle, round_mm
from rules.engine.errors import ScenarioError
from rules.engine.geometry import CLEAR_OF_ENDS_MM, Pose
from rules.engine.ruling import Figure
from rules.engine.scenario import Piece, Scenario, parse_scenario
from rules.engine.snapping import BAND_MARGIN, Plan, Planned, Snap, at_least, clear_of, on_table, sides

MAX_PIECES = 4
"""Pieces offered snaps: the first ones on the table that are not ships."""


MOVES = {"move-obstacle": "obstacle", "move-token": "token"}
INSIDE = 0.05
"""mm inside the legal region's edge that the nearest legal spot is put (its edge is where the piece would
touch something, and a stored position is rounded to hundredths)."""


def destination_snaps(scenario: Scenario, action: dict[str, Any]) -> list[Snap]:
    """The obstacle or token move's destination set where the ruling's legal region allows (``kind`` "destination")."""
    found = _move_figures(scenario, action)
    if found is None:
        return []
    piece, here, proposed, figures = found
    areas = [shapely.Polygon(f.coords) for f in figures if f.kind == "area" and f.id.startswith("region")]
    lines = [shapely.LineString(f.coords) for f in figures if f.id.startswith("region-line")]
    out: list[Snap] = []
    values = {"piece": piece.id, "heading": piece.get("rotation" if piece.kind == "obstacle" else "heading")}
    if lines or areas:
        legal = unary_union([clear_of_ends(line) for line in lines]) if lines else unary_union(areas).buffer(-INSIDE)
        if not legal.is_empty:
            spot = nearest_points(legal, shapely.Point(*proposed))[0]
            out.append(
                (
                    f"{piece.label}: to the nearest legal spot",
                    "destination",
                    {**values, "x": round(spot.x, 2), "y": round(spot.y, 2)},
                )
            )
    target = next((p for p in scenario.pieces if p.id == action.get("toward")), None)
    if target is not None and lines:  # toward a piece, on the ruler's centre line: its far end is the farthest
        goal = measured(target)
        far = min((c for line in lines for c in line.coords), key=lambda c: goal.distance(shapely.Point(c)))
        name = target.label
        out.insert(
            0,
            (
                f"{piece.label}: toward {name}, as far as it may go",
                "destination",
                {**values, "x": round(far[0], 2), "y": round(far[1], 2)},
            ),
        )
    if proposed == here:  # nothing proposed yet: its own spot is no destination
        out = [o for o in out if "nearest" not in o[0]]
    return on_table(out, scenario.table)


def clear_of_ends(line: shapely.LineString) -> BaseGeometry:
    """The part of a line of legal places at least ``CLEAR_OF_ENDS_MM`` inside both its ends (where the ruling turns
    into a close call, "check on the table", or illegal), for a spot chosen for the person; a shorter line: its
    middle."""
    if line.length < 2 * CLEAR_OF_ENDS_MM:
        return line.interpolate(0.5, normalized=True)
    return substring(line, CLEAR_OF_ENDS_MM, line.length - CLEAR_OF_ENDS_MM)


def _move_figures(
    scenario: Scenario, action: dict[str, Any]
) -> tuple[Piece, tuple[float, float], tuple[float, float], tuple[Figure, ...]] | None:
    """The moved piece, where it stands, the destination proposed (where it stands until one is) and the figures
    the move's ruling draws (its legal region among them); None for no obstacle or token move yet."""
    kind = MOVES.get(str(action.get("type")))
    piece = next((p for p in scenario.pieces if kind and p.kind == kind and p.id == action.get(kind)), None)
    if kind is None or piece is None or piece.get("x") is None or action.get("max_distance") in (None, ""):
        return None
    raw = action.get("to")
    to: dict[str, Any] = raw if isinstance(raw, dict) else {}
    here = (float(piece.get("x")), float(piece.get("y")))
    tx, ty = to.get("x"), to.get("y")
    proposed = (float(tx), float(ty)) if isinstance(tx, int | float) and isinstance(ty, int | float) else here
    move = {k: v for k, v in action.items() if k in ("type", kind, "max_distance", "min_distance", "toward")}
    move["to"] = {"x": round_mm(proposed[0]), "y": round_mm(proposed[1])}
    rotation = to.get("rotation")
    if kind == "obstacle":  # as the parser reads it: no rotation given is rotation 0
        move["to"]["rotation"] = round_angle(float(rotation) if isinstance(rotation, int | float) else 0.0)
    elif isinstance(rotation, int | float):
        move["to"]["rotation"] = rotation  # a token has none: the parser refuses it, as it refuses the move
    try:
        # the situation itself when its action is already this move (the live preview's case): not parsed again,
        # and its figures are the ruling's own (the legal region is not computed twice)
        same = _same_move(scenario.doc.get("action"), move)
        figures = move_figures(scenario if same else parse_scenario(scenario.to_dict() | {"action": move}))
    except (ScenarioError, KeyError, ValueError, TypeError):
        return None
    return piece, here, proposed, figures


def legal_regions(
    scenario: Scenario, action: dict[str, Any]
) -> tuple[tuple[str, bool, dict[str, str], shapely.LineString], ...]:
    """The legal places along the ruler of an obstacle or token move (toward a piece, on its centre line), as
    parts of the table to tap: often a few mm long, the page gives each a finger-wide tap area. Each sets the
    destination to the middle of its stretch (a legal spot, for a page without its script); the page's script
    instead takes the legal spot nearest the tap."""
    found = _move_figures(scenario, action)
    if found is None:
        return ()
    piece, _, _, figures = found
    out: list[tuple[str, bool, dict[str, str], shapely.LineString]] = []
    for f in figures:
        if f.kind == "legal-line" and len(f.coords) >= 2:
            line = shapely.LineString(f.coords)
            mid = line.interpolate(0.5, normalized=True)
            values = {"to_x": str(round(mid.x, 2)), "to_y": str(round(mid.y, 2))}
            out.append((f"{piece.label}: its legal places (tap the nearest)", False, values, line))
    return tuple(out)


def _same_move(action: Any, move: dict[str, Any]) -> bool:
    """Whether a parsed action is ``move`` (numbers compared as numbers: the parser writes 960.0 as 960)."""
    to = action.get("to") if isinstance(action, Mapping) else None
    return (
        isinstance(to, Mapping)
        and dict(to) == move["to"]
        and {k: v for k, v in action.items() if k != "to"} == {k: v for k, v in move.items() if k != "to"}
    )


def ram_snaps(scenario: Scenario, ship: Piece, action: dict[str, Any]) -> list[Snap]:
    """Each other ship put in the way of the maneuver (a ram): its centre on the front edge of the base
    where the mover ends, that final position ruled without it (so the overlap is certain).

    Only once the maneuver asked for (``action``, as the form holds it) has a speed and the tool's side:
    before that the table is drawn with the ship standing still, and a ship snapped there went under its
    start base, a question about overlapping at the start, not a ram (trial 4)."""
    if scenario.action.get("type") != "maneuver" or scenario.action.get("ship") != ship.id:
        return []
    if action.get("type") != "maneuver" or not _moves(action) or not action.get("side"):
        return []
    out: list[Snap] = []
    for other in [p for p in scenario.of_kind("ship") if p.id != ship.id][:MAX_PIECES]:
        doc = scenario.to_dict()
        doc["pieces"] = [p for p in doc["pieces"] if p.get("id") != other.id]
        try:
            final = maneuver_ruling(parse_scenario(doc)).outcome["final"]
        except (ScenarioError, KeyError, ValueError, TypeError):
            continue
        end = Pose(float(final["x"]), float(final["y"]), float(final["heading"]))
        fx, fy = end.forward
        reach = body_length(str(ship.size)) / 2
        at = {"x": round(end.x + fx * reach, 2), "y": round(end.y + fy * reach, 2)}
        label = f"{other.label}: partly under {ship.label}'s final base"
        out.append((label, "snap", {"piece": other.id, "heading": other.get("heading"), **at}))
    return out


def _moves(action: dict[str, Any]) -> bool:
    """Whether the maneuver asked for has a speed of 1 or more."""
    try:
        return int(action.get("speed") or 0) > 0
    except (TypeError, ValueError):
        return False


def snap_menu(scenario: Scenario, action: dict[str, Any]) -> list[Snap]:
    if action.get("type") in MOVES:
        return destination_snaps(scenario, action)
    if action.get("type") == "attack":
        return attack_snaps(scenario, action)
    ship = next((p for p in scenario.of_kind("ship") if p.id == action.get("ship")), None)
    if ship is None:
        return []
    rams = ram_snaps(scenario, ship, action)
    pose = pose_of(ship)
    fx, fy = pose.forward
    body, hull = ship_footprint(ship), measured(ship)
    movable = [p for p in scenario.pieces if p.kind != "ship" and p.get("x") is not None][:MAX_PIECES]
    plan = Plan()  # every slide asked for below, run together
    found: list[tuple[Piece, str, Planned]] = []
    for p in movable:
        shape, here = footprint(p), (float(p.get("x")), float(p.get("y")))
        reach = measured(p)
        offset = (here[0] - reach.centroid.x, here[1] - reach.centroid.y)  # position point vs measured shape
        for where, direction in sides(pose):
            at = plan.slide(shape, here, (pose.x, pose.y), direction, clear_of(body))
            found.append((p, f"{p.label}: touching {ship.label}, {where}", at))
        for band in (1, 2, 3):
            start = (pose.x + offset[0], pose.y + offset[1])
            at = plan.slide(reach, here, start, (fx, fy), at_least(hull, DISTANCE_BANDS[band - 1] - BAND_MARGIN))
            found.append((p, f"{p.label}: at the end of distance {band} ahead of {ship.label}", at))
    plan.run()
    out: list[Snap] = [
        (label, "snap", {"piece": p.id, "heading": p.get("heading"), "x": xy[0], "y": xy[1]})
        for p, label, at in found
        if (xy := at.value) is not None
    ]
    return on_table(rams + out, scenario.table)
