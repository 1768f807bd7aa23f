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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from types import MappingProxyType
from typing import Any

from rules.engine import games
from rules.engine.checker import COORD_MARGIN, ID_RE, Bounds, Checker, as_float, plain_text, round_mm
from rules.engine.errors import Problem, ScenarioError
from rules.engine.game import Game

FORMAT = 1
MAX_PIECES = 60
MAX_LABEL = 40
COMMON_FIELDS = ("id", "kind", "player", "label")
"""Fields every piece of every game may have."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece on the table, normalised.  ``data`` is its normalised document."""

    id: str
    kind: str
    data: MappingProxyType[str, Any]
    name: str = ""
    """What the game calls the piece when it has no label (``default_names``); not part of the document."""

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
        """The name a reader sees: the user's label as typed, else the game's name for it, else the id."""
        return self.data.get("label") or self.name or self.id

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

    def names(self, ids: Iterable[str]) -> str:
        """Pieces as a reader sees them on the picture: by label (an id no piece has is shown as is)."""
        by_id = {p.id: p for p in self.pieces}
        return ", ".join(by_id[i].label if i in by_id else i for i in ids)

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
    """Read-only copy of a parsed document: dicts as mapping proxies, lists as tuples.

    The parser builds only plain dicts, lists and scalars, so exact type checks suffice, and
    scalars (most values) are passed through without a call.
    """
    t = type(v)
    if t is dict:
        return MappingProxyType({k: x if type(x) not in _CONTAINERS else _freeze(x) for k, x in v.items()})
    if t in _CONTAINERS:
        return tuple([x if type(x) not in _CONTAINERS else _freeze(x) for x in v])
    return v


_CONTAINERS = frozenset((dict, list, tuple))


def _thaw(v: Any) -> Any:
    """A plain, JSON-ready copy of a frozen document (``_freeze``'s inverse), scalars passed without a call."""
    t = type(v)
    if t is MappingProxyType or t is dict:
        return {k: x if type(x) not in _FROZEN else _thaw(x) for k, x in v.items()}
    if t in _FROZEN:
        return [x if type(x) not in _FROZEN else _thaw(x) for x in v]
    return v


_FROZEN = frozenset((MappingProxyType, dict, tuple, list))


def parse_scenario(doc: Any) -> Scenario:
    """Validate and normalise a decoded scenario document.

    Raises ``ScenarioError`` with every problem found.  The game named by the
    document parses its own pieces and action (``rules.engine.games``).
    """
    c = Checker()
    root = c.obj(doc, "")
    if root is None:
        raise ScenarioError(c.problems)
    c.unknown(root, ("format", "game", "edition", "table", "pieces", "action", "dice"), "")
    fmt = c.integer(root, "format", "", (FORMAT,))
    name = c.choice(root, "game", "", games.names())
    if name is None:
        raise ScenarioError(c.problems)
    game = games.get(name)
    edition_raw = root.get("edition")
    numeric = as_float(edition_raw)
    if numeric is not None:  # "edition": 2.5 is read as "2.5"
        root = {**root, "edition": f"{numeric:.1f}"}
    edition = c.choice(root, "edition", "", game.editions)

    width, height = game.default_table
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
            p = parse_piece(c, game, raw, f"pieces[{i}]", bounds)
            if p is None:
                if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                    c.broken.add(raw["id"])
                continue
            if p["id"] in seen:
                c.add(f"pieces[{i}].id", f"duplicate id {p['id']!r}")
                continue
            seen.add(p["id"])
            pieces_out.append(p)

    by_id = {p["id"]: p for p in pieces_out}
    action: dict[str, Any] | None = None
    if "action" not in root:
        c.add("action", "is required")
    else:
        a = c.obj(root["action"], "action")
        atype = c.choice(a, "type", "action", game.action_types) if a is not None else None
        if a is not None and atype is not None:
            action = game.parse_action(c, a, atype, by_id, bounds)
    if game.check is not None:
        game.check(c, pieces_out, action, edition)

    if action is not None:
        for extra in game.action_pieces(action):
            if isinstance(extra.get("id"), str):
                by_id = {**by_id, extra["id"]: extra}
    dice = _parse_dice(c, game, root, by_id, edition)

    if c.problems:
        raise ScenarioError(c.problems)
    assert fmt is not None and edition is not None and action is not None
    out: dict[str, Any] = {
        "format": fmt,
        "game": name,
        "edition": edition,
        "table": {"width": round_mm(width), "height": round_mm(height)},
        "pieces": pieces_out,
        "action": action,
    }
    if dice:
        out["dice"] = dice
    return _built(out)


def _built(out: dict[str, Any]) -> Scenario:
    """The frozen scenario of a normalised document (its pieces already parsed)."""
    frozen = _freeze(out)
    names = default_names(games.get(out["game"]).piece_name, out["pieces"])
    pieces = tuple(
        Piece(p["id"], p["kind"], frozen_p, names.get(p["id"], ""))
        for p, frozen_p in zip(out["pieces"], frozen["pieces"], strict=True)
    )
    return Scenario(frozen, pieces)


def derive(scenario: Scenario, *, action: dict[str, Any], add: Iterable[dict[str, Any]] = ()) -> Scenario:
    """A situation the engine builds from one it is ruling: ``scenario``'s pieces plus ``add``, doing ``action``.

    Not a client's input, so not held to the input caps (``MAX_PIECES``): dropping Loose Cargo at the piece
    limit makes one piece more, and that situation must still be ruled. Its pieces are already normalised;
    only the new pieces and the action are read by the game's parsers (which normalise them as an input's
    would). A problem there is the engine's own mistake: a ``ScenarioError`` the web layer answers as a
    situation that cannot be ruled, never a 500.
    """
    game = games.get(scenario.game)
    c = Checker()
    width, height = scenario.table
    bounds = (-COORD_MARGIN, width + COORD_MARGIN, -COORD_MARGIN, height + COORD_MARGIN)
    doc = _thaw(scenario.doc)
    pieces_out: list[dict[str, Any]] = doc["pieces"]
    seen = {p["id"] for p in pieces_out}
    for i, raw in enumerate(add):
        field = f"derived.pieces[{i}]"
        p = parse_piece(c, game, raw, field, bounds)
        if p is not None and p["id"] in seen:
            c.add(f"{field}.id", f"duplicate id {p['id']!r}")
        elif p is not None:
            seen.add(p["id"])
            pieces_out.append(p)
    by_id = {p["id"]: p for p in pieces_out}
    a = c.obj(action, "derived.action")
    atype = c.choice(a, "type", "derived.action", game.action_types) if a is not None else None
    parsed = game.parse_action(c, a, atype, by_id, bounds) if a is not None and atype is not None else None
    if game.check is not None:
        game.check(c, pieces_out, parsed, scenario.edition)
    if c.problems or parsed is None:
        raise ScenarioError(c.problems or [Problem("derived.action", "is not an action")])
    return _built({**doc, "pieces": pieces_out, "action": parsed})


def with_kind(name: str, kind: str) -> str:
    """ "Rock (asteroid)": a name and what the piece is, unless the name already says it ("Asteroid B")."""
    return name if kind.casefold() in name.casefold() else f"{name} ({kind})"


def reader_names(namer: Callable[[Mapping[str, Any]], str], pieces: Iterable[Any]) -> dict[str, str]:
    """Every piece's name as the picture and the rulings show it, by id (for menus built before parsing)."""
    listed = [p for p in pieces if isinstance(p, dict) and isinstance(p.get("id"), str)]
    return {p["id"]: str(p["label"]) for p in listed if p.get("label")} | default_names(namer, listed)


def kind_then_name(kind: str, name: str) -> str:
    """ "ship Luke", but "Small ship A" rather than "ship Small ship A" when the name already says it."""
    return name if kind.casefold() in name.casefold() else f"{kind} {name}"


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SUFFIXES = (*LETTERS, *(str(n) for n in range(27, 27 + MAX_PIECES + 1)))
"""What tells apart pieces of the same name, in order: a letter, then a number."""


def default_names(namer: Callable[[Mapping[str, Any]], str], pieces: Iterable[Any]) -> dict[str, str]:
    """Names for the unlabelled pieces, by id: the game's name for each (``Game.piece_name``), unique on the table.

    A name several unlabelled pieces share gets a letter in table order ("Asteroid A", "Asteroid B"),
    as a player tells identical tokens apart; a name a user's label already uses is skipped. Ids never
    appear: an id is a key for programs ("o0", "cr90"), not something a player says.
    """
    listed = [p for p in pieces if isinstance(p, dict) and isinstance(p.get("id"), str)]
    taken = {str(p["label"]).casefold() for p in listed if p.get("label")}
    unlabelled = [p for p in listed if not p.get("label")]
    wanted = {p["id"]: (namer(p) or str(p.get("kind") or "piece")).strip()[:MAX_LABEL] for p in unlabelled}
    count: dict[str, int] = {}
    for name in wanted.values():
        count[name.casefold()] = count.get(name.casefold(), 0) + 1
    out: dict[str, str] = {}
    for p in unlabelled:
        base = wanted[p["id"]]
        # tried in turn, each made only when the one before is taken (not some 90 names for every piece)
        tries = chain((base,) if count[base.casefold()] == 1 else (), (f"{base} {s}" for s in SUFFIXES))
        name = next(t for t in tries if t.casefold() not in taken)
        taken.add(name.casefold())
        out[p["id"]] = name
    return out


def _parse_dice(
    c: Checker, game: Game, root: dict[str, Any], by_id: dict[str, dict[str, Any]], edition: str | None
) -> dict[str, list[str]]:
    """Optional ``dice``: the faces rolled for a piece's effect."""
    dice: dict[str, list[str]] = {}
    if "dice" not in root:
        return dice
    d = c.obj(root["dice"], "dice")
    if d is None:
        return dice
    if not game.dice_faces:
        c.add("dice", f"{game.title} scenarios take no dice")
        return dice
    kinds = " or ".join(game.dice_kinds)
    for key, faces in d.items():
        f = f"dice.{key}"
        if key not in by_id or by_id[key]["kind"] not in game.dice_kinds:
            c.bad_ref(f, key, f"must name an {kinds} of this scenario")
            continue
        if (
            not isinstance(faces, list)
            or not 1 <= len(faces) <= 4
            or not all(isinstance(x, str) and x in game.dice_faces for x in faces)
        ):
            c.add(f, f"must be a list of 1 to 4 faces: {', '.join(game.dice_faces)}")
            continue
        if game.dice_limit is not None and edition is not None:
            n = game.dice_limit(by_id[key], edition)
            if len(faces) > n:
                what = str(by_id[key].get("type") or by_id[key]["kind"]).replace("-", " ")
                what = f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"
                c.add(
                    f,
                    f"{what} rolls no dice here" if n == 0 else f"{what} rolls only {n} {'die' if n == 1 else 'dice'}",
                )
                continue
        dice[key] = list(faces)
    return dice


def parse_piece(c: Checker, game: Game, raw: Any, field: str, bounds: Bounds) -> dict[str, Any] | None:
    """One piece: the fields every game shares, then the game's own."""
    d = c.obj(raw, field)
    if d is None:
        return None
    before = len(c.problems)
    out: dict[str, Any] = {}
    pid = d.get("id")
    if not isinstance(pid, str) or not ID_RE.fullmatch(pid):
        c.add(f"{field}.id", "must be 1 to 24 characters of a-z, 0-9 and -")
    else:
        out["id"] = pid
    kind = c.choice(d, "kind", field, game.piece_kinds)
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
            c.add(f"{field}.label", f"must be text of at most {MAX_LABEL} characters")
        elif not plain_text(label):
            c.add(
                f"{field}.label",
                "must not contain control characters, unpaired surrogates or noncharacters (such as U+FFFE)",
            )
        elif label:
            out["label"] = label
    game.parse_piece(c, d, out, field, kind, bounds)
    if len(c.problems) > before:
        return None
    return out
