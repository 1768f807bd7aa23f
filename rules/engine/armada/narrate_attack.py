"""Every sentence of an Armada attack ruling, from ``attack.AttackFacts``.

The steps follow the RRG's Declare Target: firing arc, attack range, line of
sight, obstruction; then the dice the range allows.  Templates are
``str.format`` strings filled from facts: pieces by label, hull zones by the
names printed on the ship card, never ids or coordinates.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine.armada import dimensions as dim
from rules.engine.armada.attack import RANGE_NAMES, AttackFacts, damage, gathered
from rules.engine.armada.hullzones import zone_name
from rules.engine.geometry import CLOSE_CALL_MM
from rules.engine.ruling import Ruling, Step
from rules.engine.scenario import Scenario, with_kind

R = "armada-1.5/"

WORDS = {
    "who.title": "{attacker} attacks {defender}",
    "who.text.ship": "The attack is declared from {attacker}'s {azone} hull zone. Arc and range use the hull zones "
    "printed on the cardboard ship token (≈: a simulator's measurements of the printed tokens), never the plastic "
    "base, its shield dials or their frames.",
    "who.text.squadron": "A squadron attacks all around it, but only at distance 1.",
    "arc.title.in": "{defender} is inside the {azone} firing arc",
    "arc.title.touch": "{defender} touches the {azone} arc line: inside the arc",
    "arc.title.out": "{defender} is outside the {azone} firing arc",
    "arc.text.in": "Extending the two arc lines printed around {attacker}'s {azone} hull zone, part of {defender} "
    "lies between them.",
    "arc.text.touch": "{defender} only touches one of the extended arc lines. The lines belong to the arc, so it is "
    "inside; on the table this is too close to see, so check it with the ruler's edge.",
    "arc.text.out": "Extending the two arc lines printed around {attacker}'s {azone} hull zone, no part of {defender} "
    "lies between them ({gap:.1f} mm away): it cannot be attacked from this hull zone.",
    "range.title.ship": "Attack range: {band}",
    "range.title.squadron": "Attack range: {band}",
    "range.text.ship": "From the closest point of the {azone} hull zone to the closest point of {defender} inside "
    "the arc: {mm:.1f} mm. Close range ends at ≈ {close:g} mm, medium at ≈ {medium:g} mm, long at {long:g} mm; a "
    "line on a band's end belongs to the nearer band.",
    "range.text.squadron": "From the closest point of the squadron's base to the closest point of {defender}: "
    "{mm:.1f} mm; distance 1 ends at ≈ {d1:g} mm.",
    "range.text.none": "Range is not measured: {defender} is outside the arc.",
    "band.beyond.ship": "beyond long range",
    "band.unmeasured": "not measured (outside the arc)",
    "band.beyond.squadron": "beyond distance 1",
    "band.squadron": "distance 1",
    "through.title": "Range is traced through {defender}'s {zone} hull zone",
    "through.text": "The shortest range line crosses {defender}'s {zone} hull zone on its way to the {dzone} "
    "hull zone, so there is no line of sight to that hull zone: choose another target.",
    "sight.title": "Line of sight",
    "sight.text.ships": "Traced from the yellow targeting point of the {azone} hull zone to that of {defender}'s "
    "{dzone} hull zone.",
    "sight.text.to-squadron": "Traced from the yellow targeting point of the {azone} hull zone to the point of "
    "{defender}'s base closest to it.",
    "sight.text.from-squadron": "Traced from the point of {attacker}'s base closest to {defender}'s {dzone} "
    "targeting point, to that targeting point.",
    "sight.text.squadrons": "Traced between the closest points of the two squadrons' bases.",
    "sight.blocked": " It crosses {defender}'s {zone} hull zone: no line of sight to the {dzone} hull zone.",
    "sight.clear": " It does not cross another of {defender}'s hull zones.",
    "sight.own": " {attacker}'s own hull zones never block its line of sight.",
    "sight.squadrons": " Squadrons never block or obstruct it ({names} under the line).",
    "sight.other": "The 1.6 text traces line of sight to or from a squadron from the centre of its base, not "
    "the closest point.",
    "obstruct.title.clear": "Not obstructed",
    "obstruct.title.obstructed": "Obstructed",
    "obstruct.title.dust": "A dust field is in the line: the ship cannot attack",
    "obstruct.none": "No obstacle and no other ship's base lies under the line (shield dials and their frames are "
    "ignored).",
    "obstruct.obstructs": "The line passes over {piece_kind}",
    "obstruct.forbids": "The line passes over {piece}, a dust field: a ship cannot attack through it",
    "obstruct.squadron-dust": "The line passes over {piece}, a dust field: a squadron's attack through it is "
    "obstructed",
    "obstruct.dial": "The line passes through {ships}'s shield dial, which lies over {piece}: obstructed (2021 "
    "correction)",
    "obstruct.dial-dust": "The line passes through {ships}'s shield dial, which lies over {piece}, a dust field: a "
    "ship cannot attack through it",
    "obstruct.covered": "The line crosses {piece} only where {ships}'s base covers it: that obstacle does not obstruct",
    "obstruct.marked": "The line passes over {piece}, which this objective says does not obstruct",
    "obstruct.close": "{pieces}: within {close:g} mm of the line, too close to call on the table",
    "obstruct.end.obstructed": "The attacker removes one die before rolling, of its choice.",
    "dice.title": "Dice for {band}",
    "dice.title.removed": "Dice for {band}: the attacker removes one {colours} die",
    "dice.text": "Gathered: {pool}.{removed}{cancelled}",
    "dice.removed": " Obstructed: remove one {colours} die (the attacker chooses).",
    "dice.cancelled": " No die suits this range: the attack is cancelled.",
    "dice.none": "none",
    "damage.title": "Damage rolled: {damage}",
    "damage.text.ships": "Ship against ship: every hit and critical icon counts ({damage}), before defense tokens "
    "and card effects.",
    "damage.text.squadron": "A squadron is involved: only hit icons count ({damage}), before defense tokens and "
    "card effects.",
    "verdict.yes": "{attacker} may attack {target}",
    "verdict.yes.obstructed": "{attacker} may attack {target}, obstructed",
    "verdict.no": "{attacker} cannot attack {target}",
    "verdict.text.yes": "In arc, at range, with line of sight{obstructed}.",
    "verdict.text.yes.squadron": "At distance 1, with line of sight{obstructed}.",
    "verdict.text.obstructed": "; obstructed, so one die fewer",
    "verdict.text.no": "{why}.",
    "why.arc": "it is outside the firing arc",
    "why.range": "it is out of range",
    "why.through": "range is traced through another hull zone",
    "why.sight": "the line of sight crosses another hull zone",
    "why.dust": "a dust field is in the line of sight",
    "why.dice": "no die suits the range",
    "target.zone": "{defender}'s {zone} hull zone",
    "summary": "{verdict}.",
    "warning.close": "{what}: within {close:g} mm of the other answer; check on the table",
    "close.arc": "the arc line",
    "close.range": "the range band's end",
    "figure.arc-line": "arc line",
    "figure.arc": "{azone} firing arc",
    "figure.range": "attack range {mm:.1f} mm",
    "figure.band": "{band} from the {azone} hull zone",
    "figure.sight": "line of sight",
    "figure.crossed": "line over {piece}",
    "figure.blocking": "{defender}'s {zone} hull zone blocks",
    "figure.through": "range crosses {defender}'s {zone} hull zone",
    "figure.defending": "defending hull zone",
    "figure.attacking": "attacking hull zone",
}


def _say(template: str, **fields: Any) -> str:
    return template.format(**fields)


def _join(labels: list[str]) -> str:
    if len(labels) < 2:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _band_words(f: AttackFacts) -> str:
    if f.range_mm is None:  # outside the arc: range is never measured, so no band can be named
        return WORDS["band.unmeasured"]
    if f.attacker_kind == "squadron":
        return WORDS["band.squadron"] if f.range_band is not None else WORDS["band.beyond.squadron"]
    if f.range_band is None:
        return WORDS["band.beyond.ship"]
    return RANGE_NAMES[f.range_band] + " range"


def _reasons(f: AttackFacts, cancelled: bool) -> tuple[list[str], list[str]]:
    """Clause ids that decided ``can_attack`` and the words for why not."""
    rules: list[str] = []
    why: list[str] = []
    if not f.in_arc:
        rules.append(R + "measuring/arc")
        why.append(WORDS["why.arc"])
    elif not f.in_range:
        rules += [R + ("attack/declare-target" if f.attacker_kind == "ship" else "attack/squadron-distance-1")]
        why.append(WORDS["why.range"])
    if f.range_through is not None:
        rules.append(R + "measuring/through-hull-zone")
        why.append(WORDS["why.through"])
    if f.sight_blocked_by is not None:
        rules.append(R + "line-of-sight/other-hull-zone")
        why.append(WORDS["why.sight"])
    if f.dust:
        rules.append(R + "obstacles/dust-field-attack")
        why.append(WORDS["why.dust"])
    if cancelled:
        rules.append(R + "attack/dice-by-range")
        why.append(WORDS["why.dice"])
    return rules, why


def narrate_attack(scenario: Scenario, f: AttackFacts) -> Ruling:
    att, dfn = scenario.piece(f.attacker), scenario.piece(f.defender)
    azone = zone_name(str(att.size), f.attacker_zone) if f.attacker_zone else ""
    dzone = zone_name(str(dfn.size), f.defender_zone) if f.defender_zone else ""
    names = {"attacker": att.label, "defender": dfn.label, "azone": azone, "dzone": dzone}
    target = _say(WORDS["target.zone"], defender=dfn.label, zone=dzone) if f.defender_zone else dfn.label
    steps: list[Step] = []
    ship_att = f.attacker_kind == "ship"

    declare = (R + "attack/declare-target",) if ship_att else (R + "attack/squadron-distance-1",)
    geometry = (R + "geometry/hull-zones",) if f.estimated else ()
    huge = (R + "huge-ship/hull-zones",) if "huge" in (att.size, dfn.size) else ()
    steps.append(
        Step(
            _say(WORDS["who.title"], attacker=att.label, defender=target),
            _say(WORDS["who.text.ship" if ship_att else "who.text.squadron"], **names),
            declare + (R + "attack/friendly",) + geometry + huge,
            (f.attacker, f.defender, *(("attacking-zone",) if ship_att else ())),
            derived=bool(geometry),
        )
    )
    if ship_att:
        key = "touch" if f.arc_touching else ("in" if f.in_arc else "out")
        steps.append(
            Step(
                _say(WORDS[f"arc.title.{key}"], defender=target, azone=azone),
                _say(WORDS[f"arc.text.{key}"], gap=f.arc_gap_mm, **{**names, "defender": target}),
                (R + "measuring/arc", R + "firing-arc/lines", R + "measuring/dials-ignored")
                + ((R + "geometry/line-touching",) if f.arc_touching else ()),
                (f.defender, "arc-line-1", "arc-line-2", "arc", *(("defending-zone",) if f.defender_zone else ())),
                derived=f.arc_touching,
                states=("in_arc",) if f.in_arc else ("in_arc:no",),
            )
        )
    band = _band_words(f)
    if f.range_mm is None:
        text = _say(WORDS["range.text.none"], defender=target)
    elif ship_att:
        close, medium, long = dim.RANGE_BANDS
        text = _say(WORDS["range.text.ship"], mm=f.range_mm, close=close, medium=medium, long=long, **names)
    else:
        # to the defending hull zone when the defender is a ship (the engine measures to it; trial 4 read "to
        # the closest point of <ship>" beside the rule's "of the defending hull zone")
        text = _say(
            WORDS["range.text.squadron"], mm=f.range_mm, d1=dim.DISTANCE_BANDS[0], **{**names, "defender": target}
        )
    steps.append(
        Step(
            _say(WORDS["range.title.ship" if ship_att else "range.title.squadron"], band=band),
            text,
            (R + "measuring/range", R + "measuring/outside-arc-ignored", R + "range/bands", R + "geometry/bands")
            if ship_att
            else (R + "attack/squadron-distance-1", R + "measuring/range", R + "range/bands", R + "geometry/bands"),
            ("range", "range-band", f.attacker, f.defender),
            states=("range",) if f.in_range else ("range", "in_range:no"),
        )
    )
    if f.range_through is not None:
        zone = zone_name(str(dfn.size), f.range_through)
        steps.append(
            Step(
                _say(WORDS["through.title"], defender=dfn.label, zone=zone),
                _say(WORDS["through.text"], defender=dfn.label, zone=zone, dzone=dzone),
                (R + "measuring/through-hull-zone",),
                ("range", "range-through-zone", f.defender),
                states=("range_through_zone",),
            )
        )
    steps.append(_sight_step(scenario, f, names))
    steps.append(_obstruction_step(scenario, f))

    dice: dict[str, int] | None = scenario.action.get("dice")
    cancelled = False
    dice_out: dict[str, Any] | None = None
    obstructed = bool(f.obstructed_by)
    if dice is not None and f.in_arc and f.in_range:
        pool = gathered(dice, f.range_band if ship_att else 0)
        cancelled = not pool
        colours = sorted(pool) if obstructed and pool else []
        words = ", ".join(f"{n} {c}" for c, n in sorted(pool.items())) or WORDS["dice.none"]
        either = _join(colours).replace(" and ", " or ")
        removed = _say(WORDS["dice.removed"], colours=either) if colours else ""
        steps.append(
            Step(
                _say(WORDS["dice.title.removed" if colours else "dice.title"], band=band, colours=either),
                _say(
                    WORDS["dice.text"],
                    pool=words,
                    removed=removed,
                    cancelled=WORDS["dice.cancelled"] if cancelled else "",
                ),
                (R + "attack/dice-by-range",) + ((R + "obstructed/remove-die",) if obstructed else ()),
                (f.attacker,),
                states=("dice:cancelled",) if cancelled else ("dice",),
            )
        )
        dice_out = {"gathered": pool, "remove_one_of": colours, "cancelled": cancelled}
    rules, why = _reasons(f, cancelled)
    can = not rules
    if can:
        verdict = _say(
            WORDS["verdict.yes.obstructed" if obstructed else "verdict.yes"], attacker=att.label, target=target
        )
        key = "verdict.text.yes" if ship_att else "verdict.text.yes.squadron"
        vtext = _say(WORDS[key], obstructed=WORDS["verdict.text.obstructed"] if obstructed else "")
        rules = list(declare)
    else:
        verdict = _say(WORDS["verdict.no"], attacker=att.label, target=target)
        vtext = _say(WORDS["verdict.text.no"], why=_join(why).capitalize())
    results = scenario.action.get("dice_results")
    dmg: int | None = None
    if results is not None and can and not cancelled:
        dmg = damage(results, "squadron" in (f.attacker_kind, f.defender_kind))
        squadron = "squadron" in (f.attacker_kind, f.defender_kind)
        steps.append(
            Step(
                _say(WORDS["damage.title"], damage=dmg),
                _say(WORDS["damage.text.squadron" if squadron else "damage.text.ships"], damage=dmg),
                (R + "attack/damage",),
                (f.defender,),
            )
        )
    steps.append(
        Step(
            verdict,
            vtext,
            tuple(dict.fromkeys(rules)),
            (f.attacker, f.defender, "sight"),
            states=("can_attack",) if can else ("can_attack:no",),
        )
    )

    outcome: dict[str, Any] = {
        "can_attack": can,
        "reasons": list(dict.fromkeys(rules)) if not can else [],
        "attacker_zone": f.attacker_zone,
        "defender_zone": f.defender_zone,
        "in_arc": f.in_arc,
        "arc_touching": f.arc_touching,
        "arc_gap_mm": f.arc_gap_mm,
        "range": RANGE_NAMES[f.range_band] if ship_att and f.range_band is not None else None,
        "distance": 1 if not ship_att and f.range_band is not None else None,
        "range_mm": f.range_mm,
        "range_through_zone": f.range_through,
        "line_of_sight": f.line_of_sight,
        "sight_blocked_by_zone": f.sight_blocked_by,
        "obstructed": obstructed,
        "obstructed_by": list(f.obstructed_by),
        "dice_removed": 1 if obstructed and can else 0,
        "dust_fields": list(f.dust),
        "not_obstructing": [c.piece for c in f.crossings if c.effect == "marked"],
        "covered_obstacles": [
            {"obstacle": c.piece, "under": list(c.under)} for c in f.crossings if c.effect == "covered"
        ],
        "dial_obstructions": [
            {"obstacle": c.piece, "dial_of": list(c.under)} for c in f.crossings if c.effect == "dial"
        ],
        "squadrons_crossed": list(f.squadrons_crossed),
        "close_calls": list(f.close_calls),
    }
    if dice_out is not None:
        outcome["dice"] = dice_out
    if dmg is not None:
        outcome["damage"] = dmg
    warnings = []
    for what in f.close_calls:
        label = WORDS.get(f"close.{what}") or scenario.names([what])
        warnings.append(
            _say(
                WORDS["warning.close"],
                what=label.capitalize() if what in ("arc", "range") else label,
                close=CLOSE_CALL_MM,
            )
        )
    return Ruling(
        outcome,
        tuple(steps),
        tuple(warnings),
        _labelled(scenario, f, names, band),
        _say(WORDS["summary"], verdict=verdict),
    )


def _sight_step(scenario: Scenario, f: AttackFacts, names: dict[str, str]) -> Step:
    dfn = scenario.piece(f.defender)
    kinds = (f.attacker_kind, f.defender_kind)
    key = {
        ("ship", "ship"): "ships",
        ("ship", "squadron"): "to-squadron",
        ("squadron", "ship"): "from-squadron",
        ("squadron", "squadron"): "squadrons",
    }[kinds]
    text = _say(WORDS[f"sight.text.{key}"], **names)
    if f.sight_blocked_by is not None:
        zone = zone_name(str(dfn.size), f.sight_blocked_by)
        text += _say(WORDS["sight.blocked"], defender=dfn.label, zone=zone, dzone=names["dzone"])
    elif f.defender_kind == "ship":
        text += _say(WORDS["sight.clear"], defender=dfn.label)
    if f.attacker_kind == "ship":
        text += _say(WORDS["sight.own"], attacker=names["attacker"])
    if f.squadrons_crossed:
        text += _say(WORDS["sight.squadrons"], names=_join([scenario.names([q]) for q in f.squadrons_crossed]))
    rules: tuple[str, ...] = ()
    if "ship" in kinds:
        rules += (R + "line-of-sight/targeting-points",)
    if "squadron" in kinds:
        rules += (R + "line-of-sight/squadron-closest-point",)
    rules += (R + "line-of-sight/other-hull-zone", R + "line-of-sight/squadrons-and-attacker")
    return Step(
        WORDS["sight.title"],
        text,
        rules,
        ("sight", *(("blocking-zone",) if f.sight_blocked_by else ()), f.attacker, f.defender),
        derived="squadron" in kinds,
        other_edition=WORDS["sight.other"] if "squadron" in kinds else None,
        states=("sight_blocked_by_zone",) if f.sight_blocked_by is not None else ("line_of_sight",),
    )


def _obstruction_step(scenario: Scenario, f: AttackFacts) -> Step:
    parts: list[str] = []
    rules = [R + "line-of-sight/obstructed", R + "line-of-sight/dials-ignored"]
    for c in f.crossings:
        piece = scenario.names([c.piece])
        ships = _join([scenario.names([s]) for s in c.under])
        if c.effect == "obstructs":
            key = "obstruct.squadron-dust" if c.type == "dust-field" else "obstruct.obstructs"
            if c.type == "dust-field":
                rules.append(R + "obstacles/dust-field-attack")
        elif c.effect == "forbids":
            key = "obstruct.dial-dust" if c.under else "obstruct.forbids"
            rules.append(R + "obstacles/dust-field-attack")
        elif c.effect == "dial":
            key = "obstruct.dial"
            rules.append(R + "line-of-sight/dial-over-obstacle")
        elif c.effect == "covered":
            key = "obstruct.covered"
            rules.append(R + "line-of-sight/ship-on-obstacle")
        else:
            key = "obstruct.marked"
            rules.append(R + "objectives/non-obstructing")
        kind = "a ship's base" if c.kind == "ship" else c.type.replace("-", " ")
        parts.append(_say(WORDS[key], piece=piece, ships=ships, kind=kind, piece_kind=with_kind(piece, kind)))
    near = [p for p in f.close_calls if p not in ("arc", "range")]
    if near:
        parts.append(
            _say(WORDS["obstruct.close"], pieces=_join([scenario.names([p]) for p in near]), close=CLOSE_CALL_MM)
        )
        rules.append(R + "geometry/line-touching")
    if f.dust:
        title = WORDS["obstruct.title.dust"]
    elif f.obstructed_by:
        title = WORDS["obstruct.title.obstructed"]
        rules += [R + "obstructed/remove-die", R + "obstructed/touching"]
    else:
        title = WORDS["obstruct.title.clear"]
    text = ". ".join(parts) + "." if parts else WORDS["obstruct.none"]
    if f.obstructed_by and not f.dust:
        text += " " + WORDS["obstruct.end.obstructed"]
    crossed = tuple(fid for c in f.crossings for fid in (c.piece, f"crossed-{c.piece}"))
    states = (("dust_fields",) if f.dust else ()) + (("obstructed",) if f.obstructed_by else ("obstructed:no",))
    return Step(title, text, tuple(dict.fromkeys(rules)), ("sight", *crossed), derived=bool(near), states=states)


def _labelled(scenario: Scenario, f: AttackFacts, names: dict[str, str], band: str) -> tuple[Any, ...]:
    dfn = scenario.piece(f.defender)
    out = []
    for fig in f.figures:
        if fig.id.startswith("arc-line"):
            label = WORDS["figure.arc-line"]
        elif fig.id == "arc":
            label = _say(WORDS["figure.arc"], azone=names["azone"])
        elif fig.id == "range":
            label = _say(WORDS["figure.range"], mm=f.range_mm or 0.0)
        elif fig.id == "range-band":
            label = _say(WORDS["figure.band"], band=band, azone=names["azone"])
        elif fig.id == "sight":
            label = WORDS["figure.sight"]
        elif fig.id.startswith("crossed-"):
            label = _say(WORDS["figure.crossed"], piece=scenario.names([fig.id.removeprefix("crossed-")]))
        elif fig.id == "blocking-zone":
            zone = zone_name(str(dfn.size), f.sight_blocked_by or "")
            same = f.sight_blocked_by == f.range_through  # drawn and named once, as the range crosses it
            label = "" if same else _say(WORDS["figure.blocking"], defender=dfn.label, zone=zone)
        elif fig.id == "range-through-zone":
            zone = zone_name(str(dfn.size), f.range_through or "")
            label = _say(WORDS["figure.through"], defender=dfn.label, zone=zone)
        elif fig.id.startswith("token-line-"):
            label = ""
        elif fig.id == "defending-zone":
            label = WORDS["figure.defending"]
        else:
            label = WORDS["figure.attacking"]
        out.append(replace(fig, label=label))
    return tuple(out)


def all_templates() -> dict[str, str]:
    return dict(WORDS)
