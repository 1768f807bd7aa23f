"""No input through the pages can cause a 500: malformed queries and bodies get a 400 (or a re-rendered form)."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

BASE = {"game": "xwing", "edition": "2.5", "action": "maneuver", "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0"}


@pytest.mark.parametrize(
    "changes",
    [
        {"p-TOTAL_FORMS": "abc"},
        {"p-TOTAL_FORMS": "100000"},
        {"p-TOTAL_FORMS": "-1"},
        {"game": "chess"},
        {"edition": "9"},
        {"action": "teleport"},
        {"doc": "[" * 20000 + "]" * 20000},
        {"doc": '{"format": 1e999999}'},
        {"doc": "null"},
        {"doc": '{"format": 1, "game": "armada", "edition": "1.5", "pieces": [], "action": {}}'},
        {"p-0-id": "a", "p-0-kind": "ship", "p-0-x": "1e400", "p-0-y": "nan", "p-0-heading": "inf"},
        {"p-0-id": "A B", "p-0-kind": "ghost"},
        {"dice": "rock hit"},
        {"speed": "9", "bearing": "loop"},
        {"add": "1", "p-TOTAL_FORMS": "40"},
    ],
)
def test_bad_setup_queries_never_500(client: Client, changes: dict[str, str]) -> None:
    q = BASE | changes
    assert client.get("/setup/", q).status_code in (200, 303, 400)  # 303: a row was added (see below)
    assert client.get("/setup/", q, headers={"HX-Request": "true"}).status_code in (200, 400)
    assert client.post("/explain/", q).status_code in (303, 400)


FIELDS = [
    "game",
    "edition",
    "action",
    "ship",
    "bearing",
    "direction",
    "speed",
    "p-0-id",
    "p-0-kind",
    "p-0-size",
    "p-0-type",
    "p-0-x",
    "p-0-y",
    "p-0-heading",
    "p-0-shape",
    "doc",
    "dice",
    "device_id",
    "to_x",
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=30), max_size=10))
def test_random_setup_input_never_500(client: Client, data: dict[str, str]) -> None:
    q = BASE | {k: v.replace("\x00", "") for k, v in data.items()}
    assert client.get("/setup/", q).status_code in (200, 400)
    assert client.post("/explain/", q).status_code in (303, 400)


def test_a_row_without_an_id_gets_one_instead_of_vanishing(client: Client) -> None:
    q = BASE | {
        "p-0-kind": "ship",
        "p-0-size": "small",
        "p-0-x": "300",
        "p-0-y": "200",
        "p-0-heading": "0",
        "ship": "ship-1",
        "bearing": "straight",
        "speed": "1",
    }
    r = client.get("/setup/", q)
    html = r.content.decode()
    assert r.status_code == 200 and 'value="ship-1"' in html and 'data-testid="verdict"' in html


def test_add_a_piece_works_while_a_row_has_an_error(client: Client) -> None:
    q = BASE | {"p-0-id": "a", "p-0-kind": "ship", "p-0-x": "far", "add": "1"}
    html = client.get("/setup/", q, follow=True).content.decode()
    assert 'name="p-1-id"' in html and 'value="far"' in html  # the new row, and the bad value kept as typed


def test_enter_submits_preview_not_add_a_piece(client: Client) -> None:
    html = client.get("/setup/").content.decode()
    first_submit = html.index('type="submit"')
    assert html.index('class="default-submit"') < html.index('name="add"')
    assert "Preview" in html[first_submit : first_submit + 120]


def test_the_json_box_says_it_overrides_the_fields_and_can_be_dropped(client: Client) -> None:
    doc = '{"format": 1, "game": "xwing", "edition": "2.5", "pieces": [], "action": {"type": "check-setup"}}'
    html = client.get("/setup/", BASE | {"doc": doc}).content.decode()
    assert "ignored while it is filled in" in html and 'name="drop_doc"' in html
    dropped = client.get("/setup/", BASE | {"doc": doc, "drop_doc": "1"}).content.decode()
    assert "ignored while it is filled in" not in dropped


def test_number_errors_are_in_plain_words(client: Client) -> None:
    q = BASE | {"p-0-id": "a", "p-0-kind": "ship", "p-0-size": "small", "p-0-x": "far", "p-0-y": "1", "ship": "a"}
    html = client.get("/setup/", q).content.decode()
    assert "x must be a number of millimetres, like 300" in html


def test_a_piece_added_by_name_arrives_with_its_facts_and_an_id(client: Client) -> None:
    from rules.engine.xwing.ships import CHASSIS

    xws = next(iter(CHASSIS))
    q = BASE | {"p-0-id": "a", "p-0-kind": "ship", "palette": f"xwing:ship:{xws}", "add_named": "1"}
    html = client.get("/setup/", q, follow=True).content.decode()
    chassis = CHASSIS[xws]
    assert f'value="{chassis.size}" selected' in html or f'<option value="{chassis.size}" selected>' in html
    assert 'name="p-1-id"' in html and '-1"' in html and 'value="457"' in html  # mid-table
    q = BASE | {"game": "armada", "edition": "1.5", "palette": "armada:obstacle:station", "add_named": "1"}
    html = client.get("/setup/", q, follow=True).content.decode()
    assert 'value="station-1"' in html
