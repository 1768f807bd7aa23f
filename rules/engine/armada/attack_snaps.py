"""Armada attack snaps: the defender at a range band, an obstacle across the line of sight (issue 22).

What an attack question is about, one tap each, as X-Wing's "at range 2 ahead" and "across the line of
fire" (``rules.engine.xwing.snaps``):

- the defender at close, medium or long range ahead of the attacking hull zone: slid out along the middle
  of that zone's firing arc until the range (attacking hull zone to the defending hull zone, or to the
  defender's token when no defending zone is chosen yet) reaches the middle of the band (RRG 1.5.0
  *Measuring Firing Arc and Range* p.11), medium first: it leaves room for an obstacle between them;
- each obstacle across the line of sight between the two targeting points (*Line of Sight* p.10), where
  it fits without overlapping either ship (its own rotation first, then turned in steps of 45°); where the
  ships are too close for it, the same snap first moves the defender out to medium range (or long), and
  says so in its label.

With no attacking zone chosen yet the front is used, with no defending zone the defender's zone whose
targeting point is nearest the attacker's; the labels name the zones.  Positions keep each piece's facing
(an obstacle may be turned); the ruling then says what the line does.

A squadron attacks at distance 1 (*Squadron*, *Attack* p.8: range is measured from its base): its defender
is offered in the middle of distance 1, straight out from the squadron toward where the defender stands
(a ship turned so its defending zone faces the squadron), and each obstacle across the line of sight as
above; where the two are too close for it, with the defender moved out to the far end of distance 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely import LineString, Polygon, affinity, prepare

from rules.engine.armada import dimensions as dim
from rules.engine.armada import hullzones as hz
from rules.engine.armada.attack import sight_points
from rules.engine.armada.pieces import footprint, footprint_parts, squadron_base, token_outline
from rules.engine.geometry import CLOSE_CALL_MM, Pose
from rules.engine.scenario import Piece, Scenario
from rules.engine.snapping import Snap, at_least, on_table, slide

MAX_OBSTACLES = 4
"""Obstacles offered a place across the line of sight: the first ones on the table (a live list stays short)."""
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)
"""Where along the line of sight an obstacle's centre is tried, the middle first."""
TURNS = (0.0, 45.0, 90.0, 135.0)
"""Degrees an obstacle is turned from its own rotation, tried in order when it does not fit as it lies."""
CLEARANCE = 1.0
"""mm an obstacle put across the line keeps from each ship's footprint (base and dial frames): plainly clear."""
BANDS = ((1, "medium"), (0, "close"), (2, "long"))
"""The range bands offered for the defender, medium first: it leaves room for an obstacle in between."""


def _zone(piece: Piece, raw: Any) -> str | None:
    """The hull zone ``raw`` names on ``piece`` (a huge ship's by the RRG's names too), None if none."""
    if piece.kind != "ship" or not isinstance(raw, str):
        return None
    name = hz.ALIASES.get(raw, raw) if piece.size == "huge" else raw
    return name if name in hz.zones(piece) else None


def _changed(piece: Piece, **values: float) -> Piece:
    """``piece`` with these values of its document changed (where it stands, its facing)."""
    return Piece(piece.id, piece.kind, MappingProxyType({**piece.data, **values}), piece.name)


def _moved(piece: Piece, at: tuple[float, float]) -> Piece:
    """``piece`` standing at ``at`` (its facing kept)."""
    return _changed(piece, x=at[0], y=at[1])


def _turned_to(dfn: Piece, dz: str | None, towards: tuple[float, float]) -> Piece:
    """The defender turned so its defending hull zone ``dz`` faces along ``towards`` (a unit vector: back
    toward the attacker), its position kept: slid out ahead of the attacking zone with its facing kept, the
    chosen zone could end on the far side, where no attack reaches it (trial 3: the CR90's left zone, its
    rear toward the Victory). Unturned with no zone chosen, or for a squadron."""
    if dz is None or dfn.kind != "ship":
        return dfn
    tx, ty = hz.target(_changed(dfn, x=0.0, y=0.0, heading=0.0), dz)
    if math.hypot(tx, ty) < 1e-6:
        return dfn
    local = math.degrees(math.atan2(tx, ty))  # the zone's bearing on the ship, clockwise from its front
    wanted = math.degrees(math.atan2(towards[0], towards[1]))
    heading = round((wanted - local) % 360, 2)
    return _changed(dfn, heading=heading)


def _bisector(att: Piece, zone: str) -> tuple[float, float]:
    """The direction down the middle of ``zone``'s firing arc."""
    (a0, a1), (b0, b1) = hz.arc_lines(att, zone, 100.0)
    ux, uy = a1[0] - a0[0], a1[1] - a0[1]
    vx, vy = b1[0] - b0[0], b1[1] - b0[1]
    dx, dy = ux / math.hypot(ux, uy) + vx / math.hypot(vx, vy), uy / math.hypot(ux, uy) + vy / math.hypot(vx, vy)
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-9 else (ux / math.hypot(ux, uy), uy / math.hypot(ux, uy))


def _measured_to(dfn: Piece, dz: str | None) -> Polygon:
    """What of the defender range is measured to: its defending hull zone, else its token (a squadron: base)."""
    if dfn.kind != "ship":
        return squadron_base(dfn)
    return hz.zones(dfn)[dz] if dz is not None else hz.token(dfn)


def defender_at(att: Piece, az: str, dfn: Piece, dz: str | None, band: int) -> tuple[float, float] | None:
    """Where the defender's position point goes for the range to be the middle of ``band`` (0 close, 1 medium,
    2 long), straight out along the middle of the attacking zone's arc (None: it never gets there)."""
    inner = dim.RANGE_BANDS[band - 1] if band > 0 else 0.0
    gap = (inner + dim.RANGE_BANDS[band]) / 2
    here = (float(dfn.get("x")), float(dfn.get("y")))
    return slide(_measured_to(dfn, dz), here, hz.target(att, az), _bisector(att, az), at_least(hz.zones(att)[az], gap))


def _facing_zone(dfn: Piece, towards: tuple[float, float]) -> str | None:
    """The defender's hull zone whose targeting point is nearest ``towards`` (None for a squadron)."""
    if dfn.kind != "ship":
        return None
    return min(hz.zones(dfn), key=lambda z: math.dist(hz.target(dfn, z), towards))


def across(
    ob: Piece,
    att: Piece,
    az: str | None,
    dfn: Piece,
    dz: str | None,
    others: tuple[Polygon, ...] = (),
) -> tuple[tuple[float, float], float | None] | None:
    """Where ``ob`` lies across the line of sight, clear of both ships and of ``others`` (the other pieces'
    footprints: a snap that set an obstacle on a third ship would change the question): (its position point,
    its rotation or None where it keeps its own); None where it fits nowhere along the line."""
    s0, s1 = sight_points(att, az if att.kind == "ship" else None, dfn, dz if dfn.kind == "ship" else None)
    line = LineString([s0, s1])
    ships = [footprint(p).buffer(CLEARANCE) for p in (att, dfn)]
    for s in ships:
        prepare(s)
    boxes = shapely.bounds(np.asarray(others, dtype=object)).reshape(-1, 4)

    def clear_of_others(moved: Polygon) -> bool:
        """At least ``CLEARANCE`` from every other piece (only those whose boxes come that near are measured)."""
        x0, y0, x1, y1 = moved.bounds
        near = np.nonzero(
            (boxes[:, 0] < x1 + CLEARANCE)
            & (boxes[:, 2] > x0 - CLEARANCE)
            & (boxes[:, 1] < y1 + CLEARANCE)
            & (boxes[:, 3] > y0 - CLEARANCE)
        )[0]
        return all(moved.distance(others[i]) >= CLEARANCE for i in near.tolist())

    own = float(ob.get("rotation", 0.0))
    turns = TURNS if ob.get("outline") is None else (0.0,)  # a measured outline is not turned
    here = (float(ob.get("x")), float(ob.get("y")))
    for turn in turns:
        rotation = (own + turn) % 360
        shape = token_outline(ob) if turn == 0.0 else token_outline(ob, Pose(here[0], here[1], rotation))
        c = shape.centroid
        for k in ALONG:
            px, py = s0[0] + k * (s1[0] - s0[0]), s0[1] + k * (s1[1] - s0[1])
            moved = affinity.translate(shape, px - c.x, py - c.y)
            if any(s.intersects(moved) for s in ships) or not moved.intersects(line) or not clear_of_others(moved):
                continue
            at = (round(here[0] + px - c.x, 2), round(here[1] + py - c.y, 2))
            return at, (None if turn == 0.0 else round(rotation, 2))
    return None


def _others(scenario: Scenario, *ids: str) -> dict[str, tuple[Polygon, ...]]:
    """The ships', squadrons' and obstacles' footprints other than ``ids``, by piece, as parts (a ship's
    rectangles: no union of each ship's outline is built for the few that come near)."""
    kinds = ("ship", "squadron", "obstacle")
    wanted = [p for p in scenario.pieces if p.kind in kinds and p.id not in ids and p.get("x") is not None]
    return {p.id: tuple(footprint_parts(p)) for p in wanted}


def _but(others: dict[str, tuple[Polygon, ...]], piece_id: str) -> tuple[Polygon, ...]:
    """The parts of every piece in ``others`` but ``piece_id`` (the obstacle being placed)."""
    return tuple(part for pid, parts in others.items() if pid != piece_id for part in parts)


def attack_snaps(scenario: Scenario, action: Mapping[str, Any]) -> list[Snap]:
    """The defender at each range band ahead of the attacking zone, then each obstacle across the line of sight."""
    att = next((p for p in scenario.pieces if p.id == action.get("attacker")), None)
    dfn = next((p for p in scenario.pieces if p.id == action.get("defender")), None)
    if att is None or dfn is None or dfn is att or dfn.kind not in ("ship", "squadron") or dfn.get("x") is None:
        return []
    if att.kind == "squadron" and att.get("x") is not None:
        return _squadron_snaps(scenario, att, dfn, _zone(dfn, action.get("defender_zone")))
    if att.kind != "ship":
        return []
    az = _zone(att, action.get("attacker_zone")) or "front"
    dz = _zone(dfn, action.get("defender_zone"))
    zone_name = hz.zone_name(str(att.size), az)
    out_x, out_y = _bisector(att, az)
    placed = _turned_to(dfn, dz, (-out_x, -out_y))  # its defending zone toward the attacker
    values = {"piece": dfn.id, "heading": placed.get("heading")}
    ranges: list[Snap] = []
    moves: dict[int, tuple[float, float]] = {}
    for band, name in BANDS:
        at = defender_at(att, az, placed, dz, band)
        if at is not None:
            moves[band] = at
            label = f"{dfn.label}: at {name} range ahead of {att.label}'s {zone_name} hull zone"
            ranges.append((label, "snap", {**values, "x": at[0], "y": at[1]}))
    obstacles = [p for p in scenario.of_kind("obstacle") if p.get("x") is not None][:MAX_OBSTACLES]
    others = _others(scenario, att.id, dfn.id)
    crossing = [e for ob in obstacles if (e := _across_entry(ob, att, az, dfn, dz, moves, placed, _but(others, ob.id)))]
    ranges, crossing = on_table(ranges, scenario.table), on_table(crossing, scenario.table)
    return ranges[:1] + crossing + ranges[1:]  # medium range first: it leaves room for an obstacle


def _across_entry(
    ob: Piece,
    att: Piece,
    az: str,
    dfn: Piece,
    dz: str | None,
    moves: dict[int, tuple[float, float]],
    placed: Piece,
    others: tuple[Polygon, ...] = (),
) -> Snap | None:
    """``ob`` across the line of sight where the ships stand; else with the defender first moved out to
    medium (or long) range (``placed``: turned as the range snaps turn it), both in one snap (its ``also``);
    None where it fits at neither."""
    towards = hz.target(att, az)
    found = across(ob, att, az, dfn, dz or _facing_zone(dfn, towards), others)
    if found is not None:
        return _crossing(ob, found)
    for band, name in ((1, "medium"), (2, "long")):
        if band not in moves:
            continue
        moved = _moved(placed, moves[band])
        found = across(ob, att, az, moved, dz or _facing_zone(moved, towards), others)
        if found is not None:
            return _crossing(ob, found, placed, moves[band], f"out to {name} range (no room for it between them)")
    return None


def _crossing(
    ob: Piece,
    found: tuple[tuple[float, float], float | None],
    placed: Piece | None = None,
    moved_to: tuple[float, float] | None = None,
    why: str = "",
) -> Snap:
    """The snap that puts ``ob`` where ``across`` found (turned if it says so); with ``moved_to``, the snap also
    moves the defender (``placed``: as turned) there first, and its label says ``why``."""
    (x, y), rotation = found
    values = {"piece": ob.id, "heading": ob.get("rotation") if rotation is None else rotation, "x": x, "y": y}
    if placed is None or moved_to is None:
        return (f"{ob.label}: across the line of sight", "snap", values)
    also = [{"piece": placed.id, "x": moved_to[0], "y": moved_to[1], "heading": placed.get("heading")}]
    return (f"{ob.label}: across the line of sight, with {placed.label} moved {why}", "snap", values | {"also": also})


SQUADRON_GAPS = ((dim.DISTANCE_BANDS[0] / 2, ""), (dim.DISTANCE_BANDS[0] - 2 * CLOSE_CALL_MM, "the far end of "))
"""Where a squadron's defender is put: the middle of distance 1, or (to leave room for an obstacle) near its far
end, twice the close-call margin inside it: the ruling then is no close call a judge must measure (trial 4: at
the very end, 75.0 mm, the sheet and the ruling said "within 0.5 mm: check on the table")."""


def _squadron_snaps(scenario: Scenario, att: Piece, dfn: Piece, dz: str | None) -> list[Snap]:
    """A squadron's attack: its defender in the middle of distance 1, then each obstacle across the line of
    sight (where the two stand if the defender is in range, else with it moved out to the far end of distance 1)."""
    centre = (float(att.get("x")), float(att.get("y")))
    here = (float(dfn.get("x")), float(dfn.get("y")))
    dx, dy = here[0] - centre[0], here[1] - centre[1]
    n = math.hypot(dx, dy)
    out = (dx / n, dy / n) if n > 1e-6 else (0.0, 1.0)  # toward where the defender stands (else up the table)
    placed = _turned_to(dfn, dz, (-out[0], -out[1]))  # its defending zone toward the squadron
    values = {"piece": dfn.id, "heading": placed.get("heading")}
    spots: dict[str, tuple[float, float]] = {}
    for gap, where in SQUADRON_GAPS:
        at = slide(_measured_to(placed, dz), here, centre, out, at_least(squadron_base(att), gap))
        if at is not None:
            spots[where] = at
    ranges: list[Snap] = []
    if "" in spots:
        label = f"{dfn.label}: at distance 1 of {att.label}, in its attack range"
        ranges.append((label, "snap", {**values, "x": spots[""][0], "y": spots[""][1]}))
    crossing: list[Snap] = []
    everyone = _others(scenario, att.id, dfn.id)
    in_range = squadron_base(att).distance(_measured_to(dfn, dz)) <= dim.DISTANCE_BANDS[0]
    why = "out to the far end of distance 1 (no room for it between them)" if in_range else "into range (distance 1)"
    # across an attack out of range answers nothing: then only with the defender brought into range
    options: list[tuple[Piece, tuple[float, float] | None]] = [(dfn, None)] if in_range else []
    options += [(_moved(placed, at), at) for where, at in spots.items() if where]
    for ob in [p for p in scenario.of_kind("obstacle") if p.get("x") is not None][:MAX_OBSTACLES]:
        others = _but(everyone, ob.id)
        for defender, moved_to in options:
            found = across(ob, att, None, defender, dz or _facing_zone(defender, centre), others)
            if found is not None:
                crossing.append(_crossing(ob, found, placed, moved_to, why))
                break
    return on_table(ranges, scenario.table) + on_table(crossing, scenario.table)
