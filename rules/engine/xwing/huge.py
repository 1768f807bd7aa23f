"""Huge ships moving (Appendix: Huge Ships).

Huge ships move with the huge-ship maneuver tool, whose dimensions none of our
references give, so the judge measures the final position on the table and
enters it; the engine then applies the appendix to that position (the words
are ``narration.huge``'s): obstacles it
overlaps are removed (with their huge-ship effect, no action skip), standard
ships it overlaps are damaged and set aside, and overlapping another huge ship
means executing the maneuver again one speed lower.
"""

from __future__ import annotations

from typing import Any

from rules.engine.geometry import Pose, overlaps, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Scenario
from rules.engine.xwing.move_facts import HugeFacts
from rules.engine.xwing.narration.huge import narrate_huge, removed_effect
from rules.engine.xwing.pieces import outline, play_area, ship_outline, ship_pose
from rules.engine.xwing.resolve import cid
from rules.engine.xwing.setup import HUGE_EFFECTS

DICE_PER_SIZE = {"small": 1, "medium": 2, "large": 3}


def huge_maneuver_ruling(scenario: Scenario) -> Ruling:
    action = scenario.action
    ship = scenario.piece(action["ship"])
    speed = int(action.get("speed") or 0)
    start = ship_pose(ship)
    fin = action.get("final")
    final = Pose(float(fin["x"]), float(fin["y"]), float(fin["heading"])) if fin else start
    poly = ship_outline(ship, final)
    figures = [Figure("final", "base", ring(poly), ship.label, pose=(final.x, final.y, final.heading))]
    met: list[tuple[str, str, str | None]] = []
    effects: list[dict[str, Any]] = []
    for ob in scenario.of_kind("obstacle"):
        if not overlaps(poly, outline(ob)):
            continue
        text = HUGE_EFFECTS.get(str(ob.type))
        figures.append(Figure(f"contact-{ob.id}", "overlap", ring(poly.intersection(outline(ob))), ob.id))
        met.append((ob.id, str(ob.type), text))
        if text is not None:
            effects.append(
                {
                    "source": ob.id,
                    "trigger": "overlap",
                    "rule": cid(scenario.edition, "obstacles/huge-ships"),
                    "text": removed_effect(text),
                }
            )
    others = [p for p in scenario.of_kind("ship") if p.id != ship.id and overlaps(poly, ship_outline(p))]
    for p in others:
        figures.append(Figure(f"contact-{p.id}", "overlap", ring(poly.intersection(ship_outline(p))), p.id))
    huge = tuple(p.id for p in others if p.size == "huge")
    standard = [p for p in others if p.size != "huge"]
    fled = not play_area(scenario).covers(poly)
    words = narrate_huge(
        HugeFacts(
            edition=scenario.edition,
            ship=ship.id,
            labels={p.id: p.label for p in scenario.pieces},
            speed=speed,
            obstacles=tuple(met),
            huge_ships=huge,
            standard_ships=tuple(p.id for p in standard),
            dice=sum(DICE_PER_SIZE.get(str(p.size), 0) for p in standard),
            fled=fled,
        )
    )
    removed = [e["source"] for e in effects]
    outcome = {
        "ship": ship.id,
        "executed": "lower-speed" if huge else "full",
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
    return Ruling(outcome, words.steps, (), tuple(figures), words.summary)
