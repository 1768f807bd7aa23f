"""The table before anything moves: ships and squadrons that already overlap.

No rule ever leaves a ship or squadron overlapping another ship or squadron
(RRG 1.5.0 Overlapping p.14: shield dials and their frames count), so a
situation that starts that way cannot happen on a real table.  The ruling
still answers, but it names the pieces (a warning) and says what it assumed
(a derived step); see ``narrate_start``.  Touching is not overlapping.

The one overlap that is the situation itself is left out: in
``place-squadrons`` the ship stands at its final position on the squadrons it
displaced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from shapely import Polygon, STRtree

from rules.engine.armada.narrate_start import START_FIGURE, start_step, start_warnings
from rules.engine.armada.pieces import ship_body, ship_footprint, squadron_base
from rules.engine.geometry import Point, overlaps, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario

BASES = "bases"
"""Their bases (a ship's body, a squadron's round base) overlap."""
FRAMES = "dial frames"
"""Only a ship's shield dials and their frames overlap the other piece: that is overlapping too."""


@dataclass(frozen=True, slots=True)
class StartOverlap:
    """Two pieces that overlap where they stand: ``first`` is a ship whenever one of them is."""

    first: str
    second: str
    where: str
    """``BASES`` or ``FRAMES``."""
    area_mm2: float
    outline: tuple[Point, ...] = ()
    """Where they overlap (the largest part), for the picture."""

    def to_dict(self) -> dict[str, Any]:
        return {"pieces": [self.first, self.second], "where": self.where, "area_mm2": self.area_mm2}


def _shapes(p: Piece) -> tuple[Polygon, Polygon]:
    """(what overlaps, the base alone): a ship's footprint and body, a squadron's base twice."""
    if p.kind == "ship":
        return ship_footprint(p), ship_body(p)
    base = squadron_base(p)
    return base, base


def _exempt(scenario: Scenario) -> set[frozenset[str]]:
    """Overlaps that are the situation: the placing ship on the squadrons it displaced."""
    a = scenario.action
    if a.get("type") != "place-squadrons" or not a.get("ship"):
        return set()
    return {frozenset((a["ship"], q.id)) for q in scenario.of_kind("squadron")}


def start_overlaps(scenario: Scenario) -> list[StartOverlap]:
    """Every pair of ships and squadrons that share area before anything moves (touching does not count)."""
    pieces = [p for p in scenario.pieces if p.kind in ("ship", "squadron")]
    shapes = [_shapes(p) for p in pieces]
    exempt = _exempt(scenario)
    tree = STRtree([s[0] for s in shapes])
    out: list[StartOverlap] = []
    for i, (a, (fa, ba)) in enumerate(zip(pieces, shapes, strict=True)):
        for j in sorted(int(k) for k in tree.query(fa)):
            if j <= i:
                continue
            b = pieces[j]
            fb, bb = shapes[j]
            if frozenset((a.id, b.id)) in exempt or not overlaps(fa, fb):
                continue
            first, second = (b, a) if b.kind == "ship" and a.kind != "ship" else (a, b)
            where = BASES if overlaps(ba, bb) else FRAMES
            shared = fa.intersection(fb)
            out.append(StartOverlap(first.id, second.id, where, round(shared.area, 1), ring(shared)))
    return out


def with_start_check(handler: Callable[[Scenario], Ruling]) -> Callable[[Scenario], Ruling]:
    """``handler`` with the start overlaps added: ``outcome.start_overlaps``, a warning each, a first step."""

    @wraps(handler)
    def ruled(scenario: Scenario) -> Ruling:
        ruling: Ruling = handler(scenario)
        found = start_overlaps(scenario)
        outcome = {**ruling.outcome, "start_overlaps": [o.to_dict() for o in found]}
        if not found:
            return Ruling(outcome, ruling.steps, ruling.warnings, ruling.figures, ruling.summary)
        figures = tuple(
            Figure(f"start-overlap-{i}", "overlap", o.outline, START_FIGURE)
            for i, o in enumerate(found, start=1)
            if o.outline
        )
        return Ruling(
            outcome,
            (start_step(scenario, found, tuple(f.id for f in figures)), *ruling.steps),
            (*start_warnings(scenario, found), *ruling.warnings),
            (*ruling.figures, *figures),
            ruling.summary,
        )

    return ruled
