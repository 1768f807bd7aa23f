"""X-Wing (second edition, 2.0 and 2.5) as the core sees it: the one ``GAME`` value."""

from __future__ import annotations

import re

from shapely import Polygon

from rules.engine.game import Drawing, Game
from rules.engine.geometry import RANGE_BAND_MM, clean_number
from rules.engine.scenario import Piece
from rules.engine.xwing import parse
from rules.engine.xwing.attack import attack_ruling
from rules.engine.xwing.catalog import catalog
from rules.engine.xwing.changes import CHANGES
from rules.engine.xwing.devices import (
    CARDS,
    detonate_ruling,
    device_ruling,
    place_device_ruling,
    relocate_device_ruling,
)
from rules.engine.xwing.effects import dice_rolled
from rules.engine.xwing.form import FORM
from rules.engine.xwing.menus import action_notes, dial_ghosts, dial_menu, enemy_menu, who_menu
from rules.engine.xwing.moves import maneuver_ruling, option_ruling, rotate_ruling
from rules.engine.xwing.names import piece_name
from rules.engine.xwing.pieces import outline, ship_pose, ship_square
from rules.engine.xwing.setup import check_setup_ruling, place_obstacle_ruling
from rules.engine.xwing.shapes import DEVICE_TYPES, OBSTACLE_TYPES, REMOTE_TYPES, SHAPES
from rules.engine.xwing.ships import CHASSIS
from rules.engine.xwing.snaps import snap_menu

COLOURS = {
    "asteroid": "#8d7b68",
    "debris-cloud": "#b08a5a",
    "gas-cloud": "#7b6bb3",
    "blaze": "#e0662b",
    "electro-chaff-cloud": "#4fa3c7",
    "loose-cargo": "#9c8f3c",
    "spare-parts": "#8c9c9c",
    "device": "#c94c4c",
    "remote": "#2bb3a0",
}


def range_overlay(p: Piece) -> tuple[tuple[str, Polygon], ...]:
    """Range 1–3 from a ship's base (guides excluded, as range is measured) or from any other piece."""
    base = ship_square(p) if p.kind == "ship" else outline(p)
    return tuple((f"range {n}", base.buffer(RANGE_BAND_MM * n, quad_segs=24)) for n in (1, 2, 3))


def draw(p: Piece) -> Drawing:
    """Ships in their player's colour with a facing arrow; obstacles by type; devices red, remotes teal."""
    shape = outline(p)
    if p.kind == "ship":
        pose = ship_pose(p)
        chassis = CHASSIS.get(str(p.get("chassis")))
        named = f"{chassis.name}, " if chassis and chassis.name != p.label else ""
        text = (
            f"{p.label}: {named}{p.size} ship of player {p.player or '?'} at ({clean_number(pose.x)}, "
            f"{clean_number(pose.y)}) facing {clean_number(pose.heading)}°."
        )
        return Drawing(shape, "", pose, description=text)
    colour = COLOURS.get(str(p.type), COLOURS["device"]) if p.kind == "obstacle" else COLOURS[p.kind]
    c = shape.centroid
    return Drawing(shape, colour, description=f"{p.label}: {p.type} around ({clean_number(c.x)}, {clean_number(c.y)}).")


def _said(name: str) -> str:
    """A picked piece's label, as the rulings name it: the palette's name without its set (``Asteroid 4``)."""
    return " ".join(re.sub(r"\([^)]*\)", " ", name).split())[:40]


def palette() -> tuple[tuple[str, tuple[tuple[str, str, dict[str, str]], ...]], ...]:
    """Ships by chassis, obstacles by their measured shape, devices by type."""
    ships = tuple(
        (f"ship:{c.xws}", c.name, {"kind": "ship", "chassis": c.xws, "size": c.size, "label": c.name[:40]})
        for c in sorted(CHASSIS.values(), key=lambda c: c.name)
    )
    obstacles = tuple(
        (
            f"obstacle:{sid}",
            spec.name,
            {"kind": "obstacle", "type": spec.types[0], "shape": sid, "label": _said(spec.name)},
        )
        for sid, spec in SHAPES.items()
        if spec.kind == "obstacle"
    )
    devices = tuple(
        (f"device:{t}", CARDS[t].name, {"kind": "device", "type": t, "label": _said(CARDS[t].name)})
        for t in DEVICE_TYPES
    )
    remotes = tuple(
        (f"remote:{t}", SHAPES[t].name, {"kind": "remote", "type": t, "label": _said(SHAPES[t].name)})
        for t in REMOTE_TYPES
    )
    return (("Ships", ships), ("Obstacles", obstacles), ("Devices", devices), ("Remotes", remotes))


GAME = Game(
    piece_name=piece_name,
    name="xwing",
    title="X-Wing",
    editions=parse.EDITIONS,
    default_table=(914.4, 914.4),
    clause_prefix="xwing-",
    piece_kinds=("ship", "obstacle", "device", "remote"),
    action_types=parse.ACTION_TYPES,
    parse_piece=parse.parse_piece,
    parse_action=parse.parse_action,
    handlers={
        "maneuver": maneuver_ruling,
        "barrel-roll": option_ruling,
        "boost": option_ruling,
        "drop": device_ruling,
        "launch": device_ruling,
        "attack": attack_ruling,
        "check-setup": check_setup_ruling,
        "place-obstacle": place_obstacle_ruling,
        "detonate": detonate_ruling,
        "place-device": place_device_ruling,
        "relocate-device": relocate_device_ruling,
        "rotate": rotate_ruling,
    },
    catalog=catalog,
    draw=draw,
    outline=outline,
    moving_actions=("maneuver", "barrel-roll", "boost", "rotate"),
    mover_keys=("ship", "attacker", "defender"),
    check=parse.check,
    form=FORM,
    changes=CHANGES,
    sizes=parse.SIZES,
    type_choices=(("Obstacles", OBSTACLE_TYPES), ("Devices", DEVICE_TYPES), ("Remotes", REMOTE_TYPES)),
    palette=palette(),
    action_menu=dial_menu,
    action_notes=action_notes,
    side_menu=enemy_menu,
    option_ghosts=dial_ghosts,
    snap_menu=snap_menu,
    shape_outline=lambda sid: Polygon(SHAPES[sid].outline) if sid in SHAPES else None,
    who_menu=who_menu,
    chassis_choices=tuple((c.xws, f"{c.name} ({c.size}; {', '.join(c.arcs)})") for c in CHASSIS.values()),
    shape_choices=tuple(
        (group, tuple((sid, spec.name) for sid, spec in SHAPES.items() if spec.kind == kind))
        for group, kind in (("Obstacles", "obstacle"), ("Devices", "device"), ("Remotes", "remote"))
    ),
    dice_faces=parse.DICE_FACES,
    dice_limit=lambda piece, edition: dice_rolled(edition, piece["kind"], str(piece.get("type"))),
    in_play=outline,
    range_overlay=range_overlay,
    preview_action=lambda pieces: {"type": "check-setup"},
    dice_kinds=("obstacle", "device"),
    action_pieces=parse.action_pieces,
    whole_table_actions=("check-setup", "detonate"),
)
