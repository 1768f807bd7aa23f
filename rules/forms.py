"""The setup form's inputs, built from what each game declares (``FormSpec.fields``, ``row_inputs``).

The core form holds only what every game shares: the game, its edition, the action, the table's
size, the piece palette, the JSON box, and a piece row's id, kind, name, place and label.  Every
other input is a game's ``Field`` declaration (data): this module names no game and no game's
fields.  The setup state (rows, adding, the parsed scenario) is ``rules.setup_state``; the form's groups and
its CSS are ``rules.form_layout``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.choices import normalize_choices
from django.utils.safestring import SafeString

from rules.engine import games
from rules.engine.form import Field
from rules.engine.game import Game
from rules.engine.scenario import MAX_PIECES
from rules.widgets import FixedChoiceField, QuickSelect, quick_copies

MAX_ROWS = MAX_PIECES + 1
"""The largest accepted scenario, plus the row of a piece its action places (an obstacle, a device)."""
DEFAULT_ROWS = 3
GAMES = games.all_games()


SPELLED = {
    "drk-1-probe-droid": "DRK-1 probe droid",
    "electro-chaff-cloud": "Electro-Chaff Cloud",
    "grav": "Grav well",
    "other": "Other token",
}
"""Values whose words are not the value with spaces (a printed name's capitals)."""


def in_words(value: str) -> str:
    """A kind, size or type as a player reads it ("debris-cloud" is shown as "Debris cloud"); the value sent stays."""
    return SPELLED.get(value) or value.replace("-", " ").capitalize()


def _choices(
    values: tuple[str, ...] | list[str], blank: str | None = "—", worded: bool = False
) -> list[tuple[str, str]]:
    out = [(v, in_words(v) if worded else v) for v in dict.fromkeys(values)]
    return ([("", blank)] if blank is not None else []) + out


def _by_game(values: dict[str, tuple[str, ...]], blank: str | None = "—") -> list[Any]:
    """Choices grouped under each game's title."""
    out: list[Any] = [("", blank)] if blank is not None else []
    return out + [(title, _choices(v, blank=None)) for title, v in values.items()]


def _num(label: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "size": "6", "autocomplete": "off"}),
    )


class PieceChoiceField(forms.CharField):
    """A piece picked among the placed ones, shown by its name (the options are set per form).

    Any text is accepted and passed on (the parser says what is wrong with it); a value that is not
    among the pieces stays offered, so nothing typed or linked is lost on re-display.
    """

    def __init__(self, *, kinds: tuple[str, ...] = (), **kwargs: Any) -> None:
        self.kinds = kinds
        super().__init__(widget=QuickSelect, **kwargs)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {}  # no maxlength: not an attribute of a select

    def offer(self, pieces: list[tuple[str, str, str]], value: object, lists: dict[Any, list[Any]]) -> None:
        """(id, kind, name) of the placed pieces: those of this field's kinds become its options.

        ``lists`` shares one options list per kinds among a form's menus, so the quick select draws each
        list once (60 rows' target menus and the action's cost one list each, not one per menu).
        """
        options = lists.get(self.kinds)
        if options is None:
            options = [("", "—")] + [(pid, name) for pid, kind, name in pieces if not self.kinds or kind in self.kinds]
            lists[self.kinds] = options
        if isinstance(value, str) and value and value not in {v for v, _ in options}:
            options = [*options, (value, value)]
        assert isinstance(self.widget, QuickSelect)
        self.widget.use(options)


def declared_field(spec: Field, choices: list[str]) -> forms.Field:
    """The Django input for a game's declaration (``choices``: every game's values for that name)."""
    if spec.kind == "check":
        return forms.BooleanField(label=spec.label, required=False)
    if spec.kind == "number":
        return _num(spec.label)
    if spec.kind == "piece":
        return PieceChoiceField(label=spec.label, required=False, max_length=40, kinds=spec.kinds)
    if spec.kind == "text":
        attrs = {"size": str(spec.width)} if spec.width else {}
        widget = forms.Textarea(attrs={"rows": "2", "cols": "40"}) if spec.max_length > 100 else None
        return forms.CharField(
            label=spec.label,
            required=False,
            max_length=spec.max_length,
            widget=widget or forms.TextInput(attrs={**attrs, "autocomplete": "off"}),
        )
    return FixedChoiceField(label=spec.label, required=False, choices=_choices(choices, blank=spec.blank))


def _declared(specs_of: list[tuple[str, tuple[Field, ...]]]) -> dict[str, forms.Field]:
    """One input per declared name across the games (``(title, fields)`` each), in declaration order.

    A shared choice offers the union of the games' values, a shared piece menu the union of their kinds.
    A game that calls a shared input by another name has it added, as "arc (Armada: attacking hull
    zone)" (a label that only shortens or lengthens the first one's is not repeated).
    """
    first: dict[str, Field] = {}
    values: dict[str, list[str]] = {}
    kinds: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for title, specs in specs_of:
        for spec in specs:
            known = first.setdefault(spec.name, spec)
            values.setdefault(spec.name, []).extend(spec.choices)
            kinds.setdefault(spec.name, []).extend(spec.kinds)
            label = labels.setdefault(spec.name, spec.label)
            if not (known.label.startswith(spec.label) or spec.label.startswith(known.label)):
                labels[spec.name] = f"{label} ({title}: {spec.label})"
    out = {}
    for name, spec in first.items():
        merged = {k: getattr(spec, k) for k in Field.__slots__}
        merged |= {"kinds": tuple(dict.fromkeys(kinds[name])), "label": labels[name]}
        out[name] = declared_field(Field(**merged), list(dict.fromkeys(values[name])))
    return out


class RowForm(forms.Form):
    """A piece row: whether it holds anything is asked of every row twice per request (the formset counts
    the empty ones, then skips cleaning them), so it is answered straight from the submitted values."""

    def has_changed(self) -> bool:
        """Django's answer (``changed_data`` not empty) without a bound field per input: a row with no
        initial values has changed when any input's submitted value differs from the field's own initial."""
        if self.initial or not self.is_bound:
            return super().has_changed()
        for name, field in self.fields.items():
            if field.disabled or field.show_hidden_initial or callable(field.initial):
                return super().has_changed()  # what Django does for these is not repeated here
            value = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            if field.has_changed(field.initial, value):
                return True
        return False

    def _clean_fields(self) -> None:
        """Django's cleaning without a bound field per input (a 20-row preview built some 400 only for this:
        a preview does not draw the rows): each input's submitted value, cleaned by its field, as Django
        reads and cleans it (a disabled field, or one cleaned otherwise, is left to Django)."""
        plain = forms.Field._clean_bound_field
        if any(field.disabled or type(field)._clean_bound_field is not plain for field in self.fields.values()):
            super()._clean_fields()  # type: ignore[misc]
            return
        for name, field in self.fields.items():
            try:
                value = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
                self.cleaned_data[name] = field.clean(value)
                if hasattr(self, f"clean_{name}"):
                    self.cleaned_data[name] = getattr(self, f"clean_{name}")()
            except ValidationError as e:
                self.add_error(name, e)


def _piece_form() -> type[forms.Form]:
    """One row: any piece of any game."""
    core: dict[str, forms.Field] = {
        "id": forms.CharField(
            label="short name used in links", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"})
        ),
        "kind": FixedChoiceField(
            label="kind", required=False, choices=_choices([k for g in GAMES for k in g.piece_kinds], worded=True)
        ),
        "size": FixedChoiceField(
            label="size", required=False, choices=_choices([s for g in GAMES for s in g.sizes], worded=True)
        ),
        "type": FixedChoiceField(
            label="type",
            required=False,
            choices=[("", "—")]
            + [
                (f"{g.title} {label.lower()}", _choices(values, blank=None, worded=True))
                for g in GAMES
                for label, values in g.type_choices
            ],
        ),
        "shape": FixedChoiceField(
            label="shape",
            required=False,
            choices=[("", "default for the type")]
            + [(f"{g.title} {label.lower()}", list(values)) for g in GAMES for label, values in g.shape_choices],
        ),
        "chassis": FixedChoiceField(
            label="ship by name",
            required=False,
            choices=[("", "—")] + [(g.title, list(g.chassis_choices)) for g in GAMES if g.chassis_choices],
        ),
        "x": _num("position across the table (mm from the left)"),
        "y": _num("position up the table (mm from player 1's edge)"),
        "heading": _num("facing (degrees, clockwise)"),
        "player": FixedChoiceField(
            label="player", required=False, choices=[("", "—"), ("1", "Player 1"), ("2", "Player 2")]
        ),
        "flipped": forms.BooleanField(label="flipped", required=False),
    }
    own = _declared([(g.title, g.form.row_inputs) for g in GAMES])
    label = forms.CharField(
        label="name on the table", required=False, max_length=40, widget=forms.TextInput(attrs={"size": "10"})
    )
    return type("PieceForm", (RowForm,), {**core, **own, "label": label, "__doc__": "One row: any piece."})


PieceForm = quick_copies(_piece_form())
COMMON_ROW_FIELDS = ("id", "kind", "x", "y", "player", "label")
"""Row fields every piece of every game uses (``FormSpec.row_fields`` names the rest per kind)."""
ROW_FIELDS = tuple(PieceForm.base_fields)


def _setup_form() -> type[forms.Form]:
    """The game, edition, table and action; pieces come in PieceForm rows."""
    head: dict[str, forms.Field] = {
        "game": FixedChoiceField(
            choices=[(g.name, g.title) for g in GAMES], initial=GAMES[0].name, widget=forms.RadioSelect
        ),
        "edition": FixedChoiceField(
            choices=[(e, f"{g.title} {e}") for g in GAMES for e in reversed(g.editions)],
            initial=GAMES[0].editions[-1],
        ),
        "table_width": _num("table width (mm; empty: the game's own)"),
        "table_height": _num("table depth (mm)"),
        "action": FixedChoiceField(
            label="action", choices=_by_game({g.title: g.action_types for g in GAMES}, blank=None), initial="maneuver"
        ),
    }
    tail: dict[str, forms.Field] = {
        "palette": FixedChoiceField(
            label="add by name",
            required=False,
            choices=[("", "—")]
            + [
                (f"{g.title} {label.lower()}", [(f"{g.name}:{key}", name) for key, name, _ in entries])
                for g in GAMES
                for label, entries in g.palette
            ],
        ),
        "doc": forms.CharField(
            label="Advanced: a scenario document (JSON) — takes precedence over the fields above",
            required=False,
            max_length=60000,
            widget=forms.Textarea(attrs={"rows": "6", "cols": "60", "spellcheck": "false"}),
        ),
    }
    own = _declared([(g.title, g.form.fields) for g in GAMES])
    return type("SetupForm", (forms.Form,), {**head, **own, **tail, "__doc__": "The game, edition and action."})


SetupForm = quick_copies(_setup_form())
CHECKBOXES = tuple(
    n for form in (PieceForm, SetupForm) for n, f in form.base_fields.items() if isinstance(f, forms.BooleanField)
)
"""Tick boxes (a row's are drawn as such by the template; absent from a query means unticked)."""
PIECE_FIELDS = tuple(n for n, f in SetupForm.base_fields.items() if isinstance(f, PieceChoiceField))
KEYED_FIELDS = tuple(dict.fromkeys(spec.name for g in GAMES for spec in g.form.fields if spec.keyed))
"""Text fields whose ``name: …`` parts name pieces."""
ROW_PIECE_FIELDS = tuple(n for n, f in PieceForm.base_fields.items() if isinstance(f, PieceChoiceField))


def offer_pieces(form: forms.Form, rows: list[forms.Form], pieces: list[tuple[str, str, str]]) -> None:
    """Give every piece menu (the action's and each row's) the placed pieces to choose from."""
    lists: dict[Any, list[Any]] = {}
    for name in PIECE_FIELDS:
        field = form.fields[name]
        assert isinstance(field, PieceChoiceField)
        field.offer(pieces, form[name].value(), lists)
    for row in rows:
        for name in ROW_PIECE_FIELDS:
            field = row.fields[name]
            assert isinstance(field, PieceChoiceField)
            field.offer(pieces, row[name].value(), lists)


def narrow(form: forms.Form, offered: dict[str, tuple[str, ...]]) -> None:
    """Menus the situation narrows (an Armada ship's speeds, by its speed chart); a value chosen outside
    them stays offered, so the menu shows what the problem list speaks of."""
    for name, values in offered.items():
        field = form.fields.get(name)
        if isinstance(field, forms.ChoiceField):
            now = str(form[name].value() or "")
            blank = [c for c in field.choices if c[0] == ""]
            extra = [(now, now)] if now and now not in values else []
            field._choices = field.widget.choices = [*blank, *[(v, v) for v in values], *extra]  # type: ignore[attr-defined]


def piece_menus(form: forms.Form, rows: list[forms.Form]) -> list[SafeString]:
    """Every piece menu, drawn anew to replace the form's (htmx out of band, by its id): a live preview
    brings them up to date, so a piece typed into a row can be picked at once, without reloading the form.

    Whole selects, not their options: options swapped into a select left the last one chosen.
    """
    bound = [form[n] for n in PIECE_FIELDS] + [row[n] for row in rows for n in ROW_PIECE_FIELDS]
    return [b.as_widget(attrs={"hx-swap-oob": "true"}) for b in bound]


def redrawn(form: forms.Form, rows: list[forms.Form], names: list[str]) -> list[SafeString]:
    """Inputs drawn anew to replace the form's (htmx out of band, by id): the action's by name, a row's
    as ``p-N-name`` (a ship's size and label after its name changed)."""
    out = []
    for name in names:
        row, _, field = name.removeprefix("p-").partition("-") if name.startswith("p-") else ("", "", name)
        bound = rows[int(row)][field] if row.isdigit() and int(row) < len(rows) else form[field]
        out.append(bound.as_widget(attrs={"hx-swap-oob": "true"}))
    return out


def game_menus(game_name: str, rows: int) -> list[str]:
    """The menus whose choices depend on the game (its editions, its speeds, each row's kinds and ships...)."""
    own = GAME_ROW_CHOICES.get(game_name, {})
    return [*GAME_CHOICES.get(game_name, {}), *(f"p-{i}-{n}" for i in range(rows) for n in own)]


def _own_choices(g: Game) -> dict[str, list[Any]]:
    """A game's edition menu, palette and its own values of each choice it declares (shared names offer
    every game's)."""
    out: dict[str, list[Any]] = {"edition": [(e, f"{g.title} {e}") for e in reversed(g.editions)]}
    for spec in g.form.fields:
        if spec.kind == "choice":
            out[spec.name] = _choices(spec.choices, blank=spec.blank)
    out["palette"] = [("", "—")] + [
        (f"{g.title} {label.lower()}", [(f"{g.name}:{key}", name) for key, name, _ in entries])
        for label, entries in g.palette
    ]
    return out


def _own_row_choices(g: Game) -> dict[str, list[Any]]:
    """A row's menus offering only this game's kinds, sizes, types, shapes and ships."""
    return {
        "kind": _choices(g.piece_kinds, worded=True),
        "size": _choices(g.sizes, worded=True),
        "type": [("", "—")]
        + [
            (f"{g.title} {label.lower()}", _choices(values, blank=None, worded=True))
            for label, values in g.type_choices
        ],
        "shape": [("", "default for the type")]
        + [(f"{g.title} {label.lower()}", list(values)) for label, values in g.shape_choices],
        "chassis": [("", "—")] + ([(g.title, list(g.chassis_choices))] if g.chassis_choices else []),
    }


def _normal(choices: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Each list in Django's normal form once, so it can be offered as it is (``QuickSelect.use``)."""
    return {name: normalize_choices(values) for name, values in choices.items()}


GAME_CHOICES = {g.name: _normal(_own_choices(g)) for g in GAMES}
GAME_ROW_CHOICES = {g.name: _normal(_own_row_choices(g)) for g in GAMES}


def _offer(form: forms.Form, choices: dict[str, list[Any]]) -> None:
    for name, values in choices.items():
        field = form.fields[name]
        assert isinstance(field, forms.ChoiceField)
        # already normalised: set as is, so the quick select builds each list's markup once per process
        field._choices = values  # type: ignore[attr-defined]
        assert isinstance(field.widget, QuickSelect)
        field.widget.use(values)


def for_game(form: forms.Form, rows: list[forms.Form], game_name: str) -> None:
    """A form whose game is known offers that game's editions, values and pieces only (Armada: no X-Wing
    2.5, no X-Wing ships in a row; a 60-row page draws one game's lists, not both)."""
    _offer(form, GAME_CHOICES.get(game_name, {}))
    for row in rows:
        _offer(row, GAME_ROW_CHOICES.get(game_name, {}))


PieceFormSet = forms.formset_factory(PieceForm, extra=0, max_num=MAX_ROWS, absolute_max=MAX_ROWS, validate_max=True)
