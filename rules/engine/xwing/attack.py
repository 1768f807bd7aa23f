"""Attacks: arc, attack range, range-0 restrictions and obstruction.

Attack range runs from the closest point of the attacker's base to the closest
point of the part of the defender's base inside the arc.  Where several lines
are equally short (parallel bases) the attacker chooses which one to use, so
obstruction is evaluated for each of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shapely import LineString, Polygon, box
from shapely.ops import nearest_points

from rules.engine.geometry import CLOSE_CALL_MM, Point, band_close_call, contact, place, range_band, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing import narrate_attack as say
from rules.engine.xwing.effects import RANGE_0_NO_ATTACK
from rules.engine.xwing.facts import Fact, Voice, tell
from rules.engine.xwing.pieces import outline, ship_length, ship_pose, ship_square
from rules.engine.xwing.resolve import cid

ARC_EDGE_X = {"small": 17.15, "medium": 26.7, "large": 35.7, "huge": 35.7}
"""Where the printed arc lines cross the front edge (xwing-geometry.md §1.3, Vassal/TTS2 [SIM])."""
ARC_REACH = 2000.0
PARALLEL_EPSILON = 0.01
"""mm: measuring lines within this of the shortest are equally short (the attacker chooses)."""
PARALLEL_SPREAD = 0.5
"""mm: equally short lines are a real choice only when both ends spread this far (parallel edges);
lines fanning from one corner to a nearly tangent edge are one line measured several ways."""
SAME_LINE = 0.05
"""mm: lines whose ends are this close are the same line."""
LINE_SAMPLES = 25


def arc_region(ship: Piece, arc: str) -> Polygon:
    """The area covered by the named arc of ``ship`` (in table coordinates)."""
    pose = ship_pose(ship)
    if arc == "full":
        return box(-5000, -5000, 5000, 5000)
    half = ship_length(ship) / 2
    edge = ARC_EDGE_X[str(ship.size)]
    sign = 1 if arc == "front" else -1
    k = ARC_REACH / half
    pts: list[Point] = [(0.0, 0.0), (edge * k, sign * ARC_REACH), (-edge * k, sign * ARC_REACH)]
    return place(pts, pose)


@dataclass(frozen=True)
class MeasuringLine:
    a: Point
    b: Point
    obstructed_by: tuple[str, ...]
    """The obstacles it crosses (they give the defender a die)."""
    crosses: tuple[str, ...] = ()
    """Every object it crosses: obstacles, other ships, devices, remotes (all obstruct)."""


def _lines(att: Polygon, target: Polygon, distance: float) -> list[tuple[Point, Point]]:
    """Every shortest line (within ``PARALLEL_EPSILON``) from the attacker to the target part."""
    p, q = nearest_points(att, target)
    lines = [((p.x, p.y), (q.x, q.y))]
    if distance <= 0:
        return lines
    near_t = target.intersection(att.buffer(distance + PARALLEL_EPSILON, quad_segs=64))
    if near_t.is_empty:
        return lines
    minx, miny, maxx, maxy = near_t.bounds
    if math.hypot(maxx - minx, maxy - miny) < 2 * PARALLEL_EPSILON:
        return lines
    # The target's near part is a segment: sample lines along it.
    boundary = near_t.boundary if near_t.geom_type == "Polygon" else near_t
    for i in range(LINE_SAMPLES + 1):
        pt = boundary.interpolate(i / LINE_SAMPLES, normalized=True)
        if target.exterior.distance(pt) > 1e-6:
            continue
        a, _ = nearest_points(att, pt)
        if abs(a.distance(pt) - distance) <= PARALLEL_EPSILON:
            line = ((a.x, a.y), (pt.x, pt.y))
            if all(math.dist(line[0], o[0]) > SAME_LINE or math.dist(line[1], o[1]) > SAME_LINE for o in lines):
                lines.append(line)
    return lines


def parallel_choice(lines: list[tuple[Point, Point]]) -> bool:
    """Genuinely parallel closest edges: the equally short lines spread at both ends."""
    if len(lines) < 2:
        return False

    def spread(points: list[Point]) -> float:
        return max(math.dist(p, q) for p in points for q in points)

    return spread([a for a, _ in lines]) >= PARALLEL_SPREAD and spread([b for _, b in lines]) >= PARALLEL_SPREAD


OBJECT_KINDS = ("obstacle", "ship", "device", "remote")
"""Every kind of object range can be measured through (an attack is obstructed by any of them)."""


def _inside_length(seg: LineString, shape: Polygon) -> float:
    """How much of the line runs through the shape's interior: a stretch along its edge only touches it."""
    return float(seg.intersection(shape).length - seg.intersection(shape.boundary).length)


def _crossed(scenario: Scenario, line: tuple[Point, Point], skip: set[str]) -> tuple[str, ...]:
    """Objects whose interior the measuring line runs through (touching a corner or running along an edge
    does not count: touching is not overlapping).

    ``skip``: the attacker and the defender, which range is measured from and to.
    A ship is its base with guides, a device or remote its token with guides.
    """
    seg = LineString(line)
    out = []
    for kind in OBJECT_KINDS:
        for ob in scenario.of_kind(kind):
            if ob.id in skip:
                continue
            shape = outline(ob)
            if seg.intersects(shape) and _inside_length(seg, shape) > 1e-6:
                out.append(ob.id)
    return tuple(out)


@dataclass(frozen=True)
class AttackFindings:
    """What an attack ruling found, before words."""

    outcome: dict[str, Any]
    facts: list[Fact]
    cautions: list[Fact]
    """Results too close to call (told as warnings)."""
    figures: list[Figure]
    arc: str


def attack_ruling(scenario: Scenario) -> Ruling:
    """The attack's findings told by ``narrate_attack``."""
    found = attack_findings(scenario)
    voice = Voice(scenario.edition, scenario.names)
    return Ruling(
        found.outcome,
        tell(say.SENTENCES, found.facts, voice),
        tuple(say.warning(c, voice) for c in found.cautions),
        tuple(found.figures),
        say.verdict(found.outcome, found.arc, voice),
    )


def attack_findings(scenario: Scenario) -> AttackFindings:
    """Arc, range, range-0 limits and obstruction, as facts and the outcome."""
    action = scenario.action
    ed = scenario.edition
    voice = Voice(ed, scenario.names)
    attacker = scenario.piece(action["attacker"])
    defender = scenario.piece(action["defender"])
    arc = action["arc"]
    region = arc_region(attacker, arc)
    att_sq = ship_square(attacker)
    def_sq = ship_square(defender)
    in_part = def_sq.intersection(region)
    in_arc = region.intersects(def_sq)
    facts: list[Fact] = []
    figures: list[Figure] = []
    cautions: list[Fact] = []
    if arc != "full":
        deep = region.buffer(-CLOSE_CALL_MM, join_style="mitre").intersects(def_sq)
        if in_arc != deep or (not in_arc and region.distance(def_sq) <= CLOSE_CALL_MM):
            cautions.append(Fact("near-arc-line", {"defender": defender.id}))
    reasons: list[str] = []
    if arc != "full":
        reach = region.intersection(att_sq.buffer(300.0, quad_segs=32))
        figures.append(Figure("arc", "area", ring(reach), say.arc_label(arc), backdrop=True))
    facts.append(
        Fact(
            "arc",
            {"attacker": attacker.id, "defender": defender.id, "arc": arc, "in_arc": in_arc},
            ("arc", defender.id),
        )
    )
    outcome: dict[str, Any] = {
        "range": None,
        "can_attack": False,
        "reasons": [],
        "obstructed_by": [],
        "obstructing": [],
        "defense_bonus_dice": 0,
        "in_arc": bool(in_arc),
        "attacker": attacker.id,
        "defender": defender.id,
    }
    if not in_arc:
        outcome["reasons"] = [cid(ed, "attack/arc")]
        return AttackFindings(outcome, facts, cautions, figures, arc)
    target = in_part if in_part.area > 1e-6 else def_sq
    d = att_sq.distance(target)
    rng = range_band(d)
    if band_close_call(d):
        cautions.append(Fact("near-band-line", {"distance": d}))
    lines = _lines(att_sq, target, d)
    if not parallel_choice(lines):
        lines = lines[:1]
    results = []
    for a, b in lines:
        crossed = _crossed(scenario, (a, b), {attacker.id, defender.id})
        obstacles = tuple(c for c in crossed if scenario.piece(c).kind == "obstacle")
        results.append(MeasuringLine(a, b, obstacles, crossed))
    # show the shortest line, and where the attacker may choose, one line of the other kind too
    shown = [results[0]]
    other = next((r for r in results[1:] if bool(r.obstructed_by) != bool(results[0].obstructed_by)), None)
    if other is not None:
        shown.append(other)
    for i, ml in enumerate(shown):
        figures.append(Figure(f"line-{i + 1}", "line", (ml.a, ml.b), say.line_label(d, ml.crosses, voice)))
    facts.append(Fact("range", {"range": rng, "distance": d, "several": len(results) > 1}, ("line-1", "line-2")))
    outcome["range"] = rng
    outcome["distance_mm"] = round(d, 2)
    can = rng is not None
    if rng is None:
        reasons.append(cid(ed, "attack/range"))
    if rng == 0:
        if ed == "2.0":
            can = False
            reasons.append(cid(ed, "attack/range-0"))
            facts.append(Fact("range-0-forbidden", {}, (defender.id,)))
        else:
            facts.append(Fact("range-0-restricted", {}, (defender.id,)))
    blocked_by = [
        ob.id
        for ob in scenario.of_kind("obstacle")
        if ob.type in RANGE_0_NO_ATTACK[ed] and contact(outline(attacker), outline(ob)).at_range_0
    ]
    if blocked_by:
        can = False
        reasons.append(cid(ed, "obstacles/range-0-attack"))
        facts.append(Fact("on-obstacle", {"attacker": attacker.id, "obstacles": tuple(blocked_by)}))
    elif rng == 0 and ed == "2.5" and can:
        reasons.append(cid(ed, "attack/range-0"))  # the permissive clause decides only an attack it allows
    cargo = [
        ob.id
        for ob in scenario.of_kind("obstacle")
        if ob.type in ("loose-cargo", "spare-parts") and contact(outline(attacker), outline(ob)).at_range_0
    ]
    if cargo and ed == "2.5" and not blocked_by:
        facts.append(Fact("on-cargo", {"attacker": attacker.id, "cargo": tuple(cargo)}, tuple(cargo)))
    for ob in (p for kind in OBJECT_KINDS for p in scenario.of_kind(kind)):
        if ob.id in (attacker.id, defender.id):
            continue
        shape = outline(ob)
        for ml in results:
            seg = LineString((ml.a, ml.b))
            crossing = ob.id in ml.crosses
            if (crossing and not seg.intersects(shape.buffer(-CLOSE_CALL_MM))) or (
                not crossing and seg.distance(shape) <= CLOSE_CALL_MM
            ):
                cautions.append(Fact("near-edge", {"object": ob.id}))
                break
    obstructed_all = all(r.obstructed_by for r in results)
    obstructed_any = any(r.obstructed_by for r in results)
    obstructors = tuple(sorted({o for r in results for o in r.obstructed_by}))
    if obstructed_any and not obstructed_all:
        facts.append(Fact("obstacle-choice", {"obstacles": obstructors}, ("line-1", "line-2", *obstructors)))
        outcome["line_choice"] = True
        outcome["obstructed_by"] = []
    elif obstructed_all:
        facts.append(Fact("obstructed", {"obstacles": obstructors}, ("line-1", *obstructors)))
        outcome["obstructed_by"] = list(obstructors)
        outcome["defense_bonus_dice"] = 1 if can else 0
    facts += _object_facts(scenario, results, obstructed_any and not obstructed_all, can, outcome)
    outcome["lines"] = [
        {
            "from": [round(r.a[0], 2), round(r.a[1], 2)],
            "to": [round(r.b[0], 2), round(r.b[1], 2)],
            "obstructed_by": list(r.obstructed_by),
            "obstructing": [{"id": o, "kind": scenario.piece(o).kind} for o in r.crosses],
        }
        for r in results[:: max(1, len(results) // 5)]
    ]
    if attacker.player is not None and attacker.player == defender.player:
        can = False
        reasons.insert(0, cid(ed, "attack/enemy"))
        facts.insert(
            0,
            Fact(
                "not-enemy",
                {"defender": defender.id, "player": attacker.player},
                (attacker.id, defender.id),
            ),
        )
    outcome["can_attack"] = can
    outcome["reasons"] = reasons
    return AttackFindings(outcome, facts, cautions, figures, arc)


def _object_facts(
    scenario: Scenario,
    results: list[MeasuringLine],
    avoids_obstacles: bool,
    can: bool,
    outcome: dict[str, Any],
) -> list[Fact]:
    """Every object the range is measured through (``obstructing``), and what ships and devices among them do.

    Where the attacker may choose its line, the ruling follows the lines it would use to avoid an
    obstacle's die (as ``obstructed_by`` does); it reports objects only when every such line crosses one.
    """
    used = [r for r in results if not r.obstructed_by] if avoids_obstacles else results
    kind_order = {k: i for i, k in enumerate(OBJECT_KINDS)}

    def order(pid: str) -> tuple[int, str]:
        return kind_order[scenario.piece(pid).kind], pid

    crossed = tuple(sorted({o for r in used for o in r.crosses}, key=order))
    if crossed and not all(r.crosses for r in used):
        outcome["line_choice"] = True
        return [Fact("object-choice", {"objects": crossed}, ("line-1", "line-2", *crossed))]
    outcome["obstructing"] = [{"id": o, "kind": scenario.piece(o).kind} for o in crossed]
    others = tuple(o for o in crossed if scenario.piece(o).kind != "obstacle")
    if not others:
        return []
    obstacles = [o for o in crossed if scenario.piece(o).kind == "obstacle"]
    huge = tuple(o for o in others if scenario.piece(o).kind == "ship" and scenario.piece(o).size == "huge")
    facts = [
        Fact("objects", {"objects": others, "obstacles": bool(obstacles), "huge": bool(huge)}, ("line-1", *others))
    ]
    if huge:
        if can:
            outcome["defense_bonus_dice"] = 1
        facts.append(Fact("huge-obstructs", {"huge": huge, "with_obstacle": bool(obstacles)}, huge))
    return facts
