"""Trial 2, Armada obstacle moved toward a ship at distance 1–2: a spot legal by 0.1 mm was called plainly
"legal" (the site says its figures are good to ±0.5 mm); "It moves 76.2 mm" beside "its farthest part ends
75.1 mm past the ruler's start" did not say which the rule measures; the picture's cross-bars were unnamed,
the red blocked area had no legend entry, and a static page's legend said "(tap one)"."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.ruling import Ruling
from rules.engine.svg import legend_rows, render_svg

PIECES = [
    {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 900, "y": 450},
    {"id": "vic", "kind": "ship", "size": "medium", "x": 900, "y": 700, "heading": 0, "player": 1, "label": "Victory"},
]
DOC = {"format": 1, "game": "armada", "edition": "1.5", "pieces": PIECES}
MOVE = {"type": "move-obstacle", "obstacle": "rock", "max_distance": 2, "min_distance": 1, "toward": "vic"}
CLOSE = "legal, but by less than half a millimetre"


def legal_line() -> tuple[float, float, float]:
    """The ruler's centre line where the move is legal: x, and the y of its near (distance 1) and far ends."""
    ruling = evaluate(parse_scenario(DOC | {"action": MOVE | {"to": {"x": 900, "y": 450}}}))
    (x, y0), (_, y1) = next(f.coords for f in ruling.figures if f.id.startswith("region-line"))
    return x, min(y0, y1), max(y0, y1)


def moved_to(y: float) -> Ruling:
    x, _, _ = legal_line()
    return evaluate(parse_scenario(DOC | {"action": MOVE | {"to": {"x": x, "y": y}}}))


@pytest.mark.parametrize(
    ("end", "words"), [(0, "past the end line of distance 1"), (1, "short of the end line of distance 2")]
)
def test_a_move_legal_by_less_than_half_a_millimetre_says_so_in_the_verdict_and_the_step(end: int, words: str) -> None:
    _, near, far = legal_line()
    ruling = moved_to(near + 0.15 if end == 0 else far - 0.15)
    assert ruling.outcome["legal"]
    assert CLOSE in ruling.summary and "judge measures" in ruling.summary
    verdict = ruling.steps[-1]
    assert CLOSE in verdict.title and words in verdict.text and verdict.derived  # our reading, marked so
    step = next(s for s in ruling.steps if s.title.startswith("It moves"))
    assert words in step.text and "judge measures" in step.text and step.derived
    assert ruling.warnings


def test_a_move_well_inside_the_band_is_plainly_legal() -> None:
    _, near, far = legal_line()
    ruling = moved_to((near + far) / 2)
    assert ruling.summary.endswith(": legal.") and ruling.steps[-1].title == "The move is legal"
    assert not any(CLOSE in s.text or CLOSE in s.title for s in ruling.steps) and not ruling.warnings


def test_the_move_step_says_the_rule_measures_along_the_ruler_and_why_the_two_figures_differ() -> None:
    _, near, far = legal_line()
    step = next(s for s in moved_to((near + far) / 2).steps if s.title.startswith("It moves"))
    shift = float(re.search(r"It moves ([\d.]+) mm", step.title).group(1))  # type: ignore[union-attr]
    found = re.search(r"([\d.]+) mm along the ruler and ([\d.]+) mm across it", step.text)
    assert found is not None, step.text
    along, across = float(found.group(1)), float(found.group(2))
    assert across > 1 and abs(math.hypot(along, across) - shift) < 0.15  # the centre's travel, split in two
    lead = float(re.search(r"farthest part ends ([\d.]+) mm past", step.text).group(1))  # type: ignore[union-attr]
    assert abs(lead - along) < 0.15 and "only the part of the move along the ruler counts" in step.text


def test_the_picture_names_the_cross_bars_as_the_bands_and_keys_the_blocked_area_without_tap_one() -> None:
    closer = [PIECES[0], {**PIECES[1], "y": 600}]  # near enough that it rules out part of the ruler
    ruling = evaluate(parse_scenario(DOC | {"pieces": closer, "action": MOVE | {"to": {"x": 900, "y": 450}}}))
    x, y = next(f.coords for f in ruling.figures if f.id.startswith("region-line"))[0]
    sc = parse_scenario(DOC | {"pieces": closer, "action": MOVE | {"to": {"x": x, "y": y}}})
    ruling = evaluate(sc)
    assert ruling.outcome["legal"] and any(f.kind == "blocked" for f in ruling.figures)
    svg = ET.fromstring(render_svg(sc, ruling))
    ns = "{http://www.w3.org/2000/svg}"
    for bar, name in (("t-min-line", "distance 1"), ("t-end-line", "distance 2")):
        group = next(g for g in svg.iter(f"{ns}g") if g.get("id") == bar)
        assert [t.text for t in group.iter(f"{ns}text")] == [name]
    rows = dict(legend_rows(sc, ruling))
    assert rows.get("legal places along the ruler") == "legal-line"
    assert any(kind == "blocked" for kind in rows.values())
    assert not any("tap one" in text for text in rows)  # a static ruling page: nothing to tap
    assert any("tap one" in text for text, _ in legend_rows(sc, ruling, tapped=True))  # the setup page
    drawn = next(g for g in svg.iter(f"{ns}g") if g.get("class") == "legend")
    assert not any("tap one" in (t.text or "") for t in drawn.iter(f"{ns}text"))
