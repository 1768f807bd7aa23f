"""Unlabelled pieces are named as a player names them, never by their ids (judge's review, problem 4).

"cr90 moves…", "ends on s, d", "O0 and o1 are 35.0 mm apart", "under a, b": an id is a key for
programs. Each game names an unlabelled piece from what it knows (ship card or chassis, size,
obstacle, device or token type); the core makes the names unique. A user's label is kept as typed.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, games, parse_scenario
from rules.engine.scenario import default_names
from tests.engine.test_labels_in_text import renamed

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
EXAMPLES = sorted(LIBRARY.glob("*.json"))
TOKEN = re.compile(r"zq\d+x", re.IGNORECASE)


def texts(doc: dict[str, Any]) -> list[str]:
    r = evaluate(parse_scenario(doc))
    return [r.summary, *(t for s in r.steps for t in (s.title, s.text))]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_text_names_an_unlabelled_piece_by_its_id(path: Path) -> None:
    """Ids renamed to tokens no word matches ("zq3x"), labels kept where the example has them."""
    scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    doc = renamed(scenario, {p["id"]: f"zq{i}x" for i, p in enumerate(scenario["pieces"])})
    assert not [t for t in texts(doc) if TOKEN.search(t)]


def test_names_come_from_what_the_game_knows() -> None:
    armada = games.get("armada")
    pieces = [
        {"id": "cr90", "kind": "ship", "size": "small", "chassis": "cr90-corvette-a"},
        {"id": "vsd", "kind": "ship", "size": "large"},
        {"id": "tie", "kind": "squadron"},
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field"},
        {"id": "m", "kind": "token", "type": "proximity-mine"},
        {"id": "o", "kind": "token", "type": "objective"},
    ]
    assert default_names(armada.piece_name, pieces) == {
        "cr90": "CR90 Corvette A",
        "vsd": "Large ship",
        "tie": "Squadron",
        "rock": "Asteroid field",
        "m": "Proximity mine",
        "o": "Objective token",
    }
    xwing = games.get("xwing")
    pieces = [
        {"id": "a", "kind": "ship", "size": "small", "chassis": "t65xwing"},
        {"id": "b", "kind": "ship", "size": "medium"},
        {"id": "pb", "kind": "device", "type": "proton-bomb"},
        {"id": "g", "kind": "obstacle", "type": "gas-cloud"},
    ]
    assert default_names(xwing.piece_name, pieces) == {
        "a": "T-65 X-wing",
        "b": "Medium ship",
        "pb": "Proton Bomb",
        "g": "Gas cloud",
    }


def test_shared_names_get_letters_in_table_order_and_skip_users_labels() -> None:
    pieces = [
        {"id": "o0", "kind": "obstacle", "type": "asteroid"},
        {"id": "o1", "kind": "obstacle", "type": "asteroid", "label": "Asteroid A"},
        {"id": "o2", "kind": "obstacle", "type": "asteroid"},
        {"id": "s", "kind": "ship", "size": "small"},
    ]
    assert default_names(games.get("xwing").piece_name, pieces) == {
        "o0": "Asteroid B",
        "o2": "Asteroid C",
        "s": "Small ship",
    }


def test_past_z_shared_names_are_numbered_and_each_name_is_worked_out_only_as_far_as_needed() -> None:
    pieces = [{"id": f"o{i}", "kind": "obstacle", "type": "asteroid"} for i in range(30)]
    pieces.insert(3, {"id": "u", "kind": "obstacle", "type": "asteroid", "label": "Asteroid 27"})
    names = default_names(games.get("xwing").piece_name, pieces)
    assert [names[f"o{i}"] for i in (0, 25, 26, 27, 29)] == [
        "Asteroid A",
        "Asteroid Z",
        "Asteroid 28",  # a user's label is skipped
        "Asteroid 29",
        "Asteroid 31",
    ]
    suffixes = importlib.import_module("rules.engine.scenario").SUFFIXES
    assert suffixes[:2] == ("A", "B") and suffixes[26] == "27"  # the order they are tried in, made one by one


def test_a_users_label_is_kept_as_typed_and_is_not_part_of_the_id() -> None:
    base = {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": [{"id": "a", "kind": "ship", "size": "small", "x": 300, "y": 300, "heading": 0}],
        "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 1},
    }
    plain = parse_scenario(base)
    assert plain.piece("a").label == "Small ship"
    assert "label" not in plain.to_dict()["pieces"][0]  # the name is not stored: same document, same id
    labelled = parse_scenario({**base, "pieces": [{**base["pieces"][0], "label": "gold leader"}]})
    assert labelled.piece("a").label == "gold leader"


def test_a_reason_does_not_say_ship_twice() -> None:
    """xw-18: "overlaps ship Small ship" read badly once unlabelled ships had names; a user's label keeps "ship"."""
    doc = json.loads((LIBRARY / "xw-18-tallon-choose-clear.json").read_text(encoding="utf-8"))["scenario"]
    reasons = [p["reason"] for p in evaluate(parse_scenario(doc)).outcome["positions"].values() if p.get("reason")]
    assert reasons and not [r for r in reasons if "ship Small ship" in r]
    assert all(r.startswith("overlaps Small ship") for r in reasons)
    for p in doc["pieces"]:
        p["label"] = "Luke" if p["id"] != doc["action"]["ship"] else "Wedge"
    reasons = [p["reason"] for p in evaluate(parse_scenario(doc)).outcome["positions"].values() if p.get("reason")]
    assert all(r.startswith("overlaps ship Luke") for r in reasons)


def test_the_pictures_tooltip_does_not_repeat_the_type_a_name_already_says() -> None:
    from rules.engine import render_svg

    doc = json.loads((LIBRARY / "am-19-move-obstacle-legal.json").read_text(encoding="utf-8"))["scenario"]
    s = parse_scenario(doc)
    svg = render_svg(s, evaluate(s))
    assert "<title>Asteroid field</title>" in svg and "Asteroid field (asteroid-field)" not in svg
