"""Issue 22 (items 2 and 6), the second phone trial: the rows and fields fold under one tap below the sheet,
speak the player's words, the game is chosen in one place, and an error is not called "missing"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ONE_SHIP = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
ONE_SHIP |= {"p-0-id": "t-65-x-wing-1", "p-0-kind": "ship", "p-0-chassis": "t65xwing", "p-0-size": "small"}
ONE_SHIP |= {"p-0-x": "300", "p-0-y": "300", "p-0-heading": "0", "p-0-stressed": "on"}
ONE_SHIP |= {"p-1-id": "debris-1-1", "p-1-kind": "obstacle", "p-1-type": "debris-cloud", "p-1-x": "300"}
ONE_SHIP |= {"p-1-y": "400", "pick": "1"}


def _folded(page: str) -> str:
    """The folded "All pieces and fields" part of the page (it must exist)."""
    found = re.search(r'<details class="all-fields" id="all-fields"( open)?>(.*?)</form>', page, re.S)
    assert found is not None, "the rows are not folded under one tap"
    return found.group(0)


def test_the_rows_fold_under_one_tap_closed_while_a_situation_is_built(client: Client) -> None:
    page = client.get("/setup/", ONE_SHIP).content.decode()
    folded = _folded(page)
    assert not folded.startswith('<details class="all-fields" id="all-fields" open')
    assert 'name="p-0-x"' in folded and 'name="ship"' in folded  # every field is still in the (folded) form
    before = page[: page.index('<details class="all-fields"')]
    assert 'name="p-0-' not in before  # no row above the fold
    assert 'href="#pieces"' in before  # "All pieces" in the sheet opens it (a fragment opens its details)


def test_a_refused_value_opens_the_fields_beside_it(client: Client) -> None:
    q = {k: v for k, v in ONE_SHIP.items() if k != "pick"} | {"p-0-x": "far"}
    page = client.get("/setup/", q).content.decode()
    assert _folded(page).startswith('<details class="all-fields" id="all-fields" open')


def test_the_rows_say_what_a_player_reads_not_internal_values(client: Client) -> None:
    folded = _folded(client.get("/setup/", ONE_SHIP).content.decode())
    shown = re.sub(r"<[^>]+>", " ", folded)  # the words on screen, not the values sent
    assert "Debris cloud" in shown and "debris-cloud" not in shown
    assert re.search(r'value="debris-cloud"[^>]*>Debris cloud<', folded)  # the value sent stays
    assert "short name used in links" in shown and re.search(r"<span>id</span>", folded) is None
    assert "x (mm)" not in shown and "facing / rotation" not in shown and "to x" not in shown
    assert "position across the table" in shown and "position up the table" in shown
    assert "+y" not in shown and "<var>" not in folded  # the help says it in words too


def test_the_game_is_chosen_in_one_place_the_current_one_marked(client: Client) -> None:
    first = client.get("/setup/").content.decode()
    current = re.findall(r'<a href="[^"]*" aria-current="true">([^<]+)</a>', first)
    assert "X-Wing 2.5" in current  # the default edition, marked on a first open
    assert '<fieldset class="game">' not in first and "<legend>Game</legend>" not in first
    assert re.search(r'<div class="game-inputs" hidden>.*?name="game"', first, re.S)  # sent along, not shown
    placed = client.get("/setup/", ONE_SHIP).content.decode()
    games = re.search(r'<nav class="games".*?</nav>', placed, re.S)
    assert games is not None  # still in view once a piece is placed: the edition always shows
    assert re.search(r'aria-current="true">X-Wing 2.5<', games.group(0)) and "X-Wing 2.0" in games.group(0)
    assert "Armada" not in games.group(0)  # an X-Wing table is not switched to Armada


def test_a_friendly_defender_is_not_called_missing_and_the_defender_stays_named(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "attack", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
    ships = (("vsd", "medium", "300", "Victory"), ("cr", "small", "480", "Corvette"))
    for i, (pid, size, y, label) in enumerate(ships):
        q |= {f"p-{i}-id": pid, f"p-{i}-kind": "ship", f"p-{i}-size": size, f"p-{i}-x": "400", f"p-{i}-y": y}
        q |= {f"p-{i}-heading": "0", f"p-{i}-player": "1", f"p-{i}-label": label}
    q |= {"attacker": "vsd", "defender": "cr", "arc": "front", "defender_zone": "rear"}
    page = client.get("/setup/", q).content.decode()
    heading = re.search(r"<summary>Cannot be ruled as set up \(1\)</summary><ul>\s*<li>([^<]*friendly[^<]*)</li>", page)
    assert heading is not None, "a friendly defender is listed as something that cannot be ruled"
    assert "Still missing" not in page
    who = re.search(r'<details class="who-box"[^>]*><summary><strong>([^<]+)</strong>', page)
    assert who is not None and "Victory attacks Corvette" in who.group(1)
