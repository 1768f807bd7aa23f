"""Every sentence of the two squadron actions: placing displaced squadrons and a squadron's move.

``squadrons.py`` computes the facts (``PlaceFacts``, ``MoveFacts``); this
module turns them into the steps, the violations' messages, the picture's
labels and the summary.  A wording is fixed here, once; a judge can read all
the words of these actions in this one file, and a test renders every
template below against the facts it uses.  Templates are ``str.format``
strings whose fields are filled from ``_fields``: pieces by label, never by
id; no coordinates.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.engine.armada.verdict import Violations, verdict_states
from rules.engine.geometry import CLOSE_CALL_MM
from rules.engine.ruling import Ruling, Step
from rules.engine.scenario import Scenario, with_kind

if TYPE_CHECKING:
    from rules.engine.armada.squadrons import Broken, MoveFacts, PlaceFacts

R = "armada-1.5/"
PLACE_TOLERANCE_MM = CLOSE_CALL_MM

BROKEN: dict[str, dict[str, str]] = {
    "place": {
        "missing": "{squadrons} must be placed too: every displaced squadron is placed",
        "overlaps": "{squadron} overlaps {pieces}",
        "off-table": "{squadron} would be partly outside the play area",
        "could-touch": "{squadrons} could have been placed touching {ship}: there is room on the ring drawn "
        "around the ship",
        "touches-nothing": "{squadron} touches neither {ship} nor a squadron that touches it",
    },
    "move": {
        "engaged": "{squadron} is engaged by {enemies} and cannot move",
        "too-far": "The move is {moved:.1f} mm: the base would end beyond the end of distance {speed:.0f} "
        "({reach:g} mm)",
        "overlaps": "{squadron} would overlap {pieces}",
        "off-table": "Part of {squadron}'s base would be outside the play area",
    },
}
"""The message of each broken rule (``Broken.what``), per action."""

PLACE = {
    "displaced.title": "{ship} displaced {displaced}",
    "displaced.text": "The squadrons its final position overlaps (shield dials and frames count, activation sliders "
    "do not) are placed by the player who is not moving the ship, whoever owns them, in any order (in a Sector "
    "Fleet game, by the opposing Grand Admiral).",
    "touching.title": "Touching {ship}: {touching}",
    "touching.text": "As many squadrons as possible must touch the ship; the rest must touch a squadron that "
    "touches it. The dashed ring shows where the centre of one more squadron could still go touching the ship "
    "({room}). Proposed positions within {tolerance:g} mm count as touching.",
    "room.yes": "there is room",
    "room.no": "there is no room left",
    "rules.title": "No overlapping, nothing outside the play area",
    "rules.text": "A placed squadron may not overlap a ship (shield dials and frames included) or another "
    "squadron, and may not be placed outside the play area.",
    "obstacle.title": "Placed on an obstacle: no effect",
    "obstacle.each": "{squadron} on {obstacle}",
    "obstacle.text": "{each}. A squadron placed on an obstacle because a ship overlapped it does not resolve the "
    "obstacle.",
    "summary": "Placement around {ship}: {verdict}.",
    "figure.ring": "room to touch the ship",
    "figure.placed": "{squadron} placed",
    "none": "no squadron",
    "nobody": "none",
}

MOVE = {
    "ruler.title": "{squadron} moves up to distance {speed}",
    "ruler.text": "The ruler's distance-1 end touches the base and the squadron moves along its centre line; its "
    "base may not end beyond the end line of distance {speed} (≈ {reach:g} mm from where its edge starts), so "
    "its centre moves at most {reach:g} mm. This move: {moved:.1f} mm{how}",
    "ruler.band": " (distance {band}).",
    "ruler.stays": " (it stays where it is, which still counts as moving).",
    "ruler.beyond": " (beyond distance 5).",
    "through.title": "It passes through anything; only the final position counts",
    "through.text": "It may not end overlapping a ship (shield dials and frames included) or another squadron{how}",
    "through.hit": ": it would overlap {pieces}.",
    "through.clear": ": it does not.",
    "engaged.title": "{squadron} is engaged",
    "engaged.text": "{enemies} {is_are} at distance 1 of {squadron} (at, not within: part of a base inside "
    "distance 1 is enough) with a line of sight nothing obstructs, so {squadron} is engaged and cannot move.",
    "obstructed.title": "Obstructed: not engaged",
    "obstructed.each": "{enemy} is at distance 1 but {blocker} obstructs the line of sight",
    "obstructed.text": "{each}. Squadrons whose line of sight is obstructed (by an obstacle or a ship) are not "
    "engaged.",
    "obstacle.title": "It ends overlapping {obstacle}",
    "obstacle.effect": "{squadron} {effect}.",
    "obstacle.none": "{obstacle_kind} has no effect on a squadron.",
    "near.warning": "{squadron}: the move ends within {close:g} mm of the distance {speed} line; measure on the table",
    "summary": "{squadron} moves {moved:.0f} mm: {verdict}.",
    "figure.reach": "distance {speed} from {squadron}",
    "figure.ruler": "range ruler, distance {speed} end line",
    "figure.final": "{squadron} moved",
}

PLACE_RULES = (
    R + "overlapping/squadron-placement",
    R + "overlapping/ship-onto-squadrons",
    R + "overlapping/dials-count",
)
VERDICT = {True: "legal", False: "not legal"}
STEPS = {
    "verdict.legal.title": "The {what} is legal",
    "verdict.legal.text": "Every rule is met.",
    "verdict.broken.title": "The {what} is not legal",
    "verdict.broken.each": "{message}.",
}


def _say(template: str, **fields: Any) -> str:
    """Every sentence goes through here (the template test watches it): a template filled from facts."""
    return template.format(**fields)


def _names(scenario: Scenario, ids: tuple[str, ...] | list[str]) -> str:
    """Labels joined as a reader lists them: ``a``, ``a and b``, ``a, b and c``."""
    labels = [scenario.names([i]) for i in ids]
    if len(labels) < 2:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _violations(scenario: Scenario, action: str, broken: tuple[Broken, ...]) -> Violations:
    out = Violations()
    for b in broken:
        fields: dict[str, Any] = {k: _names(scenario, v) for k, v in b.names.items()}
        fields.update(b.numbers)
        out.add(b.rule, _say(BROKEN[action][b.what], **fields), list(b.pieces))
    return out


def _verdict(violations: Violations, what: str, rule: str, pieces: tuple[str, ...]) -> Step:
    """ "The <what> is legal" citing ``rule``, or every broken rule with the pieces involved."""
    if not violations:
        return Step(
            _say(STEPS["verdict.legal.title"], what=what),
            _say(STEPS["verdict.legal.text"]),
            (rule,),
            pieces,
            states=("legal",),
        )
    return Step(
        _say(STEPS["verdict.broken.title"], what=what),
        " ".join(_say(STEPS["verdict.broken.each"], message=v["message"]) for v in violations),
        tuple(dict.fromkeys(v["rule"] for v in violations)),
        tuple(dict.fromkeys(p for v in violations for p in v["pieces"])) or pieces,
        states=verdict_states(violations),
    )


def narrate_place(scenario: Scenario, f: PlaceFacts) -> Ruling:
    ship = scenario.piece(f.ship).label
    violations = _violations(scenario, "place", f.broken)
    rings = tuple(fig.id for fig in f.figures if fig.id.startswith("ring-"))
    steps = [
        Step(
            _say(PLACE["displaced.title"], ship=ship, displaced=_names(scenario, f.displaced) or _say(PLACE["none"])),
            _say(PLACE["displaced.text"]),
            (R + "overlapping/ship-onto-squadrons", R + "overlapping/dials-count", R + "overlapping/sector-fleet"),
            f.displaced or (f.ship,),
        ),
        Step(
            _say(
                PLACE["touching.title"], ship=ship, touching=_names(scenario, f.touching_ship) or _say(PLACE["nobody"])
            ),
            _say(
                PLACE["touching.text"],
                room=_say(PLACE["room.yes" if f.room else "room.no"]),
                tolerance=PLACE_TOLERANCE_MM,
            ),
            (R + "overlapping/squadrons-as-many-touching",),
            f.touching_ship + rings,
            derived=True,
        ),
        Step(
            _say(PLACE["rules.title"]),
            _say(PLACE["rules.text"]),
            PLACE_RULES,
            f.placed,
        ),
    ]
    if f.on_obstacles:
        each = "; ".join(
            _say(PLACE["obstacle.each"], squadron=scenario.names([sq]), obstacle=scenario.names([ob]))
            for sq, ob in f.on_obstacles
        )
        steps.append(
            Step(
                _say(PLACE["obstacle.title"]),
                _say(PLACE["obstacle.text"], each=each),
                (R + "overlapping/squadron-on-obstacle-no-effect",),
                tuple(sq for sq, _ in f.on_obstacles),
            )
        )
    legal = not violations
    steps.append(_verdict(violations, "placement", R + "overlapping/ship-onto-squadrons", f.placed))
    outcome = {
        "legal": legal,
        "violations": violations,
        "displaced_squadrons": list(f.displaced),
        "touching_ship": list(f.touching_ship),
        "room_to_touch": f.room,
        "room_length_mm": f.room_length_mm,
    }
    figures = tuple(
        replace(
            fig,
            label=_say(PLACE["figure.ring"])
            if fig.id.startswith("ring-")
            else _say(PLACE["figure.placed"], squadron=scenario.names([fig.id.removeprefix("placed-")])),
        )
        for fig in f.figures
    )
    summary = _say(PLACE["summary"], ship=ship, verdict=VERDICT[legal])
    return Ruling(outcome, tuple(steps), (), figures, summary)


def narrate_move(scenario: Scenario, f: MoveFacts) -> Ruling:
    sq = scenario.piece(f.squadron).label
    violations = _violations(scenario, "move", f.broken)
    warnings: list[str] = []
    if f.near_the_line:
        warnings.append(_say(MOVE["near.warning"], squadron=sq, close=CLOSE_CALL_MM, speed=f.speed))
    if f.band is None:
        how = _say(MOVE["ruler.beyond"])
    else:
        how = _say(MOVE["ruler.band"], band=f.band) if f.band else _say(MOVE["ruler.stays"])
    steps = [
        Step(
            _say(MOVE["ruler.title"], squadron=sq, speed=f.speed),
            _say(MOVE["ruler.text"], speed=f.speed, reach=f.reach_mm, moved=f.moved_mm, how=how),
            (R + "squadron-movement/ruler", R + "range/bands", R + "geometry/bands")
            + ((R + "squadron-movement/may-stay",) if f.moved_mm == 0 else ()),
            (f.squadron, "ruler", "reach"),
        ),
        Step(
            _say(MOVE["through.title"]),
            _say(
                MOVE["through.text"],
                how=_say(MOVE["through.hit"], pieces=_names(scenario, f.overlapped))
                if f.overlapped
                else _say(MOVE["through.clear"]),
            ),
            (R + "overlapping/move-through", R + "squadron-movement/no-overlap", R + "overlapping/dials-count"),
            (f.squadron, *f.overlapped),
        ),
    ]
    if f.engaged_by:
        steps.append(
            Step(
                _say(MOVE["engaged.title"], squadron=sq),
                _say(
                    MOVE["engaged.text"],
                    squadron=sq,
                    enemies=_names(scenario, f.engaged_by),
                    is_are="is" if len(f.engaged_by) == 1 else "are",
                ),
                (R + "squadron-movement/engaged",),
                (f.squadron, *f.engaged_by),
            )
        )
    if f.obstructed:
        each = "; ".join(
            _say(MOVE["obstructed.each"], enemy=scenario.names([o]), blocker=scenario.names([by]))
            for o, by in f.obstructed
        )
        steps.append(
            Step(
                _say(MOVE["obstructed.title"]),
                _say(MOVE["obstructed.text"], each=each),
                (R + "squadron-movement/engaged",),
                tuple(x for pair in f.obstructed for x in pair),
            )
        )
    effects: list[dict[str, Any]] = []
    for end in f.obstacles:
        ob = scenario.names([end.obstacle])
        if end.effect:
            text = _say(MOVE["obstacle.effect"], squadron=sq, effect=end.effect)
            effects.append({"source": end.obstacle, "rule": end.rule, "text": text})
        else:
            text = _say(MOVE["obstacle.none"], obstacle_kind=with_kind(ob, end.type.replace("-", " ")))
        steps.append(
            Step(
                _say(MOVE["obstacle.title"], obstacle=ob),
                text,
                (R + "squadron-movement/obstacle", end.rule),
                (end.obstacle,),
            )
        )
    legal = not violations
    steps.append(_verdict(violations, "move", R + "squadron-movement/ruler", (f.squadron,)))
    outcome = {
        "legal": legal,
        "violations": violations,
        "distance_band": f.band,
        "moved_mm": round(f.moved_mm, 2),
        "engaged_by": list(f.engaged_by),
        "effects": effects,
        "reachable_area_mm2": f.reachable_area_mm2,
    }
    labels = {
        "reach": _say(MOVE["figure.reach"], speed=f.speed, squadron=sq),
        "ruler": _say(MOVE["figure.ruler"], speed=f.speed),
        "final": _say(MOVE["figure.final"], squadron=sq),
    }
    figures = tuple(replace(fig, label=labels.get(fig.id, fig.label)) for fig in f.figures)
    summary = _say(MOVE["summary"], squadron=sq, moved=f.moved_mm, verdict=VERDICT[legal])
    return Ruling(outcome, tuple(steps), tuple(warnings), figures, summary)


def all_templates() -> dict[str, str]:
    """Every template of this module by a dotted name (the template test renders each)."""
    out = {f"broken.{action}.{k}": v for action, table in BROKEN.items() for k, v in table.items()}
    out.update({f"place.{k}": v for k, v in PLACE.items()})
    out.update({f"move.{k}": v for k, v in MOVE.items()})
    out.update({f"steps.{k}": v for k, v in STEPS.items()})
    return out
