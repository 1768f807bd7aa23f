"""X-Wing's "who does what" choices on the setup page: movers, droppers, attacker and defender pairs.

Each choice is a set of form values, so the page can offer it as a plain link (no JavaScript):
the ship, attacker and defender are picked among the placed ships instead of typed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from shapely import Polygon

from rules.engine.scenario import Piece, Scenario, reader_names
from rules.engine.xwing.devices import (
    CARDS,
    DeviceCard,
    landed_name,
    place_device,
    template_choices,
    template_spec,
    template_words,
)
from rules.engine.xwing.movement import maneuver_path, unbumped_final
from rules.engine.xwing.names import piece_name
from rules.engine.xwing.paths import TemplateSpec
from rules.engine.xwing.pieces import ship_outline, ship_pose
from rules.engine.xwing.ships import CHASSIS

Choice = tuple[str, str, dict[str, str]]

PAIRS_UP_TO = 8
"""Ships on the table up to which every attacker-defender pair is offered (8 ships: 56 links at most)."""


def _ships(pieces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [p for p in pieces if isinstance(p, dict) and p.get("kind") == "ship" and isinstance(p.get("id"), str)]


def _enemies(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Different players, or a player not given (the ruling then says who may attack whom)."""
    return a.get("player") is None or b.get("player") is None or a.get("player") != b.get("player")


def who_menu(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[Choice]:
    """Per ship: it moves, it drops or launches a device; then each attack between ships of different players."""
    ships = _ships(pieces)
    names = reader_names(piece_name, pieces)
    atype = action.get("type")
    out: list[Choice] = []
    for s in ships:
        sid, name = s["id"], names[s["id"]]
        moving = atype == "maneuver" and action.get("ship") == sid
        placing = atype in ("drop", "launch") and action.get("ship") == sid
        out.append((f"{name} moves", "current" if moving else "move", {"action": "maneuver", "ship": sid}))
        values = {"action": "drop", "ship": sid}  # the device menu then offers "Launch" too (``device_menu``)
        out.append((f"{name} drops or launches a device", "current" if placing else "drop", values))
    if len(ships) <= PAIRS_UP_TO:
        for a in ships:
            for d in ships:
                if a is d or not _enemies(a, d):
                    continue
                now = atype == "attack" and action.get("attacker") == a["id"] and action.get("defender") == d["id"]
                values = {"action": "attack", "attacker": a["id"], "defender": d["id"]}
                out.append((f"{names[a['id']]} attacks {names[d['id']]}", "current" if now else "attack", values))
    return out


def _dial(chassis_id: object) -> Iterator[tuple[str, str, str, str, int]]:
    """(label, difficulty, bearing, direction, speed) for each maneuver of a known chassis's dial."""
    chassis = CHASSIS.get(str(chassis_id))
    for speed, joined, difficulty in chassis.dial if chassis else ():
        bearing, _, direction = joined.rpartition("-") if joined.endswith(("-left", "-right")) else (joined, "", "")
        label = f"{speed} {bearing.replace('-', ' ')}{' ' + direction if direction else ''}"
        yield label, difficulty, bearing, direction, speed


PLACINGS = (("drop", "Drop"), ("launch", "Launch"))
"""The two ways a ship places a device (rear guides, front guides), offered before the devices."""

UNPICKED = {"device_type": "", "dev_bearing": "", "dev_direction": "", "dev_speed": ""}
"""A new device or way of placing it starts from no device and its card's own template."""


def device_menu(action: dict[str, Any] | None = None) -> list[Choice]:
    """ "Drop" and "Launch", then the devices a ship can place that way by their card's name (a launch says
    so: "Electro-Chaff Missiles, launched"): one way's devices at a time keeps the list on a phone's screen
    (both at once were 22 links).  Once a device is picked, the templates it may be placed with
    (``device_templates``)."""
    action = action or {}
    verb = "launch" if action.get("type") == "launch" else "drop"
    out: list[Choice] = [(word, "verb", {"action": v, **UNPICKED}) for v, word in PLACINGS]
    # the cards placed this way by their own text first (Electro-Chaff Missiles), then the bombs another card
    # lets a ship launch: a phone shows the first rows above its sticky bar
    for t, card in sorted(CARDS.items(), key=lambda item: verb not in item[1].modes):
        if _can(verb, card):
            label = card.name if verb == "drop" else f"{card.name}, launched"
            out.append((label, "device", {"action": verb, **UNPICKED, "device_type": t}))
    return out + device_templates(action)


def device_templates(action: dict[str, Any]) -> list[Choice]:
    """For a picked device with a choice of template: each template it may be placed with, as the dial names
    it ("3 bank right"; one another card allows says which: "5 straight (Trajectory Simulator)"), the one in
    use (its card's first when none is given) ``current``."""
    verb = action.get("type")
    card = CARDS.get(_device_type(action))
    if verb not in ("drop", "launch") or card is None or not _can(verb, card):
        return []
    try:
        now = template_spec(action.get("template") if isinstance(action.get("template"), dict) else None, card)
    except (KeyError, TypeError, ValueError):
        now = None
    out: list[Choice] = []
    for label, spec in _templates(card, verb):
        values = {
            "action": verb,
            "dev_bearing": spec.bearing,
            "dev_direction": "" if spec.bearing == "straight" else ("right" if spec.side > 0 else "left"),
            "dev_speed": str(spec.speed),
        }
        out.append((label, "template current" if spec == now else "template", values))
    return out


def _templates(card: DeviceCard, verb: str) -> list[tuple[str, TemplateSpec]]:
    """Each template a device may be placed with, labelled as the menu offers it; none when there is no choice."""
    choices = template_choices(card, verb)
    if len(choices) < 2:
        return []
    return [(template_words(t) + ("" if by == card.name else f" ({by})"), t) for t, by in choices]


def _device_type(action: dict[str, Any]) -> str:
    """The device a drop or a launch places: the parsed action's, or the form's pick while it is being set up."""
    device = action.get("device")
    return str(device.get("type") if isinstance(device, dict) else action.get("device_type"))


def _can(verb: str, card: Any) -> bool:
    """Whether a device of this card can be placed so: its own modes; any bomb may also be launched."""
    return verb in card.modes or (verb == "launch" and card.category == "bomb")


def dial_menu(doc: dict[str, Any]) -> list[Choice]:
    """The moving ship's printed dial, when its chassis is known: one choice per maneuver, by difficulty
    (the chosen one's kind also says ``current``).  For a drop or a launch, the devices instead."""
    raw = doc.get("action")
    action: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if action.get("type") in ("drop", "launch"):
        return device_menu(action)
    ship_id = action.get("ship")
    ship = next((p for p in doc.get("pieces") or [] if isinstance(p, dict) and p.get("id") == ship_id), None)
    out: list[Choice] = []
    for label, difficulty, bearing, direction, speed in _dial(ship.get("chassis") if ship else None):
        chosen = action.get("bearing") == bearing and (action.get("direction") or "") == direction
        chosen = chosen and (bearing == "stationary" or action.get("speed") == speed)
        values = {"action": "maneuver", "bearing": bearing, "speed": str(speed), "direction": direction}
        out.append((label, f"{difficulty} current" if chosen else difficulty, values))
    return out


def dial_ghosts(scenario: Scenario, action: dict[str, Any]) -> tuple[tuple[str, tuple[Polygon, ...]], ...]:
    """Each dial choice's template and fully executed final base (no bump: a preview, not a ruling); for a
    picked device, each template it may be placed with and where the device would land."""
    ship = next((p for p in scenario.of_kind("ship") if p.id == action.get("ship")), None)
    if ship is not None and action.get("type") in ("drop", "launch"):
        return _device_ghosts(ship, action)
    if ship is None or ship.size == "huge":
        return ()
    start = ship_pose(ship)
    out: list[tuple[str, tuple[Polygon, ...]]] = []
    for label, _, bearing, direction, speed in _dial(ship.get("chassis")):
        if bearing == "stationary":
            out.append((label, (ship_outline(ship, start),)))
            continue
        side = -1 if direction == "left" else 1
        _, path, frame = maneuver_path(ship, bearing, speed, side)
        full = unbumped_final(bearing, side, path, frame)
        out.append((label, (frame.polygon(path.template()), ship_outline(ship, full))))
    return tuple(out)  # a Tallon roll previews its middle position only


def _device_ghosts(ship: Piece, action: dict[str, Any]) -> tuple[tuple[str, tuple[Polygon, ...]], ...]:
    dtype = _device_type(action)
    card = CARDS.get(dtype)
    if card is None or not _can(str(action["type"]), card):
        return ()
    drop = action["type"] == "drop"
    out = []
    for label, spec in _templates(card, str(action["type"])):
        template, tokens = place_device(ship, "ghost", dtype, spec, drop=drop)
        out.append((label, (template, *(t.polygon for t in tokens))))
    return tuple(out)


def action_notes(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """Said in advance for a drop or a launch: the device is placed by its template at the ship's guides
    (the ruling makes it: ``devices.drop_findings``), so a device already on the table is another piece; and a
    mine placed under a ship detonates for whichever ship that is (the ruling checks every ship)."""
    verb = action.get("type")
    ship = next((s for s in _ships(pieces) if s["id"] == action.get("ship")), None)
    if verb not in ("drop", "launch") or ship is None:
        return []
    names = reader_names(piece_name, pieces)
    dtype = _device_type(action)
    card = CARDS.get(dtype)
    guides = "rear" if verb == "drop" else "front"
    done = "dropped" if verb == "drop" else "launched"
    at = f"{names[ship['id']]}'s {guides} guides (drawn on the table)"
    if card is None:
        out = [f"A device {done} is placed with its card's template at {at}."]
    else:
        what = landed_name(dtype, card)
        tmpl = action.get("template")
        try:
            spec = template_spec(tmpl if isinstance(tmpl, dict) else None, card)
        except (KeyError, TypeError, ValueError):
            spec = card.templates[0]
        be = "are" if what.endswith("s") else "is"  # Cluster Mines, Spare Parts
        out = [f"The {what} {be} {done} with the {template_words(spec)} template at {at}."]
    placed = [
        names[p["id"]]
        for p in pieces
        if isinstance(p, dict)
        and p.get("kind") == "device"
        and p.get("id") in names
        and (card is None or p.get("type") == dtype)
    ]
    if placed:
        one = len(placed) == 1
        out.append(
            f"The {', '.join(placed)} already on the table {'is another device' if one else 'are other devices'}:"
            f" no places are offered for {'it' if one else 'them'}."
        )
    if card is not None and card.category == "mine":
        out.append(
            f"The {card.name} detonates under whichever ship it lands on, any player's: "
            f"pick that ship's “partly under the {card.name}” place."
        )
    return out


ENEMIES_OFFERED = 3
"""Ships nearest the dropping one offered as its enemy (the one the device lands under or beside is among them)."""


def enemy_menu(pieces: list[dict[str, Any]], action: dict[str, Any]) -> list[tuple[str, dict[str, int]]]:
    """For a drop or a launch: "make it an enemy" for each ship nearest the placing one that is not known to
    be its enemy (a player not given, or the same player): that ship gets the other player, and the placing
    ship player 1 when it has none.  Who owns a ship changes nothing in where the device lands or whom it
    hits (a mine detonates under any player's ship): it says what the question says, an enemy."""
    ship = next((s for s in _ships(pieces) if s["id"] == action.get("ship")), None)
    if action.get("type") not in ("drop", "launch") or ship is None:
        return []
    names = reader_names(piece_name, pieces)
    mine = ship.get("player") if ship.get("player") in (1, 2) else None
    me = mine or 1
    them = 3 - me

    def distance(s: dict[str, Any]) -> float:
        try:
            return float(math.hypot(float(s["x"]) - float(ship["x"]), float(s["y"]) - float(ship["y"])))
        except (KeyError, TypeError, ValueError):
            return math.inf

    others = [s for s in _ships(pieces) if s is not ship and (mine is None or s.get("player") in (None, mine))]
    out = []
    for s in sorted(others, key=distance)[:ENEMIES_OFFERED]:
        values = {s["id"]: them} | ({} if mine else {ship["id"]: me})
        whose = f"player {them}" if mine else f"player {them} ({names[ship['id']]}: player {me})"
        out.append((f"Make {names[s['id']]} an enemy: {whose}", values))
    return out
