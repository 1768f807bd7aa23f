"""Armada's "who does what" choices on the setup page: each ship, squadron, obstacle and token's action.

Each choice is a set of form values (a plain link on the page): the piece is picked, not typed.
Attacks are offered between every two enemy ships or squadrons (while few enough are on the
table), with the hull zones already picked: the attacker's zone whose firing arc holds the
defender's centre, and the defender's zone whose targeting point is nearest the attacker's.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import Any

from shapely import LineString, Polygon

from rules.engine.armada.dimensions import MAX_CLICKS
from rules.engine.armada.names import piece_name
from rules.engine.armada.parse import MAX_SPEED
from rules.engine.scenario import Piece, Scenario, reader_names

Choice = tuple[str, str, dict[str, str]]

ACTIONS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # kind -> (verb, action type, form field naming the piece)
    "ship": (("moves", "maneuver", "ship"), ("places squadrons", "place-squadrons", "ship")),
    "squadron": (("moves", "move-squadron", "squadron"),),
    "obstacle": (("is moved", "move-obstacle", "moved"),),
    "token": (("is moved", "move-token", "moved"),),
}
ACTION_KEY = {"maneuver": "ship", "place-squadrons": "ship", "move-squadron": "squadron"}
"""Where the parsed action names its piece (obstacle and token moves name it by their own kind)."""
PAIRS_UP_TO = 8
"""Ships and squadrons on the table up to which every attacker-defender pair is offered (56 links at most)."""


def _zones(a: dict[str, Any], d: dict[str, Any]) -> dict[str, str]:
    """The hull zones a judge most likely means (none for a squadron, or where a piece is not yet readable)."""
    from shapely import Point as ShapelyPoint

    from rules.engine.armada import hullzones as hz

    out: dict[str, str] = {}
    try:
        pa, pd = (Piece(p["id"], p["kind"], MappingProxyType(p)) for p in (a, d))
        centre = (float(d["x"]), float(d["y"]))
        if pa.kind == "ship":
            zone = next((z for z in hz.ZONES[str(pa.size)] if hz.arc(pa, z).intersects(ShapelyPoint(*centre))), None)
            if zone is None:
                return out
            out["arc"] = zone
            start = hz.target(pa, zone)
        else:
            start = (float(a["x"]), float(a["y"]))
        if pd.kind == "ship":
            out["defender_zone"] = min(hz.ZONES[str(pd.size)], key=lambda z: math.dist(start, hz.target(pd, z)))
    except (KeyError, TypeError, ValueError):
        return {}
    return out


def _attacks(pieces: list[dict[str, Any]], action: dict[str, Any], names: dict[str, str]) -> list[Choice]:
    fighters = [p for p in pieces if p.get("kind") in ("ship", "squadron")]
    if len(fighters) > PAIRS_UP_TO:
        return []
    out: list[Choice] = []
    for a in fighters:
        for d in fighters:
            now = action.get("type") == "attack" and (action.get("attacker"), action.get("defender")) == (
                a["id"],
                d["id"],
            )
            # friendly pairs are not offered; the chosen one stays (the menu names it, the problem list says why)
            if a is d or (a.get("player") is not None and a.get("player") == d.get("player") and not now):
                continue
            values = {"action": "attack", "attacker": a["id"], "defender": d["id"], **_zones(a, d)}
            name_a, name_d = names[a["id"]], names[d["id"]]
            out.append((f"{name_a} attacks {name_d}", "current" if now else "attack", values))
    return out


def _zone_choices(pieces: list[dict[str, Any]], action: dict[str, Any], names: dict[str, str]) -> list[Choice]:
    """While an attack is being set up: each hull zone of the attacker to attack from, of the defender to attack."""
    from rules.engine.armada.hullzones import ZONES, zone_name

    by_id = {p["id"]: p for p in pieces}
    a, d = by_id.get(str(action.get("attacker"))), by_id.get(str(action.get("defender")))
    if action.get("type") != "attack" or a is None or d is None:
        return []
    now = {"arc": action.get("attacker_zone"), "defender_zone": action.get("defender_zone")}
    base = {"action": "attack", "attacker": a["id"], "defender": d["id"]}
    base |= {k: str(v) for k, v in now.items() if isinstance(v, str)}
    out: list[Choice] = []
    for piece, key, words in ((a, "arc", "from {name}'s {zone}"), (d, "defender_zone", "at {name}'s {zone}")):
        if piece.get("kind") != "ship" or str(piece.get("size")) not in ZONES:
            continue
        name = names[piece["id"]]
        for zone in ZONES[str(piece.get("size"))]:
            label = words.format(name=name, zone=zone_name(str(piece.get("size")), zone))
            out.append((label, "current" if now[key] == zone else "attack", {**base, key: zone}))
    return out


def who_menu(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[Choice]:
    out: list[Choice] = []
    atype = str(action.get("type") or "")
    chosen = action.get(ACTION_KEY.get(atype, atype.removeprefix("move-")))
    pieces = [p for p in pieces if isinstance(p, dict) and isinstance(p.get("id"), str)]
    names = reader_names(piece_name, pieces)
    for p in pieces:
        name = names[p["id"]]
        for verb, act, key in ACTIONS.get(str(p.get("kind")), ()):
            kind = "current" if act == atype and chosen == p["id"] else act
            out.append((f"{name} {verb}", kind, {"action": act, key: p["id"]}))
    return out + _attacks(pieces, action, names) + _zone_choices(pieces, action, names)


def _clicks(raw: object, speed: int) -> list[int]:
    """The clicks chosen so far, one per joint of ``speed`` (0 where none is chosen yet)."""
    values = [v for v in raw if isinstance(v, int) and not isinstance(v, bool)] if isinstance(raw, list) else []
    return (values + [0] * speed)[:speed]


def _yaw_word(n: int) -> str:
    return "straight" if n == 0 else f"{abs(n)} {'right' if n > 0 else 'left'}"


def speed_menu(doc: dict[str, Any]) -> list[Choice]:
    """The moving ship's speed chart: each speed it has, then the tool's side, then each joint's allowed
    clicks (never typed).

    Kind ``current`` marks what is chosen.  A ship without a speed chart (``yaw_limits``) may use any
    speed and up to ``MAX_CLICKS`` at each joint.
    """
    action = doc.get("action")
    if not isinstance(action, dict) or action.get("type") != "maneuver":
        return []
    raw = doc.get("pieces")
    pieces: list[Any] = raw if isinstance(raw, list) else []
    ship = next((p for p in pieces if isinstance(p, dict) and p.get("id") == action.get("ship")), None)
    if ship is None:
        return []
    limits = ship.get("yaw_limits") if isinstance(ship.get("yaw_limits"), dict) else {}
    speeds = [0, *sorted(int(k) for k in limits if str(k).isdigit())] if limits else list(range(MAX_SPEED + 1))
    chosen = action.get("speed") if isinstance(action.get("speed"), int) else None
    out: list[Choice] = []
    for s in speeds:
        values = {"action": "maneuver", "speed": str(s), "clicks": ", ".join("0" * s)}
        out.append((f"Speed {s}", "current" if s == chosen else "speed", values))
    if not chosen or chosen not in speeds:
        return out
    for side in ("left", "right"):  # where the tool goes: the ruling needs it once the ship moves
        kind = "current" if action.get("side") == side else "side"
        out.append((f"Tool on the {side}", kind, {"action": "maneuver", "side": side}))
    clicks = _clicks(action.get("clicks"), chosen)
    row = limits.get(str(chosen)) if limits else None
    for j in range(chosen):
        lim = row[j] if isinstance(row, list) and j < len(row) and isinstance(row[j], int) else MAX_CLICKS
        for n in range(-lim, lim + 1):
            now = [*clicks[:j], n, *clicks[j + 1 :]]
            values = {"action": "maneuver", "speed": str(chosen), "clicks": ", ".join(str(v) for v in now)}
            kind = "current" if clicks[j] == n else "click"
            out.append((f"Joint {j + 1}: {_yaw_word(n)}", kind, values))
    return out


MOVE_DISTANCES = ((None, 1), (None, 2), (None, 3), (1, 2), (1, 3), (2, 3), (None, 4), (None, 5))
"""(minimum, maximum) distances offered for an obstacle or token move: "up to distance N" and the ranges
cards name ("distance 1–2")."""


def move_menu(doc: dict[str, Any]) -> list[Choice]:
    """An obstacle or token move's distance and the piece it moves toward, picked instead of typed.

    (Issue 22: every choice of the move is a link, so the move is set up from the table, not the form.)
    """
    action = doc.get("action") if isinstance(doc.get("action"), dict) else {}
    atype = str(action.get("type") if isinstance(action, dict) else "")
    moved_kind = {"move-obstacle": "obstacle", "move-token": "token"}.get(atype)
    if moved_kind is None or not isinstance(action, dict):
        return []
    out: list[Choice] = []
    for lo, hi in MOVE_DISTANCES:
        label = f"distance {lo}–{hi}" if lo else f"up to distance {hi}"
        out.append((label, "distance", {"action": atype, "max_distance": str(hi), "min_distance": str(lo or "")}))
    moved = action.get(moved_kind)
    pieces = [p for p in doc.get("pieces") or [] if isinstance(p, dict) and isinstance(p.get("id"), str)]
    names = reader_names(piece_name, pieces)
    for p in pieces:
        if p["id"] != moved and p.get("kind") in ("ship", "squadron"):
            out.append((f"toward {names[p['id']]}", "toward", {"action": atype, "toward": p["id"]}))
    return out


def action_menu(doc: dict[str, Any]) -> list[Choice]:
    """The chosen action's own choices: a ship's maneuver its speed chart, an obstacle or token move its
    distance and the piece it goes toward."""
    action = doc.get("action")
    atype = action.get("type") if isinstance(action, dict) else None
    return speed_menu(doc) if atype == "maneuver" else move_menu(doc)


def zone_regions(scenario: Scenario, action: dict[str, Any]) -> tuple[tuple[str, bool, dict[str, str], Polygon], ...]:
    """While an attack is being set up: each hull zone of the attacking and the defending ship, as the area
    of the token it is (``hullzones.zones``), to tap to choose it on the table (issue 25)."""
    from rules.engine.armada import hullzones as hz

    if action.get("type") != "attack":
        return ()
    by_id = {p.id: p for p in scenario.pieces}
    a, d = by_id.get(str(action.get("attacker"))), by_id.get(str(action.get("defender")))
    if a is None or d is None:
        return ()
    now = {"arc": action.get("attacker_zone"), "defender_zone": action.get("defender_zone")}
    base = {"action": "attack", "attacker": a.id, "defender": d.id}
    base |= {k: str(v) for k, v in now.items() if isinstance(v, str)}
    out: list[tuple[str, bool, dict[str, str], Polygon]] = []
    for piece, key in ((a, "arc"), (d, "defender_zone")):
        if piece.kind != "ship" or str(piece.size) not in hz.ZONES:
            continue
        try:
            areas = hz.zones(piece)
        except (KeyError, TypeError, ValueError):  # not readable yet: the links in the sheet still offer it
            continue
        for zone, area in areas.items():
            words = hz.zone_name(str(piece.size), zone)
            name = f"{words[0].upper()}{words[1:]} hull zone of {piece.label}"
            out.append((name, now[key] == zone, {**base, key: zone}, area))
    return tuple(out)


def pick_regions(
    scenario: Scenario, action: dict[str, Any]
) -> tuple[tuple[str, bool, dict[str, str], Polygon | LineString], ...]:
    """The parts of the table to tap: an attack's hull zones, an obstacle or token move's legal places."""
    from rules.engine.armada.snaps import legal_regions

    return zone_regions(scenario, action) + legal_regions(scenario, action)
