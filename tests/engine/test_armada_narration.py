"""Every sentence of the Armada maneuver comes from one module's templates, each rendered against facts.

The facts are the library's maneuvers plus scenarios (and facts changed by hand, for branches no
modelled geometry reaches) that cover every branch; every template must be rendered at least once,
none may leave a placeholder, headlines carry no ids or coordinates, every step cites a clause we have.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from rules.engine import parse_scenario
from rules.engine.armada import dimensions as dim
from rules.engine.armada import narrate_maneuver as nm
from rules.engine.armada.maneuver import maneuver_facts, outcome_of
from rules.engine.clauses import get_clause
from rules.engine.ruling import Step

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
PITCH = dim.TOOL_JOINT.value + dim.TOOL_TAIL.value
PLACEHOLDER = re.compile(r"[{}]")
COORDS = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)|\b[xy]\s*=\s*-?\d")
ID = re.compile(r"zq\d+x")


def doc(pieces: list[dict[str, Any]], clicks: list[int], side: str = "right") -> dict[str, Any]:
    action = {"type": "maneuver", "ship": "zq0x", "speed": len(clicks), "clicks": clicks, "side": side}
    return {"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action}


def ship(pid: str, x: float, y: float, heading: float = 0, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": "ship", "size": "small", "x": x, "y": y, "heading": heading, "player": 1, **kw}


def piece(pid: str, kind: str, ptype: str, x: float, y: float, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": kind, "type": ptype, "x": x, "y": y, **kw}


def labelled(d: dict[str, Any]) -> dict[str, Any]:
    """Every piece labelled, so an id (``zq…x``) left in a text is a leak."""
    for i, p in enumerate(d["pieces"]):
        p["label"] = f"Piece {chr(65 + i)}"
    return d


SYNTHETIC = [
    doc([ship("zq0x", 500, 300)], [0, 1]),  # clean, either side
    doc([ship("zq0x", 500, 300)], [1], side="left"),  # the tool goes to the other side
    doc([ship("zq0x", 500, 300)], []),  # speed 0
    doc([ship("zq0x", 500, 300, flotilla=True), ship("zq1x", 500, 300 + PITCH, 90)], [0]),  # flotilla ram
    doc([ship("zq0x", 500, 300), ship("zq1x", 500, 300 + 2 * PITCH + 10, 90)], [0, 0]),  # ram to speed 1
    doc(  # ram to speed 0 on a purrgil, a squadron displaced
        [
            ship("zq0x", 500, 300),
            ship("zq1x", 500, 300 + PITCH, 90),
            piece("zq2x", "obstacle", "purrgil", 500, 300, shape="purrgil-1"),
            {"id": "zq3x", "kind": "squadron", "x": 500, "y": 300 + 60},
        ],
        [0],
    ),
    doc(  # a gravity rift at distance 1-2, then a purrgil after a ram, a station, a dust field
        [
            ship("zq0x", 500, 300),
            piece("zq1x", "obstacle", "gravity-rift", 680, 300, shape="gravity-rift"),
            ship("zq2x", 500, 300 + 2 * PITCH + 10, 90),
            piece("zq3x", "obstacle", "purrgil", 500, 300 + PITCH, shape="purrgil-1"),
            piece("zq4x", "obstacle", "station", 470, 300 + PITCH, shape="station"),
            piece("zq5x", "obstacle", "dust-field", 530, 300 + PITCH, shape="dust-field-1"),
        ],
        [0, 0, 0],
    ),
    doc([ship("zq0x", 500, 300), piece("zq1x", "obstacle", "gravity-rift", 600, 300, shape="gravity-rift")], [0]),
    doc(  # mines and an objective token at distance 1 of the final position
        [
            ship("zq0x", 500, 300),
            piece("zq1x", "token", "proximity-mine", 500 + 43 / 2 + 40, 300 + PITCH),
            piece("zq2x", "token", "objective", 500 - 43 / 2 - 40, 300 + PITCH),
        ],
        [0],
    ),
    doc([ship("zq0x", 500, 300), piece("zq1x", "token", "proximity-mine", 500 + 43 / 2 + 40, 300)], []),
    doc(  # slowed by a rift past its speed chart
        [
            ship("zq0x", 500, 300, yaw_limits={"1": [1], "2": [2, 1]}),
            piece("zq1x", "obstacle", "gravity-rift", 680, 300, shape="gravity-rift"),
        ],
        [2, 0],
    ),
    doc([ship("zq0x", 500, 880)], [0]),  # off the table
    doc([ship("zq0x", 500, 860), ship("zq1x", 500, 860 + PITCH - 20, 90)], [0]),  # a ram saves it
    doc([ship("zq0x", 500, 300), ship("zq1x", 500, 300 + PITCH + 71 + 2 * dim.FRAME_DEPTH.value)], [0]),  # touching
]


def _facts_variants(d: dict[str, Any]) -> list[Any]:
    """The scenario's facts, and for branches no modelled course reaches, the same facts changed by hand."""
    s = parse_scenario(d)
    f = maneuver_facts(s)
    out = [(s, f)]
    if f.tool.checked and f.tool.legal and f.course_speed:
        both = dataclasses.replace(f.tool, side_used=None, legal=False, other_side_legal=False, overlaps=True)
        both = dataclasses.replace(both, other_overlaps=True)
        out.append((s, dataclasses.replace(f, tool=both)))
        huge_ship = dataclasses.replace(f.ship, data={**f.ship.data, "size": "huge"})
        out.append((s, dataclasses.replace(f, tool=both, ship=huge_ship)))
    if f.overlapped and not f.tool.checked:
        out.append((s, dataclasses.replace(f, tool=dataclasses.replace(f.tool, overlaps=True, other_overlaps=True))))
        out.append((s, dataclasses.replace(f, tool=dataclasses.replace(f.tool, overlaps=True))))
        out.append((s, dataclasses.replace(f, tie=True, closest=f.overlapped[:1] * 2)))
    for rolled in (("hit", "accuracy"), ("crit",)):
        if f.mines:
            mines = tuple(dataclasses.replace(m, rolled=rolled) for m in f.mines)
            out.append((s, dataclasses.replace(f, mines=mines)))
    if f.final.pose:
        out.append((s, dataclasses.replace(f, close_ships=((f.ship.id, True), (f.ship.id, False)), edge_close=True)))
        out.append((s, dataclasses.replace(f, close_squadrons=(f.ship.id,), close_mines=(f.ship.id,))))
    return out


def _all() -> list[tuple[Any, Any]]:
    docs = [labelled(d) for d in SYNTHETIC]
    for p in sorted(LIBRARY.glob("a*.json")):
        d = json.loads(p.read_text(encoding="utf-8"))["scenario"]
        if d["action"]["type"] == "maneuver":
            ids = {q["id"]: f"zq{i}x" for i, q in enumerate(d["pieces"])}
            for q in d["pieces"]:
                q["id"] = ids[q["id"]]
            d["action"]["ship"] = ids[d["action"]["ship"]]
            docs.append(labelled(d))
    return [v for d in docs for v in _facts_variants(d)]


def _check_step(step: Step) -> None:
    for t in (step.title, step.text):
        assert not PLACEHOLDER.search(t), t
        assert not ID.search(t), t
    assert not COORDS.search(step.title), step.title
    assert "mm" not in step.title, step.title
    assert step.rules and all(get_clause(r) is not None for r in step.rules), step.rules


def test_every_template_renders_against_facts_with_nothing_left_unfilled() -> None:
    nm.USED.clear()
    for s, f in _all():
        told = nm.narrate(s, f)
        outcome_of(f, told.effects)  # the tool's reason is a template too
        for step in told.steps:
            _check_step(step)
        for w in told.warnings:
            assert not PLACEHOLDER.search(w) and not ID.search(w), w
        assert not PLACEHOLDER.search(told.summary) and not ID.search(told.summary), told.summary
        assert not COORDS.search(told.summary), told.summary
        for e in told.effects:
            assert get_clause(e["rule"]) is not None and not ID.search(e["text"])
    unused = set(nm.TEXT) - nm.USED
    assert unused == set()


def test_a_missing_value_is_an_error_not_a_placeholder() -> None:
    import pytest

    with pytest.raises(KeyError):
        nm.say("ram.try.title", speed=2)


def test_the_checks_can_fail() -> None:
    import pytest

    with pytest.raises(AssertionError):
        _check_step(Step("At (500, 300)", "x", ("armada-1.5/overlapping/touching",)))
    with pytest.raises(AssertionError):
        _check_step(Step("Fine", "{name} is left", ("armada-1.5/overlapping/touching",)))
    with pytest.raises(AssertionError):
        _check_step(Step("Fine", "fine", ("armada-1.5/no-such-clause",)))


def _course_text(d: dict[str, Any]) -> str:
    from rules.engine import evaluate

    ruling = evaluate(parse_scenario(labelled(d)))
    return next(s.text for s in ruling.steps if "plots speed" in s.title)


def test_the_course_says_each_joint_in_a_players_words_not_signed_clicks() -> None:
    """A phone trial read "set to clicks 0, 0, 0 (22.5° each, positive clockwise)": a player says "straight",
    "1 click right"."""
    straight = _course_text(doc([ship("zq0x", 500, 300)], [0, 0, 0]))
    assert "its joints set straight" in straight
    turned = _course_text(doc([ship("zq0x", 500, 300)], [0, 1, -2]))
    assert "joint 1 straight, joint 2 1 click right, joint 3 2 clicks left" in turned
    for text in (straight, turned):
        assert "clicks 0" not in text and "+1" not in text and "positive clockwise" not in text
