"""Questions a ruling's facts decide, each with its answer read from ``ruling.outcome``.

Every question names the outcome fact that decides its answer (``Question.fact``), and its deciding
step (1-based, for the reveal's highlight) is the step that states that fact (``Step.states``), with
the rule that step cites. There is no guessing by clause ids: a question whose fact no step states is
``Undecided`` and is not asked (``strict``: raised, so a test fails). Choices are plain words for a
player; their values are short strings (an ordered answer joins piece ids with ``>``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from rules.engine.ruling import Ruling
from rules.engine.scenario import Scenario

NONE = "-"
"""The value of the "nothing" / "nobody" choice."""

MAX_CHOICES = 6


@dataclass(frozen=True)
class Question:
    """One question: ``answer`` is one of the ``choices``' values, read from the ruling's facts."""

    key: str
    text: str
    choices: tuple[tuple[str, str], ...]
    answer: str
    step: int
    """The deciding step, 1-based."""
    rule: str
    """The clause id the deciding step cites for this question."""
    fact: str
    """The outcome fact that decides the answer (``effects:rock``, ``exempt_at_start:rock``): the
    deciding step states it."""

    def label(self, value: str) -> str:
        return dict(self.choices).get(value, value)


YES_NO = (("yes", "Yes"), ("no", "No"))


def _yn(flag: bool) -> str:
    return "yes" if flag else "no"


class Undecided(LookupError):
    """No step of the ruling states the fact that decides a question: the engine's narration does not
    tag it (``Step.states``), so the reveal could not point at the step that decides."""


def _stating(ruling: Ruling, *facts: str, prefer: str = "") -> tuple[int, str, str]:
    """The first step stating the first of ``facts`` any step states: (1-based index, its clause, the
    fact). The clause is the step's first, or its first containing ``prefer`` (a step telling several
    things: the range line and what it crosses). Raises ``Undecided`` when no step states any of them."""
    for fact in facts:
        for i, step in enumerate(ruling.steps, start=1):
            if fact in step.states:
                rule = next((r for r in step.rules if prefer and prefer in r), step.rules[0])
                return i, rule, fact
    raise Undecided(f"no step states any of {', '.join(facts) or 'no fact'}")


def _labels(scenario: Scenario, ids: Sequence[str]) -> list[str]:
    by_id = {p.id: p.label for p in scenario.pieces}
    return [by_id.get(i, i) for i in ids]


def _names(scenario: Scenario, ids: Sequence[str]) -> str:
    labels = _labels(scenario, ids)
    if not labels:
        return "nothing"
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _sequence_choices(
    scenario: Scenario, candidates: Sequence[str], answer: Sequence[str], *, nobody: str
) -> tuple[tuple[tuple[str, str], ...], str]:
    """Choices for "which pieces" (any order): nothing, each one, each pair, and always the answer."""
    options: list[tuple[str, ...]] = [()]
    options += [(c,) for c in candidates]
    for pair in (tuple(sorted(p)) for p in permutations(candidates, 2)):
        if pair not in options:
            options.append(pair)
    key = tuple(sorted(answer))
    options = options[:MAX_CHOICES]
    if key not in options:
        options[-1] = key
    out = tuple(((">".join(opt) if opt else NONE), (_names(scenario, opt) if opt else nobody)) for opt in options)
    return out, (">".join(key) if key else NONE)


def _order_choices(
    scenario: Scenario, candidates: Sequence[str], answer: Sequence[str]
) -> tuple[tuple[tuple[str, str], ...], str]:
    """Choices for "which, and in what order": each a whole ordered answer, one tap.

    Always offered: nothing, the answer, and (for two or more) the answer reversed; then each one of
    the answer alone, then orders pairing it with the other candidates. Listed in a fixed order
    (shortest first, then by the candidates' order), so where the right one sits says nothing.
    """
    key = tuple(answer)
    options: list[tuple[str, ...]] = [(), key]
    if len(key) > 1:
        options.append(tuple(reversed(key)))
        options += list(permutations(key))
        options += [(c,) for c in key]
    others = [c for c in candidates if c not in key]
    options += [(c,) for c in others]
    options += [(*key, c) for c in others] + [(c, *key) for c in others]
    options += list(permutations(others, 2))
    chosen: list[tuple[str, ...]] = []
    for opt in options:
        if opt not in chosen and len(chosen) < MAX_CHOICES:
            chosen.append(opt)
    rank = {c: i for i, c in enumerate(candidates)}
    chosen.sort(key=lambda o: (len(o), [rank.get(c, len(rank)) for c in o]))
    out = tuple(
        ((">".join(o) if o else NONE), (", then ".join(_labels(scenario, o)) if o else "None: nothing takes effect"))
        for o in chosen
    )
    return out, (">".join(key) if key else NONE)


def _resolves_fact(scenario: Scenario, ruling: Ruling, sources: Sequence[str]) -> tuple[int, str, str]:
    """The step stating why the move resolves what it does: the order of several effects, the one
    effect, or why nothing does (the exemption of the obstacle it started on, ignoring obstacles, a bomb
    that is no obstacle, nothing met)."""
    o = ruling.outcome
    if len(sources) > 1:
        return _stating(ruling, "effects:order", prefer="order")
    if sources:
        return _stating(ruling, f"effects:{sources[0]}")
    reasons = [f"exempt_at_start:{p}" for p in o.get("exempt_at_start") or []]
    reasons += ["ignore_obstacles"]
    reasons += [f"not_obstacle:{p.id}" for p in scenario.pieces if p.kind == "device"]
    reasons += ["executed:failed", "counted_template_mm", "effects:none", "executed:full"]
    return _stating(ruling, *reasons)


def _label(scenario: Scenario, pid: str) -> str:
    return _labels(scenario, [pid])[0]


def _effect_sources(outcome: dict[str, Any]) -> list[str]:
    seen: list[str] = []
    for e in outcome.get("effects") or []:
        src = e.get("source")
        if src and src not in seen:
            seen.append(src)
    return seen


def _xwing_move(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    a = scenario.action
    ship = _label(scenario, o.get("ship") or a.get("ship", ""))
    kind = {"maneuver": "maneuver", "boost": "boost", "barrel-roll": "barrel roll", "rotate": "rotation"}[a["type"]]
    out: list[Question] = []
    executed = o.get("executed")
    if executed is not None:
        step, rule, fact = _stating(ruling, f"executed:{executed}")
        out.append(
            Question(
                "executed", f"Does {ship} fully execute the {kind}?", YES_NO, _yn(executed == "full"), step, rule, fact
            )
        )
    things = [p.id for p in scenario.pieces if p.kind in ("obstacle", "device")]
    if things and "effects" in o and a["type"] != "rotate":
        sources = [s for s in _effect_sources(o) if s in things]
        candidates = sorted(set(things) | set(sources))
        choices, answer = _order_choices(scenario, candidates, sources)
        step, rule, fact = _resolves_fact(scenario, ruling, sources)
        out.append(
            Question(
                "resolves",
                f"Which obstacles or devices does {ship} resolve, and in what order?",
                choices,
                answer,
                step,
                rule,
                fact,
            )
        )
    if "skips_perform_action" in o and o.get("executed") != "failed":
        skips = bool(o["skips_perform_action"])
        # it skips: the step that makes it skip; it does not: a step saying it goes on to its action step,
        # or else the full execution (no bump, so nothing takes its action step away)
        why = ("skips_perform_action",) if skips else ("skips_perform_action:no", "executed:full")
        step, rule, fact = _stating(ruling, *why)
        out.append(Question("skip", f"Does {ship} skip its Perform Action step?", YES_NO, _yn(skips), step, rule, fact))
    return out


CANNOT_ATTACK = {
    "attack/enemy": "not-enemy",
    "attack/arc": "arc",
    "attack/range": "range",
    "attack/range-0": "range-0-forbidden",
    "obstacles/range-0-attack": "on-obstacle",
}
"""X-Wing: the fact each reason an attack cannot be made (``outcome.reasons``, a clause) comes from."""


def _xwing_attack(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    att, dfn = _label(scenario, o["attacker"]), _label(scenario, o["defender"])
    out: list[Question] = []
    if o.get("can_attack"):
        obstructed = bool(o.get("obstructed_by"))
        # obstructed: the step telling the obstacles every line crosses; not: the attacker's choice of an
        # unobstructed line, or else the range line itself (it crosses no obstacle)
        why = ("obstructed",) if obstructed else ("obstacle-choice", "range")
        step, rule, fact = _stating(ruling, *why, prefer="obstructed")
        out.append(
            Question(
                "obstructed",
                # an obstacle's obstruction (the defender's extra die): a ship or device in the way
                # obstructs too in 2.5, but gives no die, so "is it obstructed" would be ambiguous
                f"Does an obstacle obstruct {att}'s attack on {dfn}?",
                YES_NO,
                _yn(obstructed),
                step,
                rule,
                fact,
            )
        )
        step, rule, fact = _stating(ruling, "range", prefer="attack/range")
        out.append(
            Question(
                "range",
                f"At what range does {att} attack {dfn}?",
                tuple((str(r), f"Range {r}") for r in (0, 1, 2, 3)),
                str(o.get("range")),
                step,
                rule,
                fact,
            )
        )
    else:
        reasons = [r for r in o.get("reasons") or [] if isinstance(r, str)]
        first = reasons[0] if reasons else ""
        # the fact behind the first reason, its step citing that reason's clause
        step, rule, fact = _stating(ruling, CANNOT_ATTACK.get(first.split("/", 1)[-1], ""), prefer=first)
        out.append(Question("can-attack", f"Can {att} attack {dfn}?", YES_NO, "no", step, rule, fact))
    return out


def _armada_cannot(o: dict[str, Any]) -> tuple[str, ...]:
    """Armada: the facts that stop an attack, in the order the ruling gives its reasons."""
    why: list[str] = []
    if not o.get("in_arc", True):
        why.append("in_arc:no")
    elif o.get("range") is None and o.get("distance") is None:
        why.append("in_range:no")
    if o.get("range_through_zone"):
        why.append("range_through_zone")
    if o.get("sight_blocked_by_zone"):
        why.append("sight_blocked_by_zone")
    if o.get("dust_fields"):
        why.append("dust_fields")
    if (o.get("dice") or {}).get("cancelled"):
        why.append("dice:cancelled")
    return tuple(why)


def _armada_attack(scenario: Scenario, ruling: Ruling) -> list[Question]:
    """Armada: may the attack be made at all; if so, is it obstructed, and at what range (a ship attacking)."""
    o = ruling.outcome
    a = scenario.action
    att = _label(scenario, a["attacker"])
    dfn = _label(scenario, a["defender"])
    if o.get("defender_zone"):
        dfn = f"{dfn}'s {str(o['defender_zone']).replace('-', ' ')} hull zone"
    if not o.get("can_attack"):
        reasons = [r for r in o.get("reasons") or [] if isinstance(r, str)]
        step, rule, fact = _stating(ruling, *_armada_cannot(o), prefer=reasons[0] if reasons else "")
        return [Question("can-attack", f"Can {att} attack {dfn}?", YES_NO, "no", step, rule, fact)]
    out: list[Question] = []
    obstructed = bool(o.get("obstructed"))
    step, rule, fact = _stating(ruling, "obstructed" if obstructed else "obstructed:no")
    out.append(
        Question("obstructed", f"Is {att}'s attack on {dfn} obstructed?", YES_NO, _yn(obstructed), step, rule, fact)
    )
    if o.get("range") in ("close", "medium", "long"):
        step, rule, fact = _stating(ruling, "range", prefer="measuring/range")
        bands = tuple((b, f"{b.capitalize()} range") for b in ("close", "medium", "long"))
        out.append(
            Question("range", f"At what range does {att} attack {dfn}?", bands, str(o["range"]), step, rule, fact)
        )
    return out


def _xwing_device(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    dev = o.get("device") or {}
    name = scenario.action.get("type", "drop")
    what = {"drop": "dropped", "launch": "launched", "relocate-device": "relocated"}.get(name, "placed")
    label = str(dev.get("type", "device")).replace("-", " ") if isinstance(dev, dict) else "device"
    out: list[Question] = []
    # placed: where it lands; not: the limit or decloak that forbids it, or the table edge it would cross
    why = ("lands", "obstacle-lands") if o.get("placed") else ("limit", "decloaked", "outside", "obstacle-outside")
    step, rule, fact = _stating(ruling, *why)
    out.append(
        Question("placed", f"Is the {label} {what} on the table?", YES_NO, _yn(bool(o.get("placed"))), step, rule, fact)
    )
    if o.get("placed"):
        ships = [p.id for p in scenario.pieces if p.kind == "ship"]
        under = list(o.get("under") or [])
        if ships:
            choices, answer = _sequence_choices(scenario, ships, under, nobody="No ship")
            # a device: where it lands says which bases it is under; an obstacle placed like one: the
            # placed obstacle's own steps (each ship overlapping it, or none)
            first = under[0] if under else "none"
            step, rule, fact = _stating(ruling, f"under:{first}", f"overlapping_ships:{first}", prefer="/under")
            out.append(Question("under", f"Which ships is the {label} under?", choices, answer, step, rule, fact))
    return out


def _xwing_detonate(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    ships = [p.id for p in scenario.pieces if p.kind == "ship"]
    affected: list[str] = []
    for d in o.get("detonations") or []:
        for s in d.get("affected") or []:
            if s not in affected:
                affected.append(s)
    choices, answer = _sequence_choices(scenario, ships, affected, nobody="No ship")
    # the detonation that reaches the first ship hit; or, reaching none, the first bomb that hits nothing
    step, rule, fact = _stating(ruling, f"affected:{affected[0] if affected else 'none'}")
    return [Question("affected", "Which ships do the detonations reach?", choices, answer, step, rule, fact)]


def _xwing_place_obstacle(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    ships = [p.id for p in scenario.pieces if p.kind == "ship"]
    under = list(o.get("overlapping_ships") or [])
    choices, answer = _sequence_choices(scenario, ships, under, nobody="No ship")
    step, rule, fact = _stating(ruling, f"overlapping_ships:{under[0] if under else 'none'}")
    return [
        Question(
            "overlapping", "Which ships resolve the obstacle placed under them?", choices, answer, step, rule, fact
        )
    ]


def _legal(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    what = {
        "move-obstacle": "this obstacle move",
        "move-token": "this token move",
        "move-squadron": "this squadron move",
        "place-squadrons": "this squadron placement",
        "check-setup": "this setup",
    }[scenario.action["type"]]
    violations = [v for v in o.get("violations") or [] if isinstance(v, dict) and v.get("rule")]
    if o["legal"]:
        step, rule, fact = _stating(ruling, "legal")
    else:  # the step telling the first rule broken, citing it
        first = str(violations[0]["rule"]) if violations else ""
        step, rule, fact = _stating(ruling, f"violations:{first}", prefer=first)
    return [Question("legal", f"Is {what} legal?", YES_NO, _yn(bool(o["legal"])), step, rule, fact)]


def _armada_maneuver(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    ship = _label(scenario, o["ship"])
    dialled = int(o["dialled_speed"])
    out: list[Question] = []
    if dialled > 0:
        full = o["executed_speed"] == o.get("course_speed", dialled)
        # slowed: the overlap that set its speed; at full speed: the tool side that fits, or its course
        why: tuple[str, ...] = ("tool_side", "course_speed") if full else ("executed_speed",)
        if full and o.get("course_speed", dialled) != dialled:  # an obstacle set its course speed
            why = ("course_speed:changed", *why)
        step, rule, fact = _stating(ruling, *why)
        out.append(
            Question(
                "speed",
                f"{ship} plots speed {dialled}. At what speed does it execute the maneuver?",
                tuple((str(s), f"Speed {s}") for s in range(0, dialled + 1)),
                str(o["executed_speed"]),
                step,
                rule,
                fact,
            )
        )
    ships = [p.id for p in scenario.pieces if p.kind == "ship"]
    if len(ships) > 1 or o.get("damaged_ships"):
        mover = o["ship"]
        others = [s for s in ships if s != mover]
        candidates = [mover, *others]
        damaged = list(o.get("damaged_ships") or [])
        options: list[tuple[str, ...]] = [(), (mover,)] + [(mover, s) for s in others] + [(s,) for s in others]
        key = tuple(sorted(damaged, key=candidates.index)) if set(damaged) <= set(candidates) else tuple(damaged)
        options = options[:MAX_CHOICES]
        if key not in options:
            options[-1] = key
        choices = tuple(
            ((">".join(opt) if opt else NONE), (_names(scenario, opt) if opt else "Nobody")) for opt in options
        )
        # the ram that deals the damage (to the closest ship overlapped), or the course that overlaps nobody
        why = ("damaged_ships",) if damaged else ("tool_side", "course_speed")
        step, rule, fact = _stating(ruling, *why, prefer="closest-ship")
        out.append(
            Question(
                "damaged",
                "Who takes damage from this maneuver?",
                choices,
                ">".join(key) if key else NONE,
                step,
                rule,
                fact,
            )
        )
    return out


HANDLERS: dict[tuple[str, str], Callable[[Scenario, Ruling], list[Question]]] = {
    ("xwing", "maneuver"): _xwing_move,
    ("xwing", "boost"): _xwing_move,
    ("xwing", "barrel-roll"): _xwing_move,
    ("xwing", "rotate"): _xwing_move,
    ("xwing", "attack"): _xwing_attack,
    ("xwing", "drop"): _xwing_device,
    ("xwing", "launch"): _xwing_device,
    ("xwing", "relocate-device"): _xwing_device,
    ("xwing", "detonate"): _xwing_detonate,
    ("xwing", "place-obstacle"): _xwing_place_obstacle,
    ("xwing", "check-setup"): _legal,
    ("armada", "maneuver"): _armada_maneuver,
    ("armada", "attack"): _armada_attack,
    ("armada", "move-obstacle"): _legal,
    ("armada", "move-token"): _legal,
    ("armada", "move-squadron"): _legal,
    ("armada", "place-squadrons"): _legal,
}


def questions(scenario: Scenario, ruling: Ruling, *, strict: bool = False) -> list[Question]:
    """The questions this ruling decides (none for a ruling with a warning: too close to call).

    A ruling with a question whose deciding fact no step states asks nothing (the reveal could not
    point at the step that decides); ``strict`` raises ``Undecided`` instead, so tests find it."""
    if ruling.warnings or not ruling.steps:
        return []
    handler = HANDLERS.get((scenario.game, scenario.action["type"]))
    if handler is None:
        return []
    try:
        qs = handler(scenario, ruling)
    except Undecided:
        if strict:
            raise
        return []
    return [q for q in qs if q.answer in dict(q.choices)][:3]
