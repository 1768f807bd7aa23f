"""Every sentence of an X-Wing attack ruling: facts from ``attack`` told as steps, warnings, labels, verdict.

A wording fix is made here and nowhere else; ``attack`` decides, this module tells.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.ruling import Step
from rules.engine.xwing.facts import Fact, Sentence, Voice
from rules.engine.xwing.resolve import cannot_attack_step

ARC_NAMES = {"front": "front arc", "rear": "rear arc", "full": "full arc (turret or 360°)"}
EARLY_2_0 = "The first 2.0 rules (RRG v1.0.x) spoke of measuring through an obstacle only."


def _not_enemy(f: Fact, v: Voice) -> Step:
    return Step(
        f"{v.name(f.data['defender'])} is not an enemy ship",
        f"Both ships belong to player {f.data['player']}. An attack's defender must be an enemy ship "
        "(Declare Target), so this attack cannot be declared.",
        (v.cid("attack/enemy"),),
        f.highlight,
    )


def _arc(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        f"Is {v.name(d['defender'])} in {v.name(d['attacker'])}'s {ARC_NAMES[d['arc']]}?",
        (
            "Yes: part of its base lies inside the arc (the arc lines count as inside)."
            if d["in_arc"]
            else "No: no part of its base lies inside the arc, so it cannot be attacked with this arc."
        ),
        (v.cid("attack/arc"),),
        f.highlight,
    )


def _range(f: Fact, v: Voice) -> Step:
    d = f.data
    band = d["range"] if d["range"] is not None else "beyond 3"
    return Step(
        f"Attack range {band} ({d['distance']:.1f} mm)",
        "Range is measured from the closest point of the attacker's base to the closest point of the "
        "defender's base inside the arc; a distance on a band line belongs to the lower band."
        + (
            " Several lines are equally short (parallel bases): the attacker chooses which to use."
            if d["several"]
            else ""
        ),
        (v.cid("attack/range"), v.cid("range/boundary")) + ((v.cid("obstructed/parallel"),) if d["several"] else ()),
        f.highlight,
    )


def _range_0_forbidden(f: Fact, v: Voice) -> Step:
    return Step(
        "No attack at range 0 in 2.0",
        "A ship cannot attack a ship at range 0.",
        (v.cid("attack/range-0"),),
        f.highlight,
        other_edition="2.5 allows a restricted primary attack at range 0 (disputed between RRG versions).",
    )


def _range_0_restricted(f: Fact, v: Voice) -> Step:
    return Step(
        "Range 0: only a restricted primary attack",
        "At range 0 only a primary attack is possible, and no dice may be added to it (no range "
        "bonus). Only the defender may modify the attacker's dice, and the attacker cannot cancel or "
        "modify the defender's dice (RRG v1.4.6 adds: nor reduce how many it rolls). RRG v1.4.5 and "
        "v1.4.6 transcriptions disagree on whether such an attack is allowed at all.",
        (v.cid("attack/range-0"),),
        f.highlight,
        derived=True,
        other_edition="2.0 forbids attacks at range 0.",
    )


def _on_obstacle(f: Fact, v: Voice) -> Step:
    blocked = list(f.data["obstacles"])
    return cannot_attack_step(v.edition, v.name(f.data["attacker"]), blocked, v.names(blocked))


def _on_cargo(f: Fact, v: Voice) -> Step:
    return Step(
        f"{v.name(f.data['attacker'])} is at range 0 of {v.names(f.data['cargo'])}: an open question",
        "The 2.5 rules give loose cargo and spare parts no range-0 effect, so by the rules as written the "
        "ship may attack. But the card that drops loose cargo still says it is a debris cloud, and a ship at range 0 "
        "of a debris cloud cannot attack: ask your tournament organiser.",
        (v.cid("obstacles/loose-cargo"), v.cid("obstacles/range-0-attack")),
        f.highlight,
        derived=True,
        other_edition="In 2.0 loose cargo is a debris cloud, and ships at range 0 of debris clouds may attack.",
    )


def _obstacle_choice(f: Fact, v: Voice) -> Step:
    return Step(
        "The attacker may choose an unobstructed line",
        f"Some of the equally short lines cross {v.names(f.data['obstacles'])} and some do not; the "
        "attacker chooses which line to measure, so it can avoid the obstruction.",
        (v.cid("obstructed/parallel"),),
        f.highlight,
    )


def _obstructed(f: Fact, v: Voice) -> Step:
    return Step(
        f"Obstructed by {v.names(f.data['obstacles'])}: the defender rolls 1 extra defense die",
        "The attacker measures range through an obstacle, so the attack is obstructed and the "
        "defender rolls one additional defense die, however many obstacles obstruct.",
        (v.cid("obstructed/measure"), v.cid("obstacles/obstructed")),
        f.highlight,
    )


def _object_choice(f: Fact, v: Voice) -> Step:
    return Step(
        "The attacker chooses whether the attack is obstructed",
        f"Some of the equally short lines cross {v.names(f.data['objects'])} and some cross nothing: the "
        "attacker chooses which line to measure, so it decides whether the attack is obstructed, which "
        "matters to cards that ask.",
        (v.cid("obstructed/parallel"), v.cid("obstructed/objects")),
        f.highlight,
    )


def _objects(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        f"Range is also measured through {v.names(d['objects'])}: the attack is obstructed"
        + ("" if d["obstacles"] or d["huge"] else ", with no extra defense die"),
        "An attack is obstructed when range is measured through any object, not only an obstacle; the "
        "attacker and the defender themselves never obstruct. A ship or a device (a remote is a device) that "
        "obstructs has no effect of its own"
        + (" (a huge ship excepted)" if d["huge"] else "")
        + ": it gives the defender no die, but cards that ask whether the attack is obstructed treat it as "
        "obstructed." + (f" {EARLY_2_0}" if v.edition == "2.0" else ""),
        (v.cid("obstructed/objects"),),
        f.highlight,
        other_edition=(
            "The same in late 2.0; the first 2.0 rules (RRG v1.0.x) spoke of measuring through an obstacle only."
            if v.edition == "2.5"
            else "The same in 2.5."
        ),
    )


def _huge_obstructs(f: Fact, v: Voice) -> Step:
    return Step(
        f"{v.names(f.data['huge'])} is a huge ship: the defender rolls 1 extra defense die",
        "While a huge ship obstructs an attack, the defender rolls one additional defense die."
        + (
            " An obstacle obstructs too: the rules do not say whether the two extra dice add up; one die is "
            "counted here, as for several obstacles."
            if f.data["with_obstacle"]
            else ""
        ),
        (v.cid("huge-ships/obstructs"),),
        f.highlight,
        derived=bool(f.data["with_obstacle"]),
    )


SENTENCES: Mapping[str, Sentence] = {
    "not-enemy": _not_enemy,
    "arc": _arc,
    "range": _range,
    "range-0-forbidden": _range_0_forbidden,
    "range-0-restricted": _range_0_restricted,
    "on-obstacle": _on_obstacle,
    "on-cargo": _on_cargo,
    "obstacle-choice": _obstacle_choice,
    "obstructed": _obstructed,
    "object-choice": _object_choice,
    "objects": _objects,
    "huge-obstructs": _huge_obstructs,
}
"""Each kind of attack fact and the sentence that tells it."""


def warning(f: Fact, v: Voice) -> str:
    """A result too close to call with real pieces."""
    d = f.data
    if f.kind == "near-arc-line":
        return f"{v.name(d['defender'])} is within 0.5 mm of the arc line; check the arc on the table"
    if f.kind == "near-band-line":
        return f"the attack range is {d['distance']:.2f} mm, within 0.5 mm of a band line; measure on the table"
    if f.kind == "near-edge":
        return f"{v.name(d['object'])}: the measuring line passes within 0.5 mm of its edge; measure on the table"
    raise KeyError(f.kind)


WARNINGS = ("near-arc-line", "near-band-line", "near-edge")


def arc_label(arc: str) -> str:
    return f"{ARC_NAMES[arc]} to range 3"


def line_label(distance: float, crossed: tuple[str, ...], v: Voice) -> str:
    """A measuring line on the picture: its length and every object it crosses (obstacle or not)."""
    return f"{distance:.1f} mm, {f'crosses {v.names(crossed)}' if crossed else 'clear'}"


def verdict(outcome: Mapping[str, Any], arc: str, v: Voice) -> str:
    """The one-line answer, from the outcome's facts."""
    if not outcome["in_arc"]:
        return f"{v.name(outcome['defender'])} is not in the {ARC_NAMES[arc]}."
    text = (
        f"{v.name(outcome['attacker'])} {'can' if outcome['can_attack'] else 'cannot'} attack "
        f"{v.name(outcome['defender'])}"
    )
    if outcome["range"] is not None:
        text += f" at range {outcome['range']}"
    if outcome["defense_bonus_dice"]:
        text += " (obstructed: +1 defense die)"
    elif outcome["obstructing"]:
        text += " (obstructed, with no extra defense die)"
    return text + "."
