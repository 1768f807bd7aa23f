"""Issue 25: an Armada attack's dice pool and rolled faces are picked in the setup form, never typed."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.engine.armada.form import FORM
from rules.setup_state import Setup, form_query, initial_from_scenario

pytestmark = pytest.mark.django_db

ROWS = [
    {"id": "vsd", "kind": "ship", "size": "medium", "x": "400", "y": "300", "heading": "0", "player": "1"},
    {"id": "neb", "kind": "ship", "size": "small", "x": "400", "y": "500", "heading": "180", "player": "2"},
    {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": "400", "y": "420"},
]
ATTACK = {"game": "armada", "edition": "1.5", "action": "attack", "attacker": "vsd", "defender": "neb"}
ATTACK |= {"arc": "front", "defender_zone": "front"}


def test_the_pool_and_the_faces_are_menus_declared_by_the_game() -> None:
    fields = {f.name: f for f in FORM.fields}
    for colour in ("red", "blue", "black"):
        assert fields[f"pool_{colour}"].kind == "choice" and "3" in fields[f"pool_{colour}"].choices
    assert fields["rolled_red_hit_hit"].label == "red double hit" and fields["rolled_black_hit_crit"].kind == "choice"
    assert set(FORM.fields_for["attack"]) >= {"pool_red", "pool_blue", "pool_black", "rolled_blue_crit"}


def test_the_form_carries_the_dice_into_the_scenario_and_back() -> None:
    form = ATTACK | {"pool_red": "2", "pool_blue": "1", "pool_black": "0", "rolled_red_hit": "1"}
    form |= {"rolled_red_hit_hit": "1", "rolled_blue_crit": "1"}
    s = Setup(form_query(form, ROWS))
    assert s.problems == [] and s.scenario is not None
    action = s.scenario.action
    assert action["dice"] == {"red": 2, "blue": 1, "black": 0}
    assert sorted(action["dice_results"]["red"]) == ["hit", "hit-hit"] and list(action["dice_results"]["blue"]) == [
        "crit"
    ]
    back, _ = initial_from_scenario(s.scenario)
    assert "doc" not in back  # the fields hold the dice: not the JSON document
    assert (back["pool_red"], back["pool_blue"], back["rolled_red_hit_hit"], back["rolled_blue_crit"]) == (
        "2",
        "1",
        "1",
        "1",
    )


def test_the_scenario_json_and_the_ruling_say_which_die_colours_the_obstructed_attacker_removes(
    client: Client,
) -> None:
    form = ATTACK | {"pool_red": "2", "pool_blue": "1", "pool_black": "3"}
    r = client.post("/explain/", form_query(form, ROWS))
    assert r.status_code == 303, r.content.decode()[:2000]
    sid = r["Location"].strip("/").split("/")[-1]
    body = json.loads(client.get(f"/api/v1/rulings/{sid}").content)
    assert body["scenario"]["action"]["dice"] == {"red": 2, "blue": 1, "black": 3}
    assert sorted(body["outcome"]["dice"]["remove_one_of"]) == ["black", "blue", "red"]
    page = client.get(r["Location"]).content.decode()
    # close range: every colour suits it; obstructed by the asteroid: one die of the attacker's choice goes
    assert "Obstructed: remove one black, blue or red die (the attacker chooses)" in page
    preview = client.get("/setup/", form_query(form, ROWS)).content.decode()
    assert "the attacker removes one black, blue or red die" in preview  # in the setup page's steps so far too


def test_too_many_faces_for_the_pool_is_said_next_to_the_dice(client: Client) -> None:
    form = ATTACK | {"pool_blue": "1", "rolled_blue_hit": "2"}
    r = client.post("/explain/", form_query(form, ROWS))  # the submission: a 400 with the reason
    assert r.status_code == 400 and "lists 2 blue dice but the pool has 1" in r.content.decode()
    r = client.get("/setup/", form_query(form, ROWS))  # the address of that state reloads, the problem beside it
    assert r.status_code == 200 and "lists 2 blue dice but the pool has 1" in r.content.decode()
