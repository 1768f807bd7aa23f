"""What a game tells the setup form: how flat form fields become its scenario document, and back.

Pure conversions with no Django: the web layer's form collects the fields,
calls the game's ``FormSpec`` and leaves every check to the scenario parser.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Field:
    """One input of the setup form, declared by a game as data (the web layer builds the widget).

    ``kind``: ``choice`` (a menu of ``choices``), ``number`` (typed text the parser reads), ``text``,
    ``check`` (a tick box), or ``piece`` (a menu of the placed pieces of ``kinds``, shown by label).
    Two games may declare the same name: the form offers the union of their choices.
    """

    name: str
    label: str
    kind: str = "choice"
    choices: tuple[str, ...] = ()
    blank: str | None = "—"
    """The empty choice's text (None: no empty choice)."""
    kinds: tuple[str, ...] = ()
    """For a ``piece`` field: the piece kinds it may name (empty: any)."""
    max_length: int = 40
    keyed: bool = False
    """A ``text`` field of ``name: values; name: values`` parts whose names are pieces (a player may
    write a piece's label where the document needs its id)."""
    width: int = 0
    """A text input's ``size`` (0: the browser's default)."""


@dataclass(frozen=True, slots=True)
class FormSpec:
    piece_document: Callable[[dict[str, Any]], dict[str, Any] | None]
    """One row's values -> a piece (None for an empty row)."""
    action_document: Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any]]
    """The form's values and the pieces -> the action (may take a row out of the pieces)."""
    initial: Callable[[dict[str, Any]], tuple[dict[str, Any], list[dict[str, Any]]]]
    """A normalised document -> form values and row values that rebuild it."""
    action_fields: Mapping[str, str]
    """Parser field path -> the form field that shows its problem."""
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    """The game's action fields, in labelled groups.  A group that several games declare by the same label
    is one group on the page, of the union of their fields, shown whichever game is chosen (an input two
    games share must be in such a group, or the page would draw it twice)."""
    extra_document: Callable[[dict[str, Any]], dict[str, Any]] = field(default=lambda d: {})
    """Top-level document keys from the form's values (e.g. ``dice``)."""
    fields_for: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The form fields each action type uses (the page shows only those, where CSS ``:has`` works)."""
    row_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Piece kind -> the row fields it uses besides id, kind, x, y, player and label (a row of that
    kind shows only those, where CSS ``:has`` works; a kind not listed shows every field)."""
    fields: tuple[Field, ...] = ()
    """The action's inputs this game uses (the form builds one input per name across the games)."""
    row_inputs: tuple[Field, ...] = ()
    """A piece row's inputs of this game's own (besides id, kind, size, type, shape, ship, x, y, facing,
    player and label, which every game's rows share)."""
    chassis_row: Callable[[str], dict[str, Any] | None] = field(default=lambda key: None)
    """A ship picked by name (its ``chassis`` key) -> the row values that follow from it (size, label,
    speed chart...): changing the name changes the ship.  None for an unknown key."""
    narrowed: Callable[[dict[str, Any]], dict[str, tuple[str, ...]]] = field(default=lambda doc: {})
    """The document so far -> menus the situation narrows, by field name (e.g. the speeds on the moving
    ship's chart)."""
    menu_label: str = "Its dial"
    """What the page calls the game's action menu (``Game.action_menu``) for the piece that acts."""
    chassis_names: frozenset[str] = frozenset()
    """Every ship name a row's label may have been filled with (replaced when the ship is changed)."""


def fresh_id(base: str, taken: Collection[object], start: int = 1) -> str:
    """``base-n`` with the smallest ``n`` from ``start`` that is not taken: ids the form makes up."""
    n = start
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def number(raw: str) -> Any:
    """A number where the text is one; otherwise the text, for the parser to reject by name."""
    text = raw.strip().replace(",", ".")
    try:
        v = float(text)
    except ValueError:
        return raw
    return int(v) if v.is_integer() else v


def common_piece(data: dict[str, Any]) -> dict[str, Any] | None:
    """What every game's row holds alike: id, kind, player, label, x, y (None for a row without an id)."""
    if not data or not (data.get("id") or "").strip():
        return None
    p: dict[str, Any] = {"id": data["id"].strip(), "kind": data.get("kind") or ""}
    if data.get("player"):
        p["player"] = int(data["player"])
    if data.get("label"):
        p["label"] = data["label"]
    for key in ("x", "y"):
        if (data.get(key) or "").strip():
            p[key] = number(data[key])
    return p


def keyed(raw: str) -> list[tuple[str, str]] | None:
    """``"a: 1 2; b: 3"`` as ``[("a", " 1 2"), ("b", " 3")]``; None when a part has no ``key:``."""
    out = []
    for part in raw.split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            return None
        key, values = part.split(":", 1)
        out.append((key.strip(), values))
    return out
