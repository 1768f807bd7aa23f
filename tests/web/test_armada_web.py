"""Armada through the web: API, permalink, pictures, catalogue, setup form, and no 500 for any input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

RAM = {
    "format": 1,
    "game": "armada",
    "edition": "1.5",
    "pieces": [
        {"id": "cr90", "kind": "ship", "size": "small", "x": 400, "y": 300, "heading": 0, "player": 1},
        {"id": "vsd", "kind": "ship", "size": "large", "x": 410, "y": 500, "heading": 90, "player": 2},
        {"id": "tie", "kind": "squadron", "x": 600, "y": 440, "player": 2},
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 420, "y": 380},
        {"id": "obj", "kind": "token", "type": "objective", "x": 800, "y": 400},
    ],
    "action": {"type": "maneuver", "ship": "cr90", "speed": 3, "clicks": [0, 0, 1], "side": "right"},
}


def post(client: Client, body: object) -> Any:
    return client.post("/api/v1/rulings", data=json.dumps(body).encode(), content_type="application/json")


def test_api_rules_an_armada_ram_and_the_permalink_and_pictures_render(client: Client) -> None:
    r = post(client, RAM)
    assert r.status_code == 200
    body = r.json()
    o = body["outcome"]
    assert o["executed_speed"] < 3 and o["overlapped_ships"] == ["vsd"] and "cr90" in o["damaged_ships"]
    assert {"final", "displaced_squadrons", "overlapping", "effects", "tool", "destroyed"} <= set(o)
    sid = body["id"]
    page = client.get(f"/s/{sid}/")
    html = page.content.decode()
    assert page.status_code == 200 and "armada-1.5/overlapping/ship-onto-ship" in html
    assert "Armada 1.5 table 1828.8 by 914.4 mm" in html
    assert "Armada 1.5 ·" in html and "Figures marked ≈ are estimates" in html and "≈ 46.13 mm" in html
    svg = client.get(f"/s/{sid}.svg")
    assert svg.status_code == 200 and b"<svg" in svg.content
    png = client.get(f"/s/{sid}.png")
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    step = client.get(f"/s/{sid}/", {"step": 2})
    assert step.status_code == 200


def test_catalog_lists_both_games_with_estimates_marked(client: Client) -> None:
    cat = client.get("/api/v1/catalog").json()
    assert "shapes" in cat and set(cat["games"]) == {"xwing", "armada"}
    armada = cat["games"]["armada"]
    assert armada["bases"]["large"]["width"] == 77.5
    assert armada["maneuver_tool"]["joint"]["estimated"] is True
    assert armada["shapes"]["station"]["source"].startswith("measured outline")
    assert armada["shapes"]["other"]["estimated"] is True


def test_rules_pages_list_armada_clauses(client: Client) -> None:
    assert "Armada 1.5" in client.get("/rules/").content.decode()
    r = client.get("/rules/armada-1.5/overlapping/ship-onto-ship")
    assert r.status_code == 200 and "speed" in r.content.decode()


def form_query(extra: dict[str, str]) -> QueryDict:
    q = QueryDict(mutable=True)
    base = {
        "game": "armada",
        "edition": "1.5",
        "action": "maneuver",
        "ship": "a",
        "speed": "2",
        "clicks": "0, 1",
        "side": "right",
        "p-TOTAL_FORMS": "2",
        "p-INITIAL_FORMS": "0",
        "p-0-id": "a",
        "p-0-kind": "ship",
        "p-0-size": "medium",
        "p-0-x": "500",
        "p-0-y": "300",
        "p-0-heading": "0",
        "p-0-yaw_limits": "1: 2; 2: 1 1",
        "p-1-id": "b",
        "p-1-kind": "ship",
        "p-1-size": "small",
        "p-1-x": "520",
        "p-1-y": "440",
        "p-1-heading": "90",
    }
    q.update(base | extra)
    return q


def test_the_setup_form_builds_an_armada_ram(client: Client) -> None:
    r = client.get("/setup/", form_query({}))
    html = r.content.decode()
    assert r.status_code == 200 and 'data-testid="verdict"' in html and "dial 2" in html


def test_the_setup_form_puts_armada_problems_next_to_their_fields(client: Client) -> None:
    r = client.post("/explain/", form_query({"clicks": "0, 2"}))  # beyond the speed chart's "I"
    assert r.status_code == 400
    assert "speed chart allows at most 1 click" in r.content.decode()
    page = client.get("/setup/", form_query({"clicks": "0, 2"}))  # its address: a state being built, said the same
    assert page.status_code == 200 and "speed chart allows at most 1 click" in page.content.decode()


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d["action"].update(clicks=[0, 0]), "action.clicks"),
        (lambda d: d["action"].update(clicks=[0, 0, 5]), "action.clicks[2]"),
        (lambda d: d["action"].update(speed=7), "action.speed"),
        (lambda d: d["pieces"][2].update(kind="wing"), "pieces[2].kind"),
        (lambda d: d["pieces"][3].update(shape="station"), "pieces[3].shape"),
        (lambda d: d["pieces"][4].update(type="bomb"), "pieces[4].type"),
        (
            lambda d: d.update(
                action={"type": "place-squadrons", "ship": "cr90", "placements": {"nope": {"x": 1, "y": 1}}}
            ),
            "action.placements.nope",
        ),
        (
            lambda d: d.update(
                action={"type": "move-token", "token": "obj", "to": {"x": 1, "y": 1}, "max_distance": 9}
            ),
            "action.max_distance",
        ),
    ],
)
def test_malformed_armada_fields_are_400s_naming_them(client: Client, mutate: Any, field: str) -> None:
    d = json.loads(json.dumps(RAM))
    mutate(d)
    r = post(client, d)
    assert r.status_code == 400 and field in {e["field"] for e in r.json()["errors"]}


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
KEYS = [
    "ship",
    "speed",
    "clicks",
    "side",
    "placements",
    "squadron",
    "to",
    "obstacle",
    "token",
    "max_distance",
    "min_distance",
    "toward",
    "type",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.dictionaries(st.sampled_from(KEYS), JSONISH, max_size=6),
    st.sampled_from(["maneuver", "place-squadrons", "move-squadron", "move-obstacle", "move-token"]),
)
def test_fuzzed_armada_actions_never_500(client: Client, action: dict[str, Any], atype: str) -> None:
    d = json.loads(json.dumps(RAM))
    d["action"] = {"type": atype, **{k: v for k, v in action.items() if k != "type"}}
    assert post(client, d).status_code in (200, 400)


def test_a_ship_chosen_by_name_fills_size_flotilla_and_speed_chart(client: Client) -> None:
    from rules.setup_state import Setup

    q = form_query({"p-0-size": "", "p-0-yaw_limits": "", "p-0-chassis": "gr-75-medium-transports"})
    setup = Setup(q)
    assert setup.problems == [] and setup.scenario is not None
    gr75 = setup.scenario.piece("a")
    assert gr75.size == "small" and gr75.get("flotilla") is True and gr75.label == "GR-75 Medium Transports"
    assert list(gr75.get("yaw_limits")["2"]) == [1, 2]
    cat = client.get("/api/v1/catalog").json()["games"]["armada"]
    assert cat["ships"]["gr-75-medium-transports"]["flotilla"] is True
    assert "MIT" in cat["sources"]["ships"]["licence_full"]


def test_a_retired_example_that_started_overlapping_keeps_its_link_and_says_it_was_corrected(client: Client) -> None:
    """am-13's old version (ships overlapping before the ram) still renders, warns, and points at /changes/."""
    from rules.library import examples, retired
    from rules.models import StoredScenario

    old = next(e for e in retired() if e.slug == "am-13-ram-saves")
    new = next(e for e in examples() if e.slug == "am-13-ram-saves")
    assert old.id != new.id
    for ex in (old, new):
        doc = ex.scenario.canonical().decode()
        StoredScenario.objects.create(id=ex.id, digest=ex.scenario.digest(), document=doc, format=1, engine_version=2)
    page = client.get(f"/s/{old.id}/").content.decode()
    assert "Small ship A and Small ship B start overlapping; check the situation" in page
    assert "Corrected since this link was made" in page and "/changes/#v3-armada" in page
    assert "Corrected since" not in client.get(f"/s/{new.id}/").content.decode()
    assert 'id="v3-armada"' in client.get("/changes/").content.decode()


INTERNAL = ("seed", "seeds/", ".txt", "reference/", "§")


def _visible(html: str) -> str:
    import re

    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("slug", ["ar-15-squadron-speed-3-onto-station", "ar-14-place-squadrons-violations"])
def test_armada_squadron_pages_use_no_internal_words(client: Client, slug: str) -> None:
    """No file names, section signs or "seed" in what a reader sees (the ≈ notes included)."""
    from rules.library import examples

    ex = next(e for e in examples() if e.slug == slug)
    r = post(client, json.loads(ex.scenario.canonical()))
    text = _visible(client.get(f"/s/{r.json()['id']}/").content.decode()).lower()
    assert "≈" in text
    assert [w for w in INTERNAL if w in text] == []


@pytest.mark.parametrize("cid", ["armada-1.5/overlapping/move-through", "armada-1.5/squadron-movement/engaged"])
def test_a_clause_page_says_where_its_text_comes_from_in_words(client: Client, cid: str) -> None:
    text = _visible(client.get(f"/rules/{cid}").content.decode()).lower()
    assert [w for w in INTERNAL if w in text] == []
    assert "from a community transcription" in text or "official text" in text


ATTACK = {
    "format": 1,
    "game": "armada",
    "edition": "1.5",
    "pieces": [
        {"id": "vsd", "kind": "ship", "size": "medium", "x": 400, "y": 300, "heading": 0, "player": 1},
        {"id": "neb", "kind": "ship", "size": "small", "x": 400, "y": 500, "heading": 180, "player": 2},
        {"id": "x", "kind": "squadron", "x": 600, "y": 300, "player": 1},
        {"id": "rock", "kind": "obstacle", "type": "asteroid-field", "shape": "asteroid-field-1", "x": 400, "y": 420},
    ],
    "action": {
        "type": "attack",
        "attacker": "vsd",
        "attacker_zone": "front",
        "defender": "neb",
        "defender_zone": "front",
    },
}


def test_api_rules_an_armada_attack_and_its_page_cites_and_draws_it(client: Client) -> None:
    r = post(client, ATTACK)
    assert r.status_code == 200
    o = r.json()["outcome"]
    assert o["can_attack"] and o["range"] == "close" and o["obstructed_by"] == ["rock"] and o["dice_removed"] == 1
    page = client.get(f"/s/{r.json()['id']}/").content.decode()
    assert "armada-1.5/line-of-sight/obstructed" in page and "ship tokens (hull zones" in page
    svg = client.get(f"/s/{r.json()['id']}.svg").content.decode()
    drawn = set(re.findall(r'<g id="[a-z0-9]+-([a-z0-9-]+)" class="figure', svg))
    assert {"sight", "arc-line-1", "arc-line-2", "range", "crossed-rock"} <= drawn


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"attacker_zone": "rear-left"}, "action.attacker_zone"),  # a medium ship has four zones
        ({"attacker": "x"}, "action.attacker_zone"),  # a squadron has no hull zone
        ({"defender": "x"}, "action.defender"),  # friendly
        ({"defender": "vsd"}, "action.defender"),  # itself
        ({"defender_zone": None}, "action.defender_zone"),
        ({"dice": {"red": -1}}, "action.dice.red"),
        ({"dice": {"red": 1}, "dice_results": {"red": ["hit", "hit"]}}, "action.dice_results.red"),
        ({"not_obstructing": ["vsd"]}, "action.not_obstructing"),
    ],
)
def test_bad_armada_attacks_are_400s_naming_the_field(client: Client, change: dict[str, Any], field: str) -> None:
    d = json.loads(json.dumps(ATTACK))
    d["action"].update(change)
    d["action"] = {k: v for k, v in d["action"].items() if v is not None}
    r = post(client, d)
    assert r.status_code == 400 and field in {e["field"] for e in r.json()["errors"]}


ATTACK_KEYS = ["attacker", "defender", "attacker_zone", "defender_zone", "dice", "dice_results", "not_obstructing"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.dictionaries(
        st.sampled_from(ATTACK_KEYS),
        JSONISH | st.sampled_from(["vsd", "neb", "x", "rock", "front", "left", "rear-left"]),
        max_size=7,
    )
)
def test_fuzzed_armada_attacks_never_500(client: Client, action: dict[str, Any]) -> None:
    d = json.loads(json.dumps(ATTACK))
    d["action"] = {"type": "attack", **action}
    assert post(client, d).status_code in (200, 400)


def test_the_catalogue_lists_the_ship_tokens_with_their_sources(client: Client) -> None:
    tokens = client.get("/api/v1/catalog").json()["games"]["armada"]["ship_tokens"]
    assert tokens["medium"]["token_mm"] == [58.5, 101.5] and tokens["medium"]["estimated"]
    assert (
        tokens["source"]["repository"] == "tantive4/AlphArmada"
        and tokens["medium"]["repository"] == "tantive4/AlphArmada"
    )
    # the large and huge arc lines: the Tabletop Simulator mod's rulers, the token sizes still estimates
    for size in ("large", "huge"):
        assert tokens[size]["repository"] == "Valadian/TabletopSimulatorIncludeDir" and tokens[size]["estimated"]
        assert "ruler" in tokens[size]["source"] and "estimate" in tokens[size]["source"]
