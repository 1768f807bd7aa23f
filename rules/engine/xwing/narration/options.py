"""Every sentence of a barrel roll, boost, decloak or tractor move, and of a rotation, from their facts.

Barrel rolls and boosts try each option (a failed one says why), take a legal one, then say what
the template and final base met; they never skip the action step. A rotation is not a move.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.ruling import Step
from rules.engine.scenario import kind_then_name
from rules.engine.xwing.move_facts import OptionFacts, RotateFacts
from rules.engine.xwing.movement import Option
from rules.engine.xwing.narration.common import Narration, and_list, consequences, met_steps, names, route
from rules.engine.xwing.resolve import cid


def option_words(name: str) -> str:
    """A boost or barrel-roll option as said aloud: ``bank-left`` → ``bank left``."""
    return name.replace("-", " ")


PROBLEMS = {
    "overlaps-ship": "overlaps ship {}",
    "overlaps-obstacle": "overlaps obstacle {}",
    "through-obstacle": "moves through obstacle {}",
    "off-table": "leaves the play area",
}
"""Why an option is not legal, one clause per problem (``Option.problems``)."""


def option_reason(labels: Mapping[str, str], o: Option) -> str | None:
    """Why a barrel-roll position or boost is not legal (the outcome's ``positions[…].reason``), or None."""
    return "; ".join(_problem(what, labels.get(pid, pid)) for what, pid in o.problems) or None


def _problem(what: str, name: str) -> str:
    if what == "overlaps-ship":  # "overlaps Small ship", not "overlaps ship Small ship"
        return f"overlaps {kind_then_name('ship', name)}"
    return PROBLEMS[what].format(name)


def narrate_option(f: OptionFacts) -> Narration:
    ed = f.edition
    kind = "barrel roll" if f.is_roll else "boost"
    fail_clause = cid(ed, "barrel-roll/fail" if f.is_roll else "boost/fail")
    steps: list[Step] = []
    if f.tractor:
        steps.append(_tractor_step(f))
    steps.append(_roll_step(f) if f.is_roll else _boost_step(f))
    for o in f.options:
        reason = option_reason(f.labels, o)
        verdict = "legal" if o.legal else f"not legal: {reason}"
        steps.append(
            Step(
                f"{kind.capitalize()} {o.name}: {verdict}",
                f"Placed {o.name}, " + ("nothing stops the ship." if o.legal else f"the ship {reason}."),
                (fail_clause,),
                (f"option-{o.name}", *o.blocking),
                states=("executed:full",) if f.chosen is not None and o.name == f.chosen.name else (),
            )
        )
    if f.chosen is not None and f.chosen.name != f.wanted:
        steps.append(
            Step(
                f"The {f.wanted} {kind} is not legal: the ship must take a legal one",
                f"A ship cannot choose to fail while a legal option exists; shown here: {f.chosen.name}.",
                (fail_clause,),
                (f"option-{f.chosen.name}",),
            )
        )
    ship = f.labels[f.ship]
    what = f"{ship}'s " + ("decloak" if f.decloak else kind)
    if f.chosen is None:
        steps.append(_fail_step(f, kind, fail_clause))
        return Narration(tuple(steps), (), f"{what} fails; it stays where it is.")
    steps += met_steps(ed, f.met, f.labels)
    steps += f.resolved.effect_steps
    steps.append(
        Step(
            "No action skip from a move",
            "A barrel roll or boost is a move, not a maneuver: landing somewhere never skips the Perform Action "
            "step"
            + (
                " (a tractored ship may land on an obstacle in 2.0 and resolves it, but skips nothing)."
                if f.tractor and ed == "2.0"
                else " (and it could not legally land on an obstacle anyway)."
            ),
            (cid(ed, "obstacles/move-not-maneuver"),),
            ("final",),
            states=("skips_perform_action:no",),
        )
    )
    steps += f.resolved.remote_steps
    steps += f.resolved.range_0_steps
    return Narration(tuple(steps), (), _summary(f, ship))


def _summary(f: OptionFacts, ship: str) -> str:
    """The verdict: which option it took, what it crossed and landed on, and every consequence."""
    assert f.chosen is not None
    taken = option_words(f.chosen.name)
    if f.is_roll:
        how = f"barrel rolls {f.direction} into the {taken} position"
        s = f"{ship} decloaks: it {how}" if f.decloak else f"{ship} {how}"
    else:
        s = f"{ship} decloaks: it boosts {taken}" if f.decloak else f"{ship} boosts {taken}"
    if f.tractor:
        s = s.replace(f"{ship} ", f"{ship}, tractored, ", 1)
    s += route(f.labels, f.resolved.moved_through, f.resolved.overlapping)
    return s + consequences(
        f.labels, f.ship, f.resolved.effect_sources, f.resolved.remote_entries, cannot_attack=f.resolved.cannot_attack
    )


def _roll_step(f: OptionFacts) -> Step:
    ed = f.edition
    return Step(
        ("Decloak: barrel roll with the [2 straight]" if f.decloak else "Barrel roll") + f" to the {f.direction}",
        "The template is placed against the ship's "
        + ("side by its narrow end" if f.ship_size == "small" else "side by its long edge")
        + ", its middle line on the side hashmark; the ship may be placed at the front, middle or back "
        "of its far end. Ships, obstacles and the table edge can stop a position; devices never do.",
        (cid(ed, "barrel-roll/execute"),) + ((cid(ed, "cloak/decloak"),) if f.decloak else ()),
        ("template", f.ship),
    )


def _boost_step(f: OptionFacts) -> Step:
    ed = f.edition
    return Step(
        ("Decloak: boost with the [2 straight]" if f.decloak else f"Boost: {f.wanted}"),
        (
            "A small ship decloaking may boost with the [2 straight] between its front guides. "
            if f.decloak
            else "The [1 straight] or a [1 bank] template is set between the front guides and the ship "
            "placed at its end. "
        )
        + "The template is declared before it is placed. A boost cannot be partially executed; ships, "
        "obstacles and the table edge make it fail (another template is not taken instead); devices never "
        "stop it.",
        (cid(ed, "boost/execute"),) + ((cid(ed, "cloak/decloak"),) if f.decloak else ()),
        ("template", f.ship),
    )


def _tractor_step(f: OptionFacts) -> Step:
    ed = f.edition
    return Step(
        f"Tractored: the tractoring player {'rolls' if f.is_roll else 'boosts'} it",
        "The first time a ship becomes tractored in a round, the player who tractored it may barrel roll it "
        "(choosing direction and position) or boost it with the [1 straight]. "
        + (
            "This move cannot cause the ship to move through or overlap an obstacle."
            if ed == "2.5"
            else "In 2.0 this move can cause the ship to move through or overlap an obstacle, and it then "
            "resolves that obstacle."
        )
        + " Its owner may then rotate it 90° by gaining 1 stress.",
        (cid(ed, "tractor/move"),),
        (f.ship,),
    )


def _fail_step(f: OptionFacts, kind: str, fail_clause: str) -> Step:
    ed = f.edition
    if f.decloak:
        consequence = (
            "The decloak fails: the ship is returned to where it was and keeps its cloak token (decloaking is "
            "not an action)."
        )
    elif ed == "2.5":
        consequence = (
            "The action fails: it cannot be attempted again this round, and a red action still costs its stress."
        )
    else:
        consequence = "The action fails but still counts as performed: it cannot be performed again this round."
    what = "position on that side is" if f.is_roll else "declared template is"
    return Step(
        f"The {'decloak' if f.decloak else kind} fails",
        f"No {what} legal, so the ship stays where it is. {consequence}",
        (fail_clause,) + ((cid(ed, "cloak/decloak"),) if f.decloak else ()),
        (f.ship,),
        states=("executed:failed",),
    )


def narrate_rotate(f: RotateFacts) -> Narration:
    """Rotating is not a move: it cannot rotate onto a ship; onto an obstacle or device it resolves nothing."""
    ed, ship = f.edition, f.labels[f.ship]
    steps = [
        Step(
            f"{ship} rotates {f.degrees}° in place",
            "Rotating is not a move: the ship turns about its centre. It cannot rotate onto another ship; rotated "
            "onto an obstacle or a device, it does not resolve the overlap, but it is then at range 0 of it.",
            (cid(ed, "rotate/execute"),),
            (f.ship, "final"),
            states=() if f.blockers else ("executed:full",),
        )
    ]
    if f.blockers:
        steps.append(
            Step(
                f"It cannot rotate: it would overlap {names(f.labels, f.blockers)}",
                "A ship cannot rotate onto another ship, so it keeps its facing.",
                (cid(ed, "rotate/execute"),),
                f.blockers,
            )
        )
        return Narration(tuple(steps), (), f"{ship} cannot rotate: it would overlap {names(f.labels, f.blockers)}.")
    if f.overlapping:
        steps.append(
            Step(
                f"It is rotated onto {names(f.labels, f.overlapping)}: no overlap effect",
                "Rotating onto an obstacle or device does not resolve overlapping it; the ship is at range 0 of it.",
                (cid(ed, "rotate/execute"), cid(ed, "range/zero")),
                f.overlapping,
            )
        )
    steps += f.range_0_steps
    s = f"{ship} rotates {f.degrees}° in place"
    if f.overlapping:
        s += f" onto {and_list([f.labels.get(i, i) for i in f.overlapping])}"
    return Narration(tuple(steps), (), s + ("; it cannot attack." if f.cannot_attack else "."))
