"""Armada maneuver (issue 21): the tool's side, obstacles and tokens acting on a maneuver, ram wording, pictures."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.armada import dimensions as dim
from rules.engine.armada.pieces import ship_body, ship_footprint, squadron_base, token_outline
from rules.engine.armada.tool import Course, final_pose
from rules.engine.geometry import Pose, overlaps
from rules.engine.scenario import Piece
from rules.engine.svg import render_svg

PITCH = dim.TOOL_JOINT.value + dim.TOOL_TAIL.value
LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"


def scenario(pieces: list[dict[str, Any]], action: dict[str, Any]) -> Any:
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def ship(pid: str, size: str, x: float, y: float, heading: float = 0, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": "ship", "size": size, "x": x, "y": y, "heading": heading, "player": 1, **kw}


def move(pid: str, clicks: list[int], side: str = "right") -> dict[str, Any]:
    return {"type": "maneuver", "ship": pid, "speed": len(clicks), "clicks": clicks, "side": side}


def texts(r: Any) -> list[str]:
    return [r.summary, *r.warnings, *(t for s in r.steps for t in (s.title, s.text))]


# 1. The tool goes to the other side ---------------------------------------------------------------


def test_a_ship_that_would_overlap_the_tool_is_placed_from_the_other_side() -> None:
    """Inside turn on the left (clicks +1): the ship is reset and placed with the tool on its right."""
    start = Pose(500, 300, 0)
    right = final_pose(start, "small", Course((1,), "right"))
    left = final_pose(start, "small", Course((1,), "left"))
    r = evaluate(scenario([ship("a", "small", 500, 300)], move("a", [1], side="left")))
    o = r.outcome
    assert o["tool"]["side"] == "left" and o["tool"]["side_used"] == "right" and o["tool"]["legal"] is False
    assert (o["final"]["x"], o["final"]["y"]) == (round(right.x, 2), round(right.y, 2))
    assert ((right.x - left.x) ** 2 + (right.y - left.y) ** 2) ** 0.5 > 10
    assert any(s.title == "The tool goes to the right side" for s in r.steps)
    assert "armada-1.5/ship-movement/tool-side" in next(s for s in r.steps if "tool goes" in s.title).rules
    assert "with the tool on its right side" in r.summary


def test_squadrons_and_rams_are_ruled_from_the_side_used() -> None:
    """A squadron under the right side's final position is displaced; the left one would have missed it."""
    start = Pose(500, 300, 0)
    right = final_pose(start, "small", Course((1,), "right"))
    left = final_pose(start, "small", Course((1,), "left"))
    fx, fy = right.to_world(0, 71 / 2 + dim.FRAME_DEPTH.value + dim.SQUADRON_DIAMETER.value / 2 - 3)
    tie = {"id": "tie", "kind": "squadron", "x": fx, "y": fy}
    a = ship("a", "small", 500, 300)
    assert not overlaps(ship_footprint(Piece("a", "ship", a), left), squadron_base(Piece("tie", "squadron", tie)))
    o = evaluate(scenario([a, tie], move("a", [1], side="left"))).outcome
    assert o["displaced_squadrons"] == ["tie"]
    # a ship where only the right side's final position lands: rammed from the right
    bx, by = right.to_world(0, 71 + 2 * dim.FRAME_DEPTH.value - 5)
    b = ship("b", "small", bx, by, right.heading)
    assert not overlaps(ship_footprint(Piece("a", "ship", a), left), ship_footprint(Piece("b", "ship", b)))
    o = evaluate(scenario([a, b], move("a", [1], side="left"))).outcome
    assert o["tool"]["side_used"] == "right" and o["overlapped_ships"] == ["b"] and o["executed_speed"] == 0


def test_a_declared_side_that_fits_is_used_and_both_fitting_is_the_owners_choice() -> None:
    o = evaluate(scenario([ship("a", "small", 500, 300)], move("a", [0, 0]))).outcome
    assert o["tool"]["side_used"] == "right" and o["tool"]["legal"] and o["tool"]["other_side_legal"]


@pytest.mark.parametrize(("size", "title"), [("huge", "the course is not legal"), ("small", "cannot be executed")])
def test_a_course_overlapping_the_tool_on_both_sides_has_no_side(
    monkeypatch: pytest.MonkeyPatch, size: str, title: str
) -> None:
    """No course of the modelled tool overlaps on both sides, so the tool test is made to say it does."""
    from rules.engine.armada import maneuver

    monkeypatch.setattr(maneuver, "tool_overlaps", lambda ship, course: True)
    r = evaluate(scenario([ship("h", size, 900, 400)], move("h", [0, 1])))
    assert r.outcome["tool"]["side_used"] is None and r.outcome["tool"]["legal"] is False
    assert "course not legal as plotted" in r.summary
    step = next(s for s in r.steps if title in s.title)
    # derived either way: every tool step cites the measured tool sliver (geometry/tool-sliver, our figure);
    # the small ship's "cannot be executed as plotted" is also our reading, said in its text
    assert step.derived


# 2. Obstacles and tokens acting on a maneuver --------------------------------------------------------


def rift(x: float, y: float) -> dict[str, Any]:
    return {"id": "rift", "kind": "obstacle", "type": "gravity-rift", "shape": "gravity-rift", "x": x, "y": y}


def test_a_gravity_rift_at_distance_1_2_lowers_the_speed_at_determine_course() -> None:
    a = ship("a", "small", 500, 300)
    g = rift(680, 300)
    d = ship_body(Piece("a", "ship", a)).distance(token_outline(Piece("rift", "obstacle", g)))
    assert dim.band_end(1) < d <= dim.band_end(2)
    r = evaluate(scenario([a, g], move("a", [0, 0, 1])))
    o = r.outcome
    assert o["dialled_speed"] == 3 and o["course_speed"] == 2 and o["executed_speed"] == 2
    expected = final_pose(Pose(500, 300, 0), "small", Course((0, 0), "right"))
    assert (o["final"]["x"], o["final"]["y"]) == (round(expected.x, 2), round(expected.y, 2))
    eff = o["effects"][0]
    assert eff["trigger"] == "determine-course" and eff["speed_change"] == -1 and eff["source"] == "rift"
    assert r.steps[0].rules[0] == "armada-1.5/obstacles/gravity-rift-course"
    # beyond distance 2: no effect
    far = evaluate(scenario([a, rift(800, 300)], move("a", [0, 0, 1]))).outcome
    assert far["course_speed"] == 3 and far["executed_speed"] == 3


def test_a_rift_at_speed_1_leaves_the_ship_in_place() -> None:
    o = evaluate(scenario([ship("a", "small", 500, 300), rift(600, 300)], move("a", [0]))).outcome
    assert o["course_speed"] == 0 and o["final"] == {"x": 500, "y": 300, "heading": 0}


def mine(pid: str, x: float, y: float) -> dict[str, Any]:
    return {"id": pid, "kind": "token", "type": "proximity-mine", "x": x, "y": y}


def test_a_proximity_mine_at_distance_1_of_the_final_position_resolves() -> None:
    a = ship("a", "small", 500, 300)
    near = mine("m1", 500 + 43 / 2 + 50, 300 + PITCH)
    far = mine("m2", 500 + 43 / 2 + 120, 300 + PITCH)
    r = evaluate(scenario([a, near, far], move("a", [0])))
    effects = [e for e in r.outcome["effects"] if e["trigger"] == "distance-1"]
    assert [e["source"] for e in effects] == ["m1"]
    e = effects[0]
    assert e["rule"] == "armada-1.5/tokens/proximity-mine" and e["removed"] is True
    assert e["dice"] == {"count": 2, "colour": "blue"}
    assert [(b["cards"], b["odds"]) for b in e["branches"]] == [(2, "9/16"), (1, "3/8"), (0, "1/16")]
    assert abs(sum(b["probability"] for b in e["branches"]) - 1) < 1e-9
    assert "resolves" in r.summary and any("the mine resolves" in s.title for s in r.steps)


def test_a_mine_near_the_start_does_not_resolve_after_moving_away() -> None:
    r = evaluate(scenario([ship("a", "small", 500, 300), mine("m", 500 + 43 / 2 + 30, 300)], move("a", [0, 0])))
    assert r.outcome["effects"] == []


def test_other_tokens_say_their_card_decides() -> None:
    tok = {"id": "obj", "kind": "token", "type": "objective", "x": 500 + 43 / 2 + 30, "y": 300 + PITCH}
    r = evaluate(scenario([ship("a", "small", 500, 300), tok], move("a", [0])))
    assert r.outcome["effects"] == []
    assert any("Check the card" in s.text for s in r.steps)


def test_purrgil_damage_after_a_ram_uses_the_speed_on_the_dial() -> None:
    pieces = [
        ship("a", "small", 500, 300),
        ship("b", "small", 500, 300 + 2 * PITCH + 10, 90),
        {"id": "p", "kind": "obstacle", "type": "purrgil", "shape": "purrgil-1", "x": 500, "y": 300 + PITCH},
    ]
    r = evaluate(scenario(pieces, move("a", [0, 0])))
    o = r.outcome
    assert o["executed_speed"] == 1 and o["overlapping"] == ["p"]
    purrgil = next(e for e in o["effects"] if e["source"] == "p")
    assert purrgil["damage"] == 2
    step = next(s for s in r.steps if "Purrgil" in s.title or "p" in s.highlight)
    assert "the speed on its dial" in step.text and step.derived
    assert not [t for t in texts(r) if "do not say which" in t]


# 3. Wording --------------------------------------------------------------------------------------------


def test_ram_title_says_each_only_when_each_gets_a_card() -> None:
    pieces = [ship("a", "small", 500, 300, flotilla=True), ship("b", "small", 500, 300 + PITCH, 90)]
    r = evaluate(scenario(pieces, move("a", [0])))
    title = next(s.title for s in r.steps if s.title.startswith("Ram"))
    assert "each" not in title and r.outcome["damaged_ships"] == ["a"]
    pieces[0]["flotilla"] = False
    r = evaluate(scenario(pieces, move("a", [0])))
    assert any(s.title == "Ram: one facedown damage card each" for s in r.steps)


MANEUVERS = [
    p
    for p in sorted(LIBRARY.glob("a*.json"))
    if json.loads(p.read_text(encoding="utf-8"))["scenario"]["action"]["type"] == "maneuver"
]


@pytest.mark.parametrize("path", MANEUVERS, ids=[p.stem for p in MANEUVERS])
def test_maneuver_text_has_no_internal_words_or_paths(path: Path) -> None:
    r = evaluate(parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
    words = " ".join(texts(r)).lower()
    for bad in ("on the way", "distance 0", "seed", "rules do not say which"):
        assert bad not in words, bad


def test_the_clean_maneuver_blurb_turns_away_from_the_tool() -> None:
    doc = json.loads((LIBRARY / "am-01-clean-maneuver.json").read_text(encoding="utf-8"))
    assert "turns away from the tool" in doc["description"] and "toward the tool" not in doc["description"]


# Pictures ------------------------------------------------------------------------------------------------


def _boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """(text, x0, y0, x1, y1) of each drawn label, at about 0.6 em a character."""
    out = []
    for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        if not t.text or t.get("text-anchor") != "middle":
            continue
        size = float(t.get("font-size", "0"))
        w = len(t.text) * size * 0.6
        x, y = float(t.get("x", "0")), float(t.get("y", "0"))
        out.append((t.text, x - w / 2, y - size * 0.95, x + w / 2, y + size * 0.25))
    return out


def test_ram_picture_abandoned_positions_have_their_own_style_and_legend() -> None:
    doc = json.loads((LIBRARY / "am-04-closest-ship.json").read_text(encoding="utf-8"))
    s = parse_scenario(doc["scenario"])
    svg = render_svg(s, evaluate(s))
    assert "position tried and abandoned" in svg
    assert 'class="figure abandoned"' in svg


@pytest.mark.parametrize("path", MANEUVERS, ids=[p.stem for p in MANEUVERS])
def test_maneuver_picture_labels_do_not_pile_up(path: Path) -> None:
    """Ram contacts, obstacle contacts, pieces and the final base: no two labels' boxes overlap."""
    s = parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"])
    boxes = _boxes(render_svg(s, evaluate(s)))
    assert len(boxes) >= 3
    clashes = [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]
    assert clashes == []


def test_a_switched_tool_side_draws_the_abandoned_side() -> None:
    s = scenario([ship("a", "small", 500, 300)], move("a", [1], side="left"))
    r = evaluate(s)
    kinds = {f.id: f.kind for f in r.figures}
    assert kinds["declared-side"] == "abandoned"
    assert "position tried and abandoned" in render_svg(s, r)


def test_the_correction_is_registered_for_the_rulings_it_changes() -> None:
    from rules.engine.changes import all_changes, changes_since

    change = next(c for c in all_changes() if c.game == "armada" and "other side" in c.title)

    def example(slug: str) -> Any:
        return parse_scenario(json.loads((LIBRARY / f"{slug}.json").read_text(encoding="utf-8"))["scenario"])

    assert change.affects(example("ar-03-inside-turn-tool-overlap"))
    assert not change.affects(example("am-01-clean-maneuver"))
    assert not change.affects(example("ar-19-move-obstacle-past-end-line"))
    assert change in changes_since(1, example("am-10-inside-turn"))
    mined = scenario([ship("a", "small", 500, 300), mine("m", 500 + 43 / 2 + 40, 300 + PITCH)], move("a", [0]))
    assert change.affects(mined)


@pytest.mark.parametrize(("faces", "cards"), [(["hit", "crit"], 2), (["accuracy", "hit"], 1), (["accuracy"] * 2, 0)])
def test_entered_mine_dice_change_the_outcome(faces: list[str], cards: int) -> None:
    d = {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": [ship("a", "small", 500, 300), mine("m", 500 + 43 / 2 + 40, 300 + PITCH)],
        "action": move("a", [0]),
        "dice": {"m": faces},
    }
    r = evaluate(parse_scenario(d))
    e = r.outcome["effects"][0]
    assert e["rolled"] == faces and e["cards"] == cards
    assert any(f"Rolled {', '.join(faces)}" in s.text for s in r.steps)


def test_mine_dice_are_checked() -> None:
    from rules.engine import ScenarioError

    d = {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": [
            ship("a", "small", 500, 300),
            mine("m", 900, 300),
            {"id": "o", "kind": "token", "type": "objective", "x": 1, "y": 1},
        ],
        "action": move("a", [0]),
    }
    for dice, field in (({"m": ["hit"] * 3}, "dice.m"), ({"m": ["focus"]}, "dice.m"), ({"o": ["hit"]}, "dice.o")):
        with pytest.raises(ScenarioError) as err:
            parse_scenario({**d, "dice": dice})
        assert field in str(err.value)


def test_clicks_beyond_the_reduced_speeds_chart_are_called_out() -> None:
    """Yaw II at joint 1 of speed 2 but only I at speed 1: slowed by a rift, the course is not legal."""
    a = ship("a", "small", 500, 300, yaw_limits={"1": [1], "2": [2, 1]})
    r = evaluate(scenario([a, rift(680, 300)], move("a", [2, 0])))
    step = next(s for s in r.steps if "speed chart allows fewer clicks" in s.title)
    assert "at most 1 click(s) at joint 1" in step.text and "armada-1.5/ship-movement/yaw" in step.rules
    ok = evaluate(scenario([a, rift(680, 300)], move("a", [1, 0])))
    assert not any("speed chart" in s.title for s in ok.steps)
