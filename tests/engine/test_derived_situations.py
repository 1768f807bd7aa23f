"""Situations the engine builds itself (an obstacle placed, a device that becomes one, a relocated remote, the
ring around a huge ship) are ruled like any other, at the input caps too; labels hold only what XML carries."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from rules.engine import ScenarioError, evaluate, parse_scenario, render_svg
from rules.engine.scenario import MAX_PIECES, derive
from rules.engine.xmltext import to_text

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(slug: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{slug}.json").read_text())["scenario"]


def filled(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with small ships added far from the action up to the piece cap."""
    n = MAX_PIECES - len(doc["pieces"])
    doc["pieces"] += [
        {"id": f"f{i}", "kind": "ship", "size": "small", "x": 50 + i % 10 * 60, "y": 700 + i // 10 * 45, "heading": 0}
        for i in range(n)
    ]
    return doc


@pytest.mark.parametrize("device", ["loose-cargo", "electro-chaff-cloud", "spare-parts"])
@pytest.mark.parametrize("how", ["drop", "launch"])
def test_an_obstacle_device_dropped_at_the_piece_cap_is_ruled(device: str, how: str) -> None:
    doc = filled(example("dv-01-drop-proton-bomb"))
    doc["action"] = {**doc["action"], "type": how, "device": {"id": "new", "type": device}}
    ruling = evaluate(parse_scenario(doc))
    assert ruling.outcome["placed"] is True


def test_an_obstacle_placed_at_the_piece_cap_is_ruled() -> None:
    doc = filled(example("xw-17-loose-cargo-under-enemy"))
    ruling = evaluate(parse_scenario(doc))
    assert ruling.outcome["overlapping_ships"] == ["a", "b"]


def test_derive_is_not_held_to_the_input_caps_but_still_reads_what_it_adds() -> None:
    sc = parse_scenario(filled(example("xw-17-loose-cargo-under-enemy")))
    rock = {"id": "extra", "kind": "obstacle", "type": "asteroid", "shape": "asteroid-4", "x": 100, "y": 100}
    more = derive(sc, action={"type": "check-setup"}, add=[rock])
    assert len(more.pieces) == MAX_PIECES + 1 and more.piece("extra").get("rotation") == 0.0
    with pytest.raises(ScenarioError):
        derive(sc, action={"type": "check-setup"}, add=[{**rock, "id": "a"}])  # an id taken: the engine's bug


def test_a_buzz_droid_swarm_given_as_an_outline_is_relocated_as_its_token() -> None:
    doc = example("xw-41-buzz-droid-swarm-relocates")
    swarm = doc["pieces"][1]
    for k in ("x", "y", "heading"):
        swarm.pop(k)
    swarm["outline"] = [[300, 370], [320, 370], [320, 390], [300, 390]]
    ruling = evaluate(parse_scenario(doc))
    (entry,) = ruling.outcome["remotes"]
    assert entry["effect"] == "relocate" and set(entry["relocation"]) == {"front", "rear"}


def test_place_squadrons_around_a_huge_ship() -> None:
    doc = example("am-15-place-squadrons-legal")
    doc["pieces"][0]["size"] = "huge"
    for q, y in zip(doc["pieces"][1:], (500, 300), strict=True):
        q["x"], q["y"] = 600, y
    sc = parse_scenario(doc)
    ruling = evaluate(sc)
    assert ruling.outcome["legal"] is False
    assert sum(f.id.startswith("ring-") for f in ruling.figures) >= 2  # one ring per base: the gap is wide
    render_svg(sc, ruling, standalone=True)


@pytest.mark.parametrize("char", ["\ufffe", "\uffff", "\ufdd0", "\ufdef", "\U0001fffe", "\U0010ffff", "\x85"])
def test_labels_refuse_what_xml_cannot_carry_and_noncharacters(char: str) -> None:
    doc = example("xw-17-loose-cargo-under-enemy")
    doc["pieces"][0]["label"] = f"a{char}b"
    with pytest.raises(ScenarioError) as e:
        parse_scenario(doc)
    assert e.value.problems[0].field == "pieces[0].label"


def test_labels_keep_ordinary_text_beyond_the_basic_plane() -> None:
    doc = example("xw-17-loose-cargo-under-enemy")
    doc["pieces"][0]["label"] = "X-wing \U0001f680 \ufdcf\ufdf0\ufffd"
    assert parse_scenario(doc).pieces[0].label.startswith("X-wing")


def test_the_picture_writer_never_writes_what_xml_cannot_carry() -> None:
    """A row stored before the parser refused these still draws a well-formed picture."""
    root = ET.Element("svg")
    ET.SubElement(root, "text", {"aria-label": "a\ufffeb"}).text = "c\uffffd\x01"
    ET.fromstring(to_text(root))  # well-formed
    assert "\ufffd" in to_text(root)
