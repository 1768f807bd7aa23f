"""An Armada attack's geometry as facts: firing arc, attack range, line of sight, obstruction.

RRG 1.5.0 *Attack* p.2, *Firing Arc* p.6, *Measuring Firing Arc and Range*
p.11, *Line of Sight* p.10, *Obstructed* p.13, *Obstacles* p.12.  Range and
arc use the ship token's hull zones (``hullzones``), never the plastic base;
line of sight runs between the yellow targeting points (to or from a
squadron: the point of its base closest to the other end, as 1.5 says).

How touching is read (``armada-1.5/geometry/line-touching``): a defender that
only touches an extended arc line is in arc (the lines belong to the arc); a
traced line obstructs only when it passes over some length of an obstacle or
ship, not when it grazes a corner or an edge.  Anything within
``CLOSE_CALL_MM`` of the other answer is reported as a close call.

Facts only; ``narrate_attack`` writes every word.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely import LineString, unary_union
from shapely import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rules.engine.armada import dimensions as dim
from rules.engine.armada import hullzones as hz
from rules.engine.armada.pieces import ship_body, squadron_base, token_outline
from rules.engine.geometry import AREA_EPSILON, CLOSE_CALL_MM, Point, overlaps, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario

LINE_EPSILON_MM = 1e-6
"""A traced line passes over a shape only where it runs inside it for more than this (a graze is not a crossing)."""
RANGE_NAMES = ("close", "medium", "long")
DICE_RANGE = {"black": 0, "blue": 1, "red": 2}
"""The farthest range band (index into ``RANGE_NAMES``) each colour is rolled at (Attack Range p.2)."""
DRAWN_ARC_MM = dim.RANGE_BANDS[-1] + 60.0
"""How far the picture draws the arc lines: a little past long range."""


@dataclass(frozen=True, slots=True)
class Crossing:
    """A piece the line of sight passes over, and what it does to the attack."""

    piece: str
    kind: str
    """``obstacle`` or ``ship``."""
    type: str
    effect: str
    """``obstructs``, ``forbids`` (a dust field in a ship's line), ``marked`` (an objective says it does not
    obstruct), ``covered`` (only under the attacker's or defender's base), ``dial`` (through a dial over it)."""
    under: tuple[str, ...] = ()
    """For ``covered`` and ``dial``: the ship(s) whose base or dial it is."""


@dataclass(frozen=True, slots=True)
class AttackFacts:
    attacker: str
    defender: str
    attacker_zone: str | None
    defender_zone: str | None
    attacker_kind: str
    defender_kind: str
    in_arc: bool
    arc_touching: bool
    """In arc only by touching an arc line (no area inside)."""
    arc_gap_mm: float
    """How far the defending zone (or squadron) is from the arc: 0 when in arc."""
    range_mm: float | None
    range_band: int | None
    """Ship attacker: 0 close, 1 medium, 2 long, None beyond.  Squadron attacker: 0 at distance 1, else None."""
    range_through: str | None
    """Another hull zone of the defender the range line crosses."""
    sight_blocked_by: str | None
    """Another hull zone of the defender the line of sight crosses."""
    crossings: tuple[Crossing, ...]
    squadrons_crossed: tuple[str, ...]
    close_calls: tuple[str, ...]
    """Pieces (or ``arc``, ``range``) whose answer is within ``CLOSE_CALL_MM`` of the other answer."""
    estimated: bool
    figures: tuple[Figure, ...]

    @property
    def obstructed_by(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.piece for c in self.crossings if c.effect in ("obstructs", "dial")))

    @property
    def dust(self) -> tuple[str, ...]:
        return tuple(c.piece for c in self.crossings if c.effect == "forbids")

    @property
    def line_of_sight(self) -> bool:
        return self.range_through is None and self.sight_blocked_by is None

    @property
    def in_range(self) -> bool:
        return self.range_band is not None


def _line(a: Point, b: Point) -> LineString:
    return LineString([a, b])


def _passes(line: LineString, shape: BaseGeometry) -> bool:
    return bool(line.intersects(shape)) and line.intersection(shape).length > LINE_EPSILON_MM


def _pt(g: BaseGeometry) -> Point:
    c = g.coords[0]
    return (float(c[0]), float(c[1]))


def sight_points(att: Piece, az: str | None, dfn: Piece, dz: str | None) -> tuple[Point, Point]:
    """Where the line of sight starts and ends: targeting points; a squadron's closest base point (1.5)."""
    if att.kind == "ship" and az is not None:
        a = hz.target(att, az)
        if dfn.kind == "ship" and dz is not None:
            return a, hz.target(dfn, dz)
        return a, _pt(nearest_points(squadron_base(dfn), ShapelyPoint(a))[0])
    base = squadron_base(att)
    if dfn.kind == "ship" and dz is not None:
        b = hz.target(dfn, dz)
        return _pt(nearest_points(base, ShapelyPoint(b))[0]), b
    p, q = nearest_points(base, squadron_base(dfn))
    return _pt(p), _pt(q)


def band(att: Piece, distance: float) -> int | None:
    if att.kind == "squadron":
        return 0 if distance <= dim.DISTANCE_BANDS[0] + 1e-9 else None
    for i, end in enumerate(dim.RANGE_BANDS):
        if distance <= end + 1e-9:
            return i
    return None


def cover(ship: Piece) -> BaseGeometry:
    """What of a ship hides the table and stands in a line of sight: its base (dials and frames ignored), and
    for a huge ship also its token over the gap between the two bases (estimate: the token spans both)."""
    if ship.size != "huge":
        return ship_body(ship)
    return unary_union([ship_body(ship), hz.token(ship)])


def _dials(att: Piece, az: str | None, dfn: Piece, dz: str | None) -> list[tuple[Piece, BaseGeometry]]:
    """The attacking and defending hull zones' shield dials (their frames, reference §1.2 model)."""
    return [(p, hz.dial_frames(p)[z]) for p, z in ((att, az), (dfn, dz)) if p.kind == "ship" and z is not None]


def _crossings(
    scenario: Scenario, att: Piece, az: str | None, dfn: Piece, dz: str | None, line: LineString
) -> tuple[list[Crossing], list[str], list[str]]:
    """What the line of sight passes over: obstacles (visible parts, dials over them), other ships, squadrons."""
    marked = set(scenario.action.get("not_obstructing", ()))
    sitting_ships = [p for p in (att, dfn) if p.kind == "ship"]
    dials = _dials(att, az, dfn, dz)
    out: list[Crossing] = []
    close: list[str] = []
    for ob in scenario.of_kind("obstacle"):
        shape = token_outline(ob)
        through_dial = tuple(p.id for p, frame in dials if _passes(line, frame) and overlaps(frame, shape))
        if line.distance(shape) > CLOSE_CALL_MM and not through_dial:
            continue
        kind = str(ob.type)
        on = [p for p in sitting_ships if overlaps(cover(p), shape)]
        visible = shape.difference(unary_union([cover(p) for p in on])) if on else shape
        if ob.id in marked:
            if _passes(line, shape) or through_dial:
                out.append(Crossing(ob.id, "obstacle", kind, "marked"))
            continue
        if _passes(line, visible):
            effect = "forbids" if kind == "dust-field" and att.kind == "ship" else "obstructs"
            out.append(Crossing(ob.id, "obstacle", kind, effect))
        elif through_dial:
            effect = "forbids" if kind == "dust-field" and att.kind == "ship" else "dial"
            out.append(Crossing(ob.id, "obstacle", kind, effect, through_dial))
        elif _passes(line, shape):
            out.append(Crossing(ob.id, "obstacle", kind, "covered", tuple(p.id for p in on)))
        elif line.distance(visible) <= CLOSE_CALL_MM:
            close.append(ob.id)
        if _passes(line, visible) and line.intersection(visible).length <= CLOSE_CALL_MM:
            close.append(ob.id)
    for s in scenario.of_kind("ship"):
        if s.id in (att.id, dfn.id):
            continue
        body = cover(s)
        if _passes(line, body):
            out.append(Crossing(s.id, "ship", "ship", "obstructs"))
            if line.intersection(body).length <= CLOSE_CALL_MM:
                close.append(s.id)
        elif line.distance(body) <= CLOSE_CALL_MM:
            close.append(s.id)
    squadrons = [q.id for q in scenario.of_kind("squadron") if q.id not in (att.id, dfn.id)]
    crossed_sq = [q for q in squadrons if _passes(line, squadron_base(scenario.piece(q)))]
    return out, crossed_sq, close


def attack_facts(scenario: Scenario) -> AttackFacts:
    a = scenario.action
    att, dfn = scenario.piece(a["attacker"]), scenario.piece(a["defender"])
    az, dz = a.get("attacker_zone"), a.get("defender_zone")
    close: list[str] = []
    figures: list[Figure] = []

    att_zones = hz.zones(att) if att.kind == "ship" else {}
    def_zones = hz.zones(dfn) if dfn.kind == "ship" else {}
    att_shape = att_zones[az] if az is not None else squadron_base(att)
    def_shape = def_zones[dz] if dz is not None else squadron_base(dfn)
    others = {n: z for n, z in def_zones.items() if n != dz}

    # firing arc: the closed area between the extended arc lines (a line belongs to the arc)
    if att.kind == "ship" and az is not None:
        arc = hz.arc(att, az)
        in_arc = bool(arc.intersects(def_shape))
        part = arc.intersection(def_shape) if in_arc else def_shape
        touching = in_arc and part.area <= AREA_EPSILON
        gap = 0.0 if in_arc else float(arc.distance(def_shape))
        shallow = in_arc and not arc.buffer(-CLOSE_CALL_MM, join_style="mitre").intersects(def_shape)
        if shallow or (not in_arc and gap <= CLOSE_CALL_MM):
            close.append("arc")
        for i, (p, q) in enumerate(hz.arc_lines(att, az, DRAWN_ARC_MM), start=1):
            figures.append(Figure(f"arc-line-{i}", "line", (p, q), backdrop=True))
        reach = att_shape.buffer(dim.RANGE_BANDS[-1], quad_segs=24)  # the arc drawn out to long range
        figures.append(Figure("arc", "area", ring(arc.intersection(reach)), backdrop=True))
    else:
        in_arc, part, touching, gap = True, def_shape, False, 0.0

    # attack range: closest point of the attacking zone to the closest point of the defender inside the arc
    range_mm: float | None = None
    rng: int | None = None
    through: str | None = None
    if in_arc:
        p, q = nearest_points(att_shape, part)
        range_mm = float(p.distance(q))
        rng = band(att, range_mm)
        ends = dim.RANGE_BANDS if att.kind == "ship" else dim.DISTANCE_BANDS[:1]
        if any(abs(range_mm - e) <= CLOSE_CALL_MM for e in ends):
            close.append("range")
        if range_mm > 0:
            seg = _line(_pt(p), _pt(q))
            through = next((n for n, z in others.items() if _passes(seg, z)), None)
            figures.append(Figure("range", "line", (_pt(p), _pt(q))))
        if rng is not None and att.kind == "ship":
            reached = ring(att_shape.buffer(dim.RANGE_BANDS[rng], quad_segs=24))
            figures.append(Figure("range-band", "area", reached, backdrop=True))

    # line of sight
    s0, s1 = sight_points(att, az, dfn, dz)
    line = _line(s0, s1)
    blocked = next((n for n, z in others.items() if _passes(line, z)), None)
    crossings, squadrons, near = _crossings(scenario, att, az, dfn, dz, line)
    close += near
    figures.append(Figure("sight", "line", (s0, s1)))
    for c in crossings:
        if c.effect in ("obstructs", "forbids", "dial", "marked"):
            piece = scenario.piece(c.piece)
            shape = cover(piece) if c.kind == "ship" else token_outline(piece)
            if c.effect == "dial":
                shape = unary_union([f for p, f in _dials(att, az, dfn, dz) if p.id in c.under])
            inside = line.intersection(shape)
            if inside.length > LINE_EPSILON_MM:
                figures.append(Figure(f"crossed-{c.piece}", "overlap", ring(inside.buffer(1.0, cap_style="flat"))))
    if blocked is not None:
        figures.append(Figure("blocking-zone", "overlap", ring(def_zones[blocked])))
    if through is not None:
        figures.append(Figure("range-through-zone", "overlap", ring(def_zones[through])))
    for ship in (att, dfn):
        if ship.kind == "ship":
            for i, (centre, edge) in enumerate(hz.printed_lines(ship), start=1):
                figures.append(Figure(f"token-line-{ship.id}-{i}", "line", (centre, edge)))
    if dz is not None:
        figures.append(Figure("defending-zone", "area", ring(def_shape)))
    if az is not None:
        figures.append(Figure("attacking-zone", "area", ring(att_shape)))

    return AttackFacts(
        att.id,
        dfn.id,
        az,
        dz,
        att.kind,
        dfn.kind,
        in_arc,
        touching,
        round(gap, 2),
        None if range_mm is None else round(range_mm, 2),
        rng,
        through,
        blocked,
        tuple(crossings),
        tuple(squadrons),
        tuple(dict.fromkeys(close)),
        any(p.kind == "ship" for p in (att, dfn)),
        tuple(figures),
    )


def gathered(dice: dict[str, int], band_index: int | None) -> dict[str, int]:
    """The dice of ``dice`` that suit the range (Attack step 2): black close, blue up to medium, red up to long."""
    if band_index is None:
        return {}
    return {c: n for c, n in dice.items() if n and DICE_RANGE[c] >= band_index}


FACE_VALUES: dict[str, tuple[int, int]] = {
    "blank": (0, 0),
    "hit": (1, 0),
    "crit": (0, 1),
    "accuracy": (0, 0),
    "hit-hit": (2, 0),
    "hit-crit": (1, 1),
}
"""(hits, crits) on each face."""


def damage(results: dict[str, list[str]], squadron_involved: bool) -> int:
    """The total damage of the rolled faces (Attack step 5), before defense tokens and card effects."""
    hits = sum(FACE_VALUES[f][0] for faces in results.values() for f in faces)
    crits = sum(FACE_VALUES[f][1] for faces in results.values() for f in faces)
    return hits if squadron_involved else hits + crits


def attack_ruling(scenario: Scenario) -> Ruling:
    from rules.engine.armada.narrate_attack import narrate_attack

    return narrate_attack(scenario, attack_facts(scenario))
