"""An Armada ship's maneuver: the tool, overlapping ships (the ram loop), squadrons, obstacles, tokens, the edge.

Facts first: ``maneuver_facts`` measures what happens and returns it as data;
``narrate_maneuver`` turns those facts into steps, warnings and the summary.
Order (RRG 1.5.0 Ship Movement p.17, Overlapping p.14, reference §8):
Determine Course (a gravity rift at distance 1–2 lowers the speed by one);
place the ship at that speed with the tool on the declared side, or on the
other side when the declared side's final position would overlap the tool;
while its final position overlaps a ship, drop the speed by one keeping the
earlier clicks; deal ram damage; displace squadrons under the true final
position; resolve obstacles and proximity mines; then the play area.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from shapely import Polygon

from rules.engine.armada import dimensions as dim
from rules.engine.armada.dimensions import TOOL_SLIVER_MM
from rules.engine.armada.effects import NEAR, UNMODELLED_TOKENS
from rules.engine.armada.narrate_maneuver import narrate, tool_reason
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
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario

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
    """The side declared."""
    side_used: str | None
    """The side the ship must use: the declared one, the other one when the declared one overlaps the tool
    at the final position, or None when neither fits (the course cannot be executed as plotted)."""
    legal: bool
    """The declared side is legal."""
    other_side_legal: bool
    overlaps: bool
    other_overlaps: bool
    checked: bool
    """False at a reduced speed (the ship may then overlap the tool) and at speed 0 (no tool)."""


@dataclass(frozen=True, slots=True)
class ObstacleHit:
    """An obstacle the final position overlaps, and whether its effect was a close call."""

    id: str
    type: str


@dataclass(frozen=True, slots=True)
class Near:
    """An obstacle or token at a distance that triggers an effect (``effects.NEAR``), or an unmodelled token."""

    id: str
    type: str
    distance: float
    """mm, base (dials and frames ignored) to the piece; 0 overlapping or touching."""
    rolled: tuple[str, ...] = ()
    """The faces the scenario gives for its dice (``dice``), if any."""


@dataclass(frozen=True, slots=True)
class ManeuverFacts:
    """Everything the ruling says, measured; no prose."""

    ship: Piece
    dialled: int
    course_speed: int
    """The speed the course is plotted at: the dial, less one near a gravity rift."""
    rifts: tuple[Near, ...]
    yaw_over: tuple[tuple[int, int], ...]
    """(joint, limit) where the clicks used at the rift-reduced speed exceed that speed's chart (when given)."""
    course: Course
    """The course as executed: clicks for ``course_speed`` joints, on ``tool.side_used`` (or the declared side)."""
    declared_pose: Pose | None
    """Where the declared side would have placed the ship when the tool went to the other side (or None)."""
    tool: ToolCheck
    tried: tuple[Attempt, ...]
    overlapped: tuple[str, ...]
    distances: dict[str, float]
    """Overlapped ship id -> mm from the final body to its body."""
    damaged: tuple[str, ...]
    closest: tuple[str, ...]
    tie: bool
    touching_ships: tuple[str, ...]
    close_ships: tuple[tuple[str, bool], ...]
    """(id, overlapping) of ships within the close-call margin of overlapping or clearing."""
    displaced: tuple[str, ...]
    close_squadrons: tuple[str, ...]
    obstacles: tuple[ObstacleHit, ...]
    close_obstacles: tuple[str, ...]
    mines: tuple[Near, ...]
    close_mines: tuple[str, ...]
    """Mines whose distance is within the close-call margin of the distance-1 end line."""
    other_tokens: tuple[Near, ...]
    destroyed: bool
    plotted_off: bool
    edge_close: bool

    @property
    def final(self) -> Attempt:
        return self.tried[-1]

    @property
    def speed(self) -> int:
        return self.tried[-1].speed

    @property
    def size(self) -> str:
        return str(self.ship.size)


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
    """Plotted speed first, then one lower each time the final position overlaps a ship, down to 0."""
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


def _damaged(
    scenario: Scenario, ship: Piece, final: Pose, overlapped: list[str]
) -> tuple[list[str], list[str], bool, dict[str, float]]:
    """(damaged ids, closest ids, tie, distances): the mover and the closest overlapped ship, flotillas applied."""
    if not overlapped:
        return [], [], False, {}
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
    return damaged, closest, len(closest) > 1, dist


def _near(scenario: Scenario, kind: str, body: Polygon, types: tuple[str, ...], band: int) -> list[Near]:
    """Pieces of ``kind`` and one of ``types`` at distance ``band`` or nearer of ``body`` (dials ignored)."""
    reach = dim.band_end(band)
    out = []
    for p in scenario.of_kind(kind):
        if str(p.type) not in types:
            continue
        d = body.distance(token_outline(p))
        if d <= reach:
            out.append(Near(p.id, str(p.type), round(d, 1)))
    return out


def _side_and_attempts(
    scenario: Scenario, ship: Piece, course: Course
) -> tuple[ToolCheck, list[Attempt], Course, Pose | None]:
    """The tool check at the plotted speed, the side the ship must use, and its attempts from that side."""
    declared = attempts(scenario, ship, course)
    other = "left" if course.side == "right" else "right"
    if course.speed == 0:
        return ToolCheck(course.side, course.side, True, True, False, False, False), declared, course, None
    mine = tool_overlaps(ship, course)
    theirs = tool_overlaps(ship, Course(course.clicks, other))
    if declared[0].overlapped:
        # The plotted position overlaps a ship: it is never the final position, and at the reduced
        # speed the ship may overlap the tool, so the declared side stays (derived; see narration).
        return ToolCheck(course.side, course.side, True, not theirs, mine, theirs, False), declared, course, None
    huge_both = str(ship.size) == "huge" and mine and theirs
    if not mine:
        return ToolCheck(course.side, course.side, True, not theirs, mine, theirs, True), declared, course, None
    if theirs or huge_both:
        return ToolCheck(course.side, None, False, False, mine, theirs, True), declared, course, None
    switched = Course(course.clicks, other)
    tool = ToolCheck(course.side, other, False, True, mine, theirs, True)
    return tool, attempts(scenario, ship, switched), switched, declared[0].pose


def maneuver_facts(scenario: Scenario) -> ManeuverFacts:
    a = scenario.action
    ship = scenario.piece(a["ship"])
    dialled = int(a["speed"])
    start_body = ship_body(ship)
    rifts = tuple(_near(scenario, "obstacle", start_body, ("gravity-rift",), NEAR["gravity-rift"].bands[1]))
    course_speed = max(0, dialled + NEAR["gravity-rift"].speed_change) if rifts else dialled
    plotted = Course(tuple(a.get("clicks", ())), str(a.get("side", "right"))).at_speed(course_speed)
    tool, tried, course, declared_pose = _side_and_attempts(scenario, ship, plotted)
    row = (ship.get("yaw_limits") or {}).get(str(course_speed)) if rifts and course_speed else None
    yaw_over = tuple(
        (i + 1, int(lim)) for i, (c, lim) in enumerate(zip(plotted.clicks, row or (), strict=False)) if abs(c) > lim
    )
    final = tried[-1]
    overlapped: list[str] = []
    for t in tried:
        overlapped += [s for s in t.overlapped if s not in overlapped]
    damaged, closest, tie, dist = _damaged(scenario, ship, final.pose, overlapped)
    hull = ship_footprint(ship, final.pose)
    body = ship_body(ship, final.pose)

    touching: list[str] = []
    close_ships: list[tuple[str, bool]] = []
    for o, shape in near_pairs(_other_ships(scenario, ship), hull.bounds, CONTACT_MARGIN):
        ct = contact(hull, shape)
        if ct.close_call:
            close_ships.append((o.id, ct.overlapping))
        if ct.touching:
            touching.append(o.id)

    squadrons = near_pairs([(q, squadron_base(q)) for q in scenario.of_kind("squadron")], hull.bounds, CONTACT_MARGIN)
    displaced = tuple(q.id for q, base in squadrons if overlaps(hull, base))
    close_sq = tuple(q.id for q, base in squadrons if contact(hull, base).close_call)

    hits: list[ObstacleHit] = []
    close_ob: list[str] = []
    for ob, shape in near_pairs(
        [(ob, token_outline(ob)) for ob in scenario.of_kind("obstacle")], hull.bounds, CONTACT_MARGIN
    ):
        ct = contact(hull, shape)
        if ct.close_call:
            close_ob.append(ob.id)
        if ct.overlapping:
            hits.append(ObstacleHit(ob.id, str(ob.type)))

    mine_band = NEAR["proximity-mine"].bands[1]
    rolls = scenario.dice
    mines = tuple(
        replace(m, rolled=rolls.get(m.id, ())) for m in _near(scenario, "token", body, ("proximity-mine",), mine_band)
    )
    edge1 = dim.band_end(mine_band)
    close_mines = tuple(
        p.id
        for p in scenario.of_kind("token")
        if p.type == "proximity-mine" and abs(body.distance(token_outline(p)) - edge1) <= CLOSE_CALL_MM
    )
    others = tuple(_near(scenario, "token", body, UNMODELLED_TOKENS, 1))

    area = play_area(scenario)
    destroyed = not area.covers(body)
    plotted_off = not area.covers(ship_body(ship, tried[0].pose))
    edge_close = not destroyed and body.boundary.distance(area.exterior) <= CLOSE_CALL_MM
    return ManeuverFacts(
        ship=ship,
        dialled=dialled,
        course_speed=course_speed,
        rifts=rifts,
        yaw_over=yaw_over,
        course=course,
        declared_pose=declared_pose,
        tool=tool,
        tried=tuple(tried),
        overlapped=tuple(overlapped),
        distances=dist,
        damaged=tuple(damaged),
        closest=tuple(closest),
        tie=tie,
        touching_ships=tuple(touching),
        close_ships=tuple(close_ships),
        displaced=displaced,
        close_squadrons=close_sq,
        obstacles=tuple(hits),
        close_obstacles=tuple(close_ob),
        mines=mines,
        close_mines=close_mines,
        other_tokens=others,
        destroyed=destroyed,
        plotted_off=plotted_off,
        edge_close=edge_close,
    )


def maneuver_figures(scenario: Scenario, f: ManeuverFacts) -> list[Figure]:
    """What the picture draws: the tool on the side used, abandoned positions, contacts, the final base."""
    ship = f.ship
    start = pose_of(ship)
    figures: list[Figure] = []
    if f.course.speed:
        figures.append(Figure("tool", "template", ring(tool_shape(start, f.size, f.course)), "maneuver tool"))
    if f.declared_pose is not None:
        figures.append(
            Figure(
                "declared-side",
                "abandoned",
                ring(ship_footprint(ship, f.declared_pose)),
                f"tool on the {f.tool.side}: overlaps the tool",
            )
        )
    for t in f.tried[:-1]:
        figures.append(Figure(f"tried-{t.speed}", "abandoned", ring(ship_footprint(ship, t.pose)), f"speed {t.speed}"))
        for sid in t.overlapped:
            shared = ship_footprint(ship, t.pose).intersection(ship_footprint(scenario.piece(sid)))
            figures.append(Figure(f"ram-{t.speed}-{sid}", "overlap", ring(shared), scenario.names([sid])))
    body = ship_body(ship, f.final.pose)
    for i, part in enumerate(getattr(body, "geoms", [body])):
        fid = "final" if i == 0 else f"final-{i + 1}"
        at = (f.final.pose.x, f.final.pose.y, f.final.pose.heading) if i == 0 else None
        figures.append(Figure(fid, "base", ring(part), f"{ship.label} at speed {f.speed}", pose=at))
    hull = ship_footprint(ship, f.final.pose)
    for hit in f.obstacles:
        shape = token_outline(scenario.piece(hit.id))
        figures.append(Figure(f"contact-{hit.id}", "overlap", ring(hull.intersection(shape)), scenario.names([hit.id])))
    return figures


def outcome_of(f: ManeuverFacts, effects: list[dict[str, Any]]) -> dict[str, Any]:
    """The spec's outcome fields (docs/api.md), from the facts."""
    return {
        "ship": f.ship.id,
        "dialled_speed": f.dialled,
        "course_speed": f.course_speed,
        "executed_speed": f.speed,
        "final": f.final.pose.rounded(),
        "tried": [{"speed": t.speed, "final": t.pose.rounded(), "overlapped": list(t.overlapped)} for t in f.tried],
        "overlapped_ships": list(f.overlapped),
        "damaged_ships": list(f.damaged),
        "closest_ships": list(f.closest),
        "displaced_squadrons": list(f.displaced),
        "overlapping": [h.id for h in f.obstacles],
        "effects": effects,
        "tool": {
            "side": f.tool.side,
            "side_used": f.tool.side_used,
            "legal": f.tool.legal,
            "reason": tool_reason(f),
            "checked": f.tool.checked,
            "other_side_legal": f.tool.other_side_legal,
        },
        "destroyed": f.destroyed,
    }


def maneuver_ruling(scenario: Scenario) -> Ruling:
    facts = maneuver_facts(scenario)
    told = narrate(scenario, facts)
    return Ruling(
        outcome_of(facts, told.effects),
        tuple(told.steps),
        tuple(told.warnings),
        tuple(maneuver_figures(scenario, facts)),
        told.summary,
    )
