"""A device dropped under a ship: the question is about an enemy, so the setup page offers, as plain links
(no script needed), to make the ship near the dropping one its enemy; the ruling's words stay the same."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SHIP = {"kind": "ship", "size": "small", "heading": "0"}
DROP = {"game": "xwing", "edition": "2.5", "action": "drop", "ship": "a", "device_type": "proximity-mine"}


def rows(*pieces: dict[str, str]) -> dict[str, str]:
    out = {"p-TOTAL_FORMS": str(len(pieces)), "p-INITIAL_FORMS": "0"}
    for i, p in enumerate(pieces):
        out |= {f"p-{i}-{k}": v for k, v in p.items()}
    return out


BOMBER = SHIP | {"id": "a", "x": "400", "y": "400", "label": "TIE bomber"}
XWING = SHIP | {"id": "b", "x": "400", "y": "300", "label": "X-wing"}


def sides(page: str) -> dict[str, str]:
    """The "whose ships" links: label -> address."""
    nav = re.search(r'<nav class="sides".*?</nav>', page, re.S)
    if nav is None:
        return {}
    return {htmllib.unescape(t): htmllib.unescape(h) for h, t in re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav[0])}


def verdict(page: str) -> str:
    found = re.search(r'data-testid="verdict">([^<]*)<', page)
    assert found is not None
    return htmllib.unescape(found[1])


def selected_player(page: str, row: int) -> str:
    menu = re.search(rf'<select name="p-{row}-player".*?</select>', page, re.S)
    assert menu is not None
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', menu[0])
    return chosen[1] if chosen else ""


def test_a_tap_makes_the_ship_under_the_mine_an_enemy_and_the_ruling_reads_the_same(client: Client) -> None:
    before = client.get("/setup/", DROP | rows(BOMBER, XWING)).content.decode()
    offers = sides(before)
    label = "Make X-wing an enemy: player 2 (TIE bomber: player 1)"
    assert list(offers) == [label]
    after = client.get("/setup/" + offers[label])
    page = after.content.decode()
    assert after.status_code == 200
    assert (selected_player(page, 0), selected_player(page, 1)) == ("1", "2")
    assert sides(page) == {}  # an enemy already: nothing more to offer
    assert verdict(page) == verdict(before) == "The Proximity Mine is dropped under X-wing and detonates at once."


def test_only_for_a_placed_device_and_never_for_a_known_enemy(client: Client) -> None:
    moving = DROP | {"action": "maneuver"}
    assert sides(client.get("/setup/", moving | rows(BOMBER, XWING)).content.decode()) == {}
    friends = client.get("/setup/", DROP | rows(BOMBER | {"player": "1"}, XWING | {"player": "1"})).content.decode()
    assert list(sides(friends)) == ["Make X-wing an enemy: player 2"]
    enemies = client.get("/setup/", DROP | rows(BOMBER | {"player": "1"}, XWING | {"player": "2"})).content.decode()
    assert sides(enemies) == {}
