"""The share card read as a forum thumbnail: 250 px wide (and 400 px), measured in the SVG and on pixels.

Sizes are the SVG's font sizes times the scale (width / 1200).  The verdict must be at least as large
at 250 px as the old card's 40 px verdict was at 400 px (13.3 px); the game and the short link at
least as large as the old card's 26 px lines were at 400 px (8.7 px).  Contrast is WCAG's ratio of
each text's fill against the card's background.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from shapely import Polygon

from rules.engine import evaluate, parse_scenario, render_svg
from rules.engine.card import ELLIPSIS, PANEL_BOTTOM, PANEL_TOP, PANEL_W, PICTURE, fit_verdict, text_width, wrap
from rules.png import render_png
from tests.engine.test_card_picture import BACKGROUND, _pixels, _rgb

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules" / "examples").glob("*.json"))
NS = "{http://www.w3.org/2000/svg}"
LINK = "tableruling.example/s/abc1234567/"
MIN_PX = {"card-verdict": 40 * 400 / 1200, "card-game": 26 * 400 / 1200, "card-link": 26 * 400 / 1200}


def _example(stem: str) -> tuple[object, object]:
    scenario = parse_scenario(json.loads((EXAMPLES[0].parent / f"{stem}.json").read_text())["scenario"])
    return scenario, evaluate(scenario)


def _longest() -> str:
    """The library example whose verdict is longest (the hardest card to fit)."""
    sums = {p.stem: evaluate(parse_scenario(json.loads(p.read_text())["scenario"])).summary for p in EXAMPLES}
    return max(sums, key=lambda k: len(sums[k]))


def _luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _card_texts(svg: str) -> list[ET.Element]:
    """The text drawn by the card itself (not the table picture nested in it)."""
    root = ET.fromstring(svg)
    picture = root.find(f"{NS}svg")
    inside = set(picture.iter()) if picture is not None else set()
    return [t for t in root.iter(f"{NS}text") if t not in inside]


@pytest.mark.parametrize("width", [250, 400])
@pytest.mark.parametrize(
    "stem", ["xw-03-lands-on-asteroid", "ar-09-ram-and-squadrons", "am-07-touching-is-not-overlapping"]
)
def test_every_word_on_the_card_is_large_enough_and_contrasted_at_thumbnail_sizes(stem: str, width: int) -> None:
    scenario, ruling = _example(stem)
    svg = render_svg(scenario, ruling, standalone=True, caption=LINK)
    background = ET.fromstring(svg).find(f"{NS}rect").get("fill")
    texts = _card_texts(svg)
    roles = {t.get("class") for t in texts}
    assert roles == {"card-verdict", "card-game", "card-link"}  # no step list, nothing else to squint at
    scale = width / 1200
    for t in texts:
        assert float(t.get("font-size")) * scale >= MIN_PX[t.get("class")] - 1e-9, (t.get("class"), t.text)
        assert _contrast(t.get("fill"), background) >= 4.5, t.get("class")
    words = " ".join(t.text for t in texts if t.get("class") == "card-verdict")
    assert words.rstrip(ELLIPSIS).split()[0] == ruling.summary.split()[0]  # the verdict in words, from its start
    assert scenario.edition in " ".join(t.text for t in texts if t.get("class") == "card-game")
    assert [t.text for t in texts if t.get("class") == "card-link"] == [LINK]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_verdict_fits_the_panel_and_is_only_ever_cut_at_a_word_with_an_ellipsis(path: Path) -> None:
    summary = evaluate(parse_scenario(json.loads(path.read_text())["scenario"])).summary
    v = fit_verdict(summary)
    assert v.size >= 64
    assert all(text_width(line, v.size) <= PANEL_W for line in v.lines)
    assert (len(v.lines) - 1) * v.size * 1.12 + v.size * 1.2 <= PANEL_BOTTOM - PANEL_TOP
    shown = " ".join(v.lines)
    if v.cut:
        assert shown.endswith(ELLIPSIS)
        kept = shown[: -len(ELLIPSIS)].rstrip(",;:")
        assert summary.startswith(kept) and summary[len(kept)] in " ,;:"  # a whole word, then the ellipsis
    else:
        assert shown == " ".join(summary.split())


def test_the_longest_summary_in_the_library_is_cut_with_an_ellipsis_and_keeps_the_floor_size() -> None:
    scenario, ruling = _example(_longest())
    v = fit_verdict(ruling.summary)
    assert len(ruling.summary) > 150 and v.cut and v.size == 64
    svg = render_svg(scenario, ruling, standalone=True, caption=LINK)
    verdict = [t.text for t in _card_texts(svg) if t.get("class") == "card-verdict"]
    assert verdict == list(v.lines) and verdict[-1].endswith(ELLIPSIS)


def test_a_word_longer_than_a_line_is_broken_with_an_ellipsis_never_silently() -> None:
    lines, cut = wrap("a " + "X" * 40 + " b", 64, 600, 5)
    assert not cut and all(text_width(line, 64) <= 600 for line in lines)
    assert lines[0].endswith(ELLIPSIS) or lines[1].endswith(ELLIPSIS)
    assert "".join(line.rstrip(ELLIPSIS) for line in lines).replace(" ", "") == "a" + "X" * 40 + "b"
    assert wrap("short verdict", 64, 600, 1) == (["short verdict"], False)


def _view(svg: str) -> tuple[float, float, float]:
    picture = ET.fromstring(svg).find(f"{NS}svg")
    assert picture is not None
    vx, vy, side, _ = (float(v) for v in picture.get("viewBox", "").split())
    return vx, vy, side


@pytest.mark.parametrize("width", [250, 400])
def test_the_verdict_area_has_text_pixels_in_the_rendered_png(width: int) -> None:
    scenario, ruling = _example("xw-03-lands-on-asteroid")
    svg = render_svg(scenario, ruling, standalone=True, caption=LINK)
    height = round(width * 630 / 1200)
    w, h, rows = _pixels(render_png(svg, width, height))
    scale = w / 1200
    panel = [
        _rgb(rows, x, y)
        for y in range(int(PANEL_TOP * scale), int(PANEL_BOTTOM * scale))
        for x in range(int((PICTURE + 26) * scale), w)
    ]
    bright = sum(1 for r, g, b in panel if r + g + b > 400)
    assert bright > 0.08 * len(panel)  # the words, drawn and light on the dark panel
    assert _rgb(rows, w - 2, int(PANEL_TOP * scale)) == BACKGROUND


def test_the_obstacle_under_a_contact_stays_visible_on_the_card() -> None:
    """The contact is outlined: inside it the card shows what lies there (the rock under the base), not a fill."""
    scenario, ruling = _example("xw-03-lands-on-asteroid")
    contacts = [f for f in ruling.figures if f.kind == "overlap"]
    assert contacts
    without = replace(ruling, figures=tuple(f for f in ruling.figures if f.kind != "overlap"))
    svg = render_svg(scenario, ruling, standalone=True, caption=LINK)
    bare = render_svg(scenario, without, standalone=True, caption=LINK)
    _, _, rows = _pixels(render_png(svg, 1200, 630))
    _, _, plain = _pixels(render_png(bare, 1200, 630))
    vx, vy, side = _view(svg)
    assert side < scenario.table[0] / 2  # zoomed to the action, not the whole table
    px = PICTURE / side
    table_h = scenario.table[1]
    inside = Polygon(contacts[0].coords).buffer(-4.0)  # clear of the outline's stroke
    minx, miny, maxx, maxy = inside.bounds
    samples = []
    for i in range(1, 10):
        for j in range(1, 10):
            x, y = minx + (maxx - minx) * i / 10, miny + (maxy - miny) * j / 10
            if inside.contains(Polygon([(x, y), (x + 0.1, y), (x, y + 0.1)])):
                samples.append((round((x - vx) * px), round((table_h - y - vy) * px)))
    samples = [(x, y) for x, y in samples if 0 <= x < PICTURE and 0 <= y < PICTURE]
    assert len(samples) >= 5

    def unchanged(x: int, y: int) -> bool:
        return max(abs(a - b) for a, b in zip(_rgb(rows, x, y), _rgb(plain, x, y), strict=True)) <= 8

    def on_a_name(x: int, y: int) -> bool:  # a piece's name drawn over the contact is words, not a fill
        for t in ET.fromstring(svg).iter(f"{NS}text"):
            if t.get("text-anchor") != "middle" or not t.text:
                continue
            tx, ty, f = (float(t.get(k, "0")) for k in ("x", "y", "font-size"))
            w = len(t.text) * f * 0.6
            x0, x1 = (tx - w / 2 - vx) * px - 2, (tx + w / 2 - vx) * px + 2
            y0, y1 = (ty - f - vy) * px - 2, (ty + 0.3 * f - vy) * px + 2
            if x0 <= x <= x1 and y0 <= y <= y1:
                return True
        return False

    samples = [(x, y) for x, y in samples if not on_a_name(x, y)]
    assert len(samples) >= 5
    same = sum(1 for x, y in samples if unchanged(x, y))
    assert same >= 0.8 * len(samples)  # the marker's small numbered disc may cover a few samples
