"""Armada: ships and squadrons that overlap before anything moves are named, and the ruling says what it assumed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.armada import dimensions as dim
from rules.engine.clauses import get_clause
from rules.engine.ruling import Ruling

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
SMALL_W = dim.BODY["small"][0]
FRAME = dim.FRAME_DEPTH.value
R = dim.SQUADRON_DIAMETER.value / 2


def ship(pid: str, x: float, y: float, heading: float = 0, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": "ship", "size": "small", "x": x, "y": y, "heading": heading, "player": 1, **kw}


def squadron(pid: str, x: float, y: float, player: int = 2, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "kind": "squadron", "x": x, "y": y, "player": player, **kw}


def rule(pieces: list[dict[str, Any]], action: dict[str, Any] | None = None) -> Ruling:
    """``action``, or a ship far from the others holding still (so no close call of a maneuver warns too)."""
    if action is None:
        pieces = [*pieces, ship("far", 1500, 600)]
        action = {"type": "maneuver", "ship": "far", "speed": 0}
    return evaluate(
        parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})
    )


# two small ships side by side, heading 0: their side frames meet at this centre spacing
FRAMES_TOUCH = SMALL_W + 2 * FRAME


def test_ships_whose_frames_touch_do_not_start_overlapping() -> None:
    r = rule([ship("a", 500, 300, label="Raider"), ship("b", 500 + FRAMES_TOUCH, 300, label="Nebulon")])
    assert r.outcome["start_overlaps"] == []
    assert r.warnings == ()
    assert all("before anything moves" not in s.title for s in r.steps)


def test_ships_whose_frames_overlap_are_named_by_label() -> None:
    r = rule([ship("a", 500, 300, label="Raider"), ship("b", 500 + FRAMES_TOUCH - 0.5, 300, label="Nebulon")])
    assert r.outcome["start_overlaps"] == [{"pieces": ["a", "b"], "where": "dial frames", "area_mm2": 8.5}]
    assert r.warnings == ("Raider and Nebulon start overlapping at a shield-dial frame; check the situation",)


def test_ships_whose_bases_overlap_get_a_derived_first_step() -> None:
    pieces = [ship("a", 500, 300, label="Raider"), ship("b", 500 + SMALL_W - 1, 300, label="Nebulon")]
    r = rule(pieces, {"type": "maneuver", "ship": "a", "speed": 0})
    assert r.outcome["start_overlaps"][0]["where"] == "bases"
    assert r.warnings[0] == "Raider and Nebulon start overlapping; check the situation"
    first = r.steps[0]
    assert first.derived and first.title == "Pieces that overlap before anything moves"
    assert "Raider and Nebulon start overlapping" in first.text and "assumes" in first.text
    assert "If Raider ends at speed 0, it still overlaps Nebulon" in first.text
    assert r.outcome["overlapped_ships"] == ["b"]  # what that sentence says the maneuver does
    assert all(get_clause(c) for c in first.rules) and first.highlight == ("a", "b", "start-overlap-1")
    drawn = next(f for f in r.figures if f.id == "start-overlap-1")
    assert drawn.kind == "overlap" and drawn.label == "overlapping at the start"


def test_a_squadron_on_a_dial_frame_overlaps_it() -> None:
    # the right frame of a ship at x=500 reaches x = 500 + 21.5 + 3.9
    edge = 500 + SMALL_W / 2 + FRAME
    touching = rule([ship("a", 500, 300, label="Raider"), squadron("x", edge + R, 300, label="X-wings")])
    assert touching.outcome["start_overlaps"] == [] and touching.warnings == ()
    on_frame = rule([ship("a", 500, 300, label="Raider"), squadron("x", edge + R - 1, 300, label="X-wings")])
    assert on_frame.outcome["start_overlaps"][0]["pieces"] == ["a", "x"]
    assert on_frame.warnings == ("X-wings starts overlapping Raider's shield-dial frame; check the situation",)
    on_base = rule([ship("a", 500, 300, label="Raider"), squadron("x", 500, 300, label="X-wings")])
    assert on_base.warnings == ("X-wings starts overlapping Raider; check the situation",)


def test_squadrons_that_touch_do_not_overlap_and_those_that_overlap_are_named() -> None:
    far = ship("a", 100, 100)
    touching = rule([far, squadron("x", 500, 500), squadron("y", 500 + 2 * R, 500)])
    assert touching.outcome["start_overlaps"] == []
    over = rule(
        [far, squadron("x", 500, 500, label="X-wings"), squadron("y", 500 + 2 * R - 0.5, 500, label="TIEs")],
        {"type": "move-squadron", "squadron": "x", "speed": 1, "to": {"x": 500, "y": 450}},
    )
    assert over.warnings[0] == "X-wings and TIEs start overlapping; check the situation"
    assert over.steps[0].derived


def test_the_ship_placing_its_displaced_squadrons_is_not_an_impossible_start() -> None:
    pieces = [ship("a", 500, 300), squadron("x", 500, 300), squadron("y", 510, 300)]
    r = rule(pieces, {"type": "place-squadrons", "ship": "a", "placements": {"x": {"x": 500, "y": 400}}})
    # the ship stands on its displaced squadrons by design; the squadrons on each other cannot happen
    assert r.outcome["start_overlaps"] == [{"pieces": ["x", "y"], "where": "bases", "area_mm2": 572.6}]


def test_every_armada_ruling_reports_start_overlaps() -> None:
    r = rule([ship("a", 500, 300)])
    assert r.outcome["start_overlaps"] == []


def _armada(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.glob("*.json")) if json.loads(p.read_text())["scenario"]["game"] == "armada"]


@pytest.mark.parametrize("path", _armada(LIBRARY), ids=lambda p: p.stem)
def test_no_library_example_starts_with_pieces_overlapping(path: Path) -> None:
    ruling = evaluate(parse_scenario(json.loads(path.read_text())["scenario"]))
    assert ruling.outcome["start_overlaps"] == []


@pytest.mark.parametrize("slug", ["am-05-flotilla-rams", "am-13-ram-saves"])
def test_the_retired_versions_that_started_overlapping_now_say_so(slug: str) -> None:
    doc = json.loads((LIBRARY / "retired" / f"{slug}.json").read_text())
    ruling = evaluate(parse_scenario(doc["scenario"]))
    assert ruling.outcome["start_overlaps"] and "start overlapping" in ruling.warnings[0]
    new = json.loads((LIBRARY / f"{slug}.json").read_text())
    assert new["expect"] == doc["expect"]  # the fixed example still shows what it was meant to show


@pytest.mark.parametrize("path", _armada(LIBRARY), ids=lambda p: p.stem)
def test_no_library_example_starts_with_a_piece_off_the_table(path: Path) -> None:
    """Judge's review, problem 2: am-12's ship hung over the edge before it moved."""
    ruling = evaluate(parse_scenario(json.loads(path.read_text())["scenario"]))
    assert not [w for w in ruling.warnings if "starts partly outside the play area" in w]


def test_the_retired_am12_started_off_the_table_and_the_new_one_teaches_the_same_ruling() -> None:
    old = json.loads((LIBRARY / "retired" / "am-12-off-the-table.json").read_text())
    new = json.loads((LIBRARY / "am-12-off-the-table.json").read_text())
    was = evaluate(parse_scenario(old["scenario"]))
    assert any("starts partly outside the play area" in w for w in was.warnings)
    now = evaluate(parse_scenario(new["scenario"]))
    assert new["expect"] == old["expect"] and now.outcome["destroyed"] is True and not now.warnings
