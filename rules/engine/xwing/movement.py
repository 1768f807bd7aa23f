"""Where a ship ends up: maneuvers (with bumps), barrel rolls and boosts.

Pure geometry: which pose, which template, which ships block.  What the
obstacles and devices under the template do is decided elsewhere
(``obstacles.py``), from the ``counted_template`` and ``final`` this returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely import Polygon, prepared, unary_union

from rules.engine.geometry import AREA_EPSILON, Pose, near_pairs, overlaps, place
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.dimensions import TALLON_SHIFT, base_length, base_outline, base_square, base_width
from rules.engine.xwing.paths import (
    ChordPath,
    Frame,
    TemplateSpec,
    chord_pose,
    frame_poses,
    place_many,
    template_outline,
)
from rules.engine.xwing.pieces import outline, ship_length, ship_outline, ship_pose

BUMP_SCAN_STEP = 0.5
"""mm of path: the backward scan brackets the first clear position this finely..."""
BUMP_TOLERANCE = 1e-4
"""...and bisection then pins it to this (far below the 0.01 mm we promise)."""
BUMP_PROBE = 0.01
"""mm of path beyond the final position at which the bumped ships are read off."""
BUMP_CHUNKS = (64, 128, 256, 10_000)
"""Positions tested per vectorised round of the backward scan's fine pass: most bumps leave
fewer than 64 positions unproven by the coarse pass; the rest take rounds of growing size."""
BUMP_GROUP = 8
"""Scan positions (4 mm of path) the coarse pass proves to overlap with one test."""

BASIC = {
    "straight": "straight",
    "koiogran": "straight",
    "reverse-straight": "straight",
    "bank": "bank",
    "segnor": "bank",
    "reverse-bank": "bank",
    "turn": "turn",
    "tallon": "turn",
    "sideslip-bank": "bank",
    "sideslip-turn": "turn",
}
POSITION_ORDER: dict[str, tuple[str, ...]] = {
    "middle": ("middle", "forward", "backward"),
    "forward": ("forward", "middle", "backward"),
    "backward": ("backward", "middle", "forward"),
}


@dataclass(frozen=True)
class ManeuverResult:
    """Facts of a maneuver's movement (before any obstacle or device effect)."""

    executed: str
    """``full`` or ``partial``."""
    start: Pose
    final: Pose
    template: Polygon | None
    counted_template: Polygon | None
    counted_length: float
    template_length: float
    bumped: tuple[str, ...]
    template_name: str
    tallon_position: str | None = None
    tallon_tried: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Tallon roll: position → ships that position would overlap."""
    rotated: bool = False
    """True where the advanced maneuver's rotation applied (full execution)."""
    ignored_blockers: tuple[str, ...] = ()
    path: ChordPath | None = None
    frame: Frame | None = None

    def template_upto(self, length: float) -> Polygon | None:
        """The first ``length`` mm of the template, in table coordinates (for ordering)."""
        if self.path is None or self.frame is None:
            return None
        return self.frame.polygon(self.path.template(length))


def other_ships(scenario: Scenario, ship: Piece) -> list[Piece]:
    return [p for p in scenario.of_kind("ship") if p.id != ship.id]


def _blocking(ship_poly: Polygon, others: list[tuple[Piece, Polygon]]) -> list[str]:
    return [p.id for p, poly in others if overlaps(ship_poly, poly)]


def maneuver_path(ship: Piece, bearing: str, speed: int, side: int) -> tuple[TemplateSpec, ChordPath, Frame]:
    """A (non-stationary) maneuver's template, chord path and start frame: one construction for the
    ruling and for every preview of it (the setup page's dial ghosts and snap helpers)."""
    spec = TemplateSpec(BASIC[bearing], speed, side)
    start = ship_pose(ship)
    if bearing.startswith("sideslip"):
        # the template starts at the side away from its direction: a left sideslip's at the right side
        turn = -90.0 * side
        return spec, ChordPath(spec, ship_length(ship)), Frame(Pose(start.x, start.y, start.heading + turn), turn=turn)
    return spec, ChordPath(spec, ship_length(ship)), Frame(start, reverse=bearing.startswith("reverse"))


def unbumped_final(bearing: str, side: int, path: ChordPath, frame: Frame) -> Pose:
    """Where full execution places the ship, with the advanced maneuver's rotation (a Tallon roll's middle)."""
    full = frame.pose(path.full_pose())
    if bearing in ("koiogran", "segnor"):
        return Pose(full.x, full.y, full.heading + 180)
    if bearing == "tallon":
        return Pose(full.x, full.y, full.heading + side * 90)
    return full


def execute_maneuver(scenario: Scenario, ship: Piece, action: dict[str, object]) -> ManeuverResult:
    """Resolve the movement of a maneuver: full, or partial after a bump."""
    bearing = str(action["bearing"])
    speed = int(action.get("speed") or 0)  # type: ignore[call-overload]
    side = -1 if action.get("direction") == "left" else 1
    start = ship_pose(ship)
    b = ship_length(ship)
    if bearing == "stationary":
        return ManeuverResult("full", start, start, None, None, 0.0, 0.0, (), "stationary [0 stop]")

    spec, path, frame = maneuver_path(ship, bearing, speed, side)
    template = frame.polygon(path.template())
    others_all = [(p, ship_outline(p)) for p in other_ships(scenario, ship)]
    start_poly = ship_outline(ship, start)
    ignored = tuple(p.id for p, poly in others_all if overlaps(start_poly, poly))
    others = [(p, poly) for p, poly in others_all if p.id not in ignored]

    def fits(pose: Pose) -> bool:
        return not _blocking(ship_outline(ship, pose), others)

    common: dict[str, Any] = {
        "start": start,
        "template": template,
        "template_length": path.template_length,
        "template_name": spec.name,
        "path": path,
        "frame": frame,
        "ignored_blockers": ignored,
    }

    tallon_tried: dict[str, tuple[str, ...]] = {}
    if bearing == "tallon":
        rotated = unbumped_final(bearing, side, path, frame)
        wanted = str(action.get("tallon_position") or "middle")
        candidates: dict[str, Pose] = {}
        for name, shift in (("forward", TALLON_SHIFT), ("middle", 0.0), ("backward", -TALLON_SHIFT)):
            fx, fy = rotated.forward
            candidates[name] = Pose(rotated.x + shift * fx, rotated.y + shift * fy, rotated.heading)
            tallon_tried[name] = tuple(_blocking(ship_outline(ship, candidates[name]), others))
        for name in POSITION_ORDER[wanted]:
            if not tallon_tried[name]:
                return ManeuverResult(
                    "full",
                    final=candidates[name],
                    counted_template=template,
                    counted_length=path.template_length,
                    bumped=(),
                    tallon_position=name,
                    tallon_tried=tallon_tried,
                    rotated=True,
                    **common,
                )
    else:
        full = unbumped_final(bearing, side, path, frame)
        if fits(full):
            return ManeuverResult(
                "full",
                final=full,
                counted_template=template,
                counted_length=path.template_length,
                bumped=(),
                rotated=bearing in ("koiogran", "segnor"),
                **common,
            )

    s_final, bumped = _bump(path, frame, ship, others, template)
    counted = max(0.0, s_final - b)
    counted_poly = frame.polygon(path.template(counted)) if counted > 1e-9 else None
    return ManeuverResult(
        "partial",
        final=frame.pose(path.pose(s_final)),
        counted_template=counted_poly,
        counted_length=counted,
        bumped=bumped,
        tallon_tried=tallon_tried,
        **common,
    )


def _bump(
    path: ChordPath, frame: Frame, ship: Piece, others: list[tuple[Piece, Polygon]], template: Polygon
) -> tuple[float, tuple[str, ...]]:
    """Back the ship along the template until it overlaps no ship; return where and whom it touches.

    Every ``BUMP_SCAN_STEP`` of path from full execution back to the start is a scan
    position (poses built once per maneuver, ``_scan_grid``).  A coarse pass first proves
    whole groups of positions to overlap, one shrunk square per group (``_scan_groups``).
    The fine pass then tests the other positions, from full execution back, in vectorised
    rounds of growing size, to bracket the first clear one: each round tests the base
    without guides against the ships shrunk by the tolerance first (a hit there is a
    certain overlap), and only the rest with the full base.  Skipping a proven group
    gives exactly the answer testing its positions would.  Bisection, one position at a
    time, then narrows the bracket below ``BUMP_TOLERANCE``.
    """
    others = _near_sweep(others, template, path.b)
    if not others:
        return path.full, ()
    union = unary_union([poly for _, poly in others])
    core = union.buffer(-BUMP_TOLERANCE, join_style="mitre")
    prepared.prep(union)
    prepared.prep(core)
    local = np.asarray(base_outline(str(ship.size), ship.get("base_length")), dtype=float)
    square = base_square(str(ship.size), ship.get("base_length"))

    def clear_one(s: float) -> bool:
        """``clear_at`` for one position, through the scalar pose and placement (no numpy round)."""
        poly = place(local, frame.pose(path.pose(s)))
        if not union.intersects(poly):
            return True
        if core.intersects(poly):
            return False
        return bool(shapely.area(shapely.intersection(poly, union)) <= AREA_EPSILON)

    def clear_at(x: np.ndarray, y: np.ndarray, h: np.ndarray) -> np.ndarray:
        # the base without its guides lies inside the base: if it meets the shrunk ships, the base
        # overlaps them for certain (most of the scan), tested on 4-point shapes
        ok = ~shapely.intersects(core, place_many(square, x, y, h))
        rest = np.nonzero(ok)[0]
        if len(rest):
            polys = place_many(local, x[rest], y[rest], h[rest])
            free = ~shapely.intersects(union, polys)
            # deep overlaps are certain; only grazing contacts need the exact shared-area test
            unsure = np.nonzero(~free & ~shapely.intersects(core, polys))[0]
            if len(unsure):
                areas = shapely.area(shapely.intersection(polys[unsure], union))
                free[unsure] = areas <= AREA_EPSILON
            ok[rest] = free
        return ok

    scan_s, scan_x, scan_y, scan_h = _scan_grid(path)
    # coarse pass: whole groups of scan positions proven to overlap in one test each (``_scan_groups``)
    w, length = base_width(str(ship.size)) / 2, base_length(str(ship.size), ship.get("base_length")) / 2
    mids, inset = _scan_groups(path, w, length)
    usable = np.nonzero(inset > 0)[0]
    certain = np.zeros(len(mids), dtype=bool)
    if len(usable):
        at = mids[usable]
        gx, gy, gh = frame_poses(frame, scan_x[at], scan_y[at], scan_h[at])
        certain[usable] = shapely.intersects(core, _inset_squares(w, length, inset[usable], gx, gy, gh))
    # fine pass: every scan position outside the proven groups, from full execution back, in rounds
    todo = np.nonzero(~np.repeat(certain, BUMP_GROUP)[: len(scan_s)])[0]
    lo = hi = path.full
    found = False
    start = 0
    for size in BUMP_CHUNKS:
        if start >= len(todo):
            break
        idx = todo[start : start + size]
        x, y, h = frame_poses(frame, scan_x[idx], scan_y[idx], scan_h[idx])
        ok = clear_at(x, y, h)
        if ok.any():
            i = int(idx[int(np.argmax(ok))])
            lo = float(scan_s[i])
            hi = float(scan_s[i - 1]) if i > 0 else path.full
            found = True
            break
        start += size
    if not found:
        return 0.0, ()  # even the start overlaps (only via ignored ships): stay
    # then bisect, one position at a time in plain floats (a vectorised round costs ~0.4 ms of numpy
    # overhead whatever its size; one position ~20 µs)
    while hi - lo > BUMP_TOLERANCE:
        mid = (lo + hi) / 2
        if clear_one(mid):
            lo = mid
        else:
            hi = mid
    # the ships it backed over last: those it overlaps a hair (BUMP_PROBE) further along the path
    touching = _blocking(ship_outline(ship, frame.pose(path.pose(min(lo + BUMP_PROBE, path.full)))), others)
    return lo, tuple(touching)


@lru_cache(maxsize=256)
def _scan_grid(path: ChordPath) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The backward scan's positions (every ``BUMP_SCAN_STEP`` from full execution to the start) and
    their poses in the start frame: the same for every ruling of a maneuver and base, so built once."""
    n = int(math.ceil(path.full / BUMP_SCAN_STEP))
    s = np.maximum(path.full - BUMP_SCAN_STEP * np.arange(1, n + 1), 0.0)
    x, y, h = np.array([chord_pose(path, float(v)) for v in s]).T
    for a in (s, x, y, h):
        a.flags.writeable = False  # shared between rulings
    return s, x, y, h


@lru_cache(maxsize=256)
def _scan_groups(path: ChordPath, w: float, length: float) -> tuple[np.ndarray, np.ndarray]:
    """The coarse pass's groups of ``BUMP_GROUP`` scan positions: each group's middle position and
    how far its square may be shrunk and still lie inside the square at every position of the group.

    A point at local offset l from the middle pose's centre is, in the frame of another position
    whose centre is d away and whose heading differs by θ, within |d| + |l|·|θ| of l; |l| is at most
    the half-diagonal.  So the middle square shrunk by that margin on each side lies in every
    square of the group, and if it meets the (shrunk) ships, every square of the group does: each
    is a certain overlap, exactly as the fine pass's first test would find.  A margin of 0 or less
    means the group cannot be proven and its positions are tested one by one.
    """
    s, x, y, h = _scan_grid(path)
    radius = math.hypot(w, length)
    mids = []
    margins = []
    for start in range(0, len(s), BUMP_GROUP):
        stop = min(start + BUMP_GROUP, len(s))
        m = (start + stop - 1) // 2
        reach = np.hypot(x[start:stop] - x[m], y[start:stop] - y[m]) + radius * np.abs(h[start:stop] - h[m])
        margin = float(reach.max()) + BUMP_TOLERANCE  # a hair more than the bound, for rounding
        mids.append(m)
        margins.append(margin if margin < min(w, length) else 0.0)
    mid_array, margin_array = np.array(mids, dtype=int), np.array(margins)
    for a in (mid_array, margin_array):
        a.flags.writeable = False
    return mid_array, margin_array


def _inset_squares(
    w: float, length: float, inset: np.ndarray, x: np.ndarray, y: np.ndarray, h: np.ndarray
) -> np.ndarray:
    """The base square (half-width ``w``, half-length ``length``) shrunk by ``inset`` on every side, one
    per pose, placed like ``place_many``."""
    hw, hl = w - inset, length - inset
    lx = np.stack((hw, hw, -hw, -hw), axis=1)
    ly = np.stack((-hl, hl, hl, -hl), axis=1)
    c, s = np.cos(h)[:, None], np.sin(h)[:, None]
    wx = x[:, None] + lx * c + ly * s
    wy = y[:, None] - lx * s + ly * c
    return shapely.polygons(np.stack([wx, wy], axis=-1))


def _near_sweep(others: list[tuple[Piece, Polygon]], template: Polygon, b: float) -> list[tuple[Piece, Polygon]]:
    """Broad phase: only ships whose bounds meet the swept area's bounds can stop the ship.

    Every base position the bump search tries has its centre within b/2 of the template's
    bounds (the path runs b/2 behind its start and beyond its end) and its corners within
    b/√2 of that centre, so a margin of 1.5 b keeps every ship that could be touched.
    """
    return near_pairs(others, template.bounds, 1.5 * b)


@dataclass(frozen=True)
class Option:
    """One barrel-roll position or boost template, tried."""

    name: str
    final: Pose
    template: Polygon
    problems: tuple[tuple[str, str], ...] = ()
    """What stops it, in order: (``overlaps-ship``, id), (``overlaps-obstacle``, id),
    (``through-obstacle``, id) or (``off-table``, ""); the words are ``narration``'s."""

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def blocking(self) -> tuple[str, ...]:
        """The pieces that stop it."""
        return tuple(pid for _, pid in self.problems if pid)


def _judge_option(
    scenario: Scenario, ship: Piece, name: str, final: Pose, template: Polygon, play: Polygon, obstacles_block: bool
) -> Option:
    """Legal unless it overlaps a ship, overlaps or crosses an obstacle (where they block), or leaves the table."""
    poly = ship_outline(ship, final)
    problems: list[tuple[str, str]] = []
    for other in other_ships(scenario, ship):
        if overlaps(poly, outline(other)):
            problems.append(("overlaps-ship", other.id))
    for ob in scenario.of_kind("obstacle") if obstacles_block else ():
        shape = outline(ob)
        if overlaps(poly, shape):
            problems.append(("overlaps-obstacle", ob.id))
        elif overlaps(template, shape):
            problems.append(("through-obstacle", ob.id))
    if not play.covers(poly):
        problems.append(("off-table", ""))
    return Option(name, final, template, tuple(problems))


def barrel_roll_options(
    scenario: Scenario, ship: Piece, direction: str, template_name: str, play: Polygon, *, obstacles_block: bool = True
) -> list[Option]:
    """The three barrel-roll positions (forward, middle, backward) to one side.

    ``obstacles_block`` is False for a 2.0 tractor move, which may move through or overlap obstacles.

    Small bases: the template's narrow end against the side, the ship placed at
    its far narrow end; medium and large: the long edge against the side.
    """
    start = ship_pose(ship)
    b = ship_length(ship)
    length = 80.0 if template_name == "straight-2" else 40.0
    sign = 1 if direction == "right" else -1
    if ship.size == "small":
        local_template = [(b / 2, -10.0), (b / 2 + length, -10.0), (b / 2 + length, 10.0), (b / 2, 10.0)]
        reach, shift = b + length, 10.0
    else:
        local_template = [
            (b / 2, -length / 2),
            (b / 2 + 20.0, -length / 2),
            (b / 2 + 20.0, length / 2),
            (b / 2, length / 2),
        ]
        reach, shift = b + 20.0, length / 2
    template = place(local_template, start, mirror=sign < 0)
    out = []
    for name, dy in (("forward", shift), ("middle", 0.0), ("backward", -shift)):
        final = start.compose(Pose(sign * reach, dy, 0.0))
        out.append(_judge_option(scenario, ship, name, final, template, play, obstacles_block))
    return out


BOOST_TEMPLATES: dict[str, TemplateSpec] = {
    "straight": TemplateSpec("straight", 1),
    "bank-left": TemplateSpec("bank", 1, -1),
    "bank-right": TemplateSpec("bank", 1, 1),
    "turn-left": TemplateSpec("turn", 1, -1),
    "turn-right": TemplateSpec("turn", 1, 1),
}


def boost_options(
    scenario: Scenario,
    ship: Piece,
    with_turns: bool,
    play: Polygon,
    *,
    decloak: bool = False,
    obstacles_block: bool = True,
) -> list[Option]:
    """Every boost template (the turns only where an effect allows them; a small ship's decloak: [2 straight]).

    ``obstacles_block`` is False for a 2.0 tractor move, which may move through or overlap obstacles.
    """
    start = ship_pose(ship)
    b = ship_length(ship)
    out = []
    templates = {"straight": TemplateSpec("straight", 2)} if decloak else BOOST_TEMPLATES
    for name, spec in templates.items():
        if name.startswith("turn") and not with_turns:
            continue
        path = ChordPath(spec, b)
        template = place(template_outline(spec, b / 2), start)
        final = start.compose(path.full_pose())
        out.append(_judge_option(scenario, ship, name, final, template, play, obstacles_block))
    return out


def choose_option(options: list[Option], wanted: str, order: tuple[str, ...]) -> Option | None:
    """The wanted option if legal, else the first legal one in ``order`` (a ship may not choose to fail)."""
    by_name = {o.name: o for o in options}
    for name in (wanted, *order):
        o = by_name.get(name)
        if o is not None and o.legal:
            return o
    return None
