"""The setup page's "who does what" links: movers, droppers and attacker-defender pairs are picked, not typed."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ROWS = {"p-TOTAL_FORMS": "3", "p-INITIAL_FORMS": "0"}


def row(i: int, **values: str) -> dict[str, str]:
    return {f"p-{i}-{k}": v for k, v in values.items()}


def links(page: str) -> dict[str, dict[str, str]]:
    """The who-menu's links: label -> the query each sets."""
    nav = re.search(r'<nav class="who".*?</nav>', page, re.S)
    assert nav is not None
    out = {}
    for href, label in re.findall(r'<a class="who-[a-z-]+" href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(0)):
        q = parse_qs(urlparse(htmllib.unescape(href)).query)
        out[htmllib.unescape(label)] = {k: v[0] for k, v in q.items()}
    return out


def test_xwing_ships_move_drop_and_attack_enemies_only(client: Client) -> None:
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", **ROWS}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="300", heading="0", player="1")
    q |= row(1, id="b", kind="ship", size="small", x="300", y="500", heading="180", player="2")
    q |= row(2, id="c", kind="ship", size="small", x="500", y="300", heading="0", player="1")
    got = links(client.get("/setup/", q).content.decode())
    # unlabelled ships are named as the picture names them (never by id): small ships A, B, C in table order
    a, b, c = "Small ship A", "Small ship B", "Small ship C"
    assert got[f"{a} moves"]["action"] == "maneuver" and got[f"{a} moves"]["ship"] == "a"
    assert (
        got[f"{b} drops or launches a device"]["action"] == "drop"
        and got[f"{b} drops or launches a device"]["ship"] == "b"
    )
    assert {k for k in got if "attacks" in k} == {
        f"{a} attacks {b}",
        f"{b} attacks {a}",
        f"{b} attacks {c}",
        f"{c} attacks {b}",
    }
    pair = got[f"{c} attacks {b}"]
    assert (pair["action"], pair["attacker"], pair["defender"]) == ("attack", "c", "b")
    assert pair["p-0-id"] == "a"  # the rest of the form rides along: nothing typed is lost
    chosen = client.get("/setup/", q | {"ship": "a"}).content.decode()
    assert re.search(r'class="who-current" href="[^"]+" aria-current="true">Small ship A moves<', chosen)


def test_armada_pieces_each_offer_their_actions(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "maneuver", **ROWS}
    q |= row(0, id="vic", kind="ship", size="medium", x="600", y="300", heading="0", player="1")
    q |= row(1, id="x1", kind="squadron", x="700", y="400", player="1")
    q |= row(2, id="rock", kind="obstacle", type="asteroid", shape="asteroid-field-1", x="900", y="500", heading="0")
    got = links(client.get("/setup/", q).content.decode())
    ship, squadron, rock = "Medium ship", "Squadron", "Asteroid"  # unlabelled: named in words (type as typed)
    assert got[f"{ship} moves"]["ship"] == "vic" and got[f"{ship} places squadrons"]["action"] == "place-squadrons"
    assert got[f"{squadron} moves"] == {**got[f"{squadron} moves"], "action": "move-squadron", "squadron": "x1"}
    assert got[f"{rock} is moved"]["action"] == "move-obstacle" and got[f"{rock} is moved"]["moved"] == "rock"


def test_adding_a_piece_redirects_to_an_address_that_holds_it(client: Client) -> None:
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="300", heading="0", player="1")
    r = client.get("/setup/", q | {"palette": "xwing:obstacle:asteroid-4", "add_named": "1"})
    assert r.status_code == 303
    target = parse_qs(urlparse(r["Location"]).query)
    assert "add_named" not in target and target["p-TOTAL_FORMS"] == ["2"] and target["p-1-shape"] == ["asteroid-4"]
    page = client.get("/setup/" + r["Location"]).content.decode()
    assert links(page)["Small ship moves"]["p-1-id"] == "asteroid-4-1"  # the name without its set, made an id
    assert 'data-piece="asteroid-4-1"' in page  # the preview draws the new piece at once


def test_a_picked_obstacle_is_named_in_words_not_by_its_id(client: Client) -> None:
    """Issue 21: a verdict said "effects: debris-1-1"; a picked piece is labelled as players name it."""
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0", player="1")
    r = client.get("/setup/", q | {"palette": "xwing:obstacle:debris-1", "add_named": "1"})
    target = {k: v[0] for k, v in parse_qs(urlparse(r["Location"]).query).items()}
    assert target["p-1-id"] == "debris-1-1" and target["p-1-label"] == "Debris 1"
    target |= {"p-1-x": "300", "p-1-y": "260", "ship": "a", "bearing": "straight", "speed": "2"}
    page = htmllib.unescape(client.get("/setup/", target).content.decode())
    verdict = re.search(r'data-testid="verdict">([^<]*)<', page).group(1)
    assert (
        verdict.startswith("Small ship fully executes its straight 2 through Debris 1") and "debris-1-1" not in verdict
    )


def test_each_dial_choice_has_a_hidden_ghost_of_its_template_and_final_base(client: Client) -> None:
    from rules.engine.xwing.ships import CHASSIS

    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "ship": "a", "pick": "1", **ROWS}
    q |= row(0, id="a", kind="ship", chassis="t65xwing", x="300", y="300", heading="0", player="1")
    page = client.get("/setup/", q).content.decode()
    dial = re.findall(r'<a class="dial-[a-z]+" href="[^"]+" data-option="([^"]+)">', page)
    ghosts = re.findall(r'<g class="option-ghost" data-option="([^"]+)">(.*?)</g>', page, re.S)
    assert len(dial) == len(CHASSIS["t65xwing"].dial) and [k for k, _ in ghosts] == dial
    body = dict(ghosts)["2 bank left"]
    polygons = re.findall(r'<polygon points="([^"]+)"', body)
    assert len(polygons) == 2  # the template, then the final base
    # the ghost base stands where the ruling puts a fully executed [2 left bank]
    from tests.engine.helpers import move, rule, ship

    final = rule([ship("a", 300, 300)], move("a", "bank", 2, "left")).outcome["final"]
    pts = [tuple(map(float, p.split(","))) for p in polygons[1].split()]
    xs, ys = [p[0] for p in pts], [914.4 - p[1] for p in pts]  # the picture's y runs down
    assert abs((min(xs) + max(xs)) / 2 - final["x"]) < 0.5 and abs((min(ys) + max(ys)) / 2 - final["y"]) < 0.5


def test_snap_links_rewrite_the_snapped_rows_position(client: Client) -> None:
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "ship": "a", "bearing": "straight", "speed": "2"}
    q |= ROWS | row(0, id="a", kind="ship", size="small", x="300", y="300", heading="0", player="1")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", shape="asteroid-1", x="700", y="700", heading="0")
    page = client.get("/setup/", q).content.decode()  # offered live, with the preview: nothing to ask for
    snaps = {
        htmllib.unescape(label): htmllib.unescape(href)
        for href, label in re.findall(r'<a href="(\?[^"]+)">([^<]+)</a>', page.split('class="snaps"')[1])
    }
    rock, ship = "Asteroid", "Small ship"  # unlabelled pieces, named as the picture names them
    assert (
        f"{rock}: touching the template, left side" in snaps
        and f"{rock}: at the edge of range 1 ahead of {ship}" in snaps
    )
    target = parse_qs(urlparse(snaps[f"{rock}: touching {ship}'s base, ahead"]).query)
    assert target["p-1-x"] == ["300.0"] and float(target["p-1-y"][0]) > 320 and target["p-0-x"] == ["300"]
    after = client.get("/setup/" + snaps[f"{rock}: touching {ship}'s base, ahead"]).content.decode()
    assert rock in after and 'data-testid="verdict"' in after


def test_obstacles_are_added_from_pictures_of_their_real_shapes(client: Client) -> None:
    from rules.engine.xwing.shapes import SHAPES

    page = client.get("/setup/").content.decode()
    buttons = re.findall(
        r'<button type="submit" name="add_piece" value="([^"]+)" class="shape"[^>]*><img src="([^"]+)"', page
    )
    assert ("xwing:obstacle:asteroid-4", "/setup/shapes/xwing/asteroid-4.svg") in buttons
    picture = client.get("/setup/shapes/xwing/asteroid-4.svg")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/svg+xml"
    points = re.search(r'points="([^"]+)"', picture.content.decode()).group(1).split()
    assert len(points) == len(SHAPES["asteroid-4"].outline) + 1  # the measured outline, closed
    assert client.get("/setup/shapes/xwing/no-such-rock.svg").status_code == 404
    armada = client.get("/setup/", {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"})
    assert 'value="armada:obstacle:station"' in armada.content.decode()
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", **ROWS, "add_piece": "xwing:obstacle:asteroid-4"}
    r = client.get("/setup/", q)
    assert r.status_code == 303 and "p-0-shape=asteroid-4" in r["Location"]


def test_snaps_come_with_the_preview_and_json_mode_offers_no_links(client: Client) -> None:
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", "ship": "a", **ROWS}
    q |= row(0, id="a", kind="ship", chassis="t65xwing", x="300", y="300", heading="0", player="1")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", shape="asteroid-1", x="700", y="700", heading="0")
    page = client.get("/setup/", q).content.decode()
    assert "touching T-65 X-wing's base" in htmllib.unescape(page.split('class="snaps"')[1])
    partial = client.get("/setup/", q, headers={"HX-Request": "true", "HX-Target": "preview"}).content.decode()
    assert "touching T-65 X-wing's base" in htmllib.unescape(partial)  # the live preview offers them too
    doc = '{"format": 1, "game": "xwing", "edition": "2.5", "pieces": [{"id": "a", "kind": "ship", "size": "small", '
    doc += '"x": 300, "y": 300, "heading": 0}], '
    doc += '"action": {"type": "maneuver", "ship": "a", "bearing": "bank", "speed": "²"}}'
    odd = client.get("/setup/", {**q, "doc": doc, "snaps": "1"})
    assert odd.status_code in (200, 400) and 'class="who"' not in odd.content.decode()


def test_the_shape_palette_follows_the_game_and_refuses_the_other_games_pieces(client: Client) -> None:
    from rules.library import examples

    armada = next(e for e in examples() if e.scenario.game == "armada")
    page = client.get("/setup/", {"from": armada.id}).content.decode()
    assert 'name="add_piece" value="armada:obstacle:station"' in page
    assert 'name="add_piece" value="xwing:obstacle:asteroid-4"' not in page
    q = {"game": "armada", "edition": "1.5", "action": "maneuver", **ROWS, "add_piece": "xwing:obstacle:asteroid-4"}
    r = client.get("/setup/", q)
    assert "asteroid-4" not in r.get("Location", "") and "p-0-shape" not in r.get("Location", "")


def test_armada_attacks_are_offered_between_enemies_with_hull_zones_picked(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "maneuver", **ROWS}
    q |= row(0, id="vic", kind="ship", size="medium", x="400", y="300", heading="0", player="1")
    q |= row(1, id="neb", kind="ship", size="small", x="400", y="500", heading="180", player="2")
    q |= row(2, id="x1", kind="squadron", x="700", y="300", player="1")
    got = links(client.get("/setup/", q).content.decode())
    vic, neb, x1 = "Medium ship", "Small ship", "Squadron"  # unlabelled: named in words
    assert {k for k in got if "attacks" in k} == {
        f"{vic} attacks {neb}",
        f"{neb} attacks {vic}",
        f"{neb} attacks {x1}",
        f"{x1} attacks {neb}",
    }
    pair = got[f"{vic} attacks {neb}"]
    assert (pair["action"], pair["attacker"], pair["arc"], pair["defender"], pair["defender_zone"]) == (
        "attack",
        "vic",
        "front",
        "neb",
        "front",
    )
    ruled = client.get("/setup/", {**q, **pair})
    html = ruled.content.decode()
    assert ruled.status_code == 200 and 'data-testid="verdict"' in html and "may attack" in html


def test_an_armada_attack_offers_each_hull_zone_to_attack_from_and_at(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "attack", **ROWS, "p-TOTAL_FORMS": "2"}
    q |= row(0, id="vic", kind="ship", size="medium", x="400", y="300", heading="0", player="1", label="vic")
    q |= row(1, id="neb", kind="ship", size="small", x="400", y="500", heading="180", player="2", label="neb")
    q |= {"attacker": "vic", "defender": "neb", "arc": "front", "defender_zone": "front"}
    got = links(client.get("/setup/", q).content.decode())
    assert {k for k in got if k.startswith(("from ", "at "))} == {
        *(f"from vic's {z}" for z in ("front", "left", "right", "rear")),
        *(f"at neb's {z}" for z in ("front", "left", "right", "rear")),
    }
    assert got["at neb's rear"]["defender_zone"] == "rear" and got["at neb's rear"]["arc"] == "front"
    page = client.get("/setup/", q).content.decode()
    assert re.search(r'class="who-current" href="[^"]+" aria-current="true">from vic&#x27;s front<', page)


LINK_CASES = [
    {"ship": "b"},  # a field the address does not hold
    {"game": "armada", "edition": "1.5"},
    {"p-0-x": "12.5", "p-0-y": "3"},  # a field it holds: replaced
    {"label": "Nym & Co + 2/3 ünï"},  # characters an address escapes
    {"note": "z"},  # the last field, given twice
    {"game": "armada", "p-0-id": "d", "note": "n"},  # the first, one between and the last: all cut out
    {"p-0-x": "1", "p-0-y": "2", "p-0-id": "e", "p-1-id": "f", "game": "g", "edition": "h", "note": "i"},  # every one
    {},
]


@pytest.mark.parametrize("values", LINK_CASES)
def test_a_choice_link_is_the_address_with_its_values_set(values: dict[str, str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each of a page's hundred links: the address's pairs (but the build buttons) with the link's values
    set, and ``pick``; the address is encoded once per page, not once per link."""
    import importlib
    from urllib.parse import urlencode

    from django.http import QueryDict
    from django.utils.html import conditional_escape

    view = importlib.import_module("rules.views.setup_links")
    address = QueryDict(
        "game=xwing&edition=2.5&p-0-x=1&p-0-y=2&p-0-id=a%20b&p-1-id=c&add=1&menus=k&pick=1&note=x&note=y"
    )
    naive = [(k, v) for k, vs in address.lists() if k not in ("add", "menus", "pick") and k not in values for v in vs]
    expected = "?" + urlencode([*naive, ("pick", "1"), *values.items()])  # its own values after the pick
    assert view.link_with(address, values) == expected
    calls = []
    encoded = view._Encoded
    monkeypatch.setattr(view, "_Encoded", lambda *a: calls.append(a) or encoded(*a))
    assert view.link_with(address, values) == expected
    assert view.link_with(address, {"ship": "z"}).startswith("?game=xwing")
    assert calls == []  # the address's encoding is kept with it
    fresh = QueryDict(address.urlencode())
    assert view.link_with(fresh, values) == expected and len(calls) == 1
    # as a page's href: what the template's escaping made of it, from an escaped encoding kept the same way
    assert view.link_html(fresh, values) == conditional_escape(expected) and len(calls) == 2
    assert view.link_html(fresh, {"ship": "z"}) == conditional_escape(view.link_with(fresh, {"ship": "z"}))
    assert len(calls) == 2


@pytest.mark.parametrize(
    "text",
    ["", "p-12-x", "312.45", "-0.5", "a_b.c~d", "two words", "Nym & Co", "ünï", "a/b", "x+y=z", "?#%", "\t\n", "🚀"],
)
def test_quoting_is_quote_plus(text: str) -> None:
    from urllib.parse import quote_plus

    from rules.views.setup_links import quoted

    assert quoted(text) == quote_plus(text)


def _dial(page: str) -> dict[str, dict[str, str]]:
    """The action menu's links (devices, ways of placing them, templates): label -> the query each sets."""
    return {
        htmllib.unescape(label): {k: v[0] for k, v in parse_qs(urlparse(htmllib.unescape(href)).query).items()}
        for href, label in re.findall(r'<a class="dial-[a-z ]+" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    }


def _verdict(page: str) -> str:
    found = re.search(r'id="verdict">(.*?)</', page, re.S)
    assert found is not None
    return htmllib.unescape(found.group(1))


def _placing(client: Client) -> dict[str, str]:
    q = {"game": "xwing", "edition": "2.5", "action": "maneuver", **ROWS, "p-TOTAL_FORMS": "2", "pick": "1"}
    q |= row(0, id="a", kind="ship", chassis="t65xwing", size="small", x="300", y="300", heading="0", player="1")
    q |= row(1, id="b", kind="ship", chassis="tielnfighter", size="small", x="300", y="500", heading="180", player="2")
    who = links(client.get("/setup/", q).content.decode())
    return who["T-65 X-wing drops or launches a device"]


def test_a_ship_launches_a_device_picked_like_a_drop(client: Client) -> None:
    """Electro-Chaff Missiles are only launched, and any bomb may be: "drops or launches a device" offers the
    drops and a "Launch" choice that offers the launches instead (a helper found no way to set a launch up but
    typing; then both lists at once were 22 links, the last below a phone's screen)."""
    devices = _dial(client.get("/setup/", _placing(client)).content.decode())
    assert "Electro-Chaff Missiles" not in devices  # it cannot be dropped
    assert devices["Proton Bomb"]["action"] == "drop"
    assert not any(label.endswith(", launched") for label in devices)  # the launches wait for "Launch"
    assert len(devices) <= 16 and list(devices)[:2] == ["Drop", "Launch"]  # the way first, in reach
    launches = _dial(client.get("/setup/", devices["Launch"]).content.decode())
    assert "Proton Bomb" not in launches and launches["Proton Bomb, launched"]["action"] == "launch"
    assert len(launches) <= 12
    # the card launched by its own text first, before the bombs another card lets a ship launch (in reach)
    assert list(launches)[2] == "Electro-Chaff Missiles, launched"
    chaff = launches["Electro-Chaff Missiles, launched"]
    assert (chaff["action"], chaff["device_type"]) == ("launch", "electro-chaff-cloud")
    launched = client.get("/setup/", chaff).content.decode()
    assert 'aria-current="true">T-65 X-wing drops or launches a device<' in launched  # the chosen action
    assert "launched with the 3 bank left template and lands" in _verdict(launched)


def test_a_launched_device_s_template_is_picked_by_tapping(client: Client) -> None:
    """Electro-Chaff Missiles launch with the [3 left bank], [3 right bank] or [4 straight]: once the device is
    picked its templates are offered as links (the card's first marked chosen while none is given), and the one
    tapped is the template the ruling uses (before, only three folded selects could change it)."""
    launches = _dial(client.get("/setup/", _placing(client)).content.decode())
    page = client.get(
        "/setup/", _dial(client.get("/setup/", launches["Launch"]).content.decode())["Electro-Chaff Missiles, launched"]
    ).content.decode()
    nav = re.search(r'<nav class="dial devices" aria-label="Its template">.*?</nav>', page, re.S)
    assert nav is not None
    templates = _dial(nav.group(0))
    assert list(templates) == ["3 bank left", "3 bank right", "4 straight"]
    assert re.search(r'aria-current="true">3 bank left<', nav.group(0))  # the card's default, in use
    right = client.get("/setup/", templates["3 bank right"]).content.decode()
    assert re.search(r'aria-current="true">3 bank right<', right)
    assert "3 bank right" in _verdict(right) and "3 bank left" not in _verdict(right)
    straight = client.get("/setup/", _dial(right)["4 straight"]).content.decode()
    assert "4 straight" in _verdict(straight)


def test_a_bomb_launched_offers_its_card_s_templates_and_trajectory_simulator_s(client: Client) -> None:
    """A bomb is launched with its card's template (Constable Zuvio, Bombardment Drone) or, with Trajectory
    Simulator, the [5 straight]; a bomb dropped with one template offers no choice."""
    drops = _dial(client.get("/setup/", _placing(client)).content.decode())
    dropped = client.get("/setup/", drops["Proton Bomb"]).content.decode()
    assert 'aria-label="Its template"' not in dropped
    thermal = _dial(client.get("/setup/", drops["Thermal Detonator"]).content.decode())
    assert "1 straight" in thermal and "2 straight" in thermal and "5 straight (Trajectory Simulator)" not in thermal
    launches = _dial(client.get("/setup/", drops["Launch"]).content.decode())
    bomb = _dial(client.get("/setup/", launches["Proton Bomb, launched"]).content.decode())
    assert "1 straight" in bomb and "5 straight (Trajectory Simulator)" in bomb
    page = client.get("/setup/", bomb["5 straight (Trajectory Simulator)"]).content.decode()
    assert "5 straight" in _verdict(page)


def test_a_launch_is_worded_as_players_say_it(client: Client) -> None:
    """A trial found "Still needed: the device dropped" under "drops or launches", "The Electro-Chaff Missiles
    launched is placed", "The electro chaff cloud lands", a step "Electro chaff cloud" and "It is placed
    exactly as given.": the page says what is still needed for the way chosen, names the cloud as its card
    spells it and the template used, and each step says something."""
    placing = client.get("/setup/", _placing(client)).content.decode()
    assert "Still needed: the device it drops." in placing and "the device dropped" not in placing
    launch = client.get("/setup/", _dial(placing)["Launch"]).content.decode()
    assert "Still needed: the device it launches." in launch
    chaff = client.get("/setup/", _dial(launch)["Electro-Chaff Missiles, launched"]).content.decode()
    page = htmllib.unescape(client.get("/setup/", _dial(chaff)["3 bank right"]).content.decode())
    note = re.search(r'data-testid="action-note">(.*?)</p>', page, re.S)
    assert note is not None
    assert note.group(1).startswith(
        "The Electro-Chaff Cloud is launched with the 3 bank right template at T-65 X-wing's front guides"
    )
    assert _verdict(page).startswith("The Electro-Chaff Cloud is launched with the 3 bank right template")
    assert "Electro-Chaff Cloud is placed" in page  # a step's title
    for wrong in ("Missiles launched is", "lectro chaff", "exactly as given", "Still needed"):
        assert wrong not in page, wrong


def test_each_template_of_a_launch_has_its_preview_on_the_table(client: Client) -> None:
    """Like a dial's maneuvers, each template offered shows (on hover or focus) where it would put the
    Electro-Chaff Cloud: its template from the front guides and the cloud at its far end."""
    launch = _dial(client.get("/setup/", _placing(client)).content.decode())["Launch"]
    page = client.get(
        "/setup/", _dial(client.get("/setup/", launch).content.decode())["Electro-Chaff Missiles, launched"]
    ).content.decode()
    ghosts = dict(re.findall(r'<g class="option-ghost" data-option="([^"]+)"(.*?)</g>', page, re.S))
    assert set(ghosts) == {"3 bank left", "3 bank right", "4 straight"}
    assert all(body.count("<polygon") + body.count("<path") >= 2 for body in ghosts.values())
