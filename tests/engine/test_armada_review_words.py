"""The head judge's review (2026-11-25) of Armada words: each sentence says only what was measured or applies."""

from __future__ import annotations

import json
from pathlib import Path

from rules.engine import Ruling, evaluate, parse_scenario

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(slug: str) -> dict:
    return json.loads((LIBRARY / f"{slug}.json").read_text(encoding="utf-8"))


def ruled(slug: str) -> Ruling:
    return evaluate(parse_scenario(example(slug)["scenario"]))


def test_range_out_of_arc_is_not_measured_not_beyond_long_range() -> None:
    """ak-09: the ships are at close range, but outside the arc range is never measured (problem 1)."""
    r = ruled("ak-09-out-of-arc")
    (step,) = [s for s in r.steps if s.title.startswith("Attack range")]
    assert step.title == "Attack range: not measured (outside the arc)"
    assert "beyond" not in step.title and "Range is not measured" in step.text
    assert r.outcome["range"] is None


def test_a_ship_rammed_to_speed_0_has_no_tool_step_about_overlapping_it() -> None:
    """Problem 3: "At a reduced speed it may overlap the tool" over "no tool is placed" contradicted itself."""
    seen = 0
    for path in sorted(LIBRARY.glob("a[mr]-*.json")):
        r = evaluate(parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
        if r.outcome.get("executed_speed") != 0 or not r.outcome.get("course_speed"):
            continue  # only courses rammed (or slowed) down to speed 0
        titles = [s.title for s in r.steps]
        assert "At a reduced speed it may overlap the tool" not in titles, path.stem
        zero = [s for s in r.steps if s.title == "Speed 0: no tool is placed"]
        assert len(zero) == 1 and "armada-1.5/overlapping/tool-overlap-allowed" not in zero[0].rules, path.stem
        seen += 1
    assert seen >= 5  # am-03, am-04, am-05, am-06, am-13, ar-06, ar-07 at the review


def test_a_ship_rammed_to_a_lower_speed_above_0_may_still_overlap_the_tool() -> None:
    r = ruled("am-02-ram-speed-3-to-2")
    assert any(s.title == "At a reduced speed it may overlap the tool" for s in r.steps)


def test_a_judge_not_the_product_says_which_clicks_a_slowed_course_uses() -> None:
    """Problem 6 (am-24): "Table Ruling uses the clicks…" is not something a judge says."""
    (rift,) = [s for s in ruled("am-24-gravity-rift-slows-mine-resolves").steps if s.title.startswith("Near ")]
    assert rift.text.endswith("The clicks set for joints 1 and 2 are used; the click set for joint 3 is not.")


def test_no_armada_ruling_makes_the_product_the_actor() -> None:
    """No sentence of an Armada ruling (library examples) names the product as the one ruling."""
    for path in sorted(LIBRARY.glob("a[kmr]-*.json")):
        r = evaluate(parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
        texts = [r.summary, *r.warnings, *(t for s in r.steps for t in (s.title, s.text))]
        assert not [t for t in texts if "Table Ruling" in t], path.stem


def test_the_narration_modules_never_make_the_product_the_actor() -> None:
    """Every Armada sentence template, used by an example or not (a token's card, a tool kept at a ram)."""
    from rules.engine.armada import narrate_attack, narrate_maneuver, narrate_move, narrate_squadrons, narrate_start

    for module in (narrate_attack, narrate_maneuver, narrate_move, narrate_squadrons, narrate_start):
        words = [v for k, v in vars(module).items() if k.isupper() and isinstance(v, dict)]
        assert words or module is narrate_start
        assert not [t for table in words for t in table.values() if isinstance(t, str) and "Table Ruling" in t]


SHIP_WORDS = ("frigate", "corvette", "star destroyer", "cruiser", "carrier")


def test_a_blurb_names_ships_as_their_labels_do() -> None:
    """Problem 11 (ar-13): a blurb called a Victory II-class Star Destroyer "the frigate"."""
    for path in sorted(LIBRARY.glob("a[kmr]-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        ships = [p for p in doc["scenario"]["pieces"] if p["kind"] == "ship"]
        if not ships or not all(p.get("label") for p in ships):
            continue  # unlabelled ships are named by size in the ruling; a blurb may say what they stand for
        labels = " ".join(p["label"] for p in ships).lower()
        blurb = f"{doc['title']} {doc['description']}".lower()
        assert not [w for w in SHIP_WORDS if w in blurb and w not in labels], path.stem


def test_a_move_without_rotation_gives_only_the_end_line_reason() -> None:
    """Problem 13 (am-20): the rotation rule's "beyond distance 2 of its original position" was given for a rock
    that was not rotated; only the ruler's end line applies."""
    r = ruled("am-20-move-obstacle-too-far")
    assert r.outcome["legal"] is False
    assert [v["rule"] for v in r.outcome["violations"]] == ["armada-1.5/obstacle-movement/along-ruler"]
    texts = " ".join([r.summary, *(s.text for s in r.steps), *(v["message"] for v in r.outcome["violations"])])
    assert "original position" not in texts and "past the ruler's start" in texts


def test_a_rotated_move_beyond_the_maximum_of_its_original_position_still_says_so() -> None:
    doc = example("am-20-move-obstacle-too-far")["scenario"]
    doc["action"]["to"] = {"x": 900, "y": 580, "rotation": 90}  # 130 mm and a quarter turn: parts end too far
    r = evaluate(parse_scenario(doc))
    assert r.outcome["legal"] is False
    assert any("of its original position" in v["message"] for v in r.outcome["violations"])
    assert any("armada-1.5/obstacle-movement/rotation" in s.rules for s in r.steps)


def test_the_correction_is_registered_for_the_moves_it_changed() -> None:
    from rules.engine.changes import changes_since

    def titles(slug: str) -> list[str]:
        # v8 and before: later corrections (v10, concave outlines) cover these moves for their own reason
        return [c.title for c in changes_since(7, parse_scenario(example(slug)["scenario"])) if c.version <= 8]

    assert titles("am-20-move-obstacle-too-far") == [
        "An obstacle moved without rotating is not refused by the rotation rule"
    ]
    assert titles("am-19-move-obstacle-legal") == []
