"""The 1200×630 share card: the table picture drawn unclipped (fast in resvg), the panel kept clean.

The card's picture is not clipped to its square (clipping made resvg take 0.4 s); the text
panel drawn over it must hide whatever spills out.  Checked on real pixels.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

from rules.engine import evaluate, parse_scenario, render_svg
from rules.png import render_png

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"
BACKGROUND = (2, 6, 23)  # #020617
TABLE = (11, 23, 38)  # #0b1726


def _pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGBA, non-interlaced PNG (what resvg writes) into rows of bytes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, width, height = 8, b"", 0, 0
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 6)
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    raw, bpp, stride = zlib.decompress(data), 4, width * 4
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def _rgb(rows: list[bytes], x: int, y: int) -> tuple[int, int, int]:
    r, g, b = rows[y][x * 4 : x * 4 + 3]
    return (r, g, b)


def test_the_table_spilling_past_the_square_is_hidden_by_the_text_panel() -> None:
    doc = json.loads((EXAMPLES / "am-05-flotilla-rams.json").read_text())["scenario"]
    scenario = parse_scenario(doc)
    svg = render_svg(scenario, evaluate(scenario), standalone=True)
    assert 'overflow="visible"' in svg  # the fast path: no clip on the nested picture
    width, height, rows = _pixels(render_png(svg, 1200, 630))
    assert (width, height) == (1200, 630)
    # the zoomed table covers the whole square, so unclipped it would reach into the panel and the band
    assert _rgb(rows, 510, 510) == TABLE
    assert _rgb(rows, 560, 510) == BACKGROUND and _rgb(rows, 1190, 510) == BACKGROUND
    assert _rgb(rows, 510, 560) == BACKGROUND and _rgb(rows, 100, 620) == BACKGROUND


def test_range_overlay_bands_are_measured_from_the_base() -> None:
    """X-Wing range n ends n × 100 mm from the ship's base (guides excluded); Armada's long range ends at 1 ft."""
    from shapely import Point

    from rules.engine import games
    from rules.engine.armada.pieces import ship_body
    from rules.engine.xwing.pieces import ship_square

    doc = json.loads((EXAMPLES / "am-05-flotilla-rams.json").read_text())["scenario"]
    armada = parse_scenario(doc)
    a_ship = armada.of_kind("ship")[0]
    bands = dict(games.get("armada").range_overlay(a_ship))
    assert list(bands) == ["close range", "medium range", "long range"]
    assert abs(bands["long range"].exterior.distance(ship_body(a_ship)) - 304.8) < 0.5
    x = parse_scenario(json.loads((EXAMPLES / "xw-01-through-asteroid-25.json").read_text())["scenario"])
    x_ship = x.of_kind("ship")[0]
    x_bands = dict(games.get("xwing").range_overlay(x_ship))
    base = ship_square(x_ship)
    assert abs(x_bands["range 2"].exterior.distance(base) - 200.0) < 0.5
    c = base.centroid
    assert x_bands["range 1"].contains(Point(c.x, c.y + 20 + 99)) and not x_bands["range 1"].contains(
        Point(c.x, c.y + 20 + 101)
    )
    svg = render_svg(x, evaluate(x), ranges_from=x_ship.id)
    assert svg.count("stroke-dasharray") >= 3 and ">range 3<" in svg


def test_a_contact_label_is_drawn_once_on_the_card_and_once_per_contact_on_the_page() -> None:
    """The card's text is what resvg spends most on: a table crowded by huge ships touching at the start
    had 173 contacts each circled with "overlapping at the start", more than half of its first PNG.
    On the card each distinct label is drawn once (every contact keeps its outline); the page keeps them all."""
    import xml.etree.ElementTree as ET
    from collections import Counter

    from bench.heaviest import variants

    doc = json.loads((EXAMPLES / "ar-27-move-mine-near-mine.json").read_text())["scenario"]
    scenario = parse_scenario(variants(doc)["crowded by big ships"])
    ruling = evaluate(scenario)
    contacts = [f for f in ruling.figures if f.kind == "overlap"]
    labels = Counter(f.label for f in contacts if f.label)
    assert len(contacts) > 100 and max(labels.values()) > 100  # the crowded start: many contacts, one label

    ns = "{http://www.w3.org/2000/svg}"
    card = ET.fromstring(render_svg(scenario, ruling, standalone=True, caption="example.org/s/abc/"))
    picture = card.find(f"{ns}svg")
    assert picture is not None
    groups = [g for g in picture.iter(f"{ns}g") if "overlap" in g.get("class", "").split()]
    assert len(groups) == len(contacts)  # every contact still outlined
    assert all(g.find(f"{ns}polygon") is not None for g in groups)
    drawn = Counter(t.text for g in groups for t in g.iter(f"{ns}text"))
    assert drawn == dict.fromkeys(labels, 1)
    # a short label sits in a disc, a phrase beside the shape: never a disc per contact
    assert sum(1 for g in groups for _ in g.iter(f"{ns}circle")) <= len(labels)
    # the whole card's text: a label a piece, one a distinct contact label, the edges and the card's words
    assert sum(1 for _ in card.iter(f"{ns}text")) <= len(scenario.pieces) + len(labels) + 2 + 12

    page = ET.fromstring(render_svg(scenario, ruling))
    on_page = Counter(
        t.text for g in page.iter(f"{ns}g") if "overlap" in g.get("class", "") for t in g.iter(f"{ns}text")
    )
    assert on_page == labels


def test_a_contacts_outline_does_not_cross_a_pieces_name_on_the_card() -> None:
    """A phone trial's share card read "Asteroi": the contact's thick outline was drawn over the asteroid's name."""
    import xml.etree.ElementTree as ET

    doc = json.loads((EXAMPLES / "xw-01-through-asteroid-25.json").read_text())
    scenario = parse_scenario(doc.get("scenario", doc))
    card = ET.fromstring(render_svg(scenario, evaluate(scenario), standalone=True))
    order = list(card.iter())
    name = next(i for i, e in enumerate(order) if e.tag.endswith("text") and e.text == "Asteroid")
    contacts = [i for i, e in enumerate(order) if e.tag.endswith("g") and "overlap" in (e.get("class") or "").split()]
    assert contacts, "the example's contact is not drawn"
    assert all(i < name for i in contacts), "a contact's outline is drawn over the piece's name"
