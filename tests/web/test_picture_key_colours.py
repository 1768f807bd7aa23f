"""A picture's key shows each mark in the colour the picture draws it (the second phone trial: a Learn picture
drew the Purrgil where it stands blue and the position shown grey, while its key said "start" dark dashed and
"final position" light blue)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from rules.engine.svg import COLOURS
from rules.library import examples

pytestmark = pytest.mark.django_db

CSS = (Path(__file__).resolve().parents[2] / "static" / "rules" / "app.css").read_text()


def _swatch_rgb(kind: str) -> tuple[int, int, int]:
    found = re.findall(rf"\.key-{kind} \{{[^}}]*background: rgba\((\d+), (\d+), (\d+),", CSS)
    assert found, f"no swatch colour for {kind}"
    r, g, b = found[-1]
    return int(r), int(g), int(b)


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_a_learn_pictures_key_matches_what_it_draws(client: Client) -> None:
    page = client.get("/learn/armada-obstacles/85652115/").content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S)
    assert svg is not None
    shown = re.search(r'class="figure base"[^>]*>.*?<polygon[^>]*fill="(#[0-9a-f]{6})"', svg.group(0), re.S)
    assert shown is not None, "the exercise proposes no position"
    key = re.search(r'<ul class="picture-key".*?</ul>', page, re.S)
    assert key is not None
    rows = re.findall(r'key-mark key-([a-z0-9-]+)"></span>([^<]+)</li>', key.group(0))
    kinds = dict(rows)
    assert "ghost-start" not in kinds, "nothing is drawn dashed where it starts: the piece stands there as itself"
    base = next(k for k in kinds if k.startswith("base"))
    assert _swatch_rgb(base) == _hex(shown.group(1))  # the key's swatch is the drawn position's colour
    assert kinds[base] == "the position shown"


def test_a_permalinks_final_position_is_keyed_in_its_players_colour(client: Client) -> None:
    doc = next(e for e in examples() if e.slug.startswith("ar-04")).scenario.to_dict()
    mover = doc["action"]["ship"]
    for p in doc["pieces"]:
        if p["id"] == mover:
            p["player"] = 2
    r = client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json")
    page = client.get(f"/s/{r.json()['id']}/").content.decode()
    assert "key-base-2" in page and 'key-base"' not in page
    assert _swatch_rgb("base-2") == _hex(COLOURS["player-2"])  # player 2's red, as the picture draws its final position
