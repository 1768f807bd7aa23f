"""The setup form: HTML fields in, a scenario document out.

The engine's parser is the one validator: the form only carries values and
converts them (numbers stay text until the parser says what is wrong with
them), then maps the parser's field paths back onto the inputs.  Which fields
mean what in which game is each game's ``FormSpec`` (``rules.engine.games``):
this module names no game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms

from rules.engine import Problem, Scenario, ScenarioError, games, parse_scenario
from rules.engine.form import fresh_id, number
from rules.rulings import small_count
from rules.widgets import FixedChoiceField

MAX_ROWS = 40
DEFAULT_ROWS = 3
GAMES = games.all_games()


def _choices(values: tuple[str, ...] | list[str], blank: str | None = "—") -> list[tuple[str, str]]:
    out = [(v, v) for v in dict.fromkeys(values)]
    return ([("", blank)] if blank is not None else []) + out


def _offered(name: str, blank: str | None = "—") -> list[tuple[str, str]]:
    """A shared choice field's values: every game's ``FormSpec.choices[name]``, in registry order, once each."""
    return _choices(tuple(v for g in GAMES for v in g.form.choices.get(name, ())), blank=blank)


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


def _id(label: str) -> forms.CharField:
    """A piece id: suggestions come from the pieces placed so far (``datalist#piece-ids``)."""
    return forms.CharField(
        label=label,
        required=False,
        max_length=24,
        widget=forms.TextInput(attrs={"size": "8", "list": "piece-ids", "autocomplete": "off"}),
    )


ADDING = ("add", "add_named", "add_piece")
"""Buttons that add a row (empty, picked in the palette, picked by a shape's picture): a build step, not a
submission, so what is still missing is listed with a 200."""
PICKED = "pick"
"""Set by every choice link (who does what, the dial, a snap): also a build step."""

CHECKBOXES = ("stressed", "placed_device", "decloaked", "flipped", "flotilla")


class PieceForm(forms.Form):
    """One row: any piece of any game."""

    id = forms.CharField(label="id", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"}))
    kind = FixedChoiceField(label="kind", required=False, choices=_choices([k for g in GAMES for k in g.piece_kinds]))
    size = FixedChoiceField(label="size", required=False, choices=_choices([s for g in GAMES for s in g.sizes]))
    type = FixedChoiceField(
        label="type",
        required=False,
        choices=[("", "—")]
        + [
            (f"{g.title} {label.lower()}", _choices(values, blank=None))
            for g in GAMES
            for label, values in g.type_choices
        ],
    )
    shape = FixedChoiceField(
        label="shape",
        required=False,
        choices=[("", "default for the type")]
        + [(f"{g.title} {label.lower()}", list(values)) for g in GAMES for label, values in g.shape_choices],
    )
    chassis = FixedChoiceField(
        label="ship by name",
        required=False,
        choices=[("", "—")] + [(g.title, list(g.chassis_choices)) for g in GAMES if g.chassis_choices],
    )
    x = _num("x (mm)")
    y = _num("y (mm)")
    heading = _num("facing / rotation (°)")
    player = FixedChoiceField(label="player", required=False, choices=[("", "—"), ("1", "1"), ("2", "2")])
    flipped = forms.BooleanField(label="flipped", required=False)
    stressed = forms.BooleanField(label="stressed", required=False)
    placed_device = forms.BooleanField(label="placed a device", required=False)
    decloaked = forms.BooleanField(label="decloaked", required=False)
    fuses = FixedChoiceField(label="fuses", required=False, choices=[("", "0"), ("1", "1"), ("2", "2"), ("3", "3")])
    target = _id("targets (id)")
    flotilla = forms.BooleanField(label="flotilla", required=False)
    yaw_limits = forms.CharField(
        label="speed chart (1: 2; 2: 1 1)", required=False, max_length=80, widget=forms.TextInput(attrs={"size": "12"})
    )
    label = forms.CharField(label="label", required=False, max_length=40, widget=forms.TextInput(attrs={"size": "10"}))


class SetupForm(forms.Form):
    """The game, edition and action; pieces come in PieceForm rows."""

    game = FixedChoiceField(choices=[(g.name, g.title) for g in GAMES], initial=GAMES[0].name, widget=forms.RadioSelect)
    edition = FixedChoiceField(
        choices=[(e, f"{g.title} {e}") for g in GAMES for e in reversed(g.editions)], initial=GAMES[0].editions[-1]
    )
    action = FixedChoiceField(
        label="action", choices=_by_game({g.title: g.action_types for g in GAMES}, blank=None), initial="maneuver"
    )
    ship = _id("ship")
    speed = FixedChoiceField(label="speed", required=False, choices=_offered("speed"))
    to_x = _num("to x (a move's target; relocate; a huge X-Wing ship's measured final x)")
    to_y = _num("to y")
    to_heading = _num("to facing / rotation")
    bearing = FixedChoiceField(
        label="bearing",
        required=False,
        choices=_offered("bearing"),
    )
    direction = FixedChoiceField(label="direction", required=False, choices=_offered("direction"))
    tallon_position = FixedChoiceField(label="Tallon position", required=False, choices=_offered("tallon_position"))
    position = FixedChoiceField(label="roll position", required=False, choices=_offered("position"))
    template = FixedChoiceField(label="roll / decloak template", required=False, choices=_offered("template"))
    degrees = FixedChoiceField(
        label="rotate by (° clockwise; -90 turns left)", required=False, choices=_offered("degrees")
    )
    tractor = forms.BooleanField(label="tractored (the tractoring player moves it)", required=False)
    ignore_obstacles = forms.BooleanField(label="an effect lets it ignore obstacles while it moves", required=False)
    attacker = _id("attacker")
    defender = _id("defender")
    arc = FixedChoiceField(label="arc", required=False, choices=_offered("arc"))
    device_id = _id("device id")
    device_type = FixedChoiceField(
        label="device type", required=False, choices=_choices([t for g in GAMES for t in g.form.device_types])
    )
    dev_bearing = FixedChoiceField(
        label="device template", required=False, choices=_offered("dev_bearing", blank="card default")
    )
    dev_direction = FixedChoiceField(
        label="device template direction", required=False, choices=_offered("dev_direction")
    )
    dev_speed = FixedChoiceField(label="device template speed", required=False, choices=_offered("dev_speed"))
    placed = _id("obstacle to place (row id)")
    first_player = FixedChoiceField(label="first player", required=False, choices=_offered("first_player", blank="1"))
    dice = forms.CharField(label="dice rolled (e.g. rock: hit; mine: crit, blank)", required=False, max_length=300)
    clicks = forms.CharField(
        label="clicks per joint", required=False, max_length=40, widget=forms.TextInput(attrs={"size": "10"})
    )
    side = FixedChoiceField(label="tool side", required=False, choices=_offered("side"))
    squadron = _id("squadron")
    placements = forms.CharField(label="placements", required=False, max_length=600)
    moved = _id("obstacle or token")
    max_distance = FixedChoiceField(label="max distance", required=False, choices=_offered("max_distance"))
    min_distance = FixedChoiceField(
        label="min distance", required=False, choices=_offered("min_distance", blank="none")
    )
    toward = _id("toward (piece id)")
    palette = FixedChoiceField(
        label="add by name",
        required=False,
        choices=[("", "—")]
        + [
            (f"{g.title} {label.lower()}", [(f"{g.name}:{key}", name) for key, name, _ in entries])
            for g in GAMES
            for label, entries in g.palette
        ],
    )
    doc = forms.CharField(
        label="Advanced: a scenario document (JSON) — takes precedence over the fields above",
        required=False,
        max_length=60000,
        widget=forms.Textarea(attrs={"rows": "6", "cols": "60", "spellcheck": "false"}),
    )


SHARED_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Who acts", ("ship", "speed")),
    ("Where to (a move's target, a relocation, a measured final position)", ("to_x", "to_y", "to_heading")),
)


def _groups() -> list[tuple[str, str, tuple[str, ...]]]:
    """(CSS classes, label, field names): the shared groups, then each game's, numbered once."""
    out = [(f"grp-{k}", label, names) for k, (label, names) in enumerate(SHARED_GROUPS)]
    for n, g in enumerate(GAMES, start=1):
        for label, names in g.form.groups:
            out.append((f"for-game game-{n} grp-{len(out)}", f"{g.title}: {label}", names))
    return out


def action_groups(form: SetupForm) -> list[tuple[str, str, list[forms.BoundField]]]:
    """(CSS classes, label, bound fields) for the template: every field once.

    A game's groups carry ``for-game game-N`` (N its place among the game radios), so the
    stylesheet shows only the chosen game's fields where the browser supports ``:has``;
    every field stays in the form either way.
    """
    return [(css, label, [form[n] for n in names]) for css, label, names in _groups()]


def action_css() -> str:
    """CSS that shows only the chosen game's and action's fields (``:has``; without it, every field shows).

    Generated from the registry: each game's radio is ``#id_game_<i>``, each field label
    carries ``f-<name>``, each group ``grp-<k>``; a group none of whose fields an action uses
    is hidden with them.
    """
    groups = _groups()
    names = list(dict.fromkeys(n for _, _, grp in groups for n in grp))
    rules = []
    for i, g in enumerate(GAMES):
        game_on = f"form:has(#id_game_{i}:checked)"
        for action in g.action_types:
            used = set(g.form.fields_for.get(action, names))
            hidden = [f"label.f-{n}" for n in names if n not in used]
            hidden += [f".{css.split()[-1]}" for css, _, grp in groups if not used.intersection(grp)]
            if hidden:
                sel = f'{game_on}:has(select[name="action"] option[value="{action}"]:checked)'
                rules.append(",\n".join(f"{sel} {h}" for h in hidden) + " { display: none; }")
    return "\n".join(rules) + "\n"


COMMON_ROW_FIELDS = ("id", "kind", "x", "y", "player", "label")
"""Row fields every piece of every game uses (``FormSpec.row_fields`` names the rest per kind)."""


def row_css() -> str:
    """CSS that shows only the fields a row's piece kind uses (``:has``; without it, every field shows).

    A row whose kind is not chosen yet, or whose kind its game does not list, shows every field.
    """
    rules = []
    for i, g in enumerate(GAMES):
        game_on = f"form:has(#id_game_{i}:checked)"
        for kind, own in g.form.row_fields.items():
            used = set(COMMON_ROW_FIELDS) | set(own)
            hidden = [f"label.f-{n}" for n in PieceForm.base_fields if n not in used]
            if hidden:
                sel = f'{game_on} .row:has(select[name$="-kind"] option[value="{kind}"]:checked)'
                rules.append(",\n".join(f"{sel} {h}" for h in hidden) + " { display: none; }")
    return "\n".join(rules) + "\n"


PieceFormSet = forms.formset_factory(PieceForm, extra=0, max_num=MAX_ROWS, absolute_max=MAX_ROWS, validate_max=True)
PIECE_FIELD = re.compile(r"^pieces\[(\d+)\]\.?([a-z_]*)")
STATE_FIELD = re.compile(r"^pieces\[(\d+)\]\.state\.([a-z_]+)")


ROW_FIELDS = tuple(PieceForm.base_fields)


def _raw_row(data: Any, i: int) -> dict[str, Any]:
    """One row's values as typed (checkboxes as booleans), for re-displaying it."""
    out: dict[str, Any] = {}
    for name in ROW_FIELDS:
        value = data.get(f"p-{i}-{name}")
        if name in CHECKBOXES:
            out[name] = bool(value)
        elif value:
            out[name] = value
    return out


def _query_with_rows(data: Any, rows: list[dict[str, Any]]) -> str | None:
    """The form's query with these rows in place of the submitted ones, without the add buttons."""
    if not hasattr(data, "urlencode"):
        return None
    q = data.copy()
    for key in [k for k in q if k.startswith("p-")] + [*ADDING, PICKED, *NEAR]:
        q.pop(key, None)
    q["p-TOTAL_FORMS"] = str(len(rows))
    q["p-INITIAL_FORMS"] = "0"
    for i, row in enumerate(rows):
        for name, value in row.items():
            if value is True:
                q[f"p-{i}-{name}"] = "on"
            elif value not in (None, "", False):
                q[f"p-{i}-{name}"] = str(value)
    return str(q.urlencode())


NEAR = ("near_x", "near_y")
"""Where the table's view is centred (mm, set by the page's script): a piece added by name lands there."""


def _near(data: Any, table: tuple[float, float]) -> tuple[float, float] | None:
    """The view's centre sent with an add, on the table (None without one: mid-table)."""
    x, y = (number(str(data.get(k) or "")) for k in NEAR)
    if isinstance(x, int | float) and isinstance(y, int | float) and 0 < x < table[0] and 0 < y < table[1]:
        return float(x), float(y)
    return None


def named_row(key: str, rows: list[dict[str, Any]], near: Any = None) -> dict[str, Any]:
    """A new row for a piece picked by name: its facts filled in, an id of its own, mid-table or near
    the view's centre (``near``: the submitted data with ``near_x``/``near_y``)."""
    game_name, _, rest = key.partition(":")
    if game_name not in games.names():
        return {}
    game = games.get(game_name)
    entry = next((e for _, entries in game.palette for e in entries if e[0] == rest), None)
    if entry is None:
        return {}
    _, name, values = entry
    base = re.sub(r"[^a-z0-9]+", "-", name.split("(")[0].lower()).strip("-")[:18].strip("-") or "piece"
    x, y = _free_spot(game.default_table, rows, _near(near, game.default_table) if near is not None else None)
    return {"id": fresh_id(base, {r.get("id") for r in rows}), "x": str(x), "y": str(y), "heading": "0", **values}


FREE_SPACING = 90
"""mm between the centres of pieces added by name: enough that none lands on top of another."""


def _free_spot(
    table: tuple[float, float], rows: list[dict[str, Any]], centre: tuple[float, float] | None = None
) -> tuple[int, int]:
    """Mid-table, or the nearest spot on a 90 mm grid around it that no placed piece's centre is near.

    A piece added on top of another could not be picked up: the one drawn above it takes the drag.
    """
    w, h = table
    cx, cy = (round(centre[0]), round(centre[1])) if centre else (round(w / 2), round(h / 2))
    taken = []
    for r in rows:
        x, y = number(str(r.get("x"))), number(str(r.get("y")))  # as typed: "12,5" is a number too
        if isinstance(x, int | float) and isinstance(y, int | float):
            taken.append((x, y))
    spots = [
        (cx + i * FREE_SPACING, cy + j * FREE_SPACING)
        for i in range(-4, 5)
        for j in range(-4, 5)
        if 0 < cx + i * FREE_SPACING < w and 0 < cy + j * FREE_SPACING < h
    ]
    spots.sort(key=lambda s: (abs(s[0] - cx) + abs(s[1] - cy), -s[1], s[0]))
    for sx, sy in spots:
        if all(abs(sx - tx) >= FREE_SPACING or abs(sy - ty) >= FREE_SPACING for tx, ty in taken):
            return sx, sy
    return cx, cy


def _with_row_ids(data: Any, rows: int) -> Any:
    """A row with something in it but no id gets one (``kind-N``) instead of being dropped silently."""
    missing = [
        i
        for i in range(rows)
        if not (data.get(f"p-{i}-id") or "").strip()
        and any((data.get(f"p-{i}-{k}") or "").strip() for k in ("kind", "x", "y", "size", "type", "chassis"))
    ]
    if not missing:
        return data
    data = data.copy()
    taken = {(data.get(f"p-{i}-id") or "").strip() for i in range(rows)}
    for i in missing:
        base = (data.get(f"p-{i}-kind") or "piece").strip() or "piece"
        data[f"p-{i}-id"] = fresh_id(base, taken, start=i + 1)[:24]
        taken.add(data[f"p-{i}-id"])
    return data


class Setup:
    """The bound setup form, its rows, and the scenario (or the problems) they make."""

    def __init__(self, data: Any | None) -> None:
        self.bound = bool(data) and ("game" in data or "doc" in data)
        rows = DEFAULT_ROWS
        counted = small_count(data.get("p-TOTAL_FORMS"), MAX_ROWS) if data is not None else None
        if counted is not None:
            rows = counted
        if data is not None and "add" in data:
            rows += 1
        if self.bound and data is not None:
            data = _with_row_ids(data, min(counted or 0, MAX_ROWS))
            if "drop_doc" in data:  # "use the fields instead": the JSON document is cleared
                data = data.copy()
                data["doc"] = ""
        self.form = SetupForm(data if self.bound else None)
        self.rows = (
            PieceFormSet(data, prefix="p")
            if self.bound
            else PieceFormSet(prefix="p", initial=[{} for _ in range(min(rows, MAX_ROWS))])
        )
        self.scenario: Scenario | None = None
        self.problems: list[Problem] = []
        self.document: dict[str, Any] | None = None
        self.display_rows = self.rows
        self.after_add: str | None = None
        """The address that shows the form with the added row (the page redirects there: reloading it adds nothing)."""
        if self.bound:
            self._build()
            named = "add_named" in data or "add_piece" in data
            if any(key in data for key in ADDING):
                # adding a row always works, whatever the other rows hold (their text is kept as typed)
                kept = [_raw_row(data, i) for i in range(len(self.rows.forms))]
                key = data.get("add_piece") or data.get("palette") or ""  # a picture's button names its piece
                same_game = str(key).partition(":")[0] == (data.get("game") or "")
                new = named_row(str(key), kept, data) if named and same_game else {}
                empty = next(
                    (i for i, r in enumerate(kept) if not any(r.get(k) for k in ("id", "kind", "x", "y"))), None
                )
                if new and empty is not None:
                    kept[empty] = new  # a piece picked by name fills the first empty row
                    new = {}
                now = [*kept, *([new] if new or "add" in data else [])][:MAX_ROWS]
                self.display_rows = PieceFormSet(prefix="p", initial=now)
                self.after_add = _query_with_rows(data, now)

    def _build(self) -> None:
        form, rows = self.form, self.rows
        if not form.is_valid():
            self.problems = [Problem(k, "; ".join(v)) for k, v in form.errors.items()]
            return
        if not rows.is_valid():
            self.problems = [Problem("pieces", "; ".join(rows.non_form_errors()) or "check the piece rows")]
            return
        d = form.cleaned_data
        raw_doc = (d.get("doc") or "").strip()
        if raw_doc:
            try:
                doc = json.loads(raw_doc)
            except json.JSONDecodeError as e:
                form.add_error("doc", f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})")
                self.problems = [Problem("doc", f"not valid JSON: {e.msg}")]
                return
            except (RecursionError, ValueError):
                form.add_error("doc", "not valid JSON: nested too deeply or numbers out of range")
                self.problems = [Problem("doc", "not valid JSON")]
                return
            self._parse(doc, [])
            return
        game = games.get(d["game"])
        pieces = [p for f in rows.forms if (p := game.form.piece_document(f.cleaned_data)) is not None]
        action = game.form.action_document(d, pieces)
        edition = d["edition"] if d["edition"] in game.editions else game.editions[-1]
        doc: dict[str, Any] = {
            "format": 1,
            "game": game.name,
            "edition": edition,
            "pieces": pieces,
            "action": action,
            **game.form.extra_document(d),
        }
        self._parse(doc, pieces)

    def _parse(self, doc: Any, pieces: list[dict[str, Any]]) -> None:
        self.document = doc if isinstance(doc, dict) else None
        try:
            self.scenario = parse_scenario(doc)
        except ScenarioError as e:
            self.problems = list(e.problems)
            self._map_problems(pieces)

    def _map_problems(self, pieces: list[dict[str, Any]]) -> None:
        """Put each problem next to its input; what has no input stays in the list at the top."""
        if (self.form.cleaned_data.get("doc") or "").strip():
            return
        action_fields = games.get(self.form.cleaned_data["game"]).form.action_fields
        row_by_id = {}
        for i, f in enumerate(self.rows.forms):
            pid = (f.cleaned_data.get("id") or "").strip()
            if pid:
                row_by_id.setdefault(pid, i)
        for prob in self.problems:
            m = STATE_FIELD.match(prob.field) or PIECE_FIELD.match(prob.field)
            if m:
                idx, name = int(m.group(1)), m.group(2)
                pid = pieces[idx]["id"] if idx < len(pieces) else None
                row = row_by_id.get(pid or "")
                if row is None:
                    continue
                target = self.rows.forms[row]
                field = {"rotation": "heading", "outline": None, "state": None}.get(name, name)
                target.add_error(field if field in target.fields else None, _plain(field, prob.message))
                continue
            key = prob.field if prob.field in action_fields else re.sub(r"\[\d+\]", "", prob.field)
            key = key if key in action_fields else key.rsplit(".", 1)[0]
            field_name = action_fields.get(key)
            if field_name and field_name in self.form.fields:
                self.form.add_error(field_name, prob.message)


def _plain(field: str | None, message: str) -> str:
    """The parser's message in words a first-time user reads without the spec at hand."""
    if message == "must be a number":
        if field in ("x", "y"):
            return f"{field} must be a number of millimetres, like 300"
        if field == "heading":
            return "the facing must be a number of degrees, like 90 (clockwise from straight ahead)"
    return message


def initial_from_scenario(scenario: Scenario) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Form and row values that rebuild ``scenario`` (to edit a permalink's situation)."""
    return games.get(scenario.game).form.initial(scenario.to_dict())
