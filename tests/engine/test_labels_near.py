"""Every label of a library example's picture stands next to what it names (issue 22: a label that stepped
aside to avoid an overlap landed up to twenty label heights from its piece, in the setup table and the
ruling pictures alike)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from shapely import LineString, Polygon, box, union_all
from shapely.geometry.base import BaseGeometry

from rules.engine import evaluate, games
from rules.engine.label_spots import NEAR, spot
from rules.engine.svg import EM, PHONE_PICTURE_PX, render_svg
from rules.library import examples

NS = "{http://www.w3.org/2000/svg}"
EDGES = ("Player 1's edge", "Player 2's edge")

PICTURES = {
    "page": {"legend": False, "shown_px": PHONE_PICTURE_PX},  # a permalink's picture, at every step
    "setup": {"editable": True, "zoom": False},  # the setup page's table
    "thumb": {},  # the library's thumbnail
}


def _named(scenario, ruling) -> dict[str, list[BaseGeometry]]:  # noqa: ANN001 - a Scenario and its Ruling
    """What each label may name: a piece (by its label), a final position, a contact (with what it lies on)."""
    game = games.get(scenario.game)
    pieces = [game.draw(p).outline for p in scenario.pieces]
    named: dict[str, list[BaseGeometry]] = {}
    for p, outline in zip(scenario.pieces, pieces, strict=True):
        named.setdefault(p.label, []).append(outline)
    for f in ruling.figures:
        if f.label and f.kind in ("base", "overlap") and len(f.coords) >= 3:
            shape = Polygon(f.coords).buffer(0)
            on = [o for o in pieces if o.intersects(shape)] if f.kind == "overlap" else []
            named.setdefault(f.label, []).append(union_all([shape, *on]))
            for p in scenario.pieces:  # the setup table names a final base by the rest ("at speed 2")
                if f.kind == "base" and f.label.startswith(f"{p.label} "):
                    named.setdefault(f.label.removeprefix(f"{p.label} "), []).append(shape)
        elif f.label and f.kind == "device" and len(f.coords) >= 3:  # a dropped or launched device
            named.setdefault(f.label, []).append(Polygon(f.coords).buffer(0))
        elif f.label and f.kind == "bar":  # a ruler's cross-bar, named as its band ("distance 2")
            named.setdefault(f.label, []).append(LineString(f.coords))
    return named


def _labels(svg: str, table_h: float) -> list[tuple[str, Polygon, float]]:
    """Each centred label's text, its box (table mm, y up) and its height."""
    out = []
    for t in ET.fromstring(svg).iter(f"{NS}text"):
        if t.get("text-anchor") != "middle" or not t.text or t.text in EDGES:
            continue
        x, y, f = float(t.get("x", "0")), float(t.get("y", "0")), float(t.get("font-size", "0"))
        w, base = len(t.text) * f * EM, table_h - y
        out.append((t.text, box(x - w / 2, base - f * 0.25, x + w / 2, base + f * 0.95), f * 1.2))
    return out


@pytest.mark.parametrize("picture", list(PICTURES))
def test_every_label_of_the_library_stands_within_a_label_height_of_what_it_names(picture: str) -> None:
    far: list[tuple[str, str, float]] = []
    checked = 0
    for ex in examples():
        sc = ex.scenario
        ruling = evaluate(sc)
        named = _named(sc, ruling)
        steps = [None, *range(1, len(ruling.steps) + 1)] if picture == "page" else [None]
        for step in steps:
            svg = render_svg(sc, ruling, step=step, **PICTURES[picture])
            for text, b, height in _labels(svg, sc.table[1]):
                assert text in named, (ex.slug, text)  # every label names something the test knows
                d = min(b.distance(shape) for shape in named[text])
                checked += 1
                if d > NEAR * height + 0.01:
                    far.append((ex.slug, text, round(d / height, 2)))
    assert checked > 300
    assert far == []


def test_a_label_with_no_free_spot_near_its_piece_overlaps_a_little_rather_than_float_away() -> None:
    piece = box(0, 0, 40, 40)
    first = (0.0, 20.0, 60.0, 32.0)  # 60 mm wide, 12 mm high, on the piece
    # every spot within a label height of the piece is taken but for a sliver of overlap
    taken = [(-200.0, -200.0, 200.0, 200.0)]
    b = spot(first, piece, taken=taken, marks=[])
    assert box(*b).distance(piece) <= NEAR * 12 + 1e-6
    # with a free spot just beside the piece, that is taken rather than one further away
    taken = [(-100.0, 10.0, 100.0, 40.0), (-100.0, -100.0, 100.0, -1.0)]
    b = spot(first, piece, taken=taken, marks=[])
    assert b[1] >= 40.0 and box(*b).distance(piece) <= NEAR * 12 + 1e-6
    assert all(box(*b).intersection(box(*t)).area == 0 for t in taken)
