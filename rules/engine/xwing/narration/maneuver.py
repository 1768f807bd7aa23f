"""Every sentence of a maneuver ruling (small, medium and large ships), from ``ManeuverFacts``.

Order of the steps: the template, where the ship is placed (fully, or backed up after a bump),
what the template and final base met, the effects that resolve, skipping the action step, the
bump's effect, remotes, range 0, fleeing. The verdict names the maneuver and every object by
label; coordinates stay in the outcome and the picture, never in words a player reads.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.ruling import Step
from rules.engine.scenario import kind_then_name
from rules.engine.xwing.move_facts import Bump, ManeuverFacts
from rules.engine.xwing.narration.common import (
    Narration,
    consequences,
    flee_step,
    met_steps,
    names,
    route,
)
from rules.engine.xwing.resolve import cid

BEARING_NAMES = {
    "koiogran": "Koiogran turn",
    "segnor": "Segnor's loop",
    "tallon": "Tallon roll",
    "reverse-straight": "reverse straight",
    "reverse-bank": "reverse bank",
    "sideslip-bank": "bank sideslip",
    "sideslip-turn": "turn sideslip",
}


def maneuver_name(f: ManeuverFacts) -> str:
    """The maneuver as a player calls it: ``bank left 2``, ``Koiogran turn 4``, ``[0 stop]``."""
    if f.bearing == "stationary":
        return "[0 stop]"
    words = [BEARING_NAMES.get(f.bearing, f.bearing)]
    if f.direction:
        words.append(f.direction)
    if f.speed is not None:
        words.append(str(f.speed))
    return " ".join(words)


def tallon_reason(labels: Mapping[str, str], ships: tuple[str, ...]) -> str | None:
    """Why a Tallon roll position cannot be taken (the outcome's ``positions[…].reason``), or None."""
    return f"overlaps {kind_then_name('ship', names(labels, ships))}" if ships else None


def narrate_maneuver(f: ManeuverFacts) -> Narration:
    ed = f.edition
    steps: list[Step] = [_template_step(f)]
    warnings: list[str] = []
    if f.ignored_blockers:
        warnings.append(
            f"{f.labels[f.ship]} starts overlapping {names(f.labels, f.ignored_blockers)}: ships may not overlap; "
            "those ships were ignored for the bump"
        )
    if f.executed == "full" and f.bearing != "stationary":
        steps += _full_steps(f)
    elif f.executed == "partial":
        steps += _partial_steps(f)
    steps += met_steps(ed, f.met, f.labels)
    if f.ignore_obstacles:
        steps.append(_ignore_step(f))
    steps += f.resolved.effect_steps
    if ed == "2.5" and f.ending_on_obstacles:
        steps.append(
            Step(
                "Skip the Perform Action step: it ended on an obstacle",
                f"{f.labels[f.ship]} ends its maneuver overlapping {names(f.labels, f.ending_on_obstacles)}, so it "
                "skips its Perform Action step. Actions granted by other effects (e.g. coordinate) are still allowed.",
                (cid(ed, "obstacles/skip-action"), cid(ed, "obstacles/other-actions")),
                f.ending_on_obstacles,
                states=("skips_perform_action",),
                other_edition="In 2.0 asteroids and gas clouds skip the action step when moved through or "
                "overlapped during a maneuver; debris clouds do not.",
            )
        )
    elif f.resolved.effects_skip_action:
        steps.append(
            Step(
                "Skip the Perform Action step",
                "An obstacle it moved through or overlapped makes it skip its Perform Action step this round."
                " Actions granted by other effects are still allowed.",
                (cid(ed, "obstacles/skip-action"), cid(ed, "obstacles/other-actions")),
                f.resolved.effect_sources,
                states=("skips_perform_action",),
                other_edition=(
                    "In 2.5 only ending a maneuver on an obstacle skips the action step (Blaze excepted)."
                    if ed == "2.0"
                    else None
                ),
            )
        )
    if f.bump is not None:
        steps.append(_bump_effect_step(f, f.bump))
    steps += f.resolved.remote_steps
    steps += f.resolved.range_0_steps
    if f.fled:
        steps.append(flee_step(ed, f.labels[f.ship], f.past_edge))
    if len(steps) <= 2 and not f.met and not f.resolved.remotes_met and f.executed == "full":
        steps.append(
            Step(
                "Nothing else happens",
                "Neither the template nor the final base shares area with any obstacle or device, so no "
                "effect triggers and the ship goes on to its Perform Action step.",
                (cid(ed, "maneuver/move-through"), cid(ed, "geometry/touching")),
                ("final",),
                states=("effects:none", *(() if f.skips_action else ("skips_perform_action:no",))),
            )
        )
    return Narration(tuple(steps), tuple(warnings), _summary(f))


def _summary(f: ManeuverFacts) -> str:
    """The verdict in one line: the maneuver, what it crossed and landed on, and every consequence."""
    verb = {"full": "fully executes", "partial": "partially executes"}[f.executed]
    s = f"{f.labels[f.ship]} {verb} its {maneuver_name(f)}"
    if f.bearing == "tallon" and f.executed == "full":
        s += f" to the {f.tallon_position} position"
    if f.ignore_obstacles:
        s += " (ignoring obstacles)"
    s += route(f.labels, f.resolved.moved_through, f.resolved.overlapping, f.bumped)
    return s + consequences(
        f.labels,
        f.ship,
        f.resolved.effect_sources,
        f.resolved.remote_entries,
        fled=f.fled,
        skips=f.skips_action,
        cannot_attack=f.resolved.cannot_attack,
    )


def _template_step(f: ManeuverFacts) -> Step:
    ed, ship = f.edition, f.labels[f.ship]
    if f.bearing == "stationary":
        return Step(
            "Stationary maneuver: the ship does not move",
            f"{ship} executes a [0 stop]: no template, it stays where it is. It counts as "
            "a maneuver and is always fully executed.",
            (cid(ed, "maneuver/stationary"),),
            ("final",),
            states=("executed:full",),
        )
    guides = "rear" if f.bearing.startswith("reverse") else "front"
    where = f"between {ship}'s {guides} guides"
    clause = "maneuver/reverse" if guides == "rear" else "maneuver/execute"
    if f.bearing.startswith("sideslip"):
        where = f"flush against {ship}'s {f.sideslip_sides[0]} side, on its centre hashmark"
        clause = "maneuver/sideslip"
    name = BEARING_NAMES.get(f.bearing, f.bearing)
    return Step(
        f"Set the {f.template_name} template",
        f"The {f.template_name} template"
        + ("" if f.bearing in ("straight", "bank", "turn") else f" of the {name} {f.speed}")
        + f" is set {where}.",
        (cid(ed, clause),),
        ("template", f.ship),
    )


def _full_steps(f: ManeuverFacts) -> list[Step]:
    ed, bearing = f.edition, f.bearing
    if bearing == "tallon":
        tried = ", ".join(f"{k}: overlaps {names(f.labels, v)}" for k, v in f.tallon_tried if v)
        return [
            Step(
                f"Tallon roll: rotate 90° and place it at the {f.tallon_position} position",
                "The ship is rotated 90° toward the turn and placed with its side against the end of the "
                f"template, its side hashmark at the {f.tallon_position} of the template end."
                + (
                    f" Positions that overlap a ship cannot be chosen ({tried}); any legal one must be."
                    if tried
                    else ""
                ),
                (cid(ed, "maneuver/tallon"),),
                ("final", "template"),
                states=("executed:full",),
            )
        ]
    if bearing in ("koiogran", "segnor"):
        return [
            Step(
                f"{BEARING_NAMES[bearing]}: the front guides go into the template end",
                "Fully executed, so the ship is placed with its front guides at the end of the template, "
                "turned around.",
                (cid(ed, f"maneuver/{bearing}"),),
                ("final", "template"),
                states=("executed:full",),
            )
        ]
    if bearing.startswith("sideslip"):
        start_side, end_side = f.sideslip_sides
        return [
            Step(
                f"Sideslip: the template goes at the ship's {start_side} side",
                f"The {f.template_name} template is laid flush against the ship's {start_side} side, its middle "
                "line on that side's centre hashmark and its far end in the ship's full front arc; the ship is "
                f"placed with the centre hashmark of its {end_side} side on the far end, fully executing the "
                "maneuver.",
                (cid(ed, "maneuver/sideslip"),),
                ("final", "template"),
                states=("executed:full",),
            )
        ]
    reverse = bearing.startswith("reverse")
    return [
        Step(
            "Place the ship at the end of the template",
            f"The ship's {'front' if reverse else 'rear'} guides slide into the far end "
            f"of the template, fully executing the maneuver.",
            (cid(ed, "maneuver/reverse" if reverse else "maneuver/execute"),),
            ("final", "template"),
            states=("executed:full",),
        )
    ]


def _partial_steps(f: ManeuverFacts) -> list[Step]:
    ed, bearing = f.edition, f.bearing
    steps: list[Step] = []
    if bearing in ("koiogran", "segnor", "tallon"):
        steps.append(
            Step(
                f"The {BEARING_NAMES[bearing]} would overlap a ship: execute it as the basic maneuver",
                f"Its final position overlaps a ship, so it partially executes as a {f.template_name} using the "
                "rear guides, without the rotation.",
                (cid(ed, "overlap/partial-advanced"),),
                ("template",),
            )
        )
    slip = bearing.startswith("sideslip")
    hashmarks = "the centre hashmarks of both sides" if slip else "the hashmarks of both guide pairs"
    bumped = names(f.labels, f.bumped)
    steps.append(
        Step(
            f"Bump: it backs up along the template until it fits, touching {bumped or 'nothing'}",
            "Its final position would overlap "
            + (bumped or "a ship")
            + f". It moves backward along the template, {hashmarks} centred on the "
            "template's middle line, until it overlaps no ship, and is placed touching the last ship it backed "
            f"over.",
            (cid(ed, "overlap/partial"), cid(ed, "range/zero"), *((cid(ed, "maneuver/sideslip"),) if slip else ())),
            ("full-position", "final", *f.bumped),
            states=("executed:partial",),
        )
    )
    steps.append(
        Step(
            "Only the template between its start and final positions counts",
            f"For obstacles and devices only the first {f.counted_length:.1f} mm of the "
            f"{f.template_length:.1f} mm template (from the start position to the final position's "
            f"{'trailing side' if slip else 'rear edge'}) count; the part it backed along is ignored.",
            (cid(ed, "obstacles/partial"), cid(ed, "device/partial")),
            ("template-counted",),
            derived=True,
            states=("counted_template_mm",),
        )
    )
    return steps


def _ignore_step(f: ManeuverFacts) -> Step:
    ed = f.edition
    ignored = f.ignored_obstacles
    return Step(
        "It ignores obstacles while it moves" + (f": {names(f.labels, ignored)} take no effect" if ignored else ""),
        "A card effect lets this ship ignore obstacles during the maneuver, so moving through or ending on "
        "an obstacle resolves nothing and does not skip its Perform Action step. Once the move is over it is "
        "at range 0 of any obstacle it touches, and range-0 restrictions apply (derived: each card's text "
        "decides what else it lifts).",
        (cid(ed, "obstacles/effects-after-move"), cid(ed, "range/zero")),
        ignored or (f.ship,),
        derived=True,
        states=("ignore_obstacles", *(() if f.skips_action else ("skips_perform_action:no",))),
    )


def _bump_effect_step(f: ManeuverFacts, b: Bump) -> Step:
    ed = f.edition
    if b.effect == "skip-action":
        return Step(
            "Bump: skip the Perform Action step",
            "A ship that partially executes a maneuver skips its Perform Action step; actions granted by "
            "other effects are still allowed.",
            (cid(ed, "overlap/bump-effect"),),
            f.bumped,
            states=("skips_perform_action",),
            other_edition="In 2.5 a bump into a friendly ship also rolls a die for damage, and a bump into "
            "an enemy allows a red focus or calculate action.",
        )
    if b.effect == "friendly":
        which = "friendly" if b.friendly else "friendly (if it is friendly)"
        return Step(
            f"Bump into a {which} ship: roll for damage, skip the action step",
            "After its Check Difficulty step the ship rolls 1 attack die: on a hit or crit it suffers 1 hit "
            "damage (1/2). Then it skips its Perform Action step."
            + (" It also touched an enemy ship, but the friendly effect applies." if b.enemy else "")
            + (" Set the ships' players to tell friendly from enemy." if b.unknown else ""),
            (cid(ed, "overlap/bump-effect"), cid(ed, "overlap/bump-friendly")),
            f.bumped,
            states=("skips_perform_action",),
            other_edition="In 2.0 a bump only skips the Perform Action step.",
        )
    open_question = b.obstacle_effects and not b.stressed
    return Step(
        "Bump into an enemy ship: " + ("no free action (stressed)" if b.stressed else "a red focus or calculate"),
        (
            "The ship is stressed, so it may not take the red focus or calculate action. "
            if b.stressed
            else "If it is not stressed, it may immediately perform a focus or calculate action from its action "
            "bar, treated as red. "
        )
        + "It skips its Perform Action step and cannot perform additional actions this activation."
        + (
            " Open question: the rules do not say whether this comes before or after the obstacle effects of "
            "the same move (a debris cloud's stress would forbid it); FlyCasual's maintainers allowed the red "
            "action first."
            if open_question
            else ""
        ),
        (cid(ed, "overlap/bump-effect"), cid(ed, "overlap/bump-enemy")),
        f.bumped,
        states=("skips_perform_action",),
        derived=open_question,
        other_edition="In 2.0 a bump only skips the Perform Action step.",
    )
