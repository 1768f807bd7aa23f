"""Armada's snap helpers: put a squadron, obstacle or token touching the acting ship, or at a distance.

Relative to the ship the action names: touching its footprint (body and dial frames, what overlaps)
ahead, behind, left or right; or ahead of it at the far end of distance 1, 2 or 3, measured to its
body as the range ruler measures.  The sliding itself is ``rules.engine.snapping``.
"""

from __future__ import annotations

from typing import Any

from rules.engine.armada.dimensions import DISTANCE_BANDS
from rules.engine.armada.pieces import footprint, measured, pose_of, ship_footprint
from rules.engine.scenario import Scenario
from rules.engine.snapping import BAND_MARGIN, Snap, at_least, clear_of, on_table, sides, slide

MAX_PIECES = 4
"""Pieces offered snaps: the first ones on the table that are not ships."""


def snap_menu(scenario: Scenario, action: dict[str, Any]) -> list[Snap]:
    ship = next((p for p in scenario.of_kind("ship") if p.id == action.get("ship")), None)
    if ship is None:
        return []
    pose = pose_of(ship)
    fx, fy = pose.forward
    body, hull = ship_footprint(ship), measured(ship)
    movable = [p for p in scenario.pieces if p.kind != "ship" and p.get("x") is not None][:MAX_PIECES]
    out: list[Snap] = []
    for p in movable:
        shape, here = footprint(p), (float(p.get("x")), float(p.get("y")))
        reach = measured(p)
        offset = (here[0] - reach.centroid.x, here[1] - reach.centroid.y)  # position point vs measured shape
        found: list[tuple[str, tuple[float, float] | None]] = []
        for where, direction in sides(pose):
            at = slide(shape, here, (pose.x, pose.y), direction, clear_of(body))
            found.append((f"{p.label}: touching {ship.label}, {where}", at))
        for band in (1, 2, 3):
            start = (pose.x + offset[0], pose.y + offset[1])
            at = slide(reach, here, start, (fx, fy), at_least(hull, DISTANCE_BANDS[band - 1] - BAND_MARGIN))
            found.append((f"{p.label}: at the end of distance {band} ahead of {ship.label}", at))
        values = {"piece": p.id, "heading": p.get("heading")}
        out += [(label, "snap", {**values, "x": at[0], "y": at[1]}) for label, at in found if at is not None]
    return on_table(out, scenario.table)
