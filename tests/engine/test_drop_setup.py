"""Issue 22: a drop on the setup page. A proximity mine placed on the table before choosing "drop" is another
piece: the device dropped is placed by its template at the ship's rear guides. The page says so in advance,
and offers no place for the mine already there (moving it answered "dropped under no ship")."""

from __future__ import annotations

import pytest

from rules.engine import evaluate
from rules.engine.geometry import overlaps
from rules.engine.xwing.devices import CARDS, place_device, template_spec
from rules.engine.xwing.menus import action_notes
from rules.engine.xwing.pieces import outline
from rules.engine.xwing.snaps import snap_menu
from tests.engine.helpers import scenario, ship

PIECES = [
    ship("t", 457, 547, label="TIE/ln Fighter"),
    ship("x", 457, 300, player=2, label="T-65 X-wing"),
    {"id": "pm", "kind": "device", "type": "proximity-mine", "x": 600, "y": 600, "heading": 0, "label": "Mine 1"},
]
DROP = {"type": "drop", "ship": "t", "device": {"id": "m", "type": "proximity-mine"}}


def test_a_drop_offers_no_place_for_a_device_already_on_the_table_but_one_for_the_other_ship() -> None:
    got = {label: v for label, _, v in snap_menu(scenario(PIECES, DROP), DROP)}
    assert not [label for label in got if label.startswith("Mine 1")], list(got)
    assert "T-65 X-wing: partly under the Proximity Mine" in got
    moved = scenario(
        [
            PIECES[0],
            {**PIECES[1], **{k: got["T-65 X-wing: partly under the Proximity Mine"][k] for k in "xy"}},
            PIECES[2],
        ],
        DROP,
    )
    assert "under T-65 X-wing" in evaluate(moved).summary  # that place answers about the device dropped
    still = scenario(PIECES, {"type": "maneuver", "ship": "t", "bearing": "straight", "speed": 1})
    maneuver = {"type": "maneuver", "ship": "t", "bearing": "straight", "speed": 1}
    assert any(label.startswith("Mine 1") for label, _, _ in snap_menu(still, maneuver))  # other actions: offered


def test_the_sheet_says_where_the_dropped_device_goes_and_which_ship_it_affects() -> None:
    notes = " ".join(action_notes(PIECES, DROP))
    assert "The Proximity Mine is dropped with the 1 straight template at TIE/ln Fighter's rear guides" in notes
    assert "The Mine 1 already on the table is another device: no places are offered for it." in notes
    assert "whichever ship it lands on, any player's" in notes
    assert "pm" not in notes.split() and "proximity-mine" not in notes  # names, never ids
    launch = {"type": "launch", "ship": "t", "device": {"id": "m", "type": "proton-bomb"}}
    said = " ".join(action_notes(PIECES, launch))
    assert "front guides" in said and "Mine 1" not in said and "detonates under" not in said  # a bomb, not a mine
    assert action_notes(PIECES, {"type": "maneuver", "ship": "t"}) == []


@pytest.mark.parametrize("heading", [0, 45, 180, 290])
@pytest.mark.parametrize(("kind", "where"), [("drop", (457, 600)), ("drop", (600, 457)), ("launch", (300, 300))])
def test_a_ship_snapped_partly_under_the_device_comes_from_its_far_side_clear_of_template_and_dropper(
    heading: float, kind: str, where: tuple[float, float]
) -> None:
    """Trial 2: "partly under the Proximity Mine" put the TIE on the drop template, touching the dropping ship's
    rear. On a table the ship is under the device from beyond it: clear of the template and of the dropper."""
    pieces = [ship("x", 457, 457, heading=heading, label="X"), ship("t", *where, player=2, label="T")]
    action = {"type": kind, "ship": "x", "device": {"id": "m", "type": "proximity-mine"}}
    if kind == "launch":
        action["device"] = {"id": "m", "type": "proton-bomb"}
    got = {label: v for label, _, v in snap_menu(scenario(pieces, action), action)}
    name = "Proximity Mine" if kind == "drop" else "Proton Bomb"
    v = got[f"T: partly under the {name}"]
    moved = scenario([pieces[0], {**pieces[1], "x": v["x"], "y": v["y"]}], action)
    template, tokens = place_device(
        moved.piece("x"),
        "m",
        action["device"]["type"],
        template_spec(None, CARDS[action["device"]["type"]]),
        drop=kind == "drop",
    )
    device, tie, dropper = tokens[0].polygon, outline(moved.piece("t")), outline(moved.piece("x"))
    assert overlaps(tie, device) and not tie.contains(device.centroid)
    assert not overlaps(tie, template) and not overlaps(tie, dropper)
    assert tie.centroid.distance(dropper.centroid) > device.centroid.distance(dropper.centroid)  # beyond the device
    assert "under T" in evaluate(moved).summary
