"""An Armada ship's maneuver: the tool, overlapping ships (the ram loop), squadrons, obstacles, the edge.

Facts first: ``execute`` returns what happened as data; ``maneuver_ruling``
explains it step by step.  Order (RRG 1.5.0 Ship Movement p.17, Overlapping
p.14, reference §8): place the ship at the dialled speed; while its final
position overlaps a ship, drop the speed by one keeping the earlier clicks;
check the tool only at the dialled speed; deal ram damage; displace squadrons
under the true final position; resolve obstacles; then the play area.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shapely import Polygon

from rules.engine.armada.dimensions import TOOL_SLIVER_MM
from rules.engine.armada.effects import EFFECTS
from rules.engine.armada.pieces import (
    play_area,
    pose_of,
    ship_body,
    ship_footprint,
    squadron_base,
    token_outline,
)
from rules.engine.armada.tool import Course, final_pose, tool_shape
from rules.engine.geometry import CLOSE_CALL_MM, Pose, contact, near_pairs, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario

R = "armada-1.5/"
TIE_MM = 0.01
"""Two overlapped ships closer to each other's distance than this are equally close."""


CONTACT_MARGIN = 2 * CLOSE_CALL_MM
"""Broad phase: a piece whose bounds stay farther than this from the final position's bounds can be
neither overlapping, touching nor a close call, so its contact is not computed."""


@dataclass(frozen=True, slots=True)
class Attempt:
    speed: int
    pose: Pose
    overlapped: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ToolCheck:
    side: str
    legal: bool
    other_side_legal: bool
    overlaps: bool
    other_overlaps: bool
    checked: bool
    """False at a reduced speed (the ship may then overlap the tool) and at speed 0 (no tool)."""


def tool_overlaps(ship: Piece, course: Course) -> bool:
    """The tool reaches more than ``TOOL_SLIVER_MM`` into the final base body (reference §2.3)."""
    start = pose_of(ship)
    body = ship_body(ship, final_pose(start, str(ship.size), course))
    deep = body.buffer(-TOOL_SLIVER_MM, join_style="mitre")
    return overlaps(deep, tool_shape(start, str(ship.size), course))


def _other_ships(scenario: Scenario, ship: Piece) -> list[tuple[Piece, Polygon]]:
    """Every ship but ``ship``, with its footprint (dials and frames) where it stands."""
    return [(p, ship_footprint(p)) for p in scenario.of_kind("ship") if p.id != ship.id]


def attempts(scenario: Scenario, ship: Piece, course: Course) -> list[Attempt]:
    """Dialled speed first, then one lower each time the final position overlaps a ship, down to 0."""
    start = pose_of(ship)
    others = _other_ships(scenario, ship)
    out: list[Attempt] = []
    for speed in range(course.speed, -1, -1):
        pose = final_pose(start, str(ship.size), course.at_speed(speed))
        hull = ship_footprint(ship, pose)
        hit = tuple(o.id for o, shape in near_pairs(others, hull.bounds, 0.0) if overlaps(hull, shape))
        out.append(Attempt(speed, pose, hit))
        if not hit:
            break
    return out


def _damaged(scenario: Scenario, ship: Piece, final: Pose, overlapped: list[str]) -> tuple[list[str], list[str], bool]:
    """(damaged ids, closest ids, tie): the mover and the closest overlapped ship, the flotilla rule applied."""
    if not overlapped:
        return [], [], False
    body = ship_body(ship, final)
    dist = {sid: body.distance(ship_body(scenario.piece(sid))) for sid in overlapped}
    best = min(dist.values())
    closest = [sid for sid in overlapped if dist[sid] - best <= TIE_MM]
    other = scenario.piece(closest[0])
    mover_f, other_f = bool(ship.get("flotilla")), bool(other.get("flotilla"))
    if mover_f == other_f:
        damaged = [ship.id, other.id]
    else:
        damaged = [ship.id] if mover_f else [other.id]
    return damaged, closest, len(closest) > 1


def maneuver_ruling(scenario: Scenario) -> Ruling:
    a = scenario.action
    ship = scenario.piece(a["ship"])
    size = str(ship.size)
    dialled = int(a["speed"])
    course = Course(tuple(a.get("clicks", ())), str(a.get("side", "right")))
    start = pose_of(ship)
    tried = attempts(scenario, ship, course)
    final = tried[-1]
    speed = final.speed
    overlapped: list[str] = []
    for t in tried:
        overlapped += [s for s in t.overlapped if s not in overlapped]
    damaged, closest, tie = _damaged(scenario, ship, final.pose, overlapped)
    hull = ship_footprint(ship, final.pose)
    body = ship_body(ship, final.pose)
    area = play_area(scenario)
    steps: list[Step] = []
    warnings: list[str] = []
    figures: list[Figure] = []

    # 1. the course
    clicks = ", ".join(f"{c:+d}" if c else "0" for c in course.clicks) or "none"
    tool_text = (
        f"At speed {dialled} the ship uses joints 1 to {dialled} of the tool, set to clicks {clicks} "
        f"(22.5° each, positive clockwise), with the tool on its {course.side} side"
        + (" in the notches of its rear base (a huge ship)" if size == "huge" else "")
        + ". The ship is picked up and placed beside the guides at the last joint used: it ignores everything "
        "between its start and its final position."
        if dialled
        else "At speed 0 the ship does not move, but it still executes a maneuver."
    )
    steps.append(
        Step(
            f"{ship.label} plots speed {dialled}",
            tool_text,
            (R + "ship-movement/maneuver-tool", R + "overlapping/move-through", R + "geometry/maneuver-tool"),
            (ship.id, "tool"),
        )
    )
    if dialled:
        figures.append(Figure("tool", "template", ring(tool_shape(start, size, course)), "maneuver tool"))

    # 2. the ram loop
    for t in tried[:-1]:
        names = scenario.names(t.overlapped)
        figures.append(Figure(f"tried-{t.speed}", "ghost", ring(ship_footprint(ship, t.pose)), f"speed {t.speed}"))
        for sid in t.overlapped:
            shared = ship_footprint(ship, t.pose).intersection(ship_footprint(scenario.piece(sid)))
            figures.append(Figure(f"ram-{t.speed}-{sid}", "overlap", ring(shared), sid))
        steps.append(
            Step(
                f"At speed {t.speed} it would overlap {names}: speed {t.speed - 1} instead",
                f"Its final position at speed {t.speed} overlaps {names} (shield dials and their frames count). "
                f"It cannot finish the maneuver there, so its speed is temporarily reduced to {t.speed - 1} "
                "(the speed dial is not changed) and it moves again with the same clicks on the earlier joints.",
                (R + "overlapping/ship-onto-ship", R + "overlapping/dials-count"),
                (f"tried-{t.speed}", *t.overlapped),
            )
        )
    others = _other_ships(scenario, ship)
    for o, shape in near_pairs(others, hull.bounds, CONTACT_MARGIN):
        ct = contact(hull, shape)
        if ct.close_call:
            warnings.append(
                f"{o.label}: the final position is within {CLOSE_CALL_MM} mm of "
                f"{'overlapping' if not ct.overlapping else 'clearing'} it; measure on the table"
            )
        if ct.touching:
            steps.append(
                Step(
                    f"It touches {o.label}: that is not overlapping",
                    "Exactly touching another ship is not overlapping it, so the ship is placed there.",
                    (R + "overlapping/touching",),
                    (o.id,),
                )
            )
    for i, part in enumerate(getattr(body, "geoms", [body])):
        fid = "final" if i == 0 else f"final-{i + 1}"
        at = (final.pose.x, final.pose.y, final.pose.heading) if i == 0 else None
        figures.append(Figure(fid, "base", ring(part), f"{ship.label} at speed {speed}", pose=at))

    # 3. the tool
    tool = _tool_check(ship, course, speed, dialled)
    steps += _tool_steps(ship, tool, speed, dialled)

    # 4. ram damage
    if overlapped:
        steps.append(_ram_step(scenario, ship, final.pose, speed, dialled, overlapped, damaged, closest, tie))
        if tie:
            tied = " and ".join(scenario.piece(c).label for c in closest)
            warnings.append(f"{tied} are equally close to the final position; measure on the table")

    # 5. squadrons
    squadrons = near_pairs([(q, squadron_base(q)) for q in scenario.of_kind("squadron")], hull.bounds, CONTACT_MARGIN)
    displaced = [q.id for q, base in squadrons if overlaps(hull, base)]
    if displaced:
        steps.append(
            Step(
                f"It overlaps squadron{'s' if len(displaced) > 1 else ''} {scenario.names(displaced)}",
                "The overlapped squadrons are moved out of the way and the ship finishes its maneuver. Then the "
                "player who is not moving the ship places them, whoever owns them and in any order, touching the "
                "ship: as many as possible touching it, the rest touching a squadron that touches it, none outside "
                "the play area or overlapping a ship or squadron (in a Sector Fleet game, the opposing Grand Admiral "
                "places them). Check a proposal with place-squadrons.",
                (
                    R + "overlapping/ship-onto-squadrons",
                    R + "overlapping/squadrons-as-many-touching",
                    R + "overlapping/sector-fleet",
                ),
                tuple(displaced),
            )
        )
    for q, base in squadrons:
        if contact(hull, base).close_call:
            warnings.append(f"{q.label}: within {CLOSE_CALL_MM} mm of the final position; measure on the table")

    # 6. obstacles
    overlapping: list[str] = []
    effects: list[dict[str, Any]] = []
    for ob, shape in near_pairs(
        [(ob, token_outline(ob)) for ob in scenario.of_kind("obstacle")], hull.bounds, CONTACT_MARGIN
    ):
        ct = contact(hull, shape)
        if ct.close_call:
            warnings.append(f"{ob.label}: within {CLOSE_CALL_MM} mm of the final position; measure on the table")
        if not ct.overlapping:
            continue
        overlapping.append(ob.id)
        figures.append(Figure(f"contact-{ob.id}", "overlap", ring(hull.intersection(shape)), ob.id))
        eff = EFFECTS[str(ob.type)]
        if eff.ship is None:
            text = f"{ob.label} ({ob.type}) has no effect on a ship that overlaps it."
        else:
            what = eff.ship
            if ob.type == "purrgil" and speed != dialled:
                what += (
                    f": {dialled} by its dial, or {speed} if the temporary speed counts — the rules do not say "
                    "which (the speed returns to the dial after the maneuver, and obstacles resolve during it)"
                )
            elif ob.type == "purrgil":
                what += f" ({speed})"
            text = f"{ship.label} {what}."
            effects.append({"source": ob.id, "rule": eff.rule, "text": text})
        steps.append(
            Step(
                f"It ends overlapping {ob.label}",
                text + (" It executed a maneuver at speed 0, so the obstacle still resolves." if speed == 0 else ""),
                (R + "overlapping/obstacles", eff.rule, R + "obstacles/after-moving")
                + ((R + "overlapping/speed-zero-executes",) if speed == 0 else ()),
                (ob.id,),
                derived=ob.type == "purrgil" and speed != dialled,
            )
        )
    if len(effects) > 1:
        steps.append(
            Step(
                "Several obstacles: any order",
                f"{ship.label} resolves each obstacle's effect, in any order its owner chooses.",
                (R + "obstacles/any-order",),
                tuple(overlapping),
            )
        )

    # 7. the play area (body only: dials and frames are ignored)
    destroyed = not area.covers(body)
    plotted = tried[0]
    plotted_off = not area.covers(ship_body(ship, plotted.pose))
    if destroyed:
        steps.append(
            Step(
                f"{ship.label} is destroyed",
                "Part of its base (dials and frames ignored) is outside the play area, so it is destroyed.",
                (R + "play-area/destroyed",),
                ("final",),
            )
        )
    elif plotted_off and speed < dialled:
        steps.append(
            Step(
                "The ram brought it back onto the table",
                f"At speed {dialled} part of its base would have been outside the play area, but it was placed at "
                f"speed {speed}, wholly inside: it is not destroyed.",
                (R + "play-area/ram-saves", R + "play-area/destroyed"),
                ("final",),
            )
        )
    edge = body.boundary.distance(area.exterior) if not destroyed else 0.0
    if not destroyed and edge <= CLOSE_CALL_MM:
        warnings.append(f"the base ends within {CLOSE_CALL_MM} mm of the table edge; measure on the table")

    outcome: dict[str, Any] = {
        "ship": ship.id,
        "dialled_speed": dialled,
        "executed_speed": speed,
        "final": final.pose.rounded(),
        "tried": [{"speed": t.speed, "final": t.pose.rounded(), "overlapped": list(t.overlapped)} for t in tried],
        "overlapped_ships": overlapped,
        "damaged_ships": damaged,
        "closest_ships": closest,
        "displaced_squadrons": displaced,
        "overlapping": overlapping,
        "effects": effects,
        "tool": {
            "side": course.side,
            "legal": tool.legal,
            "reason": _tool_reason(tool, speed, dialled, size),
            "checked": tool.checked,
            "other_side_legal": tool.other_side_legal,
        },
        "destroyed": destroyed,
    }
    summary = _summary(scenario, ship, dialled, speed, damaged, displaced, overlapping, destroyed, tool)
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)


def _tool_check(ship: Piece, course: Course, speed: int, dialled: int) -> ToolCheck:
    if dialled == 0:
        return ToolCheck(course.side, True, True, False, False, False)
    mine = tool_overlaps(ship, course)
    other_side = "left" if course.side == "right" else "right"
    theirs = tool_overlaps(ship, Course(course.clicks, other_side))
    if speed < dialled:
        return ToolCheck(course.side, True, not theirs, mine, theirs, False)
    huge_both = str(ship.size) == "huge" and mine and theirs
    return ToolCheck(course.side, not mine and not huge_both, not theirs, mine, theirs, True)


def _tool_reason(tool: ToolCheck, speed: int, dialled: int, size: str) -> str:
    if not tool.checked:
        return (
            "speed 0: no tool is used"
            if dialled == 0
            else f"reduced to speed {speed} by an overlap: the ship may overlap the tool"
        )
    if tool.legal:
        return "the final base does not overlap the tool on this side"
    if tool.other_overlaps:
        return (
            "a huge ship's course that overlaps the tool on both sides is illegal: choose another course"
            if size == "huge"
            else "the final base overlaps the tool on both sides"
        )
    return "the final base overlaps the tool on this side: place the tool on the other side"


def _tool_steps(ship: Piece, tool: ToolCheck, speed: int, dialled: int) -> list[Step]:
    if dialled == 0:
        return []
    if not tool.checked:
        out = [
            Step(
                "At a reduced speed it may overlap the tool",
                "The ship moves at a speed lower than its dial because of an overlap, so its final position is "
                "allowed to overlap the maneuver tool."
                if speed
                else "Rammed down to speed 0, it stays where it started: no tool is placed.",
                (R + "overlapping/tool-overlap-allowed",),
                ("tool", "final"),
            )
        ]
        if tool.overlaps:
            other = "left" if tool.side == "right" else "right"
            out.append(
                Step(
                    f"At its dialled speed it would also have overlapped the tool on the {tool.side} side",
                    "The rules do not say whether the player must first move the tool to the "
                    f"{other} side (where the dialled position {'fits' if not tool.other_overlaps else 'also overlaps'}"
                    ") before the speed is reduced. Table Ruling keeps the side that was declared; measure both if "
                    "the players disagree.",
                    (R + "ship-movement/tool-side", R + "overlapping/tool-overlap-allowed"),
                    ("tool",),
                    derived=True,
                )
            )
        return out
    other = "left" if tool.side == "right" else "right"
    huge = str(ship.size) == "huge"
    if tool.legal:
        text = f"The final base does not overlap the tool on the {tool.side} side: the ship may be placed there."
        if not tool.other_overlaps:
            text += f" It would fit on the {other} side too; its owner chooses."
    elif huge and tool.other_overlaps:
        text = "The huge ship's final position overlaps the tool on both sides: this course is illegal; choose another."
    elif tool.other_overlaps:
        text = (
            "The final base overlaps the tool on both sides. The rules only say to use the other side; with no "
            "side left, the course cannot be executed as plotted (derived)."
        )
    else:
        text = (
            f"The final base overlaps the tool on the {tool.side} side, so this placement is not allowed: reset "
            f"the ship and use the tool on its {other} side (where it fits)."
        )
    rules = (R + "ship-movement/tool-side", R + "geometry/tool-sliver") + (
        (R + "ship-movement/huge-tool",) if huge else ()
    )
    derived = not tool.legal and tool.other_overlaps and not huge
    return [
        Step(
            f"The tool on the {tool.side} side: {'legal' if tool.legal else 'not legal'}",
            text,
            rules,
            ("tool", "final"),
            derived=derived,
        )
    ]


def _ram_step(
    scenario: Scenario,
    ship: Piece,
    final: Pose,
    speed: int,
    dialled: int,
    overlapped: list[str],
    damaged: list[str],
    closest: list[str],
    tie: bool,
) -> Step:
    body = ship_body(ship, final)
    parts = [f"{scenario.names([sid])}: {body.distance(ship_body(scenario.piece(sid))):.1f} mm" for sid in overlapped]
    other = closest[0]
    who = " and ".join(scenario.piece(d).label for d in damaged)
    text = (
        f"It finishes at speed {speed}{' and stays where it was' if speed == 0 else ''}. It overlapped "
        f"{scenario.names(overlapped)} on the way; measured base to base from its final position (dials ignored): "
        f"{'; '.join(parts)}. The closest is {scenario.names([other])}. One facedown damage card each: {who}."
    )
    rules: tuple[str, ...] = (
        R + "overlapping/ship-onto-ship",
        R + "overlapping/closest-ship",
        R + "overlapping/speed-returns",
    )
    if bool(ship.get("flotilla")) != bool(scenario.piece(other).get("flotilla")):
        text += " One of the two is a flotilla and the other is not, so only the flotilla is dealt the card."
        rules += (R + "flotillas/ram",)
    if tie:
        text += f" {' and '.join(scenario.piece(c).label for c in closest)} are equally close: measure on the table."
    if speed == 0:
        rules += (R + "overlapping/speed-zero-executes",)
    text += f" Its speed dial still shows {dialled}."
    return Step("Ram: one facedown damage card each", text, rules, (ship.id, *closest, "final"))


def _summary(
    scenario: Scenario,
    ship: Piece,
    dialled: int,
    speed: int,
    damaged: list[str],
    displaced: list[str],
    overlapping: list[str],
    destroyed: bool,
    tool: ToolCheck,
) -> str:
    parts = [f"{ship.label} moves at speed {speed}" + (f" (dial {dialled})" if speed != dialled else "")]
    if damaged:
        parts.append(f"facedown damage to {scenario.names(damaged)}")
    if displaced:
        parts.append(f"displaces {scenario.names(displaced)}")
    if overlapping:
        parts.append(f"ends on {scenario.names(overlapping)}")
    if not tool.legal:
        parts.append("tool side not legal")
    if destroyed:
        parts.append("destroyed")
    return "; ".join(parts) + "."
