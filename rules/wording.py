"""The parser's problems in the player's words, for the setup page.

The engine names every problem by its JSON path (``pieces[0].x``), which the API keeps (the spec
requires it).  A person on the setup page sees the row as the page shows it instead ("Row 1
(X-wing 'a'): x must be a number like 300"), the action's inputs by their labels, and pieces by
their names; each problem also goes next to its input.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rules.engine import Problem, games
from rules.forms import PieceForm, in_words

if TYPE_CHECKING:
    from rules.setup_state import Setup

PIECE_FIELD = re.compile(r"^pieces\[(\d+)\]\.?([a-z_]*)")
STATE_FIELD = re.compile(r"^pieces\[(\d+)\]\.state\.([a-z_]+)")
AS_INPUT = {"rotation": "heading", "outline": None, "state": None}
"""Document fields shown by another row input (an obstacle's rotation is the row's facing), or by none."""


def _row_words(name: str) -> str:
    """A row's input as a sentence names it: "x", "the facing / rotation", "the speed chart"."""
    if name in ("x", "y"):
        return name
    field = PieceForm.base_fields.get(AS_INPUT.get(name, name) or "")
    label = str(field.label) if field is not None and field.label else name.replace("_", " ")
    return f"the {label.split(' (')[0]}"


def say(name: str, message: str) -> str:
    """One input's problem as a sentence: its name, then what is wrong, in words a first-time user reads."""
    if message == "must be a number":
        if name in ("x", "y", "to_x", "to_y", "table_width", "table_height"):
            return "must be a number of millimetres, like 300"
        return "must be a number of degrees, like 90 (clockwise from straight ahead)"
    if message == "is required":
        return "is missing"
    message = message.replace(" (GET /api/v1/catalog)", "")
    if re.fullmatch(r"must be the id of an? .* in this scenario", message) or message.startswith("unknown squadron"):
        return "choose one of the pieces on the table"
    return message.replace(" (yaw_limits)", "")


def row_name(row: dict[str, Any], n: int, game_name: str) -> str:
    """ "Row 3 (X-wing 'a')": the row's number as the page shows it, what it is, and its id."""
    what = str(row.get("label") or "").strip()
    if not what and game_name in games.names():
        chosen = str(row.get("chassis") or "")
        what = next((name for g in games.all_games() for key, name in g.chassis_choices if key == chosen), "")
        what = what.split(" (")[0]
    what = what or in_words(str(row.get("type") or row.get("kind") or "piece"))
    pid = str(row.get("id") or "").strip()
    return f"Row {n} ({what} '{pid}')" if pid else f"Row {n} ({what})"


def place_problems(setup: Setup, pieces: list[dict[str, Any]]) -> list[str]:
    """Put each problem next to its input and return them all in words (no JSON paths)."""
    form = setup.form
    json_mode = bool((form.cleaned_data.get("doc") or "").strip())
    game_name = str(form.cleaned_data.get("game") or "")
    if json_mode and isinstance(setup.document, dict):
        raw = setup.document.get("pieces")
        pieces = [p for p in raw if isinstance(p, dict)] if isinstance(raw, list) else []
        game_name = str(setup.document.get("game") or "")
    action_fields = games.get(game_name).form.action_fields if game_name in games.names() else {}
    row_by_id: dict[str, int] = {}
    for i, f in enumerate(setup.rows.forms):
        pid = (f.cleaned_data.get("id") or "").strip() if hasattr(f, "cleaned_data") else ""
        if pid:
            row_by_id.setdefault(pid, i)
    out: list[str] = []
    for prob in setup.problems:
        words = _piece_problem(setup, prob, pieces, row_by_id, game_name, json_mode)
        if words is None:
            words = _action_problem(setup, prob, action_fields, json_mode)
        if words not in out:
            out.append(words)
    return out


def _piece_problem(
    setup: Setup,
    prob: Problem,
    pieces: list[dict[str, Any]],
    row_by_id: dict[str, int],
    game_name: str,
    json_mode: bool,
) -> str | None:
    m = STATE_FIELD.match(prob.field) or PIECE_FIELD.match(prob.field)
    if not m:
        return None
    idx, name = int(m.group(1)), m.group(2)
    piece = pieces[idx] if idx < len(pieces) else {}
    row = None if json_mode else row_by_id.get(str(piece.get("id") or ""))
    if row is not None:
        target = setup.rows.forms[row]
        field = AS_INPUT.get(name, name)
        target.add_error(field if field in target.fields else None, say(name, prob.message))
        values = dict(target.cleaned_data) if hasattr(target, "cleaned_data") else piece
        who = row_name(values, row + 1, game_name)
    else:
        who = f"Piece {idx + 1}" + (f" ('{piece['id']}')" if isinstance(piece.get("id"), str) else "")
    thing = _row_words(name) if name else ""
    return f"{who}: {thing} {say(name, prob.message)}".replace(":  ", ": ")


def _action_problem(setup: Setup, prob: Problem, action_fields: Any, json_mode: bool) -> str:
    """An action's (or the document's) problem, named by the input that shows it."""
    path = re.sub(r"\[\d+\]", "", prob.field)
    key = prob.field if prob.field in action_fields else path
    key = key if key in action_fields else key.rsplit(".", 1)[0]
    name = action_fields.get(key)
    form = setup.form
    short = path.rsplit(".", 1)[-1]
    if name and name in form.fields:
        # a value inside what the input names (the x of the obstacle to place) says which one
        inner = f"{short} " if key != path and not name.endswith(short) else ""
        words = f"{inner}{say(short if inner else name, prob.message)}"
        if not json_mode:
            form.add_error(name, words)
        parts = path.split(".")
        needed = NEEDED.get(parts[1]) if len(parts) > 2 and parts[0] == "action" else None
        if needed and say(short, prob.message) == "is missing":
            # a missing place is one thing to the player ("where it goes"), not its inputs "to x" and "to y"
            return f"{needed[:1].upper()}{needed[1:]}"
        label = str(form.fields[name].label or name)
        return f"{label[:1].upper()}{label[1:].split(' (')[0]}: {words}"
    if prob.field.startswith("table"):
        return f"The table {short}: {say('table_' + short, prob.message)}"
    if prob.field.startswith("dice"):
        return f"Dice for {_named(setup, short)}: {prob.message}"
    words = {"": "The scenario", "pieces": "Pieces", "action": "What happens next"}.get(prob.field)
    return f"{words or 'What happens next'}: {say(short, prob.message)}"


def _named(setup: Setup, piece_id: str) -> str:
    """A piece as the page names it: its label, else its id."""
    raw = setup.document.get("pieces") if isinstance(setup.document, dict) else None
    piece = next((p for p in raw or [] if isinstance(p, dict) and p.get("id") == piece_id), None)
    return str(piece.get("label") or piece_id) if piece else piece_id


NEEDED = {
    "to": "where it goes: tap a spot on the table, or pick a place",
    "final": "where it ends: tap a spot on the table, or pick a place",
    "side": "the tool's side (left or right)",
    "defender": "the target (the defender)",
    "attacker": "who attacks",
    "attacker_zone": "the attacker's hull zone",
    "defender_zone": "the defender's hull zone",
    "device": "the device",
    "template": "the device's template",
    "bearing": "the maneuver",
    "direction": "the maneuver's direction (left or right)",
    "speed": "the speed",
    "clicks": "the clicks at each joint",
    "toward": "the piece it moves toward",
    "max_distance": "the distance",
    "obstacle": "the obstacle",
    "token": "the token",
    "ship": "the ship that acts",
    "squadron": "the squadron that moves",
    "placements": "where the squadrons go",
}
"""What an action still lacks, in the player's words, by the action's field (its first name after ``action.``)."""


PLACES = {"drop": "drops", "launch": "launches"}
"""A device still to be picked, as the way it is placed says it ("the device it launches")."""


def is_missing(message: str) -> bool:
    """Whether a problem (in words) is something not filled in yet, rather than something that cannot be ruled
    as set up (a friendly defender, a value out of range): the page lists the two under their own headings."""
    return message.endswith("is missing") or f"{message[:1].lower()}{message[1:]}" in NEEDED.values()


def still_needed(setup: Setup) -> list[str]:
    """What the chosen action still needs before it can be ruled ("the tool's side", "the target"), from
    the parser's problems: a required field, or one left empty; nothing once the action is complete."""
    action = setup.document.get("action") if isinstance(setup.document, dict) else None
    if not isinstance(action, dict) or not action.get("type") or setup.scenario is not None:
        return []
    out: list[str] = []
    for prob in setup.problems:
        if not prob.field.startswith("action."):
            continue
        path = re.sub(r"\[\d+\]", "", prob.field).removeprefix("action.").split(".")  # no list indices
        value: Any = action
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if prob.message.startswith("is required") or value in (None, "", [], {}):
            words = NEEDED.get(path[0], path[0].replace("_", " "))
            if path[0] == "device" and action.get("type") in PLACES:  # the menu above says which way
                words = f"the device it {PLACES[action['type']]}"
            if words not in out:
                out.append(words)
    return out
