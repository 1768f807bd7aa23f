"""Squadrons: placing displaced squadrons around a ship, and a squadron's own move.

Placement (RRG 1.5.0 Overlapping p.14): the other player places each
displaced squadron touching the ship, as many as possible; the rest touching
a squadron that touches the ship; never overlapping a ship (frames included)
or squadron, never outside the play area.  "Touching" a proposal is within
``PLACE_TOLERANCE_MM`` (positions typed by hand cannot be exact) without
sharing area.  Room for one more squadron touching the ship is found exactly:
the ring of centre positions that touch the ship, minus every centre position
that another piece or the table edge rules out.
"""

from __future__ import annotations

from typing import Any

from shapely import LineString, Polygon, unary_union
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rules.engine.armada import dimensions as dim
from rules.engine.armada.effects import EFFECTS
from rules.engine.armada.pieces import (
    disc,
    play_area,
    ship_body,
    ship_footprint,
    squadron_base,
    squadron_radius,
    token_outline,
)
from rules.engine.armada.verdict import Violations
from rules.engine.geometry import CLOSE_CALL_MM, Point, lines_of, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
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


def place_squadrons_ruling(scenario: Scenario) -> Ruling:
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
    violations = Violations()
    steps: list[Step] = [
        Step(
            f"{ship.label} displaced {scenario.names(displaced) or 'no squadron'}",
            "The squadrons its final position overlaps (shield dials and frames count, activation sliders do not) "
            "are placed by the player who is not moving the ship, whoever owns them, in any order (in a Sector "
            "Fleet game, by the opposing Grand Admiral).",
            (R + "overlapping/ship-onto-squadrons", R + "overlapping/dials-count", R + "overlapping/sector-fleet"),
            tuple(displaced) or (ship.id,),
        )
    ]
    figures: list[Figure] = []

    def violate(rule: str, message: str, pieces: list[str]) -> None:
        violations.add(R + rule, message, pieces)

    missing = [sid for sid in displaced if sid not in placements]
    if missing:
        violate(
            "overlapping/ship-onto-squadrons",
            f"{scenario.names(missing)} must be placed too: every displaced squadron is placed",
            missing,
        )
    touching_ship: list[str] = []
    for sid, base in placed.items():
        name = scenario.names([sid])
        if overlaps(base, hull) or any(overlaps(base, ship_footprint(s)) for s in ships if s.id != ship.id):
            hit = [s.id for s in ships if overlaps(base, ship_footprint(s))]
            violate("overlapping/squadron-placement", f"{name} overlaps {scenario.names(hit)}", [sid, *hit])
        hit_sq = [q.id for q in stay if overlaps(base, squadron_base(q))]
        hit_sq += [o for o, ob in placed.items() if o != sid and o < sid and overlaps(base, ob)]
        if hit_sq:
            violate("overlapping/squadron-placement", f"{name} overlaps {scenario.names(hit_sq)}", [sid, *hit_sq])
        if not area.covers(base):
            violate("overlapping/ship-onto-squadrons", f"{name} would be partly outside the play area", [sid])
        if not overlaps(base, hull) and base.distance(hull) <= PLACE_TOLERANCE_MM:
            touching_ship.append(sid)
    not_touching = [sid for sid in placed if sid not in touching_ship]
    blockers_base = [ship_footprint(s) for s in ships if s.id != ship.id] + [squadron_base(q) for q in stay]
    blockers = blockers_base + [placed[s] for s in touching_ship]
    free = free_ring(scenario, ship, hull, blockers)
    room = _length(free) > ROOM_MIN_MM
    if not_touching and room:
        violate(
            "overlapping/squadrons-as-many-touching",
            f"{scenario.names(not_touching)} could have been placed touching {ship.label}: there is room on the ring "
            "drawn around the ship",
            not_touching,
        )
    for sid in not_touching:
        touches = [t for t in touching_ship if placed[sid].distance(placed[t]) <= PLACE_TOLERANCE_MM]
        if not touches:
            violate(
                "overlapping/squadrons-as-many-touching",
                f"{scenario.names([sid])} touches neither {ship.label} nor a squadron that touches it",
                [sid],
            )
    on_obstacles = [
        (sid, ob.id)
        for sid, base in placed.items()
        for ob in scenario.of_kind("obstacle")
        if overlaps(base, token_outline(ob))
    ]

    for i, line in enumerate(lines_of(free)):
        figures.append(
            Figure(f"ring-{i}", "line", tuple((float(x), float(y)) for x, y in line.coords), "room to touch the ship")
        )
    for sid, base in placed.items():
        figures.append(Figure(f"placed-{sid}", "option", ring(base), sid))

    steps.append(
        Step(
            f"Touching {ship.label}: {scenario.names(touching_ship) or 'none'}",
            f"As many squadrons as possible must touch the ship; the rest must touch a squadron that touches it. "
            f"The dashed ring shows where the centre of one more squadron could still go touching the ship "
            f"({'there is room' if room else 'there is no room left'}). Proposed positions within "
            f"{PLACE_TOLERANCE_MM} mm count as touching.",
            (R + "overlapping/squadrons-as-many-touching",),
            tuple(touching_ship) + tuple(f.id for f in figures if f.id.startswith("ring-")),
            derived=True,
        )
    )
    steps.append(
        Step(
            "No overlapping, nothing outside the play area",
            "A placed squadron may not overlap a ship (shield dials and frames included) or another squadron, and "
            "may not be placed outside the play area.",
            (
                R + "overlapping/squadron-placement",
                R + "overlapping/ship-onto-squadrons",
                R + "overlapping/dials-count",
            ),
            tuple(placed),
        )
    )
    if on_obstacles:
        steps.append(
            Step(
                "Placed on an obstacle: no effect",
                "; ".join(f"{scenario.names([sid])} on {scenario.names([ob])}" for sid, ob in on_obstacles)
                + ". A squadron placed on an obstacle because a ship overlapped it does not resolve the obstacle.",
                (R + "overlapping/squadron-on-obstacle-no-effect",),
                tuple(sid for sid, _ in on_obstacles),
            )
        )
    legal = not violations
    steps.append(violations.step("placement", R + "overlapping/ship-onto-squadrons", tuple(placed)))
    outcome = {
        "legal": legal,
        "violations": violations,
        "displaced_squadrons": displaced,
        "touching_ship": touching_ship,
        "room_to_touch": room,
        "room_length_mm": round(_length(free), 1),
    }
    summary = f"Placement around {ship.label}: {'legal' if legal else 'not legal'}."
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary)


def _engaged_by(scenario: Scenario, sq: Piece) -> tuple[list[str], list[tuple[str, str]]]:
    """Enemy squadrons at distance 1 that engage ``sq``, and those whose line of sight something obstructs.

    Engagement p.6: obstructed line of sight means not engaged.  Between squadrons it is traced
    closest point to closest point; obstacles and ship bases (dials and frames ignored) obstruct,
    squadrons never do (Obstructed p.13).
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


def move_squadron_ruling(scenario: Scenario) -> Ruling:
    a = scenario.action
    sq = scenario.piece(a["squadron"])
    speed = int(a["speed"])
    start = (float(sq.get("x")), float(sq.get("y")))
    to: Point = (float(a["to"]["x"]), float(a["to"]["y"]))
    r = squadron_radius()
    reach = dim.band_end(speed)
    moved = ((to[0] - start[0]) ** 2 + (to[1] - start[1]) ** 2) ** 0.5
    final = squadron_base(sq, to)
    violations = Violations()
    steps: list[Step] = []
    figures: list[Figure] = []
    warnings: list[str] = []

    def violate(rule: str, message: str, pieces: list[str]) -> None:
        violations.add(R + rule, message, pieces)

    engaged, obstructed = _engaged_by(scenario, sq)
    if engaged:
        violate(
            "squadron-movement/engaged",
            f"{sq.label} is engaged by {scenario.names(engaged)} and cannot move",
            [sq.id, *engaged],
        )
    band = dim.band_of(moved) if moved > 0 else 0
    if moved > reach + 1e-9:
        violate(
            "squadron-movement/ruler",
            f"the move is {moved:.1f} mm: the base would end beyond the end of distance {speed} ({reach} mm)",
            [sq.id],
        )
    elif reach - moved <= CLOSE_CALL_MM:
        warnings.append(
            f"{sq.label}: the move ends within {CLOSE_CALL_MM} mm of the distance {speed} line; measure on the table"
        )
    blockers = [(s.id, ship_footprint(s)) for s in scenario.of_kind("ship")] + [
        (q.id, squadron_base(q)) for q in scenario.of_kind("squadron") if q.id != sq.id
    ]
    hit = [pid for pid, shape in blockers if overlaps(final, shape)]
    if hit:
        violate("squadron-movement/no-overlap", f"{sq.label} would overlap {scenario.names(hit)}", [sq.id, *hit])
    if not play_area(scenario).covers(final):
        violate("play-area/destroyed", f"part of {sq.label}'s base would be outside the play area", [sq.id])

    # the reachable area: centre positions within the speed's distance, less what it may not overlap
    reach_disc = disc(start[0], start[1], reach)
    forbidden = unary_union([shape.buffer(r, quad_segs=32) for _, shape in blockers]) if blockers else Polygon()
    reachable = reach_disc.difference(forbidden) if not forbidden.is_empty else reach_disc
    figures.append(Figure("reach", "area", ring(disc(start[0], start[1], reach + r)), f"distance {speed} from {sq.id}"))
    if moved > 0:
        ux, uy = (to[0] - start[0]) / moved, (to[1] - start[1]) / moved
        ruler_start = (start[0] + ux * r, start[1] + uy * r)
        ruler_end = (ruler_start[0] + ux * reach, ruler_start[1] + uy * reach)
        figures.append(Figure("ruler", "line", (ruler_start, ruler_end), f"range ruler, distance {speed} end line"))
    figures.append(Figure("final", "option", ring(final), f"{sq.label} moved"))

    steps.append(
        Step(
            f"{sq.label} moves up to distance {speed}",
            f"The ruler's distance-1 end touches the base and the squadron moves along its centre line; its base "
            f"may not end beyond the end line of distance {speed} ({reach} mm ≈ from its start edge), so its centre "
            f"moves at most {reach} mm. This move: {moved:.1f} mm"
            + (f" (distance {band})." if band else " (it stays where it is, which still counts as moving)."),
            (R + "squadron-movement/ruler", R + "range/bands", R + "geometry/bands")
            + ((R + "squadron-movement/may-stay",) if moved == 0 else ()),
            (sq.id, "ruler", "reach"),
        )
    )
    steps.append(
        Step(
            "It passes through anything; only the final position counts",
            "It may not end overlapping a ship (shield dials and frames included) or another squadron"
            + (f": it would overlap {scenario.names(hit)}." if hit else ": it does not."),
            (R + "overlapping/move-through", R + "squadron-movement/no-overlap", R + "overlapping/dials-count"),
            (sq.id, *hit),
        )
    )
    if engaged:
        steps.append(
            Step(
                f"{sq.label} is engaged",
                f"An enemy squadron ({scenario.names(engaged)}) is at distance 1 with a line of sight no obstacle "
                "obstructs, so it is engaged and cannot move.",
                (R + "squadron-movement/engaged",),
                (sq.id, *engaged),
            )
        )
    if obstructed:
        steps.append(
            Step(
                "Obstructed: not engaged",
                "; ".join(
                    f"{scenario.names([o])} is at distance 1 but {scenario.names([by])} obstructs the line of sight"
                    for o, by in obstructed
                )
                + ". Squadrons whose line of sight is obstructed are not engaged.",
                (R + "squadron-movement/engaged",),
                tuple(x for pair in obstructed for x in pair),
            )
        )
    effects: list[dict[str, Any]] = []
    for ob in scenario.of_kind("obstacle"):
        if not overlaps(final, token_outline(ob)):
            continue
        eff = EFFECTS[str(ob.type)]
        text = f"{sq.label} {eff.squadron}." if eff.squadron else f"{ob.label} ({ob.type}) has no effect on a squadron."
        if eff.squadron:
            effects.append({"source": ob.id, "rule": eff.rule, "text": text})
        steps.append(
            Step(
                f"It ends overlapping {ob.label}",
                text,
                (R + "squadron-movement/obstacle", eff.rule),
                (ob.id,),
            )
        )
    legal = not violations
    steps.append(violations.step("move", R + "squadron-movement/ruler", (sq.id,)))
    outcome = {
        "legal": legal,
        "violations": violations,
        "distance_band": band,
        "moved_mm": round(moved, 2),
        "engaged_by": engaged,
        "effects": effects,
        "reachable_area_mm2": round(reachable.area, 1),
    }
    summary = f"{sq.label} moves {moved:.0f} mm: {'legal' if legal else 'not legal'}."
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)
