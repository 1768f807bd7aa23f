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
