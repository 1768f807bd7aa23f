"""Every library situation survives the setup form: scenario → form fields → scenario, same id."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from rules.library import examples
from rules.setup_state import Setup, initial_from_scenario

EXAMPLES = examples()


def as_query(form: dict, rows: list[dict]) -> QueryDict:
    q = QueryDict(mutable=True)
    for k, v in form.items():
        if v not in (None, ""):
            q[k] = str(v)
    q["p-TOTAL_FORMS"] = str(len(rows))
    q["p-INITIAL_FORMS"] = "0"
    for i, row in enumerate(rows):
        for k, v in row.items():
            if isinstance(v, bool):
                if v:
                    q[f"p-{i}-{k}"] = "on"
            elif v not in (None, ""):
                q[f"p-{i}-{k}"] = str(v)
    return q


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.slug for e in EXAMPLES])
def test_round_trip_through_the_form(ex) -> None:  # type: ignore[no-untyped-def]
    form, rows = initial_from_scenario(ex.scenario)
    setup = Setup(as_query(form, rows))
    assert setup.problems == []
    assert setup.scenario is not None and setup.scenario.short_id() == ex.id


@pytest.mark.django_db
def test_setup_from_a_permalink(client) -> None:  # type: ignore[no-untyped-def]
    ex = EXAMPLES[0]
    r = client.get("/setup/", {"from": ex.id})
    assert r.status_code == 200 and 'data-testid="verdict"' in r.content.decode()


def test_a_form_naming_pieces_by_id_is_read_without_copying_its_values() -> None:
    ex = next(e for e in EXAMPLES if initial_from_scenario(e.scenario)[0].get("ship"))
    form, rows = initial_from_scenario(ex.scenario)
    query = as_query(form, rows)
    assert Setup(query).data is query  # a 60-row form's values are not deep-copied for nothing
    label = next(r["label"] for r in rows if r.get("id") == form["ship"] and r.get("label"))
    by_name = query.copy()
    by_name["ship"] = label  # the acting ship named as the page shows it
    named = Setup(by_name)
    assert named.data is not by_name and by_name["ship"] == label  # the submitted values are left alone
    assert named.scenario is not None and named.scenario.short_id() == ex.id
