"""Templates and the path a ship's base follows along them (the chord model).

Everything here is in the *start frame*: the moving ship's centre at the origin,
``+y`` its facing, ``+x`` its right.  A maneuver's path is the ship's own centre
line (the lead-in, length B), the template's middle line, and a straight
lead-out of length B.  A pose along the path is a chord of length B whose ends
(the rear and front guide hashmarks) both lie on the path
(``../shared/reference/xwing-geometry.md`` §2.4): the rules' "keep the hashmarks
centred over the template's middle line" made exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import shapely
from shapely import Polygon

from rules.engine.geometry import Point, Pose, normalise_angle, place
from rules.engine.xwing.dimensions import (
    BANK_RADIUS,
    BANK_SWEEP,
    STRAIGHT_LENGTH,
    TEMPLATE_WIDTH,
    TURN_RADIUS,
    TURN_SWEEP,
)

ARC_STEP_DEG = 0.25
"""Arc subdivision: chord error ≤ 190·(1 − cos 0.125°) ≈ 0.0005 mm on the widest template."""


@dataclass(frozen=True, slots=True)
class TemplateSpec:
    """A maneuver template: its bearing, speed and turn direction (+1 right, -1 left)."""

    bearing: str  # "straight", "bank" or "turn"
    speed: int
    side: int = 1

    @property
    def radius(self) -> float | None:
        if self.bearing == "bank":
            return BANK_RADIUS[self.speed]
        if self.bearing == "turn":
            return TURN_RADIUS[self.speed]
        return None

    @property
    def sweep(self) -> float:
        return {"bank": BANK_SWEEP, "turn": TURN_SWEEP}.get(self.bearing, 0.0)

    @property
    def length(self) -> float:
        """Length of the template's middle line."""
        r = self.radius
        if r is None:
            return STRAIGHT_LENGTH * self.speed
        return r * math.radians(self.sweep)

    @property
    def name(self) -> str:
        if self.bearing == "straight":
            return f"[{self.speed} straight]"
        return f"[{self.speed} {'right' if self.side > 0 else 'left'} {self.bearing}]"


def _middle_point(spec: TemplateSpec, t: float, y0: float) -> tuple[Point, float]:
    """Point and heading (degrees, clockwise) at distance t along the middle line.

    The template starts at (0, y0) facing +y.
    """
    r = spec.radius
    if r is None:
        return (0.0, y0 + t), 0.0
    phi = t / r
    x = spec.side * (r - r * math.cos(phi))
    y = y0 + r * math.sin(phi)
    return (x, y), spec.side * math.degrees(phi)


def template_outline(spec: TemplateSpec, y0: float, upto: float | None = None) -> np.ndarray:
    """The template (or its first ``upto`` mm) as a polygon ring, starting at (0, y0): an (n, 2) array.

    The whole template of a maneuver and base is the same in every ruling, so it is built once
    (read-only, shared); a partial template (a bump's counted length) is built each time, vectorised.
    """
    length = spec.length if upto is None else max(0.0, min(upto, spec.length))
    if upto is None or length == spec.length:
        return _whole_template(spec, y0)
    return _template_ring(spec, y0, length)


@lru_cache(maxsize=1024)
def _whole_template(spec: TemplateSpec, y0: float) -> np.ndarray:
    ring = _template_ring(spec, y0, spec.length)
    ring.flags.writeable = False
    return ring


def _template_ring(spec: TemplateSpec, y0: float, length: float) -> np.ndarray:
    half = TEMPLATE_WIDTH / 2
    r = spec.radius
    if r is None:
        return np.array([(half, y0), (half, y0 + length), (-half, y0 + length), (-half, y0)])
    n = max(1, math.ceil(math.degrees(length / r) / ARC_STEP_DEG))
    phi = (length * np.arange(n + 1) / n) / r  # the middle line's points, as in _middle_point
    px = spec.side * (r - r * np.cos(phi))
    py = y0 + r * np.sin(phi)
    hr = np.radians(spec.side * np.degrees(phi))
    # unit vector to the ship's right of the middle line
    rx, ry = np.cos(hr), -np.sin(hr)
    a = np.column_stack((px + half * rx, py + half * ry))
    b = np.column_stack((px - half * rx, py - half * ry))
    inner, outer = (a, b) if spec.side > 0 else (b, a)
    pts = np.concatenate((inner, outer[::-1]))
    return pts[::-1].copy() if spec.side < 0 else pts


@dataclass(frozen=True)
class ChordPath:
    """Lead-in, template middle line and lead-out for a base of length ``b``.

    ``s`` is arc length from the start position's rear hashmark.  The rear
    hashmark runs from ``s = 0`` (start) to ``s = b + L`` (full execution).
    """

    spec: TemplateSpec
    b: float

    @cached_property
    def template_length(self) -> float:
        return self.spec.length

    @property
    def full(self) -> float:
        """The ``s`` of the rear hashmark at full execution."""
        return self.b + self.template_length

    @cached_property
    def _end(self) -> tuple[Point, float]:
        return _middle_point(self.spec, self.template_length, self.b / 2)

    def point(self, s: float) -> Point:
        b = self.b
        if s <= b:
            return (0.0, s - b / 2)
        t = s - b
        if t <= self.template_length:
            return _middle_point(self.spec, t, b / 2)[0]
        (ex, ey), h = self._end
        hr = math.radians(h)
        extra = t - self.template_length
        return (ex + extra * math.sin(hr), ey + extra * math.cos(hr))

    def pose(self, s: float) -> Pose:
        """The base pose whose rear hashmark is at ``s`` (a chord of length b), in closed form."""
        x, y, h = chord_pose(self, s)
        return Pose(x, y, math.degrees(h))

    def pose_by_bisection(self, s: float) -> Pose:
        """``pose`` found by bisecting along the path: the slow reference the closed forms are tested against."""
        rx, ry = self.point(s)
        b = self.b
        lo, hi = s + b, s + 2 * b + self.template_length + 1.0  # the path may curve away: arc ≤ 2 × chord
        if self.spec.radius is None or s >= self.full - 1e-12:
            fx, fy = self.point(s + b)
        else:
            # |P(u) - R| grows monotonically with u for sweeps ≤ 90°: bisect it.
            for _ in range(64):
                mid = (lo + hi) / 2
                px, py = self.point(mid)
                if math.hypot(px - rx, py - ry) < b:
                    lo = mid
                else:
                    hi = mid
                if hi - lo < 1e-10:
                    break
            fx, fy = self.point((lo + hi) / 2)
        heading = math.degrees(math.atan2(fx - rx, fy - ry))
        return Pose((rx + fx) / 2, (ry + fy) / 2, heading)

    def full_pose(self) -> Pose:
        """Closed form of full execution: centre = template end + (b/2)·end direction."""
        (ex, ey), h = self._end
        hr = math.radians(h)
        return Pose(ex + self.b / 2 * math.sin(hr), ey + self.b / 2 * math.cos(hr), h)

    def template(self, upto: float | None = None) -> np.ndarray:
        return template_outline(self.spec, self.b / 2, upto)


@dataclass(frozen=True)
class Frame:
    """The start frame of a move: the ship's start pose, mirrored in y for reverse moves.

    ``turn`` is the angle between the frame and the ship (degrees, clockwise): a
    sideslip's template starts at the ship's side, so its frame is the ship turned
    ±90°, and every pose read off the path is turned back by ``turn`` to give the
    ship's own heading.  Templates stay in the frame.
    """

    start: Pose
    reverse: bool = False
    turn: float = 0.0

    def pose(self, local: Pose) -> Pose:
        if self.reverse:
            local = Pose(local.x, -local.y, -local.heading)
        placed = self.start.compose(local)
        return Pose(placed.x, placed.y, normalise_angle(placed.heading - self.turn)) if self.turn else placed

    def polygon(self, pts: list[Point] | tuple[Point, ...] | np.ndarray) -> Polygon:
        arr = np.asarray(pts, dtype=float)
        if self.reverse:
            arr = arr * (1.0, -1.0)
        return place(arr, self.start)


def chord_pose(path: ChordPath, s: float) -> tuple[float, float, float]:
    """The base pose whose rear hashmark is at ``s``, in closed form: x, y, heading in radians.

    Circle-line and circle-circle intersections, about 1 µs a position (bisecting along the path
    took about 100 µs); ``ChordPath.pose`` and the bump search's scan use it, and tests hold it
    to ``pose_by_bisection``.
    """
    b = path.b
    spec = path.spec
    r = spec.radius
    if r is None:
        return 0.0, s, 0.0
    length = path.template_length
    theta = length / r
    ex, ey = r - r * math.cos(theta), b / 2 + r * math.sin(theta)
    dx, dy = math.sin(theta), math.cos(theta)
    cy = b / 2
    t = s - b
    on_in = t <= 0
    on_out = t >= length
    phi_r = min(max(t, 0.0), length) / r
    over = max(t - length, 0.0)
    if on_in:
        rx, ry = 0.0, s - b / 2
    else:
        rx, ry = r - r * math.cos(phi_r) + over * dx, b / 2 + r * math.sin(phi_r) + over * dy
    ok_in = ok_arc = False
    phi_in = phi_arc = 0.0
    if on_in:
        h = cy - ry
        k = (b * b - (r * r + h * h) - r * r) / (2 * r)
        amp = math.hypot(r, h)
        delta = math.atan2(r, h)
        root = math.asin(min(max(k / amp, -1.0), 1.0))
        eps = 1e-9
        first = delta + root
        second = delta + math.pi - root
        first_ok = -eps <= first <= theta + eps
        phi_in = min(max(first if first_ok else second, 0.0), theta)
        ok_in = abs(k) <= amp * (1 + 1e-12) and (first_ok or (-eps <= second <= theta + eps))
    elif not on_out:
        step = 2 * math.asin(b / (2 * r)) if b <= 2 * r else math.inf
        phi_arc = phi_r + step
        ok_arc = phi_arc <= theta
    if on_out:
        fx, fy = rx + b * dx, ry + b * dy
    elif ok_in or ok_arc:
        phi_f = phi_in if ok_in else phi_arc
        fx, fy = r - r * math.cos(phi_f), b / 2 + r * math.sin(phi_f)
    else:
        wx, wy = ex - rx, ey - ry
        wd = wx * dx + wy * dy
        tau = -wd + math.sqrt(max(wd * wd - (wx * wx + wy * wy) + b * b, 0.0))
        fx, fy = ex + tau * dx, ey + tau * dy
    side = spec.side
    return side * (rx + fx) / 2, (ry + fy) / 2, math.atan2(side * (fx - rx), fy - ry)


def frame_poses(frame: Frame, x: np.ndarray, y: np.ndarray, h: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vectorised ``Frame.pose``: local start-frame poses to table poses (heading in radians)."""
    if frame.reverse:
        y, h = -y, -h
    sh = math.radians(frame.start.heading)
    c, s = math.cos(sh), math.sin(sh)
    return frame.start.x + x * c + y * s, frame.start.y - x * s + y * c, h + sh - math.radians(frame.turn)


def place_many(outline: list[Point] | np.ndarray, x: np.ndarray, y: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Polygons of ``outline`` placed at many poses (heading in radians, clockwise)."""
    pts = np.asarray(outline, dtype=float)
    c, s = np.cos(h)[:, None], np.sin(h)[:, None]
    wx = x[:, None] + pts[None, :, 0] * c + pts[None, :, 1] * s
    wy = y[:, None] - pts[None, :, 0] * s + pts[None, :, 1] * c
    return shapely.polygons(np.stack([wx, wy], axis=-1))
