"""Scenario format 1: every problem reported at once, normalisation, canonical bytes, ids."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import ScenarioError, parse_scenario

BASE = {
    "format": 1,
    "game": "xwing",
    "edition": "2.5",
    "pieces": [
        {"id": "falcon", "kind": "ship", "size": "large", "x": 300, "y": 200, "heading": 0, "player": 1},
        {
            "id": "rock",
            "kind": "obstacle",
            "type": "asteroid",
            "outline": [[280, 330], [320, 330], [320, 350], [280, 350]],
        },
    ],
    "action": {"type": "maneuver", "ship": "falcon", "bearing": "straight", "speed": 2},
}


def doc(**changes: object) -> dict:
    d = copy.deepcopy(BASE)
    d.update(changes)
    return d


def problems(d: object) -> dict[str, str]:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(d)
    return {p.field: p.message for p in e.value.problems}


def test_the_spec_example_parses_and_fills_defaults() -> None:
    s = parse_scenario(BASE)
    d = s.to_dict()
    assert d["table"] == {"width": 914.4, "height": 914.4}
    assert d["pieces"][0]["state"] == {"stressed": False, "placed_device": False, "decloaked": False}
    assert s.edition == "2.5" and s.game == "xwing"


def test_every_problem_is_reported_at_once() -> None:
    bad = doc()
    bad["pieces"][0]["x"] = "left"
    bad["pieces"][0]["size"] = "tiny"
    bad["pieces"][1]["outline"] = [[0, 0], [10, 10]]
    bad["action"]["speed"] = 9
    found = problems(bad)
    assert found["pieces[0].x"] == "must be a number"
    assert "pieces[0].size" in found
    assert "pieces[1].outline" in found
    assert "action.speed" in found


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.update(format=2), "format"),
        (lambda d: d.update(edition="3.0"), "edition"),
        (lambda d: d["pieces"].append(dict(d["pieces"][0])), "pieces[2].id"),
        (lambda d: d["pieces"][0].update(id="Falcon!"), "pieces[0].id"),
        (lambda d: d["pieces"][0].update(label="x" * 41), "pieces[0].label"),
        (lambda d: d["pieces"][0].update(x=5000), "pieces[0].x"),
        (lambda d: d["pieces"][0].update(headng=3), "pieces[0].headng"),
        pytest.param(
            lambda d: d["pieces"][1].update(outline=[[0, 0], [10, 10], [10, 0], [0, 10]]),
            "pieces[1].outline",
            id="self-crossing-outline",
        ),
        pytest.param(lambda d: d["pieces"][1].update(outline=[[0, 0]] * 201), "pieces[1].outline", id="201-points"),
        (lambda d: d["action"].update(ship="rock"), "action.ship"),
        (lambda d: d["action"].update(bearing="bank"), "action.direction"),
        (lambda d: d.update(dice={"falcon": ["hit"]}), "dice.falcon"),
        (lambda d: d.update(dice={"rock": ["six"]}), "dice.rock"),
        (lambda d: d.update(pieces=[d["pieces"][0]] * 61), "pieces"),
        (lambda d: d.update(game="chess"), "game"),
    ],
)
def test_bad_documents_name_the_field(mutate, field: str) -> None:  # type: ignore[no-untyped-def]
    d = doc()
    mutate(d)
    assert field in problems(d)


@pytest.mark.parametrize("value", [None, [], "scenario", 3])
def test_non_objects_are_rejected(value: object) -> None:
    assert "" in problems(value)


def test_an_xwing_document_called_armada_is_read_as_armada() -> None:
    found = problems(doc(game="armada", edition="1.5"))
    assert "game" not in found
    assert "pieces[1].type" in found  # "asteroid" is an X-Wing obstacle
    assert "action.clicks" in found  # an Armada maneuver has clicks, not a bearing


def test_same_scenario_same_id() -> None:
    a = parse_scenario(BASE)
    b = parse_scenario(json.loads(json.dumps(BASE)))
    c = doc()
    c["pieces"][0]["heading"] = 360  # normalised to 0
    c["table"] = {"width": 914.4, "height": 914.4}  # the default, made explicit
    c["pieces"][0]["state"] = {"stressed": False}
    assert a.short_id() == b.short_id() == parse_scenario(c).short_id()
    assert len(a.short_id()) == 10 and a.short_id().isalnum()


def test_different_scenarios_different_ids() -> None:
    c = doc()
    c["pieces"][0]["x"] = 300.01
    assert parse_scenario(BASE).short_id() != parse_scenario(c).short_id()


def test_golden_id_pins_the_canonical_format() -> None:
    """If this changes, stored permalinks would change meaning: never update it casually."""
    s = parse_scenario(BASE)
    assert s.canonical().startswith(b'{"action":{"bearing":"straight","ship":"falcon","speed":2,"type":"maneuver"}')
    assert s.short_id() == GOLDEN_ID


GOLDEN_ID = "kfrofzusax"


def test_rounding_to_hundredths() -> None:
    c = doc()
    c["pieces"][0]["x"] = 300.004
    assert parse_scenario(c).to_dict()["pieces"][0]["x"] == 300


coord = st.floats(min_value=-900, max_value=1800, allow_nan=False, allow_infinity=False)


@settings(max_examples=60, deadline=None)
@given(
    x=coord,
    y=coord,
    h=st.floats(min_value=-720, max_value=720, allow_nan=False),
    size=st.sampled_from(["small", "medium", "large"]),
)
def test_canonical_round_trip(x: float, y: float, h: float, size: str) -> None:
    c = doc()
    c["pieces"][0].update(x=x, y=y, heading=h, size=size)
    s = parse_scenario(c)
    again = parse_scenario(s.to_dict())
    assert again.canonical() == s.canonical()
    assert again.short_id() == s.short_id()
    assert 0 <= s.to_dict()["pieces"][0]["heading"] < 360


def test_a_device_takes_heading_or_rotation() -> None:
    def with_device(**pose: float) -> dict:
        d = doc()
        d["pieces"].append({"id": "pb", "kind": "device", "type": "proton-bomb", "x": 500, "y": 500, **pose})
        return d

    assert parse_scenario(with_device(heading=30)).short_id() == parse_scenario(with_device(rotation=30)).short_id()
    assert "pieces[2].rotation" in problems(with_device(heading=30, rotation=30))


def test_an_edition_given_as_a_huge_integer_is_a_400_not_a_crash() -> None:
    assert "edition" in problems(doc(edition=10**400))
