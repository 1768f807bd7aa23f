"""The pictures' text writer gives exactly ElementTree's text: every library example, every step, the card,
and labels full of characters XML must escape."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rules.engine import evaluate, parse_scenario, svg
from rules.engine.xmltext import to_text
from tests.engine.helpers import scenario, ship

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules" / "examples").glob("*.json"))


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every tree the picture module writes is also written by ElementTree, and the texts must match."""
    texts: list[str] = []

    def both(element: ET.Element) -> str:
        ours = to_text(element)
        assert ours == ET.tostring(element, encoding="unicode")
        texts.append(ours)
        return ours

    monkeypatch.setattr(svg, "to_text", both)
    return texts


def test_every_example_at_every_step_and_as_a_card(compared: list[str]) -> None:
    for path in EXAMPLES:
        sc = parse_scenario(json.loads(path.read_text())["scenario"])
        ruling = evaluate(sc)
        for step in (None, *range(1, len(ruling.steps) + 1)):
            svg.render_svg(sc, ruling, step=step)
        svg.render_svg(sc, ruling, standalone=True, caption="tableruling.example/s/abc")
    assert len(compared) > 2 * len(EXAMPLES)


def test_labels_xml_must_escape(compared: list[str]) -> None:
    label = 'a<b>&"c"\'d'
    sc = scenario(
        [ship("a", 300, 300, label=label), ship("b", 300, 420, player=2, label="x&amp;y")],
        {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 3},
    )
    ruling = evaluate(sc)
    svg.render_svg(sc, ruling)
    svg.render_svg(sc, ruling, standalone=True, caption='<"&">')
    assert any("a&lt;b&gt;&amp;" in t for t in compared)


def test_elements_with_text_children_and_tails() -> None:
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "d": "\r\n\t"})
    ET.SubElement(root, "title").text = "1 < 2 & 3 > 2"
    empty = ET.SubElement(root, "g")
    empty.tail = "tail & more"
    ET.SubElement(ET.SubElement(root, "g", {"class": "x"}), "line", {"x1": "0"})
    assert to_text(root) == ET.tostring(root, encoding="unicode")


def test_refuses_qualified_names_it_does_not_write() -> None:
    with pytest.raises(ValueError, match="plain element names"):
        to_text(ET.Element("{http://www.w3.org/2000/svg}svg"))
