"""Remotes: what a ship's move does to them, and what their cards do back.

The rules (RRG, Remotes) let ships move through, overlap and end at range 0 of a
remote: it never causes a bump and the rules give it no effect of its own.  Two
remote cards react to an enemy ship:

- Buzz Droid Swarm: after an enemy ship moves through or overlaps it, it is
  relocated to that ship's front or rear guides (its guides against the ship's),
  not overlapping any object; if neither set of guides can take it, it and the
  ship each suffer 1 hit damage.
- DRK-1 Probe Droid: after an enemy ship overlaps it, that ship rolls 1 attack
  die; on a focus result the droid suffers 1 hit damage.

The card texts are not in the rules corpus we hold (only reference §2.3 sums
them up), so those steps are marked derived.  A remote relocated with any part
outside the play area flees (RRG, Remotes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Pose, contact, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.contacts import MoveContacts, TemplateAt, move_contacts
from rules.engine.xwing.pieces import against_guides, outline, play_area, token_at
from rules.engine.xwing.resolve import cid

FOCUS_ODDS = (2, 8)
"""Focus faces of the red attack die (3 hit, 1 crit, 2 focus, 2 blank)."""


@dataclass(frozen=True)
class RemoteFacts:
    """What the move did to the remotes it met: outcome entries, steps and picture figures."""

    entries: tuple[dict[str, Any], ...]
    steps: tuple[Step, ...]
    figures: tuple[Figure, ...]
    contacts: MoveContacts


def _enemy(remote: Piece, ship: Piece) -> bool | None:
    """True or False when both players are known; None when either is not."""
    if remote.player is None or ship.player is None:
        return None
    return remote.player != ship.player


def _relocation(scenario: Scenario, remote: Piece, ship: Piece, pose: Pose) -> dict[str, dict[str, Any]]:
    """Each set of guides: the remote's outline there, what it would overlap, whether it would flee."""
    # the ship it follows is not in the way: guides meet guides (its guide line on the base's edge)
    others = [p for p in scenario.pieces if p.id not in (remote.id, ship.id)]
    play = play_area(scenario)
    out: dict[str, dict[str, Any]] = {}
    for name, at in against_guides(remote, ship, pose).items():
        poly = token_at(remote, at)
        blocked = sorted(p.id for p in others if overlaps(poly, outline(p)))
        out[name] = {
            "legal": not blocked,
            "to": at.rounded(),
            "blocked_by": blocked,
            "flees": not play.covers(poly),
            "polygon": poly,
        }
    return out


def _swarm_step(
    scenario: Scenario, remote: Piece, ship: Piece, who: str, options: dict[str, dict[str, Any]]
) -> tuple[Step, list[Figure]]:
    """The swarm's relocation: each set of guides free or blocked, or the hit to both when neither is free."""
    legal = [k for k, v in options.items() if v["legal"]]
    figures = []
    said = []
    for k, v in options.items():
        blockers = scenario.names(v["blocked_by"])
        label = f"{remote.label} at the {k} guides" + ("" if v["legal"] else f": blocked by {blockers}")
        figures.append(
            Figure(f"option-{remote.id}-{k}", "option" if v["legal"] else "blocked", ring(v["polygon"]), label)
        )
        if not v["legal"]:
            said.append(f"at its {k} guides it would overlap {blockers}")
        else:
            flees = " (but there it would leave the play area and flee)" if v["flees"] else ""
            said.append(f"its {k} guides are free{flees}")
    text = (
        f"After {who} ship moves through or overlaps the swarm, the swarm is relocated to that ship's front "
        f"or rear guides, its own guides against them, overlapping no object: {'; '.join(said)}. "
    )
    where = " or ".join(legal)
    if legal:
        text += f"Its owner places it at the {where} guides; it is then at range 0 of {ship.label}."
        title = f"relocate to {ship.label}'s {where} guides"
    else:
        text += f"It cannot be placed at either, so the swarm and {ship.label} each suffer 1 hit damage."
        title = "both suffer 1 hit damage"
    # a swarm labelled (or named by its type) "Buzz Droid Swarm" is not named twice
    swarm = remote.label if "buzz droid swarm" in remote.label.lower() else f"Buzz Droid Swarm {remote.label}"
    step = Step(
        f"{swarm}: {title}",
        text,
        (cid(scenario.edition, "remote/buzz-droid-swarm"), cid(scenario.edition, "remote/relocate")),
        (remote.id, *(f"option-{remote.id}-{k}" for k in options)),
        derived=True,
    )
    return step, figures


def remote_facts(
    scenario: Scenario,
    ship: Piece,
    start_poly: Polygon,
    counted_template: Polygon | None,
    counted_length: float,
    final_poly: Polygon,
    final: Pose,
    template_at: TemplateAt | None,
) -> RemoteFacts:
    """Every remote the counted template or the final base met, and what its card does about it."""
    ed = scenario.edition
    contacts = move_contacts(
        scenario, start_poly, counted_template, counted_length, final_poly, template_at, kinds=("remote",)
    )
    entries: list[dict[str, Any]] = []
    steps: list[Step] = []
    figures: list[Figure] = []
    met = [t for t in contacts.touches if t.through or t.overlapping]
    if met:
        names = ", ".join(t.piece.label for t in met)
        steps.append(
            Step(
                f"It moves through or onto remote {names}: no bump",
                "Ships can move through, overlap and be at range 0 of remotes. A remote never makes a ship "
                "partially execute, and the rules give it no effect of its own: only its card does.",
                (cid(ed, "remote/move"),),
                tuple(t.piece.id for t in met),
            )
        )
    for t in met:
        remote = t.piece
        enemy = _enemy(remote, ship)
        entry: dict[str, Any] = {
            "remote": remote.id,
            "type": remote.type,
            "through": t.through,
            "overlapping": t.overlapping,
            "enemy": enemy,
            "effect": None,
        }
        who = "an enemy" if enemy else ("a friendly" if enemy is False else "(players unknown) an enemy")
        if remote.type == "buzz-droid-swarm" and enemy is not False:
            options = _relocation(scenario, remote, ship, final)
            entry["effect"] = "relocate"
            entry["relocation"] = {k: {kk: vv for kk, vv in v.items() if kk != "polygon"} for k, v in options.items()}
            entry["both_suffer_hit"] = not any(v["legal"] for v in options.values())
            step, shown = _swarm_step(scenario, remote, ship, who, options)
            steps.append(step)
            figures += shown
        elif remote.type == "drk-1-probe-droid" and enemy is not False and t.overlapping:
            entry["effect"] = "roll"
            n, of = FOCUS_ODDS
            entry["branches"] = [
                {"result": f"focus: {remote.label} suffers 1 hit damage", "probability": n / of, "odds": "1/4"},
                {"result": "nothing", "probability": 1 - n / of, "odds": "3/4"},
            ]
            steps.append(
                Step(
                    f"DRK-1 Probe Droid {remote.label}: {ship.label} rolls 1 attack die",
                    f"After {who} ship overlaps the probe droid, that ship rolls 1 attack die: on a focus result "
                    f"(1 in 4) the droid suffers 1 hit damage; any other face, nothing.",
                    (cid(ed, "remote/drk-1-probe-droid"),),
                    (remote.id,),
                    derived=True,
                )
            )
        elif enemy is False:
            steps.append(
                Step(
                    f"{remote.label} is friendly: its card does nothing",
                    f"{remote.label}'s card reacts only to enemy ships.",
                    (cid(ed, "remote/move"),),
                    (remote.id,),
                    derived=True,
                )
            )
        entries.append(entry)
    return RemoteFacts(tuple(entries), tuple(steps), tuple(figures), contacts)


def relocate_remote_ruling(scenario: Scenario) -> Ruling:
    """A remote picked up and placed as an effect says: it flees off the table; only a Blaze hurts it."""
    ed = scenario.edition
    action = scenario.action
    remote = scenario.piece(action["device"])
    to = action["to"]
    pose = Pose(float(to["x"]), float(to["y"]), float(to.get("heading") or 0.0))
    poly = token_at(remote, pose)
    fled = not play_area(scenario).covers(poly)
    figures = [
        Figure(f"was-{remote.id}", "ghost", ring(outline(remote)), "before"),
        Figure(f"device-{remote.id}", "device", ring(poly), remote.label),
    ]
    steps = [
        Step(
            f"Relocate remote {remote.label}",
            "Its controlling player picks it up and places it as the effect says. Relocating is not moving: it "
            "does not move through anything.",
            (cid(ed, "remote/relocate"),),
            (f"device-{remote.id}",),
        )
    ]
    outcome: dict[str, Any] = {
        "device": {"id": remote.id, "type": remote.type, **pose.rounded()},
        "kind": "remote",
        "fled": fled,
        "at_range_0": [],
        "effects": [],
    }
    if fled:
        steps.append(
            Step(
                f"{remote.label} flees: part of it would be outside the play area",
                "A remote relocated with any part outside the play area flees like a ship and is removed.",
                (cid(ed, "remote/relocate"),),
                (f"device-{remote.id}",),
            )
        )
        return Ruling(outcome, tuple(steps), (), tuple(figures), f"{remote.label} flees the play area.")
    touching = sorted(  # tokens first, then ships (a stable sort keeps the table's order within each)
        (p for p in scenario.pieces if p.id != remote.id and contact(poly, outline(p)).at_range_0),
        key=lambda p: p.kind == "ship",
    )
    outcome["at_range_0"] = [p.id for p in touching]
    blazes = [p for p in touching if p.kind == "obstacle" and p.type == "blaze"]
    others = [p for p in touching if p.kind == "obstacle" and p.type != "blaze"]
    for b in blazes:
        outcome["effects"].append(
            {
                "source": b.id,
                "trigger": "relocated-to-range-0",
                "rule": cid(ed, "obstacles/blaze"),
                "text": f"{remote.label} suffers 1 hit damage.",
            }
        )
        steps.append(
            Step(
                f"It ends at range 0 of Blaze {b.label}: it suffers 1 hit damage",
                "A remote that is relocated to range 0 of a Blaze suffers 1 hit damage.",
                (cid(ed, "obstacles/blaze"), cid(ed, "remote/relocate")),
                (b.id, f"device-{remote.id}"),
            )
        )
    if others:
        steps.append(
            Step(
                f"It is at range 0 of {scenario.names(p.id for p in others)}: no effect",
                "Obstacles take effect when a ship moves through or overlaps them; a relocated remote does neither "
                "(only a Blaze hurts a remote relocated to range 0 of it).",
                (cid(ed, "remote/relocate"),),
                tuple(p.id for p in others),
            )
        )
    summary = f"{remote.label} is relocated" + (
        f" and suffers {len(blazes)} hit damage from {scenario.names(b.id for b in blazes)}" if blazes else ""
    )
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary + ".")
