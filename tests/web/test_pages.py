"""Pages: full page vs htmx partial, permalinks, pictures, rules pages, CSP, no inline code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from rules.engine import parse_scenario
from rules.library import examples
from rules.models import ImmutableError, StoredScenario, store_scenario

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
HX = {"HX-Request": "true"}


def assert_no_inline_code(html: str) -> None:
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"


def setup_query() -> dict[str, str]:
    return {
        "game": "xwing",
        "edition": "2.5",
        "action": "maneuver",
        "ship": "a",
        "bearing": "bank",
        "direction": "right",
        "speed": "2",
        "p-TOTAL_FORMS": "2",
        "p-INITIAL_FORMS": "0",
        "p-0-id": "a",
        "p-0-kind": "ship",
        "p-0-size": "small",
        "p-0-x": "300",
        "p-0-y": "200",
        "p-0-heading": "0",
        "p-0-player": "1",
        "p-1-id": "rock",
        "p-1-kind": "obstacle",
        "p-1-type": "asteroid",
        "p-1-x": "340",
        "p-1-y": "310",
        "p-1-heading": "0",
    }


def test_home_lists_the_library(client: Client) -> None:
    r = client.get("/")
    html = r.content.decode()
    assert r.status_code == 200 and len(examples()) >= 20
    for ex in examples():
        assert f"/s/{ex.id}/" in html
    assert_no_inline_code(html)
    assert "Content-Security-Policy" in r.headers and "script-src 'self'" in r.headers["Content-Security-Policy"]


def test_setup_full_page_and_htmx_partial(client: Client) -> None:
    full = client.get("/setup/", setup_query())
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'id="preview"' in html and "<svg" in html
    assert "HX-Request" in full.headers["Vary"]
    assert_no_inline_code(html)
    part = client.get("/setup/", setup_query(), headers=HX)
    assert part.status_code == 200
    assert "<html" not in part.content.decode() and "<svg" in part.content.decode()
    assert "HX-Request" in part.headers["Vary"]
    restore = client.get("/setup/", setup_query(), headers={**HX, "HX-History-Restore-Request": "true"})
    assert "<html" in restore.content.decode()


def test_setup_errors_next_to_fields(client: Client) -> None:
    q = setup_query() | {"p-0-x": "left", "speed": "5"}
    r = client.post("/explain/", q)
    assert r.status_code == 400  # the submission: bad input is a 400
    html = r.content.decode()
    assert "must be a number" in html and "must be one of" in html
    assert re.search(r'class="field f-x invalid"><span>position across the table', html)
    part = client.get("/setup/", q, headers=HX)
    assert part.status_code == 200 and "must be a number" in part.content.decode()
    # the address a preview of it pushes is a state being built: it reloads (200) with the same errors beside the fields
    page = client.get("/setup/", q)
    assert page.status_code == 200
    assert re.search(r'class="field f-x invalid"><span>position across the table', page.content.decode())


def test_setup_address_with_a_value_no_control_sends_is_a_400_naming_it(client: Client) -> None:
    r = client.get("/setup/", setup_query() | {"p-0-kind": "dragon"})
    assert r.status_code == 400 and "dragon" in r.content.decode()


def test_setup_add_a_piece_without_javascript(client: Client) -> None:
    r = client.get("/setup/", setup_query() | {"add": "1"}, follow=True)
    assert 'name="p-2-id"' in r.content.decode()


def test_setup_json_box_takes_precedence(client: Client) -> None:
    doc = json.loads((ROOT / "rules/examples/xw-13-gas-then-asteroid.json").read_text())["scenario"]
    r = client.get(
        "/setup/",
        {
            "game": "xwing",
            "edition": "2.5",
            "action": "maneuver",
            "p-TOTAL_FORMS": "0",
            "p-INITIAL_FORMS": "0",
            "doc": json.dumps(doc),
        },
    )
    assert r.status_code == 200 and "gas" in r.content.decode()
    bad = client.get(
        "/setup/",
        {
            "game": "xwing",
            "edition": "2.5",
            "action": "maneuver",
            "p-TOTAL_FORMS": "0",
            "p-INITIAL_FORMS": "0",
            "doc": "{nope",
        },
    )
    assert bad.status_code == 200 and "not valid JSON" in bad.content.decode()  # an address: a state being built
    explained = client.post("/explain/", {"game": "xwing", "edition": "2.5", "action": "maneuver", "doc": "{nope"})
    assert explained.status_code == 400 and "not valid JSON" in explained.content.decode()


def test_explain_stores_and_redirects(client: Client) -> None:
    r = client.post("/explain/", setup_query())
    assert r.status_code == 303
    sid = r.headers["Location"].split("/")[2]
    assert StoredScenario.objects.filter(pk=sid).exists()
    again = client.post("/explain/", setup_query())
    assert again.headers["Location"] == r.headers["Location"]
    assert client.post("/explain/", setup_query() | {"p-0-x": "left"}).status_code == 400
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/explain/", setup_query()).status_code == 303


def test_permalink_holds_every_step_server_side(client: Client) -> None:
    ex = next(e for e in examples() if e.slug == "xw-13-gas-then-asteroid")
    r = client.get(f"/s/{ex.id}/")
    html = r.content.decode()
    assert r.status_code == 200 and "HX-Request" in r.headers["Vary"]
    from rules.engine import evaluate

    ruling = evaluate(ex.scenario)
    for i, step in enumerate(ruling.steps, start=1):
        assert f'id="step-{i}"' in html
        for cid in step.rules:
            assert f'href="/rules/{cid}"' in html
    assert 'property="og:image"' in html and f"/s/{ex.id}.png" in html
    assert 'name="twitter:card"' in html
    assert_no_inline_code(html)


def test_stepping_partial_and_fallback(client: Client) -> None:
    ex = examples()[0]
    part = client.get(f"/s/{ex.id}/step/1/", headers=HX)
    assert part.status_code == 200 and "<html" not in part.content.decode()
    assert part.headers["HX-Push-Url"] == f"/s/{ex.id}/?step=1"
    full = client.get(f"/s/{ex.id}/step/1/")
    assert "<html" in full.content.decode()
    clamped = client.get(f"/s/{ex.id}/?step=99")  # a forum link past the last step shows the last one
    assert clamped.status_code == 200 and "current-step" in clamped.content.decode()
    assert client.get(f"/s/{ex.id}/step/99/", headers=HX).status_code == 404


def test_unknown_permalink_404(client: Client) -> None:
    assert client.get("/s/zzzzzzzzzz/").status_code == 404
    assert client.get("/s/zzzzzzzzzz.png").status_code == 404


def test_pictures(client: Client) -> None:
    ex = examples()[0]
    svg = client.get(f"/s/{ex.id}.svg")
    assert svg.status_code == 200 and svg.headers["Content-Type"] == "image/svg+xml"
    assert "default-src 'none'" in svg.headers["Content-Security-Policy"]
    assert b'role="img"' in svg.content
    # the card names its game and edition and ends with its short link (to read in a forum at 400 px)
    text = svg.content.decode()
    from rules.engine import games

    assert f">{games.get(ex.scenario.game).title} {ex.scenario.edition}</text>" in text
    assert f">testserver/s/{ex.id}/</text>" in text
    png = client.get(f"/s/{ex.id}.png")
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png.content[16:20], "big")
    height = int.from_bytes(png.content[20:24], "big")
    assert (width, height) == (1200, 630)
    # public and cached, but revalidated: an engine correction can change a stored ruling's picture
    assert "public" in png.headers["Cache-Control"] and "max-age=3600" in png.headers["Cache-Control"]


def test_rules_pages(client: Client) -> None:
    r = client.get("/rules/")
    html = r.content.decode()
    assert r.status_code == 200 and 'id="xwing-2-5-obstacles-order"' in html
    c = client.get("/rules/xwing-2.5/obstacles/order")
    assert c.status_code == 200 and "closest to the ship in its starting position" in c.content.decode()
    assert client.get("/rules/xwing-2.5/nothing-here").status_code == 404


def test_every_cited_clause_page_exists(client: Client) -> None:
    from rules.engine import evaluate

    cited = {c for ex in examples() for s in evaluate(ex.scenario).steps for c in s.rules}
    for cid in sorted(cited):
        assert client.get(f"/rules/{cid}").status_code == 200, cid


def test_store_is_idempotent_and_lengthens_on_collision(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = examples()[0].scenario, examples()[1].scenario
    first = store_scenario(scenario=a)
    assert store_scenario(scenario=a).pk == first.pk
    original = type(b).short_id

    def colliding(self, length=10):  # type: ignore[no-untyped-def]
        if self is b:
            return original(a, length) if length == 10 else "x" * length
        return original(self, length)

    monkeypatch.setattr(type(b), "short_id", colliding)
    second = store_scenario(scenario=b)
    assert second.pk == "x" * 12 and second.digest == b.digest()


def test_stored_rows_are_immutable() -> None:
    row = store_scenario(scenario=examples()[0].scenario)
    row.document = "{}"
    with pytest.raises(ImmutableError):
        row.save()
    with pytest.raises(ImmutableError):
        row.delete()


FIXTURES = sorted((Path(__file__).parent / "fixtures" / "permalinks").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_old_permalinks_still_render(client: Client, path: Path) -> None:
    """Rows stored by earlier versions (frozen here, never regenerated) keep their id and keep rendering."""
    fixture = json.loads(path.read_text())
    StoredScenario.objects.create(id=fixture["id"], digest=fixture["digest"], document=fixture["document"], format=1)
    assert parse_scenario(json.loads(fixture["document"])).short_id() == fixture["id"]
    for url in (f"/s/{fixture['id']}/", f"/s/{fixture['id']}.svg", f"/api/v1/rulings/{fixture['id']}"):
        assert client.get(url).status_code == 200, url


def test_fixture_permalinks_exist() -> None:
    assert len(FIXTURES) >= 3


@pytest.mark.parametrize("ex", examples(), ids=[e.slug for e in examples()])
def test_every_example_permalink_renders(client: Client, ex) -> None:  # type: ignore[no-untyped-def]
    page = client.get(f"/s/{ex.id}/")
    assert page.status_code == 200 and 'id="step-1"' in page.content.decode()
    assert_no_inline_code(page.content.decode())
    assert client.get(f"/s/{ex.id}.svg").status_code == 200


def _store_old(document: str, sid: str, digest: str, version: int) -> None:
    StoredScenario.objects.create(id=sid, digest=digest, document=document, format=1, engine_version=version)


@pytest.mark.django_db
def test_a_permalink_stored_before_a_correction_says_so(client: Client) -> None:
    """Measured outlines changed rulings with catalogue tokens: old links that use them say so; new ones don't."""
    ex = next(e for e in examples() if e.slug == "dv-09-cluster-mines")
    doc = ex.scenario.canonical().decode()
    _store_old(doc, ex.id, ex.scenario.digest(), 1)
    page = client.get(f"/s/{ex.id}/").content.decode()
    assert "Corrected since this link was made" in page and "/changes/#v2-xwing" in page
    api = client.get(f"/api/v1/rulings/{ex.id}").json()
    assert api["engine_version"] == 1 and api["corrections"][0]["version"] == 2
    changes = client.get("/changes/").content.decode()
    assert 'id="v2-xwing"' in changes and "cluster mines" in changes.lower()


@pytest.mark.django_db
def test_an_armada_move_stored_before_the_move_correction_says_so(client: Client) -> None:
    """ar-23's minimum without "toward" is now cited as our reading: its old links say the ruling was corrected."""
    ex = next(e for e in examples() if e.slug == "ar-23-move-obstacle-minimum-not-reached")
    _store_old(ex.scenario.canonical().decode(), ex.id, ex.scenario.digest(), 2)
    page = client.get(f"/s/{ex.id}/").content.decode()
    assert "Corrected since this link was made" in page and "/changes/#v6-armada" in page
    changes = client.get("/changes/").content.decode()
    assert 'id="v6-armada"' in changes and "equally close" in changes.lower()
    plain = next(e for e in examples() if e.slug == "ar-22-move-obstacle-stay-put")  # no minimum, no toward
    _store_old(plain.scenario.canonical().decode(), plain.id, plain.scenario.digest(), 2)
    # not corrected by v6 (its asteroid field's notches are corrected by v10, for another reason)
    assert "/changes/#v6-armada" not in client.get(f"/s/{plain.id}/").content.decode()


@pytest.mark.django_db
def test_new_permalinks_and_outline_only_situations_show_no_correction(client: Client) -> None:
    from rules.library import retired

    outline_only = next(e for e in retired() if e.slug == "xw-09-bump-before-asteroid")  # its hand-drawn version
    assert '"shape"' not in outline_only.scenario.canonical().decode()
    _store_old(outline_only.scenario.canonical().decode(), outline_only.id, outline_only.scenario.digest(), 1)
    assert "Corrected since" not in client.get(f"/s/{outline_only.id}/").content.decode()
    r = client.post(
        "/api/v1/rulings",
        data=examples()[0].scenario.canonical(),
        content_type="application/json",
    )
    body = r.json()
    assert body["engine_version"] >= 2 and body["corrections"] == []


@pytest.mark.django_db
def test_rerule_command_passes_on_the_frozen_permalinks() -> None:
    """CI: every frozen permalink still rules and draws with today's engine."""
    from io import StringIO

    from django.core.management import call_command

    for path in FIXTURES:
        f = json.loads(path.read_text())
        StoredScenario.objects.create(id=f["id"], digest=f["digest"], document=f["document"], format=1)
    out = StringIO()
    call_command("rerule", stdout=out)
    assert f"{len(FIXTURES)} stored scenarios re-ruled: {len(FIXTURES)} ok, 0 failed" in out.getvalue()


@pytest.mark.django_db
def test_rerule_command_reports_a_row_that_no_longer_rules() -> None:
    from django.core.management import CommandError, call_command

    StoredScenario.objects.create(id="brokenrow1", digest="0" * 64, document='{"format": 1}', format=1)
    with pytest.raises(CommandError):
        call_command("rerule", stdout=open("/dev/null", "w"))  # noqa: SIM115


@pytest.mark.django_db
def test_pictures_carry_an_etag_and_answer_304_when_unchanged(client: Client) -> None:
    ex = examples()[0]
    client.get(f"/s/{ex.id}/")
    for url in (f"/s/{ex.id}.svg", f"/s/{ex.id}.png"):
        first = client.get(url)
        assert first.status_code == 200 and first["ETag"] and "immutable" not in first["Cache-Control"]
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304


@pytest.mark.django_db
def test_pictures_at_their_versioned_address_are_immutable_and_plain_ones_revalidated(client: Client) -> None:
    """Our pages link each picture with what draws it (``?v=``, the picture version): that content can never
    change, so it is cached a year as immutable. The plain address (forums, the API) and an older
    version's keep an hour and the ETag, since a correction can change what they show."""
    from rules.rulings import picture_version

    ex = examples()[0]
    v = picture_version()
    html = client.get(f"/s/{ex.id}/").content.decode()
    home = client.get("/").content.decode()
    assert f'href="/s/{ex.id}.svg?v={v}"' in html and f'href="/s/{ex.id}.png?v={v}"' in html
    assert f'property="og:image" content="http://testserver/s/{ex.id}.png?v={v}"' in html
    assert f'src="/s/{ex.id}/thumb.svg?v={v}"' in home
    for url in (f"/s/{ex.id}.svg", f"/s/{ex.id}.png", f"/s/{ex.id}/thumb.svg"):
        fixed = client.get(url, {"v": v})
        assert fixed.status_code == 200, url
        control = set(fixed["Cache-Control"].split(", "))
        assert control == {"public", "max-age=31536000", "immutable"}, url
        again = client.get(url, {"v": v}, headers={"If-None-Match": fixed["ETag"]})
        assert again.status_code == 304 and "immutable" in again["Cache-Control"]
        for plain in (client.get(url), client.get(url, {"v": "0" * 16}), client.get(url, {"v": v + "\n"})):
            assert plain.status_code == 200 and set(plain["Cache-Control"].split(", ")) == {"public", "max-age=3600"}
            assert plain.content == fixed.content  # the same picture: only how long it may be kept differs


def test_the_picture_version_names_the_engine_the_card_code_and_the_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A versioned address is immutable only if everything that draws it is in its version."""
    from rules import rulings

    assert rulings.picture_version.cache_info().currsize == 1  # named when the app was ready, not later
    before = rulings.picture_version()
    changed = {
        "engine": ("fingerprint", lambda: "0" * 16),
        "renderer": ("RENDERER", "resvg-py 0.0.0"),
        "card code": ("PICTURE_CODE", ("png.py", "rulings.py")),
    }
    try:
        for what, (name, value) in changed.items():
            with monkeypatch.context() as m:
                m.setattr(rulings, name, value)
                rulings.picture_version.cache_clear()
                assert rulings.picture_version() != before, what
        rulings.picture_version.cache_clear()
        assert rulings.picture_version() == before and len(before) == 16
    finally:
        rulings.picture_version.cache_clear()
        rulings.picture_version()


def test_the_shared_cache_is_on_disk_and_keyed_by_the_engine() -> None:
    from django.conf import settings as dj
    from django.core.cache.backends.filebased import FileBasedCache
    from django.utils.module_loading import import_string

    from rules.engine.changes import fingerprint

    assert issubclass(import_string(dj.CACHES["default"]["BACKEND"]), FileBasedCache)
    assert len(fingerprint()) == 16


@pytest.mark.django_db
def test_every_page_and_picture_answers_head(client: Client) -> None:
    ex = examples()[0]
    client.get(f"/s/{ex.id}/")
    for url in (
        "/",
        "/setup/",
        "/rules/",
        "/changes/",
        f"/s/{ex.id}/",
        f"/s/{ex.id}.svg",
        f"/s/{ex.id}.png",
        f"/api/v1/rulings/{ex.id}",
        "/api/v1/catalog",
        "/healthz",
        "/readyz",
    ):
        assert client.head(url).status_code == 200, url


def test_our_own_404_page() -> None:
    from django.test import RequestFactory

    from rules.views import page_not_found

    r = page_not_found(RequestFactory().get("/s/nope/"), None)
    assert r.status_code == 404 and b"/s/nope/" in r.content and b"worked examples" in r.content


def test_the_field_stylesheet_shows_only_the_chosen_actions_fields(client: Client) -> None:
    css = client.get("/setup/fields.css").content.decode()
    attack = [line for line in css.splitlines() if 'option[value="attack"]' in line and "#id_game_0" in line]
    hidden = set(re.findall(r"label\.f-[a-z_]+", " ".join(attack)))
    assert "label.f-bearing" in hidden and "label.f-attacker" not in hidden and "label.f-defender" not in hidden
    assert "label.f-defender_zone" in hidden  # Armada's defending hull zone: not an X-Wing field
    armada = " ".join(line for line in css.splitlines() if 'option[value="attack"]' in line and "#id_game_1" in line)
    assert "label.f-defender_zone" not in set(re.findall(r"label\.f-[a-z_]+", armada))
    assert 'href="/setup/fields.css"' in client.get("/setup/").content.decode()


def test_each_row_shows_only_its_piece_kinds_fields(client: Client) -> None:
    from rules.engine import games
    from rules.forms import COMMON_ROW_FIELDS, PieceForm

    css = client.get("/setup/fields.css").content.decode()

    def hidden(game: int, kind: str) -> str:
        chosen = f'option[value="{kind}"]:checked)'
        return " ".join(line for line in css.splitlines() if f"#id_game_{game}:" in line and chosen in line)

    assert "label.f-chassis" in hidden(0, "obstacle") and "label.f-shape" not in hidden(0, "obstacle")
    assert "label.f-fuses" in hidden(0, "ship") and "label.f-chassis" not in hidden(0, "ship")
    assert "label.f-fuses" not in hidden(0, "device") and "label.f-stressed" in hidden(0, "device")
    assert "label.f-yaw_limits" not in hidden(1, "ship") and "label.f-stressed" in hidden(1, "ship")
    assert "label.f-heading" in hidden(1, "squadron") and "label.f-x" not in hidden(1, "squadron")
    for g in games.all_games():
        for kind, own in g.form.row_fields.items():
            assert kind in g.piece_kinds and set(own) <= set(PieceForm.base_fields) - set(COMMON_ROW_FIELDS)
    html = client.get("/setup/", {"game": "xwing", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"}).content.decode()
    assert 'class="check f-stressed"' in html  # check boxes carry their field's class too


def test_the_table_is_drawn_from_the_first_piece_on(client: Client) -> None:
    """An incomplete action still shows the pieces, with what is missing listed beside them."""
    q = {
        "game": "xwing",
        "edition": "2.5",
        "action": "maneuver",
        "p-TOTAL_FORMS": "1",
        "p-INITIAL_FORMS": "0",
        "p-0-id": "a",
        "p-0-kind": "ship",
        "p-0-size": "small",
        "p-0-x": "300",
        "p-0-y": "200",
    }
    html = client.get("/setup/", q, headers=HX).content.decode()
    assert 'data-testid="pending"' in html and 'data-piece="a"' in html and "Still missing" in html
    armada = q | {"game": "armada", "edition": "1.5", "p-0-size": "medium"}
    html = client.get("/setup/", armada, headers=HX).content.decode()
    assert 'data-testid="pending"' in html and 'data-piece="a"' in html


def test_rules_pages_a_judge_cites(client: Client) -> None:
    page = client.get("/rules/").content.decode()
    assert page.index("X-Wing 2.5") < page.index("X-Wing 2.0") < page.index("Armada 1.5")
    found = client.get("/rules/", {"q": "flotilla"}).content.decode()
    assert "armada-1.5/flotillas/ram" in found and "xwing-2.5/maneuver/execute" not in found
    detail = client.get("/rules/xwing-2.5/obstacles/asteroid").content.decode()
    assert "Rules Reference" in detail.split("</title>")[0] and "Examples that use this rule" in detail
    assert "<cite>X-Wing Rules Reference 1.4.5" in detail and "<em>Obstacles</em>" in detail  # the entry is the locator
    cited = detail.split('data-testid="citation"')[1].split("</p>")[0]
    assert "p. " not in cited  # no X-Wing source gives pages: none guessed
    armada = client.get("/rules/armada-1.5/overlapping/move-through").content.decode()
    assert "<em>Overlapping</em> (p. 14)" in armada  # the page, where a source gives it
    assert "not in our sources" not in armada


def test_the_library_filters_and_searches(client: Client) -> None:
    armada = client.get("/", {"game": "armada"}).content.decode()
    assert "Armada:" in armada and "X-Wing:" not in armada
    found = client.get("/", {"q": "flotilla"}).content.decode()
    assert "flotilla" in found.lower() and "X-Wing:" not in found
    none = client.get("/", {"q": "zzzz-nothing"}).content.decode()
    assert "No example matches" in none
    assert "§3 #" not in client.get("/").content.decode()  # plain titles, no internal section numbers


def test_a_ship_with_known_data_offers_its_printed_dial(client: Client) -> None:
    q = {
        "game": "xwing",
        "edition": "2.5",
        "action": "maneuver",
        "p-TOTAL_FORMS": "1",
        "p-INITIAL_FORMS": "0",
        "p-0-id": "x",
        "p-0-kind": "ship",
        "p-0-chassis": "t65xwing",
        "p-0-x": "300",
        "p-0-y": "200",
        "ship": "x",
    }
    html = client.get("/setup/", q).content.decode()
    assert 'class="dial"' in html and 'class="dial-blue"' in html and 'class="dial-red"' in html
    link = re.search(r'<a class="dial-blue" href="([^"]+)"[^>]*>1 bank left</a>', html)
    assert link is not None
    chosen = client.get("/setup/" + link.group(1).replace("&amp;", "&")).content.decode()
    assert 'data-testid="verdict"' in chosen and "bank" in chosen


def test_range_bands_overlay_from_a_chosen_piece(client: Client) -> None:
    """?ranges=<id> draws its bands (X-Wing range 1-3; Armada close/medium/long), kept while stepping."""
    ex = next(e for e in examples() if e.slug == "xw-13-gas-then-asteroid")
    plain = client.get(f"/s/{ex.id}/").content.decode()
    assert 'class="ranges-form"' in plain and 'class="ranges"' not in plain
    ship_id = next(p.id for p in ex.scenario.pieces if p.kind == "ship")
    html = client.get(f"/s/{ex.id}/?ranges={ship_id}&step=1").content.decode()
    assert 'class="ranges"' in html and ">range 1<" in html and ">range 3<" in html
    assert f"step=2&amp;ranges={ship_id}" in html  # the next-step link keeps the overlay
    part = client.get(f"/s/{ex.id}/step/2/?ranges={ship_id}", headers=HX)
    assert 'class="ranges"' in part.content.decode() and part.headers["HX-Push-Url"].endswith(f"&ranges={ship_id}")
    bad = client.get(f"/s/{ex.id}/?ranges=nobody")
    assert bad.status_code == 400 and "ranges" in bad.content.decode()
    armada = next(e for e in examples() if e.scenario.game == "armada" and e.scenario.of_kind("ship"))
    sid = armada.scenario.of_kind("ship")[0].id
    a_html = client.get(f"/s/{armada.id}/?ranges={sid}").content.decode()
    assert ">close range<" in a_html and ">long range<" in a_html


def test_a_link_to_a_step_previews_that_step(client: Client) -> None:
    """A forum unfurls ?step=N with a card emphasising step N (clamped like the page), cached apart."""
    ex = next(e for e in examples() if e.slug == "xw-13-gas-then-asteroid")
    html = client.get(f"/s/{ex.id}/?step=2").content.decode()
    from rules.rulings import picture_version

    assert f'content="http://testserver/s/{ex.id}.png?step=2&amp;v={picture_version()}"' in html
    whole = client.get(f"/s/{ex.id}.svg").content
    step2 = client.get(f"/s/{ex.id}.svg?step=2")
    assert step2.status_code == 200 and step2.content != whole
    from rules.engine import evaluate

    last = len(evaluate(ex.scenario).steps)
    assert client.get(f"/s/{ex.id}.svg?step=99").content == client.get(f"/s/{ex.id}.svg?step={last}").content
    assert step2.headers["ETag"] != client.get(f"/s/{ex.id}.svg").headers["ETag"]
    png = client.get(f"/s/{ex.id}.png?step=2")
    assert png.status_code == 200 and png.content != client.get(f"/s/{ex.id}.png").content


def test_library_thumbnails_are_the_table_pictures(client: Client) -> None:
    """Each example in the library shows a small picture of its table (lazy, decorative: its title is the link)."""
    html = client.get("/").content.decode()
    thumbs = re.findall(
        r'<img src="(/s/[a-z0-9]+/thumb\.svg\?v=[0-9a-f]{16})" alt="" width="96" height="96" loading="lazy"', html
    )
    assert len(thumbs) >= 100
    r = client.get(thumbs[0])
    assert r.status_code == 200 and r["Content-Type"] == "image/svg+xml"
    body = r.content.decode()
    assert body.startswith("<?xml") and 'class="table-picture"' in body and "<script" not in body
    assert client.get(thumbs[0], headers={"If-None-Match": r["ETag"]}).status_code == 304


def test_retired_examples_keep_their_permalinks_but_leave_the_library(client: Client) -> None:
    """An example redrawn with real components gets a new id; the old id, once shared, must keep rendering."""
    from rules.library import examples, retired

    old = retired()
    assert len(old) >= 20
    listed = client.get("/").content.decode()
    current = {e.id for e in examples()}
    for ex in old:
        assert ex.id not in current and f"/s/{ex.id}/" not in listed
        assert client.get(f"/s/{ex.id}/").status_code == 200  # found in the retired folder, stored on first use


def test_no_listed_xwing_example_stands_a_square_in_for_a_component() -> None:
    """Realistic components (catalogue shapes), not hand-drawn squares standing in for them (issue 9)."""
    from rules.library import examples

    squares = [
        (ex.slug, p.id)
        for ex in examples()
        if ex.scenario.game == "xwing"
        for p in ex.scenario.pieces
        if p.get("outline") is not None and len(p.get("outline")) == 4
    ]
    assert squares == []


def test_the_outcome_box_names_pieces_by_their_labels(client: Client) -> None:
    """The picture labels pieces; the words beside it use the same names (the JSON keeps ids)."""
    ex = next(e for e in examples() if e.slug == "xw-40-sideslip-through-debris")
    html = client.get(f"/s/{ex.id}/").content.decode()
    box = html.split('class="outcome-box"')[1].split("</section>")[0]
    assert "It bumps TIE/ln." in box and "It bumps b." not in box
    assert "bumps TIE/ln" in html.split('class="verdict"')[1][:400]


def test_a_new_scenario_costs_one_lookup_and_one_insert() -> None:
    """The lookup by digest lets a repeated post read instead of taking the write lock."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as q:
        store_scenario(scenario=examples()[2].scenario)
    sql = [x["sql"].split()[0].upper() for x in q.captured_queries]
    assert sql.count("INSERT") == 1 and sql.count("SELECT") == 1, sql


def test_an_examples_internal_case_reference_is_never_shown(client: Client) -> None:
    """Each example's ``case`` ("§7.5 #16–17; seed 001 (Toward)") points at our own notes: no page, search result,
    picture or API answer shows it (judge's review: internal words in text users read)."""
    ex = next(e for e in examples() if "seed" in e.case)
    pages = [
        client.get("/").content.decode(),
        client.get("/", {"q": ex.title}).content.decode(),
        client.get(f"/s/{ex.id}/").content.decode(),
        client.get(f"/s/{ex.id}.svg").content.decode(),
        client.get(f"/api/v1/rulings/{ex.id}").content.decode(),
    ]
    assert not [p for p in pages if ex.case in p or "seed 0" in p]


@pytest.mark.django_db
def test_a_dropped_device_is_named_not_shown_by_its_id(client: Client) -> None:
    """A new user's drop read "proximity-mine-2: The mine detonates…" under What happens."""
    doc = next(e for e in examples() if e.slug.startswith("dv-03")).scenario.to_dict()
    doc["action"]["device"]["id"] = "proximity-mine-2"
    r = client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json")
    assert r.status_code == 200 and r.json()["outcome"]["effects"][0]["name"] == "Proximity Mine"
    page = client.get(f"/s/{r.json()['id']}/").content.decode()
    what = page.split('id="outcome-title"')[1].split("</section>")[0]
    assert "proximity-mine-2" not in what and "Proximity Mine" in what
