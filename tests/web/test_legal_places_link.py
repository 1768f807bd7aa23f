"""Trial 3, an Armada obstacle moved toward a ship at distance 1–2: the legal places along the ruler are a few
mm of line (a dot at the table's scale). The setup picture draws them as a link with a finger-wide tap area
around them, which without the page's script sets the move's destination to a legal spot."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from rules.engine.svg import TAP_PX

pytestmark = pytest.mark.django_db

Q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
Q |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
Q |= {"p-0-label": "Rock"}
Q |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700", "p-1-label": "V"}
Q |= {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1", "toward": "vic"}


def legal_links(page: str) -> list[tuple[str, dict[str, str], str]]:
    """The picture's links over legal places along a line: (name, the query its link sets, its drawing)."""
    out = []
    for attrs, body in re.findall(r'<a ([^>]*class="[^"]*pick-line[^"]*"[^>]*)>(.*?)</a>', page, re.S):
        href = htmllib.unescape(re.search(r'href="([^"]+)"', attrs).group(1))
        name = htmllib.unescape(re.search(r'aria-label="([^"]+)"', attrs).group(1))
        out.append((name, {k: v[0] for k, v in parse_qs(urlparse(href).query).items()}, body))
    return out


def test_the_legal_places_on_the_ruler_are_a_link_a_finger_wide_that_sets_a_legal_destination(client: Client) -> None:
    page = client.get("/setup/", Q).content.decode()
    assert 'class="figure legal-line"' in page  # the drawn legal places this test is about
    links = legal_links(page)
    assert len(links) == 1, links
    name, q, body = links[0]
    assert name == "Rock: its legal places (tap the nearest)"
    # a band TAP_PX CSS px wide at any zoom (a stroke that does not scale with the picture), round at its ends
    assert f'stroke-width="{TAP_PX}"' in body and 'vector-effect="non-scaling-stroke"' in body
    assert 'stroke-linecap="round"' in body and TAP_PX >= 44
    # followed without the page's script: the destination is set there, and the move is ruled legal
    assert abs(float(q["to_x"]) - 900) < 8 and 450 < float(q["to_y"]) < 700  # on the line toward V
    ruled = client.get("/setup/", q).content.decode()
    verdict = re.search(r'data-testid="verdict">([^<]*)<', ruled)
    assert verdict is not None and "legal" in verdict.group(1) and "not legal" not in verdict.group(1)


def test_a_move_with_no_ruler_line_draws_no_such_link(client: Client) -> None:
    page = client.get("/setup/", {k: v for k, v in Q.items() if k != "toward"}).content.decode()
    assert legal_links(page) == []
