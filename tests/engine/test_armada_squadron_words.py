"""Armada squadron actions: the words are a layer of their own (``narrate_squadrons``), checked template by template.

Every template is rendered against facts: each library example of ``place-squadrons`` and
``move-squadron`` (ids renamed so a leak shows) and synthetic facts for each branch.  No placeholder
is left unfilled, no id or coordinate reaches a headline, every step cites an existing clause, and
every template is used by some branch.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.armada import dimensions as dim
from rules.engine.armada import narrate_squadrons as words
from rules.engine.armada.squadrons import Broken, MoveFacts, ObstacleEnd, PlaceFacts
from rules.engine.clauses import get_clause
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Scenario

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
ACTIONS = ("place-squadrons", "move-squadron")
COORDINATE = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)")
R = "armada-1.5/"


def _library() -> list[Path]:
    out = []
    for p in sorted(LIBRARY.glob("*.json")):
        doc = json.loads(p.read_text())
        if doc["scenario"]["game"] == "armada" and doc["scenario"]["action"]["type"] in ACTIONS:
            out.append(p)
    return out


def _renamed(doc: dict[str, Any]) -> dict[str, Any]:
    """Ids become ``zq<n>`` (found nowhere in prose unless an id leaks), labels become words."""
    names = ["Red One", "Red Two", "Gold Leader", "Black Squadron", "Home One", "Devastator", "Rock", "Wreck"]
    new = {p["id"]: f"zq{i}" for i, p in enumerate(doc["pieces"])}
    out = json.loads(json.dumps(doc))
    for i, p in enumerate(out["pieces"]):
        p["id"] = new[p["id"]]
        p["label"] = names[i] if i < len(names) else f"Piece {i}"
    a = out["action"]
    for key in ("ship", "squadron"):
        if key in a:
            a[key] = new[a[key]]
    if "placements" in a:
        a["placements"] = {new[k]: v for k, v in a["placements"].items()}
    return out


def _prose(r: Ruling) -> Iterator[tuple[str, str]]:
    """(where, text) of every sentence a person reads."""
    yield "summary", r.summary
    for s in r.steps:
        yield "title", s.title
        yield "text", s.text
    for w in r.warnings:
        yield "warning", w
    for v in r.outcome.get("violations", []):
        yield "violation", v["message"]
    for e in r.outcome.get("effects", []):
        yield "effect", e["text"]
    for f in r.figures:
        yield "figure", f.label


def _check(r: Ruling) -> None:
    for where, text in _prose(r):
        assert "{" not in text and "}" not in text, (where, text)
        assert "zq" not in text, (where, text)  # no id
        if where in ("summary", "title", "warning"):
            assert not COORDINATE.search(text), (where, text)
    for s in r.steps:
        assert s.rules and all(get_clause(c) for c in s.rules), s.title


@pytest.mark.parametrize("path", _library(), ids=lambda p: p.stem)
def test_library_examples_render_without_ids_or_holes(path: Path) -> None:
    doc = _renamed(json.loads(path.read_text())["scenario"])
    _check(evaluate(parse_scenario(doc)))


def _table() -> Scenario:
    """Pieces for synthetic facts: labels only in the words, ids ``zq…``."""
    pieces = [
        {"id": "zqship", "kind": "ship", "size": "small", "x": 300, "y": 300, "heading": 0, "label": "Home One"},
        {"id": "zqa", "kind": "squadron", "x": 600, "y": 300, "player": 1, "label": "Red One"},
        {"id": "zqb", "kind": "squadron", "x": 700, "y": 300, "player": 2, "label": "Black Two"},
        {"id": "zqc", "kind": "squadron", "x": 800, "y": 300, "player": 2, "label": "Black Three"},
        {
            "id": "zqrock",
            "kind": "obstacle",
            "type": "station",
            "shape": "station",
            "x": 900,
            "y": 600,
            "label": "the station",
        },
        {
            "id": "zqdust",
            "kind": "obstacle",
            "type": "dust-field",
            "shape": "dust-field-1",
            "x": 1200,
            "y": 600,
            "label": "the dust",
        },
    ]
    action = {"type": "move-squadron", "squadron": "zqa", "speed": 2, "to": {"x": 600, "y": 350}}
    return parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})


def _figures(*ids: str) -> tuple[Figure, ...]:
    return tuple(Figure(i, "line", ((0.0, 0.0), (1.0, 1.0))) for i in ids)


PLACE_BRANCHES = [
    PlaceFacts("zqship", (), (), (), False, 0.0, (), (), ()),
    PlaceFacts(
        "zqship",
        ("zqa", "zqb", "zqc"),
        ("zqa", "zqb"),
        ("zqa",),
        True,
        12.5,
        (("zqb", "zqrock"),),
        (
            Broken(R + "overlapping/ship-onto-squadrons", "missing", ("zqc",), {"squadrons": ("zqc",)}),
            Broken(
                R + "overlapping/squadron-placement",
                "overlaps",
                ("zqa",),
                {"squadron": ("zqa",), "pieces": ("zqb", "zqship")},
            ),
            Broken(R + "overlapping/ship-onto-squadrons", "off-table", ("zqa",), {"squadron": ("zqa",)}),
            Broken(
                R + "overlapping/squadrons-as-many-touching",
                "could-touch",
                ("zqb",),
                {"squadrons": ("zqb",), "ship": ("zqship",)},
            ),
            Broken(
                R + "overlapping/squadrons-as-many-touching",
                "touches-nothing",
                ("zqb",),
                {"squadron": ("zqb",), "ship": ("zqship",)},
            ),
        ),
        _figures("ring-0", "placed-zqa", "placed-zqb"),
    ),
]


def _move(**kw: Any) -> MoveFacts:
    base: dict[str, Any] = {
        "squadron": "zqa",
        "speed": 2,
        "reach_mm": dim.band_end(2),
        "moved_mm": 50.0,
        "band": 1,
        "near_the_line": False,
        "engaged_by": (),
        "obstructed": (),
        "overlapped": (),
        "off_table": False,
        "obstacles": (),
        "broken": (),
        "reachable_area_mm2": 100.0,
        "figures": _figures("reach", "ruler", "final"),
    }
    return MoveFacts(**(base | kw))


MOVE_BRANCHES = [
    _move(),
    _move(moved_mm=0.0, band=0, figures=_figures("reach", "final")),
    _move(moved_mm=400.0, band=None),
    _move(moved_mm=dim.band_end(2) - 0.1, band=2, near_the_line=True),
    _move(
        engaged_by=("zqb", "zqc"),
        obstructed=(("zqc", "zqship"),),
        overlapped=("zqship", "zqb"),
        off_table=True,
        obstacles=(
            ObstacleEnd("zqrock", "station", R + "obstacles/station", "may recover 1 hull point"),
            ObstacleEnd("zqdust", "dust-field", R + "obstacles/dust-field", None),
        ),
        broken=(
            Broken(
                R + "squadron-movement/engaged",
                "engaged",
                ("zqa", "zqb"),
                {"squadron": ("zqa",), "enemies": ("zqb", "zqc")},
            ),
            Broken(
                R + "squadron-movement/ruler",
                "too-far",
                ("zqa",),
                {"squadron": ("zqa",)},
                {"moved": 130.0, "speed": 2, "reach": dim.band_end(2)},
            ),
            Broken(
                R + "squadron-movement/no-overlap",
                "overlaps",
                ("zqa", "zqb"),
                {"squadron": ("zqa",), "pieces": ("zqb",)},
            ),
            Broken(R + "play-area/destroyed", "off-table", ("zqa",), {"squadron": ("zqa",)}),
        ),
    ),
]


def test_every_template_is_rendered_by_some_branch_and_fills_every_field(monkeypatch: pytest.MonkeyPatch) -> None:
    used: set[str] = set()
    real = words._say

    def watch(template: str, **fields: Any) -> str:
        used.add(template)
        out = real(template, **fields)  # a missing field is a KeyError here
        assert "{" not in out and "}" not in out
        return out

    monkeypatch.setattr(words, "_say", watch)
    table = _table()
    for facts in PLACE_BRANCHES:
        _check(words.narrate_place(table, facts))
    for move in MOVE_BRANCHES:
        _check(words.narrate_move(table, move))
    unused = {k for k, v in words.all_templates().items() if v not in used}
    assert unused == set()


def test_names_read_as_a_list() -> None:
    r = words.narrate_move(_table(), MOVE_BRANCHES[-1])
    engaged = next(s for s in r.steps if s.title == "Red One is engaged")
    assert engaged.text.startswith("Black Two and Black Three are at distance 1 of Red One")


def test_engagement_says_at_distance_1_and_that_nothing_obstructs() -> None:
    """Engaged *at* distance 1 (part of a base is enough), and ships obstruct too, not only obstacles."""
    r = words.narrate_move(_table(), MOVE_BRANCHES[-1])
    text = " ".join(s.text for s in r.steps)
    assert "nothing obstructs" in text and "no obstacle obstructs" not in text
    assert "at, not within" in text
    summary = get_clause(R + "squadron-movement/engaged")
    assert summary is not None and "within distance 1" not in summary.summary
    assert "at distance 1" in summary.summary and "ship" in summary.summary


def test_a_squadron_on_the_station_may_recover_a_hull_point() -> None:
    r = words.narrate_move(_table(), MOVE_BRANCHES[-1])
    assert {
        "source": "zqrock",
        "rule": R + "obstacles/station",
        "text": "Red One may recover 1 hull point.",
    } in r.outcome["effects"]
    clause = get_clause(R + "obstacles/station")
    assert clause is not None and "may recover one hull point" in clause.summary


def test_a_move_beyond_distance_5_does_not_say_it_stays() -> None:
    r = words.narrate_move(_table(), MOVE_BRANCHES[2])
    assert "stays where it is" not in r.steps[0].text and "beyond distance 5" in r.steps[0].text


def test_the_picture_names_placed_squadrons_by_label() -> None:
    r = words.narrate_place(_table(), PLACE_BRANCHES[1])
    assert {f.label for f in r.figures} == {"room to touch the ship", "Red One placed", "Black Two placed"}


def _two(dx: float) -> Ruling:
    """Two enemy squadrons ``dx`` mm apart, edge to edge, nothing between."""
    r = dim.SQUADRON_DIAMETER.value
    pieces = [
        {"id": "x", "kind": "squadron", "x": 300, "y": 300, "player": 1},
        {"id": "y", "kind": "squadron", "x": 300 + r + dx, "y": 300, "player": 2},
    ]
    action = {"type": "move-squadron", "squadron": "x", "speed": 1, "to": {"x": 300, "y": 250}}
    return evaluate(
        parse_scenario({"format": 1, "game": "armada", "edition": "1.5", "pieces": pieces, "action": action})
    )


def test_engaged_at_distance_1_includes_its_end_line_and_not_beyond() -> None:
    """At distance 1: the closest points at most the band's end apart (a line belongs to the lower band)."""
    end = dim.DISTANCE_BANDS[0]
    assert _two(end - 0.01).outcome["engaged_by"] == ["y"]
    assert _two(end).outcome["engaged_by"] == ["y"]
    assert _two(end + 0.05).outcome["engaged_by"] == []


def test_the_station_wording_is_listed_as_a_correction_for_squadrons_ending_on_a_station() -> None:
    from rules.engine.changes import changes_since
    from rules.library import examples

    by_slug = {e.slug: e for e in examples()}
    on_station = changes_since(3, by_slug["ar-15-squadron-speed-3-onto-station"].scenario)
    assert [c.anchor for c in on_station] == ["v4-armada"]
    assert changes_since(3, by_slug["am-17-squadron-move"].scenario) == ()
