"""What a first-time player saw on a phone, in their words: no form field names, ids or blank rows."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.web.test_player_words import problems

pytestmark = pytest.mark.django_db

ARMADA_MOVE = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
ARMADA_MOVE |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
ARMADA_MOVE |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700"}
ARMADA_MOVE |= {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1"}


def test_a_move_without_its_destination_says_where_it_goes_not_the_inputs_names(client: Client) -> None:
    said = problems(client.get("/setup/", ARMADA_MOVE).content.decode())
    assert said == ["Where it goes: tap a spot on the table, or pick a place"]


def test_all_pieces_counts_the_pieces_not_the_blank_rows(client: Client) -> None:
    assert "All pieces (0)" in client.get("/setup/").content.decode()
    one = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "3", "p-INITIAL_FORMS": "0"}
    one |= {"p-0-id": "a", "p-0-kind": "ship", "p-0-chassis": "t65xwing", "p-0-size": "small", "p-0-x": "300"}
    one |= {"p-0-y": "300", "p-0-heading": "0"}
    page = client.get("/setup/", one).content.decode()
    assert page.count('name="p-2-id"') == 1  # three rows on the page, two of them blank
    assert "All pieces (1)" in page
