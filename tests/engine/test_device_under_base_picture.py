"""Trial 2: a mine dropped partly under a ship was drawn over it (the base's fill let it show through), though
the step says it is placed under the base; and the mine had no label and no legend entry."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rules.engine import evaluate
from rules.engine.svg import legend_rows, render_svg
from tests.engine.helpers import scenario, ship

NS = {"s": "http://www.w3.org/2000/svg"}
DROP = {"type": "drop", "ship": "x", "device": {"id": "m", "type": "proximity-mine"}}
PIECES = [ship("x", 457, 457, label="X-wing"), ship("t", 457, 343, player=2, label="TIE"), ship("o", 700, 700)]


def picture() -> tuple[ET.Element, list[tuple[str, str]]]:
    sc = scenario(PIECES, DROP)
    ruling = evaluate(sc)
    assert "under TIE" in ruling.summary  # the mine lands partly under the TIE
    return ET.fromstring(render_svg(sc, ruling)), legend_rows(sc, ruling)


def test_a_base_over_a_dropped_device_hides_it_and_the_device_is_drawn_first() -> None:
    svg, _ = picture()
    groups = [g.get("id") for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("id")]
    assert groups.index("t-device-m") < groups.index("t-t")
    tie = svg.find(".//s:g[@id='t-t']", NS)
    assert tie is not None
    first = tie.find("s:polygon", NS)
    assert first is not None and first.get("class") == "backing" and first.get("fill-opacity") == "1"
    other = svg.find(".//s:g[@id='t-o']", NS)
    assert other is not None and other.find("s:polygon[@class='backing']", NS) is None  # over no device


def test_the_device_is_named_in_the_picture_and_in_the_legend() -> None:
    svg, rows = picture()
    device = svg.find(".//s:g[@id='t-device-m']", NS)
    assert device is not None and [t.text for t in device.iter("{http://www.w3.org/2000/svg}text")] == [
        "Proximity Mine"
    ]
    assert ("device (under any base it overlaps)", "device") in rows
    legend = svg.find(".//s:g[@class='legend']", NS)
    assert legend is not None and "device (under any base it overlaps)" in [t.text for t in legend.iter()]
