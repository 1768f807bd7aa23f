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


@pytest.mark.parametrize("form_class", [PieceForm, SetupForm])
def test_a_form_copies_its_fields_without_djangos_deep_copy(
    form_class: type[forms.Form], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(self: object, memo: object) -> object:
        raise AssertionError("a field deep-copied")

    monkeypatch.setattr(forms.Field, "__deepcopy__", refused)
    monkeypatch.setattr(forms.Widget, "__deepcopy__", refused)
    one, two = form_class(), form_class()
    assert set(one.fields) == set(form_class.base_fields)
    for name, field in one.fields.items():
        declared = form_class.base_fields[name]
        assert type(field) is type(declared) and field is not declared and field is not two.fields[name]
        assert field.widget is not declared.widget and field.widget is not two.fields[name].widget
        assert field.widget.attrs == declared.widget.attrs and field.widget.attrs is not declared.widget.attrs
        assert field.error_messages == declared.error_messages
        assert field.error_messages is not declared.error_messages
        assert field.validators == declared.validators and field.validators is not declared.validators
        field.widget.attrs["data-x"] = "1"  # one form's change is its own
        assert "data-x" not in declared.widget.attrs and "data-x" not in two.fields[name].widget.attrs


def test_a_games_menus_are_offered_as_built_once_so_their_markup_is_reused() -> None:
    from rules.forms import GAME_CHOICES, GAME_ROW_CHOICES, for_game

    for game in GAME_CHOICES:
        forms_ = [(SetupForm(), [PieceForm(), PieceForm()]) for _ in range(2)]
        for form, rows in forms_:
            for_game(form, rows, game)
            for name, values in GAME_CHOICES[game].items():
                assert form.fields[name].widget.choices is values
            for row in rows:
                for name, values in GAME_ROW_CHOICES[game].items():
                    assert row.fields[name].widget.choices is values
        QuickSelect._built.clear()
        first = forms_[0][1][0]["kind"].as_widget()
        built = dict(QuickSelect._built)
        assert forms_[1][1][1]["kind"].as_widget() == first and QuickSelect._built == built


def test_every_rows_piece_menu_offers_one_shared_list() -> None:
    from rules.forms import ROW_PIECE_FIELDS, offer_pieces

    pieces = [("a", "ship", "X-wing"), ("rock", "obstacle", "Asteroid")]
    rows = [PieceForm(), PieceForm(), PieceForm()]
    offer_pieces(SetupForm(), rows, pieces)
    for name in ROW_PIECE_FIELDS:
        lists = [row.fields[name].widget.choices for row in rows]
        assert all(options is lists[0] for options in lists)  # its markup is built once, not once per row
        assert lists[0][0] == ("", "—") and set(lists[0][1:]) <= {("a", "X-wing"), ("rock", "Asteroid")}


ROW_VALUES = [
    {},
    {"p-0-id": "a"},
    {"p-0-x": " "},
    {"p-0-flipped": "on"},
    {"p-0-flipped": "false"},
    {"p-0-kind": "ship", "p-0-x": "10"},
    {"p-0-player": ""},
    {"p-0-label": "  "},
    {"p-0-heading": "0"},
    {"p-1-id": "b"},  # another row's value
    {"p-0-id": "x" * 30, "p-0-kind": "spaceship", "p-0-x": "1" * 25},  # too long, no such choice
    {"p-0-kind": "obstacle", "p-0-type": "asteroid", "p-0-shape": "asteroid-4", "p-0-label": " Rock "},
]


@pytest.mark.parametrize("values", ROW_VALUES)
def test_a_rows_cleaning_is_djangos(values: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from django.http import QueryDict

    data = QueryDict(mutable=True)
    data.update(values)
    ours = PieceForm(data, prefix="p-0", empty_permitted=False)
    djangos = PieceForm(data, prefix="p-0", empty_permitted=False)
    djangos._clean_fields = lambda: forms.BaseForm._clean_fields(djangos)  # type: ignore[method-assign]
    assert ours.is_valid() == djangos.is_valid() and ours.errors == djangos.errors
    assert ours.cleaned_data == djangos.cleaned_data
    built = []
    init = forms.BoundField.__init__
    monkeypatch.setattr(forms.BoundField, "__init__", lambda *a, **k: built.append(1) or init(*a, **k))
    PieceForm(data, prefix="p-0", empty_permitted=False).is_valid()
    assert len(built) == len(ours.errors)  # cleaned without a bound field per input (Django's errors make one)


@pytest.mark.parametrize("values", ROW_VALUES)
def test_a_rows_has_changed_is_djangos(values: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from django.http import QueryDict

    data = QueryDict(mutable=True)
    data.update(values)
    ours = PieceForm(data, prefix="p-0").has_changed()
    djangos = bool(PieceForm(data, prefix="p-0").changed_data)
    assert ours == djangos
    built = []
    monkeypatch.setattr(forms.BoundField, "__init__", lambda *a, **k: built.append(1) or None)
    PieceForm(data, prefix="p-0").has_changed()
    assert not built  # answered without a bound field per input


ATTRIBUTES = [
    {},
    {"id": "id_ship", "hx-swap-oob": "true", "aria-invalid": "true", "class": "x"},
    {"required": True, "disabled": False, "title": None, "data-x": 'a "quoted" <b> & more'},
    {"b": True, "a": True, "z": "1", "m": 0},
]


@pytest.mark.parametrize("attrs", ATTRIBUTES)
def test_attributes_are_djangos_flatatt_exactly(attrs: dict[str, object]) -> None:
    from django.forms.utils import flatatt
    from django.utils.functional import lazy
    from django.utils.safestring import mark_safe

    from rules.widgets import attributes

    assert attributes(attrs) == flatatt(attrs)
    more = {**attrs, "safe": mark_safe("<i>&amp;</i>"), "later": lazy(lambda: "a&b", str)()}
    assert attributes(more) == flatatt(more)


def test_a_select_is_drawn_exactly_as_before_without_djangos_escape_wrappers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same text as Django's ``escape`` and ``flatatt`` made, without calling either."""
    from django.forms import utils
    from django.utils import html as django_html

    widget = QuickSelect(attrs={"class": "c"})
    widget.use([("", "—"), ("a", "X-wing <1>"), ("Group & co", [("b", 'B "2"'), ("c", "C")])])
    drawn = widget.render("p-0-ship", "b", {"id": "id_p-0-ship", "hx-swap-oob": "true"})
    expected = (
        '<select name="p-0-ship" class="c" hx-swap-oob="true" id="id_p-0-ship">\n'
        '<option value="">—</option>\n<option value="a">X-wing &lt;1&gt;</option>\n'
        '<optgroup label="Group &amp; co">\n<option value="b" selected>B &quot;2&quot;</option>\n'
        '<option value="c">C</option>\n</optgroup>\n</select>'
    )
    assert drawn == expected
    called = []
    monkeypatch.setattr(utils, "format_html_join", lambda *a: called.append(a))
    monkeypatch.setattr(django_html, "escape", lambda *a: called.append(a))
    widget.use([("", "—"), ("d", "D")])
    widget.render("p-1-ship", "d", {"id": "id_p-1-ship"})
    assert called == []
