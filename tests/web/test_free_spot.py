"""Pieces added by name one after another land clear of each other, by each game's real outlines."""

from __future__ import annotations

from itertools import combinations
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from rules.engine import games
from rules.engine.armada.dimensions import DISTANCE_BANDS
from rules.engine.placement import MIN_GAP, _normalised, _outline
from rules.setup_state import Setup

pytestmark = pytest.mark.django_db

WORKSPACE = {"HX-Request": "true", "HX-Target": "workspace"}

ARMADA = (
    "ship:victory-i-class-star-destroyer",
    "ship:cr90-corvette-a",
    "obstacle:asteroid-field-1",
    "ship:assault-frigate-mark-ii-a",
    "obstacle:debris-field-1",
    "ship:gladiator-i-class-star-destroyer",
)
XWING = ("ship:t65xwing", "ship:tielnfighter", "obstacle:asteroid-4", "ship:tiesabomber", "obstacle:debris-1")


def add_in_turn(client: Client, start: dict[str, str], keys: tuple[str, ...]) -> dict[str, str]:
    """Adds each piece by name with the view at mid-table (as a phone does), following the pushed address."""
    q = dict(start)
    game = games.get(q["game"])
    w, h = game.default_table
    for key in keys:
        ask = q | {"palette": f"{q['game']}:{key}", "add_named": "1", "near_x": f"{w / 2:g}", "near_y": f"{h / 2:g}"}
        r = client.get("/setup/", ask, headers=WORKSPACE)
        assert r.status_code == 200
        q = {k: v[-1] for k, v in parse_qs(urlparse(r["HX-Push-Url"]).query).items()}
    return q


def outlines(q: dict[str, str]) -> list[tuple[str, object]]:
    setup = Setup(q | {"p-INITIAL_FORMS": "0"})
    game = games.get(q["game"])
    assert setup.document is not None
    out = []
    for doc in setup.document["pieces"]:
        piece = _normalised(game, doc, game.default_table)
        assert piece is not None
        out.append((piece.kind, _outline(game, piece)))
    return out


@pytest.mark.parametrize(
    ("start", "keys"),
    [
        ({"game": "armada", "edition": "1.5", "action": "attack", "p-TOTAL_FORMS": "0"}, ARMADA),
        ({"game": "xwing", "edition": "2.5", "action": "attack", "p-TOTAL_FORMS": "0"}, XWING),
    ],
)
def test_pieces_added_in_a_row_do_not_start_overlapping_or_touching(
    client: Client, start: dict[str, str], keys: tuple[str, ...]
) -> None:
    for n in range(2, len(keys) + 1):
        q = add_in_turn(client, start, keys[:n])
        shapes = outlines(q)
        assert len(shapes) == n
        w, h = games.get(q["game"]).default_table
        for (kind_a, a), (kind_b, b) in combinations(shapes, 2):
            gap = a.distance(b)  # type: ignore[attr-defined]
            assert gap >= MIN_GAP
            if q["game"] == "armada" and {kind_a, kind_b} == {"ship", "obstacle"}:
                assert gap >= DISTANCE_BANDS[0]  # an obstacle leaves room for a distance 1 move toward the ship
        for _, shape in shapes:
            x0, y0, x1, y1 = shape.bounds  # type: ignore[attr-defined]
            assert min(x0, y0) >= 0 and x1 <= w and y1 <= h  # wholly on the table
        page = client.get("/setup/", q).content.decode()
        assert "start overlapping" not in page and "overlapping at the start" not in page


def test_the_first_piece_lands_where_the_table_is_looked_at(client: Client) -> None:
    start = {"game": "armada", "edition": "1.5", "action": "attack", "p-TOTAL_FORMS": "0"}
    q = add_in_turn(client, start, ARMADA[:1])
    w, h = games.get("armada").default_table
    assert abs(float(q["p-0-x"]) - w / 2) <= 0.5 and abs(float(q["p-0-y"]) - h / 2) <= 0.5  # to the mm
