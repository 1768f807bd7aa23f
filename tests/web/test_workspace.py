"""The setup page's workspace: picks and adds answer in place (htmx), the table says what to zoom to."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

BASE = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"}
SHIP = {"p-0-id": "a", "p-0-kind": "ship", "p-0-chassis": "t65xwing", "p-0-size": "small"}
SHIP |= {"p-0-x": "300", "p-0-y": "300"}
WORKSPACE = {"HX-Request": "true", "HX-Target": "workspace"}


def fit(page: str) -> tuple[list[float], str]:
    """The table's fit box (picture units: x, y down, width, height) and its key."""
    m = re.search(r'data-fit="([^"]+)" data-fit-key="([^"]*)"', page)
    assert m is not None
    return [float(v) for v in m.group(1).split()], htmllib.unescape(m.group(2))


def test_adding_in_place_answers_with_the_page_that_holds_the_piece_and_pushes_its_address(client: Client) -> None:
    q = BASE | SHIP | {"palette": "xwing:obstacle:asteroid-4", "add_named": "1", "near_x": "300", "near_y": "420"}
    r = client.get("/setup/", q, headers=WORKSPACE)
    assert r.status_code == 200  # no redirect: htmx swaps the workspace in place
    page = r.content.decode()
    assert '<div id="workspace"' in page and 'data-piece="asteroid-4-1"' in page  # the preview holds it already
    pushed = parse_qs(urlparse(r["HX-Push-Url"]).query)
    assert "add_named" not in pushed and "near_x" not in pushed and pushed["p-1-shape"] == ["asteroid-4"]
    # it lands near where the table is looked at, on a free spot (not on the ship)
    x, y = float(pushed["p-1-x"][0]), float(pushed["p-1-y"][0])
    assert abs(x - 300) <= 90 and abs(y - 420) <= 90 and (abs(x - 300) >= 90 or abs(y - 300) >= 90)
    plain = client.get("/setup/", q)
    assert plain.status_code == 303  # without htmx: the address that holds it, as before
    # the menu shows its blank again (trial 3: it kept the piece, so picking the same one again did nothing)
    assert "palette" not in pushed and "palette" not in parse_qs(urlparse(plain["Location"]).query)
    menu = re.search(r'<select name="palette".*?</select>', page, flags=re.S)
    assert menu is not None and re.findall(r'<option value="([^"]*)" selected', menu.group(0)) == [""]


def test_a_typed_change_answers_with_the_preview_alone(client: Client) -> None:
    page = client.get("/setup/", BASE | SHIP, headers={"HX-Request": "true", "HX-Target": "preview"}).content.decode()
    assert '<div id="workspace"' not in page and 'class="stage"' in page


def test_the_table_fits_the_pieces_then_the_action_and_says_when_the_question_changed(client: Client) -> None:
    (x, y, w, h), key = fit(client.get("/setup/", BASE | SHIP).content.decode())
    top = 914.4 - 300  # the ship's centre in picture units
    assert x < 300 < x + w and y < top < y + h and w < 200  # the ship, with room around: not the whole table
    assert key.startswith("pieces;")
    moving = BASE | SHIP | {"ship": "a", "bearing": "bank", "direction": "left", "speed": "2"}
    (x2, y2, w2, h2), key2 = fit(client.get("/setup/", moving).content.decode())
    assert key2 != key and "bearing=bank" in key2
    assert y2 < top - 100  # the template and the final base ahead of the ship are in the box
    dragged = moving | {"p-0-x": "320"}
    assert fit(client.get("/setup/", dragged).content.decode())[1] == key2  # a drag keeps the view


def test_the_chosen_maneuver_is_marked_on_the_dial(client: Client) -> None:
    moving = BASE | SHIP | {"ship": "a", "bearing": "bank", "direction": "left", "speed": "2", "pick": "1"}
    page = client.get("/setup/", moving).content.decode()
    chosen = re.findall(r'data-option="([^"]+)" aria-current="true"', page)
    assert chosen == ["2 bank left"]


def test_undo_loads_an_earlier_address_with_a_200_even_when_something_is_still_missing(client: Client) -> None:
    """htmx refuses to restore a page that answers 400: Undo (history.back) must get the page with a 200."""
    half = BASE | SHIP | {"ship": "a"}  # the maneuver is not chosen yet
    assert client.post("/explain/", half).status_code == 400  # the submission: what is missing is an error
    restored = client.get("/setup/", half, headers={"HX-History-Restore-Request": "true"})
    assert restored.status_code == 200 and 'data-piece="a"' in restored.content.decode()


def test_an_armada_move_without_a_destination_draws_its_legal_region_and_offers_one(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
    q |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
    q |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700", "p-1-label": "V"}
    q |= {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1", "toward": "vic"}
    page = client.get("/setup/", q).content.decode()
    # the legal positions drawn: toward a piece, the centre line's legal part as a band to tap
    assert 'class="figure legal-line"' in page and "legal places along the ruler (tap one)" in page
    assert "Tap a spot on or near the legal places drawn" in page and 'data-testid="verdict"' not in page
    found = re.findall(r'<a href="(\?[^"]+)">([^<]+)</a>', page.split('class="snaps"')[1])
    links = {htmllib.unescape(label): htmllib.unescape(href) for href, label in found}
    target = parse_qs(urlparse(links["Asteroid field: toward V, as far as it may go"]).query)
    assert target["p-0-x"] == ["900"] and float(target["to_y"][0]) > 450  # the move's destination, not the row
    after = client.get("/setup/" + links["Asteroid field: toward V, as far as it may go"]).content.decode()
    # as far as it may go is at the end line of distance 2: legal, and the page says by how little (trial 2)
    assert re.search(r"Asteroid field moves about \d+ mm toward V: legal, but by less than half a millimetre", after)


def test_an_armada_move_is_set_up_by_picking_its_distance_and_the_piece_it_moves_toward(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
    q |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
    q |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700", "p-1-label": "V"}
    q |= {"action": "move-obstacle", "moved": "rock"}
    page = client.get("/setup/", q).content.decode()
    found = re.findall(r'<a class="dial-[a-z]+" href="([^"]+)" data-option="([^"]+)"', page)
    menu = {htmllib.unescape(label): htmllib.unescape(href) for href, label in found}
    assert {"distance 1–2", "up to distance 3", "toward V"} <= set(menu)
    picked = parse_qs(urlparse(menu["distance 1–2"]).query)
    assert picked["max_distance"] == ["2"] and picked["min_distance"] == ["1"] and picked["moved"] == ["rock"]
    toward = client.get("/setup/" + menu["distance 1–2"]).content.decode()
    href = re.search(r'<a class="dial-toward" href="([^"]+)" data-option="toward V"', toward).group(1)
    both = parse_qs(urlparse(htmllib.unescape(href)).query)
    assert both["toward"] == ["vic"] and both["max_distance"] == ["2"]  # the distance picked is kept
    chosen = client.get("/setup/" + htmllib.unescape(href)).content.decode()
    assert re.findall(r'data-option="([^"]+)" aria-current="true"', chosen) == ["distance 1–2", "toward V"]
    assert "<summary><strong>distance 1–2, toward V</strong> · change</summary>" in chosen  # folded once chosen


def test_an_armada_table_with_only_an_obstacle_is_drawn(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0", "pick": "1"}
    q |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
    q |= {"p-0-shape": "asteroid-field-1", "action": "maneuver"}
    assert 'data-piece="rock"' in client.get("/setup/", q).content.decode()


def test_an_armada_speed_chart_folds_under_what_was_chosen_once_the_tool_side_is(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0", "pick": "1"}
    q |= {"p-0-id": "cr", "p-0-kind": "ship", "p-0-chassis": "cr90-corvette-a", "p-0-x": "900", "p-0-y": "400"}
    q |= {"action": "maneuver", "ship": "cr", "speed": "2"}
    open_chart = client.get("/setup/", q).content.decode()
    assert '<nav class="dial devices"' in open_chart and "· change</summary>" not in open_chart  # still choosing
    chosen = client.get("/setup/", q | {"side": "left"}).content.decode()
    summary = "<summary><strong>Speed 2, Tool on the left, Joint 1: straight, Joint 2: straight</strong> · change"
    assert summary in chosen


def test_explain_with_a_choice_missing_keeps_the_table_and_says_what_is_missing(client: Client) -> None:
    """A new user pressed Explain before choosing the tool's side: the page came back with an empty table."""
    q = {"game": "armada", "edition": "1.5", "action": "maneuver", "ship": "a", "speed": "3", "clicks": "0, 0, 0"}
    q |= {"p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0"}
    q |= {"p-0-id": "a", "p-0-kind": "ship", "p-0-size": "small", "p-0-x": "300", "p-0-y": "300", "p-0-player": "1"}
    q |= {"p-1-id": "b", "p-1-kind": "ship", "p-1-size": "small", "p-1-x": "300", "p-1-y": "600", "p-1-player": "2"}
    r = client.post("/explain/", q)
    page = r.content.decode()
    assert r.status_code == 400
    assert 'data-piece="a"' in page and 'data-piece="b"' in page, "the table is still drawn"
    assert "Tool side" in page and "The table is empty" not in page


def test_a_game_link_on_the_empty_page_is_no_tampered_form(client: Client) -> None:
    """The first tap most users make: no ManagementForm error, no 'required' under a menu while building."""
    page = client.get("/setup/", {"game": "armada", "edition": "1.5", "pick": "1"}).content.decode()
    assert "ManagementForm" not in page and "This field is required" not in page


def test_a_piece_dropped_on_the_table_is_added_exactly_there_even_beside_another(client: Client) -> None:
    """A drag from the palette sends where it was dropped (at_x/at_y): no free spot is looked for."""
    q = BASE | SHIP | {"palette": "xwing:obstacle:asteroid-4", "add_named": "1", "at_x": "312.5", "at_y": "341.27"}
    r = client.post("/setup/", q | {"near_x": "600", "near_y": "600"}, headers=WORKSPACE)
    assert r.status_code == 200 and 'data-piece="asteroid-4-1"' in r.content.decode()
    pushed = parse_qs(urlparse(r["HX-Push-Url"]).query)
    assert (pushed["p-1-x"], pushed["p-1-y"]) == (["312.5"], ["341.27"])  # on the ship's edge, as dropped
    assert "at_x" not in pushed and "at_y" not in pushed
    off = client.post("/setup/", q | {"at_x": "5000", "at_y": "341"}, headers=WORKSPACE)  # off the table
    pushed = parse_qs(urlparse(off["HX-Push-Url"]).query)
    assert float(pushed["p-1-x"][0]) < 914.4  # placed on the table instead (a free spot)


def test_a_ship_renamed_after_another_ship_in_its_sheet_becomes_that_ship(client: Client) -> None:
    """The selected piece's sheet sends its row with the name typed (rename): the ship follows its name."""
    q = BASE | SHIP | {"p-0-label": "tie/ln fighter", "rename": "0"}
    r = client.post("/setup/", q, headers={"HX-Request": "true", "HX-Target": "preview"})
    page = r.content.decode()
    assert re.search(r'<select name="p-0-chassis"[^>]*hx-swap-oob[^>]*>.*?value="tielnfighter" selected', page, re.S)
    assert re.search(r'name="p-0-label"[^>]*value="TIE/ln Fighter"', page)
    pushed = parse_qs(urlparse(r["HX-Push-Url"]).query)
    assert pushed["p-0-chassis"] == ["tielnfighter"] and "rename" not in pushed
    # without rename, a label that is another ship's name is the old name of a ship whose menu changed
    kept = client.post("/setup/", BASE | SHIP | {"p-0-label": "TIE/ln Fighter"}, headers=WORKSPACE)
    assert parse_qs(urlparse(kept["HX-Push-Url"]).query)["p-0-chassis"] == ["t65xwing"]
    # a name that is no ship's is only a name
    alpha = client.post("/setup/", BASE | SHIP | {"p-0-label": "Alpha", "rename": "0"}, headers=WORKSPACE)
    pushed = parse_qs(urlparse(alpha["HX-Push-Url"]).query)
    assert pushed["p-0-chassis"] == ["t65xwing"] and pushed["p-0-label"] == ["Alpha"]


def _svg(page: str) -> str:
    found = re.search(r"<svg.*?</svg>", page, re.S)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize(
    "typed",
    [{"p-0-x": "320"}, {"p-0-label": "tie/ln fighter", "rename": "0"}],
    ids=["a typed change", "a rename in the sheet"],
)
def test_the_address_a_live_preview_pushes_reloads_the_same_page_while_something_is_missing(
    client: Client, typed: dict[str, str]
) -> None:
    """Reloading what a typed change or a rename pushed answered 400 (taken for a submission): a state being built."""
    half = BASE | SHIP | {"ship": "a"} | typed  # the maneuver is not chosen yet
    preview = client.post("/setup/", half, headers={"HX-Request": "true", "HX-Target": "preview"})
    assert preview.status_code == 200
    reload = client.get(preview["HX-Push-Url"])
    assert reload.status_code == 200
    page = reload.content.decode()
    assert _svg(page) == _svg(preview.content.decode())  # the same picture
    values = dict(re.findall(r'<input type="text" name="(p-0-(?:x|label))"[^>]*value="([^"]*)"', page))
    assert values["p-0-x"] == typed.get("p-0-x", "300")
    assert values["p-0-label"] == ("TIE/ln Fighter" if "rename" in typed else "T-65 X-wing")
    assert re.search(r'<option value="tielnfighter" selected>', page) or "rename" not in typed  # the ship followed
    # what is still needed is said as the preview said it
    missing = re.compile(r'<details class="problems" open role="alert"><summary>Still missing.*?</details>', re.S)
    said = missing.search(preview.content.decode())
    assert said is not None and missing.search(page) is not None and missing.search(page).group(0) == said.group(0)


def test_a_choices_own_values_follow_its_pick_so_the_page_can_send_them_over_what_was_typed(client: Client) -> None:
    """The script sends the form's values with a link's own values over them: those after ``pick=1``."""
    page = client.get("/setup/", BASE | SHIP | {"ship": "a", "pick": "1"}).content.decode()
    href = re.search(r'<a class="dial-[a-z]+" href="\?([^"]+)" data-option="2 bank left"', page)
    assert href is not None
    pairs = htmllib.unescape(href.group(1)).split("&")
    own = parse_qs("&".join(pairs[pairs.index("pick=1") + 1 :]))
    assert own == {"action": ["maneuver"], "bearing": ["bank"], "direction": ["left"], "speed": ["2"]}
    assert "p-0-x=300" in pairs[: pairs.index("pick=1")]  # the state it was drawn from comes before
