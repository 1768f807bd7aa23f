"""Every sentence an X-Wing move ruling can say, rendered from facts and read back.

The narration (rules/engine/xwing/narration/) is the only place these sentences live. Each
template is rendered against the facts of every X-Wing move in the library (ids renamed to
tokens, pieces labelled) and against hand-made facts for every branch: fully executed by each
bearing, bumps of each kind and edition, obstacles and devices met, ignored obstacles, fleeing,
remotes, barrel rolls, boosts, decloaks, tractor moves and rotations. Read back, no sentence has
an unfilled placeholder or an internal word, no verdict or title a coordinate or an id, and every
clause cited exists.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from shapely import box

from rules.engine import evaluate, parse_scenario
from rules.engine.clauses import get_clause
from rules.engine.geometry import Pose
from rules.engine.ruling import Step
from rules.engine.xwing.contacts import CloseCall
from rules.engine.xwing.move_facts import Bump, HugeFacts, ManeuverFacts, Met, OptionFacts, Resolved, RotateFacts
from rules.engine.xwing.movement import Option
from rules.engine.xwing.narration.close_calls import close_call_warning
from rules.engine.xwing.narration.common import Narration
from rules.engine.xwing.narration.huge import narrate_huge
from rules.engine.xwing.narration.maneuver import narrate_maneuver
from rules.engine.xwing.narration.options import narrate_option, narrate_rotate
from tests.engine.helpers import move, rule, ship
from tests.engine.test_labels_in_text import renamed

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
MOVES = ("maneuver", "barrel-roll", "boost", "rotate")

COORDINATES = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)|facing -?\d+(\.\d+)?°")
"""A table position or heading: ``(300, 320)``, ``facing 315°``."""
TOKEN = re.compile(r"zq\d+x")
"""A renamed piece id (labels are ``Piece 0``, ``Piece 1`` …)."""
PLACEHOLDER = re.compile(r"[{}]|\bNone\b|\[\]|\(\)|\bTrue\b|\bFalse\b")
SOLVER = re.compile(r"solved to|\d\.\d{3,}")
"""Solver talk: a tolerance, or a length given to more places than a ruler shows."""
INTERNAL = re.compile(
    r"\bTable Ruling\b|\bseeds?\b|\.json|\bfigure\b|\b(outcome|action|pieces)\.[a-z]|\w_\w", re.IGNORECASE
)
"""Words only the code uses: the rules texts' folder, file names, JSON paths, field names."""


def _examples() -> list[Path]:
    """The library's X-Wing moves: maneuvers (huge ships' too), barrel rolls, boosts, rotations."""
    found = []
    for p in sorted(LIBRARY.glob("*.json")):
        s = json.loads(p.read_text(encoding="utf-8"))["scenario"]
        if s["game"] == "xwing" and s["action"]["type"] in MOVES:
            found.append(p)
    return found


EXAMPLES = _examples()


def problems(steps: tuple[Step, ...], warnings: tuple[str, ...], summary: str) -> list[str]:
    """Everything wrong with a ruling's words, one line each (empty when they read well)."""
    found = []
    said = [summary, *warnings, *(t for s in steps for t in (s.title, s.text, s.other_edition or ""))]
    for text in said:
        if PLACEHOLDER.search(text):
            found.append(f"unfilled placeholder: {text!r}")
        if INTERNAL.search(text):
            found.append(f"internal word: {text!r}")
        if TOKEN.search(text):
            found.append(f"id where a label belongs: {text!r}")
    for text in said:
        if COORDINATES.search(text):
            found.append(f"coordinates where a player reads: {text!r}")
        if SOLVER.search(text):
            found.append(f"solver talk: {text!r}")
    for s in steps:
        found += [f"no such clause {c} in {s.title!r}" for c in s.rules if get_clause(c) is None]
        if not s.rules:
            found.append(f"no clause cited: {s.title!r}")
    if not summary.endswith("."):
        found.append(f"the verdict is not a sentence: {summary!r}")
    return found


def test_the_examples_cover_every_move() -> None:
    kinds = {json.loads(p.read_text(encoding="utf-8"))["scenario"]["action"]["type"] for p in EXAMPLES}
    assert kinds == set(MOVES) and len(EXAMPLES) >= 30


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_library_moves_read_well(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    doc = renamed(scenario, {p["id"]: f"zq{i}x" for i, p in enumerate(scenario["pieces"])})
    for i, p in enumerate(doc["pieces"]):
        p["label"] = f"Piece {i}"
    r = evaluate(parse_scenario(doc))
    assert problems(r.steps, r.warnings, r.summary) == []
    assert r.summary.startswith("Piece ")


def test_the_check_sees_a_position_in_the_verdict() -> None:
    """The sentence the head judge found: a position and an id in the verdict."""
    said = problems((), (), "zq1x fully executes and ends at (404.78, 583.07) facing 315°; effects: zq2x.")
    assert any("coordinates" in p for p in said) and any("id where" in p for p in said)
    step = Step("Bump", "It is placed touching it: (395.43, 326.03) facing 324.04° (solved to 0.0001 mm).", ("x",))
    said = problems((step,), (), "ok.")
    assert any("coordinates" in p for p in said) and any("solver" in p for p in said)
    assert problems((Step("Bump", "{ship} bumps", ("xwing-2.5/no-such",)),), (), "ok.") != []


# ---- hand-made facts, one per branch -------------------------------------------------------

LABELS = {f"zq{i}x": f"Piece {i}" for i in range(8)}
SHIP, ROCK, DEBRIS, MINE, OTHER, ENEMY, REMOTE = (f"zq{i}x" for i in range(7))
AT = Pose(404.78, 583.07, 315.0)
EFFECT = Step("Piece 1 takes effect", "Roll 1 attack die.", ("xwing-2.5/obstacles/asteroid",), (ROCK,))
R0 = Step("It cannot attack", "At range 0 of an asteroid it cannot attack.", ("xwing-2.5/range/zero",), (ROCK,))
RESOLVED = Resolved(
    effect_steps=(EFFECT,),
    effect_sources=(ROCK, MINE),
    effects_skip_action=True,
    range_0_steps=(R0,),
    cannot_attack=True,
    moved_through=(ROCK, MINE, DEBRIS),
    overlapping=(DEBRIS,),
)
MET = (
    Met(ROCK, "obstacle", True, False, False),
    Met(MINE, "device", True, True, False),
    Met(DEBRIS, "obstacle", False, True, False),
    Met(OTHER, "obstacle", False, False, True),
)


def remote_entry(effect: str, legal: bool = True) -> dict[str, Any]:
    entry: dict[str, Any] = {"remote": REMOTE, "effect": effect}
    if effect == "relocate":
        entry["relocation"] = {"front": {"legal": legal}, "rear": {"legal": legal}}
    return entry


def maneuver(ed: str = "2.5", bearing: str = "bank", **kw: Any) -> ManeuverFacts:
    base: dict[str, Any] = {
        "edition": ed,
        "ship": SHIP,
        "labels": LABELS,
        "bearing": bearing,
        "speed": 2,
        "direction": "left" if bearing not in ("straight", "koiogran", "reverse-straight", "stationary") else None,
        "template_name": "[2 left bank]",
        "executed": "full",
        "final": AT,
        "tallon_position": "middle" if bearing == "tallon" else None,
        "met": (),
        "resolved": Resolved(),
        "skips_action": False,
        "fled": False,
    }
    return ManeuverFacts(**{**base, **kw})


BEARINGS = (
    "straight",
    "bank",
    "turn",
    "koiogran",
    "segnor",
    "tallon",
    "reverse-straight",
    "reverse-bank",
    "sideslip-bank",
    "sideslip-turn",
    "stationary",
)
PARTIAL = {"executed": "partial", "bumped": (OTHER, ENEMY), "counted_length": 40.0, "template_length": 80.0}
BUMPS = (
    Bump("skip-action"),
    Bump("friendly", friendly=True),
    Bump("friendly", friendly=True, enemy=True, unknown=True),
    Bump("friendly", unknown=True),
    Bump("enemy", enemy=True),
    Bump("enemy", enemy=True, stressed=True),
    Bump("enemy", enemy=True, obstacle_effects=True),
)

MANEUVERS: dict[str, ManeuverFacts] = {
    **{f"full {b}": maneuver(bearing=b) for b in BEARINGS},
    "full tallon, a position overlaps": maneuver(
        bearing="tallon", tallon_position="middle", tallon_tried=(("forward", (OTHER,)), ("middle", ()))
    ),
    **{f"partial {b}": maneuver(bearing=b, **PARTIAL) for b in ("straight", "koiogran", "tallon", "sideslip-turn")},
    **{
        f"bump {b.effect} {i}": maneuver(ed="2.0" if b.effect == "skip-action" else "2.5", bump=b, **PARTIAL)
        for i, b in enumerate(BUMPS)
    },
    "through and onto obstacles, 2.5": maneuver(
        met=MET, resolved=RESOLVED, ending_on_obstacles=(DEBRIS,), skips_action=True
    ),
    "through and onto obstacles, 2.0": maneuver(ed="2.0", met=MET, resolved=RESOLVED, skips_action=True),
    "ignoring obstacles": maneuver(met=MET, ignore_obstacles=True, ignored_obstacles=(ROCK, DEBRIS)),
    "ignoring obstacles, none met": maneuver(ignore_obstacles=True),
    "started on a ship": maneuver(ignored_blockers=(OTHER,)),
    "flees": maneuver(bearing="straight", fled=True, skips_action=True, **PARTIAL),
    "remotes": maneuver(
        resolved=Resolved(
            remote_entries=(remote_entry("relocate"), remote_entry("relocate", False), remote_entry("roll")),
            remotes_met=True,
            moved_through=(REMOTE,),
        )
    ),
}


@pytest.mark.parametrize("facts", MANEUVERS.values(), ids=MANEUVERS.keys())
def test_every_maneuver_sentence_reads_well(facts: ManeuverFacts) -> None:
    n = narrate_maneuver(facts)
    assert problems(n.steps, n.warnings, n.summary) == []
    assert n.summary.startswith("Piece 0 ")


def test_the_maneuver_verdict_says_it_in_words() -> None:
    n = narrate_maneuver(maneuver(met=MET, resolved=RESOLVED, bumped=(ENEMY,), executed="partial"))
    assert n.summary == (
        "Piece 0 partially executes its bank left 2 through Piece 1 and Piece 3 and bumps Piece 5, ending on "
        "Piece 2; Piece 1, then Piece 3 take effect; it cannot attack."
    )
    # the position is left to the outcome and the picture: no step tells it in coordinates
    assert not any("404.78" in s.text or "315°" in s.text for s in n.steps)
    bump = next(s for s in n.steps if s.title.startswith("Bump"))
    assert bump.text.endswith("placed touching the last ship it backed over.")


def test_a_quiet_maneuver_says_nothing_else_happens() -> None:
    assert narrate_maneuver(maneuver()).steps[-1].title == "Nothing else happens"
    assert narrate_maneuver(maneuver(met=MET)).steps[-1].title != "Nothing else happens"


def option(name: str, legal: bool = True) -> Option:
    problems = () if legal else (("overlaps-ship", OTHER), ("through-obstacle", ROCK), ("off-table", ""))
    return Option(name, AT, box(0, 0, 20, 40), problems)


def roll(ed: str = "2.5", **kw: Any) -> OptionFacts:
    options = (option("forward", False), option("middle"), option("backward"))
    base: dict[str, Any] = {
        "edition": ed,
        "ship": SHIP,
        "ship_size": "small",
        "labels": LABELS,
        "is_roll": True,
        "direction": "right",
        "wanted": "middle",
        "decloak": False,
        "tractor": False,
        "options": options,
        "chosen": options[1],
    }
    return OptionFacts(**{**base, **kw})


def boost(ed: str = "2.5", **kw: Any) -> OptionFacts:
    options = (option("bank-left"),)
    kw = {"is_roll": False, "direction": "left", "wanted": "bank-left", "options": options, "chosen": options[0], **kw}
    return roll(ed, **kw)


FAILED = {"options": (option("forward", False),), "chosen": None}
OPTIONS: dict[str, OptionFacts] = {
    "roll": roll(),
    "roll, a medium ship": roll(ship_size="medium"),
    "roll, the wanted position not legal": roll(wanted="forward"),
    "roll through and onto obstacles": roll(met=MET, resolved=RESOLVED),
    "roll fails, 2.5": roll(**FAILED),
    "roll fails, 2.0": roll("2.0", **FAILED),
    "decloak roll": roll(decloak=True),
    "decloak fails": roll(decloak=True, **FAILED),
    "tractor roll, 2.0": roll("2.0", tractor=True, met=MET, resolved=RESOLVED),
    "tractor boost, 2.5": boost(tractor=True),
    "boost": boost(),
    "boost with remotes": boost(resolved=Resolved(remote_entries=(remote_entry("roll"),), remotes_met=True)),
    "boost fails": boost(**FAILED),
    "decloak boost": boost(decloak=True, wanted="straight", options=(option("straight"),)),
}


@pytest.mark.parametrize("facts", OPTIONS.values(), ids=OPTIONS.keys())
def test_every_option_sentence_reads_well(facts: OptionFacts) -> None:
    n = narrate_option(facts)
    assert problems(n.steps, n.warnings, n.summary) == []
    assert n.summary.startswith("Piece 0")


def test_option_verdicts_name_the_option_in_words() -> None:
    assert narrate_option(roll(met=MET, resolved=RESOLVED)).summary.startswith(
        "Piece 0 barrel rolls right into the middle position through Piece 1 and Piece 3, ending on Piece 2;"
    )
    assert narrate_option(boost()).summary == "Piece 0 boosts bank left."
    assert narrate_option(roll(decloak=True, **FAILED)).summary == "Piece 0's decloak fails; it stays where it is."


ROTATIONS: dict[str, RotateFacts] = {
    "free": RotateFacts("2.5", SHIP, LABELS, 90, AT, ()),
    "blocked": RotateFacts("2.5", SHIP, LABELS, 90, AT, (OTHER,)),
    "onto an obstacle": RotateFacts("2.5", SHIP, LABELS, -90, AT, (), (ROCK,), (R0,), True),
}


@pytest.mark.parametrize("facts", ROTATIONS.values(), ids=ROTATIONS.keys())
def test_every_rotation_sentence_reads_well(facts: RotateFacts) -> None:
    n: Narration = narrate_rotate(facts)
    assert problems(n.steps, n.warnings, n.summary) == []


def test_a_rotation_verdict_names_what_it_lands_on() -> None:
    n = narrate_rotate(ROTATIONS["onto an obstacle"])
    assert n.summary == "Piece 0 rotates -90° in place onto Piece 1; it cannot attack."
    assert narrate_rotate(replace(ROTATIONS["free"], degrees=180)).summary == "Piece 0 rotates 180° in place."


HUGE: dict[str, HugeFacts] = {
    "nothing met": HugeFacts("2.5", SHIP, LABELS, 2, ()),
    "obstacles removed, one the appendix is silent on": HugeFacts(
        "2.5", SHIP, LABELS, 2, ((ROCK, "asteroid", "it suffers 1 critical damage"), (DEBRIS, "loose-cargo", None))
    ),
    "standard ships": HugeFacts("2.0", SHIP, LABELS, 3, (), standard_ships=(OTHER, ENEMY), dice=3, fled=True),
    "a huge ship": HugeFacts("2.5", SHIP, LABELS, 3, (), huge_ships=(ENEMY,), standard_ships=(OTHER,)),
}


@pytest.mark.parametrize("facts", HUGE.values(), ids=HUGE.keys())
def test_every_huge_ship_sentence_reads_well(facts: HugeFacts) -> None:
    n = narrate_huge(facts)
    assert problems(n.steps, n.warnings, n.summary) == []
    assert n.summary.startswith("Piece 0 (huge) ")


def test_a_huge_ship_rolls_dice_for_each_ship_it_overlaps_in_words() -> None:
    """Not "rolls 1 attack dice (1/2/3 per small/medium/large ship)"."""
    for dice, said in ((1, "(1 die here)"), (3, "(3 dice here)")):
        n = narrate_huge(HugeFacts("2.5", SHIP, LABELS, 2, (), standard_ships=(OTHER,), dice=dice))
        text = next(s.text for s in n.steps if "set aside" in s.title)
        assert "rolls 1, 2 or 3 attack dice for each small, medium or large ship overlapped " + said in text
        assert "1/2/3" not in text


def test_the_huge_ship_tool_is_measured_at_the_table_not_by_the_product() -> None:
    n = narrate_huge(HUGE["nothing met"])
    assert n.steps[0].text.startswith("Measure the final position with the huge-ship maneuver tool on the table")
    assert n.steps[0].derived


def test_the_appendix_is_silent_on_an_obstacle_in_words() -> None:
    """A type is said as players say it ("loose cargo"), not as the data spells it ("loose-cargo")."""
    cargo = {
        "id": "c",
        "kind": "obstacle",
        "type": "loose-cargo",
        "shape": "loose-cargo",
        "x": 400,
        "y": 300,
        "rotation": 0,
    }
    huge = ship("cr90", 400, 300, size="huge")
    r = rule([huge, cargo], move("cr90", speed=2, final={"x": 400, "y": 300, "heading": 0}))
    assert any(s.title == "It overlaps Loose cargo: the appendix is silent on loose cargo" for s in r.steps)


@pytest.mark.parametrize(("part", "overlapping"), [("template", True), ("template", False), ("final base", True)])
def test_every_close_call_warning_reads_well(part: str, overlapping: bool) -> None:
    said = close_call_warning(CloseCall("Piece 1", part, overlapping))
    assert problems((), (said,), "ok.") == []
    assert said.startswith(f"Piece 1: the {part} ") and said.endswith("by less than 0.5 mm; measure on the table")


def test_a_huge_ship_verdict_names_every_consequence() -> None:
    n = narrate_huge(HUGE["standard ships"])
    assert n.summary == (
        "Piece 0 (huge) ends at its measured position; Piece 4, Piece 5 each suffer 3 critical damage and are set "
        "aside; it flees the play area."
    )


def test_a_tallon_roll_verdict_names_the_position() -> None:
    n = narrate_maneuver(maneuver(bearing="tallon", tallon_position="backward"))
    assert n.summary == "Piece 0 fully executes its Tallon roll left 2 to the backward position."


def test_no_step_title_names_a_type_by_its_code() -> None:
    """ "debris (debris-cloud) takes effect" read as a code: a type is said in words."""
    import re

    from rules.engine import evaluate
    from rules.library import examples

    for ex in examples():
        for step in evaluate(ex.scenario).steps:
            assert not re.search(r"\([a-z]+(-[a-z]+)+\)", step.title), (ex.slug, step.title)


XWING = [
    p
    for p in sorted(LIBRARY.glob("*.json"))
    if json.loads(p.read_text(encoding="utf-8"))["scenario"]["game"] == "xwing"
]


@pytest.mark.parametrize("path", XWING, ids=[p.stem for p in XWING])
def test_no_listed_example_starts_with_a_piece_off_the_table(path: Path) -> None:
    """A ship partly outside the play area would already have fled: no example may start that way."""
    r = evaluate(parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
    assert [w for w in r.warnings if "outside the play area" in w] == []


def test_the_partial_flee_is_taught_from_a_legal_table_and_the_old_link_still_warns() -> None:
    new = json.loads((LIBRARY / "xw-22-partial-flee.json").read_text(encoding="utf-8"))
    old = json.loads((LIBRARY / "retired" / "xw-22-partial-flee.json").read_text(encoding="utf-8"))
    r = evaluate(parse_scenario(new["scenario"]))
    assert r.outcome["executed"] == "partial" and r.outcome["fled"] is True and r.outcome["bumped"] == ["b"]
    assert parse_scenario(old["scenario"]).short_id() != parse_scenario(new["scenario"]).short_id()
    assert (
        "Small ship B starts partly outside the play area; check the situation"
        in evaluate(parse_scenario(old["scenario"])).warnings
    )


def test_a_fleeing_ship_is_told_how_far_its_base_reaches_past_the_edge() -> None:
    """The distance that decides the flee, rounded to what a ruler shows; no position."""
    new = json.loads((LIBRARY / "xw-22-partial-flee.json").read_text(encoding="utf-8"))
    (flee,) = [s for s in evaluate(parse_scenario(new["scenario"])).steps if s.title.endswith("flees")]
    assert flee.text.startswith("Its base reaches about 11 mm past the table edge, so the ship flees")
    close = narrate_maneuver(maneuver(fled=True, past_edge=0.4))
    assert any(s.text.startswith("Its base reaches less than 1 mm past the table edge") for s in close.steps)


def test_the_verdict_says_what_takes_effect_in_words() -> None:
    """A new user read "ending on Debris 1; effects: Debris 1": the consequence is said as a player says it."""
    one = narrate_maneuver(maneuver(met=MET, resolved=replace(RESOLVED, effect_sources=(ROCK,))))
    assert "; Piece 1 takes effect" in one.summary and "effects:" not in one.summary
