"""The words of an obstacle or token move: every sentence a reader sees, rendered from the facts.

``obstacles.move_facts`` decides; this module only tells.  Each sentence is a template in
``TEMPLATES`` filled from the facts, so a wording fix is made here, a judge can read every sentence
of the action in one place, and a test renders each template against the facts it uses.
"""

from __future__ import annotations

import math
import string
from typing import Any

from rules.engine.armada.verdict import Violations, verdict_states
from rules.engine.ruling import Figure, Ruling, Step

R = "armada-1.5/obstacle-movement/"

TEMPLATES: dict[str, str] = {
    # the ruler
    "ruler.title.toward": "The ruler: toward {target_name}",
    "ruler.title.free": "The ruler",
    "ruler.toward": (
        "Toward {target_name}: the ruler lies along the line from the closest point of {name} to the closest point "
        "of {target_name}, its distance-1 end touching {name}'s edge there. Where any legal placement puts the "
        "{kind}'s centre on the ruler's centre line, it must be placed so; otherwise as close to that line as it can."
    ),
    "ruler.toward-tied": (
        "Toward {target_name}: {name} and {target_name} have straight edges facing each other, so their closest "
        "points are not unique: the ruler may be laid square to both from anywhere along a {tie_width:.0f} mm "
        "stretch of {name}'s edge. The {kind}'s centre meets the centre-line ruling wherever it lies on the centre "
        "line of one of those ruler positions; where no legal placement does, as close to one as it can."
    ),
    "ruler.toward-many": (
        "Toward {target_name}: {name} has {rulers} points equally close to {target_name}, and the ruler may be "
        "laid from any of them; the one this move follows is drawn. Where any legal placement puts the {kind}'s "
        "centre on that ruler's centre line, it must be placed so; otherwise as close to that line as it can."
    ),
    "ruler.touching": (
        "{name} already touches {target_name}: there is no gap to lay the ruler across, so it cannot be moved any "
        "closer to {target_name}."
    ),
    "ruler.free": (
        "The ruler lies flat, distance side up, the centre of its distance-1 end touching {name}'s edge, its centre "
        "line along the direction of the move (through the {kind}'s centre)."
    ),
    "ruler.end": " The {kind} may not end with any part beyond the end line of distance {hi} (about {d_max:.0f} mm).",
    # staying
    "stay.title": "{name} stays where it is",
    "stay.title.not": "{name} may not stay where it is",
    "stay.no-minimum": "With no minimum given, the player moving it may leave it where it is.",
    "stay.touching": (
        "A minimum of distance {lo} is given, but it already touches {target_name} and cannot get any closer: "
        "as close as possible is where it is. If it cannot be moved toward a piece at all, it remains where it is "
        "(it may still be rotated)."
    ),
    "stay.blocked": (
        "A minimum of distance {lo} is given, but no legal position along the ruler brings it any closer to "
        "{target_name}: as close as possible is where it is. If it cannot be moved toward a piece at all, it "
        "remains where it is (it may still be rotated)."
    ),
    "stay.cannot-move": (
        "A minimum of distance {lo} is given, but no direction lets it move without breaking a rule: it stays "
        "where it is (our reading: the rules say this only for a move toward a piece)."
    ),
    "stay.must-move": "A minimum of distance {lo} is given, and it can be moved: it may not stay.",
    # the move
    "move.title": "It moves {shift:.1f} mm",
    "move.title.rotated": "It moves {shift:.1f} mm and rotates",
    "move.title.turn-only": "It rotates where it is",
    "move.centre": "That is how far its centre travels: {along:.1f} mm along the ruler and {across:.1f} mm across it.",
    "move.centre-straight": "That is how far its centre travels, straight along the ruler.",
    "move.measure": (
        " The rule does not measure that: it measures how far the {kind}'s farthest part ends along the ruler, "
        "past the ruler's start (the end that touched {name} where it stood), so only the part of the move along "
        "the ruler counts."
    ),
    "move.measure.rotated": (
        " The rule does not measure that: it measures how far the {kind}'s farthest part ends along the ruler, "
        "past the ruler's start (the end that touched {name} where it stood), so what counts is the part of the "
        "move along the ruler and the turn, which changes which part of it is farthest."
    ),
    "move.start-lead": " Before the move its farthest part already reached {start_lead:.1f} mm past that start.",
    "move.lead": " Its farthest part ends {lead:.1f} mm past the ruler's start, in the distance {band} band.",
    "move.close": (
        " That is {margin_words} {where} the end line of distance {line}: legal, but by less than half a "
        "millimetre, closer than our measurements can be sure of (about ±0.5 mm). On the table, a judge measures."
    ),
    "move.lead-none": "Its farthest part does not end past the ruler's start.",
    "move.rotated": " Rotated, no part of it may end beyond distance {hi} of its original position.",
    "overlap.title": "Only the final position counts",
    "overlap.text": (
        "It may pass through anything; at its final position it may not overlap ships (shield dials and frames "
        "included), squadrons, other obstacles or tokens. Touching is allowed."
    ),
    "overlap.hit": " It would overlap {hit}.",
    "overlap.none": " It overlaps none.",
    "token.title": "A token may end on other pieces",
    "token.text": (
        "The rule against overlapping names obstacles only; a moved token may end on an obstacle or under a ship "
        "(FAQ on Strategic)."
    ),
    # the minimum
    "minimum.title": "The minimum: distance {lo}",
    "minimum.toward": (
        "Toward {target_name}, it must reach at least the end line of distance {lo} (about {d_min:.0f} mm); if it "
        "cannot, it goes as close to that line as it can."
    ),
    "minimum.free": (
        'A minimum of distance {lo} is given without "toward": it may not stay, the player chooses the direction, '
        "and its farthest part must reach at least the end line of distance {lo} (about {d_min:.0f} mm) along the "
        "ruler; if no direction allows that, it goes as far as it can. Our reading: the rules measure a minimum "
        "only for a move toward a piece."
    ),
    # what rides along or stays
    "carried.title": "Tokens on it move with it: {carried_names}",
    "carried.text": "A token placed on the obstacle stays on it; the picture shows where it ends.",
    "ships.title.one": "{stay_names} stays where it is",
    "ships.title.many": "{stay_names} stay where they are",
    "ships.text": (
        "Ships and squadrons on a moved obstacle or token stay in place; the owner may mark a ship's position and "
        "lift it out of the way, then put it back."
    ),
    # open questions
    "mines.title": "Open question: {name} ends within distance 1 of {close_mine_names}",
    "mines.text": (
        "Proximity mines are placed beyond distance 1 of each other, and a moved token is placed in its final "
        "position, but the rules do not say whether that spacing binds a mine that is moved rather than put into "
        "play. The move is not refused for it: agree on it at the table."
    ),
    "table.title": "Open question: {name} ends partly off the play area",
    "table.text": (
        "The movement rules do not say whether a moved {kind} may end partly outside the play area. The move is "
        "not refused for it: agree on it at the table."
    ),
    # what is broken (the violations' messages)
    "v.past-end-line": (
        "Part of {name} would end {lead:.1f} mm past the ruler's start, beyond the end line of distance {hi}"
    ),
    "v.beyond-original": "Part of {name} would end beyond distance {hi} of its original position",
    "v.overlap": "{name} would overlap {hit}",
    "v.touching-moved": (
        "{name} already touches {target_name}, so it cannot be moved toward it: it remains where it is (it may "
        "still be rotated)"
    ),
    "v.away": "{name} would move back, away from {target_name}",
    "v.sideways": "{name} would move sideways, not toward {target_name}",
    "v.off-line": (
        "Its centre would be off the ruler's centre line, where a legal placement on it exists: it must go "
        "{amount} to the {side}, as seen from {name} looking toward {target_name}{along}"
    ),
    "v.off-line-blocked": (
        "No legal placement puts its centre on the ruler's centre line, but one comes {closest:.1f} mm from it: "
        "it must go {amount} to the {side}, as seen from {name} looking toward {target_name}{along}"
    ),
    "v.along-forward": ", and {along_amount} further along the ruler",
    "v.along-back": ", and {along_amount} back along the ruler",
    "v.may-not-stay": "A minimum of distance {lo} is given and {name} can be moved: it may not stay",
    "v.toward-short": (
        "{name} must reach at least the end line of distance {lo} (about {d_min:.0f} mm); it reaches {lead:.1f} mm"
    ),
    "v.not-as-close": (
        "Distance {lo} cannot be reached, but {name} can get {best:.1f} mm past the ruler's start (drawn on the "
        "picture); it reaches {lead:.1f} mm and must go as close as possible"
    ),
    "v.free-short": (
        "{name} must reach at least the end line of distance {lo} (about {d_min:.0f} mm) in the direction it is "
        "moved; it reaches {lead:.1f} mm"
    ),
    "v.free-not-as-far": (
        "Distance {lo} cannot be reached in any direction, but {name} can get {best:.1f} mm past the ruler's "
        "start; it reaches {lead:.1f} mm and must go as far as it can"
    ),
    # warnings and the verdict
    "w.near-end-line": "{name} ends within 0.5 mm of the distance {hi} end line: measure on the table",
    "w.mines": "{name} ends within distance 1 of {close_mine_names}: an open question (see the steps)",
    "w.table": "{name} ends partly off the play area: an open question (see the steps)",
    "verdict.legal.title": "The move is legal",
    "verdict.legal.text": "Every rule is met.",
    "verdict.close.title": "The move is legal, but by less than half a millimetre",
    "verdict.close.text": (
        "Every rule is met, but its farthest part ends {margin_words} {where} the end line of distance {line}: less "
        "than the ±0.5 mm our measurements are good to. That caution is our reading, not a rule: on the table, a "
        "judge measures."
    ),
    "w.near-min-line": (
        "{name} ends within 0.5 mm past the distance {line} end line: legal by less than half a millimetre, "
        "measure on the table"
    ),
    "summary.close": (
        "{name} {how}{toward_words}: legal, but by less than half a millimetre (on the table, a judge measures)."
    ),
    "verdict.not-legal.title": "The move is not legal",
    "verdict.disputed.title": "The move is legal by the movement rules",
    "verdict.disputed.text": "Every rule they state is met; the open question above is for the players to settle.",
    "summary.legal": "{name} {how}{toward_words}: legal.",
    "summary.disputed": (
        "{name} {how}{toward_words}: legal by the movement rules, with an open question (see the steps)."
    ),
    "summary.not-legal": "Moving {name}{toward_words}: not legal. {reason}.",
    "summary.more": "{first} (and {more} more)",
    "how.moves": "moves {amount}",
    "how.moves-rotated": "moves {amount} and rotates",
    "how.rotates": "rotates where it is",
    "how.stays": "stays where it is",
    "toward": " toward {target_name}",
}


class _Strict(string.Formatter):
    """A formatter that refuses a placeholder the facts do not fill (a template test relies on it)."""

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if key not in kwargs:
            raise KeyError(f"no fact named {key!r}")
        return kwargs[key]


_FORMAT = _Strict()


class Narrator:
    """Renders templates from facts, remembering which keys it used (for the template test)."""

    def __init__(self, facts: dict[str, Any]) -> None:
        self.facts = facts
        self.used: set[str] = set()

    def say(self, key: str, /, **more: Any) -> str:
        self.used.add(key)
        return _FORMAT.format(TEMPLATES[key], **{**self.facts, **more})


def _close(n: Narrator) -> dict[str, Any] | None:
    """The close call's words (how far, which side of which end line), None when the move is not one."""
    c = n.facts.get("close_line")
    if not c:
        return None
    m = float(c["margin"])
    words = "less than 0.1 mm" if m < 0.05 else f"{m:.1f} mm"
    return {"margin_words": words, "where": "past" if c["past"] else "short of", "line": c["line"]}


def _summary(n: Narrator, violations: Violations, disputed: bool, *, close: bool = False) -> str:
    """The verdict in one line: what the piece does (or why it may not), so a card or a link preview says it."""
    f = n.facts
    toward_words = n.say("toward") if f["target"] else ""
    if violations:
        first = violations[0]["message"]
        reason = n.say("summary.more", first=first, more=len(violations) - 1) if len(violations) > 1 else first
        return n.say("summary.not-legal", toward_words=toward_words, reason=reason)
    if f["moved"]:
        how = n.say("how.moves-rotated" if f["rotated"] else "how.moves", amount=about(f["shift"]))
    else:
        how = n.say("how.rotates" if f["rotated"] else "how.stays")
    key = "summary.disputed" if disputed else "summary.close" if close else "summary.legal"
    return n.say(key, how=how, toward_words=toward_words)


def about(mm: float) -> str:
    """A distance as a player would say it: "less than 1 mm", "about 2 mm"."""
    return "less than 1 mm" if mm < 1 else f"about {math.floor(mm + 0.5)} mm"


def narrate(facts: dict[str, Any], figures: list[Figure], used: set[str] | None = None) -> Ruling:
    """Steps, violations, warnings and the summary of a move, from ``obstacles.move_facts``."""
    n = Narrator(facts)
    f = facts
    steps: list[Step] = []
    pid = f["piece"]
    toward = bool(f["target"])
    cites: tuple[str, ...]

    if toward:
        title = n.say("ruler.title.toward")
        if f["touching"]:
            body, cites, derived = n.say("ruler.touching"), (R + "toward", R + "blocked-rotate"), True
        elif f["tied"]:
            body, cites, derived = (
                n.say("ruler.toward-tied"),
                (R + "toward", R + "toward-ties", R + "centre-line"),
                True,
            )
        elif f["rulers"] > 1:
            body, cites, derived = (
                n.say("ruler.toward-many"),
                (R + "toward", R + "toward-ties", R + "centre-line"),
                True,
            )
        else:
            body, cites, derived = n.say("ruler.toward"), (R + "toward", R + "centre-line"), False
    else:
        title, body, cites, derived = n.say("ruler.title.free"), n.say("ruler.free"), (R + "centre-line",), False
    steps.append(
        Step(
            title,
            body + n.say("ruler.end"),
            (R + "direction", R + "along-ruler", "armada-1.5/geometry/bands", *cites),
            (pid, "ruler", "end-line"),
            derived=derived,
        )
    )

    reason = f["stay_reason"]
    if reason:
        cites_for = {
            "no-minimum": ((R + "may-stay",), False),
            "touching": ((R + "toward-as-close", R + "blocked-rotate"), True),
            "blocked": ((R + "toward-as-close", R + "blocked-rotate"), False),
            "cannot-move": ((R + "may-stay", R + "minimum"), True),
            "must-move": ((R + "may-stay",), False),
        }
        cites, derived = cites_for[reason]
        steps.append(
            Step(
                n.say("stay.title.not" if reason == "must-move" else "stay.title"),
                n.say(f"stay.{reason}"),
                cites,
                (pid,),
                derived=derived,
            )
        )
    close = _close(n)
    if f["moved"] or f["rotated"]:
        if f["moved"]:
            title = n.say("move.title.rotated" if f["rotated"] else "move.title")
            # the shift is the centre's; the rule measures the farthest part along the ruler: say why they differ
            body = n.say("move.centre") if f["across"] >= 0.05 else n.say("move.centre-straight")
            body += n.say("move.measure.rotated" if f["rotated"] else "move.measure")
            if f["start_lead"] > 0.05:
                body += n.say("move.start-lead")
            body += n.say("move.lead") if f["lead"] > 1e-9 else " " + n.say("move.lead-none")
            if close:
                body += n.say("move.close", **close)
        else:
            title, body = n.say("move.title.turn-only"), ""
        if f["rotated"]:
            body = (body + n.say("move.rotated")).strip()
        steps.append(
            Step(
                title,
                body,
                (R + "along-ruler", R + "move-through")
                + ((R + "rotation", R + "within-rotation") if f["rotated"] else ()),
                (pid, "final", "end-line", *(("min-line",) if f["lo"] else ())),
                derived=bool(close),
            )
        )
        if f["kind"] == "obstacle":
            hits = [b for b in f["broken"] if b["key"] == "overlap"]
            tail = n.say("overlap.hit", hit=hits[0]["hit"]) if hits else n.say("overlap.none")
            steps.append(
                Step(
                    n.say("overlap.title"),
                    n.say("overlap.text") + tail,
                    (R + "move-through", R + "no-overlap", R + "touching"),
                    (pid, "region"),
                )
            )
        else:
            steps.append(Step(n.say("token.title"), n.say("token.text"), (R + "move-through",), (pid,), derived=True))
    if f["lo"] and (f["moved"] or reason == "must-move") and not f["touching"]:
        if toward:
            steps.append(
                Step(
                    n.say("minimum.title"),
                    n.say("minimum.toward"),
                    (R + "toward-minimum", R + "toward-as-close"),
                    (pid, "min-line"),
                )
            )
        else:
            steps.append(
                Step(
                    n.say("minimum.title"),
                    n.say("minimum.free"),
                    (R + "minimum", R + "may-stay"),
                    (pid, "min-line"),
                    derived=True,
                )
            )
    if f["carried"]:
        steps.append(
            Step(
                n.say("carried.title"),
                n.say("carried.text"),
                (R + "tokens-ride",),
                tuple(f["carried"]) + tuple(f"carried-{t}" for t in f["carried"]),
            )
        )
    if f["stay_ids"]:
        steps.append(
            Step(
                n.say("ships.title.one" if len(f["stay_ids"]) == 1 else "ships.title.many"),
                n.say("ships.text"),
                (R + "ships-stay",),
                tuple(f["stay_ids"]),
            )
        )
    warnings: list[str] = []
    if f["near_end_line"]:
        warnings.append(n.say("w.near-end-line"))
    elif close:
        warnings.append(n.say("w.near-min-line", **close))
    if f["close_mines"]:
        steps.append(
            Step(
                n.say("mines.title"),
                n.say("mines.text"),
                (R + "mine-spacing", "armada-1.5/tokens/proximity-mine-spacing"),
                (pid, *f["close_mines"]),
            )
        )
        warnings.append(n.say("w.mines"))
    if f["off_table"]:
        steps.append(Step(n.say("table.title"), n.say("table.text"), (R + "play-area",), (pid,)))
        warnings.append(n.say("w.table"))

    violations = Violations()
    for b in f["broken"]:
        extra = {k: v for k, v in b.items() if k not in ("rule", "key", "pieces")}
        if "sideways_mm" in extra:
            extra["amount"] = about(extra["sideways_mm"])
            along = extra["along_mm"]
            extra["along"] = (
                ""
                if abs(along) < 1
                else n.say("v.along-forward" if along > 0 else "v.along-back", along_amount=about(abs(along)))
            )
        violations.add(b["rule"], n.say("v." + b["key"], **extra), list(b["pieces"]))
    disputed = [d["rule"] for d in f["outcome"].get("disputed", [])]
    if violations:
        steps.append(
            Step(
                n.say("verdict.not-legal.title"),
                " ".join(v["message"] + "." for v in violations),
                tuple(dict.fromkeys(v["rule"] for v in violations)),
                tuple(dict.fromkeys(p for v in violations for p in v["pieces"])),
                states=verdict_states(violations),
            )
        )
    elif disputed:
        steps.append(
            Step(
                n.say("verdict.disputed.title"),
                n.say("verdict.disputed.text"),
                (R + "along-ruler", *disputed),
                (pid,),
                states=("legal",),
            )
        )
    elif close:  # legal by less than the measurements' uncertainty: our reading of a close call (derived)
        steps.append(
            Step(
                n.say("verdict.close.title"),
                n.say("verdict.close.text", **close),
                (R + "along-ruler", *((R + "toward-minimum",) if close["where"] == "past" else ())),
                (pid, "min-line" if close["where"] == "past" else "end-line"),
                states=("legal",),
                derived=True,
            )
        )
    else:
        steps.append(
            Step(
                n.say("verdict.legal.title"),
                n.say("verdict.legal.text"),
                (R + "along-ruler",),
                (pid,),
                states=("legal",),
            )
        )
    outcome = {**f["outcome"], "violations": violations}
    summary = _summary(n, violations, bool(disputed), close=bool(close))
    if used is not None:
        used |= n.used
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary)
