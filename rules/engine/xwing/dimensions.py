"""Physical X-Wing components in millimetres, with where each figure comes from.

Sources are ``../shared/reference/xwing-geometry.md`` (sections named below).
"""

from __future__ import annotations

from rules.engine.geometry import Point

BASE_SIZES: dict[str, float] = {"small": 40.0, "medium": 60.0, "large": 80.0}
"""Square bases without guides (§1.1: RR "about 4/6/8 cm"; TTS2, Vassal, FlyCasual agree)."""

HUGE_WIDTH = 80.0
HUGE_DEFAULT_LENGTH = 221.0
"""Huge bases are per-ship data (§1.1); 80 × 221 mm is TTS2's CR90-size default."""

TEMPLATE_WIDTH = 20.0
"""Every maneuver template is 20 mm wide (§2.1)."""

STRAIGHT_LENGTH = 40.0
"""Straight s is 40·s mm long (§2.1)."""

BANK_RADIUS: dict[int, float] = {1: 80.0, 2: 130.0, 3: 180.0}
TURN_RADIUS: dict[int, float] = {1: 35.0, 2: 62.5, 3: 90.0}
"""Centre-line radii (§2.1); banks sweep 45°, turns 90°."""
BANK_SWEEP = 45.0
TURN_SWEEP = 90.0

GUIDE_INNER = 10.27
GUIDE_OUTER_EDGE = 13.45
GUIDE_OUTER_TIP = 12.4
GUIDE_DEPTH = 1.8
"""Guides (§1.2, Vassal 2.0 artwork [SIM]): a 20.54 mm slot, trapezoid tabs 1.8 mm deep."""

TALLON_SHIFT = 10.0
"""Tallon roll forward/backward positions: ±10 mm along the template end (§2.3)."""

RANGE_RULER_BAND = 100.0


def base_length(size: str, length: float | None = None) -> float:
    """Length of a base along its facing."""
    if size == "huge":
        return length or HUGE_DEFAULT_LENGTH
    return BASE_SIZES[size]


def base_width(size: str) -> float:
    return HUGE_WIDTH if size == "huge" else BASE_SIZES[size]


def base_square(size: str, length: float | None = None) -> list[Point]:
    """The plastic base without guides: what range is measured to (§1.2)."""
    w = base_width(size) / 2
    h = base_length(size, length) / 2
    return [(w, -h), (w, h), (-w, h), (-w, -h)]


def base_outline(size: str, length: float | None = None) -> list[Point]:
    """The base with its four guides: what overlaps (§1.2) — a counter-clockwise ring."""
    w = base_width(size) / 2
    h = base_length(size, length) / 2
    gi, ge, gt, gd = GUIDE_INNER, GUIDE_OUTER_EDGE, GUIDE_OUTER_TIP, GUIDE_DEPTH
    return [
        (w, -h),
        (w, h),
        # front edge, right to left, with two tabs
        (ge, h),
        (gt, h + gd),
        (gi, h + gd),
        (gi, h),
        (-gi, h),
        (-gi, h + gd),
        (-gt, h + gd),
        (-ge, h),
        (-w, h),
        (-w, -h),
        # rear edge, left to right, with two tabs
        (-ge, -h),
        (-gt, -h - gd),
        (-gi, -h - gd),
        (-gi, -h),
        (gi, -h),
        (gi, -h - gd),
        (gt, -h - gd),
        (ge, -h),
    ]
