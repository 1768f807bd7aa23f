"""An Armada attack on the setup page: the table fits both ships, and the dice pool is set beside the attack."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client

from rules.engine import games, parse_scenario
from rules.setup_state import Setup

pytestmark = pytest.mark.django_db

ATTACK = {
    "game": "armada",
    "edition": "1.5",
    "action": "attack",
    "p-TOTAL_FORMS": "2",
    "p-INITIAL_FORMS": "0",
    "p-0-id": "vsd",
    "p-0-kind": "ship",
    "p-0-chassis": "victory-i-class-star-destroyer",
    "p-0-x": "914",
    "p-0-y": "457",
    "p-0-heading": "0",
    "p-1-id": "cr",
    "p-1-kind": "ship",
    "p-1-chassis": "cr90-corvette-a",
    "p-1-x": "914",
    "p-1-y": "680",
    "p-1-heading": "0",
    "attacker": "vsd",
    "defender": "cr",
    "arc": "front",
    "defender_zone": "rear",
}


def fit(page: str) -> tuple[float, float, float, float]:
    """The table's fit box in picture units (x, y down, width, height)."""
    m = re.search(r'data-fit="([^"]+)"', page)
    assert m is not None
    x, y, w, h = (float(v) for v in htmllib.unescape(m.group(1)).split())
    return x, y, w, h


@pytest.mark.parametrize(("defender_x", "defender_y"), [("914", "680"), ("914", "820"), ("914", "120"), ("150", "850")])
def test_the_fit_box_of_an_armada_attack_holds_the_attacker_and_the_defender(
    client: Client, defender_x: str, defender_y: str
) -> None:
    """Also out of range (the ruling stops before it measures anything): both ships are what it is about."""
    q = ATTACK | {"p-1-x": defender_x, "p-1-y": defender_y}
    setup = Setup(q)
    assert setup.scenario is not None, setup.messages
    scenario = parse_scenario(setup.document)
    game = games.get("armada")
    x, y, w, h = fit(client.get("/setup/", q).content.decode())
    height = scenario.table[1]
    for piece in scenario.pieces:
        x0, y0, x1, y1 = game.outline(piece).bounds
        assert x <= x0 and x1 <= x + w, piece.id
        assert y <= height - y1 and height - y0 <= y + h, piece.id  # picture y runs down the table


def counter_links(page: str) -> dict[str, str]:
    """The sheet's dice links by their accessible name ("One red die more"), as hrefs."""
    nav = re.search(r'<nav class="counters".*?</nav>', page, re.S)
    assert nav is not None, "the dice pool is beside the attack"
    found = re.findall(r'<a href="([^"]+)" aria-label="([^"]+)"', nav[0])
    return {name: htmllib.unescape(href) for href, name in found}


def test_the_attack_pool_is_set_in_the_sheet_with_plus_and_minus_links(client: Client) -> None:
    partial = client.get("/setup/", ATTACK, headers={"HX-Request": "true", "HX-Target": "preview"}).content.decode()
    links = counter_links(partial)  # in the partial a live preview swaps in: beside who does what
    assert partial.index('class="who-box"') < partial.index('class="counters"')
    assert set(links) == {f"One {c} die more" for c in ("red", "blue", "black")}  # none to take away yet
    page = client.get("/setup/" + links["One red die more"]).content.decode()
    links = counter_links(page)
    assert "One red die less" in links and "One blue die less" not in links
    again = client.get("/setup/" + links["One red die more"])
    blue = client.get("/setup/" + counter_links(again.content.decode())["One blue die more"])
    assert blue.status_code == 200
    setup = Setup(dict(re.findall(r"([^?&=]+)=([^&]*)", counter_links(blue.content.decode())["One red die less"])))
    assert setup.scenario is not None
    assert setup.scenario.action["dice"] == {"red": 1, "blue": 1}  # 2 red and 1 blue, then one red less
    assert "1 blue" in blue.content.decode() and "2 red" in blue.content.decode()


def test_the_pool_group_is_not_labelled_armada_twice(client: Client) -> None:
    page = client.get("/setup/", ATTACK).content.decode()
    assert "Armada: Armada" not in page and "Armada: Attack pool" in page
