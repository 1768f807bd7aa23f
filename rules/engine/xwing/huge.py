"""Huge ships moving (Appendix: Huge Ships).

Huge ships move with the huge-ship maneuver tool, whose dimensions none of our
references give, so the judge measures the final position on the table and
enters it; the engine then applies the appendix to that position: obstacles it
overlaps are removed (with their huge-ship effect, no action skip), standard
ships it overlaps are damaged and set aside, and overlapping another huge ship
means executing the maneuver again one speed lower.
"""

from __future__ import annotations

from typing import Any

from rules.engine.geometry import Pose, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Scenario
from rules.engine.xwing.pieces import outline, play_area, ship_outline, ship_pose
from rules.engine.xwing.resolve import cid
from rules.engine.xwing.setup import HUGE_EFFECTS

DICE_PER_SIZE = {"small": 1, "medium": 2, "large": 3}


def huge_maneuver_ruling(scenario: Scenario) -> Ruling:
    action = scenario.action
    ed = scenario.edition
    ship = scenario.piece(action["ship"])
    speed = int(action.get("speed") or 0)
    start = ship_pose(ship)
    fin = action.get("final")
    final = Pose(float(fin["x"]), float(fin["y"]), float(fin["heading"])) if fin else start
    poly = ship_outline(ship, final)
    steps: list[Step] = [
        Step(
            f"{ship.label} is a huge ship: it moves with the huge-ship maneuver tool",
            "Table Ruling has no measurements of the huge-ship maneuver tool, so it takes the final position as "
            "measured on the table and applies Appendix: Huge Ships to it. Whether the tool's path counts as moving "
            "through obstacles is not addressed by the appendix: nothing is ruled for the path.",
            (cid(ed, "huge-ships/maneuver-tool"),),
            ("final",),
            derived=True,
        )
    ]
    figures = [Figure("final", "base", ring(poly), ship.label, pose=(final.x, final.y, final.heading))]
    effects: list[dict[str, Any]] = []
    removed: list[str] = []
    for ob in scenario.of_kind("obstacle"):
        if not overlaps(poly, outline(ob)):
            continue
        text = HUGE_EFFECTS.get(str(ob.type))
        figures.append(Figure(f"contact-{ob.id}", "overlap", ring(poly.intersection(outline(ob))), ob.id))
        if text is None:
            steps.append(
                Step(
                    f"It overlaps {ob.label}: the appendix is silent on {ob.type}",
                    "Appendix: Huge Ships covers asteroids, debris clouds and gas clouds only; Table Ruling does not "
                    "guess the rest.",
                    (cid(ed, "obstacles/huge-ships"),),
                    (ob.id,),
                    derived=True,
                )
            )
            continue
        removed.append(ob.id)
        effects.append(
            {
                "source": ob.id,
                "trigger": "overlap",
                "rule": cid(ed, "obstacles/huge-ships"),
                "text": f"The obstacle is removed; {text}.",
            }
        )
        steps.append(
            Step(
                f"It overlaps {ob.label}: the obstacle is removed",
                f"A huge ship overlapping an obstacle removes it; {text}. It does not skip its Perform Action step.",
                (cid(ed, "obstacles/huge-ships"),),
                (ob.id, f"contact-{ob.id}"),
            )
        )
    others = [p for p in scenario.of_kind("ship") if p.id != ship.id and overlaps(poly, ship_outline(p))]
    for p in others:
        figures.append(Figure(f"contact-{p.id}", "overlap", ring(poly.intersection(ship_outline(p))), p.id))
    huge = [p.id for p in others if p.size == "huge"]
    standard = [p for p in others if p.size != "huge"]
    executed = "full"
    if huge:
        executed = "lower-speed"
        steps.append(
            Step(
                f"It overlaps the huge ship {scenario.names(huge)}: execute it again one speed lower",
                f"A huge ship that would overlap another huge ship executes the maneuver again at speed {speed - 1} "
                "(and lower, down to stationary) until it fits; then both suffer critical damage equal to the "
                "dialled speed. Measure the lower-speed position with the tool and enter it.",
                (cid(ed, "huge-ships/overlap-huge"),),
                tuple(huge),
            )
        )
    if standard and not huge:
        dice = sum(DICE_PER_SIZE.get(str(p.size), 0) for p in standard)
        steps.append(
            Step(
                f"It overlaps {', '.join(p.label for p in standard)}: they are damaged and set aside",
                f"Each overlapped standard ship suffers {speed} critical damage (the huge ship's speed) and is set "
                "aside; after the move each is placed in the huge ship's full rear arc at range 0–1 by its owner, "
                "first player first (a ship that cannot be placed is destroyed; an opponent may rotate it 90°). Then "
                f"the huge ship rolls {dice} attack dice (1/2/3 per small/medium/large ship): hit, 1 stress; crit, "
                "1 critical damage.",
                (cid(ed, "huge-ships/overlap-ships"),),
                tuple(x for p in standard for x in (p.id, f"contact-{p.id}")),
            )
        )
    fled = not play_area(scenario).covers(poly)
    if fled:
        steps.append(
            Step(
                f"{ship.label} flees",
                "Part of its base is outside the play area.",
                (cid(ed, "play-area/flee"),),
                ("final",),
            )
        )
    if len(steps) == 1:
        steps.append(
            Step(
                "Nothing else happens",
                "The final position overlaps no obstacle and no ship.",
                (cid(ed, "huge-ships/maneuver-tool"),),
                ("final",),
            )
        )
    outcome = {
        "ship": ship.id,
        "executed": executed,
        "final": final.rounded(),
        "bumped": [],
        "moved_through": [],
        "overlapping": removed,
        "effects": effects,
        "skips_perform_action": False,
        "fled": fled,
        "removed_obstacles": removed,
        "overlapped_ships": [p.id for p in others],
        "crits_each": speed if standard and not huge else 0,
    }
    summary = f"{ship.label} (huge) ends at its measured position" + (
        f"; {scenario.names(removed)} removed" if removed else ""
    )
    if huge:
        summary = f"{ship.label} (huge) must execute its maneuver again one speed lower"
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary + ".")
