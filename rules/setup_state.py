"""The setup form's state: HTML fields in, a scenario document out.

The engine's parser is the one validator: the form only carries values and
converts them (numbers stay text until the parser says what is wrong with
them), then puts the parser's problems next to the inputs in the player's words
(``rules.wording``).  Which fields mean what in which game is each game's
``FormSpec`` (``rules.engine.games``): this module names no game.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from rules.engine import Problem, Scenario, ScenarioError, games, parse_scenario
from rules.engine.form import fresh_id, number
from rules.forms import (
    CHECKBOXES,
    DEFAULT_ROWS,
    KEYED_FIELDS,
    MAX_ROWS,
    PIECE_FIELDS,
    ROW_FIELDS,
    ROW_PIECE_FIELDS,
    PieceFormSet,
    SetupForm,
    for_game,
    narrow,
    offer_pieces,
)
from rules.placing import AT, NEAR, named_row
from rules.rulings import small_count
from rules.wording import place_problems

ADDING = ("add", "add_named", "add_piece")
"""Buttons that add a row (empty, picked in the palette, picked by a shape's picture): a build step, not a
submission, so what is still missing is listed with a 200."""
PICKED = "pick"
"""Set by every choice link (who does what, the dial, a snap): also a build step."""


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


def query_with_rows(data: Any, rows: list[dict[str, Any]]) -> str | None:
    """The form's query with these rows in place of the submitted ones, without the add buttons and the piece
    picked to add (the menu shows its blank again: on a phone, picking the same piece twice did nothing)."""
    if not hasattr(data, "urlencode"):
        return None
    q = data.copy()
    for key in [k for k in q if k.startswith("p-")] + [*ADDING, PICKED, *NEAR, *AT, "palette"]:
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


def _text(data: Any, key: str) -> str:
    return str(data.get(key) or "").strip()


def _with_row_ids(data: Any, rows: int) -> Any:
    """A row with something in it but no id gets one (``kind-N``) instead of being dropped silently."""
    missing = [
        i
        for i in range(rows)
        if not _text(data, f"p-{i}-id")
        and any(_text(data, f"p-{i}-{k}") for k in ("kind", "x", "y", "size", "type", "chassis"))
    ]
    if not missing:
        return data
    data = data.copy()
    taken = {_text(data, f"p-{i}-id") for i in range(rows)}
    for i in missing:
        base = _text(data, f"p-{i}-kind") or "piece"
        data[f"p-{i}-id"] = fresh_id(base, taken, start=i + 1)[:24]
        taken.add(data[f"p-{i}-id"])
    return data


def _follow_chassis(data: Any, rows: int) -> tuple[Any, list[str]]:
    """A ship named by its chassis is that ship: its size, speed chart, flotilla and name follow the name.

    A label the user wrote stays; a label that is another ship's name (filled in when that ship was
    picked) becomes the new ship's.  Also says which inputs changed (``p-N-name``).
    """
    game_name = _text(data, "game")
    if game_name not in games.names():
        return data, []
    spec = games.get(game_name).form
    out = data
    changed: list[str] = []
    for i in range(rows):
        values = spec.chassis_row(_text(data, f"p-{i}-chassis")) if _text(data, f"p-{i}-kind") == "ship" else None
        if not values:
            continue
        for name, value in values.items():
            now = data.get(f"p-{i}-{name}") or ""
            if name == "label" and now and now not in spec.chassis_names:
                continue
            want = ("on" if value else "") if isinstance(value, bool) else str(value)
            if now != want:
                changed.append(f"p-{i}-{name}")
                if out is data:
                    out = data.copy()
                if want:
                    out[f"p-{i}-{name}"] = want
                else:
                    out.pop(f"p-{i}-{name}", None)
    return out, changed


RENAME = "rename"
"""Sent with a name typed in the selected piece's sheet (its row's index): the row was renamed on purpose."""


@cache
def _ships_by_name(game_name: str) -> dict[str, str]:
    """Each of a game's ships by the name its row is labelled with when picked (casefolded): its chassis key
    (the same for every request: worked out once per process, for registry names only)."""
    spec = games.get(game_name).form
    return {
        str(values["label"]).casefold(): key
        for key, _ in games.get(game_name).chassis_choices
        if (values := spec.chassis_row(key)) and values.get("label")
    }


def renamed(data: Any) -> Any:
    """A ship renamed after another ship (in the selected piece's sheet) becomes that ship: its ship-by-name
    menu is set to it, and the name then sets the rest (``_follow_chassis``: size, speed chart, label).

    Only with ``rename``: a label that is another ship's name is otherwise the old name of a ship whose
    menu was just changed (then the label follows the menu)."""
    if data is None or RENAME not in data:
        return data
    out = data.copy()
    i = _text(data, RENAME)
    del out[RENAME]
    game_name = _text(data, "game")
    if not i.isdigit() or game_name not in games.names() or _text(data, f"p-{i}-kind") != "ship":
        return out
    key = _ships_by_name(game_name).get(_text(data, f"p-{i}-label").casefold())
    if key is not None:
        out[f"p-{i}-chassis"] = key
        out[f"p-{i}-label"] = games.get(game_name).form.chassis_row(key)["label"]  # as the ship is spelled
    return out


def _names(data: Any, rows: int) -> list[tuple[str, str, str]]:
    """(id, kind, name) of each row with an id: the name a player sees (label, else the id), made unique."""
    out = []
    for i in range(rows):
        pid = _text(data, f"p-{i}-id")
        if pid:
            out.append((pid, _text(data, f"p-{i}-kind"), _text(data, f"p-{i}-label") or pid))
    seen: dict[str, int] = {}
    for _, _, name in out:
        seen[name] = seen.get(name, 0) + 1
    return [(pid, kind, f"{name} ({pid})" if seen[name] > 1 else name) for pid, kind, name in out]


def _names_to_ids(data: Any, pieces: list[tuple[str, str, str]], rows: int) -> Any:
    """A piece named by its label (a ship's name, as a player says it) in a piece field means its id;
    so does a label before the colon of a keyed text ("TIE fighter: 300, 400")."""
    by_name: dict[str, str] = {}
    for pid, _, name in pieces:
        by_name.setdefault(name.casefold(), pid)
        by_name.setdefault(name.rsplit(" (", 1)[0].casefold(), pid)  # a shared label means the first
    ids = {pid for pid, _, _ in pieces}

    def mean(value: str) -> str:
        return by_name[value.casefold()] if value and value not in ids and value.casefold() in by_name else value

    changed: dict[str, str] = {}
    for key in [*PIECE_FIELDS, *(f"p-{i}-{n}" for i in range(rows) for n in ROW_PIECE_FIELDS)]:
        if (value := _text(data, key)) and mean(value) != value:
            changed[key] = mean(value)
    for key in KEYED_FIELDS:
        parts = [part.partition(":") for part in str(data.get(key) or "").split(";")]
        text = ";".join(f"{mean(name.strip())}{colon}{rest}" if colon else name for name, colon, rest in parts)
        if text.strip() != str(data.get(key) or "").strip() and key in data:
            changed[key] = text
    if not changed:
        return data  # nothing named by its label: no copy of the whole form's values (a deep copy of each)
    out = data.copy()
    for key, value in changed.items():
        out[key] = value
    return out


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
        pieces: list[tuple[str, str, str]] = []
        self.followed: list[str] = []
        """Row inputs that changed because a ship's name did (a live preview redraws them)."""
        if self.bound and data is not None and counted is None:
            # a link that sets only the game (or a document) has no rows yet: none, not a tampered form
            data = data.copy()
            data["p-TOTAL_FORMS"], data["p-INITIAL_FORMS"] = "0", "0"
        if self.bound and data is not None:
            n = min(counted or 0, MAX_ROWS)
            before, data = data, renamed(data)
            data, self.followed = _follow_chassis(_with_row_ids(data, n), n)
            # a ship renamed after another: its ship-by-name menu and its name's spelling are redrawn too
            self.followed += [
                key
                for i in range(n)
                for key in (f"p-{i}-chassis", f"p-{i}-label")
                if data.get(key) != before.get(key) and key not in self.followed
            ]
            pieces = _names(data, n)
            data = _names_to_ids(data, pieces, n)
            if "drop_doc" in data:  # "use the fields instead": the JSON document is cleared
                data = data.copy()
                data["doc"] = ""
        self.data = data if self.bound else None
        self.form = SetupForm(data if self.bound else None)
        self.rows = (
            PieceFormSet(data, prefix="p")
            if self.bound
            else PieceFormSet(prefix="p", initial=[{} for _ in range(min(rows, MAX_ROWS))])
        )
        self.scenario: Scenario | None = None
        self.problems: list[Problem] = []
        self.messages: list[str] = []
        """The problems in the player's words: each row named as the page shows it, no JSON paths."""
        self.refused = False
        """Whether the form itself refused its values (a choice no menu offers, a tampered row count): input no
        control of the page sends, unlike a value still missing or typed wrong, which is a state being built."""
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
                self.after_add = query_with_rows(data, now)
            for_game(self.form, list(self.display_rows.forms), _text(data, "game"))
            if isinstance(self.document, dict) and _text(data, "game") in games.names():
                narrow(self.form, games.get(_text(data, "game")).form.narrowed(self.document))
        offer_pieces(self.form, list(self.display_rows.forms), pieces)
        self.menus_key = hashlib.sha256(repr(pieces).encode()).hexdigest()[:12]
        """Names the pieces the menus offer: a live preview redraws the menus only when it changes."""

    def _build(self) -> None:
        form, rows = self.form, self.rows
        if not form.is_valid():
            self.refused = True
            self.problems = [Problem(k, "; ".join(v)) for k, v in form.errors.items()]
            self.messages = [
                f"{str(getattr(form.fields.get(k), 'label', None) or k).capitalize()}: {'; '.join(v)}"
                for k, v in form.errors.items()
            ]
            return
        if not rows.is_valid():
            self.refused = True
            self.problems = [Problem("pieces", "; ".join(rows.non_form_errors()) or "check the piece rows")]
            self.messages = [f"Pieces: {self.problems[0].message}"]
            return
        d = form.cleaned_data
        raw_doc = (d.get("doc") or "").strip()
        if raw_doc:
            try:
                doc = json.loads(raw_doc)
            except json.JSONDecodeError as e:
                form.add_error("doc", f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})")
                self.problems = [Problem("doc", f"not valid JSON: {e.msg}")]
            except (RecursionError, ValueError):
                form.add_error("doc", "not valid JSON: nested too deeply or numbers out of range")
                self.problems = [Problem("doc", "not valid JSON")]
            else:
                self._parse(doc, [])
                return
            self.messages = [f"The scenario document is {self.problems[0].message}"]
            return
        game = games.get(d["game"])
        pieces = [p for f in rows.forms if (p := game.form.piece_document(f.cleaned_data)) is not None]
        action = game.form.action_document(d, pieces)
        edition = d["edition"] if d["edition"] in game.editions else game.editions[-1]
        doc: dict[str, Any] = {"format": 1, "game": game.name, "edition": edition}
        width, height = (d.get("table_width") or "").strip(), (d.get("table_height") or "").strip()
        if width or height:
            w, h = game.default_table
            doc["table"] = {"width": number(width) if width else w, "height": number(height) if height else h}
        doc |= {"pieces": pieces, "action": action, **game.form.extra_document(d)}
        self._parse(doc, pieces)

    def _parse(self, doc: Any, pieces: list[dict[str, Any]]) -> None:
        self.document = doc if isinstance(doc, dict) else None
        try:
            self.scenario = parse_scenario(doc)
        except ScenarioError as e:
            self.problems = list(e.problems)
            self.messages = place_problems(self, pieces)


def initial_from_scenario(scenario: Scenario) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Form and row values that rebuild ``scenario`` whole (to edit a permalink's situation)."""
    game = games.get(scenario.game)
    form, rows = game.form.initial(scenario.to_dict())
    if scenario.table != game.default_table:
        form["table_width"], form["table_height"] = (f"{v:g}" for v in scenario.table)
    return form, rows


def form_query(form: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, str]:
    """Form and row values as the query a browser sends (empty values left out, ticked boxes "on")."""
    q = {k: ("on" if v is True else str(v)) for k, v in form.items() if v not in (None, "", False)}
    q |= {"p-TOTAL_FORMS": str(len(rows)), "p-INITIAL_FORMS": "0"}
    for i, row in enumerate(rows):
        q |= {f"p-{i}-{k}": ("on" if v is True else str(v)) for k, v in row.items() if v not in (None, "", False)}
    return q
