"""Scenario documents (format 1): parse, validate, normalise, canonical form, id.

The contract is ``../shared/spec/scenario-and-api-v1.md``.  Parsing collects
every problem before failing, each with the JSON path of the offending value,
so a form or an API client can fix them all in one go.  The normalised
document fills defaults and rounds lengths and angles to 0.01, so the same
situation always has the same canonical bytes and therefore the same id.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from shapely import Polygon

from rules.engine.errors import Problem, ScenarioError
from rules.engine.geometry import Point, clean_number, normalise_angle
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.shapes import DEVICE_TYPES, OBSTACLE_TYPES

FORMAT = 1
MAX_PIECES = 60
MAX_OUTLINE_POINTS = 200
MAX_LABEL = 40
COORD_MARGIN = 1000.0
"""Coordinates may lie up to 1 m outside the table (pieces can be off it)."""
ID_RE = re.compile(r"^[a-z0-9-]{1,24}$")

GAMES = ("xwing", "armada")
XWING_EDITIONS = ("2.0", "2.5")
XWING_SIZES = ("small", "medium", "large", "huge")
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
)
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
}
DIRECTED = ("bank", "turn", "segnor", "tallon", "reverse-bank")
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
)
ARCS = ("front", "rear", "full")
SHIP_STATE_FLAGS = ("stressed", "placed_device", "decloaked")


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece on the table, normalised.  ``data`` is its normalised document."""

    id: str
    kind: str
    data: MappingProxyType[str, Any]

    @property
    def type(self) -> str | None:
        return self.data.get("type")

    @property
    def size(self) -> str | None:
        return self.data.get("size")

    @property
    def player(self) -> int | None:
        return self.data.get("player")

    @property
    def label(self) -> str:
        return self.data.get("label") or self.id

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True)
class Scenario:
    """A validated, normalised scenario.  Build it with ``parse_scenario``."""

    doc: MappingProxyType[str, Any]
    pieces: tuple[Piece, ...]

    @property
    def game(self) -> str:
        return str(self.doc["game"])

    @property
    def edition(self) -> str:
        return str(self.doc["edition"])

    @property
    def table(self) -> tuple[float, float]:
        t = self.doc["table"]
        return (float(t["width"]), float(t["height"]))

    @property
    def action(self) -> dict[str, Any]:
        return dict(self.doc["action"])

    @property
    def dice(self) -> dict[str, tuple[str, ...]]:
        return {k: tuple(v) for k, v in self.doc.get("dice", {}).items()}

    def piece(self, piece_id: str) -> Piece:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    def of_kind(self, kind: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.kind == kind)

    def to_dict(self) -> dict[str, Any]:
        """The normalised document (a fresh, mutable copy)."""
        return json.loads(self.canonical())

    def canonical(self) -> bytes:
        """Sorted keys, compact separators, numbers rounded: the bytes the id hashes."""
        return self._canonical

    @cached_property
    def _canonical(self) -> bytes:
        # computed once: the id, the digest, storage and the API all need these bytes
        return canonical_bytes(_thaw(self.doc))

    def digest(self) -> str:
        return hashlib.sha256(self.canonical()).hexdigest()

    def short_id(self, length: int = 10) -> str:
        """Content-addressed id: lowercase base32 of the SHA-256 digest, truncated."""
        raw = hashlib.sha256(self.canonical()).digest()
        return base64.b32encode(raw).decode("ascii").lower().rstrip("=")[:length]

    def __repr__(self) -> str:
        return f"parse_scenario({self.to_dict()!r})"


def canonical_bytes(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _freeze(v: Any) -> Any:
    if isinstance(v, dict):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    return v


def _thaw(v: Any) -> Any:
    if isinstance(v, MappingProxyType | dict):
        return {k: _thaw(x) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [_thaw(x) for x in v]
    return v


class _Checker:
    """Collects problems while reading an untrusted document."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message))

    def obj(self, v: Any, field: str) -> dict[str, Any] | None:
        if not isinstance(v, dict):
            self.add(field, "must be an object")
            return None
        return v

    def unknown(self, d: dict[str, Any], allowed: tuple[str, ...], field: str) -> None:
        for k in d:
            if k not in allowed:
                self.add(_join(field, k), f"unknown field (allowed: {', '.join(allowed)})")

    def _absent(self, d: dict[str, Any], key: str, f: str, required: bool) -> bool:
        """True when the key is missing (a problem if it was required)."""
        if key in d:
            return False
        if required:
            self.add(f, "is required")
        return True

    def number(
        self,
        d: dict[str, Any],
        key: str,
        field: str,
        *,
        required: bool = True,
        lo: float | None = None,
        hi: float | None = None,
        default: float | None = None,
    ) -> float | None:
        f = _join(field, key)
        if self._absent(d, key, f, required):
            return default
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            self.add(f, "must be a number")
            return None
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.add(f, f"must be between {clean_number(lo or 0)} and {clean_number(hi or 0)}")
            return None
        return float(v)

    def integer(
        self, d: dict[str, Any], key: str, field: str, allowed: tuple[int, ...], *, required: bool = True
    ) -> int | None:
        f = _join(field, key)
        if self._absent(d, key, f, required):
            return None
        v = d[key]
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            self.add(f, "must be a whole number")
            return None
        if v not in allowed:
            self.add(f, f"must be one of {', '.join(str(a) for a in allowed)}")
            return None
        return v

    def choice(
        self,
        d: dict[str, Any],
        key: str,
        field: str,
        allowed: tuple[str, ...],
        *,
        required: bool = True,
        default: str | None = None,
    ) -> str | None:
        f = _join(field, key)
        if self._absent(d, key, f, required):
            return default
        v = d[key]
        if not isinstance(v, str) or v not in allowed:
            self.add(f, f"must be one of: {', '.join(allowed)}")
            return None
        return v

    def boolean(self, d: dict[str, Any], key: str, field: str, default: bool = False) -> bool:
        if key not in d:
            return default
        v = d[key]
        if not isinstance(v, bool):
            self.add(_join(field, key), "must be true or false")
            return default
        return v


def _join(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _round(v: float) -> float:
    return clean_number(v, 2)


def _angle(v: float) -> float:
    return clean_number(normalise_angle(round(v, 2)), 2)


def parse_scenario(doc: Any) -> Scenario:
    """Validate and normalise a decoded scenario document.

    Raises ``ScenarioError`` with every problem found.
    """
    c = _Checker()
    root = c.obj(doc, "")
    if root is None:
        raise ScenarioError(c.problems)
    c.unknown(root, ("format", "game", "edition", "table", "pieces", "action", "dice"), "")
    fmt = c.integer(root, "format", "", (FORMAT,))
    game = c.choice(root, "game", "", GAMES)
    if game == "armada":
        c.add("game", "Armada scenarios are not supported yet (X-Wing only for now)")
        raise ScenarioError(c.problems)
    edition_raw = root.get("edition")
    if isinstance(edition_raw, int | float) and not isinstance(edition_raw, bool):
        edition_raw = f"{float(edition_raw):.1f}"
        root = {**root, "edition": edition_raw}
    edition = c.choice(root, "edition", "", XWING_EDITIONS)

    width, height = 914.4, 914.4
    if "table" in root:
        t = c.obj(root["table"], "table")
        if t is not None:
            c.unknown(t, ("width", "height"), "table")
            width = c.number(t, "width", "table", lo=100, hi=3000) or width
            height = c.number(t, "height", "table", lo=100, hi=3000) or height
    bounds = (-COORD_MARGIN, width + COORD_MARGIN, -COORD_MARGIN, height + COORD_MARGIN)

    pieces_out: list[dict[str, Any]] = []
    raw_pieces = root.get("pieces")
    if "pieces" not in root:
        c.add("pieces", "is required")
    elif not isinstance(raw_pieces, list):
        c.add("pieces", "must be a list")
    elif len(raw_pieces) > MAX_PIECES:
        c.add("pieces", f"at most {MAX_PIECES} pieces")
    else:
        seen: set[str] = set()
        for i, raw in enumerate(raw_pieces):
            p = _parse_piece(c, raw, f"pieces[{i}]", bounds)
            if p is None:
                continue
            if p["id"] in seen:
                c.add(f"pieces[{i}].id", f"duplicate id {p['id']!r}")
                continue
            seen.add(p["id"])
            pieces_out.append(p)

    by_id = {p["id"]: p for p in pieces_out}
    for i, p in enumerate(pieces_out):
        target = p.get("target")
        if target is not None and (target not in by_id or by_id[target]["kind"] != "obstacle"):
            c.add(f"pieces[{i}].target", "must be the id of an obstacle in this scenario")
    action: dict[str, Any] | None = None
    if "action" not in root:
        c.add("action", "is required")
    else:
        action = _parse_action(c, root["action"], by_id, bounds)

    if action is not None:
        for key in ("obstacle", "device"):
            extra = action.get(key)
            if isinstance(extra, dict) and isinstance(extra.get("id"), str):
                by_id = {**by_id, extra["id"]: {**extra, "kind": "obstacle" if key == "obstacle" else "device"}}
    dice: dict[str, list[str]] = {}
    if "dice" in root:
        d = c.obj(root["dice"], "dice")
        if d is not None:
            for key, faces in d.items():
                f = f"dice.{key}"
                if key not in by_id or by_id[key]["kind"] not in ("obstacle", "device"):
                    c.add(f, "must name an obstacle or device of this scenario")
                    continue
                if (
                    not isinstance(faces, list)
                    or not 1 <= len(faces) <= 4
                    or not all(isinstance(x, str) and x in DICE_FACES for x in faces)
                ):
                    c.add(f, "must be a list of 1 to 4 faces: hit, crit, focus, blank")
                    continue
                dice[key] = list(faces)

    if c.problems:
        raise ScenarioError(c.problems)
    assert fmt is not None and game is not None and edition is not None and action is not None
    out: dict[str, Any] = {
        "format": fmt,
        "game": game,
        "edition": edition,
        "table": {"width": _round(width), "height": _round(height)},
        "pieces": pieces_out,
        "action": action,
    }
    if dice:
        out["dice"] = dice
    frozen = _freeze(out)
    pieces = tuple(
        Piece(p["id"], p["kind"], frozen_p) for p, frozen_p in zip(pieces_out, frozen["pieces"], strict=True)
    )
    return Scenario(frozen, pieces)


_COMMON = ("id", "kind", "player", "label")


def _parse_piece(c: _Checker, raw: Any, field: str, bounds: tuple[float, float, float, float]) -> dict[str, Any] | None:
    d = c.obj(raw, field)
    if d is None:
        return None
    before = len(c.problems)
    out: dict[str, Any] = {}
    pid = d.get("id")
    if not isinstance(pid, str) or not ID_RE.match(pid):
        c.add(_join(field, "id"), "must be 1 to 24 characters of a-z, 0-9 and -")
    else:
        out["id"] = pid
    kind = c.choice(d, "kind", field, ("ship", "obstacle", "device"))
    if kind is None:
        return None
    out["kind"] = kind
    if "player" in d:
        player = c.integer(d, "player", field, (1, 2))
        if player is not None:
            out["player"] = player
    if "label" in d:
        label = d["label"]
        if not isinstance(label, str) or len(label) > MAX_LABEL:
            c.add(_join(field, "label"), f"must be text of at most {MAX_LABEL} characters")
        elif label:
            out["label"] = label
    x0, x1, y0, y1 = bounds
    if kind == "ship":
        c.unknown(d, (*_COMMON, "size", "x", "y", "heading", "state", "base_length"), field)
        out["size"] = c.choice(d, "size", field, XWING_SIZES)
        x = c.number(d, "x", field, lo=x0, hi=x1)
        y = c.number(d, "y", field, lo=y0, hi=y1)
        h = c.number(d, "heading", field, lo=-3600, hi=3600)
        if x is not None and y is not None and h is not None:
            out.update(x=_round(x), y=_round(y), heading=_angle(h))
        if "base_length" in d:
            if out.get("size") != "huge":
                c.add(_join(field, "base_length"), "only huge ships take a base_length")
            else:
                bl = c.number(d, "base_length", field, lo=150, hi=300)
                if bl is not None:
                    out["base_length"] = _round(bl)
        state: dict[str, bool] = dict.fromkeys(SHIP_STATE_FLAGS, False)
        if "state" in d:
            s = c.obj(d["state"], _join(field, "state"))
            if s is not None:
                c.unknown(s, SHIP_STATE_FLAGS, _join(field, "state"))
                for flag in SHIP_STATE_FLAGS:
                    state[flag] = c.boolean(s, flag, _join(field, "state"))
        out["state"] = state
    else:
        types = OBSTACLE_TYPES if kind == "obstacle" else DEVICE_TYPES
        if kind == "obstacle":
            c.unknown(d, (*_COMMON, "type", "outline", "shape", "x", "y", "rotation", "flipped"), field)
        else:
            c.unknown(
                d,
                (*_COMMON, "type", "outline", "shape", "x", "y", "heading", "rotation", "flipped", "fuses", "target"),
                field,
            )
            if "rotation" in d:
                # the spec's general shape sentence says "rotation"; its device table says "heading": take either
                if "heading" in d:
                    c.add(_join(field, "rotation"), "give heading or rotation, not both")
                else:
                    d = {**{k: v for k, v in d.items() if k != "rotation"}, "heading": d["rotation"]}
        ptype = c.choice(d, "type", field, types)
        out["type"] = ptype
        if "fuses" in d:
            fuses = c.integer(d, "fuses", field, (0, 1, 2, 3))
            if fuses:
                out["fuses"] = fuses
        if "target" in d:
            if kind != "device" or ptype != "seismic-charge":
                c.add(_join(field, "target"), "only a seismic charge takes a target obstacle")
            elif not isinstance(d["target"], str) or not ID_RE.match(d["target"]):
                c.add(_join(field, "target"), "must be an obstacle id")
            else:
                out["target"] = d["target"]
        _parse_shape(c, d, out, field, kind, ptype, bounds)
    if len(c.problems) > before:
        return None
    return out


def _parse_shape(
    c: _Checker,
    d: dict[str, Any],
    out: dict[str, Any],
    field: str,
    kind: str,
    ptype: str | None,
    bounds: tuple[float, float, float, float],
) -> None:
    """An obstacle's or device's shape: an outline, or a catalogue shape with a pose."""
    x0, x1, y0, y1 = bounds
    angle_key = "rotation" if kind == "obstacle" else "heading"
    if "outline" in d:
        for k in ("shape", "x", "y", angle_key, "flipped"):
            if k in d:
                c.add(_join(field, k), "give either an outline or a shape with x, y and rotation, not both")
        pts = _parse_outline(c, d["outline"], _join(field, "outline"), bounds)
        if pts is not None:
            out["outline"] = [[_round(px), _round(py)] for px, py in pts]
        return
    shape_id = d.get("shape")
    if shape_id is None:
        if kind == "obstacle":
            c.add(_join(field, "outline"), "an obstacle needs an outline or a catalogue shape")
            return
        shape_id = shape_catalog.default_shape_for_type(ptype) if ptype else None
    spec = shape_catalog.get_shape(shape_id) if isinstance(shape_id, str) else None
    if spec is None or spec.kind != kind:
        c.add(_join(field, "shape"), f"must be a {kind} shape id from the catalogue (GET /api/v1/catalog)")
    elif ptype is not None and kind == "device" and ptype not in spec.types:
        c.add(_join(field, "shape"), f"shape {spec.id!r} is not a {ptype} token")
    x = c.number(d, "x", field, lo=x0, hi=x1)
    y = c.number(d, "y", field, lo=y0, hi=y1)
    a = c.number(d, angle_key, field, lo=-3600, hi=3600, required=False, default=0.0)
    flipped = c.boolean(d, "flipped", field)
    if spec is not None and x is not None and y is not None and a is not None:
        out.update(shape=spec.id, x=_round(x), y=_round(y), flipped=flipped)
        out[angle_key] = _angle(a)


def _parse_outline(c: _Checker, raw: Any, field: str, bounds: tuple[float, float, float, float]) -> list[Point] | None:
    if not isinstance(raw, list) or not 3 <= len(raw) <= MAX_OUTLINE_POINTS:
        c.add(field, f"must be a list of 3 to {MAX_OUTLINE_POINTS} [x, y] points")
        return None
    x0, x1, y0, y1 = bounds
    pts: list[Point] = []
    ok = True
    for i, p in enumerate(raw):
        if (
            not isinstance(p, list)
            or len(p) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in p)
        ):
            c.add(f"{field}[{i}]", "must be an [x, y] pair of numbers")
            ok = False
            continue
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            c.add(f"{field}[{i}]", "lies more than 1 m outside the table")
            ok = False
            continue
        pts.append((float(p[0]), float(p[1])))
    if not ok:
        return None
    if len(pts) > 3 and pts[0] == pts[-1]:
        pts = pts[:-1]
    poly = Polygon([(round(x, 2), round(y, 2)) for x, y in pts])
    if not poly.is_valid or not poly.exterior.is_simple or poly.area < 1.0:
        c.add(field, "must be a simple polygon (no self-crossing edges) with an area of at least 1 mm²")
        return None
    return pts


def _ship_ref(c: _Checker, a: dict[str, Any], key: str, by_id: dict[str, dict[str, Any]]) -> str | None:
    f = f"action.{key}"
    v = a.get(key)
    if v is None:
        c.add(f, "is required")
        return None
    if not isinstance(v, str) or v not in by_id or by_id[v]["kind"] != "ship":
        c.add(f, "must be the id of a ship in this scenario")
        return None
    return v


def _parse_action(
    c: _Checker, raw: Any, by_id: dict[str, dict[str, Any]], bounds: tuple[float, float, float, float]
) -> dict[str, Any] | None:
    a = c.obj(raw, "action")
    if a is None:
        return None
    atype = c.choice(a, "type", "action", ACTION_TYPES)
    if atype is None:
        return None
    out: dict[str, Any] = {"type": atype}
    f = "action"
    if atype == "maneuver":
        c.unknown(a, ("type", "ship", "bearing", "direction", "speed", "tallon_position", "final"), f)
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
        c.unknown(a, ("type", "ship", "direction", "position", "template"), f)
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
        c.unknown(a, ("type", "ship", "bearing", "direction", "template"), f)
        out["ship"] = _ship_ref(c, a, "ship", by_id)
        bearing = c.choice(a, "bearing", f, ("straight", "bank", "turn"))
        out["bearing"] = bearing
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
            if not isinstance(did, str) or not ID_RE.match(did):
                c.add("action.device.id", "must be 1 to 24 characters of a-z, 0-9 and -")
            elif did in by_id:
                c.add("action.device.id", f"id {did!r} is already used by a piece")
            dtype = c.choice(dev, "type", "action.device", DEVICE_TYPES)
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
            ob = _parse_piece(c, a["obstacle"], "action.obstacle", bounds)
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
            dev = _parse_piece(c, a["device"], "action.device", bounds)
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
        if target is None or target["kind"] != "device" or "outline" in target:
            c.add("action.device", "must be the id of a catalogue-token device in this scenario")
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
                out["to"] = {"x": _round(tx), "y": _round(ty), "heading": _angle(th)}
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
    return out


def _parse_huge_final(
    c: _Checker, a: dict[str, Any], out: dict[str, Any], bearing: str | None, bounds: tuple[float, float, float, float]
) -> None:
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
        out["final"] = {"x": _round(fx), "y": _round(fy), "heading": _angle(fh)}
