"""The setup page's sheet says what a chosen action still needs, and what the table's marks mean (issue 22)."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

XWING = {"game": "xwing", "edition": "2.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
XWING |= {"p-0-id": "a", "p-0-kind": "ship", "p-0-chassis": "t65xwing", "p-0-size": "small"}
XWING |= {"p-0-x": "300", "p-0-y": "300", "p-0-heading": "0", "p-0-player": "1"}
XWING |= {"p-1-id": "b", "p-1-kind": "ship", "p-1-chassis": "tielnfighter", "p-1-size": "small"}
XWING |= {"p-1-x": "300", "p-1-y": "500", "p-1-heading": "180", "p-1-player": "2"}
ARMADA = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
ARMADA |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
ARMADA |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700"}
ARMADA |= {"p-1-label": "Victory", "p-1-heading": "0", "p-1-player": "1"}


def needed(client: Client, q: dict[str, str]) -> str | None:
    page = client.get("/setup/", q).content.decode()
    m = re.search(r'<p class="still-needed" data-testid="still-needed">([^<]*)</p>', page)
    return html.unescape(m.group(1)) if m else None


@pytest.mark.parametrize(
    ("q", "words"),
    [
        (ARMADA | {"action": "maneuver", "ship": "vic", "speed": "2"}, "the tool's side (left or right)"),
        (ARMADA | {"action": "maneuver", "ship": "vic"}, "the speed"),
        (
            ARMADA | {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1"},
            "where it goes",
        ),
        (XWING | {"action": "attack", "attacker": "a"}, "the target (the defender)"),
        (XWING | {"action": "maneuver", "ship": "a", "bearing": "bank"}, "the speed; the maneuver's direction"),
        (XWING | {"action": "drop", "ship": "a"}, "the device it drops"),
        (XWING | {"action": "launch", "ship": "a"}, "the device it launches"),
    ],
)
def test_the_sheet_says_what_the_chosen_action_still_needs_in_the_players_words(
    client: Client, q: dict[str, str], words: str
) -> None:
    line = needed(client, q)
    assert line is not None and line.startswith("Still needed: ") and words in line, line
    assert "action." not in line and "to_x" not in line  # no field paths or input names


def test_the_line_goes_once_the_action_is_complete(client: Client) -> None:
    assert needed(client, ARMADA | {"action": "maneuver", "ship": "vic", "speed": "2", "side": "right"}) is None
    assert needed(client, XWING | {"action": "attack", "attacker": "a", "defender": "b"}) is None
    assert needed(client, XWING) is None  # no action chosen yet: the sheet asks who does what instead


def test_the_legend_is_text_in_the_sheet_not_marks_in_the_zoomed_picture(client: Client) -> None:
    page = client.get(
        "/setup/", XWING | {"action": "maneuver", "ship": "a", "bearing": "bank", "direction": "left", "speed": "2"}
    )
    text = page.content.decode()
    key = re.search(r'<ul class="picture-key"[^>]*>(.*?)</ul>', text, re.S)
    assert key is not None and "template / tool" in key.group(1) and "final position" in key.group(1)
    assert 'class="legend"' not in text  # the picture zooms: a legend inside it was about 8 px on a phone


def test_a_drop_says_in_the_sheet_where_the_device_goes_and_offers_no_place_for_a_mine_already_there(
    client: Client,
) -> None:
    q = XWING | {"p-TOTAL_FORMS": "3", "p-2-id": "pm", "p-2-kind": "device", "p-2-type": "proximity-mine"}
    q |= {"p-2-x": "600", "p-2-y": "600", "p-2-heading": "0", "p-2-label": "Mine 1"}
    q |= {"action": "drop", "ship": "a", "device_type": "proximity-mine"}
    page = html.unescape(client.get("/setup/", q).content.decode())
    note = re.search(r'<p class="action-note" data-testid="action-note">([^<]*)</p>', page)
    assert note is not None
    assert "dropped with the 1 straight template at T-65 X-wing's rear guides" in note.group(1)
    assert "Mine 1 already on the table is another device" in note.group(1) and "any player's" in note.group(1)
    snaps = re.search(r'<nav class="snaps".*?</nav>', page, re.S)
    assert snaps is not None and "TIE/ln Fighter: partly under the Proximity Mine" in snaps.group(0)
    assert ">Mine 1:" not in snaps.group(0)
    assert 'data-testid="action-note"' not in client.get("/setup/", XWING).content.decode()


def test_a_missing_value_inside_a_list_is_named_without_its_index() -> None:
    from types import SimpleNamespace

    from rules.engine import Problem
    from rules.wording import still_needed

    setup = SimpleNamespace(
        document={"action": {"type": "place-squadrons", "placements": [{}]}},
        scenario=None,
        problems=[Problem("action.placements[0].x", "is required")],
    )
    assert still_needed(setup) == ["where the squadrons go"]  # type: ignore[arg-type]


def test_an_armada_attack_snap_that_moves_the_defender_out_first_sets_both_rows_in_one_link(client: Client) -> None:
    """Issue 22: two ships too close for an obstacle between them: the one "across the line of sight" link also
    moves the defender out to medium range."""
    q = ARMADA | {"p-TOTAL_FORMS": "3", "p-0-type": "station", "p-0-shape": "station", "p-0-label": "Station"}
    q |= {"p-1-chassis": "victory-ii-class-star-destroyer", "p-1-y": "300"}
    q |= {"p-2-id": "cr", "p-2-kind": "ship", "p-2-size": "small", "p-2-chassis": "cr90-corvette-a"}
    q |= {"p-2-x": "900", "p-2-y": "460", "p-2-heading": "0", "p-2-player": "2", "p-2-label": "CR90"}
    q |= {"action": "attack", "attacker": "vic", "defender": "cr", "arc": "front", "defender_zone": "rear"}
    page = html.unescape(client.get("/setup/", q).content.decode())
    snaps = re.search(r'<nav class="snaps".*?</nav>', page, re.S)
    assert snaps is not None
    link = re.search(r'href="([^"]*)"[^>]*>\s*Station: across the line of sight, with CR90 moved out', snaps.group(0))
    assert link is not None, snaps.group(0)
    values = parse_qs(link.group(1).lstrip("?"))
    assert values["p-0-x"] != ["900"] and values["p-2-y"] != ["460"] and float(values["p-2-y"][0]) > 460


def test_a_squadron_attack_offers_its_defender_in_range_and_the_obstacle_across_as_links(client: Client) -> None:
    """A squadron attacks at distance 1: the setup page offers the defender put there, and the obstacle across
    the line of sight (here with the defender brought into range), as links that set the rows."""
    q = ARMADA | {"p-TOTAL_FORMS": "3", "p-1-chassis": "victory-ii-class-star-destroyer", "p-1-y": "300"}
    q |= {"p-2-id": "tie", "p-2-kind": "squadron", "p-2-label": "TIE", "p-2-x": "500", "p-2-y": "700"}
    q |= {"p-2-player": "2", "action": "attack", "attacker": "tie", "defender": "vic", "defender_zone": "rear"}
    page = html.unescape(client.get("/setup/", q).content.decode())
    snaps = re.search(r'<nav class="snaps".*?</nav>', page, re.S)
    assert snaps is not None
    assert "Victory: at distance 1 of TIE, in its attack range" in snaps.group(0)
    link = re.search(
        r'href="([^"]*)"[^>]*>\s*Asteroid field: across the line of sight, with Victory moved into', snaps.group(0)
    )
    assert link is not None, snaps.group(0)
    values = parse_qs(link.group(1).lstrip("?"))
    assert values["p-1-y"] != ["300"] and values["p-0-x"] != ["900"]  # both the Victory and the rock move
