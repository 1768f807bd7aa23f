"""Sentences every X-Wing move shares: names, positions, what the template met, fleeing, remotes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine.ruling import Step
from rules.engine.xwing.move_facts import Met
from rules.engine.xwing.resolve import cid


@dataclass(frozen=True, slots=True)
class Narration:
    """The words of a ruling: numbered steps, warnings a person reads, the one-line verdict."""

    steps: tuple[Step, ...]
    warnings: tuple[str, ...]
    summary: str


def names(labels: Mapping[str, str], ids: Iterable[str]) -> str:
    """Pieces as the picture labels them (an id no piece has is shown as is)."""
    return ", ".join(labels.get(i, i) for i in ids)


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def met_steps(ed: str, met: Iterable[Met], labels: Mapping[str, str]) -> list[Step]:
    """What the counted template moved through and what the final base overlaps or touches."""
    steps: list[Step] = []
    for t in met:
        name = labels.get(t.id, t.id)
        if t.through and t.overlapping:
            title = f"The template moves through {name} and the final base overlaps it"
        elif t.through:
            title = f"The template moves through {name}"
        elif t.overlapping:
            title = f"The final base overlaps {name}"
        elif t.touching:
            steps.append(
                Step(
                    f"The final base touches {name} without overlapping it",
                    "Touching is not overlapping: the ship is at range 0 of it but shares no area with it.",
                    (cid(ed, "geometry/touching"), cid(ed, "range/zero")),
                    (t.id,),
                    derived=True,
                    states=(f"touching:{t.id}",),
                )
            )
            continue
        else:
            continue
        text = (
            "The template shares area with it (the base's sweep between start and end never counts)."
            if t.through
            else "The ship's final position shares area with it."
        )
        rules = [cid(ed, "maneuver/move-through") if t.through else cid(ed, "maneuver/final-position")]
        if t.kind == "device":
            rules.append(cid(ed, "device/guides"))
        fact = f"moved_through:{t.id}" if t.through else f"overlapping:{t.id}"
        steps.append(Step(title, text, tuple(rules), (t.id, f"contact-{t.id}"), states=(fact,)))
    return steps


def flee_step(ed: str, ship_label: str, past_edge: float = 0.0) -> Step:
    """``past_edge``: how far the base reaches over the table edge, said to the millimetre a ruler shows."""
    if past_edge >= 1:
        where = f"Its base reaches about {round(past_edge)} mm past the table edge"
    elif past_edge > 0:
        where = "Its base reaches less than 1 mm past the table edge (measure on the table)"
    else:
        where = "Part of its base is outside the play area"
    return Step(
        f"{ship_label} flees",
        f"{where}, so the ship flees: it is removed from the game "
        "(it is not destroyed). A template hanging over the edge would not matter; the base does.",
        (cid(ed, "play-area/flee"),),
        ("final",),
        states=("fled",),
        other_edition=("2.0 checks fleeing after the ship executes a maneuver; 2.5 at any time."),
    )


def route(
    labels: Mapping[str, str], through: Iterable[str], ending_on: Iterable[str], bumped: Iterable[str] = ()
) -> str:
    """`` through the rock and bumps the TIE, ending on the debris``: what the move met, by label.

    An object both crossed and landed on is said once, as landed on.
    """
    landed = list(dict.fromkeys(ending_on))
    crossed = [i for i in dict.fromkeys(through) if i not in landed]
    s = f" through {and_list([labels.get(i, i) for i in crossed])}" if crossed else ""
    hit = list(dict.fromkeys(bumped))
    if hit:
        s += f" and bumps {and_list([labels.get(i, i) for i in hit])}"
    if landed:
        s += f", ending on {and_list([labels.get(i, i) for i in landed])}"
    return s


def consequences(
    labels: Mapping[str, str],
    ship: str,
    effect_sources: Iterable[str],
    remote_entries: Iterable[dict[str, Any]],
    *,
    fled: bool = False,
    skips: bool = False,
    cannot_attack: bool = False,
) -> str:
    """The verdict's tail: every consequence a player acts on, in the order they happen."""
    s = ""
    sources = list(effect_sources)
    if len(sources) == 1:
        s += f"; {names(labels, sources)} takes effect"
    elif sources:  # in the order they resolve
        s += f"; {', then '.join(labels.get(i, i) for i in sources)} take effect"
    s += remote_summary(labels, ship, remote_entries)
    if fled:
        s += "; it flees the play area"
    if skips:
        s += "; it skips its Perform Action step"
    if cannot_attack:
        s += "; it cannot attack"
    return s + "."


def remote_summary(labels: Mapping[str, str], ship: str, entries: Iterable[dict[str, Any]]) -> str:
    """What the remotes' cards do, for the one-line verdict."""
    s = ""
    ship_label = labels.get(ship, ship)
    for r in entries:
        name = names(labels, [r["remote"]])
        if r.get("effect") == "relocate":
            where = [k for k, v in r["relocation"].items() if v["legal"]]
            s += (
                f"; {name} relocates to {ship_label}'s {' or '.join(where)} guides"
                if where
                else f"; {name} and {ship_label} each suffer 1 hit damage"
            )
        elif r.get("effect") == "roll":
            s += f"; it rolls for {name} (focus: 1 hit damage to it)"
    return s
