"""Every step, verdict and warning names pieces by their labels, as the picture does.

Each library example is re-ruled with its ids renamed to tokens no English word matches
("zq3x") and every piece labelled: a token left in any text is an id where a label belongs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
EXAMPLES = sorted(LIBRARY.glob("*.json"))
TOKEN = re.compile(r"zq\d+x")


NOT_IDS = {"type", "shape", "kind", "chassis", "size", "bearing", "direction", "game", "edition", "template"}
"""Fields whose values are never piece ids (an id may be spelt like a type or a shape)."""


def renamed(value: Any, ids: dict[str, str], key: str = "") -> Any:
    """The document with every piece id replaced by its token (values, and keys of maps keyed by id)."""
    if isinstance(value, dict):
        by_id = bool(value) and all(k in ids for k in value) and set(value) != {"x", "y"}
        return {(ids[k] if by_id else k): renamed(v, ids, k) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, ids, key) for v in value]
    if isinstance(value, str) and key not in NOT_IDS:
        return ids.get(value, value)
    return value


def texts(doc: dict[str, Any]) -> list[str]:
    r = evaluate(parse_scenario(doc))
    return [r.summary, *r.warnings, *(t for s in r.steps for t in (s.title, s.text, s.other_edition or ""))]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_texts_use_labels_not_ids(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    ids = {p["id"]: f"zq{i}x" for i, p in enumerate(scenario["pieces"])}
    doc = renamed(scenario, ids)
    for i, p in enumerate(doc["pieces"]):
        p["label"] = f"Piece {i}"
    assert not [t for t in texts(doc) if TOKEN.search(t)]


def test_the_check_can_fail() -> None:
    """Labels that are the tokens themselves: the check sees them (an unlabelled piece is never named by id)."""
    scenario = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))["scenario"]
    doc = renamed(scenario, {p["id"]: f"zq{i}x" for i, p in enumerate(scenario["pieces"])})
    for p in doc["pieces"]:
        p["label"] = p["id"]
    assert [t for t in texts(doc) if TOKEN.search(t)]


def _texts_of(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    doc = {"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": action}
    return texts(doc)


GAS = {"kind": "obstacle", "type": "gas-cloud", "shape": "gas-cloud-1", "x": 300, "y": 322, "rotation": 0}
WING = {"kind": "ship", "size": "small", "x": 320, "y": 200, "heading": 0, "player": 2}
ROCK = {"kind": "obstacle", "type": "asteroid", "outline": [[260, 302.1], [340, 302.1], [340, 322], [260, 322]]}


@pytest.mark.parametrize(
    ("other", "speed", "said_about"),
    [
        (GAS, 3, "cannot lock"),  # ends on a gas cloud: cannot attack, cannot lock
        (WING, 3, "starts overlapping"),  # the ignored-blocker warning
        (ROCK, 1, "by less than 0.5 mm"),  # 0.3 mm past the final base's guides: the close-call warning
    ],
    ids=["gas cloud", "overlapping at the start", "close call"],
)
def test_paths_no_library_example_takes_use_labels_too(other: dict[str, Any], speed: int, said_about: str) -> None:
    """Situations the library does not hold: their steps and warnings name pieces by label too."""
    me = {"id": "zq0x", "label": "Mine", "kind": "ship", "size": "small", "x": 300, "y": 200, "heading": 0, "player": 1}
    action = {"type": "maneuver", "ship": "zq0x", "bearing": "straight", "speed": speed}
    said = _texts_of([me, {"id": "zq1x", "label": "Other", **other}], action)
    assert [t for t in said if said_about in t], said  # the text this case is about is there
    assert not [t for t in said if TOKEN.search(t)]
