"""The setup page in the player's words: rows named as the page shows them, pieces picked by name,
ships that are what their name says, and the editions and speeds of the game and ship at hand."""

from __future__ import annotations

import html as htmllib
import json
import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def row(i: int, **values: str) -> dict[str, str]:
    return {f"p-{i}-{k}": v for k, v in values.items()}


def rows(n: int) -> dict[str, str]:
    return {"p-TOTAL_FORMS": str(n), "p-INITIAL_FORMS": "0"}


def problems(page: str) -> list[str]:
    box = re.search(r'class="problems".*?</ul>', page, re.S)
    return [htmllib.unescape(m) for m in re.findall(r"<li>(.*?)</li>", box.group(0), re.S)] if box else []


def select(page: str, name: str) -> list[tuple[str, str]]:
    """(value, text) of a select's options."""
    m = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert m is not None, name
    return [
        (htmllib.unescape(v), htmllib.unescape(t))
        for v, t in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)<', m.group(1))
    ]


def value(page: str, name: str) -> str | None:
    m = re.search(rf'<input type="text" name="{re.escape(name)}"[^>]*?(?: value="([^"]*)")?[^>]*>', page)
    return htmllib.unescape(m.group(1)) if m and m.group(1) is not None else None


def selected(page: str, name: str) -> str | None:
    m = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert m is not None, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', m.group(1))
    return htmllib.unescape(chosen.group(1)) if chosen else None


XWING = {"game": "xwing", "edition": "2.5", "action": "maneuver"}


def test_an_error_names_the_row_as_the_page_shows_it_and_nothing_follows_from_it(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "straight", "speed": "2", **rows(2)}
    q |= row(0, id="a", kind="ship", size="small", label="X-wing", x="three hundred", y="200", heading="0")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", x="300", y="330")
    page = client.get("/setup/", q).content.decode()
    said = problems(page)
    assert said == ["Row 1 (X-wing 'a'): x must be a number of millimetres, like 300"]
    assert "pieces[" not in page and "action.ship" not in page  # no JSON path, no follow-on "ship" error


def test_the_api_keeps_its_json_paths_without_follow_on_errors(client: Client) -> None:
    doc = {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": [{"id": "a", "kind": "ship", "size": "small", "x": "three hundred", "y": 200, "heading": 0}],
        "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 2},
    }
    r = client.post("/api/v1/rulings", doc, content_type="application/json")
    assert r.status_code == 400 and r.json()["errors"] == [{"field": "pieces[0].x", "message": "must be a number"}]
    doc["action"]["ship"] = "nobody"
    fields = [e["field"] for e in client.post("/api/v1/rulings", doc, content_type="application/json").json()["errors"]]
    assert fields == ["pieces[0].x", "action.ship"]  # a ship that does not exist at all is still a problem


def test_an_action_problem_names_its_input(client: Client) -> None:
    q = XWING | {"ship": "a", **rows(1)} | row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0")
    page = client.get("/setup/", q).content.decode()
    assert "Bearing: is missing" in problems(page)
    assert not [p for p in problems(page) if "action." in p or "[" in p]


def test_a_live_preview_clears_the_forms_errors_of_the_last_full_page(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "straight", "speed": "2", **rows(1)}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0")
    live = client.get("/setup/", q, headers={"HX-Request": "true"}).content.decode()
    assert 'hx-swap-oob="outerHTML:#setup .error"' in live
    assert "hx-swap-oob" not in client.get("/setup/", q).content.decode()


def test_pieces_are_picked_by_name_and_a_ships_name_works(client: Client) -> None:
    q = {"game": "armada", "edition": "1.5", "action": "move-obstacle", **rows(2)}
    q |= row(0, id="isd", kind="ship", chassis="imperial-i-class-star-destroyer", x="600", y="300", heading="0")
    q |= row(1, id="rock", kind="obstacle", type="asteroid-field", x="900", y="500", heading="0")
    q |= {
        "moved": "rock",
        "max_distance": "2",
        "toward": "Imperial I-class Star Destroyer",
        "to_x": "880",
        "to_y": "480",
    }
    page = client.get("/setup/", q).content.decode()
    assert ("isd", "Imperial I-class Star Destroyer") in select(page, "toward")
    assert selected(page, "toward") == "isd"  # the name typed in a link means that ship
    assert select(page, "moved")[1:] == [("rock", "rock")]  # only obstacles and tokens may be moved
    assert not [p for p in problems(page) if "toward" in p.lower()]


def test_changing_an_xwing_ships_name_changes_its_size_label_and_dial(client: Client) -> None:
    q = XWING | {"ship": "ship-1", **rows(1)}
    q |= row(0, id="ship-1", kind="ship", chassis="t65xwing", size="small", label="T-65 X-wing", x="300", y="200")
    page = client.get("/setup/", q | row(0, chassis="modifiedyt1300lightfreighter")).content.decode()
    assert selected(page, "p-0-size") == "large" and value(page, "p-0-label") == "Modified YT-1300 Light Freighter"
    dial = re.search(r'<nav class="dial".*?</nav>', page, re.S)
    assert dial is not None and "1 bank left" in dial.group(0) and "dial-white" in dial.group(0)
    assert not problems(page) or all("size" not in p for p in problems(page))
    own = client.get("/setup/", q | row(0, chassis="modifiedyt1300lightfreighter", label="Millennium Falcon")).content
    assert value(own.decode(), "p-0-label") == "Millennium Falcon"  # a name the user gave stays


def test_the_chosen_dial_maneuver_is_marked(client: Client) -> None:
    q = XWING | {"ship": "a", "bearing": "bank", "direction": "left", "speed": "1", **rows(1)}
    q |= row(0, id="a", kind="ship", chassis="t65xwing", x="300", y="200", heading="0")
    dial = re.search(r'<nav class="dial".*?</nav>', client.get("/setup/", q).content.decode(), re.S)
    assert dial is not None
    current = re.findall(r'aria-current="true">([^<]+)<', dial.group(0))
    assert current == ["1 bank left"]


ARMADA = {"game": "armada", "edition": "1.5", "action": "maneuver"}


def test_changing_an_armada_ships_name_changes_its_size_label_and_speed_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", "speed": "2", "clicks": "0, 1", "side": "left", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", size="medium", x="600", y="300")
    q |= row(0, yaw_limits="1: 1; 2: 0 1", label="Victory II-class Star Destroyer", heading="0")
    page = client.get("/setup/", q | row(0, chassis="imperial-i-class-star-destroyer")).content.decode()
    assert selected(page, "p-0-size") == "large"
    assert value(page, "p-0-label") == "Imperial I-class Star Destroyer"
    assert value(page, "p-0-yaw_limits") == "1: 1; 2: 1 1; 3: 0 1 1"
    speeds = re.findall(r'class="dial-[a-z ]+"[^>]*>Speed (\d)<', page)
    assert speeds == ["0", "1", "2", "3"]  # the new ship's chart: speed 3 is on it now


def test_armada_speed_and_clicks_are_picked_from_the_ships_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", "speed": "2", "side": "left", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", x="600", y="300", heading="0")
    page = client.get("/setup/", q).content.decode()
    links = {
        htmllib.unescape(label): {k: v[0] for k, v in parse_qs(urlparse(htmllib.unescape(href)).query).items()}
        for href, label in re.findall(r'<a class="dial-[a-z ]+" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    }
    assert [k for k in links if k.startswith("Speed")] == ["Speed 0", "Speed 1", "Speed 2"]
    # speed 2 on a Victory II: joint 1 allows no yaw, joint 2 one click either way
    assert [k for k in links if k.startswith("Joint")] == [
        "Joint 1: straight",
        "Joint 2: 1 left",
        "Joint 2: straight",
        "Joint 2: 1 right",
    ]
    assert links["Joint 2: 1 right"]["clicks"] == "0, 1" and links["Speed 1"]["clicks"] == "0"
    assert 'data-testid="verdict"' in page  # no clicks typed: the joints go straight until one is picked
    took = client.get("/setup/", q | {"clicks": links["Joint 2: 1 right"]["clicks"]}).content.decode()
    assert re.search(r'aria-current="true">Joint 2: 1 right<', took)


def test_the_armada_tool_side_is_picked_from_the_speed_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", "speed": "2", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", x="600", y="300", heading="0")
    page = client.get("/setup/", q).content.decode()
    assert any("side" in p.lower() for p in problems(page))  # the maneuver lacks only its tool side
    links = dict(re.findall(r'<a class="dial-[a-z ]+" href="([^"]+)"[^>]*>(Tool on the [a-z]+)</a>', page))
    assert sorted(links.values()) == ["Tool on the left", "Tool on the right"]
    right = next(href for href, label in links.items() if label == "Tool on the right")
    took = client.get("/setup/" + htmllib.unescape(right)).content.decode()
    assert 'data-testid="verdict"' in took  # the side was all the maneuver lacked
    assert re.search(r'aria-current="true">Tool on the right<', took)


def test_the_edition_menu_follows_the_game(client: Client) -> None:
    page = client.get("/setup/", ARMADA | {"edition": "2.5", **rows(0)}).content.decode()
    assert select(page, "edition") == [("1.5", "Armada 1.5")]
    assert ("5", "5") not in select(page, "speed")  # an Armada ship's speeds are 0 to 4
    css = client.get("/setup/fields.css").content.decode()
    assert re.search(r'#id_game_1:checked\) select\[name="edition"\] option\[value="2.5"\]', css)


def browser_form(page: str) -> list[tuple[str, str]]:
    """What a browser sends for the setup form as the page shows it: every input, empty ones too."""
    form = re.search(r'<form id="setup".*?</form>', page, re.S)
    assert form is not None
    out: list[tuple[str, str]] = []
    pattern = r"<(input\b[^>]*)>|<((?:textarea|select)\b[^>]*)>(.*?)</(?:textarea|select)>"
    for single, paired, inner in re.findall(pattern, form.group(0), re.S):
        tag, body = single or paired, inner
        name = re.search(r'name="([^"]+)"', tag)
        if not name or re.search(r'type="(submit|button)"', tag):
            continue
        if re.search(r'type="(checkbox|radio)"', tag):
            if " checked" in tag:
                found = re.search(r'value="([^"]*)"', tag)
                out.append((name.group(1), htmllib.unescape(found.group(1)) if found else "on"))
            continue
        if tag.startswith("select"):
            chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body or "")
            first = re.search(r'<option value="([^"]*)"', body or "")
            out.append((name.group(1), htmllib.unescape((chosen or first).group(1)) if (chosen or first) else ""))
        elif tag.startswith("textarea"):
            out.append((name.group(1), htmllib.unescape((body or "").lstrip("\n"))))
        else:
            found = re.search(r'value="([^"]*)"', tag)
            out.append((name.group(1), htmllib.unescape(found.group(1)) if found else ""))
    return out


def post_form(client: Client, url: str, sent: list[tuple[str, str]], **kw: object):  # type: ignore[no-untyped-def]
    """Post the form as a browser does (urlencoded, every input)."""
    return client.post(url, urlencode(sent), content_type="application/x-www-form-urlencoded", **kw)  # type: ignore[arg-type]


def stored_id(client: Client, doc: dict) -> str:
    r = client.post("/api/v1/rulings", doc, content_type="application/json")
    assert r.status_code == 200, r.content
    return str(r.json()["id"])


BIG = {
    "format": 1,
    "game": "xwing",
    "edition": "2.5",
    "table": {"width": 1200, "height": 1000},
    "pieces": [
        {
            "id": f"s{i}",
            "kind": "ship",
            "size": "small",
            "x": 60 + (i % 10) * 100,
            "y": 80 + (i // 10) * 150,
            "heading": 0,
            "player": 1 + i % 2,
            "label": f"Ship {i}",
        }
        for i in range(60)
    ],
    "action": {"type": "maneuver", "ship": "s0", "bearing": "straight", "speed": 1},
}


def test_the_largest_scenario_and_a_custom_table_open_in_the_editor_whole(client: Client) -> None:
    from rules.engine import parse_scenario
    from rules.setup_state import Setup, form_query, initial_from_scenario

    sid = stored_id(client, BIG)
    page = client.get("/setup/", {"from": sid})
    text = page.content.decode()
    assert page.status_code == 200 and 'name="p-59-id"' in text and value(text, "table_width") == "1200"
    assert 'data-testid="verdict"' in text and '<nav class="who"' in text  # helpers at once, no Preview needed
    # what the browser sends back (every input, empty ones too) posts to a short address that keeps it all
    sent = browser_form(text)
    assert len(sent) > 600  # more inputs than the server took before
    r = post_form(client, "/setup/", sent)
    assert r.status_code == 303 and re.fullmatch(r"\?state=[a-z2-7]{16}", r["Location"])
    again = client.get("/setup/" + r["Location"])
    assert again.status_code == 200 and 'name="p-59-id"' in again.content.decode()
    assert post_form(client, "/explain/", browser_form(again.content.decode()))["Location"] == f"/s/{sid}/"
    scenario = parse_scenario(BIG)
    assert Setup(QueryDict_of(form_query(*initial_from_scenario(scenario)))).scenario.short_id() == sid  # type: ignore[union-attr]


def QueryDict_of(values: dict[str, str]):  # type: ignore[no-untyped-def]  # noqa: N802
    from django.http import QueryDict

    q = QueryDict(mutable=True)
    q.update(values)
    return q


def test_a_live_preview_of_a_big_setup_names_a_short_address(client: Client) -> None:
    sid = stored_id(client, BIG)
    sent = browser_form(client.get("/setup/", {"from": sid}).content.decode())
    live = post_form(client, "/setup/", sent, headers={"HX-Request": "true"})
    assert live.status_code == 200 and re.fullmatch(r"/setup/\?state=[a-z2-7]{16}", live["HX-Push-Url"])
    links = re.findall(r'<a class="who-[a-z-]+" href="([^"]+)"', live.content.decode())
    assert links and all(len(htmllib.unescape(h)) < 100 for h in links)  # the helpers' links stay short
    small = client.post("/setup/", XWING | rows(0), headers={"HX-Request": "true"})
    assert small["HX-Push-Url"].startswith("/setup/?game=xwing")  # a small setup's address is its values


def test_opening_a_situation_shows_its_helpers_and_marks_its_maneuver(client: Client) -> None:
    from rules.library import examples

    ex = next(e for e in examples() if e.slug == "xw-34-turret-by-chassis")
    page = client.get("/setup/", {"from": ex.id}).content.decode()
    assert '<nav class="who"' in page and "Put a piece where the question is" in page  # snaps offered live


def _renamed(doc: dict) -> dict:
    """The same situation with unmistakable ids (``zq-N``): a piece without a label keeps its old id as its name."""
    doc = json.loads(json.dumps(doc))
    action = doc["action"]
    # a dropped or launched device is only an id and a type (no label: the engine names it by its id, a gap
    # left to the engine's wording), so it keeps its id here
    brought = ("obstacle",) if action["type"] in ("drop", "launch") else ("obstacle", "device")
    pieces = doc["pieces"] + [action[k] for k in brought if isinstance(action.get(k), dict)]
    new = {p["id"]: f"zq-{n}" for n, p in enumerate(pieces)}
    for p in pieces:
        p.setdefault("label", p["id"])
        p["id"] = new[p["id"]]
        if isinstance(p.get("target"), str):
            p["target"] = new.get(p["target"], p["target"])
    for key in ("ship", "attacker", "defender", "squadron", "obstacle", "token", "toward", "device"):
        if isinstance(action.get(key), str):
            action[key] = new.get(action[key], action[key])
    if isinstance(action.get("placements"), dict):
        action["placements"] = {new.get(k, k): v for k, v in action["placements"].items()}
    if isinstance(action.get("not_obstructing"), list):  # an Armada attack's obstacles an objective waives
        action["not_obstructing"] = [new.get(k, k) for k in action["not_obstructing"]]
    if isinstance(doc.get("dice"), dict):
        doc["dice"] = {new.get(k, k): v for k, v in doc["dice"].items()}
    return doc


def test_library_situations_in_the_editor_speak_without_paths_or_ids(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pieces by name, never ids, paths or coordinates: in the problems, the who/dial/snap helpers, the headline,
    the steps and the share snippets, as the setup preview and the permalink page show them."""
    from rules import limits
    from rules.library import examples

    for name in ("WRITES", "RENDERS", "NEW_PER_DAY"):  # one store per example, more than a minute's writes
        monkeypatch.setattr(limits, name, limits.Limit(name.lower(), 0, 60))

    helped = 0
    for ex in examples():
        sid = stored_id(client, _renamed(ex.scenario.to_dict()))
        page = client.get("/setup/", {"from": sid, "snaps": "1"}).content.decode()
        assert not problems(page), ex.slug
        parts = re.findall(r'<nav class="(?:who|dial)".*?</nav>|<details class="snaps".*?</details>', page, re.S)
        shown = re.sub(r"<[^>]+>", " ", " ".join(parts))
        helped += bool(parts)
        assert "zq-" not in shown, (ex.slug, shown)
        assert not re.search(r"pieces\[|action\.[a-z]", shown), ex.slug
        # the headline, the steps and every share snippet, as the setup preview and the permalink show them
        said = re.findall(r'data-testid="verdict">([^<]*)<|<ol class="preview-steps">(.*?)</ol>', page, re.S)
        ruling = client.get(f"/s/{sid}/").content.decode()
        said += re.findall(
            r'<h1 class="verdict">(.*?)</h1>|<meta (?:name|property)="[a-z:]+" content="([^"]*)"', ruling, re.S
        )
        said += re.findall(r'class="copy">([^<]*)</textarea>|value="([^"]*)" class="copy"', ruling)
        text = htmllib.unescape(re.sub(r"<[^>]+>", " ", " ".join(" ".join(t) for t in said)))
        assert "zq-" not in text and not re.search(r"pieces\[|action\.[a-z]", text), (ex.slug, text)
        assert not re.search(r"\(\s*-?\d+(?:\.\d+)?,\s*-?\d+(?:\.\d+)?\)", text), (ex.slug, text)  # no (x, y)
    assert helped > len(examples()) * 3 // 4  # most situations offer helpers to check


def test_a_live_preview_redraws_the_piece_menus_only_when_the_pieces_change(client: Client) -> None:
    q = XWING | rows(1) | row(0, id="a", kind="ship", size="small", label="X-wing", x="300", y="200", heading="0")
    live = client.post("/setup/", q, headers={"HX-Request": "true"}).content.decode()
    menu = re.search(r'<select name="ship"[^>]*hx-swap-oob="true"[^>]*>.*?</select>', live, re.S)
    assert menu is not None and '<option value="a">X-wing</option>' in menu.group(0)
    key = re.search(r'name="menus" id="menus" value="([0-9a-f]{12})"', live)
    assert key is not None
    again = client.post("/setup/", q | {"menus": key.group(1)}, headers={"HX-Request": "true"})
    assert 'name="ship"' not in again.content.decode()  # unchanged pieces: a menu being chosen in is left alone
    assert "menus" not in again["HX-Push-Url"]


def test_a_live_preview_redraws_a_renamed_ships_inputs_and_a_new_games_menus(client: Client) -> None:
    q = XWING | {"ship": "ship-1", **rows(1)}
    q |= row(0, id="ship-1", kind="ship", chassis="modifiedyt1300lightfreighter", size="small", label="T-65 X-wing")
    live = client.post("/setup/", q | row(0, x="300", y="200"), headers={"HX-Request": "true"}).content.decode()
    size = re.search(r'<select name="p-0-size"[^>]*hx-swap-oob="true"[^>]*>.*?</select>', live, re.S)
    assert size is not None and '<option value="large" selected>' in size.group(0)
    assert re.search(
        r'<input type="text" name="p-0-label" value="Modified YT-1300 Light Freighter"[^>]*hx-swap-oob', live
    )
    switched = client.post("/setup/", ARMADA | {"edition": "2.5", **rows(0)}, headers={"HX-Request": "true"})
    edition = re.search(
        r'<select name="edition"[^>]*hx-swap-oob="true"[^>]*>(.*?)</select>', switched.content.decode(), re.S
    )
    assert edition is not None and re.findall(r'value="([^"]*)"', edition.group(1)) == ["1.5"]
    same = client.post("/setup/", ARMADA | rows(0), headers={"HX-Request": "true"}).content.decode()
    assert '<select name="edition"' not in same  # the game did not change: its menus are left alone


def test_dice_and_placements_may_name_pieces_by_their_labels(client: Client) -> None:
    from rules.setup_state import Setup

    q = XWING | {"ship": "a", "bearing": "straight", "speed": "2", "dice": "The big rock: hit", **rows(2)}
    q |= row(0, id="a", kind="ship", size="small", label="X-wing", x="300", y="200", heading="0")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", label="The big rock", x="300", y="260", heading="0")
    s = Setup(QueryDict_of(q))
    assert s.problems == [] and s.scenario is not None and s.scenario.dice == {"rock": ("hit",)}
    q = ARMADA | {"action": "place-squadrons", "ship": "vic", "placements": "TIE squadron: 640, 380", **rows(2)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", x="600", y="300", heading="0")
    q |= row(1, id="tie", kind="squadron", label="TIE squadron", x="600", y="300")
    s = Setup(QueryDict_of(q))
    assert s.document is not None and list(s.document["action"]["placements"]) == ["tie"]


def test_the_armada_speed_menu_offers_the_ships_chart(client: Client) -> None:
    q = ARMADA | {"ship": "vic", **rows(1)}
    q |= row(0, id="vic", kind="ship", chassis="victory-ii-class-star-destroyer", x="600", y="300", heading="0")
    assert [v for v, _ in select(client.get("/setup/", q).content.decode(), "speed")] == ["", "0", "1", "2"]
    q |= row(0, chassis="imperial-i-class-star-destroyer")
    assert [v for v, _ in select(client.get("/setup/", q).content.decode(), "speed")] == ["", "0", "1", "2", "3"]


def test_new_drafts_are_limited_and_an_unknown_one_is_a_404(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import limits

    monkeypatch.setattr(limits, "DRAFTS", limits.Limit("drafts", 1, 60))
    sid = stored_id(client, BIG)
    sent = browser_form(client.get("/setup/", {"from": sid}).content.decode())
    assert post_form(client, "/setup/", sent).status_code == 303
    assert post_form(client, "/setup/", sent).status_code == 303  # the same draft again costs nothing
    other = [(k, "301" if k == "p-5-x" else v) for k, v in sent]
    assert post_form(client, "/setup/", other).status_code == 429
    assert client.post("/setup/", XWING | rows(0)).status_code == 303  # a short state needs no draft
    assert client.get("/setup/", {"state": "nosuchdraft00000"}).status_code == 404


def test_a_problem_inside_an_actions_piece_or_dice_names_it_as_the_page_does(client: Client) -> None:
    from rules.setup_state import Setup

    q = XWING | {"action": "place-obstacle", "placed": "rock", **rows(1)}
    q |= row(0, id="rock", kind="obstacle", type="asteroid", label="Big rock", x="far", y="200")
    assert Setup(QueryDict_of(q)).messages == ["Obstacle to place: x must be a number of millimetres, like 300"]
    q = XWING | {"ship": "a", "bearing": "straight", "speed": "1", "dice": "Big rock: hit, crit", **rows(2)}
    q |= row(0, id="a", kind="ship", size="small", x="300", y="200")
    q |= row(1, id="rock", kind="obstacle", type="asteroid", label="Big rock", x="300", y="260")
    assert Setup(QueryDict_of(q)).messages == ["Dice for Big rock: an asteroid rolls only 1 die"]


def test_a_rows_menus_offer_the_chosen_games_pieces_only(client: Client) -> None:
    page = client.get("/setup/", ARMADA | rows(1) | row(0, id="vic", kind="ship")).content.decode()
    chassis = [v for v, _ in select(page, "p-0-chassis")]
    assert "victory-ii-class-star-destroyer" in chassis and "t65xwing" not in chassis
    assert [v for v, _ in select(page, "p-0-kind")] == ["", "ship", "squadron", "obstacle", "token"]
    assert not [v for v, _ in select(page, "palette") if v.startswith("xwing:")]


ATTACK = ARMADA | {"action": "attack", **rows(3)}
ATTACK |= row(0, id="vsd", kind="ship", size="medium", label="Victory", x="400", y="300", heading="0", player="1")
ATTACK |= row(1, id="neb", kind="ship", size="small", label="Nebulon", x="400", y="500", heading="180", player="2")
ATTACK |= row(2, id="sq", kind="squadron", label="TIE wing", x="600", y="300", player="1")


def test_an_armada_attack_picks_its_ships_by_name_and_its_hull_zones_from_menus(client: Client) -> None:
    page = client.get("/setup/", ATTACK).content.decode()
    for name in ("attacker", "defender"):  # ships and squadrons, by name
        assert {("vsd", "Victory"), ("neb", "Nebulon"), ("sq", "TIE wing")} <= set(select(page, name)), name
    assert {"front", "left", "right", "rear"} <= {v for v, _ in select(page, "defender_zone")}
    assert "arc (Armada: attacking hull zone)" in page and "defending hull zone" in page
    # names typed or linked resolve to the ids; the zones follow from the menu's links
    q = ATTACK | {"attacker": "Victory", "defender": "Nebulon", "arc": "front", "defender_zone": "front"}
    page = client.get("/setup/", q).content.decode()
    assert not problems(page) and 'data-testid="verdict"' in page
    assert (selected(page, "attacker"), selected(page, "defender")) == ("vsd", "neb")
    said = htmllib.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "Victory attacks Nebulon" in said and "at Nebulon's" in said  # the pairs and the zones to pick


def test_the_armada_who_menu_offers_attacks_beside_the_speed_chart(client: Client) -> None:
    q = ATTACK | {"action": "maneuver", "ship": "vsd", "speed": "1", "clicks": "0"}
    q |= row(0, yaw_limits="1: 1; 2: 0 1")
    page = htmllib.unescape(re.sub(r"<[^>]+>", " ", client.get("/setup/", q).content.decode()))
    assert "Speed 2" in page and "Joint 1: 1 right" in page  # the ship's chart
    assert "Victory attacks Nebulon" in page and "TIE wing attacks Nebulon" in page  # and the attacks


def test_one_attack_group_holds_both_games_attack_inputs_and_the_web_form_names_none(client: Client) -> None:
    from pathlib import Path

    from rules import forms

    page = client.get("/setup/").content.decode()
    group = re.findall(r'<div class="group ([^"]*)"><span class="group-label">Attack</span>(.*?)</div>', page, re.S)
    assert len(group) == 1 and "for-game" not in group[0][0]  # shown whichever game is chosen
    assert re.findall(r'name="([a-z_]+)"', group[0][1]) == ["attacker", "defender", "arc", "defender_zone"]
    assert len(re.findall(r'name="defender_zone"', page)) == 1
    source = Path(forms.__file__).read_text()
    assert not re.search(r'"(ship|speed|to_x|attacker|arc|defender_zone)"', source)  # the games declare them


def test_the_rows_say_facing_from_the_edges_the_picture_names(client: Client) -> None:
    """The selected piece's panel says "facing Player 2's edge" (not "facing 0°"); the rows' help counts the
    degrees from the same edge, which the picture names at the top of the table."""
    q = rows(1) | row(0, id="a", kind="ship", size="small", x="300", y="300", heading="0", label="A")
    page = client.get("/setup/", q | {"game": "xwing", "edition": "2.5"}).content.decode()
    help_text = re.sub(r"\s+", " ", htmllib.unescape(page.split('<fieldset class="pieces"')[1].split("</p>")[0]))
    assert "clockwise (a turn to the right) from facing Player 2's edge" in help_text
    assert "90 faces the right edge, 180 Player 1's edge" in help_text
    assert "straight up the table" not in help_text
