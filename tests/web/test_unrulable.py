"""A situation the engine cannot rule is said plainly (422, JSON for the API), logged with its id, never a 500 and
never stored; a stored permalink that today's engine cannot read or rule still opens, forever."""

from __future__ import annotations

import html as htmllib
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from rules.engine import games
from rules.engine.changes import engine_version
from rules.models import StoredScenario
from tests.web.logs import kept

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(slug: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{slug}.json").read_text())["scenario"]


def filled(doc: dict[str, Any]) -> dict[str, Any]:
    doc["pieces"] += [
        {"id": f"f{i}", "kind": "ship", "size": "small", "x": 50 + i % 10 * 60, "y": 700 + i // 10 * 45, "heading": 0}
        for i in range(60 - len(doc["pieces"]))
    ]
    return doc


def huge_squadrons() -> dict[str, Any]:
    doc = example("am-15-place-squadrons-legal")
    doc["pieces"][0]["size"] = "huge"
    for q, y in zip(doc["pieces"][1:], (500, 300), strict=True):
        q["x"], q["y"] = 600, y
    return doc


def swarm_outline() -> dict[str, Any]:
    doc = example("xw-41-buzz-droid-swarm-relocates")
    for k in ("x", "y", "heading"):
        doc["pieces"][1].pop(k)
    doc["pieces"][1]["outline"] = [[300, 370], [320, 370], [320, 390], [300, 390]]
    return doc


def cargo_at_the_cap() -> dict[str, Any]:
    doc = filled(example("dv-01-drop-proton-bomb"))
    doc["action"]["device"] = {"id": "new", "type": "loose-cargo"}
    return doc


FINDINGS = {
    "place-obstacle at 60 pieces": lambda: filled(example("xw-17-loose-cargo-under-enemy")),
    "loose cargo dropped at 60 pieces": cargo_at_the_cap,
    "huge ship's place-squadrons": huge_squadrons,
    "buzz droid swarm as an outline": swarm_outline,
}


def form(doc: dict[str, Any]) -> dict[str, str]:
    """The setup form in JSON mode: the document, with the game, edition and action it names."""
    return {
        "doc": json.dumps(doc),
        "game": doc["game"],
        "edition": doc["edition"],
        "action": doc["action"]["type"],
        "p-TOTAL_FORMS": "0",
        "p-INITIAL_FORMS": "0",
    }


def post(client: Client, doc: Any) -> Any:
    return client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json")


@pytest.mark.parametrize("finding", list(FINDINGS))
def test_each_audited_500_rules_on_every_route(client: Client, finding: str) -> None:
    doc = FINDINGS[finding]()
    r = post(client, doc)
    assert r.status_code == 200, r.content[:300]
    sid = r.json()["id"]
    for url in (f"/s/{sid}/", f"/s/{sid}.svg", f"/s/{sid}.png", f"/setup/?from={sid}", f"/api/v1/rulings/{sid}"):
        assert client.get(url).status_code == 200, url
    assert client.get("/setup/", form(doc)).status_code == 200
    assert client.post("/explain/", form(doc)).status_code == 303


def test_a_label_xml_cannot_carry_is_refused_and_nothing_is_stored(client: Client) -> None:
    doc = example("xw-17-loose-cargo-under-enemy")
    doc["pieces"][0]["label"] = "a\ufffeb"
    r = post(client, doc)
    assert r.status_code == 400 and r.json()["errors"][0]["field"] == "pieces[0].label"
    assert not StoredScenario.objects.exists()


@pytest.fixture
def engine_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every X-Wing maneuver ruling raises, as an engine bug would."""
    game = games.get("xwing")

    def broken(scenario: Any) -> Any:
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setitem(game.handlers, "maneuver", broken)
    cache.clear()


def test_an_engine_failure_is_a_422_naming_it_logged_and_not_stored(client: Client, engine_fails: None) -> None:
    doc = example("xw-41-buzz-droid-swarm-relocates")
    with kept("rules.unrulable", logging.ERROR) as caplog:
        r = post(client, doc)
    assert r.status_code == 422 and r["Content-Type"] == "application/json"
    message = r.json()["errors"][0]["message"]
    assert message.startswith("this situation cannot be ruled: ") and "ZeroDivisionError" in message
    assert not StoredScenario.objects.exists()
    from rules.engine import parse_scenario

    sid = parse_scenario(doc).short_id()
    assert any(sid in rec.getMessage() for rec in caplog.records)
    explained = client.post("/explain/", form(doc))
    assert explained.status_code == 422 and b"this situation cannot be ruled" in explained.content
    assert not StoredScenario.objects.exists()
    preview = client.get("/setup/", form(doc))
    assert preview.status_code == 422 and b"this situation cannot be ruled" in preview.content
    partial = client.get("/setup/", form(doc), headers={"HX-Request": "true"})
    assert partial.status_code == 200 and b"this situation cannot be ruled" in partial.content  # htmx swaps it


def _store_raw(doc: dict[str, Any], sid: str = "brokenrow1") -> str:
    """A row as an older, laxer engine stored it (rows are immutable: it stays)."""
    StoredScenario.objects.create(
        id=sid, digest=sid.ljust(64, "0"), document=json.dumps(doc, ensure_ascii=False), engine_version=1
    )
    return sid


def test_a_stored_row_the_parser_now_refuses_opens_everywhere(client: Client) -> None:
    doc = example("xw-17-loose-cargo-under-enemy")
    doc["pieces"][0]["label"] = "a\ufffeb"
    sid = _store_raw(doc)
    page = client.get(f"/s/{sid}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "cannot be ruled" in text and f"/setup/?from={sid}" in text and f"/api/v1/rulings/{sid}" in text
    assert "/changes/" in text and "loose-cargo" in text  # the stored situation, as JSON
    assert client.get(f"/s/{sid}/step/1/").status_code == 200
    api = client.get(f"/api/v1/rulings/{sid}")
    assert api.status_code == 422 and api["Content-Type"] == "application/json"
    body = api.json()
    assert body["id"] == sid and body["scenario"]["pieces"][0]["label"] == "a\ufffeb"
    assert "pieces[0].label" in body["errors"][0]["message"]
    for picture in (f"/s/{sid}.svg", f"/s/{sid}.png", f"/s/{sid}/thumb.svg"):
        r = client.get(picture)
        assert r.status_code == 422 and b"cannot be ruled" in r.content and r["Cache-Control"] == "no-store"
    embed = client.get("/oembed", {"url": f"http://testserver/s/{sid}/"})
    assert embed.status_code == 422 and "cannot be ruled" in embed.json()["errors"][0]["message"]
    assert embed["Cache-Control"] == "no-store"
    editor = client.get(f"/setup/?from={sid}")
    assert editor.status_code == 200
    said = htmllib.unescape(editor.content.decode())  # the problem in the page's words, not a JSON path
    assert "Piece 1 ('a'): the name on the table must not contain" in said and "loose-cargo" in said


def test_a_stored_row_whose_ruling_fails_opens_with_its_picture(client: Client, engine_fails: None) -> None:
    sid = _store_raw(example("xw-41-buzz-droid-swarm-relocates"))
    page = client.get(f"/s/{sid}/")
    assert page.status_code == 200 and b"ZeroDivisionError" in page.content and b"<svg" in page.content
    assert client.get(f"/api/v1/rulings/{sid}").status_code == 422
    assert client.get(f"/s/{sid}.png").status_code == 422
    assert client.get(f"/setup/?from={sid}").status_code == 200
    assert engine_version() >= 1


def _rerule(*args: str) -> tuple[str, bool]:
    from io import StringIO

    from django.core.management import CommandError, call_command

    out = StringIO()
    try:
        call_command("rerule", *args, stdout=out)
    except CommandError:
        return out.getvalue(), False
    return out.getvalue(), True


def test_rerule_names_a_row_the_parser_now_refuses_and_checks_its_page(client: Client) -> None:
    good = post(client, example("xw-17-loose-cargo-under-enemy")).json()["id"]
    doc = example("xw-17-loose-cargo-under-enemy")
    doc["pieces"][0]["label"] = "a\ufffeb"
    sid = _store_raw(doc)
    out, ok = _rerule()
    assert not ok and "2 stored scenarios re-ruled: 1 ok, 1 failed" in out
    assert f"FAILED {sid}: today's rules engine no longer reads it" in out and "pieces[0].label" in out
    assert good not in out
    assert StoredScenario.objects.get(pk=sid).opened is None  # checked by the command, not opened by a reader


def test_rerule_checks_the_png_and_svg_a_reader_gets_and_repair_redraws_them(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules.views import pictures

    cache.clear()
    sid = post(client, example("xw-17-loose-cargo-under-enemy")).json()["id"]
    real = pictures.render_png
    monkeypatch.setattr(pictures, "render_png", lambda svg, w, h: b"not a png")
    out, ok = _rerule()
    assert not ok and f"FAILED {sid}: png: not a valid png" in out
    monkeypatch.setattr(pictures, "render_png", real)
    out, ok = _rerule()
    assert not ok, "the broken PNG is cached: only a repair draws it again"
    out, ok = _rerule("--repair")
    assert ok and "1 ok, 0 failed" in out, out
    assert _rerule()[1]


def _row(n: int, **values: str) -> dict[str, str]:
    return {f"p-{n}-{k}": v for k, v in values.items()}


def test_snap_helpers_that_fail_are_said_and_the_page_still_works(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    setup_view = importlib.import_module("rules.views.setup")
    query = {
        "game": "xwing",
        "edition": "2.5",
        "action": "maneuver",
        "ship": "a",
        "bearing": "straight",
        "speed": "2",
        "p-TOTAL_FORMS": "2",
        "p-INITIAL_FORMS": "0",
        **_row(0, id="a", kind="ship", size="small", x="300", y="200", heading="0"),
        **_row(1, id="rock", kind="obstacle", type="asteroid", x="300", y="260"),
        "snaps": "1",
    }
    assert client.get("/setup/", query).status_code == 200

    def broken(*args: Any) -> Any:
        raise AttributeError("'MultiPolygon' object has no attribute 'exterior'")

    monkeypatch.setattr(setup_view, "snap_links", broken)
    r = client.get("/setup/", query)
    assert r.status_code == 200 and b"this situation cannot be ruled" in r.content  # said, not a 500
    assert b"fully executes" in r.content  # the ruling itself is still shown


def test_a_stored_row_that_cannot_be_ruled_is_drawn_like_a_permalinks_picture(
    client: Client, engine_fails: None
) -> None:
    """Its picture framed the whole table with labels sized for a thumbnail, and drew its legend in the SVG
    where every other page lists the marks beside the picture (issue 22)."""
    import re
    import xml.etree.ElementTree as ET

    from rules.engine.svg import LABEL_PX, PHONE_PICTURE_PX

    sid = _store_raw(example("xw-41-buzz-droid-swarm-relocates"))
    page = client.get(f"/s/{sid}/").content.decode()
    svg = ET.fromstring(re.search(r"<svg.*?</svg>", page, re.S).group(0))  # type: ignore[union-attr]
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.find(f"{ns}g[@class='legend']") is None
    side = float(svg.get("viewBox", "").split()[2])
    assert side < 914.4 * 0.8  # its pieces with room around them, not the whole table
    sizes = [float(t.get("font-size", "0")) * PHONE_PICTURE_PX / side for t in svg.iter(f"{ns}text")]
    assert sizes and min(sizes) >= LABEL_PX * 0.99
