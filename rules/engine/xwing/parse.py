"""Reading X-Wing pieces and actions (the X-Wing half of ``../shared/spec/scenario-and-api-v1.md``).

The core parser (``rules.engine.scenario``) reads the fields every game shares
and calls these for the rest, collecting every problem with its field path.
"""

from __future__ import annotations

from typing import Any

from rules.engine.checker import ID_RE, Bounds, Checker, join, parse_shape, round_angle, round_mm
from rules.engine.scenario import COMMON_FIELDS
from rules.engine.scenario import parse_piece as parse_any
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.shapes import DEVICE_TYPES, OBSTACLE_DEVICES, OBSTACLE_TYPES, REMOTE_TYPES
from rules.engine.xwing.ships import CHASSIS

EDITIONS = ("2.0", "2.5")
SIZES = ("small", "medium", "large", "huge")
DICE_FACES = ("hit", "crit", "focus", "blank")
BEARINGS = (
    "straight",
    "bank",
    "turn",
    "koiogran",
    "segnor",
    "tallon",
    "stationary",
    "reverse-straight",
    "reverse-bank",
    "sideslip-bank",
    "sideslip-turn",
)
SIDESLIPS = ("sideslip-bank", "sideslip-turn")
"""2.5 only (RRG 2.5 Sideslip): granted by abilities, on no printed dial in the data."""
SPEEDS: dict[str, tuple[int, ...]] = {
    "straight": (1, 2, 3, 4, 5),
    "bank": (1, 2, 3),
    "turn": (1, 2, 3),
    "koiogran": (1, 2, 3, 4, 5),
    "segnor": (1, 2, 3),
    "tallon": (1, 2, 3),
    "stationary": (0,),
    "reverse-straight": (1, 2, 3, 4, 5),
    "reverse-bank": (1, 2, 3),
    "sideslip-bank": (1, 2, 3),
    "sideslip-turn": (1, 2, 3),
}
DIRECTED = ("bank", "turn", "segnor", "tallon", "reverse-bank", *SIDESLIPS)
POSITIONS = ("forward", "middle", "backward")
ACTION_TYPES = (
    "maneuver",
    "barrel-roll",
    "boost",
    "drop",
    "launch",
    "place-obstacle",
    "check-setup",
    "attack",
    "detonate",
    "place-device",
    "relocate-device",
    "rotate",
)
ARCS = ("front", "rear", "full")
SHIP_STATE_FLAGS = ("stressed", "placed_device", "decloaked")


def parse_piece(c: Checker, d: dict[str, Any], out: dict[str, Any], field: str, kind: str, bounds: Bounds) -> None:
    """A ship, obstacle or device: the fields after ``id``, ``kind``, ``player`` and ``label``."""
    x0, x1, y0, y1 = bounds
    if kind == "ship":
        c.unknown(d, (*COMMON_FIELDS, "size", "x", "y", "heading", "state", "base_length", "chassis"), field)
        chassis = None
        if "chassis" in d:
            chassis = CHASSIS.get(d["chassis"]) if isinstance(d["chassis"], str) else None
            if chassis is None:
                c.add(join(field, "chassis"), "must be a chassis id (xws) from the ship data (GET /api/v1/catalog)")
            else:
                out["chassis"] = chassis.xws
        if chassis is not None and "size" not in d:
            out["size"] = chassis.size
        else:
            out["size"] = c.choice(d, "size", field, SIZES)
        if chassis is not None and out["size"] not in (None, chassis.size):
            c.add(join(field, "size"), f"a {chassis.name} is a {chassis.size} ship")
        x = c.number(d, "x", field, lo=x0, hi=x1)
        y = c.number(d, "y", field, lo=y0, hi=y1)
        h = c.number(d, "heading", field, lo=-3600, hi=3600)
        if x is not None and y is not None and h is not None:
            out.update(x=round_mm(x), y=round_mm(y), heading=round_angle(h))
        if "base_length" in d:
            if out.get("size") != "huge":
                c.add(join(field, "base_length"), "only huge ships take a base_length")
            else:
                bl = c.number(d, "base_length", field, lo=150, hi=300)
                if bl is not None:
                    out["base_length"] = round_mm(bl)
        state: dict[str, bool] = dict.fromkeys(SHIP_STATE_FLAGS, False)
        if "state" in d:
            s = c.obj(d["state"], join(field, "state"))
            if s is not None:
                c.unknown(s, SHIP_STATE_FLAGS, join(field, "state"))
                for flag in SHIP_STATE_FLAGS:
                    state[flag] = c.boolean(s, flag, join(field, "state"))
        out["state"] = state
    else:
        types = {"obstacle": OBSTACLE_TYPES, "remote": REMOTE_TYPES}.get(kind, DEVICE_TYPES)
        if kind == "obstacle":
            c.unknown(d, (*COMMON_FIELDS, "type", "outline", "shape", "x", "y", "rotation", "flipped"), field)
        else:
            c.unknown(
                d,
                (
                    *COMMON_FIELDS,
                    "type",
                    "outline",
                    "shape",
                    "x",
                    "y",
                    "heading",
                    "rotation",
                    "flipped",
                    "fuses",
                    "target",
                ),
                field,
            )
            if "rotation" in d:
                # the spec's general shape sentence says "rotation"; its device table says "heading": take either
                if "heading" in d:
                    c.add(join(field, "rotation"), "give heading or rotation, not both")
                else:
                    d = {**{k: v for k, v in d.items() if k != "rotation"}, "heading": d["rotation"]}
        ptype = c.choice(d, "type", field, types)
        out["type"] = ptype
        if "fuses" in d and kind == "remote":
            c.add(join(field, "fuses"), "a remote takes no fuse markers")
        elif "fuses" in d:
            fuses = c.integer(d, "fuses", field, (0, 1, 2, 3))
            if fuses:
                out["fuses"] = fuses
        if "target" in d:
            if kind != "device" or ptype != "seismic-charge":
                c.add(join(field, "target"), "only a seismic charge takes a target obstacle")
            elif not isinstance(d["target"], str) or not ID_RE.fullmatch(d["target"]):
                c.add(join(field, "target"), "must be an obstacle id")
            else:
                out["target"] = d["target"]
        parse_shape(
            c,
            d,
            out,
            field,
            kind,
            ptype,
            bounds,
            get_shape=shape_catalog.get_shape,
            default_shape=shape_catalog.default_shape_for_type,
            angle_key="rotation" if kind == "obstacle" else "heading",
            needs_shape=kind == "obstacle",
            check_type=kind in ("device", "remote"),
        )


def _nested_piece(c: Checker, raw: Any, field: str, bounds: Bounds) -> dict[str, Any] | None:
    """A whole piece inside an action (the obstacle or device it places)."""
    from rules.engine.xwing.game import GAME  # the game value is built from this module

    return parse_any(c, GAME, raw, field, bounds)


def check(c: Checker, pieces: list[dict[str, Any]], action: dict[str, Any] | None, edition: str | None) -> None:
    """References between pieces (a seismic charge's target must be an obstacle here) and edition-only moves."""
    by_id = {p["id"]: p for p in pieces}
    for i, p in enumerate(pieces):
        target = p.get("target")
        if target is not None and (target not in by_id or by_id[target]["kind"] != "obstacle"):
            c.bad_ref(f"pieces[{i}].target", target, "must be the id of an obstacle in this scenario")
    if action is not None and action.get("bearing") in SIDESLIPS and edition == "2.0":
        c.add("action.bearing", "a sideslip is a 2.5 maneuver (RRG 2.5, Sideslip); 2.0 has none")


def action_pieces(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The obstacle or device an action brings to the table (``dice`` may name it)."""
    out = []
    for key in ("obstacle", "device"):
        extra = action.get(key)
        if isinstance(extra, dict) and isinstance(extra.get("id"), str):
            out.append({**extra, "kind": key})
    return out


def _ship_ref(c: Checker, a: dict[str, Any], key: str, by_id: dict[str, dict[str, Any]]) -> str | None:
    f = f"action.{key}"
    v = a.get(key)
    if v is None:
        c.add(f, "is required")
        return None
    if not isinstance(v, str) or v not in by_id or by_id[v]["kind"] != "ship":
        c.bad_ref(f, v, "must be the id of a ship in this scenario")
        return None
    return v


def parse_action(
    c: Checker, a: dict[str, Any], atype: str, by_id: dict[str, dict[str, Any]], bounds: Bounds
) -> dict[str, Any]:
    """An X-Wing action of type ``atype`` (checked by the core against ``ACTION_TYPES``)."""
    out: dict[str, Any] = {"type": atype}
    f = "action"
    if atype == "maneuver":
        c.unknown(
            a, ("type", "ship", "bearing", "direction", "speed", "tallon_position", "final", "ignore_obstacles"), f
        )
        if c.boolean(a, "ignore_obstacles", f):
            out["ignore_obstacles"] = True
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        bearing = c.choice(a, "bearing", f, BEARINGS)
        out["bearing"] = bearing
        if bearing is not None:
            speed = c.integer(a, "speed", f, SPEEDS[bearing], required=bearing != "stationary")
            out["speed"] = 0 if bearing == "stationary" else speed
            if bearing in DIRECTED:
                out["direction"] = c.choice(a, "direction", f, ("left", "right"))
            elif "direction" in a:
                c.add("action.direction", f"a {bearing} maneuver has no direction")
            if bearing == "tallon":
                out["tallon_position"] = c.choice(a, "tallon_position", f, POSITIONS, required=False, default="middle")
            elif "tallon_position" in a:
                c.add("action.tallon_position", "only a Tallon roll has positions")
        ship = by_id.get(out.get("ship") or "")
        if ship is not None and ship.get("size") == "huge":
            _parse_huge_final(c, a, out, bearing, bounds)
        elif "final" in a:
            c.add("action.final", "only a huge ship's maneuver takes a final position")
    elif atype == "barrel-roll":
        c.unknown(a, ("type", "ship", "direction", "position", "template", "tractor"), f)
        if c.boolean(a, "tractor", f):
            out["tractor"] = True
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        out["direction"] = c.choice(a, "direction", f, ("left", "right"))
        out["position"] = c.choice(a, "position", f, POSITIONS, required=False, default="middle")
        out["template"] = c.choice(a, "template", f, ("straight-1", "straight-2"), required=False, default="straight-1")
        ship = by_id.get(out.get("ship") or "")
        if ship is not None:
            if ship.get("size") == "huge":
                c.add("action.ship", "a huge ship cannot barrel roll (Appendix: Huge Ships)")
            elif out["template"] == "straight-2" and ship.get("size") != "small":
                c.add(
                    "action.template",
                    "only small ships decloak with the [2 straight]; medium and large use [1 straight]",
                )
    elif atype == "boost":
        c.unknown(a, ("type", "ship", "bearing", "direction", "template", "tractor"), f)
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        bearing = c.choice(a, "bearing", f, ("straight", "bank", "turn"))
        out["bearing"] = bearing
        if c.boolean(a, "tractor", f):
            out["tractor"] = True
            if bearing not in (None, "straight"):
                c.add("action.bearing", "a tractored ship is boosted with the [1 straight] only")
        if bearing in ("bank", "turn"):
            out["direction"] = c.choice(a, "direction", f, ("left", "right"))
        elif "direction" in a:
            c.add("action.direction", "a straight boost has no direction")
        ship = by_id.get(out.get("ship") or "")
        if ship is not None and ship.get("size") == "huge":
            c.add("action.ship", "a huge ship cannot boost (Appendix: Huge Ships)")
        if "template" in a:
            # our addition: a small ship decloaks by boosting with the [2 straight]
            boost_template = c.choice(a, "template", f, ("straight-1", "straight-2"))
            small = ship is None or ship.get("size") == "small"
            if boost_template == "straight-2" and (bearing != "straight" or not small):
                c.add("action.template", "only a small ship's straight decloak boost uses the [2 straight]")
            elif boost_template == "straight-2":
                out["template"] = boost_template
    elif atype in ("drop", "launch"):
        c.unknown(a, ("type", "ship", "device", "template"), f)
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        dev = c.obj(a.get("device"), "action.device") if "device" in a else None
        if "device" not in a:
            c.add("action.device", "is required")
        if dev is not None:
            c.unknown(dev, ("id", "type", "player", "label"), "action.device")
            did = dev.get("id")
            if not isinstance(did, str) or not ID_RE.fullmatch(did):
                c.add("action.device.id", "must be 1 to 24 characters of a-z, 0-9 and -")
            elif did in by_id:
                c.add("action.device.id", f"id {did!r} is already used by a piece")
            dtype = c.choice(dev, "type", "action.device", (*DEVICE_TYPES, *OBSTACLE_DEVICES))
            out["device"] = {"id": did, "type": dtype}
        if "template" in a:
            t = c.obj(a["template"], "action.template")
            if t is not None:
                c.unknown(t, ("bearing", "direction", "speed"), "action.template")
                tb = c.choice(t, "bearing", "action.template", ("straight", "bank", "turn"))
                tmpl: dict[str, Any] = {"bearing": tb}
                if tb is not None:
                    tmpl["speed"] = c.integer(t, "speed", "action.template", SPEEDS[tb])
                    if tb != "straight":
                        tmpl["direction"] = c.choice(t, "direction", "action.template", ("left", "right"))
                out["template"] = tmpl
    elif atype == "place-obstacle":
        c.unknown(a, ("type", "obstacle"), f)
        if "obstacle" not in a:
            c.add("action.obstacle", "is required")
        else:
            ob = _nested_piece(c, a["obstacle"], "action.obstacle", bounds)
            if ob is not None:
                if ob["kind"] != "obstacle":
                    c.add("action.obstacle.kind", "must be obstacle")
                elif ob["id"] in by_id:
                    c.add("action.obstacle.id", f"id {ob['id']!r} is already used by a piece")
                out["obstacle"] = ob
    elif atype == "check-setup":
        c.unknown(a, ("type",), f)
    elif atype == "place-device":
        c.unknown(a, ("type", "ship", "device"), f)
        if "ship" in a:
            out["ship"] = _ship_ref(c, a, "ship", by_id)
        if "device" not in a:
            c.add("action.device", "is required")
        else:
            dev = _nested_piece(c, a["device"], "action.device", bounds)
            if dev is not None:
                if dev["kind"] != "device" or "outline" in dev:
                    c.add("action.device", "must be a device with x, y and heading (a catalogue token)")
                elif dev["id"] in by_id:
                    c.add("action.device.id", f"id {dev['id']!r} is already used by a piece")
                else:
                    out["device"] = dev
    elif atype == "relocate-device":
        c.unknown(a, ("type", "device", "to"), f)
        did = a.get("device")
        target = by_id.get(did) if isinstance(did, str) else None
        if target is None or target["kind"] not in ("device", "remote") or "outline" in target:
            c.bad_ref("action.device", did, "must be the id of a catalogue-token device or remote in this scenario")
        else:
            out["device"] = did
        to = c.obj(a.get("to"), "action.to")
        if to is not None:
            c.unknown(to, ("x", "y", "heading"), "action.to")
            x0, x1, y0, y1 = bounds
            tx = c.number(to, "x", "action.to", lo=x0, hi=x1)
            ty = c.number(to, "y", "action.to", lo=y0, hi=y1)
            th = c.number(to, "heading", "action.to", lo=-3600, hi=3600, required=False, default=0.0)
            if tx is not None and ty is not None and th is not None:
                out["to"] = {"x": round_mm(tx), "y": round_mm(ty), "heading": round_angle(th)}
    elif atype == "rotate":
        c.unknown(a, ("type", "ship", "degrees"), f)
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        out["degrees"] = c.integer(a, "degrees", f, (90, -90, 180))
        ship = by_id.get(out.get("ship") or "")
        if ship is not None and ship.get("size") == "huge":
            c.add("action.ship", "rotate effects do nothing to a huge ship (Appendix: Huge Ships)")
    elif atype == "detonate":
        c.unknown(a, ("type", "first_player"), f)
        out["first_player"] = c.integer(a, "first_player", f, (1, 2), required=False) or 1
    elif atype == "attack":
        c.unknown(a, ("type", "attacker", "defender", "arc"), f)
        out["attacker"] = _ship_ref(c, a, "attacker", by_id)
        out["defender"] = _ship_ref(c, a, "defender", by_id)
        if out["attacker"] and out["attacker"] == out["defender"]:
            c.add("action.defender", "a ship cannot attack itself")
        out["arc"] = c.choice(a, "arc", f, ARCS, required=False, default="front")
        attacker = by_id.get(out["attacker"] or "")
        chassis = CHASSIS.get(str(attacker.get("chassis"))) if attacker else None
        if chassis is not None and out["arc"] is not None and not chassis.allows(out["arc"]):
            c.add("action.arc", f"a {chassis.name} has no {out['arc']} arc (its arcs: {', '.join(chassis.arcs)})")
    return out


def _parse_huge_final(c: Checker, a: dict[str, Any], out: dict[str, Any], bearing: str | None, bounds: Bounds) -> None:
    """A huge ship moves with the huge-ship maneuver tool, whose shape we do not have: its final position is given."""
    if bearing not in (None, "straight", "bank", "stationary"):
        c.add("action.bearing", "huge ships only have straight, bank and stationary maneuvers")
        return
    if bearing == "stationary":
        return
    fin = c.obj(a.get("final"), "action.final") if "final" in a else None
    if "final" not in a:
        c.add(
            "action.final",
            "a huge ship's final position (x, y, heading), measured with the huge-ship tool, is required",
        )
    if fin is None:
        return
    c.unknown(fin, ("x", "y", "heading"), "action.final")
    x0, x1, y0, y1 = bounds
    fx = c.number(fin, "x", "action.final", lo=x0, hi=x1)
    fy = c.number(fin, "y", "action.final", lo=y0, hi=y1)
    fh = c.number(fin, "heading", "action.final", lo=-3600, hi=3600)
    if fx is not None and fy is not None and fh is not None:
        out["final"] = {"x": round_mm(fx), "y": round_mm(fy), "heading": round_angle(fh)}
