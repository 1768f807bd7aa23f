"""How the setup form's flat fields become an X-Wing scenario document, and back.

Pure conversions (no Django): the web layer's form calls these through
``GAME.form``; the engine's parser stays the one validator.
"""

from __future__ import annotations

import json
from typing import Any

from rules.engine.form import Field, FormSpec, common_piece, fresh_id, number
from rules.engine.xwing.parse import ARCS, BEARINGS, POSITIONS
from rules.engine.xwing.shapes import (
    DEVICE_TYPES,
    OBSTACLE_DEVICES,
    OBSTACLE_TYPES,
    REMOTE_TYPES,
    default_shape_for_type,
)
from rules.engine.xwing.ships import CHASSIS

DEFAULT_SHAPE_TYPES = (*OBSTACLE_TYPES, *DEVICE_TYPES, *REMOTE_TYPES)

ACTION_FIELDS: dict[str, str] = {
    "action.degrees": "degrees",
    "action.tractor": "tractor",
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
    p = common_piece(data)
    if p is None:
        return None
    kind = p["kind"]
    angle = (data.get("heading") or "").strip()
    if kind == "ship":
        chassis = CHASSIS.get(data.get("chassis") or "")
        if chassis is not None:
            p["chassis"] = chassis.xws
            if not data.get("label") and not data.get("size"):  # picked by name: its name is the label
                p["label"] = chassis.name
        if data.get("size") or chassis is None:
            p["size"] = data.get("size") or ""
        p["heading"] = number(angle) if angle else 0
        state = {k: True for k in ("stressed", "placed_device", "decloaked") if data.get(k)}
        if state:
            p["state"] = state
    else:
        p["type"] = data.get("type") or ""
        if data.get("shape"):
            p["shape"] = data["shape"]
        elif p["type"] in DEFAULT_SHAPE_TYPES:
            p["shape"] = default_shape_for_type(p["type"])
        p["rotation" if kind == "obstacle" else "heading"] = number(angle) if angle else 0
        if data.get("flipped"):
            p["flipped"] = True
        if kind == "device" and data.get("fuses"):
            p["fuses"] = int(data["fuses"])
        if kind == "device" and (data.get("target") or "").strip():
            p["target"] = data["target"].strip()  # a seismic charge's obstacle
    return p


def _fresh_id(base: str, pieces: list[dict[str, Any]]) -> str:
    """An id for a device the form names only by type ("proximity-mine-1"); empty without a type."""
    return fresh_id(base, {p.get("id") for p in pieces}) if base else ""


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
        if d.get("ignore_obstacles"):
            a["ignore_obstacles"] = True
        final = {k: number(d.get(f"to_{k}") or "") for k in ("x", "y", "heading") if (d.get(f"to_{k}") or "").strip()}
        if final:
            a["final"] = final
    elif atype == "rotate":
        put("ship", d.get("ship"))
        if d.get("degrees"):
            a["degrees"] = int(d["degrees"])
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
    if atype in ("barrel-roll", "boost") and d.get("tractor"):
        a["tractor"] = True
    elif atype in ("drop", "launch"):
        put("ship", d.get("ship"))
        dtype = d.get("device_type") or ""
        a["device"] = {"id": (d.get("device_id") or "").strip() or _fresh_id(dtype, pieces), "type": dtype}
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
        to = {k: number(d.get(f"to_{k}") or "") for k in ("x", "y", "heading") if (d.get(f"to_{k}") or "").strip()}
        a["to"] = to
    elif atype == "detonate" and d.get("first_player"):
        a["first_player"] = int(d["first_player"])
    return a


def initial(doc: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Form and row values that rebuild the normalised document ``doc`` (to edit a permalink's situation)."""
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
    if "degrees" in a:
        form["degrees"] = str(a["degrees"])
    if a.get("tractor"):
        form["tractor"] = True
    if a.get("ignore_obstacles"):
        form["ignore_obstacles"] = True
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
                "chassis": p.get("chassis", ""),
                "type": p.get("type", ""),
                "shape": p.get("shape", ""),
                "x": str(p.get("x", "")),
                "y": str(p.get("y", "")),
                "heading": str(p.get("heading", p.get("rotation", ""))),
                "player": str(p.get("player", "")),
                "flipped": p.get("flipped", False),
                "label": p.get("label", ""),
                "fuses": str(p.get("fuses", "") or ""),
                "target": p.get("target", ""),
                "stressed": state.get("stressed", False),
                "placed_device": state.get("placed_device", False),
                "decloaked": state.get("decloaked", False),
            }
        )
    if needs_json:
        # outlines have no row fields: the JSON box carries the exact document
        form["doc"] = json.dumps(doc, indent=1)
    return form, rows


def chassis_row(key: str) -> dict[str, Any] | None:
    """A row's values that follow from its ship's name: the size and the label (arcs and dial go by the chassis)."""
    chassis = CHASSIS.get(key)
    return None if chassis is None else {"size": chassis.size, "label": chassis.name[:40]}


def extra_document(d: dict[str, Any]) -> dict[str, Any]:
    """``dice`` from the dice field ("rock: hit; mine: crit, blank")."""
    return {"dice": _dice(d["dice"])} if (d.get("dice") or "").strip() else {}


FORM = FormSpec(
    fields=(
        Field("ship", "ship", "piece", kinds=("ship",)),
        Field("speed", "speed", choices=("0", "1", "2", "3", "4", "5")),
        Field("to_x", "where it ends: position across (mm; a target, a relocation, a huge ship's end)", "number"),
        Field("to_y", "where it ends: position up the table (mm)", "number"),
        Field("to_heading", "where it ends: facing (degrees, clockwise)", "number"),
        Field("bearing", "bearing", choices=BEARINGS),
        Field("direction", "direction", choices=("left", "right")),
        Field("tallon_position", "Tallon position", choices=POSITIONS),
        Field("position", "roll position", choices=POSITIONS),
        Field("template", "roll / decloak template", choices=("straight-1", "straight-2")),
        Field("degrees", "rotate by (° clockwise; -90 turns left)", choices=("90", "-90", "180")),
        Field("tractor", "tractored (the tractoring player moves it)", "check"),
        Field("ignore_obstacles", "an effect lets it ignore obstacles while it moves", "check"),
        Field("attacker", "attacker", "piece", kinds=("ship",)),
        Field("defender", "defender", "piece", kinds=("ship",)),
        Field("arc", "arc", choices=ARCS),
        Field(
            "device_id",
            "the device (placed or relocated; a dropped one gets a name of its own)",
            "piece",
            kinds=("device", "remote"),
        ),
        Field("device_type", "device type", choices=(*DEVICE_TYPES, *OBSTACLE_DEVICES)),
        Field("dev_bearing", "device template", choices=("straight", "bank", "turn"), blank="card default"),
        Field("dev_direction", "device template direction", choices=("left", "right")),
        Field("dev_speed", "device template speed", choices=("1", "2", "3", "4", "5")),
        Field("placed", "obstacle to place", "piece", kinds=("obstacle",)),
        Field("first_player", "first player", choices=("1", "2"), blank="1"),
        Field("dice", "dice rolled (e.g. Asteroid: hit; mine: crit, blank)", "text", max_length=300, keyed=True),
    ),
    row_inputs=(
        Field("stressed", "stressed", "check"),
        Field("placed_device", "placed a device", "check"),
        Field("decloaked", "decloaked", "check"),
        Field("fuses", "fuses", choices=("1", "2", "3"), blank="0"),
        Field("target", "targets (an obstacle)", "piece", kinds=("obstacle",)),
    ),
    chassis_row=chassis_row,
    chassis_names=frozenset(c.name[:40] for c in CHASSIS.values()),
    row_fields={
        "ship": ("size", "chassis", "heading", "stressed", "placed_device", "decloaked"),
        "obstacle": ("type", "shape", "heading", "flipped"),
        "device": ("type", "shape", "heading", "flipped", "fuses", "target"),
        "remote": ("type", "shape", "heading", "flipped"),
    },
    piece_document=piece_document,
    action_document=action_document,
    initial=initial,
    action_fields=ACTION_FIELDS,
    groups=(
        ("Who acts", ("ship", "speed")),
        ("Attack", ("attacker", "defender", "arc")),
        ("Where to (a move's target, a relocation, a measured final position)", ("to_x", "to_y", "to_heading")),
        (
            "Maneuver, roll, boost, rotate",
            (
                "bearing",
                "direction",
                "tallon_position",
                "position",
                "template",
                "tractor",
                "degrees",
                "ignore_obstacles",
            ),
        ),
        (
            "Drop, launch, place (the device row named by device id) or relocate a device",
            ("device_id", "device_type", "dev_bearing", "dev_direction", "dev_speed"),
        ),
        ("Place an obstacle · detonate bombs · dice", ("placed", "first_player", "dice")),
    ),
    extra_document=extra_document,
    fields_for={
        "maneuver": (
            "ship",
            "bearing",
            "direction",
            "speed",
            "tallon_position",
            "ignore_obstacles",
            "to_x",
            "to_y",
            "to_heading",
            "dice",
        ),
        "barrel-roll": ("ship", "direction", "position", "template", "tractor", "dice"),
        "boost": ("ship", "bearing", "direction", "template", "tractor", "dice"),
        "rotate": ("ship", "degrees"),
        "drop": ("ship", "device_id", "device_type", "dev_bearing", "dev_direction", "dev_speed", "dice"),
        "launch": ("ship", "device_id", "device_type", "dev_bearing", "dev_direction", "dev_speed", "dice"),
        "place-obstacle": ("placed", "dice"),
        "check-setup": (),
        "attack": ("attacker", "defender", "arc"),
        "detonate": ("first_player", "dice"),
        "place-device": ("ship", "device_id", "dice"),
        "relocate-device": ("device_id", "to_x", "to_y", "to_heading"),
    },
)
