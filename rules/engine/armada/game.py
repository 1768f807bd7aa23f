"""Star Wars: Armada (RRG 1.5.0) as the core sees it: the one ``GAME`` value."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from shapely import Polygon

from rules.engine.armada import parse
from rules.engine.armada.attack import attack_ruling
from rules.engine.armada.catalog import catalog
from rules.engine.armada.changes import CHANGES
from rules.engine.armada.dimensions import DISTANCE_BANDS, RANGE_BANDS, TABLE
from rules.engine.armada.effects import BLUE_FACES, dice_rolled
from rules.engine.armada.form import FORM, pool_counters
from rules.engine.armada.hullzones import estimate_note as hull_zone_estimate
from rules.engine.armada.maneuver import maneuver_ruling
from rules.engine.armada.menus import action_menu, pick_regions, who_menu
from rules.engine.armada.names import piece_name
from rules.engine.armada.obstacles import move_ruling
from rules.engine.armada.pieces import footprint, frames_at, measured, pose_of, ship_body
from rules.engine.armada.shapes import OBSTACLE_TYPES, SHAPES, TOKEN_TYPES
from rules.engine.armada.ships import SHIPS
from rules.engine.armada.snaps import snap_menu
from rules.engine.armada.squadrons import move_squadron_ruling, place_squadrons_ruling
from rules.engine.armada.start import with_start_check
from rules.engine.game import Drawing, Game
from rules.engine.geometry import clean_number
from rules.engine.scenario import Piece

COLOURS = {
    "asteroid-field": "#8d7b68",
    "debris-field": "#b08a5a",
    "station": "#94a3b8",
    "dust-field": "#a78b5a",
    "gravity-rift": "#6d28d9",
    "exogorth": "#65a30d",
    "purrgil": "#0ea5e9",
    "token": "#eab308",
}


def range_overlay(p: Piece) -> tuple[tuple[str, Polygon], ...]:
    """A ship's close, medium and long range from its base; the range ruler's distance 1–5 from anything else."""
    if p.kind == "ship":
        body = ship_body(p)
        names = ("close", "medium", "long")
        return tuple((f"{n} range", body.buffer(r, quad_segs=24)) for n, r in zip(names, RANGE_BANDS, strict=True))
    shape = footprint(p)
    return tuple((f"distance {i}", shape.buffer(r, quad_segs=24)) for i, r in enumerate(DISTANCE_BANDS, start=1))


def draw(p: Piece) -> Drawing:
    """Ships: body (with a facing arrow) and dial frames; squadrons in their player's colour; obstacles by type."""
    if p.kind == "ship":
        pose = pose_of(p)
        text = (
            f"{p.label}: {p.size} ship{' (flotilla)' if p.get('flotilla') else ''} of player {p.player or '?'} at "
            f"({clean_number(pose.x)}, {clean_number(pose.y)}) facing {clean_number(pose.heading)}°."
        )
        parts = list(getattr(ship_body(p), "geoms", [ship_body(p)]))  # a huge ship has two bases
        return Drawing(parts[0], "", pose, (*parts[1:], *frames_at(str(p.size), pose)), text)
    shape = footprint(p)
    c = shape.centroid
    where = f"({clean_number(c.x)}, {clean_number(c.y)})"
    if p.kind == "squadron":
        return Drawing(shape, "", description=f"{p.label}: squadron of player {p.player or '?'} at {where}.")
    colour = COLOURS.get(str(p.type), COLOURS["token"]) if p.kind == "obstacle" else COLOURS["token"]
    return Drawing(shape, colour, description=f"{p.label}: {p.type} {p.kind} around {where}.")


def said(source: str) -> str:
    """A figure's source as a reader sees it: what measured it, without our notes' file and section.

    ``reference/armada-geometry.md §2.2 (AlphArmada; TTS 46.9)`` -> ``AlphArmada; Tabletop Simulator 46.9``.
    """
    text = re.sub(r"^\S*reference/\S+\s+§[\d.]+\s*", "", source).strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return re.sub(r"\bTTS\b", "Tabletop Simulator", text)


def estimates() -> tuple[str, ...]:
    """Every simulator-measured or estimated constant, with its source, for the pages' ≈ notes."""
    from rules.engine.armada import dimensions as dim

    f = {k: replace(v, source=said(v.source)) for k, v in dim.figures().items()}
    return (
        f"maneuver tool: ≈ {f['tool_joint'].value} mm to each joint, ≈ {f['tool_tail'].value} mm on to the next "
        f"guides, ≈ {f['tool_width'].value} mm wide ({f['tool_joint'].source})",
        "distance band ends: ≈ "
        + " / ".join(f"{v:g}" for v in dim.DISTANCE_BANDS)
        + f" mm ({said(dim.DISTANCE_SOURCE)})",
        f"shield-dial frames: ≈ {f['frame_width'].value} × {f['frame_depth'].value} mm at each edge's middle "
        f"({f['frame_width'].source})",
        f"squadron base: ≈ {f['squadron_diameter'].value} mm across ({f['squadron_diameter'].source})",
        f"huge ships: ≈ {f['huge_gap'].value} mm between the two large bases ({f['huge_gap'].source})",
        hull_zone_estimate(),
    )


def preview_action(pieces: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A do-nothing action on the first piece that can take one (the table drawn while the action is incomplete)."""
    for p in pieces:
        if not isinstance(p, dict) or not isinstance(p.get("id"), str):
            continue
        if p.get("kind") == "ship":
            return {"type": "maneuver", "ship": p["id"], "speed": 0}
        if p.get("kind") == "squadron" and "x" in p and "y" in p:
            return {"type": "move-squadron", "squadron": p["id"], "speed": 1, "to": {"x": p["x"], "y": p["y"]}}
    for p in pieces:  # only obstacles and tokens: one of them moved nowhere, so the table is still drawn
        if isinstance(p, dict) and isinstance(p.get("id"), str) and "x" in p and "y" in p:
            kind = p.get("kind")
            if kind in ("obstacle", "token"):
                return {"type": f"move-{kind}", kind: p["id"], "to": {"x": p["x"], "y": p["y"]}, "max_distance": 1}
    return None


def spacing(new: Piece, placed: Piece) -> float:
    """An obstacle added by name goes at least distance 1 from a ship (and a ship from an obstacle), so a
    distance 1–2 obstacle move toward the ship has room; other pieces only keep the form's smallest gap."""
    return DISTANCE_BANDS[0] if {new.kind, placed.kind} == {"obstacle", "ship"} else 0.0


def palette() -> tuple[tuple[str, tuple[tuple[str, str, dict[str, str]], ...]], ...]:
    """Ships by card name, a squadron, obstacles by their measured shape, tokens by type."""
    ships = tuple(
        (f"ship:{c.slug}", c.name, {"kind": "ship", "chassis": c.slug, "size": c.size, "label": c.name[:40]})
        for c in sorted(SHIPS.values(), key=lambda c: c.name)
    )
    obstacles = tuple(
        (f"obstacle:{s.id}", s.name, {"kind": "obstacle", "type": s.types[0], "shape": s.id})
        for s in SHAPES.values()
        if s.kind == "obstacle"
    )
    tokens = tuple((f"token:{t}", f"{t} token", {"kind": "token", "type": t}) for t in TOKEN_TYPES)
    squadron = (("squadron", "Squadron", {"kind": "squadron"}),)
    return (("Ships", ships), ("Squadrons", squadron), ("Obstacles", obstacles), ("Tokens", tokens))


GAME = Game(
    name="armada",
    title="Armada",
    editions=parse.EDITIONS,
    default_table=TABLE,
    clause_prefix="armada-",
    piece_kinds=parse.PIECE_KINDS,
    action_types=parse.ACTION_TYPES,
    parse_piece=parse.parse_piece,
    parse_action=parse.parse_action,
    handlers={  # every ruling also names ships and squadrons that overlap before anything moves
        "maneuver": with_start_check(maneuver_ruling),
        "place-squadrons": with_start_check(place_squadrons_ruling),
        "move-squadron": with_start_check(move_squadron_ruling),
        "move-obstacle": with_start_check(move_ruling),
        "move-token": with_start_check(move_ruling),
        "attack": with_start_check(attack_ruling),
    },
    catalog=catalog,
    draw=draw,
    outline=footprint,
    moving_actions=("maneuver", "move-squadron", "move-obstacle", "move-token"),
    mover_keys=("ship", "squadron", "obstacle", "token", "toward"),
    check=parse.check,
    in_play=measured,
    range_overlay=range_overlay,
    preview_action=preview_action,
    who_menu=who_menu,
    pick_regions=pick_regions,
    action_menu=action_menu,
    snap_menu=snap_menu,
    shape_outline=lambda sid: Polygon(SHAPES[sid].outline) if sid in SHAPES else None,
    estimates=estimates,
    piece_name=piece_name,
    spacing=spacing,
    counters=pool_counters,
    changes=CHANGES,
    form=FORM,
    sizes=parse.SIZES,
    type_choices=(("Obstacles", OBSTACLE_TYPES), ("Tokens", TOKEN_TYPES)),
    palette=palette(),
    chassis_choices=tuple((c.slug, f"{c.name} ({c.size}{', flotilla' if c.flotilla else ''})") for c in SHIPS.values()),
    dice_faces=tuple(BLUE_FACES),
    dice_limit=dice_rolled,
    dice_kinds=("token",),
    shape_choices=(("Obstacles", tuple((s.id, s.name) for s in SHAPES.values() if s.kind == "obstacle")),),
)
