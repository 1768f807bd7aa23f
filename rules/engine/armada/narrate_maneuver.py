"""Every sentence of an Armada ship's maneuver ruling: steps, warnings, the summary, the tool's reason.

The geometry is measured in ``maneuver.py``; this module only turns those facts
into words, so a wording fix is made here and a judge can read every sentence of
the action in one file.  Each sentence is a template in ``TEXT``, filled by
``say``; a test renders every template against facts covering each branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.engine.armada.effects import EFFECTS, NEAR
from rules.engine.geometry import CLOSE_CALL_MM
from rules.engine.ruling import Step
from rules.engine.scenario import Scenario, with_kind

if TYPE_CHECKING:
    from rules.engine.armada.maneuver import ManeuverFacts

R = "armada-1.5/"

TEXT: dict[str, str] = {
    # Determine Course
    "rift.title": "Near {rifts} when it determines its course: speed {speed}",
    "rift.text": (
        "{ship} is at distance 1–2 of {rifts} when it resolves Determine Course, so {effect}. "
        "Its speed dial still shows {dialled}; it plots its course at speed {speed}."
    ),
    "rift.clicks": " The clicks set for {used} are used; the {clicks} set for {unused} {verb} not.",
    "rift.yaw.title": "At speed {speed} its speed chart allows fewer clicks",
    "rift.yaw.text": (
        "The course is plotted at speed {speed}, so the speed chart's column for speed {speed} limits each joint: "
        "{over}. Those clicks are not a legal course at speed {speed}; plot it again within the chart."
    ),
    "rift.yaw.joint": "at most {limit} click(s) at joint {joint}",
    "rift.zero": " At speed 0 it does not move, but it still executes a maneuver.",
    "course.title": "{ship} plots speed {speed}",
    "course.text": (
        "At speed {speed} the ship uses {joints} of the tool, {clicks}, with the tool on its {side} side{huge}. "
        "The ship is picked up and placed beside the "
        "guides at the last joint used: it ignores everything between its start and its final position."
    ),
    "course.huge": " in the notches of its rear base (a huge ship)",
    "course.zero": "At speed 0 the ship does not move, but it still executes a maneuver.",
    # the tool's side, checked at the plotted speed
    "tool.fits.title": "The tool on the {side} side: legal",
    "tool.fits.text": "The final base does not overlap the tool on the {side} side: the ship is placed there.",
    "tool.fits.either": " It would fit on the {other} side too; its owner chooses.",
    "tool.switch.title": "The tool goes to the {other} side",
    "tool.switch.text": (
        "With the tool on its {side} side the final base would overlap the tool, and a ship may not overlap the "
        "tool in its final position: the ship is reset and the tool is inserted on its {other} side, where the "
        "final base does not overlap it. Everything that follows is ruled from the {other} side."
    ),
    "tool.huge.title": "Both sides overlap the tool: the course is not legal",
    "tool.huge.text": (
        "The huge ship's final position overlaps the tool on both sides: this course is illegal; choose another. "
        "The position shown is the {side} side's."
    ),
    "tool.both.title": "Both sides overlap the tool: the course cannot be executed as plotted",
    "tool.both.text": (
        "The final base overlaps the tool on both sides. The rules only say to use the other side; with no side "
        "left, the course cannot be executed as plotted. The position shown is the {side} side's."
    ),
    "tool.reduced.title": "At a reduced speed it may overlap the tool",
    "tool.reduced.text": (
        "The ship moves at a speed lower than its plotted speed because of an overlap, so its final position is "
        "allowed to overlap the maneuver tool."
    ),
    "tool.zero.title": "Speed 0: no tool is placed",
    "tool.zero.text": "Rammed down to speed 0, it stays where it started: no tool is placed.",
    "tool.kept.title": "At its plotted speed it would also have overlapped the tool on the {side} side",
    "tool.kept.text": (
        "That position overlapped another ship, so it was never a final position. The rules do not say whether "
        "the player must first move the tool to the {other} side (where the plotted position {fits}) before the "
        "speed is reduced. The ruling keeps the side that was declared; measure both if the players disagree."
    ),
    "tool.kept.fits": "fits",
    "tool.kept.overlaps": "also overlaps",
    # the ram loop
    "ram.try.title": "At speed {speed} it would overlap {names}: speed {lower} instead",
    "ram.try.text": (
        "Its final position at speed {speed} overlaps {names} (shield dials and their frames count). It cannot "
        "finish the maneuver there, so that position is abandoned: its speed is temporarily reduced to {lower} (the "
        "speed dial is not changed) and it moves again with the same clicks on the earlier joints."
    ),
    "touch.title": "It touches {name}: that is not overlapping",
    "touch.text": "Exactly touching another ship is not overlapping it, so the ship is placed there.",
    "ram.title.each": "Ram: one facedown damage card each",
    "ram.title.one": "Ram: one facedown damage card, to {who}",
    "ram.text": (
        "It finishes at speed {speed}{stays}. The positions tried and abandoned overlapped {names}; measured base "
        "to base from its final position (dials ignored): {parts}. The closest is {closest}."
    ),
    "ram.stays": " and stays where it was",
    "ram.part": "{name}: {mm} mm",
    "ram.deal.each": " One facedown damage card each: {who}.",
    "ram.deal.one": " One facedown damage card, to {who} only.",
    "ram.flotilla": " One of the two is a flotilla and the other is not, so only the flotilla is dealt the card.",
    "ram.tie": " {tied} are equally close: measure on the table.",
    "ram.dial": " Its speed dial still shows {dialled}.",
    # squadrons
    "squadrons.title": "It overlaps {noun} {names}",
    "squadrons.text": (
        "The overlapped squadrons are moved out of the way and the ship finishes its maneuver. Then the player who "
        "is not moving the ship places them, whoever owns them and in any order, touching the ship: as many as "
        "possible touching it, the rest touching a squadron that touches it, none outside the play area or "
        "overlapping a ship or squadron (in a Sector Fleet game, the opposing Grand Admiral places them). Check a "
        "proposal with place-squadrons."
    ),
    # obstacles
    "obstacle.title": "It ends overlapping {name}",
    "obstacle.none": "{name_type} has no effect on a ship that overlaps it.",
    "obstacle.effect": "{ship} {what}.",
    "obstacle.purrgil": "{ship} suffers damage equal to its speed ({speed}).",
    "obstacle.purrgil-dial": (
        "{ship} suffers damage equal to its speed: {dialled}, the speed on its dial. Obstacles resolve once the "
        "maneuver is over (a ship destroyed by ram damage never resolves the station), and the speed it moved at "
        "({speed}) lasted only for the maneuver."
    ),
    "obstacle.zero": " It executed a maneuver at speed 0, so the obstacle still resolves.",
    "obstacles.order.title": "Several obstacles: any order",
    "obstacles.order.text": "{ship} resolves each obstacle's effect, in any order its owner chooses.",
    # tokens
    "mine.title": "It ends at distance 1 of {name}: the mine resolves",
    "mine.text": "A ship that ends its movement at distance 1 of a proximity mine resolves it: {effect}.",
    "mine.branches": " {name} is {mm} mm from its base. Possible results: {odds}.",
    "mine.odds": "{cards} ({odds})",
    "mine.rolled": " {name} is {mm} mm from its base. Rolled {faces}: {cards}.",
    "mine.short": " The dice given ({faces}) are fewer than the {n} rolled; every result is shown.",
    "mine.zero": (
        " It executed its maneuver at speed 0 without moving, which is read here as ending its movement where it "
        "stands."
    ),
    "token.title": "It ends at distance 1 of {name}",
    "token.text": (
        "{name} is a {type} token: what it does is given by the objective or upgrade card that uses it, and no "
        "card is part of this situation, so no effect is applied here. Check the card."
    ),
    # the play area
    "destroyed.title": "{ship} is destroyed",
    "destroyed.text": "Part of its base (dials and frames ignored) is outside the play area, so it is destroyed.",
    "saved.title": "The ram brought it back onto the table",
    "saved.text": (
        "At speed {plotted} part of its base would have been outside the play area, but it was placed at speed "
        "{speed}, wholly inside: it is not destroyed."
    ),
    # warnings
    "warn.ship": "{name}: the final position is within {mm} mm of {what} it; measure on the table",
    "warn.tie": "{tied} are equally close to the final position; measure on the table",
    "warn.near": "{name}: within {mm} mm of the final position; measure on the table",
    "warn.mine": "{name}: within {mm} mm of the end of distance 1 from the final position; measure on the table",
    "warn.edge": "the base ends within {mm} mm of the table edge; measure on the table",
    # the summary
    "sum.moves": "{ship} moves at speed {speed}",
    "sum.dial": " (dial {dialled})",
    "sum.side": "with the tool on its {side} side",
    "sum.damage": "facedown damage to {names}",
    "sum.displaces": "displaces {names}",
    "sum.on": "ends on {names}",
    "sum.mines": "resolves {names}",
    "sum.illegal": "course not legal as plotted",
    "sum.destroyed": "destroyed",
    # the tool's reason (outcome field)
    "reason.zero": "speed 0: no tool is used",
    "reason.reduced": "reduced to speed {speed} by an overlap: the ship may overlap the tool",
    "reason.fits": "the final base does not overlap the tool on this side",
    "reason.switch": "the final base overlaps the tool on this side: the tool goes to the {other} side",
    "reason.huge": "a huge ship's course that overlaps the tool on both sides is illegal: choose another course",
    "reason.both": "the final base overlaps the tool on both sides",
}

USED: set[str] = set()
"""Template keys rendered since the last reset (the template test reads it)."""


def say(key: str, **values: Any) -> str:
    """Template ``key`` filled with ``values`` (a missing value raises, so no placeholder is left unfilled)."""
    USED.add(key)
    return TEXT[key].format(**values)


def _other(side: str) -> str:
    return "left" if side == "right" else "right"


def course_words(clicks: tuple[int, ...] | list[int]) -> str:
    """The tool's joints as a player sets them: "every joint set straight", or joint by joint ("joint 2 turned
    1 click right"); a click turns the joint one notch, clockwise (right) when positive."""
    if not any(clicks):
        return "its joints set straight" if len(clicks) > 1 else "its joint set straight"
    words = []
    for i, c in enumerate(clicks, start=1):
        turn = f"{abs(c)} click{'s' if abs(c) > 1 else ''} {'right' if c > 0 else 'left'}" if c else "straight"
        words.append(f"joint {i} {turn}")
    return "set " + ", ".join(words)


def _joints(speed: int) -> str:
    return _span(1, speed)


def _span(first: int, last: int) -> str:
    """ "joint 3", "joints 1 and 2", "joints 1 to 3"."""
    if first == last:
        return f"joint {first}"
    return f"joints {first} and {last}" if last == first + 1 else f"joints {first} to {last}"


def _rift_clicks(course: int, dialled: int) -> str:
    """Which of the clicks set for the dialled speed the slowed course uses (one per joint of the dial)."""
    many = dialled - course > 1
    return say(
        "rift.clicks",
        used=_span(1, course),
        unused=_span(course + 1, dialled),
        clicks="clicks" if many else "click",
        verb="are" if many else "is",
    )


def _cards(n: int) -> str:
    return "no damage card" if n == 0 else ("1 facedown damage card" if n == 1 else f"{n} facedown damage cards")


@dataclass
class Told:
    """The words of a ruling, plus the effect entries (facts with their sentence) for the outcome."""

    steps: list[Step] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    summary: str = ""
    effects: list[dict[str, Any]] = field(default_factory=list)


def tool_reason(f: ManeuverFacts) -> str:
    t = f.tool
    if not t.checked:
        return say("reason.zero") if f.course_speed == 0 else say("reason.reduced", speed=f.speed)
    if t.legal:
        return say("reason.fits")
    if t.side_used is not None:
        return say("reason.switch", other=t.side_used)
    return say("reason.huge") if f.size == "huge" else say("reason.both")


def narrate(scenario: Scenario, f: ManeuverFacts) -> Told:
    told = Told()
    _course(scenario, f, told)
    _tool(f, told)
    _ram(scenario, f, told)
    _squadrons(scenario, f, told)
    _obstacles(scenario, f, told)
    _tokens(scenario, f, told)
    _play_area(f, told)
    _summary(scenario, f, told)
    return told


def _course(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    ship = f.ship
    if f.rifts:
        near = NEAR["gravity-rift"]
        rifts = scenario.names(r.id for r in f.rifts)
        text = say("rift.text", ship=ship.label, rifts=rifts, effect=near.text, dialled=f.dialled, speed=f.course_speed)
        text += _rift_clicks(f.course_speed, f.dialled) if f.course_speed else say("rift.zero")
        told.steps.append(
            Step(
                say("rift.title", rifts=rifts, speed=f.course_speed),
                text,
                (near.rule, R + "overlapping/speed-returns"),
                (ship.id, *(r.id for r in f.rifts)),
                derived=f.course_speed > 0,
                states=("course_speed:changed",),
            )
        )
        if f.yaw_over:
            over = "; ".join(say("rift.yaw.joint", limit=lim, joint=j) for j, lim in f.yaw_over)
            told.steps.append(
                Step(
                    say("rift.yaw.title", speed=f.course_speed),
                    say("rift.yaw.text", speed=f.course_speed, over=over),
                    (R + "ship-movement/yaw", near.rule),
                    (ship.id,),
                )
            )
        for r in f.rifts:
            told.effects.append(
                {
                    "source": r.id,
                    "trigger": "determine-course",
                    "rule": near.rule,
                    "speed_change": near.speed_change,
                    "text": f"{ship.label}: {near.text}.",
                }
            )
    speed = f.course_speed
    if speed:
        clicks = course_words(f.course.clicks)
        huge = say("course.huge") if f.size == "huge" else ""
        text = say("course.text", speed=speed, joints=_joints(speed), clicks=clicks, side=f.tool.side, huge=huge)
    else:
        text = say("course.zero")
    told.steps.append(
        Step(
            say("course.title", ship=ship.label, speed=speed),
            text,
            (R + "ship-movement/maneuver-tool", R + "overlapping/move-through", R + "geometry/maneuver-tool"),
            (ship.id, "tool"),
            states=("course_speed",),
        )
    )


def _tool(f: ManeuverFacts, told: Told) -> None:
    """The side the ship must use, when it was decided at the plotted speed (before any ram)."""
    t = f.tool
    if not t.checked:
        return
    other = _other(t.side)
    rules = (R + "ship-movement/tool-side", R + "geometry/tool-sliver") + (
        (R + "ship-movement/huge-tool",) if f.size == "huge" else ()
    )
    if t.legal:
        title = say("tool.fits.title", side=t.side)
        text = say("tool.fits.text", side=t.side) + (say("tool.fits.either", other=other) if t.other_side_legal else "")
        highlight: tuple[str, ...] = ("tool", "final")
    elif t.side_used is not None:
        title = say("tool.switch.title", other=other)
        text = say("tool.switch.text", side=t.side, other=other)
        highlight = ("declared-side", "tool", "final")
    elif f.size == "huge":
        title, text, highlight = say("tool.huge.title"), say("tool.huge.text", side=t.side), ("tool", "final")
    else:
        title, text, highlight = say("tool.both.title"), say("tool.both.text", side=t.side), ("tool", "final")
    derived = t.side_used is None and f.size != "huge"
    told.steps.append(Step(title, text, rules, highlight, derived=derived, states=("tool_side",)))


def _ram(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    ship = f.ship
    for t in f.tried[:-1]:
        names = scenario.names(t.overlapped)
        told.steps.append(
            Step(
                say("ram.try.title", speed=t.speed, names=names, lower=t.speed - 1),
                say("ram.try.text", speed=t.speed, names=names, lower=t.speed - 1),
                (R + "overlapping/ship-onto-ship", R + "overlapping/dials-count"),
                (f"tried-{t.speed}", *t.overlapped),
            )
        )
    for sid, overlapping in f.close_ships:
        what = "clearing" if overlapping else "overlapping"
        told.warnings.append(say("warn.ship", name=scenario.names([sid]), mm=CLOSE_CALL_MM, what=what))
    for sid in f.touching_ships:
        told.steps.append(
            Step(
                say("touch.title", name=scenario.names([sid])),
                say("touch.text"),
                (R + "overlapping/touching",),
                (sid,),
            )
        )
    # at a reduced speed the ship may overlap the tool, whichever side it is on
    if f.speed < f.course_speed:
        # at speed 0 there is no final position on the tool: the overlap allowance has nothing to apply to
        told.steps.append(
            Step(
                say("tool.reduced.title"),
                say("tool.reduced.text"),
                (R + "overlapping/tool-overlap-allowed",),
                ("tool", "final"),
            )
            if f.speed
            else Step(say("tool.zero.title"), say("tool.zero.text"), (R + "ship-movement/speed-zero",), ("final",))
        )
        if f.tool.overlaps and not f.tool.checked:
            fits = say("tool.kept.overlaps") if f.tool.other_overlaps else say("tool.kept.fits")
            told.steps.append(
                Step(
                    say("tool.kept.title", side=f.tool.side),
                    say("tool.kept.text", other=_other(f.tool.side), fits=fits),
                    (R + "ship-movement/tool-side", R + "overlapping/tool-overlap-allowed"),
                    ("tool",),
                    derived=True,
                )
            )
    if not f.overlapped:
        return
    parts = "; ".join(say("ram.part", name=scenario.names([s]), mm=f"{f.distances[s]:.1f}") for s in f.overlapped)
    who = " and ".join(scenario.piece(d).label for d in f.damaged)
    each = len(f.damaged) == 2
    text = say(
        "ram.text",
        speed=f.speed,
        stays=say("ram.stays") if f.speed == 0 else "",
        names=scenario.names(f.overlapped),
        parts=parts,
        closest=scenario.names(f.closest[:1]),
    )
    text += say("ram.deal.each", who=who) if each else say("ram.deal.one", who=who)
    rules: tuple[str, ...] = (
        R + "overlapping/ship-onto-ship",
        R + "overlapping/closest-ship",
        R + "overlapping/speed-returns",
    )
    if bool(ship.get("flotilla")) != bool(scenario.piece(f.closest[0]).get("flotilla")):
        text += say("ram.flotilla")
        rules += (R + "flotillas/ram",)
    if f.tie:
        tied = " and ".join(scenario.piece(c).label for c in f.closest)
        text += say("ram.tie", tied=tied)
        told.warnings.append(say("warn.tie", tied=tied))
    if f.speed == 0:
        rules += (R + "overlapping/speed-zero-executes",)
    text += say("ram.dial", dialled=f.dialled)
    title = say("ram.title.each") if each else say("ram.title.one", who=who)
    told.steps.append(
        Step(title, text, rules, (ship.id, *f.closest, "final"), states=("damaged_ships", "executed_speed"))
    )


def _squadrons(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    if f.displaced:
        noun = "squadrons" if len(f.displaced) > 1 else "squadron"
        told.steps.append(
            Step(
                say("squadrons.title", noun=noun, names=scenario.names(f.displaced)),
                say("squadrons.text"),
                (
                    R + "overlapping/ship-onto-squadrons",
                    R + "overlapping/squadrons-as-many-touching",
                    R + "overlapping/sector-fleet",
                ),
                f.displaced,
            )
        )
    for q in f.close_squadrons:
        told.warnings.append(say("warn.near", name=scenario.names([q]), mm=CLOSE_CALL_MM))


def _obstacles(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    ship = f.ship
    for ob in f.close_obstacles:
        told.warnings.append(say("warn.near", name=scenario.names([ob]), mm=CLOSE_CALL_MM))
    resolved = 0
    for hit in f.obstacles:
        name = scenario.names([hit.id])
        eff = EFFECTS[hit.type]
        purrgil_dial = hit.type == "purrgil" and f.speed != f.dialled
        rules: tuple[str, ...] = (R + "overlapping/obstacles", eff.rule, R + "obstacles/after-moving")
        if eff.ship is None:
            text = say("obstacle.none", name_type=with_kind(name, hit.type.replace("-", " ")))
        else:
            if purrgil_dial:
                text = say("obstacle.purrgil-dial", ship=ship.label, dialled=f.dialled, speed=f.speed)
                rules += (R + "overlapping/speed-returns", R + "overlapping/ram-before-obstacles")
            elif hit.type == "purrgil":
                text = say("obstacle.purrgil", ship=ship.label, speed=f.speed)
            else:
                text = say("obstacle.effect", ship=ship.label, what=eff.ship)
            entry: dict[str, Any] = {"source": hit.id, "trigger": "overlap", "rule": eff.rule, "text": text}
            if hit.type == "purrgil":
                entry["damage"] = f.dialled
            told.effects.append(entry)
            resolved += 1
        if f.speed == 0:
            text += say("obstacle.zero")
            rules += (R + "overlapping/speed-zero-executes",)
        told.steps.append(Step(say("obstacle.title", name=name), text, rules, (hit.id,), derived=purrgil_dial))
    if resolved > 1:
        told.steps.append(
            Step(
                say("obstacles.order.title"),
                say("obstacles.order.text", ship=ship.label),
                (R + "obstacles/any-order",),
                tuple(h.id for h in f.obstacles),
            )
        )


def _tokens(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    near = NEAR["proximity-mine"]
    branches = near.branches()
    odds = "; ".join(say("mine.odds", cards=_cards(b["cards"]), odds=b["odds"]) for b in branches)
    for m in f.mines:
        name = scenario.names([m.id])
        mm = f"{m.distance:.1f}"
        text = say("mine.text", effect=near.text)
        entry: dict[str, Any] = {
            "source": m.id,
            "trigger": "distance-1",
            "rule": near.rule,
            "text": f"{f.ship.label}: {near.text}.",
            "removed": near.removed,
            "dice": {"count": near.dice, "colour": "blue"},
            "branches": [dict(b, result=_cards(b["cards"])) for b in branches],
        }
        if len(m.rolled) >= near.dice:
            used = m.rolled[: near.dice]
            cards = near.cards(used)
            entry.update(rolled=list(used), cards=cards, result=_cards(cards))
            text += say("mine.rolled", name=name, mm=mm, faces=", ".join(used), cards=_cards(cards))
        else:
            text += say("mine.branches", name=name, mm=mm, odds=odds)
            if m.rolled:
                text += say("mine.short", faces=", ".join(m.rolled), n=near.dice)
        told.effects.append(entry)
        if f.speed == 0:
            text += say("mine.zero")
        told.steps.append(
            Step(
                say("mine.title", name=name),
                text,
                (near.rule, R + "range/bands"),
                (m.id, "final"),
                derived=f.speed == 0,
            )
        )
    for mid in f.close_mines:
        told.warnings.append(say("warn.mine", name=scenario.names([mid]), mm=CLOSE_CALL_MM))
    for t in f.other_tokens:
        name = scenario.names([t.id])
        told.steps.append(
            Step(
                say("token.title", name=name), say("token.text", name=name, type=t.type), (R + "range/bands",), (t.id,)
            )
        )


def _play_area(f: ManeuverFacts, told: Told) -> None:
    if f.destroyed:
        told.steps.append(
            Step(
                say("destroyed.title", ship=f.ship.label),
                say("destroyed.text"),
                (R + "play-area/destroyed",),
                ("final",),
            )
        )
    elif f.plotted_off and f.speed < f.course_speed:
        told.steps.append(
            Step(
                say("saved.title"),
                say("saved.text", plotted=f.course_speed, speed=f.speed),
                (R + "play-area/ram-saves", R + "play-area/destroyed"),
                ("final",),
            )
        )
    if f.edge_close:
        told.warnings.append(say("warn.edge", mm=CLOSE_CALL_MM))


def _summary(scenario: Scenario, f: ManeuverFacts, told: Told) -> None:
    head = say("sum.moves", ship=f.ship.label, speed=f.speed)
    if f.speed != f.dialled:
        head += say("sum.dial", dialled=f.dialled)
    parts = [head]
    if f.tool.side_used is not None and f.tool.side_used != f.tool.side:
        parts[0] += " " + say("sum.side", side=f.tool.side_used)
    if f.damaged:
        parts.append(say("sum.damage", names=scenario.names(f.damaged)))
    if f.displaced:
        parts.append(say("sum.displaces", names=scenario.names(f.displaced)))
    if f.obstacles:
        parts.append(say("sum.on", names=scenario.names(h.id for h in f.obstacles)))
    if f.mines:
        parts.append(say("sum.mines", names=scenario.names(m.id for m in f.mines)))
    if f.tool.side_used is None:
        parts.append(say("sum.illegal"))
    if f.destroyed:
        parts.append(say("sum.destroyed"))
    told.summary = "; ".join(parts) + "."
