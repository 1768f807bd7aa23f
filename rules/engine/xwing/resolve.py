"""From contacts to effects: which obstacles and mines trigger, in what order, and why.

Used by every move (maneuver, barrel roll, boost) so the start-on exemptions,
the ordering along the template and the edition differences live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.engine.ruling import Step
from rules.engine.scenario import Scenario, with_kind
from rules.engine.xwing.contacts import MoveContacts, Touch
from rules.engine.xwing.effects import (
    MINE_EFFECTS,
    RANGE_0_NO_ATTACK,
    Effect,
    no_lock_types,
    obstacle_effect,
)
from rules.engine.xwing.shapes import type_words

OTHER = {"2.0": "2.5", "2.5": "2.0"}
TEMPORARY = ("blaze", "electro-chaff-cloud")


def cid(edition: str, rest: str) -> str:
    return f"xwing-{edition}/{rest}"


@dataclass(frozen=True)
class Resolution:
    effects: tuple[dict[str, Any], ...]
    steps: tuple[Step, ...]
    skips_action: bool
    exempt: tuple[str, ...]


def _triggers(t: Touch, edition: str, stationary: bool) -> tuple[str | None, str | None, bool]:
    """(trigger, reason-if-exempt, derived) for one touched object."""
    if stationary:
        # Stationary: "does trigger the effects of overlapping any obstacles at range 0".
        if t.final_contact.at_range_0 and t.piece.kind == "obstacle":
            return "overlap", None, not t.overlapping
        return None, None, False
    if edition == "2.5" and t.piece.kind == "obstacle" and t.at_start:
        if t.overlapping:
            return "overlap", None, False
        if t.through:
            return None, "start", False
        return None, None, False
    if t.through:
        return "move-through", None, False
    if t.overlapping:
        return "overlap", None, False
    return None, None, False


def resolve_contacts(scenario: Scenario, ship_id: str, contacts: MoveContacts, *, move: str) -> Resolution:
    """Effects of the obstacles and mines a move touched, in resolution order.

    ``move`` is ``maneuver``, ``stationary``, ``barrel-roll`` or ``boost``.
    Rules effects (obstacles) resolve before device abilities (mines): derived
    from the ability-queue rule.
    """
    ed = scenario.edition
    effects: list[dict[str, Any]] = []
    steps: list[Step] = []
    exempt: list[str] = []
    skips = False
    obstacles = [t for t in contacts.touches if t.piece.kind == "obstacle"]
    mines = [t for t in contacts.touches if t.piece.kind == "device" and t.piece.type in MINE_EFFECTS]
    bombs = [t for t in contacts.touches if t.piece.kind == "device" and t.piece.type not in MINE_EFFECTS]
    for t in bombs:
        if t.through or t.overlapping:
            steps.append(
                Step(
                    f"{with_kind(t.piece.label, type_words(str(t.piece.type)))} has no effect now",
                    f"The ship {'moved through' if t.through else 'overlaps'} {t.piece.label}, a bomb: bombs do "
                    "nothing when moved through or overlapped (they are not obstacles); it detonates at the end of the "
                    "Activation Phase.",
                    (cid(ed, "device/not-obstacle"), cid(ed, "bomb/detonation")),
                    (t.piece.id,),
                    states=(f"not_obstacle:{t.piece.id}",),
                )
            )
    for t in obstacles + mines:
        trigger, why_not, derived = _triggers(t, ed, move == "stationary")
        pid = t.piece.id
        name = t.piece.label  # as the picture labels it
        if why_not == "start":
            exempt.append(pid)
            steps.append(
                Step(
                    f"{name} does not trigger: the ship started on it",
                    f"{scenario.piece(ship_id).label} began this move {t.at_start} {name} (at range 0 of it), so "
                    "the template moving through it has no effect; only ending the move overlapping it would.",
                    (cid(ed, "obstacles/start-overlap"), cid(ed, "obstacles/start-range-0")),
                    (pid,),
                    other_edition="In 2.0 a ship that starts on an obstacle suffers it again if it moves "
                    "through or overlaps it again.",
                    states=(f"exempt_at_start:{pid}",),
                )
            )
            continue
        if trigger is None:
            continue
        fuses = int(t.piece.get("fuses") or 0)
        if t.piece.kind == "device" and fuses:
            steps.append(
                Step(
                    f"{name} has a fuse marker: it loses one and does not detonate",
                    "A fused mine that is moved through or overlapped loses one fuse marker instead of detonating, "
                    "even if the ship stays on it; a later move through or overlap detonates it.",
                    (cid(ed, "fuse/marker"),),
                    (pid,),
                    states=(f"effects:{pid}",),
                )
            )
            effects.append(
                {
                    "source": pid,
                    "trigger": trigger,
                    "rule": cid(ed, "fuse/marker"),
                    "text": "Loses 1 fuse marker instead of detonating.",
                    "fuse_removed": True,
                }
            )
            continue
        eff: Effect = (
            obstacle_effect(ed, str(t.piece.type)) if t.piece.kind == "obstacle" else MINE_EFFECTS[str(t.piece.type)]
        )
        rule = cid(ed, eff.clause)
        entry, result_text = effect_entry(scenario, pid, name, eff, trigger)
        effects.append(entry)
        verb = "moved through" if trigger == "move-through" else "overlaps"
        if move == "stationary":
            verb = "is at range 0 of"
        why_again = ""
        if t.at_start and trigger == "overlap" and ed == "2.5" and t.piece.kind == "obstacle":
            why_again = (
                f" It started {t.at_start} {name}; that only spares it the template moving through it: ending the "
                "move overlapping it again triggers it."
            )
        when = ""
        if ed == "2.0" and move == "maneuver" and t.piece.type in ("debris-cloud", "loose-cargo", "spare-parts"):
            when = " This happens after its Check Difficulty step."
        skips_here = eff.skips_action and (move in ("maneuver", "stationary") or t.piece.type == "blaze")
        if t.piece.kind == "obstacle" and ed == "2.0" and move not in ("maneuver", "stationary"):
            skips_here = False
        skips = skips or skips_here
        rules = [rule, cid(ed, "obstacles/effects-after-move")]
        if t.piece.kind == "device":
            rules = [rule, cid(ed, "mine/detonation"), cid(ed, "device/effect-order")]
            derived = True
        if move == "stationary":
            rules.append(cid(ed, "maneuver/stationary"))
        steps.append(
            Step(
                f"{with_kind(name, type_words(str(t.piece.type)))} takes effect",
                f"The ship {verb} {name}.{why_again} {eff.text()}{(' ' + eff.note) if eff.note else ''}{when}"
                f"{result_text}",
                tuple(rules),
                (pid, f"contact-{pid}"),
                derived=derived or eff.derived,
                other_edition=_other_edition_effect(ed, str(t.piece.type)) if t.piece.kind == "obstacle" else None,
                states=(f"effects:{pid}",),
            )
        )
    temporary = sorted({e["source"] for e in effects if scenario.piece(e["source"]).type in TEMPORARY})
    if temporary:
        steps.append(
            Step(
                "Temporary obstacles: removed in the End Phase",
                f"{scenario.names(temporary)} is temporary: in the End Phase each Blaze or Electro-Chaff Cloud "
                "without a fuse marker is removed, then one fuse marker is removed from each that has one.",
                (cid(ed, "obstacles/temporary"), cid(ed, "fuse/marker")),
                tuple(temporary),
            )
        )
    if len([e for e in effects if e["source"] in {t.piece.id for t in obstacles}]) > 1:
        order = scenario.names(e["source"] for e in effects)
        steps.insert(
            0,
            Step(
                "Several objects: resolve them in order along the template",
                f"Effects resolve starting with the object closest to the ship's starting position and "
                f"proceeding along the template: {order}. Obstacles (rules effects) resolve before mines "
                "(device abilities).",
                (cid(ed, "obstacles/order"), cid(ed, "device/effect-order")),
                tuple(e["source"] for e in effects),
                states=("effects:order",),
            ),
        )
    elif len({e["source"] for e in effects}) > 1 and {scenario.piece(e["source"]).kind for e in effects} == {
        "obstacle",
        "device",
    }:
        # one obstacle and a mine: the mine's step cites the rule that puts it after the obstacle
        at = next(i for i, s in enumerate(steps) if cid(ed, "device/effect-order") in s.rules)
        steps[at] = replace(steps[at], states=(*steps[at].states, "effects:order"))
    return Resolution(tuple(effects), tuple(steps), skips, tuple(exempt))


def effect_entry(
    scenario: Scenario, pid: str, name: str, eff: Effect, trigger: str, *, use_dice: bool = True
) -> tuple[dict[str, Any], str]:
    """One effect's facts (its dice branches, or the given roll's result) and the sentence that reports them.

    Shared by every way a ship meets an obstacle or a mine: moving through or onto it, or a mine
    dropped or placed under it, a bomb's detonation.  ``name`` is the piece as the reader sees it;
    ``use_dice`` False where the dice given cannot tell whose roll they are (several ships roll).
    """
    given = scenario.dice.get(pid) if use_dice else None
    entry = effect_facts(scenario.edition, pid, eff, trigger, given)
    entry["name"] = name  # a device the action makes is no piece of the table: its name is said here
    return entry, effect_result_text(entry, given, name, eff)


def effect_facts(edition: str, pid: str, eff: Effect, trigger: str, given: tuple[str, ...] | None) -> dict[str, Any]:
    """An effect's outcome entry: what it does, every branch's odds, and the result of the dice ``given``."""
    entry: dict[str, Any] = {
        "source": pid,
        "trigger": trigger,
        "rule": cid(edition, eff.clause),
        "text": " ".join(x for x in (eff.text(), eff.note) if x),
    }
    branches = eff.branches()
    if branches:
        entry["branches"] = branches
    if given is not None and eff.dice and len(given) >= eff.dice:
        used = given[: eff.dice]
        entry["rolled"] = list(used)
        entry["result"] = eff.resolve(used)
    return entry


def effect_result_text(entry: dict[str, Any], given: tuple[str, ...] | None, name: str, eff: Effect) -> str:
    """The sentence (with its leading space) that reports an effect's roll or the odds of each result."""
    if given is not None and eff.dice:
        if "result" not in entry:
            return (
                f" The dice given for {name} ({', '.join(given)}) are fewer than the {eff.dice} rolled; "
                "showing every branch."
            )
        return f" Rolled {', '.join(entry['rolled'])}: {entry['result']}."
    if entry.get("branches"):
        odds = "; ".join(f"{b['result']} ({b['odds']})" for b in entry["branches"])
        return f" Possible results: {odds}."
    return ""


def _other_edition_effect(edition: str, obstacle_type: str) -> str | None:
    other = OTHER[edition]
    a, b = obstacle_effect(edition, obstacle_type), obstacle_effect(other, obstacle_type)
    if a.text() == b.text() and a.skips_action == b.skips_action:
        return None
    skip = (
        " A maneuver through or onto it also skips the Perform Action step."
        if b.skips_action and other == "2.0"
        else ""
    )
    return f"In {other}: {b.text()}{skip}"


def range_0_steps(scenario: Scenario, contacts: MoveContacts) -> tuple[list[Step], dict[str, list[str]]]:
    """Restrictions while the ship stays at range 0 of obstacles after moving."""
    ed = scenario.edition
    no_attack = [
        t.piece.id for t in contacts.at_range_0 if t.piece.kind == "obstacle" and t.piece.type in RANGE_0_NO_ATTACK[ed]
    ]
    no_lock = [
        t.piece.id for t in contacts.at_range_0 if t.piece.kind == "obstacle" and t.piece.type in no_lock_types(ed)
    ]
    steps: list[Step] = [cannot_attack_step(ed, "It", no_attack, scenario.names(no_attack))] if no_attack else []
    if no_lock:
        steps.append(
            Step(
                "It cannot lock or be locked while at range 0 of " + scenario.names(no_lock),
                "A ship at range 0 of a gas cloud or an electro-chaff cloud cannot acquire locks and cannot be locked.",
                (cid(ed, "obstacles/range-0-lock"),),
                tuple(no_lock),
            )
        )
    return steps, {"cannot_attack": no_attack, "cannot_lock": no_lock}


def cannot_attack_step(ed: str, who: str, obstacles: list[str], names: str) -> Step:
    """A ship at range 0 of these obstacles (ids; ``names`` as the reader sees them) cannot attack."""
    return Step(
        f"{who} cannot attack while at range 0 of {names}",
        "While a ship is at range 0 of an asteroid"
        + (", debris cloud or gas cloud" if ed == "2.5" else "")
        + ", it cannot perform attacks.",
        (cid(ed, "obstacles/range-0-attack"),),
        tuple(obstacles),
        other_edition=(
            "In 2.0 only asteroids stop attacks at range 0."
            if ed == "2.5"
            else "In 2.5 debris clouds and gas clouds also stop attacks at range 0."
        ),
    )
