"""Which obstacles and devices a move touched: moved through, overlapped, at range 0.

Only the (counted) template and the final base matter; the base is picked up
and placed, never swept (Maneuver: "the full width of the ship's base is
ignored except in its starting and final positions").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import shapely
from shapely import Polygon

from rules.engine.geometry import CLOSE_CALL_MM, Contact, contact, near_pairs, overlaps
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.narration.close_calls import close_call_warning
from rules.engine.xwing.pieces import outline

TemplateAt = Callable[[float], Polygon | None]
"""The first ``length`` mm of a move's template (for ordering objects along it)."""

ORDER_TOLERANCE = 0.01
"""mm of template: how finely the first contact along the template is located."""


@dataclass(frozen=True)
class Touch:
    """One obstacle or device and how the move met it."""

    piece: Piece
    through: bool
    """The counted template shares area with it."""
    overlapping: bool
    """The final base shares area with it."""
    at_start: str | None
    """``"overlapping"`` or ``"touching"`` where the ship began at range 0 of it."""
    first_contact: float
    """Template length at which the template first shares area with it (ordering key)."""
    template_contact: Contact | None
    final_contact: Contact


@dataclass(frozen=True, slots=True)
class CloseCall:
    """A part of the move within 0.5 mm of an object, on either side of touching."""

    label: str
    """The object as the picture labels it."""
    part: str
    """``template`` or ``final base``."""
    overlapping: bool


@dataclass(frozen=True)
class MoveContacts:
    touches: tuple[Touch, ...]
    close_calls: tuple[CloseCall, ...] = field(default=())

    @property
    def warnings(self) -> tuple[str, ...]:
        """The close calls, in words (``narration.close_calls``)."""
        return tuple(close_call_warning(c) for c in self.close_calls)

    @property
    def moved_through(self) -> tuple[Touch, ...]:
        return tuple(t for t in self.touches if t.through)

    @property
    def overlapping(self) -> tuple[Touch, ...]:
        return tuple(t for t in self.touches if t.overlapping)

    @property
    def at_range_0(self) -> tuple[Touch, ...]:
        return tuple(t for t in self.touches if t.final_contact.at_range_0)


def _first_contact(template_at: TemplateAt, length: float, shape: Polygon) -> float:
    """Smallest template length whose first part already shares area with ``shape``."""
    lo, hi = 0.0, length
    while hi - lo > ORDER_TOLERANCE:
        mid = (lo + hi) / 2
        part = template_at(mid)
        if part is not None and overlaps(part, shape):
            hi = mid
        else:
            lo = mid
    return hi


def move_contacts(
    scenario: Scenario,
    start_poly: Polygon,
    counted_template: Polygon | None,
    counted_length: float,
    final_poly: Polygon,
    template_at: TemplateAt | None,
    *,
    kinds: tuple[str, ...] = ("obstacle", "device"),
) -> MoveContacts:
    """Classify every obstacle and device against the counted template and final base."""
    touches: list[Touch] = []
    close_calls: list[CloseCall] = []
    # broad phase: a piece whose bounds stay clear of every tested shape's bounds by more than
    # the close-call distance cannot overlap, touch or nearly touch any of them
    near = [start_poly, final_poly] + ([counted_template] if counted_template is not None else [])
    bounds = tuple(shapely.total_bounds(near))
    candidates = [(piece, outline(piece)) for piece in scenario.pieces if piece.kind in kinds]
    for piece, shape in near_pairs(candidates, bounds, 2 * CLOSE_CALL_MM):
        start_c = contact(start_poly, shape)
        at_start = "overlapping" if start_c.overlapping else ("touching" if start_c.touching else None)
        tc = contact(counted_template, shape) if counted_template is not None else None
        fc = contact(final_poly, shape)
        through = bool(tc and tc.overlapping)
        if tc is not None and tc.close_call:
            close_calls.append(CloseCall(piece.label, "template", tc.overlapping))
        if fc.close_call:
            close_calls.append(CloseCall(piece.label, "final base", fc.overlapping))
        if not (through or fc.overlapping or fc.touching or at_start):
            continue
        first = (
            _first_contact(template_at, counted_length, shape)
            if through and template_at is not None
            else counted_length + final_poly.centroid.distance(shape)
        )
        touches.append(Touch(piece, through, fc.overlapping, at_start, first, tc, fc))
    touches.sort(key=lambda t: (t.first_contact, t.piece.id))
    return MoveContacts(tuple(touches), tuple(close_calls))
