"""Trial 3: on the setup table an Armada obstacle moved toward a ship had its ruler's "distance 2" drawn at the
whole table's font (35 px on a phone) and cut at the edge of the view the page opens on ("tance 2")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

EM = 0.6  # a label's width per character, as a share of its font (the picture's own estimate)

Q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
Q |= {"p-0-id": "vic", "p-0-kind": "ship", "p-0-size": "medium", "p-0-chassis": "victory-i-class-star-destroyer"}
Q |= {"p-0-x": "914", "p-0-y": "457", "p-0-heading": "0", "p-0-label": "Victory I-class Star Destroyer"}
Q |= {"p-1-id": "rock", "p-1-kind": "obstacle", "p-1-type": "asteroid-field", "p-1-shape": "asteroid-field-1"}
Q |= {"p-1-x": "1040", "p-1-y": "499", "p-1-heading": "0"}
Q |= {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1", "toward": "vic"}


def test_a_rulers_distance_labels_lie_inside_the_view_the_setup_page_opens_on(client: Client) -> None:
    page = client.get("/setup/", Q).content.decode()
    svg = page.split('<svg xmlns="http://www.w3.org/2000/svg"')[1].split("</svg>")[0]
    fx, fy, fw, fh = (float(v) for v in re.search(r'data-fit="([^"]+)"', svg).group(1).split())
    edge = max(float(f) for f in re.findall(r'font-size="([0-9.]+)"[^>]*>Player 1', svg))
    found = 0
    for x, y, font, text in re.findall(
        r'<text x="([-0-9.]+)" y="([-0-9.]+)" font-size="([0-9.]+)"[^>]*>(distance [12])</text>', svg
    ):
        x, y, font = float(x), float(y), float(font)
        w = len(text) * font * EM
        assert fx <= x - w / 2 and x + w / 2 <= fx + fw, (text, x, w, (fx, fw))
        assert fy <= y - font and y + font * 0.3 <= fy + fh, (text, y, (fy, fh))
        assert font < edge / 1.5  # a phrase's size on the whole table, not the table's own
        found += 1
    assert found == 2
