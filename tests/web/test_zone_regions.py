"""Issue 25: an Armada attack's hull zones are chosen by tapping them on the setup page's table picture."""

from __future__ import annotations

import html as htmllib
import re
from types import MappingProxyType
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from rules.engine.armada import hullzones as hz
from rules.engine.scenario import Piece

pytestmark = pytest.mark.django_db

VIC = {"id": "vic", "kind": "ship", "size": "medium", "x": "400", "y": "300", "heading": "0", "player": "1"}
NEB = {"id": "neb", "kind": "ship", "size": "small", "x": "430", "y": "500", "heading": "150", "player": "2"}


def query(**action: str) -> dict[str, str]:
    q = {"game": "armada", "edition": "1.5", "action": "attack", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
    for i, (piece, label) in enumerate(((VIC, "Victory II"), (NEB, "Nebulon-B"))):
        q |= {f"p-{i}-{k}": v for k, v in (piece | {"label": label}).items()}
    return q | action


def regions(page: str) -> dict[str, tuple[dict[str, str], list[tuple[float, float]], bool]]:
    """The picture's tappable regions: accessible name -> (the query its link sets, its outline, chosen)."""
    layer = re.search(r'<g class="pick-regions">.*?</g>', page, re.S)
    assert layer is not None, "no tappable regions on the picture"
    out = {}
    for attrs, points in re.findall(r"<a ([^>]*)>.*?<polygon points=\"([^\"]+)\"", layer.group(0), re.S):
        href = htmllib.unescape(re.search(r'href="([^"]+)"', attrs).group(1))
        name = htmllib.unescape(re.search(r'aria-label="([^"]+)"', attrs).group(1))
        q = {k: v[0] for k, v in parse_qs(urlparse(href).query).items()}
        pts = [tuple(float(v) for v in p.split(",")) for p in points.split()]
        out[name] = (q, pts, 'aria-current="true"' in attrs)
    return out


def test_each_hull_zone_of_attacker_and_defender_is_a_named_region_drawn_from_the_engine(client: Client) -> None:
    page = client.get("/setup/", query(attacker="vic", defender="neb")).content.decode()
    got = regions(page)
    zones = ("Front", "Left", "Right", "Rear")
    assert set(got) == {f"{z} hull zone of {s}" for z in zones for s in ("Victory II", "Nebulon-B")}
    # the defender's left zone is the engine's polygon, drawn with the table's y flipped (900 mm table)
    neb = Piece("neb", "ship", MappingProxyType({**NEB, "x": 430, "y": 500, "heading": 150}))
    expected = hz.zones(neb)["left"]
    _, pts, _ = got["Left hull zone of Nebulon-B"]
    height = float(re.search(r'data-table-height="([0-9.]+)"', page).group(1))
    drawn = [(x, height - y) for x, y in pts]
    assert len(drawn) == len(expected.exterior.coords) - 1
    for (x, y), (ex, ey) in zip(drawn, expected.exterior.coords, strict=False):
        assert abs(x - ex) <= 0.01 and abs(y - ey) <= 0.01


def test_following_a_region_sets_that_hull_zone_and_marks_it_chosen(client: Client) -> None:
    q = query(attacker="vic", defender="neb", arc="front")
    picked, _, _ = regions(client.get("/setup/", q).content.decode())["Left hull zone of Nebulon-B"]
    assert (picked["defender_zone"], picked["arc"], picked["attacker"]) == ("left", "front", "vic")
    r = client.get("/setup/", picked)  # the plain link, as without JavaScript
    page = r.content.decode()
    assert r.status_code == 200 and 'data-testid="verdict"' in page
    assert re.search(r'<option value="left" selected>', page.split('name="defender_zone"')[1][:2000])
    after = regions(page)
    assert after["Left hull zone of Nebulon-B"][2] and after["Front hull zone of Victory II"][2]
    assert not after["Front hull zone of Nebulon-B"][2]


def test_a_squadron_has_no_hull_zone_to_tap_and_other_actions_none(client: Client) -> None:
    q = query(attacker="vic", defender="neb")
    q |= {"p-1-kind": "squadron", "p-1-size": "", "p-1-heading": ""}
    got = regions(client.get("/setup/", q).content.decode())
    assert set(got) == {f"{z} hull zone of Victory II" for z in ("Front", "Left", "Right", "Rear")}
    page = client.get("/setup/", query(action="maneuver", ship="vic", speed="1")).content.decode()
    assert "pick-regions" not in page
