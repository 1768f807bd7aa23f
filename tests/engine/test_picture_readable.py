"""What a phone trial found wrong in the ruling pictures: labels over the facing arrows, a ship named twice,
the abandoned position of a ram hidden under its contact, a mine drawn over the ship it lies under, and
"line over Asteroid" written over the asteroid."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from shapely import Polygon, box

from rules.engine import evaluate, games, parse_scenario
from rules.engine.svg import EM, LABEL_PX, PHONE_PICTURE_PX, render_svg
from rules.library import examples

NS = "{http://www.w3.org/2000/svg}"


def _example(slug: str):  # noqa: ANN202 - a library Example
    return next(e for e in examples() if e.slug.startswith(slug))


def _drawn(slug: str, page: bool) -> tuple[ET.Element, float]:
    ex = _example(slug)
    kw: dict[str, object] = {"legend": False, "shown_px": PHONE_PICTURE_PX} if page else {}
    return ET.fromstring(render_svg(ex.scenario, evaluate(ex.scenario), **kw)), ex.scenario.table[1]


def _text_boxes(svg: ET.Element, h: float) -> list[tuple[str, Polygon]]:
    """Each centred text's box in table millimetres (y up), from its anchor, font size and length."""
    out = []
    for t in svg.iter(f"{NS}text"):
        if t.get("text-anchor") != "middle" or not t.text:
            continue
        x, y, f = float(t.get("x", "0")), float(t.get("y", "0")), float(t.get("font-size", "0"))
        w = len(t.text) * f * EM
        base = h - y
        out.append((t.text, box(x - w / 2, base - f * 0.2, x + w / 2, base + f * 0.75)))
    return out


def _arrows(svg: ET.Element, h: float) -> list[Polygon]:
    arrows = []
    for p in svg.iter(f"{NS}polygon"):
        pts = [tuple(map(float, q.split(","))) for q in p.get("points", "").split()]
        if p.get("fill") == "#f8fafc" and len(pts) == 3:
            arrows.append(Polygon([(x, h - y) for x, y in pts]))
    return arrows


@pytest.mark.parametrize("page", [True, False], ids=["page", "card"])
@pytest.mark.parametrize("slug", ["xw-01", "xw-11", "dv-03", "am-02", "am-04", "ak-01"])
def test_no_label_covers_a_facing_arrow(slug: str, page: bool) -> None:
    svg, h = _drawn(slug, page)
    arrows = _arrows(svg, h)
    assert arrows
    over = [(text, i) for text, b in _text_boxes(svg, h) for i, a in enumerate(arrows) if b.intersects(a)]
    assert over == []


@pytest.mark.parametrize("slug", ["am-02", "xw-01", "am-04"])
def test_every_piece_is_named_once(slug: str) -> None:
    svg, _ = _drawn(slug, True)
    texts = [t.text for t in svg.iter(f"{NS}text")]
    for p in _example(slug).scenario.pieces:
        assert texts.count(p.label) <= 1, (p.label, texts)


def test_a_page_pictures_labels_read_at_the_width_a_phone_shows_it() -> None:
    svg, _ = _drawn("am-02", True)
    width = float(svg.get("viewBox", "").split()[2])
    assert svg.find(f"{NS}g[@class='legend']") is None  # the page lists the marks beside the picture
    sizes = [float(t.get("font-size", "0")) * PHONE_PICTURE_PX / width for t in svg.iter(f"{NS}text")]
    assert sizes and min(sizes) >= LABEL_PX * 0.99, sizes
    card, _ = _drawn("am-02", False)
    assert card.find(f"{NS}g[@class='legend']") is not None  # the standalone picture keeps its own


def test_the_abandoned_position_is_drawn_over_the_contact_with_a_visible_stroke() -> None:
    svg, _ = _drawn("am-02", True)
    groups = [g.get("class") for g in svg.iter(f"{NS}g") if (g.get("class") or "").startswith("figure ")]
    assert groups.index("figure abandoned") > groups.index("figure overlap")
    abandoned = svg.find(f".//{NS}g[@class='figure abandoned']/{NS}polygon")
    assert abandoned is not None and float(abandoned.get("stroke-width", "0")) >= 2


def test_a_mine_under_a_ship_is_drawn_under_it() -> None:
    svg, _ = _drawn("dv-03", True)
    order = [g.get("id", "") for g in svg.iter(f"{NS}g") if g.get("id")]
    ship = next(p for p in _example("dv-03").scenario.pieces if p.kind == "ship" and p.player == 2)
    device = next(i for i in order if i.endswith("device-mine"))
    assert order.index(device) < order.index(next(i for i in order if i.endswith(f"-{ship.id}")))


def test_an_obstruction_phrase_is_written_off_the_obstacle_it_names() -> None:
    ex = _example("ak-01")
    svg, h = _drawn("ak-01", True)
    game = games.get(ex.scenario.game)
    rock = next(p for p in ex.scenario.pieces if p.kind == "obstacle")
    phrase = [b for text, b in _text_boxes(svg, h) if text.startswith("line over")]
    assert phrase and not phrase[0].intersects(game.draw(rock).outline)


@pytest.mark.parametrize("slug", ["xw-01", "am-02"])
def test_a_page_pictures_piece_labels_are_not_hidden_under_a_contact(slug: str) -> None:
    """Contacts are drawn over the pieces: a piece's label under one ("Asteroid" under the red) was unreadable."""
    ex = _example(slug)
    svg, h = _drawn(slug, True)
    contacts = [Polygon(f.coords) for f in evaluate(ex.scenario).figures if f.kind == "overlap"]
    labels = {p.label for p in ex.scenario.pieces}
    hidden = [text for text, b in _text_boxes(svg, h) if text in labels and any(b.intersects(c) for c in contacts)]
    assert contacts and hidden == []


def test_a_page_pictures_token_labels_are_not_hidden_under_a_ship() -> None:
    """Squadrons drawn under a ship's base had their names behind it (the ships are drawn over the tokens).
    A squadron wholly under a base cannot be named beside it and off the ship: its name is drawn over the
    ships instead (it used to step several label heights away)."""
    ex = _example("am-15")
    svg, h = _drawn("am-15", True)
    game = games.get(ex.scenario.game)
    ships = [game.draw(p).outline for p in ex.scenario.pieces if game.draw(p).pose is not None]
    tokens = {p.label for p in ex.scenario.pieces if game.draw(p).pose is None}
    over = svg.find(f"{NS}g[@class='labels-over']")
    on_top = {t.text for t in over.iter(f"{NS}text")} if over is not None else set()
    order = [g.get("class") for g in svg if g.tag == f"{NS}g"]
    assert over is None or order.index("labels-over") > order.index("pieces")
    boxes = [(text, b) for text, b in _text_boxes(svg, h) if text in tokens]
    hidden = [text for text, b in boxes if text not in on_top and any(b.intersects(s) for s in ships)]
    assert ships and len(boxes) == len(tokens) and hidden == []


def test_a_final_positions_label_is_not_hidden_under_its_contact() -> None:
    ex = _example("xw-03")
    ruling = evaluate(ex.scenario)
    svg, h = _drawn("xw-03", True)
    final = next(f for f in ruling.figures if f.kind == "base")
    contacts = [Polygon(f.coords) for f in ruling.figures if f.kind == "overlap"]
    boxes = [b for text, b in _text_boxes(svg, h) if text == final.label]
    assert boxes and contacts and not any(b.intersects(c) for b in boxes for c in contacts)


def test_a_sentence_on_the_setup_table_is_about_a_piece_names_size() -> None:
    """Trial 3: on the setup table (the whole table, zoomed in on a phone) "line over Asteroid field" was drawn
    at the whole table's font, 20-25 px beside ship names of 5-10 px (long names, fitted to their bases), and
    ran off the table."""
    ex = _example("ak-01")
    long_names = {"ship": ["Victory I-class Star Destroyer", "CR90 Corvette A"]}
    pieces = []
    for p in ex.scenario.to_dict()["pieces"]:
        if p["kind"] == "ship":
            p = p | {"label": long_names["ship"].pop(0)}
        pieces.append(p)
    scenario = parse_scenario(ex.scenario.to_dict() | {"pieces": pieces})
    svg = ET.fromstring(render_svg(scenario, evaluate(scenario), editable=True, zoom=False))
    ships = {p.label for p in scenario.pieces if p.kind == "ship"}
    sizes = {t.text: float(t.get("font-size", "0")) for t in svg.iter(f"{NS}text") if t.text}
    phrase = next(f for text, f in sizes.items() if text.startswith("line over"))
    names = [f for text, f in sizes.items() if text in ships]
    assert len(names) == 2 and phrase <= 2 * max(names), (phrase, sizes)  # was 20.8 mm beside 4.6 and 6.2
