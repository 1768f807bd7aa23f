"""How the setup form's flat fields become an Armada scenario document, and back.

Clicks are typed as "0, 1, -1"; yaw limits as "1: 2; 2: 1 1"; squadron
placements as "tie: 300, 400; x-wing: 310, 450".  Text that does not read
is passed on as it is, so the parser names the field.
"""

from __future__ import annotations

import json
from typing import Any

from rules.engine.armada.hullzones import ZONES
from rules.engine.armada.parse import MAX_SPEED
from rules.engine.armada.parse_attack import COLOURS, FACES, MAX_DICE
from rules.engine.armada.shapes import obstacle_shapes
from rules.engine.armada.ships import SHIPS
from rules.engine.form import Field, FormSpec, common_piece, keyed, number

HULL_ZONES = tuple(dict.fromkeys(z for zones in ZONES.values() for z in zones))
"""Every hull zone a ship may have (a huge ship's six included), as the form offers them."""

DICE_COUNTS = tuple(str(n) for n in range(MAX_DICE + 1))
POOL = {colour: f"pool_{colour}" for colour in COLOURS}
"""The attack pool's fields: how many dice of each colour (a menu, never typed)."""
ROLLED = {(colour, face): f"rolled_{colour}_{face.replace('-', '_')}" for colour in COLOURS for face in FACES[colour]}
"""The dice rolled: how many of each colour came up each face (a menu per face, never typed)."""


def pool_counters(action: dict[str, Any]) -> tuple[tuple[str, str, int, int], ...]:
    """An attack's pool, one count per colour, set beside the attack (the faces rolled stay in the form)."""
    if action.get("type") != "attack":
        return ()
    dice = action.get("dice")
    if not isinstance(dice, dict):
        dice = {}
    counts = {c: n if isinstance(n, int) and not isinstance(n, bool) else 0 for c, n in dice.items()}
    return tuple((colour, POOL[colour], counts.get(colour, 0), MAX_DICE) for colour in COLOURS)


FACE_WORDS = {"hit-hit": "double hit", "hit-crit": "hit + crit"}

ACTION_FIELDS: dict[str, str] = {
    **{f"action.dice.{colour}": name for colour, name in POOL.items()},
    "action.dice": POOL["red"],
    **{f"action.dice_results.{colour}": ROLLED[(colour, FACES[colour][0])] for colour in COLOURS},
    "action.dice_results": ROLLED[("red", "blank")],
    "action.type": "action",
    "action.ship": "ship",
    "action.speed": "speed",
    "action.clicks": "clicks",
    "action.side": "side",
    "action.squadron": "squadron",
    "action.placements": "placements",
    "action.obstacle": "moved",
    "action.token": "moved",
    "action.to": "to_x",
    "action.to.x": "to_x",
    "action.to.y": "to_y",
    "action.to.rotation": "to_heading",
    "action.max_distance": "max_distance",
    "action.min_distance": "min_distance",
    "action.toward": "toward",
    "action.attacker": "attacker",
    "action.defender": "defender",
    "action.attacker_zone": "arc",
    "action.defender_zone": "defender_zone",
    "game": "game",
    "edition": "edition",
}


def _list(raw: str) -> list[Any] | str:
    parts = [p for p in raw.replace(",", " ").split() if p]
    out = [number(p) for p in parts]
    return out if all(isinstance(v, int | float) for v in out) else raw


def _yaw(raw: str) -> dict[str, Any] | str:
    parts = keyed(raw)
    return raw if parts is None else {key: _list(values) for key, values in parts}


def _placements(raw: str) -> dict[str, Any] | str:
    parts = keyed(raw)
    if parts is None:
        return raw
    out: dict[str, Any] = {}
    for key, values in parts:
        xy = _list(values)
        out[key] = {"x": xy[0], "y": xy[1]} if isinstance(xy, list) and len(xy) == 2 else values.strip()
    return out


def piece_document(data: dict[str, Any]) -> dict[str, Any] | None:
    """A scenario piece from one row's cleaned data (None for an empty row)."""
    p = common_piece(data)
    if p is None:
        return None
    kind = p["kind"]
    angle = (data.get("heading") or "").strip()
    if kind == "ship":
        card = SHIPS.get(data.get("chassis") or "")
        p["size"] = data.get("size") or (card.size if card else "")
        if card is not None:
            p["chassis"] = card.slug  # its token's own arc lines, where measured
        p["heading"] = number(angle) if angle else 0
        if data.get("flotilla") or (card is not None and card.flotilla):
            p["flotilla"] = True
        if (data.get("yaw_limits") or "").strip():
            p["yaw_limits"] = _yaw(data["yaw_limits"])
        elif card is not None:
            p["yaw_limits"] = card.speed_chart
        if card is not None and not data.get("label") and not data.get("size"):  # picked by name
            p["label"] = card.name
    elif kind in ("obstacle", "token"):
        p["type"] = data.get("type") or ""
    if kind == "obstacle":
        shapes = obstacle_shapes(p["type"])
        p["shape"] = data.get("shape") or (shapes[0].id if shapes else "")
        p["rotation"] = number(angle) if angle else 0
        if data.get("flipped"):
            p["flipped"] = True
    return p


def action_document(d: dict[str, Any], pieces: list[dict[str, Any]]) -> dict[str, Any]:
    atype = d.get("action") or "maneuver"
    a: dict[str, Any] = {"type": atype}

    def put(key: str, value: Any) -> None:
        if value not in (None, ""):
            a[key] = value

    to = {k: number(d.get(f"to_{k}") or "") for k in ("x", "y") if (d.get(f"to_{k}") or "").strip()}
    if atype == "maneuver":
        put("ship", d.get("ship"))
        if d.get("speed"):
            a["speed"] = int(d["speed"])
        clicks = _list((d.get("clicks") or "").strip())
        if isinstance(clicks, list) and "speed" in a:  # the joints a speed has: straight where none is chosen
            clicks = (clicks + [0] * a["speed"])[: a["speed"]]
        a["clicks"] = clicks
        put("side", d.get("side"))
    elif atype == "place-squadrons":
        put("ship", d.get("ship"))
        a["placements"] = _placements(d.get("placements") or "")
    elif atype == "move-squadron":
        put("squadron", d.get("squadron"))
        if d.get("speed"):
            a["speed"] = int(d["speed"])
        a["to"] = to
    elif atype in ("move-obstacle", "move-token"):
        put("obstacle" if atype == "move-obstacle" else "token", (d.get("moved") or "").strip())
        if atype == "move-obstacle" and (d.get("to_heading") or "").strip():
            to["rotation"] = number(d["to_heading"])
        a["to"] = to
        if d.get("max_distance"):
            a["max_distance"] = int(d["max_distance"])
        if d.get("min_distance"):
            a["min_distance"] = int(d["min_distance"])
        put("toward", (d.get("toward") or "").strip())
    elif atype == "attack":
        put("attacker", (d.get("attacker") or "").strip())
        put("defender", (d.get("defender") or "").strip())
        put("attacker_zone", d.get("arc"))
        put("defender_zone", d.get("defender_zone"))
        pool = {c: int(d[name]) for c, name in POOL.items() if str(d.get(name) or "").isdigit()}
        if pool:
            a["dice"] = pool
        rolled: dict[str, list[str]] = {}
        for (colour, face), name in ROLLED.items():
            if str(d.get(name) or "").isdigit() and int(d[name]):
                rolled.setdefault(colour, []).extend([face] * int(d[name]))
        if rolled:
            a["dice_results"] = rolled
    return a


def _text(values: list[Any]) -> str:
    return ", ".join(str(v) for v in values)


def _card_of(p: dict[str, Any]) -> str:
    """The ship card a stored ship is (its label is the card's name and its facts agree), else ""."""
    for card in SHIPS.values():
        if p.get("kind") == "ship" and p.get("label") == card.name[:40]:
            same = (p.get("size"), bool(p.get("flotilla")), p.get("yaw_limits") or {})
            if same == (card.size, card.flotilla, card.speed_chart):
                return card.slug
    return ""


def initial(doc: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Form and row values that rebuild the normalised document ``doc``."""
    a = doc["action"]
    form: dict[str, Any] = {"game": doc["game"], "edition": doc["edition"], "action": a["type"]}
    for key in ("ship", "side", "squadron", "toward", "attacker", "defender", "defender_zone"):
        if isinstance(a.get(key), str):
            form[key] = a[key]
    if isinstance(a.get("attacker_zone"), str):
        form["arc"] = a["attacker_zone"]
    if isinstance(a.get("dice"), dict):
        form |= {POOL[c]: str(n) for c, n in a["dice"].items() if c in POOL}
    if isinstance(a.get("dice_results"), dict):
        for colour, faces in a["dice_results"].items():
            for face in dict.fromkeys(faces):
                form[ROLLED[(colour, face)]] = str(faces.count(face))
    if "not_obstructing" in a:  # no form field: the document keeps it
        form["doc"] = json.dumps(doc, indent=1)
    for key in ("speed", "max_distance", "min_distance"):
        if key in a:
            form[key] = str(a[key])
    if "clicks" in a:
        form["clicks"] = _text(a["clicks"])
    if isinstance(a.get("placements"), dict):
        form["placements"] = "; ".join(f"{k}: {v['x']}, {v['y']}" for k, v in a["placements"].items())
    for key in ("obstacle", "token"):
        if isinstance(a.get(key), str):
            form["moved"] = a[key]
    if isinstance(a.get("to"), dict):
        form["to_x"], form["to_y"] = str(a["to"]["x"]), str(a["to"]["y"])
        if "rotation" in a["to"]:
            form["to_heading"] = str(a["to"]["rotation"])
    rows = []
    needs_json = False
    for p in doc["pieces"]:
        needs_json = needs_json or "outline" in p
        limits = p.get("yaw_limits") or {}
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
                "flotilla": p.get("flotilla", False),
                "yaw_limits": _chart(limits),
                "chassis": p.get("chassis") or _card_of(p),
                "label": p.get("label", ""),
            }
        )
    if needs_json:
        form["doc"] = json.dumps(doc, indent=1)
    return form, rows


def _chart(chart: dict[str, list[int]]) -> str:
    return "; ".join(f"{k}: {' '.join(str(v) for v in vs)}" for k, vs in chart.items())


def chassis_row(key: str) -> dict[str, Any] | None:
    """A row's values that follow from its ship card: size, flotilla, speed chart and name."""
    card = SHIPS.get(key)
    if card is None:
        return None
    return {
        "size": card.size,
        "flotilla": card.flotilla,
        "yaw_limits": _chart(card.speed_chart),
        "label": card.name[:40],
    }


def chart_speeds(doc: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The speeds on the moving ship's chart (0 and each speed its ``yaw_limits`` list), for the speed menu."""
    action = doc.get("action")
    if not isinstance(action, dict) or action.get("type") != "maneuver":
        return {}
    pieces = doc.get("pieces") if isinstance(doc.get("pieces"), list) else None
    ship = next((p for p in pieces or [] if isinstance(p, dict) and p.get("id") == action.get("ship")), None)
    limits = ship.get("yaw_limits") if isinstance(ship, dict) else None
    if not isinstance(limits, dict) or not limits:
        return {}
    return {"speed": ("0", *sorted((str(k) for k in limits if str(k).isdigit()), key=int))}


FORM = FormSpec(
    fields=(
        Field("ship", "ship", "piece", kinds=("ship",)),
        Field("speed", "speed", choices=tuple(str(s) for s in range(MAX_SPEED + 1))),
        Field("to_x", "where it ends: position across (mm)", "number"),
        Field("to_y", "where it ends: position up the table (mm)", "number"),
        Field("to_heading", "where it ends: facing (degrees, clockwise)", "number"),
        Field("clicks", "clicks per joint", "text", width=10),
        Field("side", "tool side", choices=("left", "right")),
        Field("squadron", "squadron", "piece", kinds=("squadron",)),
        Field("placements", "placements (squadron: x, y; squadron: x, y)", "text", max_length=600, keyed=True),
        Field("moved", "obstacle or token", "piece", kinds=("obstacle", "token")),
        Field("max_distance", "max distance", choices=("1", "2", "3", "4", "5")),
        Field("min_distance", "min distance", choices=("1", "2", "3", "4", "5"), blank="none"),
        Field("toward", "toward", "piece"),
        Field("attacker", "attacker", "piece", kinds=("ship", "squadron")),
        Field("defender", "defender", "piece", kinds=("ship", "squadron")),
        Field("arc", "attacking hull zone", choices=HULL_ZONES),
        Field("defender_zone", "defending hull zone", choices=HULL_ZONES),
        *(Field(name, f"{colour} dice", choices=DICE_COUNTS) for colour, name in POOL.items()),
        *(
            Field(name, f"{colour} {FACE_WORDS.get(face, face)}", choices=DICE_COUNTS)
            for (colour, face), name in ROLLED.items()
        ),
    ),
    row_inputs=(
        Field("flotilla", "flotilla", "check"),
        Field("yaw_limits", "speed chart (1: 2; 2: 1 1)", "text", max_length=80, width=12),
    ),
    chassis_row=chassis_row,
    narrowed=chart_speeds,
    menu_label="Its speed chart: the speed, then the clicks at each joint",
    chassis_names=frozenset(c.name[:40] for c in SHIPS.values()),
    row_fields={
        "ship": ("size", "chassis", "heading", "flotilla", "yaw_limits"),
        "squadron": (),
        "obstacle": ("type", "shape", "heading", "flipped"),
        "token": ("type",),
    },
    piece_document=piece_document,
    action_document=action_document,
    initial=initial,
    action_fields=ACTION_FIELDS,
    groups=(
        ("Who acts", ("ship", "speed")),
        ("Attack", ("attacker", "defender", "arc", "defender_zone")),
        ("Attack pool (how many dice of each colour, optional)", tuple(POOL.values())),
        ("Dice rolled (how many came up each face, optional, with the pool)", tuple(ROLLED.values())),
        ("Where to (a move's target, a relocation, a measured final position)", ("to_x", "to_y", "to_heading")),
        ("Armada maneuver: one click value per joint (e.g. 0, 1, -1), the tool's side", ("clicks", "side")),
        ("Armada squadrons: the squadron that moves; placements as “id: x, y; id: x, y”", ("squadron", "placements")),
        (
            "Armada: move an obstacle or token (its id), the distance bands, toward a piece",
            ("moved", "max_distance", "min_distance", "toward"),
        ),
    ),
    fields_for={
        "maneuver": ("ship", "speed", "clicks", "side"),
        "place-squadrons": ("ship", "placements"),
        "move-squadron": ("squadron", "speed", "to_x", "to_y"),
        "move-obstacle": ("moved", "to_x", "to_y", "to_heading", "max_distance", "min_distance", "toward"),
        "move-token": ("moved", "to_x", "to_y", "max_distance", "min_distance", "toward"),
        "attack": ("attacker", "defender", "arc", "defender_zone", *POOL.values(), *ROLLED.values()),
    },
)
