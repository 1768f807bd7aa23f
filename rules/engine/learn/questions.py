"""Questions a ruling's facts decide, each with its answer read from ``ruling.outcome``.

Every question names the step that decides it (1-based, for the reveal's highlight) and the rule
that step cites. Choices are plain words for a player; their values are short strings.
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
    scenario: Scenario, candidates: Sequence[str], answer: Sequence[str], *, ordered: bool, nobody: str
) -> tuple[tuple[tuple[str, str], ...], str]:
    """Choices for "which pieces (in which order)": nothing, each one, each pair, and the answer."""
    options: list[tuple[str, ...]] = [()]
    options += [(c,) for c in candidates]
    pairs = permutations(candidates, 2) if ordered else (tuple(sorted(p)) for p in permutations(candidates, 2))
    for pair in pairs:
        if pair not in options:
            options.append(pair)
    key = tuple(answer) if ordered else tuple(sorted(answer))
    options = options[:MAX_CHOICES]
    if key not in options:
        options[-1] = key
    joiner = " then " if ordered else " and "
    out = []
    for opt in options:
        value = ">".join(opt) if opt else NONE
        if not opt:
            label = nobody
        elif ordered:
            label = joiner.join(_labels(scenario, opt))
        else:
            label = _names(scenario, opt)
        out.append((value, label))
    return tuple(out), (">".join(key) if key else NONE)


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
        out.append(
            Question(
                "executed",
                f"Does {ship} fully execute the {kind}?",
                YES_NO,
                _yn(executed == "full"),
                step,
                rule,
            )
        )
    things = [p.id for p in scenario.pieces if p.kind in ("obstacle", "device")]
    if things and "effects" in o and a["type"] != "rotate":
        sources = [s for s in _effect_sources(o) if s in things]
        candidates = sorted(set(things) | set(sources))
        choices, answer = _sequence_choices(
            scenario, candidates, sources, ordered=True, nobody="None: nothing takes effect"
        )
        if len(sources) > 1:
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
                f"Which obstacles or devices does {ship} resolve, in order?",
                choices,
                answer,
                step,
                rule,
            )
        )
    if "skips_perform_action" in o and o.get("executed") != "failed":
        step, rule = _deciding(ruling, ("skip-action", "move-not-maneuver", "bump-effect", "bump"))
        if not o["skips_perform_action"] and not any(w in rule for w in ("skip-action", "move-not-maneuver")):
            step, rule = _deciding(ruling, ("final-position", "/execute"), last=True)
        out.append(
            Question(
                "skip",
                f"Does {ship} skip its Perform Action step?",
                YES_NO,
                _yn(bool(o["skips_perform_action"])),
                step,
                rule,
            )
        )
    return out


def _xwing_attack(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    att, dfn = _label(scenario, o["attacker"]), _label(scenario, o["defender"])
    out: list[Question] = []
    if o.get("can_attack"):
        step, rule = _deciding(ruling, ("obstructed/measure", "obstacles/obstructed", "/obstructed"))
        out.append(
            Question(
                "obstructed",
                f"Is {att}'s attack on {dfn} obstructed?",
                YES_NO,
                _yn(bool(o.get("obstructed_by"))),
                step,
                rule,
            )
        )
        step, rule = _deciding(ruling, ("attack/range",))
        out.append(
            Question(
                "range",
                f"At what range does {att} attack {dfn}?",
                tuple((str(r), f"Range {r}") for r in (0, 1, 2, 3)),
                str(o.get("range")),
                step,
                rule,
            )
        )
    else:
        reasons = o.get("reasons") or []
        first = reasons[0] if reasons and isinstance(reasons[0], str) else ""
        step, rule = _deciding(ruling, (first,) if first else ("attack/",))
        out.append(Question("can-attack", f"Can {att} attack {dfn}?", YES_NO, "no", step, rule))
    return out


def _xwing_device(scenario: Scenario, ruling: Ruling) -> list[Question]:
    o = ruling.outcome
    dev = o.get("device") or {}
    name = scenario.action.get("type", "drop")
    what = {"drop": "dropped", "launch": "launched", "relocate-device": "relocated"}.get(name, "placed")
    label = str(dev.get("type", "device")).replace("-", " ") if isinstance(dev, dict) else "device"
    out: list[Question] = []
    step, rule = _deciding(ruling, ("/fail", "off", "play-area", "/guides"))
    out.append(
        Question(
            "placed",
            f"Is the {label} {what} on the table?",
            YES_NO,
            _yn(bool(o.get("placed"))),
            step,
            rule,
        )
    )
    if o.get("placed"):
        ships = [p.id for p in scenario.pieces if p.kind == "ship"]
        under = list(o.get("under") or [])
        if ships:
            choices, answer = _sequence_choices(scenario, ships, under, ordered=False, nobody="No ship")
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
    choices, answer = _sequence_choices(scenario, ships, affected, ordered=False, nobody="No ship")
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
    choices, answer = _sequence_choices(
        scenario, ships, list(o.get("overlapping_ships") or []), ordered=False, nobody="No ship"
    )
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
        if o["executed_speed"] == o.get("course_speed", dialled):
            step, rule = _deciding(ruling, ("/tool-side", "/maneuver-tool"))
        out.append(
            Question(
                "speed",
                f"{ship} plots speed {dialled}. At what speed does it execute the maneuver?",
                tuple((str(s), f"Speed {s}") for s in range(0, dialled + 1)),
                str(o["executed_speed"]),
                step,
                rule,
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
        out.append(
            Question(
                "damaged", "Who takes damage from this maneuver?", choices, ">".join(key) if key else NONE, step, rule
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
