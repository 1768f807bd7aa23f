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
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.effects import RANGE_0_NO_ATTACK
from rules.engine.xwing.pieces import outline, ship_length, ship_pose, ship_square
from rules.engine.xwing.resolve import cannot_attack_step, cid

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


def _crossed(scenario: Scenario, line: tuple[Point, Point], skip: set[str]) -> tuple[str, ...]:
    """Objects whose outline the measuring line runs through (touching a corner does not count).

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
            if seg.intersects(shape) and seg.intersection(shape).length > 1e-6:
                out.append(ob.id)
    return tuple(out)


def attack_ruling(scenario: Scenario) -> Ruling:
    action = scenario.action
    ed = scenario.edition
    attacker = scenario.piece(action["attacker"])
    defender = scenario.piece(action["defender"])
    arc = action["arc"]
    region = arc_region(attacker, arc)
    att_sq = ship_square(attacker)
    def_sq = ship_square(defender)
    in_part = def_sq.intersection(region)
    in_arc = region.intersects(def_sq)
    steps: list[Step] = []
    figures: list[Figure] = []
    warnings: list[str] = []
    if arc != "full":
        deep = region.buffer(-CLOSE_CALL_MM, join_style="mitre").intersects(def_sq)
        if in_arc != deep or (not in_arc and region.distance(def_sq) <= CLOSE_CALL_MM):
            warnings.append(f"{defender.label} is within 0.5 mm of the arc line; check the arc on the table")
    reasons: list[str] = []
    arc_name = {"front": "front arc", "rear": "rear arc", "full": "full arc (turret or 360°)"}[arc]
    if arc != "full":
        reach = region.intersection(att_sq.buffer(300.0, quad_segs=32))
        figures.append(Figure("arc", "area", ring(reach), f"{arc_name} to range 3"))
    steps.append(
        Step(
            f"Is {defender.label} in {attacker.label}'s {arc_name}?",
            (
                "Yes: part of its base lies inside the arc (the arc lines count as inside)."
                if in_arc
                else "No: no part of its base lies inside the arc, so it cannot be attacked with this arc."
            ),
            (cid(ed, "attack/arc"),),
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
        return Ruling(outcome, tuple(steps), (), tuple(figures), f"{defender.label} is not in the {arc_name}.")
    target = in_part if in_part.area > 1e-6 else def_sq
    d = att_sq.distance(target)
    rng = range_band(d)
    if band_close_call(d):
        warnings.append(f"the attack range is {d:.2f} mm, within 0.5 mm of a band line; measure on the table")
    lines = _lines(att_sq, target, d)
    if not parallel_choice(lines):
        lines = lines[:1]
    # Obstacles the attacker or defender sit on do not obstruct by themselves being touched at the end.
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
        what = f"crosses {scenario.names(ml.obstructed_by)}" if ml.obstructed_by else "clear"
        figures.append(Figure(f"line-{i + 1}", "line", (ml.a, ml.b), f"{d:.1f} mm, {what}"))
    steps.append(
        Step(
            f"Attack range {rng if rng is not None else 'beyond 3'} ({d:.1f} mm)",
            "Range is measured from the closest point of the attacker's base to the closest point of the "
            "defender's base inside the arc; a distance on a band line belongs to the lower band."
            + (
                " Several lines are equally short (parallel bases): the attacker chooses which to use."
                if len(results) > 1
                else ""
            ),
            (cid(ed, "attack/range"), cid(ed, "range/boundary"))
            + ((cid(ed, "obstructed/parallel"),) if len(results) > 1 else ()),
            ("line-1", "line-2"),
        )
    )
    outcome["range"] = rng
    outcome["distance_mm"] = round(d, 2)
    can = rng is not None
    if rng is None:
        reasons.append(cid(ed, "attack/range"))
    if rng == 0:
        if ed == "2.0":
            can = False
            reasons.append(cid(ed, "attack/range-0"))
            steps.append(
                Step(
                    "No attack at range 0 in 2.0",
                    "A ship cannot attack a ship at range 0.",
                    (cid(ed, "attack/range-0"),),
                    (defender.id,),
                    other_edition="2.5 allows a restricted primary attack at range 0 (disputed between RRG versions).",
                )
            )
        else:
            steps.append(
                Step(
                    "Range 0: only a restricted primary attack",
                    "At range 0 only a primary attack is possible, and no dice may be added to it (no range "
                    "bonus). Only the defender may modify the attacker's dice, and the attacker cannot cancel or "
                    "modify the defender's dice (RRG v1.4.6 adds: nor reduce how many it rolls). RRG v1.4.5 and "
                    "v1.4.6 transcriptions disagree on whether such an attack is allowed at all.",
                    (cid(ed, "attack/range-0"),),
                    (defender.id,),
                    derived=True,
                    other_edition="2.0 forbids attacks at range 0.",
                )
            )
    blocked_by = [
        ob.id
        for ob in scenario.of_kind("obstacle")
        if ob.type in RANGE_0_NO_ATTACK[ed] and contact(outline(attacker), outline(ob)).at_range_0
    ]
    if blocked_by:
        can = False
        reasons.append(cid(ed, "obstacles/range-0-attack"))
        steps.append(cannot_attack_step(ed, attacker.label, blocked_by, scenario.names(blocked_by)))
    elif rng == 0 and ed == "2.5" and can:
        reasons.append(cid(ed, "attack/range-0"))  # the permissive clause decides only an attack it allows
    cargo = [
        ob.id
        for ob in scenario.of_kind("obstacle")
        if ob.type in ("loose-cargo", "spare-parts") and contact(outline(attacker), outline(ob)).at_range_0
    ]
    if cargo and ed == "2.5" and not blocked_by:
        steps.append(
            Step(
                f"{attacker.label} is at range 0 of {scenario.names(cargo)}: an open question",
                "The 2.5 rules give loose cargo and spare parts no range-0 effect, so Table Ruling lets the ship "
                "attack. But the card that drops loose cargo still says it is a debris cloud, and a ship at range 0 "
                "of a debris cloud cannot attack: ask your tournament organiser.",
                (cid(ed, "obstacles/loose-cargo"), cid(ed, "obstacles/range-0-attack")),
                tuple(cargo),
                derived=True,
                other_edition="In 2.0 loose cargo is a debris cloud, and ships at range 0 of debris clouds may attack.",
            )
        )
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
                warnings.append(
                    f"{ob.label}: the measuring line passes within 0.5 mm of its edge; measure on the table"
                )
                break
    obstructed_all = all(r.obstructed_by for r in results)
    obstructed_any = any(r.obstructed_by for r in results)
    obstructors = sorted({o for r in results for o in r.obstructed_by})
    if obstructed_any and not obstructed_all:
        steps.append(
            Step(
                "The attacker may choose an unobstructed line",
                f"Some of the equally short lines cross {scenario.names(obstructors)} and some do not; the "
                "attacker chooses which line to measure, so it can avoid the obstruction.",
                (cid(ed, "obstructed/parallel"),),
                ("line-1", "line-2", *obstructors),
            )
        )
        outcome["line_choice"] = True
        outcome["obstructed_by"] = []
    elif obstructed_all:
        steps.append(
            Step(
                f"Obstructed by {scenario.names(obstructors)}: the defender rolls 1 extra defense die",
                "The attacker measures range through an obstacle, so the attack is obstructed and the "
                "defender rolls one additional defense die, however many obstacles obstruct.",
                (cid(ed, "obstructed/measure"), cid(ed, "obstacles/obstructed")),
                ("line-1", *obstructors),
            )
        )
        outcome["obstructed_by"] = obstructors
        outcome["defense_bonus_dice"] = 1 if can else 0
    _objects_steps(scenario, results, obstructed_any and not obstructed_all, can, steps, outcome)
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
        steps.insert(
            0,
            Step(
                f"{defender.label} is not an enemy ship",
                f"Both ships belong to player {attacker.player}. An attack's defender must be an enemy ship "
                "(Declare Target), so this attack cannot be declared.",
                (cid(ed, "attack/enemy"),),
                (attacker.id, defender.id),
            ),
        )
    outcome["can_attack"] = can
    outcome["reasons"] = reasons
    verdict = f"{attacker.label} {'can' if can else 'cannot'} attack {defender.label}"
    if rng is not None:
        verdict += f" at range {rng}"
    if outcome["defense_bonus_dice"]:
        verdict += " (obstructed: +1 defense die)"
    elif outcome["obstructing"]:
        verdict += " (obstructed, with no extra defense die)"
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), verdict + ".")


def _objects_steps(
    scenario: Scenario,
    results: list[MeasuringLine],
    avoids_obstacles: bool,
    can: bool,
    steps: list[Step],
    outcome: dict[str, Any],
) -> None:
    """Every object the range is measured through (``obstructing``), and what ships and devices among them do.

    Where the attacker may choose its line, the ruling follows the lines it would use to avoid an
    obstacle's die (as ``obstructed_by`` does); it reports objects only when every such line crosses one.
    """
    ed = scenario.edition
    used = [r for r in results if not r.obstructed_by] if avoids_obstacles else results
    kind_order = {k: i for i, k in enumerate(OBJECT_KINDS)}

    def order(pid: str) -> tuple[int, str]:
        return kind_order[scenario.piece(pid).kind], pid

    crossed = sorted({o for r in used for o in r.crosses}, key=order)
    if crossed and not all(r.crosses for r in used):
        steps.append(
            Step(
                "The attacker chooses whether the attack is obstructed",
                f"Some of the equally short lines cross {scenario.names(crossed)} and some cross nothing: the "
                "attacker chooses which line to measure, so it decides whether the attack is obstructed, which "
                "matters to cards that ask.",
                (cid(ed, "obstructed/parallel"), cid(ed, "obstructed/objects")),
                ("line-1", "line-2", *crossed),
            )
        )
        outcome["line_choice"] = True
        return
    outcome["obstructing"] = [{"id": o, "kind": scenario.piece(o).kind} for o in crossed]
    others = [o for o in crossed if scenario.piece(o).kind != "obstacle"]
    if not others:
        return
    names = scenario.names(others)
    obstacles = [o for o in crossed if scenario.piece(o).kind == "obstacle"]
    huge = [o for o in others if scenario.piece(o).kind == "ship" and scenario.piece(o).size == "huge"]
    early = "The first 2.0 rules (RRG v1.0.x) spoke of measuring through an obstacle only."
    steps.append(
        Step(
            f"Range is also measured through {names}: the attack is obstructed"
            + ("" if obstacles or huge else ", with no extra defense die"),
            "An attack is obstructed when range is measured through any object, not only an obstacle; the "
            "attacker and the defender themselves never obstruct. A ship or a device (a remote is a device) that "
            "obstructs has no effect of its own"
            + (" (a huge ship excepted)" if huge else "")
            + ": it gives the defender no die, but cards that ask whether the attack is obstructed treat it as "
            "obstructed." + (f" {early}" if ed == "2.0" else ""),
            (cid(ed, "obstructed/objects"),),
            ("line-1", *others),
            other_edition=(
                "The same in late 2.0; the first 2.0 rules (RRG v1.0.x) spoke of measuring through an obstacle only."
                if ed == "2.5"
                else "The same in 2.5."
            ),
        )
    )
    if huge:
        if can:
            outcome["defense_bonus_dice"] = 1
        steps.append(
            Step(
                f"{scenario.names(huge)} is a huge ship: the defender rolls 1 extra defense die",
                "While a huge ship obstructs an attack, the defender rolls one additional defense die."
                + (
                    " An obstacle obstructs too: whether the two extra dice add up is not addressed by the rules; "
                    "Table Ruling counts one die, as for several obstacles."
                    if obstacles
                    else ""
                ),
                (cid(ed, "huge-ships/obstructs"),),
                tuple(huge),
                derived=bool(obstacles),
            )
        )
