"""Squadrons: placing displaced squadrons around a ship, and a squadron's own move.

Placement (RRG 1.5.0 Overlapping p.14): the other player places each
displaced squadron touching the ship, as many as possible; the rest touching
a squadron that touches the ship; never overlapping a ship (frames included)
or squadron, never outside the play area.  "Touching" a proposal is within
``PLACE_TOLERANCE_MM`` (positions typed by hand cannot be exact) without
sharing area.  Room for one more squadron touching the ship is found exactly:
the ring of centre positions that touch the ship, minus every centre position
that another piece or the table edge rules out.

Facts only: ``place_facts`` and ``move_facts`` say what the table shows;
``narrate_squadrons`` writes every sentence (steps, violations, summary).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely import LineString, Polygon, unary_union
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rules.engine.armada import dimensions as dim
from rules.engine.armada.effects import EFFECTS
from rules.engine.armada.narrate_squadrons import narrate_move, narrate_place
from rules.engine.armada.pieces import (
    disc,
    play_area,
    ship_body,
    ship_footprint,
    squadron_base,
    squadron_radius,
    token_outline,
)
from rules.engine.geometry import CLOSE_CALL_MM, Point, lines_of, overlaps, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario

R = "armada-1.5/"
PLACE_TOLERANCE_MM = CLOSE_CALL_MM
"""A proposed squadron this close to the ship (or squadron) without overlapping it touches it."""
ROOM_MIN_MM = 0.05
"""Free ring shorter than this is no room (numerical slivers between touching bases)."""


def touching_ring(hull: Polygon) -> BaseGeometry:
    """Centres of squadron bases that touch ``hull`` without overlapping it (``boundary``, not ``exterior``:
    around a huge ship's two bases the ring is two rings when the gap between them is wider than a base)."""
    return hull.buffer(squadron_radius(), quad_segs=32).boundary


def free_ring(scenario: Scenario, ship: Piece, hull: Polygon, blockers: list[Polygon]) -> BaseGeometry:
    """Where one more squadron could go touching the ship: the ring minus ruled-out centres."""
    r = squadron_radius()
    ring_line = touching_ring(hull)
    inside = play_area(scenario).buffer(-r, join_style="mitre")
    free = ring_line.intersection(inside)
    ruled_out = [b.buffer(r, quad_segs=32) for b in blockers]
    if ruled_out:
        free = free.difference(unary_union(ruled_out).buffer(-1e-6))
    return free


def _length(g: BaseGeometry) -> float:
    return sum(line.length for line in lines_of(g))


@dataclass(frozen=True, slots=True)
class Broken:
    """A rule a placement or move breaks, as facts: ``what`` picks the sentence in ``narrate_squadrons``."""

    rule: str
    what: str
    pieces: tuple[str, ...]
    """Every piece involved (the picture highlights them)."""
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Pieces the sentence names, by role (ids; the words use their labels)."""
    numbers: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlaceFacts:
    """What a proposed placement of displaced squadrons does (RRG 1.5.0 Overlapping p.14)."""

    ship: str
    displaced: tuple[str, ...]
    placed: tuple[str, ...]
    touching_ship: tuple[str, ...]
    room: bool
    """The ring of centres touching the ship still has room for one more squadron."""
    room_length_mm: float
    on_obstacles: tuple[tuple[str, str], ...]
    """(squadron, obstacle) pairs: placed on an obstacle, which has no effect."""
    broken: tuple[Broken, ...]
    figures: tuple[Figure, ...]
    """Geometry only; the words name them (``narrate_squadrons``)."""


@dataclass(frozen=True, slots=True)
class ObstacleEnd:
    """An obstacle the squadron's base ends on, and the clause of its effect."""

    obstacle: str
    type: str
    rule: str
    effect: str | None
    """What it does to the squadron (``effects.EFFECTS``), None: nothing."""


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """What a squadron's move does (RRG 1.5.0 Squadron Movement p.20, Engagement p.6)."""

    squadron: str
    speed: int
    reach_mm: float
    """How far its centre may move: the end of distance ``speed``."""
    moved_mm: float
    band: int | None
    """The distance band of the move (0: it stays; None: beyond distance 5)."""
    near_the_line: bool
    """The move ends within ``CLOSE_CALL_MM`` of the end line without crossing it."""
    engaged_by: tuple[str, ...]
    obstructed: tuple[tuple[str, str], ...]
    """(enemy squadron at distance 1, the piece that obstructs the line of sight)."""
    overlapped: tuple[str, ...]
    off_table: bool
    obstacles: tuple[ObstacleEnd, ...]
    broken: tuple[Broken, ...]
    reachable_area_mm2: float
    figures: tuple[Figure, ...]


def place_facts(scenario: Scenario) -> PlaceFacts:
    a = scenario.action
    ship = scenario.piece(a["ship"])
    hull = ship_footprint(ship)
    placements: dict[str, dict[str, float]] = dict(a.get("placements", {}))
    squadrons = scenario.of_kind("squadron")
    displaced = [q.id for q in squadrons if overlaps(hull, squadron_base(q))]
    placed = {sid: squadron_base(scenario.piece(sid), (p["x"], p["y"])) for sid, p in placements.items()}
    stay = [q for q in squadrons if q.id not in displaced]
    ships = list(scenario.of_kind("ship"))
    area = play_area(scenario)
    broken: list[Broken] = []

    missing = tuple(sid for sid in displaced if sid not in placements)
    if missing:
        broken.append(Broken(R + "overlapping/ship-onto-squadrons", "missing", missing, {"squadrons": missing}))
    touching_ship: list[str] = []
    for sid, base in placed.items():
        hit = tuple(s.id for s in ships if overlaps(base, ship_footprint(s)))
        if hit:
            rule = R + "overlapping/squadron-placement"
            broken.append(Broken(rule, "overlaps", (sid, *hit), {"squadron": (sid,), "pieces": hit}))
        hit_sq = [q.id for q in stay if overlaps(base, squadron_base(q))]
        hit_sq += [o for o, ob in placed.items() if o != sid and o < sid and overlaps(base, ob)]
        if hit_sq:
            rule = R + "overlapping/squadron-placement"
            broken.append(Broken(rule, "overlaps", (sid, *hit_sq), {"squadron": (sid,), "pieces": tuple(hit_sq)}))
        if not area.covers(base):
            broken.append(Broken(R + "overlapping/ship-onto-squadrons", "off-table", (sid,), {"squadron": (sid,)}))
        if not overlaps(base, hull) and base.distance(hull) <= PLACE_TOLERANCE_MM:
            touching_ship.append(sid)
    not_touching = tuple(sid for sid in placed if sid not in touching_ship)
    blockers_base = [ship_footprint(s) for s in ships if s.id != ship.id] + [squadron_base(q) for q in stay]
    blockers = blockers_base + [placed[s] for s in touching_ship]
    free = free_ring(scenario, ship, hull, blockers)
    room = _length(free) > ROOM_MIN_MM
    rule = R + "overlapping/squadrons-as-many-touching"
    if not_touching and room:
        broken.append(Broken(rule, "could-touch", not_touching, {"squadrons": not_touching, "ship": (ship.id,)}))
    for sid in not_touching:
        touches = [t for t in touching_ship if placed[sid].distance(placed[t]) <= PLACE_TOLERANCE_MM]
        if not touches:
            broken.append(Broken(rule, "touches-nothing", (sid,), {"squadron": (sid,), "ship": (ship.id,)}))
    on_obstacles = tuple(
        (sid, ob.id)
        for sid, base in placed.items()
        for ob in scenario.of_kind("obstacle")
        if overlaps(base, token_outline(ob))
    )
    figures = [
        Figure(f"ring-{i}", "line", tuple((float(x), float(y)) for x, y in line.coords))
        for i, line in enumerate(lines_of(free))
    ]
    figures += [Figure(f"placed-{sid}", "option", ring(base)) for sid, base in placed.items()]
    return PlaceFacts(
        ship.id,
        tuple(displaced),
        tuple(placed),
        tuple(touching_ship),
        room,
        round(_length(free), 1),
        on_obstacles,
        tuple(broken),
        tuple(figures),
    )


def place_squadrons_ruling(scenario: Scenario) -> Ruling:
    return narrate_place(scenario, place_facts(scenario))


def _engaged_by(scenario: Scenario, sq: Piece) -> tuple[list[str], list[tuple[str, str]]]:
    """Enemy squadrons at distance 1 that engage ``sq``, and those whose line of sight something obstructs.

    Engagement p.6: a squadron is engaged by each enemy squadron *at* distance 1 (any part of its base
    inside distance 1: the closest points at most the band's end apart, a line belonging to the lower
    band), unless something obstructs the line of sight.  Between squadrons it is traced closest point
    to closest point; obstacles and ship bases (dials and frames ignored) obstruct, squadrons never do
    (Obstructed p.13).
    """
    if sq.player is None:
        return [], []
    base = squadron_base(sq)
    engaged: list[str] = []
    obstructed: list[tuple[str, str]] = []
    blockers = [(o.id, token_outline(o)) for o in scenario.of_kind("obstacle")]
    blockers += [(s.id, ship_body(s)) for s in scenario.of_kind("ship")]
    for other in scenario.of_kind("squadron"):
        if other.id == sq.id or other.player in (None, sq.player):
            continue
        ob = squadron_base(other)
        if base.distance(ob) > dim.DISTANCE_BANDS[0]:
            continue
        p, q = nearest_points(base, ob)
        sight = LineString([p, q]) if p.distance(q) > 0 else LineString([base.centroid, ob.centroid])
        by = next((bid for bid, shape in blockers if sight.intersection(shape).length > 1e-6), None)
        if by is None:
            engaged.append(other.id)
        else:
            obstructed.append((other.id, by))
    return engaged, obstructed


def move_facts(scenario: Scenario) -> MoveFacts:
    a = scenario.action
    sq = scenario.piece(a["squadron"])
    speed = int(a["speed"])
    start = (float(sq.get("x")), float(sq.get("y")))
    to: Point = (float(a["to"]["x"]), float(a["to"]["y"]))
    r = squadron_radius()
    reach = dim.band_end(speed)
    moved = ((to[0] - start[0]) ** 2 + (to[1] - start[1]) ** 2) ** 0.5
    final = squadron_base(sq, to)
    broken: list[Broken] = []
    figures: list[Figure] = []

    engaged, obstructed = _engaged_by(scenario, sq)
    if engaged:
        broken.append(
            Broken(
                R + "squadron-movement/engaged",
                "engaged",
                (sq.id, *engaged),
                {"squadron": (sq.id,), "enemies": tuple(engaged)},
            )
        )
    band = dim.band_of(moved) if moved > 0 else 0
    too_far = moved > reach + 1e-9
    if too_far:
        broken.append(
            Broken(
                R + "squadron-movement/ruler",
                "too-far",
                (sq.id,),
                {"squadron": (sq.id,)},
                {"moved": moved, "speed": speed, "reach": reach},
            )
        )
    blockers = [(s.id, ship_footprint(s)) for s in scenario.of_kind("ship")] + [
        (q.id, squadron_base(q)) for q in scenario.of_kind("squadron") if q.id != sq.id
    ]
    hit = tuple(pid for pid, shape in blockers if overlaps(final, shape))
    if hit:
        rule = R + "squadron-movement/no-overlap"
        broken.append(Broken(rule, "overlaps", (sq.id, *hit), {"squadron": (sq.id,), "pieces": hit}))
    off_table = not play_area(scenario).covers(final)
    if off_table:
        broken.append(Broken(R + "play-area/destroyed", "off-table", (sq.id,), {"squadron": (sq.id,)}))

    # the reachable area: centre positions within the speed's distance, less what it may not overlap
    reach_disc = disc(start[0], start[1], reach)
    forbidden = unary_union([shape.buffer(r, quad_segs=32) for _, shape in blockers]) if blockers else Polygon()
    reachable = reach_disc.difference(forbidden) if not forbidden.is_empty else reach_disc
    figures.append(Figure("reach", "area", ring(disc(start[0], start[1], reach + r))))
    if moved > 0:
        ux, uy = (to[0] - start[0]) / moved, (to[1] - start[1]) / moved
        ruler_start = (start[0] + ux * r, start[1] + uy * r)
        ruler_end = (ruler_start[0] + ux * reach, ruler_start[1] + uy * reach)
        figures.append(Figure("ruler", "line", (ruler_start, ruler_end)))
    figures.append(Figure("final", "option", ring(final)))

    ends = tuple(
        ObstacleEnd(ob.id, str(ob.type), EFFECTS[str(ob.type)].rule, EFFECTS[str(ob.type)].squadron)
        for ob in scenario.of_kind("obstacle")
        if overlaps(final, token_outline(ob))
    )
    return MoveFacts(
        sq.id,
        speed,
        reach,
        moved,
        band,
        not too_far and reach - moved <= CLOSE_CALL_MM,
        tuple(engaged),
        tuple(obstructed),
        hit,
        off_table,
        ends,
        tuple(broken),
        round(reachable.area, 1),
        tuple(figures),
    )


def move_squadron_ruling(scenario: Scenario) -> Ruling:
    return narrate_move(scenario, move_facts(scenario))
