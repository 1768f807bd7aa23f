"""Questions a ruling's facts decide, each with its answer read from ``ruling.outcome``.

Every question names the step that decides it (1-based, for the reveal's highlight) and the rule
that step cites. Where the engine tags its steps with the outcome facts they state
(``Step.states``), a question names the fact that decides its answer (``Question.fact``) and its
deciding step is the step stating that fact; elsewhere it falls back to the first step citing one
of the clauses expected to decide. Choices are plain words for a player; their values are short
strings (an ordered answer joins piece ids with ``>``).
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
    fact: str = ""
    """The outcome fact that decides the answer (``effects:rock``, ``exempt_at_start:rock``), when the
    deciding step was found by the fact it states; empty when found by its clauses."""

    def label(self, value: str) -> str:
        return dict(self.choices).get(value, value)


YES_NO = (("yes", "Yes"), ("no", "No"))


def _yn(flag: bool) -> str:
    return "yes" if flag else "no"


def _deciding(
    ruling: Ruling, wanted: Sequence[str], piece: str | None = None, *, last: bool = False
) -> tuple[int, str]:
    """The first (``last``: the last) step citing a clause that contains one of ``wanted`` (in that
    order of preference), or highlighting ``piece``; the last step otherwise.
    Returns (1-based index, clause id)."""
    numbered = list(enumerate(ruling.steps, start=1))
    for word in wanted:
        for i, step in list(reversed(numbered)) if last else numbered:
            for rule in step.rules:
                if word in rule:
                    return i, rule
    if piece is not None:
        for i, step in enumerate(ruling.steps, start=1):
            if piece in step.highlight:
                return i, step.rules[0]
    return len(ruling.steps), ruling.steps[-1].rules[0]


def _stating(ruling: Ruling, *facts: str, prefer: str = "") -> tuple[int, str, str] | None:
    """The first step stating the first of ``facts`` any step states: (1-based index, its clause, the
    fact), or None when no step is tagged with any of them. The clause is the step's first, or its
    first containing ``prefer`` (a step telling several things: the range line and what it crosses)."""
    for fact in facts:
        for i, step in enumerate(ruling.steps, start=1):
            if fact in step.states:
                rule = next((r for r in step.rules if prefer and prefer in r), step.rules[0])
                return i, rule, fact
    return None


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


def _resolves_fact(scenario: Scenario, ruling: Ruling, sources: Sequence[str]) -> tuple[int, str, str] | None:
    """The step stating why the move resolves what it does: the order of several effects, the one
    effect, or why nothing does (the exemption of the obstacle it started on, ignoring obstacles, a bomb
    that is no obstacle, nothing met)."""
    o = ruling.outcome
    if len(sources) > 1:
        return _stating(ruling, "effects:order")
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
        step, rule = _deciding(ruling, ("overlap/partial", "/fail", "flee", "bump", "/execute"))
        if executed == "full":  # placed at the end of its template (or in its chosen position)
            step, rule = _deciding(ruling, ("/execute",), last=True)
            if "/execute" not in rule:
                step, rule = _deciding(ruling, ("/stationary", "maneuver-tool", "/rotate"))
        fact = ""
        if (found := _stating(ruling, f"executed:{executed}")) is not None:
            step, rule, fact = found
        out.append(
            Question(
                "executed",
                f"Does {ship} fully execute the {kind}?",
                YES_NO,
                _yn(executed == "full"),
                step,
                rule,
                fact,
            )
        )
    things = [p.id for p in scenario.pieces if p.kind in ("obstacle", "device")]
    if things and "effects" in o and a["type"] != "rotate":
        sources = [s for s in _effect_sources(o) if s in things]
        candidates = sorted(set(things) | set(sources))
        choices, answer = _order_choices(scenario, candidates, sources)
        fact = ""
        if (found := _resolves_fact(scenario, ruling, sources)) is not None:
            step, rule, fact = found
        elif len(sources) > 1:
            step, rule = _deciding(ruling, ("obstacles/order", "effect-order"))
        elif sources:
            step, rule = _deciding(ruling, (), piece=sources[0])
            for i, s in enumerate(ruling.steps, start=1):
                if sources[0] in s.highlight and any("move-through" not in r and "execute" not in r for r in s.rules):
                    step, rule = i, s.rules[0]
                    break
        else:
            step, rule = _deciding(
                ruling, ("not-obstacle", "ignore", "exempt", "move-through", "final-position", "/execute")
            )
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
        step, rule = _deciding(ruling, ("skip-action", "move-not-maneuver", "bump-effect", "bump"))
        if not o["skips_perform_action"] and not any(w in rule for w in ("skip-action", "move-not-maneuver")):
            step, rule = _deciding(ruling, ("final-position", "/execute"), last=True)
        wanted = ("skips_perform_action",) if o["skips_perform_action"] else ("skips_perform_action:no",)
        fact = ""
        if (found := _stating(ruling, *wanted)) is not None:
            step, rule, fact = found
        out.append(
            Question(
                "skip",
                f"Does {ship} skip its Perform Action step?",
                YES_NO,
                _yn(bool(o["skips_perform_action"])),
                step,
                rule,
                fact,
            )
        )
    return out


def _xwing_attack(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    att, dfn = _label(scenario, o["attacker"]), _label(scenario, o["defender"])
    out: list[Question] = []
    if o.get("can_attack"):
        step, rule = _deciding(ruling, ("obstructed/measure", "obstacles/obstructed", "/obstructed"))
        obstructed = bool(o.get("obstructed_by"))
        # obstructed: the step telling the obstacles every line crosses; not: the attacker's choice of an
        # unobstructed line, or else the range line itself (it crosses no obstacle)
        why = ("obstructed",) if obstructed else ("obstacle-choice", "range")
        fact = ""
        if (found := _stating(ruling, *why, prefer="obstructed")) is not None:
            step, rule, fact = found
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
        step, rule = _deciding(ruling, ("attack/range",))
        fact = ""
        if (found := _stating(ruling, "range", prefer="attack/range")) is not None:
            step, rule, fact = found
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
        reasons = o.get("reasons") or []
        first = reasons[0] if reasons and isinstance(reasons[0], str) else ""
        step, rule = _deciding(ruling, (first,) if first else ("attack/",))
        out.append(Question("can-attack", f"Can {att} attack {dfn}?", YES_NO, "no", step, rule))
    return out


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
        step, rule = _deciding(ruling, tuple(reasons) or ("attack/",))
        return [Question("can-attack", f"Can {att} attack {dfn}?", YES_NO, "no", step, rule)]
    out: list[Question] = []
    step, rule = _deciding(ruling, ("line-of-sight/obstructed", "obstacles/dust-field", "/obstructed"))
    out.append(
        Question(
            "obstructed", f"Is {att}'s attack on {dfn} obstructed?", YES_NO, _yn(bool(o.get("obstructed"))), step, rule
        )
    )
    if o.get("range") in ("close", "medium", "long"):
        step, rule = _deciding(ruling, ("measuring/range",))
        bands = tuple((b, f"{b.capitalize()} range") for b in ("close", "medium", "long"))
        out.append(Question("range", f"At what range does {att} attack {dfn}?", bands, str(o["range"]), step, rule))
    return out


def _xwing_device(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    dev = o.get("device") or {}
    name = scenario.action.get("type", "drop")
    what = {"drop": "dropped", "launch": "launched", "relocate-device": "relocated"}.get(name, "placed")
    label = str(dev.get("type", "device")).replace("-", " ") if isinstance(dev, dict) else "device"
    out: list[Question] = []
    step, rule = _deciding(ruling, ("/fail", "off", "play-area", "/guides"))
    why = ("lands", "obstacle-lands") if o.get("placed") else ("outside", "obstacle-outside")
    fact = ""
    if (found := _stating(ruling, *why)) is not None:
        step, rule, fact = found
    out.append(
        Question(
            "placed",
            f"Is the {label} {what} on the table?",
            YES_NO,
            _yn(bool(o.get("placed"))),
            step,
            rule,
            fact,
        )
    )
    if o.get("placed"):
        ships = [p.id for p in scenario.pieces if p.kind == "ship"]
        under = list(o.get("under") or [])
        if ships:
            choices, answer = _sequence_choices(scenario, ships, under, nobody="No ship")
            step, rule = _deciding(ruling, ("/under", "/guides"))
            out.append(Question("under", f"Which ships is the {label} under?", choices, answer, step, rule))
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
    step, rule = _deciding(ruling, ("/detonation",), piece=affected[0] if affected else None)
    if affected:
        for i, s in enumerate(ruling.steps, start=1):
            if affected[0] in s.highlight or _label(scenario, affected[0]) in s.title:
                step, rule = i, s.rules[0]
                break
    return [Question("affected", "Which ships do the detonations reach?", choices, answer, step, rule)]


def _xwing_place_obstacle(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    ships = [p.id for p in scenario.pieces if p.kind == "ship"]
    choices, answer = _sequence_choices(scenario, ships, list(o.get("overlapping_ships") or []), nobody="No ship")
    step, rule = _deciding(ruling, ("placed-under",))
    return [Question("overlapping", "Which ships resolve the obstacle placed under them?", choices, answer, step, rule)]


def _legal(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    what = {
        "move-obstacle": "this obstacle move",
        "move-token": "this token move",
        "move-squadron": "this squadron move",
        "place-squadrons": "this squadron placement",
        "check-setup": "this setup",
    }[scenario.action["type"]]
    violations = o.get("violations") or []
    step, rule = len(ruling.steps), ruling.steps[-1].rules[0]
    if violations and isinstance(violations[0], dict) and violations[0].get("rule"):
        rule = violations[0]["rule"]
        for i, s in enumerate(ruling.steps, start=1):
            if rule in s.rules:
                step = i
        return [Question("legal", f"Is {what} legal?", YES_NO, _yn(bool(o["legal"])), step, rule)]
    return [Question("legal", f"Is {what} legal?", YES_NO, _yn(bool(o["legal"])), step, rule)]


def _armada_maneuver(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    ship = _label(scenario, o["ship"])
    dialled = int(o["dialled_speed"])
    out: list[Question] = []
    if dialled > 0:
        step, rule = _deciding(ruling, ("ship-onto-ship", "/obstacle", "play-area", "/maneuver-tool"))
        full = o["executed_speed"] == o.get("course_speed", dialled)
        if full:
            step, rule = _deciding(ruling, ("/tool-side", "/maneuver-tool"))
        # slowed: the overlap that set its speed; at full speed: the tool side that fits, or its course
        why = ("tool_side", "course_speed") if full else ("executed_speed",)
        if full and o.get("course_speed", dialled) != dialled:  # an obstacle set its course speed
            why = ("course_speed:changed", *why)
        fact = ""
        if (found := _stating(ruling, *why)) is not None:
            step, rule, fact = found
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
        if damaged:
            step, rule = _deciding(ruling, ("closest-ship", "ship-onto-ship", "/obstacle"))
        else:
            step, rule = _deciding(ruling, ("/tool-side", "/maneuver-tool"))
        # the ram that deals the damage (to the closest ship overlapped), or the course that overlaps nobody
        why = ("damaged_ships",) if damaged else ("tool_side", "course_speed")
        fact = ""
        if (found := _stating(ruling, *why, prefer="closest-ship")) is not None:
            step, rule, fact = found
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


def questions(scenario: Scenario, ruling: Ruling) -> list[Question]:
    """The questions this ruling decides (none for a ruling with a warning: too close to call)."""
    if ruling.warnings or not ruling.steps:
        return []
    handler = HANDLERS.get((scenario.game, scenario.action["type"]))
    if handler is None:
        return []
    qs = handler(scenario, ruling)
    return [q for q in qs if q.answer in dict(q.choices)][:3]
