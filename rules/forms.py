"""The setup form: HTML fields in, a scenario document out.

The engine's parser is the one validator: the form only carries values and
converts them (numbers stay text until the parser says what is wrong with
them), then maps the parser's field paths back onto the inputs.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms

from rules.engine import Problem, Scenario, ScenarioError, parse_scenario
from rules.engine.xwing.parse import ACTION_TYPES, BEARINGS, POSITIONS
from rules.engine.xwing.parse import SIZES as XWING_SIZES
from rules.engine.xwing.shapes import DEVICE_TYPES, OBSTACLE_TYPES, SHAPES, default_shape_for_type

MAX_ROWS = 40
DEFAULT_SHAPE_TYPES = (*OBSTACLE_TYPES, *DEVICE_TYPES)
DEFAULT_ROWS = 3


def _choices(values: tuple[str, ...] | list[str], blank: str | None = "—") -> list[tuple[str, str]]:
    out = [(v, v) for v in values]
    return ([("", blank)] if blank is not None else []) + out


def _num(label: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "size": "6", "autocomplete": "off"}),
    )


class PieceForm(forms.Form):
    """One row: a ship, an obstacle or a device."""

    id = forms.CharField(label="id", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"}))
    kind = forms.ChoiceField(label="kind", required=False, choices=_choices(("ship", "obstacle", "device")))
    size = forms.ChoiceField(label="size", required=False, choices=_choices(XWING_SIZES))
    type = forms.ChoiceField(
        label="type",
        required=False,
        choices=[
            ("", "—"),
            ("Obstacles", _choices(OBSTACLE_TYPES, blank=None)),
            ("Devices", _choices(DEVICE_TYPES, blank=None)),
        ],
    )
    shape = forms.ChoiceField(
        label="shape",
        required=False,
        choices=[
            ("", "default for the type"),
            *[
                (kind.capitalize() + "s", [(sid, spec.name) for sid, spec in SHAPES.items() if spec.kind == kind])
                for kind in ("obstacle", "device")
            ],
        ],
    )
    x = _num("x (mm)")
    y = _num("y (mm)")
    heading = _num("facing / rotation (°)")
    player = forms.ChoiceField(label="player", required=False, choices=[("", "—"), ("1", "1"), ("2", "2")])
    flipped = forms.BooleanField(label="flipped", required=False)
    stressed = forms.BooleanField(label="stressed", required=False)
    placed_device = forms.BooleanField(label="placed a device", required=False)
    decloaked = forms.BooleanField(label="decloaked", required=False)
    fuses = forms.ChoiceField(label="fuses", required=False, choices=[("", "0"), ("1", "1"), ("2", "2"), ("3", "3")])
    label = forms.CharField(label="label", required=False, max_length=40, widget=forms.TextInput(attrs={"size": "10"}))


class SetupForm(forms.Form):
    """The game, edition and action; pieces come in PieceForm rows."""

    game = forms.ChoiceField(choices=[("xwing", "X-Wing"), ("armada", "Armada (not supported yet)")], initial="xwing")
    edition = forms.ChoiceField(choices=[("2.5", "2.5 (AMG)"), ("2.0", "2.0 (FFG)")], initial="2.5")
    action = forms.ChoiceField(label="action", choices=_choices(ACTION_TYPES, blank=None), initial="maneuver")
    ship = forms.CharField(label="ship", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"}))
    bearing = forms.ChoiceField(label="bearing", required=False, choices=_choices(BEARINGS))
    direction = forms.ChoiceField(label="direction", required=False, choices=_choices(("left", "right")))
    speed = forms.ChoiceField(label="speed", required=False, choices=_choices(("0", "1", "2", "3", "4", "5")))
    tallon_position = forms.ChoiceField(label="Tallon position", required=False, choices=_choices(POSITIONS))
    position = forms.ChoiceField(label="roll position", required=False, choices=_choices(POSITIONS))
    template = forms.ChoiceField(
        label="roll / decloak template", required=False, choices=_choices(("straight-1", "straight-2"))
    )
    attacker = forms.CharField(
        label="attacker", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"})
    )
    defender = forms.CharField(
        label="defender", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"})
    )
    arc = forms.ChoiceField(label="arc", required=False, choices=_choices(("front", "rear", "full")))
    device_id = forms.CharField(
        label="device id", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"})
    )
    device_type = forms.ChoiceField(label="device type", required=False, choices=_choices(DEVICE_TYPES))
    dev_bearing = forms.ChoiceField(
        label="device template", required=False, choices=_choices(("straight", "bank", "turn"), blank="card default")
    )
    dev_direction = forms.ChoiceField(
        label="device template direction", required=False, choices=_choices(("left", "right"))
    )
    dev_speed = forms.ChoiceField(
        label="device template speed", required=False, choices=_choices(("1", "2", "3", "4", "5"))
    )
    to_x = _num("to x (relocate; a huge ship's measured final x)")
    to_y = _num("to y")
    to_heading = _num("to facing")
    placed = forms.CharField(
        label="obstacle to place (row id)", required=False, max_length=24, widget=forms.TextInput(attrs={"size": "8"})
    )
    first_player = forms.ChoiceField(label="first player", required=False, choices=[("", "1"), ("1", "1"), ("2", "2")])
    dice = forms.CharField(label="dice rolled (e.g. rock: hit; mine: crit, blank)", required=False, max_length=300)
    doc = forms.CharField(
        label="Advanced: a scenario document (JSON) — takes precedence over the fields above",
        required=False,
        max_length=60000,
        widget=forms.Textarea(attrs={"rows": "6", "cols": "60", "spellcheck": "false"}),
    )


PieceFormSet = forms.formset_factory(PieceForm, extra=0, max_num=MAX_ROWS, absolute_max=MAX_ROWS, validate_max=True)

ACTION_FIELDS: dict[str, str] = {
    "action.type": "action",
    "action.ship": "ship",
    "action.bearing": "bearing",
    "action.direction": "direction",
    "action.speed": "speed",
    "action.tallon_position": "tallon_position",
    "action.position": "position",
    "action.template": "template",
    "action.attacker": "attacker",
    "action.defender": "defender",
    "action.arc": "arc",
    "action.device": "device_type",
    "action.device.id": "device_id",
    "action.device.type": "device_type",
    "action.template.bearing": "dev_bearing",
    "action.template.direction": "dev_direction",
    "action.template.speed": "dev_speed",
    "action.obstacle": "placed",
    "action.first_player": "first_player",
    "action.to": "to_x",
    "action.to.x": "to_x",
    "action.to.y": "to_y",
    "action.to.heading": "to_heading",
    "action.final": "to_x",
    "action.final.x": "to_x",
    "action.final.y": "to_y",
    "action.final.heading": "to_heading",
    "game": "game",
    "edition": "edition",
}
PIECE_FIELD = re.compile(r"^pieces\[(\d+)\]\.?([a-z_]*)")
STATE_FIELD = re.compile(r"^pieces\[(\d+)\]\.state\.([a-z_]+)")


def _number(raw: str) -> Any:
    """A number where the text is one; otherwise the text, for the parser to reject by name."""
    text = raw.strip().replace(",", ".")
    try:
        v = float(text)
    except ValueError:
        return raw
    return int(v) if v.is_integer() else v


def _dice(raw: str) -> dict[str, list[str]] | str:
    out: dict[str, list[str]] = {}
    for part in raw.split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            return raw
        key, faces = part.split(":", 1)
        out[key.strip()] = [f.strip() for f in faces.split(",") if f.strip()]
    return out


def piece_document(data: dict[str, Any]) -> dict[str, Any] | None:
    """A scenario piece from one row's cleaned data (None for an empty row)."""
    if not data or not (data.get("id") or "").strip():
        return None
    kind = data.get("kind") or ""
    p: dict[str, Any] = {"id": data["id"].strip(), "kind": kind}
    if data.get("player"):
        p["player"] = int(data["player"])
    if data.get("label"):
        p["label"] = data["label"]
    for key in ("x", "y"):
        if (data.get(key) or "").strip():
            p[key] = _number(data[key])
    angle = (data.get("heading") or "").strip()
    if kind == "ship":
        p["size"] = data.get("size") or ""
        p["heading"] = _number(angle) if angle else 0
        state = {k: True for k in ("stressed", "placed_device", "decloaked") if data.get(k)}
        if state:
            p["state"] = state
    else:
        p["type"] = data.get("type") or ""
        if data.get("shape"):
            p["shape"] = data["shape"]
        elif p["type"] in DEFAULT_SHAPE_TYPES:
            p["shape"] = default_shape_for_type(p["type"])
        p["rotation" if kind == "obstacle" else "heading"] = _number(angle) if angle else 0
        if data.get("flipped"):
            p["flipped"] = True
        if kind == "device" and data.get("fuses"):
            p["fuses"] = int(data["fuses"])
    return p


def action_document(d: dict[str, Any], pieces: list[dict[str, Any]]) -> dict[str, Any]:
    """The action from the setup form's cleaned data (place-obstacle takes its row out of the pieces)."""
    atype = d.get("action") or "maneuver"
    a: dict[str, Any] = {"type": atype}

    def put(key: str, value: Any) -> None:
        if value not in (None, ""):
            a[key] = value

    if atype == "maneuver":
        put("ship", d.get("ship"))
        put("bearing", d.get("bearing"))
        put("direction", d.get("direction"))
        if d.get("speed") and d.get("bearing") != "stationary":
            a["speed"] = int(d["speed"])
        if d.get("bearing") == "tallon":
            put("tallon_position", d.get("tallon_position"))
        final = {k: _number(d.get(f"to_{k}") or "") for k in ("x", "y", "heading") if (d.get(f"to_{k}") or "").strip()}
        if final:
            a["final"] = final
    elif atype == "barrel-roll":
        put("ship", d.get("ship"))
        put("direction", d.get("direction"))
        put("position", d.get("position"))
        put("template", d.get("template"))
    elif atype == "boost":
        put("ship", d.get("ship"))
        put("bearing", d.get("bearing"))
        if d.get("bearing") != "straight":
            put("direction", d.get("direction"))
        if d.get("template") == "straight-2":
            a["template"] = "straight-2"
    elif atype in ("drop", "launch"):
        put("ship", d.get("ship"))
        a["device"] = {"id": d.get("device_id") or "", "type": d.get("device_type") or ""}
        if d.get("dev_bearing"):
            t: dict[str, Any] = {"bearing": d["dev_bearing"], "speed": int(d.get("dev_speed") or 1)}
            if d["dev_bearing"] != "straight":
                t["direction"] = d.get("dev_direction") or ""
            a["template"] = t
    elif atype == "attack":
        put("attacker", d.get("attacker"))
        put("defender", d.get("defender"))
        put("arc", d.get("arc"))
    elif atype == "place-obstacle":
        placed = (d.get("placed") or "").strip()
        for i, p in enumerate(pieces):
            if p["id"] == placed and p.get("kind") == "obstacle":
                a["obstacle"] = pieces.pop(i)
                break
    elif atype == "place-device":
        put("ship", d.get("ship"))
        wanted = (d.get("device_id") or "").strip()
        for i, p in enumerate(pieces):
            if p["id"] == wanted and p.get("kind") == "device":
                a["device"] = pieces.pop(i)
                break
    elif atype == "relocate-device":
        put("device", (d.get("device_id") or "").strip())
        to = {k: _number(d.get(f"to_{k}") or "") for k in ("x", "y", "heading") if (d.get(f"to_{k}") or "").strip()}
        a["to"] = to
    elif atype == "detonate" and d.get("first_player"):
        a["first_player"] = int(d["first_player"])
    return a


class Setup:
    """The bound setup form, its rows, and the scenario (or the problems) they make."""

    def __init__(self, data: Any | None) -> None:
        self.bound = bool(data) and ("game" in data or "doc" in data)
        rows = DEFAULT_ROWS
        if data is not None and str(data.get("p-TOTAL_FORMS", "")).isdigit():
            rows = int(data["p-TOTAL_FORMS"])
        if data is not None and "add" in data:
            rows += 1
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
        if self.bound:
            self._build()
            if data is not None and "add" in data and self.rows.is_valid():
                kept = [f.cleaned_data for f in self.rows.forms]
                self.display_rows = PieceFormSet(prefix="p", initial=[*kept, {}])

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
        pieces = [p for f in rows.forms if (p := piece_document(f.cleaned_data)) is not None]
        action = action_document(d, pieces)
        doc: dict[str, Any] = {
            "format": 1,
            "game": d["game"],
            "edition": d["edition"],
            "pieces": pieces,
            "action": action,
        }
        if d["game"] == "armada":
            doc["edition"] = "1.5"
        if (d.get("dice") or "").strip():
            doc["dice"] = _dice(d["dice"])
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
                target.add_error(field if field in target.fields else None, prob.message)
                continue
            key = prob.field if prob.field in ACTION_FIELDS else re.sub(r"\[\d+\]", "", prob.field)
            field_name = ACTION_FIELDS.get(key)
            if field_name and field_name in self.form.fields:
                self.form.add_error(field_name, prob.message)


def initial_from_scenario(scenario: Scenario) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Form and row values that rebuild ``scenario`` (to edit a permalink's situation)."""
    doc = scenario.to_dict()
    a = doc["action"]
    form: dict[str, Any] = {"game": doc["game"], "edition": doc["edition"], "action": a["type"]}
    for key in (
        "ship",
        "bearing",
        "direction",
        "tallon_position",
        "position",
        "template",
        "attacker",
        "defender",
        "arc",
    ):
        if isinstance(a.get(key), str):
            form[key] = a[key]
    if "speed" in a:
        form["speed"] = str(a["speed"])
    pieces = list(doc["pieces"])
    if isinstance(a.get("device"), dict):
        form["device_id"] = a["device"].get("id", "")
        form["device_type"] = a["device"].get("type", "")
        if a["type"] == "place-device":
            pieces.append({**a["device"], "kind": "device"})
    elif isinstance(a.get("device"), str):
        form["device_id"] = a["device"]
    for key in ("to", "final"):
        if isinstance(a.get(key), dict):
            for k in ("x", "y", "heading"):
                form[f"to_{k}"] = str(a[key].get(k, ""))
    if isinstance(a.get("template"), dict):
        form["dev_bearing"] = a["template"].get("bearing", "")
        form["dev_direction"] = a["template"].get("direction", "")
        form["dev_speed"] = str(a["template"].get("speed", ""))
    if "first_player" in a:
        form["first_player"] = str(a["first_player"])
    if isinstance(a.get("obstacle"), dict):
        pieces.append(a["obstacle"])
        form["placed"] = a["obstacle"]["id"]
    if doc.get("dice"):
        form["dice"] = "; ".join(f"{k}: {', '.join(v)}" for k, v in doc["dice"].items())
    rows = []
    needs_json = False
    for p in pieces:
        if "outline" in p:
            needs_json = True
        state = p.get("state", {})
        rows.append(
            {
                "id": p["id"],
                "kind": p["kind"],
                "size": p.get("size", ""),
                "type": p.get("type", ""),
                "shape": p.get("shape", ""),
                "x": str(p.get("x", "")),
                "y": str(p.get("y", "")),
                "heading": str(p.get("heading", p.get("rotation", ""))),
                "player": str(p.get("player", "")),
                "flipped": p.get("flipped", False),
                "label": p.get("label", ""),
                "fuses": str(p.get("fuses", "") or ""),
                "stressed": state.get("stressed", False),
                "placed_device": state.get("placed_device", False),
                "decloaked": state.get("decloaked", False),
            }
        )
    if needs_json:
        # outlines have no row fields: the JSON box carries the exact document
        form["doc"] = json.dumps(doc, indent=1)
    return form, rows
