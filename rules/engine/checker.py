"""Reading untrusted documents: collect every problem with its JSON path, normalise values.

Game-neutral: the scenario parser and every game's piece and action parsers
share these helpers, so a problem reads the same whichever game reports it.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from typing import Any, Protocol

from shapely import Polygon

from rules.engine.errors import Problem
from rules.engine.geometry import Point, clean_number, normalise_angle

ID_RE = re.compile(r"[a-z0-9-]{1,24}")
"""Ids: use ``fullmatch`` (``$`` would let a trailing newline through)."""
MAX_OUTLINE_POINTS = 200
COORD_MARGIN = 1000.0
"""Coordinates may lie up to 1 m outside the table (pieces can be off it)."""

type Bounds = tuple[float, float, float, float]
"""x0, x1, y0, y1: where coordinates may lie."""


class ShapeLike(Protocol):
    """What the shape parser needs of a catalogue shape."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def types(self) -> tuple[str, ...]: ...


class Checker:
    """Collects problems while reading an untrusted document."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.broken: set[str] = set()
        """Ids of pieces that were read with problems of their own (and so left out of the scenario): a
        reference to one of them is not a second problem, so none is reported (no follow-on errors)."""

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
                self.add(join(field, k), f"unknown field (allowed: {', '.join(allowed)})")

    def _absent(self, d: dict[str, Any], key: str, field: str, required: bool) -> bool:
        """True when the key is missing (a problem if it was required)."""
        if key in d:
            return False
        if required:
            self.add(join(field, key), "is required")
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
        if self._absent(d, key, field, required):
            return default
        v = as_float(d[key])
        if v is None:
            self.add(join(field, key), "must be a number")
            return None
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.add(join(field, key), f"must be between {clean_number(lo or 0)} and {clean_number(hi or 0)}")
            return None
        return float(v)

    def integer(
        self, d: dict[str, Any], key: str, field: str, allowed: tuple[int, ...], *, required: bool = True
    ) -> int | None:
        if self._absent(d, key, field, required):
            return None
        return self.whole(d[key], join(field, key), allowed)

    def whole(self, v: Any, f: str, allowed: tuple[int, ...]) -> int | None:
        """A whole number from ``allowed`` (2.0 counts as 2), or a problem at ``f``."""
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
        if self._absent(d, key, field, required):
            return default
        v = d[key]
        if not isinstance(v, str) or v not in allowed:
            self.add(join(field, key), f"must be one of: {', '.join(allowed)}")
            return None
        return v

    def boolean(self, d: dict[str, Any], key: str, field: str, default: bool = False) -> bool:
        if key not in d:
            return default
        v = d[key]
        if not isinstance(v, bool):
            self.add(join(field, key), "must be true or false")
            return default
        return v

    def bad_ref(self, field: str, value: Any, message: str) -> None:
        """A reference to no such piece, unless it names a piece already reported as broken."""
        if not (isinstance(value, str) and value in self.broken):
            self.add(field, message)

    def ref(
        self, d: dict[str, Any], key: str, field: str, by_id: dict[str, dict[str, Any]], kinds: tuple[str, ...]
    ) -> str | None:
        """The id of a piece of one of ``kinds`` in this scenario."""
        f = join(field, key)
        v = d.get(key)
        if v is None:
            self.add(f, "is required")
            return None
        if not isinstance(v, str) or v not in by_id or by_id[v]["kind"] not in kinds:
            self.bad_ref(f, v, f"must be the id of a {' or '.join(kinds)} in this scenario")
            return None
        return v

    def point(self, raw: Any, field: str, bounds: Bounds, *, angle: str | None = None) -> dict[str, float] | None:
        """``{"x", "y"}`` (and ``angle`` when named, default 0) inside ``bounds``, rounded."""
        d = self.obj(raw, field)
        if d is None:
            return None
        keys = ("x", "y", angle) if angle else ("x", "y")
        self.unknown(d, keys, field)
        x0, x1, y0, y1 = bounds
        x = self.number(d, "x", field, lo=x0, hi=x1)
        y = self.number(d, "y", field, lo=y0, hi=y1)
        a = self.number(d, angle, field, lo=-3600, hi=3600, required=False, default=0.0) if angle else 0.0
        if x is None or y is None or a is None:
            return None
        out = {"x": round_mm(x), "y": round_mm(y)}
        if angle:
            out[angle] = round_angle(a)
        return out


def as_float(v: Any) -> float | None:
    """A JSON number as a finite float, or None (booleans, text, NaN, infinities, integers beyond a float)."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return None
    try:
        f = float(v)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None


def plain_text(v: Any) -> bool:
    """Text a page, a picture and a database can all hold: no control characters, no lone surrogates, and
    nothing else XML 1.0 cannot carry (U+FFFE, U+FFFF) or Unicode reserves as a noncharacter (U+FDD0 to
    U+FDEF, the last two code points of every plane): an SVG with one is not well-formed, and its PNG fails."""
    return isinstance(v, str) and not any(
        unicodedata.category(ch) in ("Cc", "Cs") or _noncharacter(ord(ch)) for ch in v
    )


def _noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE


def join(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def round_mm(v: float) -> float:
    return clean_number(v, 2)


def round_angle(v: float) -> float:
    return clean_number(normalise_angle(round(v, 2)), 2)


def parse_shape(
    c: Checker,
    d: dict[str, Any],
    out: dict[str, Any],
    field: str,
    kind: str,
    ptype: str | None,
    bounds: Bounds,
    *,
    get_shape: Callable[[str], ShapeLike | None],
    default_shape: Callable[[str], str | None],
    angle_key: str = "rotation",
    needs_shape: bool = True,
    check_type: bool = False,
) -> None:
    """An obstacle's or device's shape: an outline, or a catalogue shape with a pose."""
    x0, x1, y0, y1 = bounds
    if "outline" in d:
        for k in ("shape", "x", "y", angle_key, "flipped"):
            if k in d:
                c.add(join(field, k), "give either an outline or a shape with x, y and rotation, not both")
        pts = parse_outline(c, d["outline"], join(field, "outline"), bounds)
        if pts is not None:
            out["outline"] = [[round_mm(px), round_mm(py)] for px, py in pts]
        return
    shape_id = d.get("shape")
    if shape_id is None:
        if needs_shape:
            c.add(join(field, "outline"), f"an {kind} needs an outline or a catalogue shape")
            return
        shape_id = default_shape(ptype) if ptype else None
    spec = get_shape(shape_id) if isinstance(shape_id, str) else None
    if spec is None or spec.kind != kind:
        c.add(join(field, "shape"), f"must be a {kind} shape id from the catalogue (GET /api/v1/catalog)")
    elif check_type and ptype is not None and ptype not in spec.types:
        c.add(join(field, "shape"), f"shape {spec.id!r} is not a {ptype} token")
    x = c.number(d, "x", field, lo=x0, hi=x1)
    y = c.number(d, "y", field, lo=y0, hi=y1)
    a = c.number(d, angle_key, field, lo=-3600, hi=3600, required=False, default=0.0)
    flipped = c.boolean(d, "flipped", field)
    if spec is not None and x is not None and y is not None and a is not None:
        out.update(shape=spec.id, x=round_mm(x), y=round_mm(y), flipped=flipped)
        out[angle_key] = round_angle(a)


def parse_outline(c: Checker, raw: Any, field: str, bounds: Bounds) -> list[Point] | None:
    if not isinstance(raw, list) or not 3 <= len(raw) <= MAX_OUTLINE_POINTS:
        c.add(field, f"must be a list of 3 to {MAX_OUTLINE_POINTS} [x, y] points")
        return None
    x0, x1, y0, y1 = bounds
    pts: list[Point] = []
    ok = True
    for i, p in enumerate(raw):
        if not isinstance(p, list) or len(p) != 2 or any(as_float(v) is None for v in p):
            c.add(f"{field}[{i}]", "must be an [x, y] pair of numbers")
            ok = False
            continue
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            c.add(f"{field}[{i}]", "lies more than 1 m outside the table")
            ok = False
            continue
        pts.append((float(p[0]), float(p[1])))  # finite: checked above
    if not ok:
        return None
    if len(pts) > 3 and pts[0] == pts[-1]:
        pts = pts[:-1]
    poly = Polygon([(round(x, 2), round(y, 2)) for x, y in pts])
    if not poly.is_valid or not poly.exterior.is_simple or poly.area < 1.0:
        c.add(field, "must be a simple polygon (no self-crossing edges) with an area of at least 1 mm²")
        return None
    return pts
