"""The setup page in the player's words: rows named as the page shows them, pieces picked by name,
ships that are what their name says, and the editions and speeds of the game and ship at hand."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def row(i: int, **values: str) -> dict[str, str]:
    return {f"p-{i}-{k}": v for k, v in values.items()}


def rows(n: int) -> dict[str, str]:
    return {"p-TOTAL_FORMS": str(n), "p-INITIAL_FORMS": "0"}


def problems(page: str) -> list[str]:
    box = re.search(r'<div class="problems".*?</ul>', page, re.S)
    return [htmllib.unescape(m) for m in re.findall(r"<li>(.*?)</li>", box.group(0), re.S)] if box else []


def select(page: str, name: str) -> list[tuple[str, str]]:
    """(value, text) of a select's options."""
    m = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert m is not None, name
    return [
        (htmllib.unescape(v), htmllib.unescape(t))
        for v, t in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)<', m.group(1))
    ]


def value(page: str, name: str) -> str | None:
    m = re.search(rf'<input type="text" name="{re.escape(name)}"[^>]*?(?: value="([^"]*)")?[^>]*>', page)
    return htmllib.unescape(m.group(1)) if m and m.group(1) is not None else None


def selected(page: str, name: str) -> str | None:
    m = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert m is not None, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', m.group(1))
    return htmllib.unescape(chosen.group(1)) if chosen else None


XWING = {"game": "xwing", "edition": "2.5", "action": "maneuver"}


def test_an_error_names_the_row_as_the_page_shows_it_and_nothing_follows_from_it(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "straight", "speed": "2", **rows(2)}
    q |= row(0, id="a", kind="ship", size="small", label="X-wing", x="three hundred", y="200", heading="0")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", x="300", y="330")
    page = client.get("/setup/", q).content.decode()
    said = problems(page)
    assert said == ["Row 1 (X-wing 'a'): x must be a number of millimetres, like 300"]
    assert "pieces[" not in page and "action.ship" not in page  # no JSON path, no follow-on "ship" error


def test_the_api_keeps_its_json_paths_without_follow_on_errors(client: Client) -> None:
    doc = {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": [{"id": "a", "kind": "ship", "size": "small", "x": "three hundred", "y": 200, "heading": 0}],
        "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 2},
    }
    r = client.post("/api/v1/rulings", doc, content_type="application/json")
    assert r.status_code == 400 and r.json()["errors"] == [{"field": "pieces[0].x", "message": "must be a number"}]
    doc["action"]["ship"] = "nobody"
    fields = [e["field"] for e in client.post("/api/v1/rulings", doc, content_type="application/json").json()["errors"]]
    assert fields == ["pieces[0].x", "action.ship"]  # a ship that does not exist at all is still a problem


def test_an_action_problem_names_its_input(client: Client) -> None:
    q = XWING | {"ship": "a", **rows(1)} | row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0")
    page = client.get("/setup/", q).content.decode()
    assert "Bearing: is missing" in problems(page)
    assert not [p for p in problems(page) if "action." in p or "[" in p]


def test_a_live_preview_clears_the_forms_errors_of_the_last_full_page(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "straight", "speed": "2", **rows(1)}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0")
    live = client.get("/setup/", q, headers={"HX-Request": "true"}).content.decode()
    assert 'hx-swap-oob="delete:#setup .error"' in live
    assert "hx-swap-oob" not in client.get("/setup/", q).content.decode()


def test_pieces_are_picked_by_name_and_a_ships_name_works(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "move-obstacle", **rows(2)}
    q |= row(0, id="isd", kind="ship", chassis="imperial-i-class-star-destroyer", x="600", y="300", heading="0")
    q |= row(1, id="rock", kind="obstacle", type="asteroid-field", x="900", y="500", heading="0")
    q |= {
        "moved": "rock",
        "max_distance": "2",
        "toward": "Imperial I-class Star Destroyer",
        "to_x": "880",
        "to_y": "480",
    }
    page = client.get("/setup/", q).content.decode()
    assert ("isd", "Imperial I-class Star Destroyer") in select(page, "toward")
    assert selected(page, "toward") == "isd"  # the name typed in a link means that ship
    assert select(page, "moved")[1:] == [("rock", "rock")]  # only obstacles and tokens may be moved
    assert not [p for p in problems(page) if "toward" in p.lower()]


def test_changing_an_xwing_ships_name_changes_its_size_label_and_dial(client: Client) -> None:
    q = XWING | {"ship": "ship-1", **rows(1)}
    q |= row(0, id="ship-1", kind="ship", chassis="t65xwing", size="small", label="T-65 X-wing", x="300", y="200")
    page = client.get("/setup/", q | row(0, chassis="modifiedyt1300lightfreighter")).content.decode()
    assert selected(page, "p-0-size") == "large" and value(page, "p-0-label") == "Modified YT-1300 Light Freighter"
    dial = re.search(r'<nav class="dial".*?</nav>', page, re.S)
    assert dial is not None and "1 bank left" in dial.group(0) and "dial-white" in dial.group(0)
    assert not problems(page) or all("size" not in p for p in problems(page))
    own = client.get("/setup/", q | row(0, chassis="modifiedyt1300lightfreighter", label="Millennium Falcon")).content
    assert value(own.decode(), "p-0-label") == "Millennium Falcon"  # a name the user gave stays


def test_the_chosen_dial_maneuver_is_marked(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "bank", "direction": "left", "speed": "1", **rows(1)}
    q |= row(0, id="a", kind="ship", chassis="t65xwing", x="300", y="200", heading="0")
    dial = re.search(r'<nav class="dial".*?</nav>', client.get("/setup/", q).content.decode(), re.S)
    assert dial is not None
    current = re.findall(r'aria-current="true">([^<]+)<', dial.group(0))
    assert current == ["1 bank left"]


ARMADA = {"game": "armada", "edition": "1.5", "action": "maneuver"}


def test_changing_an_armada_ships_name_changes_its_size_label_and_speed_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", "speed": "2", "clicks": "0, 1", "side": "left", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", size="medium", x="600", y="300")
    q |= row(0, yaw_limits="1: 1; 2: 0 1", label="Victory II-class Star Destroyer", heading="0")
    page = client.get("/setup/", q | row(0, chassis="imperial-i-class-star-destroyer")).content.decode()
    assert selected(page, "p-0-size") == "large"
    assert value(page, "p-0-label") == "Imperial I-class Star Destroyer"
    assert value(page, "p-0-yaw_limits") == "1: 1; 2: 1 1; 3: 0 1 1"
    speeds = re.findall(r'class="dial-[a-z ]+"[^>]*>Speed (\d)<', page)
    assert speeds == ["0", "1", "2", "3"]  # the new ship's chart: speed 3 is on it now


def test_armada_speed_and_clicks_are_picked_from_the_ships_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", "speed": "2", "side": "left", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", x="600", y="300", heading="0")
    page = client.get("/setup/", q).content.decode()
    links = {
        htmllib.unescape(label): {k: v[0] for k, v in parse_qs(urlparse(htmllib.unescape(href)).query).items()}
        for href, label in re.findall(r'<a class="dial-[a-z ]+" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    }
    assert [k for k in links if k.startswith("Speed")] == ["Speed 0", "Speed 1", "Speed 2"]
    # speed 2 on a Victory II: joint 1 allows no yaw, joint 2 one click either way
    assert [k for k in links if k.startswith("Joint")] == [
        "Joint 1: straight",
        "Joint 2: 1 left",
        "Joint 2: straight",
        "Joint 2: 1 right",
    ]
    assert links["Joint 2: 1 right"]["clicks"] == "0, 1" and links["Speed 1"]["clicks"] == "0"
    assert 'data-testid="verdict"' in page  # no clicks typed: the joints go straight until one is picked
    took = client.get("/setup/", q | {"clicks": links["Joint 2: 1 right"]["clicks"]}).content.decode()
    assert re.search(r'aria-current="true">Joint 2: 1 right<', took)


def test_the_edition_menu_follows_the_game(client: Client) -> None:
    page = client.get("/setup/", ARMADA | {"edition": "2.5", **rows(0)}).content.decode()
    assert select(page, "edition") == [("1.5", "Armada 1.5")]
    assert ("5", "5") not in select(page, "speed")  # an Armada ship's speeds are 0 to 4
    css = client.get("/setup/fields.css").content.decode()
    assert re.search(r'#id_game_1:checked\) select\[name="edition"\] option\[value="2.5"\]', css)
