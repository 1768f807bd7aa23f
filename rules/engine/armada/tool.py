"""The maneuver tool: where a ship ends for a speed, clicks and side, and where the tool lies.

Reference §2.3 model, in closed form.  In the ship's starting frame the
tool's guides sit beside the chosen side of the front edge (of the rear base
for a huge ship), the tool's centre line half a tool width outside the body.
Joint *i* lies ``TOOL_JOINT`` past the guides of segment *i* along that
segment's heading; the next guides lie ``TOOL_TAIL`` past the joint along the
new heading (clicks × 22.5°, clockwise positive).  The ship keeps its
starting offset from the guides, now relative to the last guides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from shapely import LineString, Polygon

from rules.engine.armada import dimensions as dim
from rules.engine.armada.pieces import body_width
from rules.engine.geometry import Point, Pose

SIDES = ("left", "right")


@dataclass(frozen=True, slots=True)
class Course:
    """A plotted course: speed = number of clicks given, one per joint used."""

    clicks: tuple[int, ...]
    side: str

    @property
    def speed(self) -> int:
        return len(self.clicks)

    def at_speed(self, speed: int) -> Course:
        """The same tool at a lower speed: the earlier joints keep their clicks (reference §7.1.1)."""
        return Course(self.clicks[:speed], self.side)

    def headings(self) -> list[float]:
        """φ0 = 0, then each joint's cumulative yaw in degrees (clockwise positive)."""
        out = [0.0]
        for c in self.clicks:
            out.append(out[-1] + c * dim.CLICK_DEGREES.value)
        return out


def _along(p: Point, heading: float, d: float) -> Point:
    h = math.radians(heading)
    return (p[0] + d * math.sin(h), p[1] + d * math.cos(h))


def guides_local(size: str, side: str) -> Point:
    """Where the tool's guides meet the ship's front-edge line, in the ship's frame."""
    s = 1.0 if side == "right" else -1.0
    x = s * (body_width(size) / 2 + dim.TOOL_WIDTH.value / 2)
    if size == "huge":
        length = dim.BODY["large"][1]
        y = -(length + dim.HUGE_GAP.value) / 2 + length / 2
    else:
        y = dim.BODY[size][1] / 2
    return (x, y)


def centre_line(size: str, course: Course) -> list[Point]:
    """The tool's centre line in the ship's starting frame: start guides, each joint, the last guides."""
    heads = course.headings()
    g = guides_local(size, course.side)
    pts = [g]
    for i in range(course.speed):
        joint = _along(g, heads[i], dim.TOOL_JOINT.value)
        g = _along(joint, heads[i + 1], dim.TOOL_TAIL.value)
        pts.append(joint)
    if course.speed:
        pts.append(g)
    return pts


@lru_cache(maxsize=4096)
def final_local(size: str, course: Course) -> Pose:
    """The ship's final pose in its starting frame."""
    if course.speed == 0:
        return Pose(0.0, 0.0, 0.0)
    heading = course.headings()[-1]
    gx, gy = centre_line(size, course)[-1]
    ox, oy = guides_local(size, course.side)
    ax, ay = Pose(0.0, 0.0, heading).to_world(ox, oy)
    return Pose(gx - ax, gy - ay, heading)


def final_pose(start: Pose, size: str, course: Course) -> Pose:
    return start.compose(final_local(size, course))


def tool_shape(start: Pose, size: str, course: Course) -> Polygon:
    """The tool's segments up to the last guides, in table coordinates (empty at speed 0)."""
    if course.speed == 0:
        return Polygon()
    pts = [start.to_world(x, y) for x, y in centre_line(size, course)]
    return LineString(pts).buffer(dim.TOOL_WIDTH.value / 2, cap_style="flat", join_style="mitre")
