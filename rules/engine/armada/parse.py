"""Reading Armada pieces and actions (the Armada half of ``../shared/spec/scenario-and-api-v1.md``).

Every malformed field is reported with its path; checks that need the table
(a placement for a squadron that was never displaced) run once every piece
is read (``check``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from rules.engine.armada import shapes as shape_catalog
from rules.engine.armada.dimensions import MAX_CLICKS
from rules.engine.armada.parse_attack import parse_attack
from rules.engine.checker import Bounds, Checker, join, parse_shape, round_angle, round_mm
from rules.engine.geometry import overlaps
from rules.engine.scenario import COMMON_FIELDS, Piece

EDITIONS = ("1.5",)
SIZES = ("small", "medium", "large", "huge")
PIECE_KINDS = ("ship", "squadron", "obstacle", "token")
ACTION_TYPES = ("maneuver", "place-squadrons", "move-squadron", "move-obstacle", "move-token", "attack")
MAX_SPEED = 4
CLICK_VALUES = tuple(range(-MAX_CLICKS, MAX_CLICKS + 1))


def parse_piece(c: Checker, d: dict[str, Any], out: dict[str, Any], field: str, kind: str, bounds: Bounds) -> None:
    """A ship, squadron, obstacle or token: the fields after ``id``, ``kind``, ``player`` and ``label``."""
    x0, x1, y0, y1 = bounds
    if kind in ("ship", "squadron", "token"):
        extra = {"ship": ("size", "heading", "flotilla", "yaw_limits", "chassis"), "squadron": (), "token": ("type",)}[
            kind
        ]
        c.unknown(d, (*COMMON_FIELDS, "x", "y", *extra), field)
        if kind == "ship":
            out["size"] = c.choice(d, "size", field, SIZES)
        if kind == "token":
            out["type"] = c.choice(d, "type", field, shape_catalog.TOKEN_TYPES)
        x = c.number(d, "x", field, lo=x0, hi=x1)
        y = c.number(d, "y", field, lo=y0, hi=y1)
        if x is not None and y is not None:
            out.update(x=round_mm(x), y=round_mm(y))
        if kind == "ship":
            h = c.number(d, "heading", field, lo=-3600, hi=3600)
            if h is not None:
                out["heading"] = round_angle(h)
            out["flotilla"] = c.boolean(d, "flotilla", field)
            if "chassis" in d:
                out["chassis"] = _chassis(c, d, field, out.get("size"))
            if "yaw_limits" in d:
                limits = _yaw_limits(c, d["yaw_limits"], join(field, "yaw_limits"))
                if limits is not None:
                    out["yaw_limits"] = limits
        return
    c.unknown(d, (*COMMON_FIELDS, "type", "outline", "shape", "x", "y", "rotation", "flipped"), field)
    ptype = c.choice(d, "type", field, shape_catalog.OBSTACLE_TYPES)
    out["type"] = ptype
    parse_shape(
        c,
        d,
        out,
        field,
        "obstacle",
        ptype,
        bounds,
        get_shape=shape_catalog.get_shape,
        default_shape=shape_catalog.default_shape_for_type,
        check_type=True,
    )


def _chassis(c: Checker, d: dict[str, Any], field: str, size: str | None) -> str | None:
    """The ship card's name (as the form's chassis list spells it): its token's measured arc lines, where known."""
    from rules.engine.armada.ships import SHIPS

    card = SHIPS.get(d["chassis"]) if isinstance(d["chassis"], str) else None
    if card is None:
        c.add(
            join(field, "chassis"),
            "must be a ship card's name from the catalogue (e.g. victory-i-class-star-destroyer)",
        )
        return None
    if size is not None and card.size != size:
        c.add(join(field, "chassis"), f"{card.name} is a {card.size} ship, not {size}")
        return None
    return card.slug


def _yaw_limits(c: Checker, raw: Any, field: str) -> dict[str, list[int]] | None:
    """``{"1": [2], "2": [1, 1], ...}``: per speed, the yaw value (0–2) of each joint."""
    d = c.obj(raw, field)
    if d is None:
        return None
    out: dict[str, list[int]] = {}
    before = len(c.problems)
    for key, values in d.items():
        f = join(field, key)
        if key not in ("1", "2", "3", "4"):
            c.add(f, "speeds are 1 to 4")
            continue
        if not isinstance(values, list) or len(values) != int(key):
            c.add(f, f"must list {key} yaw value(s), one per joint")
            continue
        vals = [c.whole(v, f"{f}[{i}]", (0, 1, 2)) for i, v in enumerate(values)]
        if all(v is not None for v in vals):
            out[key] = [int(v) for v in vals if v is not None]
    return out if len(c.problems) == before else None


def parse_action(
    c: Checker, a: dict[str, Any], atype: str, by_id: dict[str, dict[str, Any]], bounds: Bounds
) -> dict[str, Any]:
    """An Armada action of type ``atype`` (checked by the core against ``ACTION_TYPES``)."""
    out: dict[str, Any] = {"type": atype}
    f = "action"
    if atype == "attack":
        return parse_attack(c, a, by_id)
    if atype == "maneuver":
        c.unknown(a, ("type", "ship", "speed", "clicks", "side"), f)
        out["ship"] = c.ref(a, "ship", f, by_id, ("ship",))
        speed = c.integer(a, "speed", f, tuple(range(MAX_SPEED + 1)))
        out["speed"] = speed
        clicks = _clicks(c, a, speed)
        out["clicks"] = clicks
        side = c.choice(a, "side", f, ("left", "right"), required=bool(speed))
        if side is not None:
            out["side"] = side
        ship = by_id.get(out["ship"] or "")
        if ship is not None and speed is not None and clicks is not None:
            _check_yaw(c, ship, speed, clicks)
    elif atype == "place-squadrons":
        c.unknown(a, ("type", "ship", "placements"), f)
        out["ship"] = c.ref(a, "ship", f, by_id, ("ship",))
        placements = c.obj(a.get("placements"), "action.placements") if "placements" in a else None
        if "placements" not in a:
            c.add("action.placements", "is required")
        out["placements"] = {}
        for sid, spot in (placements or {}).items():
            pf = join("action.placements", sid)
            if sid not in by_id or by_id[sid]["kind"] != "squadron":
                c.bad_ref(pf, sid, "unknown squadron: must be the id of a squadron in this scenario")
                continue
            point = c.point(spot, pf, bounds)
            if point is not None:
                out["placements"][sid] = point
    elif atype == "move-squadron":
        c.unknown(a, ("type", "squadron", "speed", "to"), f)
        out["squadron"] = c.ref(a, "squadron", f, by_id, ("squadron",))
        out["speed"] = c.integer(a, "speed", f, (1, 2, 3, 4, 5))
        out["to"] = c.point(a.get("to"), "action.to", bounds) if "to" in a else None
        if "to" not in a:
            c.add("action.to", "is required")
    else:
        moved = "obstacle" if atype == "move-obstacle" else "token"
        c.unknown(a, ("type", moved, "to", "max_distance", "min_distance", "toward"), f)
        out[moved] = c.ref(a, moved, f, by_id, (moved,))
        angle = "rotation" if moved == "obstacle" else None
        out["to"] = c.point(a.get("to"), "action.to", bounds, angle=angle) if "to" in a else None
        if "to" not in a:
            c.add("action.to", "is required")
        hi = c.integer(a, "max_distance", f, (1, 2, 3, 4, 5))
        out["max_distance"] = hi
        lo = c.integer(a, "min_distance", f, (0, 1, 2, 3, 4, 5), required=False)
        if lo is not None and hi is not None and lo > hi:
            c.add("action.min_distance", "must not be more than max_distance")
        elif lo:
            out["min_distance"] = lo
        if "toward" in a:
            target = a["toward"]
            if not isinstance(target, str) or target not in by_id:
                c.bad_ref("action.toward", target, "must be the id of a piece in this scenario")
            elif target == out[moved]:
                c.add("action.toward", f"must name another piece than the {moved} that moves")
            else:
                out["toward"] = target
    return out


def _clicks(c: Checker, a: dict[str, Any], speed: int | None) -> list[int] | None:
    raw = a.get("clicks", [] if speed == 0 else None)
    if raw is None:
        c.add("action.clicks", "is required: one click value per joint (as many as the speed)")
        return None
    if not isinstance(raw, list):
        c.add("action.clicks", "must be a list of whole numbers from -2 to 2")
        return None
    if speed is not None and len(raw) != speed:
        c.add("action.clicks", f"must have one value per joint used: {speed} at speed {speed}, not {len(raw)}")
        return None
    vals = [c.whole(v, f"action.clicks[{i}]", CLICK_VALUES) for i, v in enumerate(raw)]
    if any(v is None for v in vals):
        return None
    return [int(v) for v in vals if v is not None]


def _check_yaw(c: Checker, ship: dict[str, Any], speed: int, clicks: list[int]) -> None:
    """Clicks beyond the ship's speed chart (when the scenario gives it) are not a legal course."""
    limits = ship.get("yaw_limits")
    if not limits or speed == 0:
        return
    row = limits.get(str(speed))
    if row is None:
        c.add("action.speed", f"speed {speed} is not on {_name(ship)}'s speed chart (yaw_limits)")
        return
    for i, (n, lim) in enumerate(zip(clicks, row, strict=True)):
        if abs(n) > lim:
            c.add(
                f"action.clicks[{i}]",
                f"{_name(ship)}'s speed chart allows at most {lim} click(s) at joint {i + 1} at speed {speed}",
            )


def check(c: Checker, pieces: list[dict[str, Any]], action: dict[str, Any] | None, edition: str | None) -> None:
    """Placements only for squadrons the ship displaced: those its footprint overlaps where it stands; a move
    of an obstacle or token within the work budget (``budget``)."""
    if action is not None and action.get("type") in ("move-obstacle", "move-token") and not c.problems:
        from rules.engine.armada.budget import too_much

        if (reason := too_much(pieces, action)) is not None:
            c.add("action", reason)
    if action is None or action.get("type") != "place-squadrons" or not action.get("ship"):
        return
    from rules.engine.armada.pieces import ship_footprint, squadron_base

    by_id = {p["id"]: p for p in pieces}
    ship = by_id.get(action["ship"])
    if ship is None or "x" not in ship or "heading" not in ship or ship.get("size") is None:
        return
    hull = ship_footprint(_piece(ship))
    for sid in action.get("placements", {}):
        sq = by_id[sid]
        if "x" in sq and not overlaps(hull, squadron_base(_piece(sq))):
            c.add(join("action.placements", sid), f"was not displaced: it does not overlap {_name(ship)}")


def _name(piece: dict[str, Any]) -> str:
    """A piece as a person names it in a message: its label, else its id."""
    return str(piece.get("label") or piece["id"])


def _piece(d: dict[str, Any]) -> Piece:
    return Piece(d["id"], d["kind"], MappingProxyType(d))
