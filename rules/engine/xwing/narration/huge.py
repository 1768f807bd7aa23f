"""Every sentence of a huge ship's maneuver (Appendix: Huge Ships), from ``HugeFacts``.

The final position is measured on the table; the words say what the appendix does to it.
"""

from __future__ import annotations

from rules.engine.ruling import Step
from rules.engine.xwing.move_facts import HugeFacts
from rules.engine.xwing.narration.common import Narration, names
from rules.engine.xwing.resolve import cid


def removed_effect(effect: str) -> str:
    """The outcome's ``effects[].text`` for an obstacle a huge ship removes."""
    return f"The obstacle is removed; {effect}."


def narrate_huge(f: HugeFacts) -> Narration:
    ed, ship = f.edition, f.labels[f.ship]
    steps: list[Step] = [
        Step(
            f"{ship} is a huge ship: it moves with the huge-ship maneuver tool",
            "Measure the final position with the huge-ship maneuver tool on the table: the tool's own measurements "
            "are not built in, so the ruling starts from the position entered and applies Appendix: Huge Ships to "
            "it. The appendix does not say whether the tool's path counts as moving through obstacles, so nothing "
            "is ruled for the path.",
            (cid(ed, "huge-ships/maneuver-tool"),),
            ("final",),
            derived=True,
            states=() if f.huge_ships else ("executed:full",),
        )
    ]
    for oid, otype, effect in f.obstacles:
        name = f.labels.get(oid, oid)
        if effect is None:
            steps.append(
                Step(
                    f"It overlaps {name}: the appendix is silent on {otype.replace('-', ' ')}",
                    "Appendix: Huge Ships covers asteroids, debris clouds and gas clouds only; for this obstacle "
                    "there is no ruling to give: agree on it at the table or ask your tournament organiser.",
                    (cid(ed, "obstacles/huge-ships"),),
                    (oid,),
                    derived=True,
                )
            )
            continue
        steps.append(
            Step(
                f"It overlaps {name}: the obstacle is removed",
                f"A huge ship overlapping an obstacle removes it; {effect}. It does not skip its Perform Action step.",
                (cid(ed, "obstacles/huge-ships"),),
                (oid, f"contact-{oid}"),
                states=(f"effects:{oid}", "skips_perform_action:no"),
            )
        )
    if f.huge_ships:
        steps.append(
            Step(
                f"It overlaps the huge ship {names(f.labels, f.huge_ships)}: execute it again one speed lower",
                f"A huge ship that would overlap another huge ship executes the maneuver again at speed {f.speed - 1} "
                "(and lower, down to stationary) until it fits; then both suffer critical damage equal to the "
                "dialled speed. Measure the lower-speed position with the tool and enter it.",
                (cid(ed, "huge-ships/overlap-huge"),),
                f.huge_ships,
                states=("executed:lower-speed",),
            )
        )
    elif f.standard_ships:
        steps.append(
            Step(
                f"It overlaps {names(f.labels, f.standard_ships)}: they are damaged and set aside",
                f"Each overlapped standard ship suffers {f.speed} critical damage (the huge ship's speed) and is set "
                "aside; after the move each is placed in the huge ship's full rear arc at range 0–1 by its owner, "
                "first player first (a ship that cannot be placed is destroyed; an opponent may rotate it 90°). Then "
                "the huge ship rolls 1, 2 or 3 attack dice for each small, medium or large ship overlapped "
                f"({f.dice} {'die' if f.dice == 1 else 'dice'} here): each hit, 1 stress token; each crit, 1 critical "
                "damage.",
                (cid(ed, "huge-ships/overlap-ships"),),
                tuple(x for p in f.standard_ships for x in (p, f"contact-{p}")),
            )
        )
    if f.fled:
        steps.append(
            Step(
                f"{ship} flees", "Part of its base is outside the play area.", (cid(ed, "play-area/flee"),), ("final",)
            )
        )
    if len(steps) == 1:
        steps.append(
            Step(
                "Nothing else happens",
                "The final position overlaps no obstacle and no ship.",
                (cid(ed, "huge-ships/maneuver-tool"),),
                ("final",),
                states=("effects:none",),
            )
        )
    if f.huge_ships:
        summary = f"{ship} (huge) must execute its maneuver again one speed lower"
    else:
        removed = [oid for oid, _, effect in f.obstacles if effect is not None]
        summary = f"{ship} (huge) ends at its measured position" + (
            f"; {names(f.labels, removed)} removed" if removed else ""
        )
        if f.standard_ships:
            each = "suffers" if len(f.standard_ships) == 1 else "each suffer"
            are = "is" if len(f.standard_ships) == 1 else "are"
            summary += f"; {names(f.labels, f.standard_ships)} {each} {f.speed} critical damage and {are} set aside"
        if f.fled:
            summary += "; it flees the play area"
    return Narration(tuple(steps), (), summary + ".")
