"""Fuzz every route with mutated valid scenarios: no input may give a 500.

The fast profile runs in ``make test``; ``make fuzz`` runs the long one
(``FUZZ_EXAMPLES``, at least 100,000 inputs in all) and its count is reported
in the issue notes.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.library import examples

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_abuse_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer sends thousands of writes from one address: the limits (tested elsewhere) would answer 429."""
    from rules import limits

    for name in ("WRITES", "RENDERS", "NEW_PER_DAY"):
        monkeypatch.setattr(limits, name, limits.Limit(name.lower(), 0, 60))


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
DOCS = [json.loads(e.scenario.canonical()) for e in examples()]
NASTY: list[Any] = [
    10**400,
    -(10**400),
    float("nan"),
    float("inf"),
    -float("inf"),
    1e308,
    "\ud800",
    "a\x00b",
    "tab\there",
    "\u0661\u0662",
    "\u00b2",
    "9" * 5000,
    "x" * 70,
    "a-b\n",
    "",
    None,
    True,
    [],
    {},
    [[0, 0]],
    -1,
    0,
    2**63,
    {"x": 1},
]
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


def _paths(v: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, (*path, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, (*path, i))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    doc = json.loads(json.dumps(draw(st.sampled_from(DOCS))))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "delete" and isinstance(parent, dict):
            parent.pop(path[-1], None)
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "x", "label", "\ud800", "type"]))] = copy.deepcopy(
                draw(st.sampled_from(NASTY))
            )
        else:
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(NASTY)))  # never share the list's own objects
    return doc


def _body(doc: Any) -> bytes:
    return json.dumps(doc, allow_nan=True).encode("utf-8", "surrogatepass")


@SETTINGS
@given(mutated())
def test_api_never_500(client: Client, doc: Any) -> None:
    r = client.post("/api/v1/rulings", data=_body(doc), content_type="application/json")
    assert r.status_code in (200, 400), r.content[:300]


@SETTINGS
@given(mutated())
def test_explain_and_setup_with_a_document_never_500(client: Client, doc: Any) -> None:
    text = _body(doc).decode("utf-8", "replace")
    assert client.post("/explain/", {"doc": text, "game": "xwing", "edition": "2.5"}).status_code in (303, 400)
    assert client.get("/setup/", {"doc": text, "game": "xwing"}).status_code in (200, 400)


QUERY_VALUES = st.one_of(
    st.sampled_from([str(v) for v in NASTY] + ["١", "²", "1" * 5000, "-3", "3.5", "0x10"]),
    st.integers().map(str),  # any size, any sign
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text(max_size=40),  # any Unicode: digits of other scripts, controls, combining marks
    st.from_regex(r"\A[-+]?[0-9\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]{1,12}([.,][0-9]{0,4})?\Z"),
)


@SETTINGS
@given(QUERY_VALUES)
def test_steps_ids_and_counters_never_500(client: Client, raw: str) -> None:
    sid = examples()[0].id
    client.get(f"/s/{sid}/")  # stored on first view of the library
    safe = raw.replace("\x00", "").encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    assert client.get(f"/s/{sid}/", {"step": safe}).status_code in (200, 404)
    assert client.get(f"/s/{sid}/", {"ranges": safe}).status_code in (200, 400)  # 400 unless a piece id or empty
    picture = client.get(f"/s/{sid}.svg", {"step": safe, "v": safe})  # ``v`` only chooses the cache headers
    assert picture.status_code == 200 and "immutable" not in picture["Cache-Control"]
    assert client.get("/setup/", {"game": "xwing", "p-TOTAL_FORMS": safe, "p-INITIAL_FORMS": "0"}).status_code in (
        200,
        400,
    )
    assert client.get(f"/api/v1/rulings/{sid}%0A").status_code == 404  # a trailing newline is not an id
    word = quote(safe, safe="")
    assert client.get(f"/s/{word}/").status_code in (404, 301)  # never an id from arbitrary text
    assert client.get(f"/api/v1/rulings/{word}").status_code in (404, 301)


# Generators for what mutation rarely reaches (issue 24): situations the engine builds itself, huge ships in
# every Armada action, every piece kind in every form the parser accepts, and labels with noncharacters.

ADDING_ACTIONS = ("place-obstacle", "drop", "launch", "place-device")
FILLER = {
    "xwing": lambda i, x, y: {"id": f"fill{i}", "kind": "ship", "size": "small", "x": x, "y": y, "heading": 0},
    "armada": lambda i, x, y: {"id": f"fill{i}", "kind": "squadron", "x": x, "y": y},
}
XWING_DEVICES = (
    "proton-bomb", "seismic-charge", "ion-bomb", "thermal-detonator", "bomblet", "electro-proton-bomb",
    "concussion-bomb", "blazer-bomb", "proximity-mine", "cluster-mine", "conner-net",
    "loose-cargo", "spare-parts", "electro-chaff-cloud",
)  # fmt: skip
KINDS_AND_TYPES = {
    ("xwing", "obstacle"): ("asteroid", "debris-cloud", "gas-cloud", "blaze", "electro-chaff-cloud", "loose-cargo",
                            "spare-parts"),
    ("xwing", "device"): XWING_DEVICES[:11],
    ("xwing", "remote"): ("buzz-droid-swarm", "drk-1-probe-droid"),
    ("armada", "obstacle"): ("asteroid-field", "debris-field", "dust-field", "exogorth", "gravity-rift", "purrgil",
                             "station"),
    ("armada", "token"): ("grav", "objective", "other", "proximity-mine", "targeting"),
}  # fmt: skip
NONCHARACTERS = st.sampled_from(["\ufffe", "\uffff", "\ufdd0", "\ufdef", "\U0001fffe", "\U0010ffff", "\x85", "\x7f"])


def _docs(game: str | None = None, actions: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    return [
        d for d in DOCS if (game is None or d["game"] == game) and (actions is None or d["action"]["type"] in actions)
    ]


def _near(doc: dict[str, Any], draw: st.DrawFn) -> tuple[float, float]:
    """A spot near one of the pieces (where the action happens), on the table."""
    spots = [(p["x"], p["y"]) for p in doc["pieces"] if "x" in p] or [(300.0, 300.0)]
    x, y = draw(st.sampled_from(spots))
    dx, dy = draw(st.floats(-60, 60)), draw(st.floats(-60, 60))
    return round(min(max(x + dx, 5), 900), 1), round(min(max(y + dy, 5), 900), 1)


def _square(x: float, y: float, r: float) -> list[list[float]]:
    return [[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]]


def _fill(doc: dict[str, Any], draw: st.DrawFn) -> None:
    """Pieces up to the cap, spread over the table (away from nothing in particular)."""
    make = FILLER[doc["game"]]
    for i in range(60 - len(doc["pieces"])):
        doc["pieces"].append(make(i, 30 + (i % 12) * 70, 30 + (i // 12) * 170 + draw(st.integers(0, 40))))


@st.composite
def derived_situations(draw: st.DrawFn) -> Any:
    """Every action that adds a piece, at the piece cap, with every device it can add."""
    doc = copy.deepcopy(draw(st.sampled_from(_docs("xwing", ADDING_ACTIONS))))
    action = doc["action"]
    if action["type"] in ("drop", "launch"):
        action["device"] = {"id": "added", "type": draw(st.sampled_from(XWING_DEVICES))}
    if draw(st.booleans()):
        _fill(doc, draw)
    return doc


@st.composite
def huge_ships_in_armada(draw: st.DrawFn) -> Any:
    """Every Armada action with its ships (or one, or an added one) huge."""
    doc = copy.deepcopy(draw(st.sampled_from(_docs("armada"))))
    ships = [p for p in doc["pieces"] if p["kind"] == "ship"]
    for ship in ships if draw(st.booleans()) else ships[:1]:
        ship["size"] = "huge"
    if draw(st.booleans()) and len(doc["pieces"]) < 60:
        x, y = _near(doc, draw)
        heading, player = draw(st.integers(0, 359)), draw(st.sampled_from([1, 2]))
        big = {"id": "bighuge", "kind": "ship", "size": "huge", "x": x, "y": y, "heading": heading, "player": player}
        doc["pieces"].append(big)
    if doc["action"]["type"] == "place-squadrons":  # squadrons under the huge ship, placed around it
        ship = next(p for p in doc["pieces"] if p["id"] == doc["action"]["ship"])
        for q in (p for p in doc["pieces"] if p["kind"] == "squadron"):
            q["x"], q["y"] = ship["x"] + draw(st.floats(-30, 30)), ship["y"] + draw(st.sampled_from([-100, 100]))
    return doc


@st.composite
def every_piece_form(draw: st.DrawFn) -> Any:
    """A piece of each kind in each form the parser allows (catalogue shape, type's default, outline; heading or
    rotation), added beside the action or replacing the piece the action moves."""
    (game, kind), types = draw(st.sampled_from(sorted(KINDS_AND_TYPES.items())))
    doc = copy.deepcopy(draw(st.sampled_from(_docs(game))))
    x, y = _near(doc, draw)
    ptype = draw(st.sampled_from(types))
    piece: dict[str, Any] = {"id": "formed", "kind": kind, "type": ptype}
    form = draw(st.sampled_from(["outline", "pose", "pose-rotation", "default-shape"]))
    if form == "outline" and not (game == "armada" and kind == "token"):
        piece["outline"] = _square(x, y, draw(st.sampled_from([3.0, 10.0, 25.0])))
    else:
        piece.update(x=x, y=y)
        angle = "rotation" if kind == "obstacle" or form == "pose-rotation" else "heading"
        if not (game == "armada" and kind == "token"):
            piece[angle] = draw(st.integers(-720, 720))
    if draw(st.booleans()):
        piece["player"] = draw(st.sampled_from([1, 2]))
    action = doc["action"]
    moved = action.get("obstacle") if game == "armada" else action.get("device")
    if isinstance(moved, str) and draw(st.booleans()):  # the piece the action moves, in this form
        doc["pieces"] = [p for p in doc["pieces"] if p["id"] != moved]
        piece["id"] = moved
    if len(doc["pieces"]) < 60:
        doc["pieces"].append(piece)
    return doc


@st.composite
def noncharacter_labels(draw: st.DrawFn) -> Any:
    doc = copy.deepcopy(draw(st.sampled_from(DOCS)))
    piece = draw(st.sampled_from(doc["pieces"]))
    piece["label"] = draw(st.text(max_size=5)) + draw(NONCHARACTERS) + draw(st.text(max_size=5))
    return doc


def _served(client: Client, doc: Any) -> None:
    """Posted, then its page, SVG and editor open: nothing the engine builds or draws fails."""
    r = client.post("/api/v1/rulings", data=_body(doc), content_type="application/json")
    assert r.status_code in (200, 400), r.content[:400]  # a 422 would be the engine failing: a bug here
    if r.status_code == 200:
        sid = r.json()["id"]
        for url in (f"/s/{sid}/", f"/s/{sid}.svg", f"/setup/?from={sid}"):  # the PNG rasterises this SVG
            assert client.get(url).status_code == 200, url


@SETTINGS
@given(derived_situations())
def test_derived_situations_never_fail(client: Client, doc: Any) -> None:
    _served(client, doc)


@SETTINGS
@given(huge_ships_in_armada())
def test_huge_ships_in_every_armada_action_never_fail(client: Client, doc: Any) -> None:
    _served(client, doc)


@SETTINGS
@given(every_piece_form())
def test_every_piece_kind_in_every_form_is_ruled_or_refused(client: Client, doc: Any) -> None:
    _served(client, doc)


@SETTINGS
@given(noncharacter_labels())
def test_labels_with_noncharacters_are_refused(client: Client, doc: Any) -> None:
    r = client.post("/api/v1/rulings", data=_body(doc), content_type="application/json")
    assert r.status_code == 400, r.content[:300]


def test_non_json_and_chunked_bodies_are_clear_errors(client: Client) -> None:
    body = _body(DOCS[0])
    assert client.post("/api/v1/rulings", data=body, content_type="text/plain").status_code == 415
    r = client.post("/api/v1/rulings", data=body, content_type="application/json", HTTP_TRANSFER_ENCODING="chunked")
    assert r.status_code == 400


def test_a_label_with_control_characters_is_a_400_and_nothing_is_stored(client: Client) -> None:
    from rules.models import StoredScenario

    doc = json.loads(json.dumps(DOCS[0]))
    doc["pieces"][0]["label"] = "bad\x07label"
    r = client.post("/api/v1/rulings", data=_body(doc), content_type="application/json")
    assert r.status_code == 400 and r.json()["errors"][0]["field"] == "pieces[0].label"
    assert StoredScenario.objects.count() == 0
