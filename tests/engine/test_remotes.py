"""Remotes as pieces (RRG Remotes; the Buzz Droid Swarm and DRK-1 cards): no bump, card reactions, devices."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.errors import ScenarioError
from rules.engine.xwing.shapes import SHAPES
from tests.engine.helpers import move, rule, scenario, ship

BUZZ_D = 18.8  # guide line to centre, reference §4.3
SMALL_HALF = 20.0


def remote(rid: str, x: float, y: float, heading: float = 180, player: int = 2, type: str = "buzz-droid-swarm") -> dict:
    return {"id": rid, "kind": "remote", "type": type, "x": x, "y": y, "heading": heading, "player": player}


def rock(rid: str, x: float, y: float) -> dict:
    return {"id": rid, "kind": "obstacle", "type": "asteroid", "shape": "asteroid-1", "x": x, "y": y, "rotation": 0}


def test_remote_tokens_are_the_measured_outlines() -> None:
    """Sizes from the Vassal masks (reference §4.3: 32.2 × 41.4 and 50.3 × 47.8 mm, guides included)."""
    buzz, drk = SHAPES["buzz-droid-swarm"], SHAPES["drk-1-probe-droid"]
    assert (buzz.width, buzz.height) == pytest.approx((32.2, 41.4), abs=0.1)
    assert (drk.width, drk.height) == pytest.approx((50.3, 47.8), abs=0.1)
    assert (buzz.guide_offset, drk.guide_offset) == (18.8, 21.9)
    assert not buzz.estimated and not drk.estimated


def test_a_remote_never_bumps_and_the_swarm_relocates_to_either_guides() -> None:
    r = rule([ship("a", 300, 300), remote("bz", 300, 455)], move("a", "straight", 3))
    out = r.outcome
    assert out["executed"] == "full" and out["bumped"] == []
    assert out["overlapping"] == ["bz"] and "bz" in out["at_range_0"]
    (entry,) = out["remotes"]
    assert entry["effect"] == "relocate" and entry["enemy"] is True
    front, rear = entry["relocation"]["front"], entry["relocation"]["rear"]
    # the ship ends at y = 460 facing 0: guide line on the base edge, centre d beyond it
    assert front["to"] == {"x": 300, "y": 460 + SMALL_HALF + BUZZ_D, "heading": 0}
    assert rear["to"] == {"x": 300, "y": 460 - SMALL_HALF - BUZZ_D, "heading": 180}
    assert front["legal"] and rear["legal"] and entry["both_suffer_hit"] is False
    assert "relocates to Small ship's front or rear guides" in r.summary
    assert any(s.derived and "xwing-2.5/remote/buzz-droid-swarm" in s.rules for s in r.steps)


def test_the_swarm_cannot_be_placed_over_an_object_and_both_suffer_a_hit() -> None:
    blockers = [rock("ahead", 300, 505), ship("behind", 300, 395, player=1)]
    r = rule([ship("a", 300, 300, player=1), remote("bz", 300, 380), *blockers], move("a", "straight", 3))
    # the straight ends at y = 460: the rock sits on the front spot, the ship on the rear one
    a = rule([ship("a", 300, 300, player=1), remote("bz", 300, 380), rock("ahead", 300, 505)], move("a", "straight", 3))
    assert a.outcome["remotes"][0]["relocation"]["front"]["blocked_by"] == ["ahead"]
    assert a.outcome["remotes"][0]["relocation"]["rear"]["legal"]
    entry = r.outcome["remotes"][0]
    assert r.outcome["executed"] == "full"  # the ship behind is clear of the final base (440–480)
    assert entry["relocation"]["rear"]["blocked_by"] == ["behind"]
    assert entry["both_suffer_hit"] is True
    assert "Buzz droid swarm and Small ship A each suffer 1 hit damage" in r.summary


def test_a_friendly_swarm_does_nothing() -> None:
    r = rule([ship("a", 300, 300), remote("bz", 300, 400, player=1)], move("a", "straight", 3))
    assert r.outcome["moved_through"] == ["bz"]
    assert r.outcome["remotes"][0]["effect"] is None


def test_the_probe_droid_reacts_to_an_overlap_not_a_move_through() -> None:
    drk = "drk-1-probe-droid"
    over = rule([ship("a", 300, 300), remote("p", 300, 470, type=drk)], move("a", "straight", 3)).outcome
    (entry,) = over["remotes"]
    assert entry["effect"] == "roll"
    assert [b["probability"] for b in entry["branches"]] == [0.25, 0.75]  # 2 focus faces of 8
    through = rule([ship("a", 300, 300), remote("p", 300, 390, type=drk)], move("a", "straight", 3)).outcome
    assert through["moved_through"] == ["p"] and through["remotes"][0]["effect"] is None


def test_bombs_reach_remotes_at_range_0_to_1_and_the_electro_proton_bomb_no_further() -> None:
    bomb = {"id": "pb", "kind": "device", "type": "proton-bomb", "x": 300, "y": 300, "heading": 0, "player": 1}
    r = rule([ship("s", 600, 600), bomb, remote("near", 300, 380), remote("far", 300, 480)], {"type": "detonate"})
    det = r.outcome["detonations"][0]
    assert det["affected_remotes"] == ["near"]
    epb = {**bomb, "type": "electro-proton-bomb"}
    r = rule([ship("s", 300, 460), epb, remote("r2", 460, 300)], {"type": "detonate"})
    det = r.outcome["detonations"][0]
    assert det["affected"] == ["s"]  # a ship at range 2 is reached ...
    assert det["affected_remotes"] == []  # ... a remote at range 2 is not


def test_relocating_a_remote_blaze_hurts_other_obstacles_do_not_off_table_flees() -> None:
    blaze = {"id": "bl", "kind": "obstacle", "type": "blaze", "shape": "blaze", "x": 500, "y": 500, "rotation": 0}
    pieces = [ship("a", 300, 300), remote("bz", 300, 400), blaze, rock("rock", 500, 640)]
    r = rule(pieces, {"type": "relocate-device", "device": "bz", "to": {"x": 500, "y": 534, "heading": 0}})
    assert [e["source"] for e in r.outcome["effects"]] == ["bl"]
    assert r.outcome["fled"] is False
    assert not any("500" in s.text for s in r.steps)  # where it lands: the outcome and the picture say it
    r = rule(pieces, {"type": "relocate-device", "device": "bz", "to": {"x": 500, "y": 605, "heading": 0}})
    assert r.outcome["effects"] == [] and "rock" in r.outcome["at_range_0"]
    r = rule(pieces, {"type": "relocate-device", "device": "bz", "to": {"x": 10, "y": 500, "heading": 0}})
    assert r.outcome["fled"] is True


def test_remote_fields_are_checked() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", 300, 300), {**remote("bz", 300, 400), "fuses": 1}], move("a", "straight", 1))
    assert any(p.field == "pieces[1].fuses" for p in e.value.problems)
    with pytest.raises(ScenarioError) as e:
        scenario([ship("a", 300, 300), {**remote("bz", 300, 400), "type": "sensor-buoy"}], move("a", "straight", 1))
    assert any(p.field == "pieces[1].type" for p in e.value.problems)


def test_a_boost_through_an_enemy_swarm_counts_too() -> None:
    """The card reacts to any move through or onto it, not only a maneuver."""
    r = rule(
        [ship("a", 300, 300), remote("bz", 300, 342, heading=0)], {"type": "boost", "ship": "a", "bearing": "straight"}
    )
    assert r.outcome["executed"] == "full"
    assert (
        r.outcome["remotes"][0]["effect"] == "relocate"
        and "bz" in r.outcome["moved_through"] + r.outcome["overlapping"]
    )
    assert "relocates to Small ship's" in r.summary


def test_the_swarm_is_named_once() -> None:
    """Not "Buzz Droid Swarm Buzz Droid Swarm: relocate to X-wing's rear guides" (xw-41)."""
    path = Path(__file__).resolve().parents[2] / "rules" / "examples" / "xw-41-buzz-droid-swarm-relocates.json"
    r = evaluate(parse_scenario(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
    assert "Buzz Droid Swarm: relocate to X-wing's rear guides" in [s.title for s in r.steps]
    for label in ("bz", "Buzz Droid Swarm 2", "Swarm"):  # however it is labelled, the type is said once
        r = rule([ship("a", 300, 300), {**remote("bz", 300, 455), "label": label}], move("a", "straight", 3))
        (title,) = [s.title for s in r.steps if "relocate to" in s.title]
        assert title.lower().count("buzz droid swarm") == 1, title
