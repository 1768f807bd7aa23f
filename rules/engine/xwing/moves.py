"""Rulings for moves: maneuvers (with bumps), barrel rolls and boosts.

Facts first (``movement``, ``contacts``, ``resolve``), then the explanation
steps built from those facts, each citing its clauses.
"""

from __future__ import annotations

from typing import Any

from shapely import Polygon

from rules.engine.geometry import Pose, overlaps, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario
from rules.engine.xwing.contacts import MoveContacts, move_contacts
from rules.engine.xwing.huge import huge_maneuver_ruling
from rules.engine.xwing.movement import (
    POSITION_ORDER,
    ManeuverResult,
    Option,
    barrel_roll_options,
    boost_options,
    choose_option,
    execute_maneuver,
)
from rules.engine.xwing.pieces import outline, play_area, ship_outline, ship_pose
from rules.engine.xwing.remotes import remote_facts
from rules.engine.xwing.resolve import cid, range_0_steps, resolve_contacts

BEARING_NAMES = {
    "koiogran": "Koiogran turn",
    "segnor": "Segnor's loop",
    "tallon": "Tallon roll",
    "reverse-straight": "reverse straight",
    "reverse-bank": "reverse bank",
    "sideslip-bank": "bank sideslip",
    "sideslip-turn": "turn sideslip",
}


def _fmt_pose(p: Pose) -> str:
    r = p.rounded()
    return f"({r['x']}, {r['y']}) facing {r['heading']}°"


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


def _flee_step(ed: str, ship: Piece, fled: bool) -> list[Step]:
    if not fled:
        return []
    return [
        Step(
            f"{ship.label} flees",
            "Part of its base is outside the play area, so the ship flees: it is removed from the game "
            "(it is not destroyed). A template hanging over the edge would not matter; the base does.",
            (cid(ed, "play-area/flee"),),
            ("final",),
            other_edition=("2.0 checks fleeing after the ship executes a maneuver; 2.5 at any time."),
        )
    ]


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


def maneuver_ruling(scenario: Scenario) -> Ruling:
    """A maneuver: where the ship ends, what it touched, what triggers, and whether it acts."""
    action = scenario.action
    ed = scenario.edition
    ship = scenario.piece(action["ship"])
    if ship.size == "huge":
        return huge_maneuver_ruling(scenario)
    bearing = action["bearing"]
    m = execute_maneuver(scenario, ship, action)
    final_poly, contacts = _move_facts(
        scenario, ship, m.start, m.final, m.counted_template, m.counted_length, m.template_upto
    )
    fled = not play_area(scenario).covers(final_poly)
    steps: list[Step] = []
    figures: list[Figure] = []
    warnings = list(contacts.warnings)
    name = BEARING_NAMES.get(bearing, bearing)
    figures += _poly_figure("template", "template", m.template, m.template_name)
    if m.executed == "partial" and m.counted_template is not None:
        figures += _poly_figure("template-counted", "template-counted", m.counted_template)
    figures += _poly_figure("final", "base", final_poly, ship.label, m.final)

    if bearing == "stationary":
        steps.append(
            Step(
                "Stationary maneuver: the ship does not move",
                f"{ship.label} executes a [0 stop]: no template, it stays at {_fmt_pose(m.final)}. It counts as "
                "a maneuver and is always fully executed.",
                (cid(ed, "maneuver/stationary"),),
                ("final",),
            )
        )
    else:
        guides = "rear" if bearing.startswith("reverse") else "front"
        where = f"between {ship.label}'s {guides} guides"
        clause = "maneuver/reverse" if guides == "rear" else "maneuver/execute"
        if bearing.startswith("sideslip"):
            where = f"flush against {ship.label}'s {_sideslip_sides(m)[0]} side, on its centre hashmark"
            clause = "maneuver/sideslip"
        steps.append(
            Step(
                f"Set the {m.template_name} template",
                f"The {m.template_name} template"
                + ("" if bearing in ("straight", "bank", "turn") else f" of the {name} {action.get('speed')}")
                + f" is set {where}.",
                (cid(ed, clause),),
                ("template", ship.id),
            )
        )
    if m.ignored_blockers:
        warnings.append(
            f"{ship.label} starts overlapping {scenario.names(m.ignored_blockers)}: ships may not overlap; "
            "those ships were ignored for the bump"
        )
    if m.executed == "full" and bearing != "stationary":
        steps += _full_steps(scenario, ship, bearing, m)
    elif m.executed == "partial":
        steps += _partial_steps(scenario, ship, bearing, m)
        figures += _poly_figure(
            "full-position",
            "ghost",
            ship_outline(ship, m.frame.pose(m.path.full_pose())) if m.frame and m.path else None,
            "full",
        )

    steps += _through_steps(ed, contacts)
    resolved = contacts
    if action.get("ignore_obstacles"):
        # an effect lets it ignore obstacles while it moves: they trigger nothing (devices still do)
        resolved = MoveContacts(tuple(t for t in contacts.touches if t.piece.kind != "obstacle"), contacts.warnings)
        ignored = [t.piece.id for t in contacts.touches if t.piece.kind == "obstacle" and (t.through or t.overlapping)]
        steps.append(
            Step(
                "It ignores obstacles while it moves"
                + (f": {scenario.names(ignored)} take no effect" if ignored else ""),
                "A card effect lets this ship ignore obstacles during the maneuver, so moving through or ending on "
                "an obstacle resolves nothing and does not skip its Perform Action step. Once the move is over it is "
                "at range 0 of any obstacle it touches, and range-0 restrictions apply (derived: each card's text "
                "decides what else it lifts).",
                (cid(ed, "obstacles/effects-after-move"), cid(ed, "range/zero")),
                tuple(ignored) or (ship.id,),
                derived=True,
            )
        )
    res = resolve_contacts(scenario, ship.id, resolved, move="stationary" if bearing == "stationary" else "maneuver")
    steps += res.steps
    figures += _contact_figures(contacts, m.counted_template, final_poly, [e["source"] for e in res.effects])

    overlapping_obstacle = [t.piece.id for t in resolved.overlapping if t.piece.kind == "obstacle"]
    skips = res.skips_action
    if ed == "2.5" and overlapping_obstacle:
        skips = True
        steps.append(
            Step(
                "Skip the Perform Action step: it ended on an obstacle",
                f"{ship.label} ends its maneuver overlapping {scenario.names(overlapping_obstacle)}, so it skips its "
                "Perform Action step. Actions granted by other effects (e.g. coordinate) are still allowed.",
                (cid(ed, "obstacles/skip-action"), cid(ed, "obstacles/other-actions")),
                tuple(overlapping_obstacle),
                other_edition="In 2.0 asteroids and gas clouds skip the action step when moved through or "
                "overlapped during a maneuver; debris clouds do not.",
            )
        )
    elif res.skips_action:
        steps.append(
            Step(
                "Skip the Perform Action step",
                "An obstacle it moved through or overlapped makes it skip its Perform Action step this round."
                " Actions granted by other effects are still allowed.",
                (cid(ed, "obstacles/skip-action"), cid(ed, "obstacles/other-actions")),
                tuple(e["source"] for e in res.effects),
                other_edition=(
                    "In 2.5 only ending a maneuver on an obstacle skips the action step (Blaze excepted)."
                    if ed == "2.0"
                    else None
                ),
            )
        )
    if m.executed == "partial":
        skips = True
        bump_steps, bump_facts = _bump_effect_steps(scenario, ship, m, obstacle_effects=bool(res.effects))
        steps += bump_steps
    else:
        bump_facts = {}
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
    steps += rf.steps
    figures += rf.figures
    warnings += rf.contacts.warnings
    r0_steps, r0 = range_0_steps(scenario, contacts)
    steps += r0_steps
    steps += _flee_step(ed, ship, fled)
    if len(steps) <= 2 and not contacts.touches and not rf.contacts.touches and m.executed == "full":
        steps.append(
            Step(
                "Nothing else happens",
                "Neither the template nor the final base shares area with any obstacle or device, so no "
                "effect triggers and the ship goes on to its Perform Action step.",
                (cid(ed, "maneuver/move-through"), cid(ed, "geometry/touching")),
                ("final",),
            )
        )
    outcome: dict[str, Any] = {
        "ship": ship.id,
        "executed": m.executed,
        "final": m.final.rounded(),
        "bumped": list(m.bumped),
        "moved_through": [t.piece.id for t in (*contacts.moved_through, *rf.contacts.moved_through)],
        "overlapping": [t.piece.id for t in (*contacts.overlapping, *rf.contacts.overlapping)],
        "effects": list(res.effects),
        "skips_perform_action": skips,
        "fled": fled,
        "at_range_0": [t.piece.id for t in (*contacts.at_range_0, *rf.contacts.at_range_0)] + list(m.bumped),
        "exempt_at_start": list(res.exempt),
        "template": m.template_name,
        "counted_template_mm": round(m.counted_length, 2),
        "template_mm": round(m.template_length, 2),
        **r0,
        **bump_facts,
    }
    if rf.entries:
        outcome["remotes"] = list(rf.entries)
    if bearing == "tallon":
        outcome["tallon_position"] = m.tallon_position
        outcome["positions"] = {
            k: {"legal": not v, "reason": ("overlaps ship " + scenario.names(v)) if v else None}
            for k, v in m.tallon_tried.items()
        }
    summary = _summary(scenario, ship, m.executed, m.final, fled, skips, outcome)
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)


def _summary(
    scenario: Scenario, ship: Piece, executed: str, final: Pose, fled: bool, skips: bool, outcome: dict[str, Any]
) -> str:
    """The verdict in one line: where it ends and every consequence a player acts on (pieces by label)."""
    verb = {"full": "fully executes", "partial": "partially executes", "failed": "fails"}[executed]
    s = f"{ship.label} {verb} and ends at {_fmt_pose(final)}"
    if outcome.get("bumped"):
        s += f"; bumps {scenario.names(outcome['bumped'])}"
    if outcome.get("effects"):
        s += f"; effects: {scenario.names(e['source'] for e in outcome['effects'])}"
    s += _remote_summary(scenario, ship, outcome)
    if fled:
        s += "; it flees the play area"
    if skips:
        s += "; it skips its Perform Action step"
    if outcome.get("cannot_attack"):
        s += "; it cannot attack"
    return s + "."


def _remote_summary(scenario: Scenario, ship: Piece, outcome: dict[str, Any]) -> str:
    """What the remotes' cards do, for the one-line verdict."""
    s = ""
    for r in outcome.get("remotes", ()):
        name = scenario.names([r["remote"]])
        if r.get("effect") == "relocate":
            where = [k for k, v in r["relocation"].items() if v["legal"]]
            s += (
                f"; {name} relocates to {ship.label}'s {' or '.join(where)} guides"
                if where
                else f"; {name} and {ship.label} each suffer 1 hit damage"
            )
        elif r.get("effect") == "roll":
            s += f"; it rolls for {name} (focus: 1 hit damage to it)"
    return s


def _full_steps(scenario: Scenario, ship: Piece, bearing: str, m: ManeuverResult) -> list[Step]:
    ed = scenario.edition
    steps: list[Step] = []
    if bearing == "tallon":
        tried = ", ".join(f"{k}: overlaps {scenario.names(v)}" for k, v in m.tallon_tried.items() if v)
        steps.append(
            Step(
                f"Tallon roll: rotate 90° and place it at the {m.tallon_position} position",
                "The ship is rotated 90° toward the turn and placed with its side against the end of the "
                f"template, its side hashmark at the {m.tallon_position} of the template end; it ends at "
                f"{_fmt_pose(m.final)}."
                + (
                    f" Positions that overlap a ship cannot be chosen ({tried}); any legal one must be."
                    if tried
                    else ""
                ),
                (cid(ed, "maneuver/tallon"),),
                ("final", "template"),
            )
        )
        return steps
    if bearing in ("koiogran", "segnor"):
        steps.append(
            Step(
                f"{BEARING_NAMES[bearing]}: the front guides go into the template end",
                f"Fully executed, so the ship is placed with its front guides at the end of the template, "
                f"turned around: it ends at {_fmt_pose(m.final)}.",
                (cid(ed, f"maneuver/{bearing}"),),
                ("final", "template"),
            )
        )
        return steps
    if bearing.startswith("sideslip"):
        start_side, end_side = _sideslip_sides(m)
        steps.append(
            Step(
                f"Sideslip: the template goes at the ship's {start_side} side",
                f"The {m.template_name} template is laid flush against the ship's {start_side} side, its middle "
                "line on that side's centre hashmark and its far end in the ship's full front arc; the ship is "
                f"placed with the centre hashmark of its {end_side} side on the far end: it ends at "
                f"{_fmt_pose(m.final)}, fully executing the maneuver.",
                (cid(ed, "maneuver/sideslip"),),
                ("final", "template"),
            )
        )
        return steps
    steps.append(
        Step(
            "Place the ship at the end of the template",
            f"The ship's {'front' if bearing.startswith('reverse') else 'rear'} guides slide into the far end "
            f"of the template: it ends at {_fmt_pose(m.final)}, fully executing the maneuver.",
            (cid(ed, "maneuver/reverse" if bearing.startswith("reverse") else "maneuver/execute"),),
            ("final", "template"),
        )
    )
    return steps


def _sideslip_sides(m: ManeuverResult) -> tuple[str, str]:
    """Which side of the ship the template starts at, and which side ends on it (from the frame's turn)."""
    turn = m.frame.turn if m.frame else 0.0
    return ("right", "left") if turn > 0 else ("left", "right")


def _partial_steps(scenario: Scenario, ship: Piece, bearing: str, m: ManeuverResult) -> list[Step]:
    ed = scenario.edition
    steps: list[Step] = []
    if bearing in ("koiogran", "segnor", "tallon"):
        steps.append(
            Step(
                f"The {BEARING_NAMES[bearing]} would overlap a ship: execute it as the basic maneuver",
                f"Its final position overlaps a ship, so it partially executes as a {m.template_name} using the "
                "rear guides, without the rotation.",
                (cid(ed, "overlap/partial-advanced"),),
                ("template",),
            )
        )
    moved = m.counted_length
    slip = bearing.startswith("sideslip")
    hashmarks = "the centre hashmarks of both sides" if slip else "the hashmarks of both guide pairs"
    steps.append(
        Step(
            f"Bump: it backs up along the template until it fits, touching {scenario.names(m.bumped) or 'nothing'}",
            "Its final position would overlap "
            + (scenario.names(m.bumped) if m.bumped else "a ship")
            + f". It moves backward along the template, {hashmarks} centred on the "
            "template's middle line, until it overlaps no ship, and is placed touching the last ship it backed "
            f"over: {_fmt_pose(m.final)} (solved to 0.0001 mm of path).",
            (cid(ed, "overlap/partial"), cid(ed, "range/zero"), *((cid(ed, "maneuver/sideslip"),) if slip else ())),
            ("full-position", "final", *m.bumped),
        )
    )
    steps.append(
        Step(
            "Only the template between its start and final positions counts",
            f"For obstacles and devices only the first {round(moved, 2)} mm of the {round(m.template_length, 2)} mm "
            f"template (from the start position to the final position's {'trailing side' if slip else 'rear edge'}) "
            "count; the part it backed "
            "along is ignored.",
            (cid(ed, "obstacles/partial"), cid(ed, "device/partial")),
            ("template-counted",),
            derived=True,
        )
    )
    return steps


def _through_steps(ed: str, contacts: MoveContacts) -> list[Step]:
    steps: list[Step] = []
    for t in contacts.touches:
        pid = t.piece.id
        name = t.piece.label  # as the picture labels it
        if t.through and t.overlapping:
            title = f"The template moves through {name} and the final base overlaps it"
        elif t.through:
            title = f"The template moves through {name}"
        elif t.overlapping:
            title = f"The final base overlaps {name}"
        elif t.final_contact.touching:
            steps.append(
                Step(
                    f"The final base touches {name} without overlapping it",
                    "Touching is not overlapping: the ship is at range 0 of it but shares no area with it.",
                    (cid(ed, "geometry/touching"), cid(ed, "range/zero")),
                    (pid,),
                    derived=True,
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
        if t.piece.kind == "device":
            rules.append(cid(ed, "device/guides"))
        steps.append(Step(title, text, tuple(rules), (pid, f"contact-{pid}")))
    return steps


def _bump_effect_steps(
    scenario: Scenario, ship: Piece, m: ManeuverResult, *, obstacle_effects: bool = False
) -> tuple[list[Step], dict[str, Any]]:
    ed = scenario.edition
    if ed == "2.0":
        return [
            Step(
                "Bump: skip the Perform Action step",
                "A ship that partially executes a maneuver skips its Perform Action step; actions granted by "
                "other effects are still allowed.",
                (cid(ed, "overlap/bump-effect"),),
                tuple(m.bumped),
                other_edition="In 2.5 a bump into a friendly ship also rolls a die for damage, and a bump into "
                "an enemy allows a red focus or calculate action.",
            )
        ], {"bump_effect": "skip-action"}
    others = [scenario.piece(b) for b in m.bumped]
    mine = ship.player
    friendly = [o.id for o in others if mine is not None and o.player == mine]
    enemy = [o.id for o in others if mine is not None and o.player is not None and o.player != mine]
    unknown = [o.id for o in others if mine is None or o.player is None]
    stressed = bool(ship.get("state", {}).get("stressed"))
    steps: list[Step] = []
    if friendly or unknown and not enemy:
        which = "friendly" if friendly else "friendly (if it is friendly)"
        steps.append(
            Step(
                f"Bump into a {which} ship: roll for damage, skip the action step",
                "After its Check Difficulty step the ship rolls 1 attack die: on a hit or crit it suffers 1 hit "
                "damage (1/2). Then it skips its Perform Action step."
                + (" It also touched an enemy ship, but the friendly effect applies." if enemy else "")
                + (" Set the ships' players to tell friendly from enemy." if unknown else ""),
                (cid(ed, "overlap/bump-effect"), cid(ed, "overlap/bump-friendly")),
                tuple(m.bumped),
                other_edition="In 2.0 a bump only skips the Perform Action step.",
            )
        )
        return steps, {"bump_effect": "friendly"}
    steps.append(
        Step(
            "Bump into an enemy ship: " + ("no free action (stressed)" if stressed else "a red focus or calculate"),
            (
                "The ship is stressed, so it may not take the red focus or calculate action. "
                if stressed
                else "If it is not stressed, it may immediately perform a focus or calculate action from its action "
                "bar, treated as red. "
            )
            + "It skips its Perform Action step and cannot perform additional actions this activation."
            + (
                " Open question: the rules do not say whether this comes before or after the obstacle effects of "
                "the same move (a debris cloud's stress would forbid it); FlyCasual's maintainers allowed the red "
                "action first."
                if obstacle_effects and not stressed
                else ""
            ),
            (cid(ed, "overlap/bump-effect"), cid(ed, "overlap/bump-enemy")),
            tuple(m.bumped),
            derived=obstacle_effects and not stressed,
            other_edition="In 2.0 a bump only skips the Perform Action step.",
        )
    )
    return steps, {"bump_effect": "enemy"}


def _option_steps(ed: str, kind: str, options: list[Option], chosen: Option | None, wanted: str) -> list[Step]:
    steps = []
    for o in options:
        verdict = "legal" if o.legal else f"not legal: {o.reason}"
        steps.append(
            Step(
                f"{kind.capitalize()} {o.name}: {verdict}",
                f"Placed {o.name}, the ship would end at {_fmt_pose(o.final)}; "
                + ("nothing stops it." if o.legal else f"it {o.reason}."),
                (cid(ed, "barrel-roll/fail" if kind == "barrel roll" else "boost/fail"),),
                (f"option-{o.name}", *o.blocking),
            )
        )
    if chosen is not None and chosen.name != wanted:
        steps.append(
            Step(
                f"The {wanted} {kind} is not legal: the ship must take a legal one",
                f"A ship cannot choose to fail while a legal option exists; shown here: {chosen.name}.",
                (cid(ed, "barrel-roll/fail" if kind == "barrel roll" else "boost/fail"),),
                (f"option-{chosen.name}",),
            )
        )
    return steps


def rotate_ruling(scenario: Scenario) -> Ruling:
    """Rotate a ship in place: not a move; it cannot rotate onto a ship; obstacles under it do not resolve."""
    action = scenario.action
    ed = scenario.edition
    ship = scenario.piece(action["ship"])
    start = ship_pose(ship)
    final = Pose(start.x, start.y, start.heading + int(action["degrees"]))
    poly = ship_outline(ship, final)
    blockers = [o.id for o in scenario.of_kind("ship") if o.id != ship.id and overlaps(poly, ship_outline(o))]
    steps = [
        Step(
            f"{ship.label} rotates {action['degrees']}° in place",
            "Rotating is not a move: the ship turns about its centre. It cannot rotate onto another ship; rotated "
            "onto an obstacle or a device, it does not resolve the overlap, but it is then at range 0 of it.",
            (cid(ed, "rotate/execute"),),
            (ship.id, "final"),
        )
    ]
    figures = _poly_figure("final", "base", poly, ship.label, final)
    if blockers:
        steps.append(
            Step(
                f"It cannot rotate: it would overlap {scenario.names(blockers)}",
                "A ship cannot rotate onto another ship, so it keeps its facing.",
                (cid(ed, "rotate/execute"),),
                tuple(blockers),
            )
        )
        outcome: dict[str, Any] = {
            "ship": ship.id,
            "executed": "failed",
            "final": start.rounded(),
            "blocked_by": blockers,
            "overlapping": [],
            "at_range_0": [],
            "effects": [],
        }
        return Ruling(
            outcome, tuple(steps), (), tuple(figures), f"{ship.label} cannot rotate: it would overlap a ship."
        )
    _, contacts = _move_facts(scenario, ship, start, final, None, 0.0, None)
    r0_steps, r0 = range_0_steps(scenario, contacts)
    overlapping = [t.piece.id for t in contacts.overlapping]
    if overlapping:
        steps.append(
            Step(
                f"It is rotated onto {scenario.names(overlapping)}: no overlap effect",
                "Rotating onto an obstacle or device does not resolve overlapping it; the ship is at range 0 of it.",
                (cid(ed, "rotate/execute"), cid(ed, "range/zero")),
                tuple(overlapping),
            )
        )
    steps += r0_steps
    outcome = {
        "ship": ship.id,
        "executed": "full",
        "final": final.rounded(),
        "overlapping": overlapping,
        "at_range_0": [t.piece.id for t in contacts.at_range_0],
        "effects": [],
        **r0,
    }
    summary = f"{ship.label} rotates to face {final.rounded()['heading']}°" + (
        "; it cannot attack." if r0.get("cannot_attack") else "."
    )
    return Ruling(outcome, tuple(steps), tuple(contacts.warnings), tuple(figures), summary)


def option_ruling(scenario: Scenario) -> Ruling:
    """A barrel roll (or decloak roll) or a boost: every option tried, then the move made."""
    action = scenario.action
    ed = scenario.edition
    ship = scenario.piece(action["ship"])
    play = play_area(scenario)
    is_roll = action["type"] == "barrel-roll"
    start = Pose(float(ship.get("x")), float(ship.get("y")), float(ship.get("heading")))
    obstacles_block = not (action.get("tractor") and ed == "2.0")  # a 2.0 tractor move may cross or land on them
    steps: list[Step] = []
    if is_roll:
        kind = "barrel roll"
        options = barrel_roll_options(
            scenario, ship, action["direction"], action["template"], play, obstacles_block=obstacles_block
        )
        wanted = action["position"]
        chosen = choose_option(options, wanted, POSITION_ORDER[wanted])
        decloak = action["template"] == "straight-2"
        steps.append(
            Step(
                ("Decloak: barrel roll with the [2 straight]" if decloak else "Barrel roll")
                + f" to the {action['direction']}",
                "The template is placed against the ship's "
                + ("side by its narrow end" if ship.size == "small" else "side by its long edge")
                + ", its middle line on the side hashmark; the ship may be placed at the front, middle or back "
                "of its far end. Ships, obstacles and the table edge can stop a position; devices never do.",
                (cid(ed, "barrel-roll/execute"),) + ((cid(ed, "cloak/decloak"),) if decloak else ()),
                ("template", ship.id),
            )
        )
    else:
        kind = "boost"
        bearing = action["bearing"]
        wanted = bearing if bearing == "straight" else f"{bearing}-{action['direction']}"
        decloak = action.get("template") == "straight-2"
        # the player declares the template before placing it: only that boost is tried (it fails or not)
        every = boost_options(scenario, ship, bearing == "turn", play, decloak=decloak, obstacles_block=obstacles_block)
        options = [o for o in every if o.name == wanted]
        chosen = choose_option(options, wanted, ())
        steps.append(
            Step(
                ("Decloak: boost with the [2 straight]" if decloak else f"Boost: {wanted}"),
                (
                    "A small ship decloaking may boost with the [2 straight] between its front guides. "
                    if decloak
                    else "The [1 straight] or a [1 bank] template is set between the front guides and the ship "
                    "placed at its end. "
                )
                + "The template is declared before it is placed. A boost cannot be partially executed; ships, "
                "obstacles and the table edge make it fail (another template is not taken instead); devices never "
                "stop it.",
                (cid(ed, "boost/execute"),) + ((cid(ed, "cloak/decloak"),) if decloak else ()),
                ("template", ship.id),
            )
        )
    if action.get("tractor"):
        steps.insert(
            0,
            Step(
                f"Tractored: the tractoring player {'rolls' if is_roll else 'boosts'} it",
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
                (ship.id,),
            ),
        )
    steps += _option_steps(ed, kind, options, chosen, wanted)
    figures: list[Figure] = []
    for o in options:
        figures += _poly_figure(
            f"option-{o.name}", "ghost" if not o.legal else "option", ship_outline(ship, o.final), o.name
        )
    warnings: list[str] = []
    positions = {o.name: {"legal": o.legal, "reason": o.reason} for o in options}
    if chosen is None:
        if decloak:
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
        what = "position on that side is" if is_roll else "declared template is"
        steps.append(
            Step(
                f"The {'decloak' if decloak else kind} fails",
                f"No {what} legal, so the ship stays where it is. {consequence}",
                (cid(ed, "barrel-roll/fail" if is_roll else "boost/fail"),)
                + ((cid(ed, "cloak/decloak"),) if decloak else ()),
                (ship.id,),
            )
        )
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
        return Ruling(outcome, tuple(steps), (), tuple(figures), f"{ship.label}'s {kind} fails; it stays put.")
    template = chosen.template
    figures += _poly_figure("template", "template", template)
    final_poly, contacts = _move_facts(scenario, ship, start, chosen.final, template, 0.0, None)
    figures += _poly_figure("final", "base", final_poly, ship.label, chosen.final)
    warnings += contacts.warnings
    res = resolve_contacts(scenario, ship.id, contacts, move="barrel-roll" if is_roll else "boost")
    steps += _through_steps(ed, contacts)
    steps += res.steps
    figures += _contact_figures(contacts, template, final_poly, [e["source"] for e in res.effects])
    steps.append(
        Step(
            "No action skip from a move",
            "A barrel roll or boost is a move, not a maneuver: landing somewhere never skips the Perform Action "
            "step"
            + (
                " (a tractored ship may land on an obstacle in 2.0 and resolves it, but skips nothing)."
                if action.get("tractor") and ed == "2.0"
                else " (and it could not legally land on an obstacle anyway)."
            ),
            (cid(ed, "obstacles/move-not-maneuver"),),
            ("final",),
        )
    )
    # any move through or onto a remote counts for its card, not only a maneuver
    rf = remote_facts(scenario, ship, ship_outline(ship, start), template, 0.0, final_poly, chosen.final, None)
    steps += rf.steps
    figures += rf.figures
    warnings += rf.contacts.warnings
    r0_steps, r0 = range_0_steps(scenario, contacts)
    steps += r0_steps
    outcome = {
        "ship": ship.id,
        "executed": "full",
        "final": chosen.final.rounded(),
        "bumped": [],
        "moved_through": [t.piece.id for t in (*contacts.moved_through, *rf.contacts.moved_through)],
        "overlapping": [t.piece.id for t in (*contacts.overlapping, *rf.contacts.overlapping)],
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
    summary = f"{ship.label} {kind}s {chosen.name} and ends at {_fmt_pose(chosen.final)}"
    summary += _remote_summary(scenario, ship, outcome)
    if res.effects:
        summary += f"; effects: {scenario.names(e['source'] for e in res.effects)}"
    if r0.get("cannot_attack"):
        summary += "; it cannot attack"
    summary += "."
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)
