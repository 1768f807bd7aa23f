"""Armada's physical figures in millimetres, each with its source and how firm it is.

Every figure comes from ``../shared/reference/armada-geometry.md``.  The RRG
gives the base sizes and the ruler's length; everything else (the maneuver
tool, the band ends, the dial frames, the squadron base) is measured from
simulators and marked ``estimated`` so the catalogue and the pages show "≈".
"""

from __future__ import annotations

from dataclasses import dataclass

REF = "reference/armada-geometry.md"


@dataclass(frozen=True, slots=True)
class Figure:
    """One constant, where it comes from and whether it is an estimate."""

    value: float
    source: str
    estimated: bool


BODY: dict[str, tuple[float, float]] = {
    "small": (43.0, 71.0),
    "medium": (63.0, 102.0),
    "large": (77.5, 129.0),
}
"""Base body width × length (RRG 1.5.0 Size Class p.18, official)."""
BODY_SOURCE = f"{REF} §1.1 (RRG 1.5.0 Size Class p.18)"

HUGE_GAP = Figure(93.5, f"{REF} §1.1 (TTS footprint: 3.68 in between the two large bases)", True)
"""mm between a huge ship's two large bases."""

FRAME_WIDTH = Figure(17.0, f"{REF} §1.2 (TTS base colliders: a bump ±8.5 mm about each edge's midpoint)", True)
FRAME_DEPTH = Figure(3.9, f"{REF} §1.2 (TTS base colliders)", True)
"""The shield-dial frames: one bump at the middle of each edge, counted for overlapping only."""

SQUADRON_DIAMETER = Figure(34.0, f"{REF} §1.3 (plastic base 33–34 mm; the 31 mm disk is measured)", True)

TOOL_JOINT = Figure(46.13, f"{REF} §2.2 (AlphArmada; TTS 46.9)", True)
"""From the guides at the ship's front-edge line to the first joint."""
TOOL_TAIL = Figure(22.27, f"{REF} §2.2 (AlphArmada; TTS 19.8)", True)
"""From a joint to the guides of the next segment, where the ship's front edge sits."""
TOOL_WIDTH = Figure(15.25, f"{REF} §2.2 (AlphArmada 15.25; TTS mesh 15.2)", True)
CLICK_DEGREES = Figure(22.5, f"{REF} §2.1 (TTS and AlphArmada; 4 clicks turn 90°)", False)
MAX_CLICKS = 2
"""Yaw "II": at most two clicks either way at one joint (RRG Speed Chart p.19–20)."""
TOOL_SLIVER_MM = 1.0
"""The tool overlaps the final base only where it reaches more than this far into it (§2.3)."""

DISTANCE_BANDS: tuple[float, ...] = (75.0, 124.0, 184.5, 245.0, 304.8)
"""Ends of distance bands 1–5 from the ruler's bottom (§3.2 suggested defaults; 304.8 = 1 ft, official)."""
DISTANCE_SOURCE = f"{REF} §3.2 (simulators and forum measurements; the ruler's 1 ft length is official)"
RANGE_BANDS: tuple[float, ...] = (123.3, 186.7, 304.8)
"""Ends of close, medium, long range (§3.2)."""

TABLE = (1828.8, 914.4)
"""Standard play area 6' × 3' (RRG Play Area p.14)."""

TOKEN_DIAMETERS: dict[str, Figure] = {
    "objective": Figure(19.05, f"{REF} §5 (TTS collider 0.75 in)", True),
    "proximity-mine": Figure(18.9, f"{REF} §5 (TTS measured 0.745 in)", True),
    "grav": Figure(18.8, f"{REF} §5 (TTS measured 0.74 in)", True),
    "targeting": Figure(18.8, f"{REF} §5 (TTS measured 0.740 in)", True),
    "other": Figure(19.05, f"{REF} §5 (no measurement: the objective token's size)", True),
}


def band_of(distance: float) -> int | None:
    """The distance band a distance falls in (1–5), ``None`` beyond 5; a band's end line belongs to it."""
    for i, end in enumerate(DISTANCE_BANDS, start=1):
        if distance <= end + 1e-9:
            return i
    return None


def band_end(band: int) -> float:
    """mm from the ruler's bottom to the end line of ``band`` (0 for band 0: no movement)."""
    return 0.0 if band <= 0 else DISTANCE_BANDS[band - 1]


def figures() -> dict[str, Figure]:
    """Every estimated or sourced constant by name (the catalogue lists them)."""
    return {
        "huge_gap": HUGE_GAP,
        "frame_width": FRAME_WIDTH,
        "frame_depth": FRAME_DEPTH,
        "squadron_diameter": SQUADRON_DIAMETER,
        "tool_joint": TOOL_JOINT,
        "tool_tail": TOOL_TAIL,
        "tool_width": TOOL_WIDTH,
        "click_degrees": CLICK_DEGREES,
    }
