"""The quick select renders the same markup as Django's own select, whatever is selected."""

from __future__ import annotations

import copy

import pytest
from django import forms
from django.test.html import parse_html

from rules.forms import PieceForm, SetupForm
from rules.widgets import FixedChoiceField, QuickSelect

SELECTS = [
    (form.__name__, name, field)
    for form in (PieceForm, SetupForm)
    for name, field in form.base_fields.items()
    if isinstance(field.widget, QuickSelect)
]


def _values(field: forms.Field) -> list[object]:
    flat = [v for v, lab in field.widget.choices if not isinstance(lab, (list, tuple))]
    grouped = [v for _, lab in field.widget.choices if isinstance(lab, (list, tuple)) for v, _ in lab]
    return [None, "", "not a choice", *flat[:4], *grouped[:4], *grouped[-2:]]


def test_every_plain_select_on_the_setup_forms_is_quick() -> None:
    assert {name for form, name, _ in SELECTS if form == "PieceForm"} >= {"kind", "type", "shape", "chassis"}


@pytest.mark.parametrize(("form", "name", "field"), SELECTS, ids=[f"{f}.{n}" for f, n, _ in SELECTS])
def test_same_markup_as_djangos_select(form: str, name: str, field: forms.Field) -> None:
    if not field.widget.choices:  # a piece menu: its options are the pieces of the form at hand
        field = copy.deepcopy(field)
        field.widget.choices = [("", "—"), ("a", "X-wing"), ("rock", "Asteroid <1> & co")]
    plain = forms.Select(choices=field.widget.choices)
    for value in _values(field):
        attrs = {"id": f"id_{name}", "aria-invalid": "true", "class": "x"}
        ours = field.widget.render(f"p-0-{name}", value, attrs)
        theirs = plain.render(f"p-0-{name}", value, attrs)
        assert parse_html(ours) == parse_html(theirs), (name, value)
        offered = {str(v) for v, lab in field.widget.choices if not isinstance(lab, (list, tuple))}
        offered |= {str(v) for _, lab in field.widget.choices if isinstance(lab, (list, tuple)) for v, _ in lab}
        assert ours.count(" selected") == (1 if ("" if value is None else str(value)) in offered else 0)


def test_copies_share_choices_but_not_attributes() -> None:
    field = FixedChoiceField(choices=[("a", "A"), ("b", "B")], widget=QuickSelect(attrs={"class": "c"}))
    twin = copy.deepcopy(field)
    assert twin.choices is field.choices
    twin.widget.attrs["class"] = "d"
    assert field.widget.attrs["class"] == "c"
    assert 'value="b" selected' in twin.widget.render("f", "b")
    assert 'value="a" selected' in field.widget.render("f", "a")
