"""Rulings for moves: maneuvers (with bumps), barrel rolls, boosts and rotations.

Geometry and facts only: ``movement``, ``contacts``, ``resolve`` and ``remotes`` find what
happens; this module gathers it into ``move_facts``, the outcome and the picture's figures,
and ``narration`` writes every sentence from those facts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Pose, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.contacts import MoveContacts, move_contacts
from rules.engine.xwing.huge import huge_maneuver_ruling
from rules.engine.xwing.move_facts import Bump, ManeuverFacts, Met, OptionFacts, Resolved, RotateFacts
from rules.engine.xwing.movement import (
    POSITION_ORDER,
    ManeuverResult,
    barrel_roll_options,
    boost_options,
    choose_option,
    execute_maneuver,
)
from rules.engine.xwing.narration.maneuver import narrate_maneuver, tallon_reason
from rules.engine.xwing.narration.options import narrate_option, narrate_rotate, option_reason
from rules.engine.xwing.pieces import outline, overhang, play_area, ship_outline, ship_pose
from rules.engine.xwing.remotes import RemoteFacts, remote_facts
from rules.engine.xwing.resolve import Resolution, range_0_steps, resolve_contacts


def _poly_figure(fid: str, kind: str, poly: Polygon | None, label: str = "", pose: Pose | None = None) -> list[Figure]:
    if poly is None or poly.is_empty:
        return []
    pts = ring(poly)
    at = (pose.x, pose.y, pose.heading) if pose is not None else None
    return [Figure(fid, kind, pts, label, pose=at)] if pts else []


def _contact_figures(
    contacts: MoveContacts, counted: Polygon | None, final_poly: Polygon, order: list[str]
) -> list[Figure]:
    """The shared areas, numbered in resolution order (the order the effects resolve)."""
    figs: list[Figure] = []
    for t in contacts.touches:
        shape = outline(t.piece)
        area = None
        if t.overlapping:
            area = final_poly.intersection(shape)
        elif t.through and counted is not None:
            area = counted.intersection(shape)
        label = str(order.index(t.piece.id) + 1) if t.piece.id in order else ""
        figs += _poly_figure(f"contact-{t.piece.id}", "overlap", area, label)
    return figs


def _move_facts(
    scenario: Scenario,
    ship: Piece,
    start: Pose,
    final: Pose,
    counted: Polygon | None,
    counted_length: float,
    template_at: Any,
) -> tuple[Polygon, MoveContacts]:
    final_poly = ship_outline(ship, final)
    contacts = move_contacts(scenario, ship_outline(ship, start), counted, counted_length, final_poly, template_at)
    return final_poly, contacts


def _labels(scenario: Scenario) -> dict[str, str]:
    """Every piece as the picture labels it: the narration names pieces by these."""
    return {p.id: p.label for p in scenario.pieces}


def _met(contacts: MoveContacts) -> tuple[Met, ...]:
    """The obstacles and devices met, in the order the template reaches them."""
    return tuple(
        Met(t.piece.id, t.piece.kind, t.through, t.overlapping, t.final_contact.touching) for t in contacts.touches
    )


def _resolved(
    res: Resolution, rf: RemoteFacts, contacts: MoveContacts, r0: dict[str, Any], r0_steps: list[Step]
) -> Resolved:
    """What the shared resolvers found (effects, remotes, range 0), with the steps they wrote."""
    return Resolved(
        effect_steps=tuple(res.steps),
        effect_sources=tuple(e["source"] for e in res.effects),
        effects_skip_action=res.skips_action,
        remote_steps=tuple(rf.steps),
        remote_entries=tuple(rf.entries),
        remotes_met=bool(rf.contacts.touches),
        range_0_steps=tuple(r0_steps),
        cannot_attack=bool(r0.get("cannot_attack")),
        moved_through=tuple(t.piece.id for t in (*contacts.moved_through, *rf.contacts.moved_through)),
        overlapping=tuple(t.piece.id for t in (*contacts.overlapping, *rf.contacts.overlapping)),
    )


def _bump(scenario: Scenario, ship: Piece, m: ManeuverResult, obstacle_effects: bool) -> Bump:
    """Friendly or enemy bump (2.5), or only a skipped action (2.0)."""
    if scenario.edition == "2.0":
        return Bump("skip-action")
    others = [scenario.piece(b) for b in m.bumped]
    mine = ship.player
    friendly = any(mine is not None and o.player == mine for o in others)
    enemy = any(mine is not None and o.player is not None and o.player != mine for o in others)
    unknown = any(mine is None or o.player is None for o in others)
    effect = "friendly" if friendly or unknown and not enemy else "enemy"
    stressed = bool(ship.get("state", {}).get("stressed"))
    return Bump(effect, friendly, enemy, unknown, stressed, obstacle_effects)


def maneuver_ruling(scenario: Scenario) -> Ruling:
    """A maneuver: where the ship ends, what it touched, what triggers, and whether it acts."""
    action = scenario.action
    ship = scenario.piece(action["ship"])
    if ship.size == "huge":
        return huge_maneuver_ruling(scenario)
    bearing = action["bearing"]
    m = execute_maneuver(scenario, ship, action)
    final_poly, contacts = _move_facts(
        scenario, ship, m.start, m.final, m.counted_template, m.counted_length, m.template_upto
    )
    fled = not play_area(scenario).covers(final_poly)
    past_edge = overhang(final_poly, play_area(scenario))
    figures: list[Figure] = []
    figures += _poly_figure("template", "template", m.template, m.template_name)
    if m.executed == "partial" and m.counted_template is not None:
        figures += _poly_figure("template-counted", "template-counted", m.counted_template)
    figures += _poly_figure("final", "base", final_poly, ship.label, m.final)
    if m.executed == "partial":
        figures += _poly_figure(
            "full-position",
            "ghost",
            ship_outline(ship, m.frame.pose(m.path.full_pose())) if m.frame and m.path else None,
            "full",
        )
    resolved = contacts
    ignored: tuple[str, ...] = ()
    if action.get("ignore_obstacles"):
        # an effect lets it ignore obstacles while it moves: they trigger nothing (devices still do)
        resolved = MoveContacts(tuple(t for t in contacts.touches if t.piece.kind != "obstacle"), contacts.close_calls)
        ignored = tuple(
            t.piece.id for t in contacts.touches if t.piece.kind == "obstacle" and (t.through or t.overlapping)
        )
    res = resolve_contacts(scenario, ship.id, resolved, move="stationary" if bearing == "stationary" else "maneuver")
    figures += _contact_figures(contacts, m.counted_template, final_poly, [e["source"] for e in res.effects])
    ending_on = tuple(t.piece.id for t in resolved.overlapping if t.piece.kind == "obstacle")
    skips = res.skips_action or (scenario.edition == "2.5" and bool(ending_on)) or m.executed == "partial"
    bump = _bump(scenario, ship, m, bool(res.effects)) if m.executed == "partial" else None
    rf = remote_facts(
        scenario,
        ship,
        ship_outline(ship, m.start),
        m.counted_template,
        m.counted_length,
        final_poly,
        m.final,
        m.template_upto,
    )
    figures += rf.figures
    r0_steps, r0 = range_0_steps(scenario, contacts)
    turn = m.frame.turn if m.frame else 0.0
    facts = ManeuverFacts(
        edition=scenario.edition,
        ship=ship.id,
        labels=_labels(scenario),
        bearing=bearing,
        speed=action.get("speed"),
        direction=action.get("direction"),
        template_name=m.template_name,
        executed=m.executed,
        final=m.final,
        met=_met(contacts),
        resolved=_resolved(res, rf, contacts, r0, r0_steps),
        skips_action=skips,
        fled=fled,
        past_edge=past_edge,
        bumped=tuple(m.bumped),
        bump=bump,
        counted_length=m.counted_length,
        template_length=m.template_length,
        sideslip_sides=("right", "left") if turn > 0 else ("left", "right"),
        tallon_position=m.tallon_position,
        tallon_tried=tuple(m.tallon_tried.items()),
        ignored_blockers=tuple(m.ignored_blockers),
        ignore_obstacles=bool(action.get("ignore_obstacles")),
        ignored_obstacles=ignored,
        ending_on_obstacles=ending_on if scenario.edition == "2.5" else (),
    )
    words = narrate_maneuver(facts)
    outcome: dict[str, Any] = {
        "ship": ship.id,
        "executed": m.executed,
        "final": m.final.rounded(),
        "bumped": list(m.bumped),
        "moved_through": list(facts.resolved.moved_through),
        "overlapping": list(facts.resolved.overlapping),
        "effects": list(res.effects),
        "skips_perform_action": skips,
        "fled": fled,
        "at_range_0": [t.piece.id for t in (*contacts.at_range_0, *rf.contacts.at_range_0)] + list(m.bumped),
        "exempt_at_start": list(res.exempt),
        "template": m.template_name,
        "counted_template_mm": round(m.counted_length, 2),
        "template_mm": round(m.template_length, 2),
        **r0,
        **({"bump_effect": bump.effect} if bump else {}),
    }
    if rf.entries:
        outcome["remotes"] = list(rf.entries)
    if bearing == "tallon":
        outcome["tallon_position"] = m.tallon_position
        outcome["positions"] = {
            k: {"legal": not v, "reason": tallon_reason(facts.labels, v)} for k, v in facts.tallon_tried
        }
    warnings = (*contacts.warnings, *words.warnings, *rf.contacts.warnings)
    return Ruling(outcome, words.steps, warnings, tuple(figures), words.summary)


def rotate_ruling(scenario: Scenario) -> Ruling:
    """Rotate a ship in place: not a move; it cannot rotate onto a ship; obstacles under it do not resolve."""
    action = scenario.action
    ship = scenario.piece(action["ship"])
    start = ship_pose(ship)
    final = Pose(start.x, start.y, start.heading + int(action["degrees"]))
    poly = ship_outline(ship, final)
    blockers = tuple(o.id for o in scenario.of_kind("ship") if o.id != ship.id and overlaps(poly, ship_outline(o)))
    figures = _poly_figure("final", "base", poly, ship.label, final)
    facts = RotateFacts(scenario.edition, ship.id, _labels(scenario), int(action["degrees"]), final, blockers)
    if blockers:
        words = narrate_rotate(facts)
        outcome: dict[str, Any] = {
            "ship": ship.id,
            "executed": "failed",
            "final": start.rounded(),
            "blocked_by": list(blockers),
            "overlapping": [],
            "at_range_0": [],
            "effects": [],
        }
        return Ruling(outcome, words.steps, (), tuple(figures), words.summary)
    _, contacts = _move_facts(scenario, ship, start, final, None, 0.0, None)
    r0_steps, r0 = range_0_steps(scenario, contacts)
    overlapping = tuple(t.piece.id for t in contacts.overlapping)
    words = narrate_rotate(
        RotateFacts(
            scenario.edition,
            ship.id,
            _labels(scenario),
            int(action["degrees"]),
            final,
            (),
            overlapping,
            tuple(r0_steps),
            bool(r0.get("cannot_attack")),
        )
    )
    outcome = {
        "ship": ship.id,
        "executed": "full",
        "final": final.rounded(),
        "overlapping": list(overlapping),
        "at_range_0": [t.piece.id for t in contacts.at_range_0],
        "effects": [],
        **r0,
    }
    return Ruling(outcome, words.steps, tuple(contacts.warnings), tuple(figures), words.summary)


def option_ruling(scenario: Scenario) -> Ruling:
    """A barrel roll (or decloak roll) or a boost: every option tried, then the move made."""
    action = scenario.action
    ed = scenario.edition
    ship = scenario.piece(action["ship"])
    play = play_area(scenario)
    is_roll = action["type"] == "barrel-roll"
    start = Pose(float(ship.get("x")), float(ship.get("y")), float(ship.get("heading")))
    obstacles_block = not (action.get("tractor") and ed == "2.0")  # a 2.0 tractor move may cross or land on them
    if is_roll:
        options = barrel_roll_options(
            scenario, ship, action["direction"], action["template"], play, obstacles_block=obstacles_block
        )
        wanted = action["position"]
        chosen = choose_option(options, wanted, POSITION_ORDER[wanted])
        decloak = action["template"] == "straight-2"
    else:
        bearing = action["bearing"]
        wanted = bearing if bearing == "straight" else f"{bearing}-{action['direction']}"
        decloak = action.get("template") == "straight-2"
        # the player declares the template before placing it: only that boost is tried (it fails or not)
        every = boost_options(scenario, ship, bearing == "turn", play, decloak=decloak, obstacles_block=obstacles_block)
        options = [o for o in every if o.name == wanted]
        chosen = choose_option(options, wanted, ())
    figures: list[Figure] = []
    for o in options:
        figures += _poly_figure(
            f"option-{o.name}", "ghost" if not o.legal else "option", ship_outline(ship, o.final), o.name
        )
    facts = OptionFacts(
        edition=ed,
        ship=ship.id,
        ship_size=str(ship.size),
        labels=_labels(scenario),
        is_roll=is_roll,
        direction=action.get("direction"),
        wanted=wanted,
        decloak=decloak,
        tractor=bool(action.get("tractor")),
        options=tuple(options),
        chosen=chosen,
    )
    positions = {o.name: {"legal": o.legal, "reason": option_reason(facts.labels, o)} for o in options}
    if chosen is None:
        words = narrate_option(facts)
        outcome: dict[str, Any] = {
            "ship": ship.id,
            "executed": "failed",
            "final": start.rounded(),
            "bumped": [],
            "moved_through": [],
            "overlapping": [],
            "effects": [],
            "skips_perform_action": False,
            "fled": False,
            "positions": positions,
            "chosen": None,
        }
        return Ruling(outcome, words.steps, (), tuple(figures), words.summary)
    template = chosen.template
    figures += _poly_figure("template", "template", template)
    final_poly, contacts = _move_facts(scenario, ship, start, chosen.final, template, 0.0, None)
    figures += _poly_figure("final", "base", final_poly, ship.label, chosen.final)
    res = resolve_contacts(scenario, ship.id, contacts, move="barrel-roll" if is_roll else "boost")
    figures += _contact_figures(contacts, template, final_poly, [e["source"] for e in res.effects])
    # any move through or onto a remote counts for its card, not only a maneuver
    rf = remote_facts(scenario, ship, ship_outline(ship, start), template, 0.0, final_poly, chosen.final, None)
    figures += rf.figures
    r0_steps, r0 = range_0_steps(scenario, contacts)
    resolved = _resolved(res, rf, contacts, r0, r0_steps)
    words = narrate_option(replace(facts, met=_met(contacts), resolved=resolved))
    outcome = {
        "ship": ship.id,
        "executed": "full",
        "final": chosen.final.rounded(),
        "bumped": [],
        "moved_through": list(resolved.moved_through),
        "overlapping": list(resolved.overlapping),
        "effects": list(res.effects),
        "skips_perform_action": res.skips_action,
        "fled": False,
        "positions": positions,
        "chosen": chosen.name,
        "at_range_0": [t.piece.id for t in (*contacts.at_range_0, *rf.contacts.at_range_0)],
        **r0,
    }
    if rf.entries:
        outcome["remotes"] = list(rf.entries)
    warnings = (*contacts.warnings, *rf.contacts.warnings)
    return Ruling(outcome, words.steps, warnings, tuple(figures), words.summary)
