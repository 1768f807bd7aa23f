"""The table picture: an SVG in table millimetres, in the spirit of ``chess/svg.py``.

Built with ElementTree so every value is escaped.  Colours are presentation
attributes, not ``<style>``, so the same markup works inline under a strict
CSP, as a standalone ``.svg`` and rasterised to PNG.  The table's ``y`` axis
points away from the first player; SVG's points down, so ``y`` is flipped
(player 1's edge is at the bottom of the picture).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import lru_cache

from shapely import LineString, Polygon, box, union_all
from shapely import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from rules.engine import card as card_words
from rules.engine import games, label_spots
from rules.engine.game import Drawing
from rules.engine.geometry import CLEAR_OF_ENDS_MM, Point, Pose, overlaps, ring
from rules.engine.ruling import Figure, Ruling
from rules.engine.scenario import Piece, Scenario, with_kind
from rules.engine.xmltext import to_text

MARGIN = 20.0
OG_WIDTH, OG_HEIGHT = 1200, 630

COLOURS = {
    "background": "#020617",
    "table": "#0b1726",
    "grid": "#1d3350",
    "edge": "#8aa4c2",
    "device": "#c94c4c",
    "player-1": "#3b82f6",
    "player-2": "#ef4444",
    "player-none": "#a3a3a3",
    "template": "#d9c27a",
    "counted": "#f5d76e",
    "overlap": "#ff2d55",
    "ghost": "#cbd5e1",
    "abandoned": "#fb923c",
    "option": "#34d399",
    "highlight": "#ffe14d",
    "text": "#f1f5f9",
}


def _fmt(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=1024)
def _points_text(pts: tuple[Point, ...], h: float) -> str:
    """An outline's ``points`` attribute, kept per outline and table: number formatting is most of
    drawing a busy table, and a live preview or an edited permalink redraws mostly the same pieces.
    1,024 entries: at most about 25 MB even if every one were a 200-point hand-drawn outline."""
    return " ".join(f"{_fmt(x)},{_fmt(h - y)}" for x, y in pts)


class _Canvas:
    def __init__(self, height: float) -> None:
        self.h = height
        self.font = 11.0
        self.view = (-1e9, -1e9, 1e9, 1e9)
        """What the picture shows (table mm: x0, y0, x1, y1): a label is kept inside it, not cut at its edge."""
        self.labels: list[tuple[float, float, float, float]] = []
        """Boxes (table mm: x0, y0, x1, y1) of the labels drawn so far, which later labels step around."""
        self.marks: list[Polygon] = []
        """Marks no label may cover (every ship's facing arrow): "T-65 X-wing" read "T-65 ▲-wing" over one."""
        self.pieces: list[Polygon] = []
        """The pieces' outlines: a phrase about a piece ("line over Asteroid field") is placed off them."""
        self.contacts: list[Polygon] = []
        """The contacts, drawn over the pieces: a piece's label steps off them rather than under them."""
        self.ships: list[Polygon] = []
        """The ships' bases (a page's picture only), drawn over the tokens: a token's label steps off them."""
        self.over: list[ET.Element] = []
        """Tokens' labels that could only go over a ship: drawn after the ships, so not hidden under one."""
        self._bounds: dict[int, tuple[Polygon, tuple[float, float, float, float]]] = {}
        self.whole = False
        """Whether the picture is the whole table, which its page zooms in on (the setup table): a bar's name
        ("distance 2") is drawn at a phrase's size there, not at the whole table's (it read 35 px on a phone)."""
        self.editable = False
        """The setup page's picture, whose pieces are named where they stand (the mover at its start)."""
        self.fit = True
        """Whether a piece's label is shrunk to about its piece's width (a thumbnail); a page's labels keep
        a readable size and go beside the piece instead."""

    def bounds(self, shapes: list[Polygon]) -> list[tuple[float, float, float, float]]:
        """The shapes' bounds, each worked out once a picture (every label tests the same marks)."""
        out = []
        for s in shapes:
            kept = self._bounds.get(id(s))
            if kept is None or kept[0] is not s:
                kept = self._bounds[id(s)] = (s, s.bounds)
            out.append(kept[1])
        return out

    def pt(self, p: Point) -> str:
        return f"{_fmt(p[0])},{_fmt(self.h - p[1])}"

    def points(self, pts: tuple[Point, ...] | list[Point]) -> str:
        return _points_text(tuple(pts), self.h)


def render_svg(
    scenario: Scenario,
    ruling: Ruling | None = None,
    *,
    id_prefix: str = "t",
    step: int | None = None,
    standalone: bool = False,
    zoom: bool = True,
    editable: bool = False,
    ranges_from: str | None = None,
    caption: str | None = None,
    ghosts: tuple[tuple[str, tuple[Polygon, ...]], ...] = (),
    regions: tuple[tuple[str, str, bool, Polygon | LineString], ...] = (),
    legend: bool = True,
    shown_px: float | None = None,
) -> str:
    """The table with its pieces and, given a ruling, its computed geometry.

    ``ranges_from`` names a piece whose range (or distance) bands are drawn beneath everything.
    ``caption`` is the card's last line (its short link).
    ``ghosts`` are choices' outlines (key, shapes: a template, then a final base), drawn hidden; the
    setup page shows one while its choice is hovered or focused.
    ``regions`` are parts of the table to tap to choose something (accessible name, link, whether it is
    chosen, area): each is drawn over everything as a link, so a choice is made on the table itself; a line
    (a move's legal places) gets a tap area a finger wide around it, at any zoom.

    ``legend`` draws what the marks mean in the picture; a page that lists them beside it (``legend_rows``)
    leaves it out. ``shown_px`` is the width (CSS px) a page shows the picture at on a phone: labels are
    sized to read there (``LABEL_PX``) instead of to fit their pieces.

    ``step`` (1-based) emphasises what that explanation step highlights.
    ``editable`` marks each piece for the setup page's editor (focusable, ``data-piece``).
    ``zoom`` frames the pieces and geometry the ruling is about (the whole
    table otherwise).  ``standalone`` gives a 1200×630 card with the summary
    beside the picture (for ``.svg`` and ``.png``).
    """
    w, h = scenario.table
    cv = _Canvas(h)
    x0, y0, x1, y1 = _focus(scenario, ruling, step) if zoom else (-MARGIN, -MARGIN, w + MARGIN, h + MARGIN)
    size = max(x1 - x0, y1 - y0)
    # the setup page shows the whole table zoomed in on the action: labels sized for that, not for a thumbnail
    cv.font = max(6.0, size / (90 if editable else 55))
    if shown_px:
        cv.font = size * LABEL_PX / shown_px
        cv.fit = False
    cv.view = (x0, y0, x1, y1)
    cv.whole = not zoom
    cv.editable = editable
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{_fmt(x0)} {_fmt(h - y1)} {_fmt(x1 - x0)} {_fmt(y1 - y0)}",
            # a picture with links on it is a group: an image's parts are not reachable (axe nested-interactive)
            "role": "group" if regions else "img",
            "aria-labelledby": f"{id_prefix}-title",
            "aria-describedby": f"{id_prefix}-desc",
            "class": "table-picture",
        },
    )
    highlight = _highlights(ruling, step)
    title = ET.SubElement(svg, "title", {"id": f"{id_prefix}-title"})
    title.text = ruling.summary if ruling and ruling.summary else "Table Ruling: the table"
    desc = ET.SubElement(svg, "desc", {"id": f"{id_prefix}-desc"})
    game = games.get(scenario.game)
    drawn = {p.id: game.draw(p) for p in scenario.pieces}
    desc.text = describe(scenario, drawn)
    ET.SubElement(
        svg,
        "rect",
        {
            "x": _fmt(x0 - size),
            "y": _fmt(h - y1 - size),
            "width": _fmt(x1 - x0 + 2 * size),
            "height": _fmt(y1 - y0 + 2 * size),
            "fill": COLOURS["background"],
            "aria-hidden": "true",
        },
    )
    ET.SubElement(
        svg,
        "rect",
        {
            "x": "0",
            "y": "0",
            "width": _fmt(w),
            "height": _fmt(h),
            "fill": COLOURS["table"],
            "stroke": COLOURS["edge"],
            "stroke-width": _fmt(size / 400),
        },
    )
    grid = ET.SubElement(svg, "g", {"aria-hidden": "true", "stroke": COLOURS["grid"], "stroke-width": _fmt(size / 900)})
    for gx in range(100, int(w), 100):
        ET.SubElement(grid, "line", {"x1": str(gx), "y1": "0", "x2": str(gx), "y2": _fmt(h)})
    for gy in range(100, int(h), 100):
        ET.SubElement(grid, "line", {"x1": "0", "y1": _fmt(h - gy), "x2": _fmt(w), "y2": _fmt(h - gy)})

    edges = ET.SubElement(svg, "g", {"class": "player-edges", "aria-hidden": "true"})
    # picture y of each edge's label: just below player 1's edge (table y = 0), just inside player 2's
    for who, label_y in (("Player 1's edge", h + cv.font * 1.6), ("Player 2's edge", cv.font * 1.1)):
        ex, ef = min(max((x0 + x1) / 2, 0.0), w), cv.font * (0.8 if cv.fit else 1.0)  # mid-view: a corner's edge
        ew, base = len(who) * ef * EM, h - label_y
        cv.labels.append((ex - ew / 2, base - ef * 0.25, ex + ew / 2, base + ef * 0.95))  # the pieces' step off it
        t = ET.SubElement(
            edges,
            "text",
            {
                "x": _fmt(ex),
                "y": _fmt(label_y),
                "font-size": _fmt(ef),
                "text-anchor": "middle",
                "fill": COLOURS["edge"],
                "font-family": "DejaVu Sans, Arial, sans-serif",
            },
        )
        t.text = who

    if ranges_from is not None and ranges_from in {p.id for p in scenario.pieces}:
        _ranges(svg, cv, scenario, scenario.piece(ranges_from))
    drawings, figures, simplified = _within_budget(drawn, _shown_figures(ruling, step))
    # every facing arrow is known before the first label is placed, so no label lands on a later one
    cv.marks = [Polygon(_arrow(d.pose)) for d in drawings.values() if d.pose is not None]
    cv.marks += [Polygon(_arrow(Pose(*f.pose))) for f in figures if f.kind == "base" and f.pose is not None]
    cv.pieces = [d.outline for d in drawings.values()]
    if not cv.fit:  # a page's labels are big enough to hide a contact; a thumbnail's stay on their pieces
        cv.contacts = [Polygon(f.coords).buffer(0) for f in figures if f.kind == "overlap" and len(f.coords) >= 3]
        cv.ships = [d.outline for d in drawings.values() if d.pose is not None]
    if simplified:
        desc.text = f"{desc.text} Outlines simplified to {simplified:g} mm for drawing (a very detailed table)."
    layer_under = ET.SubElement(svg, "g", {"class": "figures-under"})
    for f in figures:
        if f.kind in ("template", "template-counted", "area", "blocked"):
            _figure(layer_under, cv, f, id_prefix, f.id in highlight)

    pieces = ET.SubElement(svg, "g", {"class": "pieces"})
    moving = next((scenario.action[k] for k in game.mover_keys if isinstance(scenario.action.get(k), str)), None)
    moves = scenario.action["type"] in game.moving_actions
    if editable:
        svg.set("data-table-height", _fmt(h))
        fx0, fy0, fx1, fy1, key = _edit_focus(scenario, ruling)
        # what the setup page zooms to (picture units), and what it is about: the page refits when that changes
        svg.set("data-fit", f"{_fmt(fx0)} {_fmt(h - fy1)} {_fmt(fx1 - fx0)} {_fmt(fy1 - fy0)}")
        svg.set("data-fit-key", key)
        # the labels are kept inside what the page opens on, not only inside the whole table (trial 3: a
        # "distance 2" at the end of a ruler's bar was cut at the view's edge, "tance 2")
        vx0, vy0, vx1, vy1 = cv.view
        cv.view = (max(vx0, fx0), max(vy0, fy0), min(vx1, fx1), min(vy1, fy1))
    for p in scenario.pieces:
        if drawings[p.id].pose is None:
            _token(pieces, cv, p, drawings[p.id], id_prefix, p.id in highlight)
    # a device lies on the table: over the obstacles, under the ships (a mine "placed under" a base shows so)
    devices = [f for f in figures if f.kind == "device"]
    for f in devices:
        _figure(pieces, cv, f, id_prefix, f.id in highlight, named={p.label for p in scenario.pieces})
    under = [Polygon(f.coords) for f in devices if len(f.coords) >= 3]
    for p in scenario.pieces:
        if drawings[p.id].pose is not None:
            ghost = p.id == moving and moves and ruling is not None
            # the mover is named once: at its final position when that is drawn, else where it started (the
            # setup page names the piece it drags)
            named_after = ghost and not editable and any(f.kind == "base" and f.label for f in figures)
            # a base over a device hides it, as on the table: its fill alone would let the device show through
            cover = any(overlaps(drawings[p.id].outline, u) for u in under)
            _ship(
                pieces,
                cv,
                p,
                drawings[p.id],
                id_prefix,
                p.id in highlight,
                ghost=ghost,
                label=not named_after,
                opaque=cover,
            )
    if cv.over:
        ET.SubElement(svg, "g", {"class": "labels-over", "aria-hidden": "true"}).extend(cv.over)
    if editable:
        for g in pieces:
            if "figure" in g.get("class", "").split():
                continue
            pid = g.get("id", "")[len(id_prefix) + 1 :]
            g.set("data-piece", pid)
            g.set("tabindex", "0")
            g.set("class", g.get("class", "") + " editable")
            g.set("aria-label", f"{pid}: drag to move, arrow keys to nudge, [ and ] to turn, Delete to remove")

    layer_over = ET.SubElement(svg, "g", {"class": "figures-over"})
    named = {p.label for p in scenario.pieces}
    # a position tried and abandoned is drawn over the contact that made it so (the shape a ram is about)
    for f in sorted(figures, key=lambda f: f.kind == "abandoned"):
        if f.kind not in ("template", "template-counted", "area", "blocked", "device"):
            _figure(layer_over, cv, f, id_prefix, f.id in highlight, moving_piece=_piece(scenario, moving), named=named)
    if ghosts:
        layer = ET.SubElement(svg, "g", {"class": "option-ghosts", "aria-hidden": "true"})
        for key, shapes in ghosts:
            g = ET.SubElement(layer, "g", {"class": "option-ghost", "data-option": key})
            for i, shape in enumerate(shapes):
                style = (
                    {"fill": COLOURS["template"], "fill-opacity": "0.45", "stroke": COLOURS["template"]}
                    if i == 0 and len(shapes) > 1
                    else {"fill": "none", "stroke": COLOURS["ghost"], "stroke-dasharray": "4 2"}
                )
                ET.SubElement(g, "polygon", {"points": cv.points(ring(shape)), "stroke-width": "1.2", **style})
    if regions:
        _regions(svg, cv, regions)
    if legend and not editable:  # the setup page says what the marks mean beside the table, readable at any zoom
        _legend(svg, cv, (x0, y0, x1, y1), figures, moves and ruling is not None)
    if not standalone:
        return to_text(svg)
    card = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {OG_WIDTH} {OG_HEIGHT}",
            "width": str(OG_WIDTH),
            "height": str(OG_HEIGHT),
            "role": "img",
            "aria-labelledby": f"{id_prefix}-title",
        },
    )
    ET.SubElement(
        card,
        "rect",
        {"x": "0", "y": "0", "width": str(OG_WIDTH), "height": str(OG_HEIGHT), "fill": COLOURS["background"]},
    )
    # A thumbnail cannot read the legend; the contacts are outlined so the obstacle under one shows.
    for drawn_key in svg.findall("g[@class='legend']"):
        svg.remove(drawn_key)
    card_words.outline_contacts(svg, stroke=size / card_words.PICTURE * 6)
    card_words.one_marker_per_label(svg)
    svg.set("x", "0")
    svg.set("y", "0")
    svg.set("width", str(card_words.PICTURE))
    svg.set("height", str(card_words.PICTURE))
    # Clipping the nested picture costs resvg a full-size mask (0.4 s instead of 0.09 s for a
    # card): draw it unclipped and cover the spill into the text panel and the band with them.
    svg.set("overflow", "visible")
    del svg.attrib["xmlns"]
    card.append(svg)
    for x, y, width, height in (
        (card_words.PICTURE, 0, OG_WIDTH - card_words.PICTURE, OG_HEIGHT),
        (0, card_words.PICTURE, OG_WIDTH, OG_HEIGHT - card_words.PICTURE),
    ):
        ET.SubElement(
            card,
            "rect",
            {"x": str(x), "y": str(y), "width": str(width), "height": str(height), "fill": COLOURS["background"]},
        )
    if ruling is not None:
        _card_text(card, scenario, ruling, caption)
    return to_text(card)


FOCUS_PAD = 45.0
FOCUS_MIN = 260.0
EDIT_PAD = 25.0
"""mm around what the setup page's "Fit the action" shows: a phone's stage is wide and short, so its box is
neither squared nor widened to ``FOCUS_MIN`` (an attack across the stage was fitted by a height it did not
need), and the margin is narrower than a picture's (the view can be panned)."""
NEAR_MISS = 80.0
"""mm: a check of the whole table also frames the pieces this close to what it names (a remote just out of
a blast's reach), not the far ones."""


def _focus(
    scenario: Scenario, ruling: Ruling | None, step: int | None = None, pad: float | None = None
) -> tuple[float, float, float, float]:
    """Table bounds of what the ruling is about, padded and squared (given ``pad``: padded by it alone).

    That is the pieces the action and the steps name and the figures but the backdrops (a firing arc may
    run off the picture). A check of the whole table (``whole_table_actions``: an obstacle setup, a
    detonation) frames the pieces its steps name as well (the obstacles too close, the ships a blast
    reaches): framing every piece drew them tiny on a phone. The whole table is shown only when it is the
    point: a check whose steps name no piece frames every piece, as a legal setup names every obstacle.
    Without a ruling (a stored situation that cannot be ruled), every piece is framed: nothing says which
    matter, but the empty table around them does not.

    At ``step``, a check of the whole table frames what that step is about (one violation of the setup
    rules, one bomb): its steps are about pieces far apart, each readable only in a picture of its own.
    """
    w, h = scenario.table
    game = games.get(scenario.game)
    whole = scenario.action["type"] in game.whole_table_actions
    ids: set[str] = set()
    figures = list(ruling.figures) if ruling is not None else []
    if ruling is not None:
        ids = {str(v) for k, v in scenario.action.items() if k in game.mover_keys}
        for st in ruling.steps:
            ids.update(st.highlight)
        if whole and step is not None and 1 <= step <= len(ruling.steps):
            ids = set(ruling.steps[step - 1].highlight)
    framed = [p for p in scenario.pieces if p.id in ids]
    if ruling is None or (not framed and whole):
        framed = list(scenario.pieces)
    elif whole and step is not None and 1 <= step <= len(ruling.steps):
        # the step's figures, and those drawn from its pieces (a gap between two obstacles, a line to an edge)
        reach = union_all([game.outline(p) for p in framed]).buffer(0.05) if framed else None
        figures = [f for f in figures if f.id in ids or (reach is not None and _touches(f, reach))]
    xs: list[float] = []
    ys: list[float] = []
    for p in framed:
        minx, miny, maxx, maxy = game.outline(p).bounds
        xs += [minx, maxx]
        ys += [miny, maxy]
    for f in figures:
        if not f.backdrop:  # an arc or a range band may run off the picture: the pieces stay large
            xs += [c[0] for c in f.coords]
            ys += [c[1] for c in f.coords]
    if whole and xs:  # a near miss is what a judge asks about: is that piece just out of reach?
        near = box(min(xs), min(ys), max(xs), max(ys)).buffer(NEAR_MISS)
        for p in scenario.pieces:
            if p not in framed and game.outline(p).intersects(near):
                minx, miny, maxx, maxy = game.outline(p).bounds
                xs += [minx, maxx]
                ys += [miny, maxy]
    if not xs:
        return (-MARGIN, -MARGIN, w + MARGIN, h + MARGIN)
    if pad is not None:  # the setup page's box: fitted to its stage as it is, not squared
        x0, x1 = max(min(xs), -MARGIN - 200) - pad, min(max(xs), w + MARGIN + 200) + pad
        y0, y1 = max(min(ys), -MARGIN - 200) - pad, min(max(ys), h + MARGIN + 200) + pad
        return (x0, y0, x1, y1)
    x0, x1 = max(min(xs), -MARGIN - 200) - FOCUS_PAD, min(max(xs), w + MARGIN + 200) + FOCUS_PAD
    y0, y1 = max(min(ys), -MARGIN - 200) - FOCUS_PAD, min(max(ys), h + MARGIN + 200) + FOCUS_PAD
    side = max(x1 - x0, y1 - y0, FOCUS_MIN)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)


def _touches(f: Figure, shape: BaseGeometry) -> bool:
    """Whether a figure starts, ends or lies on ``shape``."""
    drawn = LineString(f.coords) if f.kind == "line" or len(f.coords) < 3 else Polygon(f.coords)
    return bool(drawn.intersects(shape))


def _edit_focus(scenario: Scenario, ruling: Ruling | None) -> tuple[float, float, float, float, str]:
    """What the setup page opens on: the ruling's focus, or every piece while there is no ruling yet.

    The key names what the box is about (the action and its pieces, not where they stand), so the
    page refits the view when the question changes and keeps it while a piece is dragged.
    """
    if ruling is not None:
        game = games.get(scenario.game)
        ids = {str(v) for k, v in scenario.action.items() if k in game.mover_keys}
        for st in ruling.steps:
            ids.update(st.highlight)
        action = ",".join(f"{k}={v}" for k, v in sorted(scenario.action.items()) if isinstance(v, str | int))
        key = f"{action};{','.join(sorted(ids))}"
        if any(f.kind == "abandoned" for f in ruling.figures):
            return (*_collision_focus(scenario, ruling, ids), key)
        return (*_focus(scenario, ruling, pad=EDIT_PAD), key)
    w, h = scenario.table
    game = games.get(scenario.game)
    bounds = [game.outline(p).bounds for p in scenario.pieces]
    if not bounds:
        return (-MARGIN, -MARGIN, w + MARGIN, h + MARGIN, "")
    x0, y0 = min(b[0] for b in bounds) - FOCUS_PAD, min(b[1] for b in bounds) - FOCUS_PAD
    x1, y1 = max(b[2] for b in bounds) + FOCUS_PAD, max(b[3] for b in bounds) + FOCUS_PAD
    return (x0, y0, x1, y1, "pieces;" + ",".join(sorted(p.id for p in scenario.pieces)))


COLLISION_PAD = 15.0
"""mm around what a collision is about, on the setup page (whose view adds its own margin in pixels)."""
COLLISION_MIN = 130.0
"""mm: the least width and depth of that box (a small base is not blown up past the page's own cap)."""


def _collision_focus(scenario: Scenario, ruling: Ruling, ids: set[str]) -> tuple[float, float, float, float]:
    """A move that ends short of where it was going (a ram, an overlap): the setup page frames what that is
    about (the tool, the positions tried and reached, the pieces it touches), not where the mover started
    (its start base is the tool's first end), and not squared: the page fits width and depth apart."""
    game = games.get(scenario.game)
    movers = {str(v) for k, v in scenario.action.items() if k in game.mover_keys}
    xs: list[float] = []
    ys: list[float] = []
    for f in ruling.figures:
        xs += [c[0] for c in f.coords]
        ys += [c[1] for c in f.coords]
    for p in scenario.pieces:
        if p.id in ids and p.id not in movers:
            minx, miny, maxx, maxy = game.outline(p).bounds
            xs += [minx, maxx]
            ys += [miny, maxy]
    x0, x1 = min(xs) - COLLISION_PAD, max(xs) + COLLISION_PAD
    y0, y1 = min(ys) - COLLISION_PAD, max(ys) + COLLISION_PAD
    grow_x, grow_y = max(0.0, COLLISION_MIN - (x1 - x0)) / 2, max(0.0, COLLISION_MIN - (y1 - y0)) / 2
    return (x0 - grow_x, y0 - grow_y, x1 + grow_x, y1 + grow_y)


def _piece(scenario: Scenario, pid: object) -> Piece | None:
    if not isinstance(pid, str):
        return None
    try:
        return scenario.piece(pid)
    except KeyError:
        return None


POINT_BUDGET = 25_000
"""Points a picture may draw (every polygon and polyline vertex of the SVG).  The input caps (60 pieces,
200 points an outline, a 64 KiB body) keep every accepted situation well under it (bench/heaviest.py
prints each action's heaviest; tests/engine/test_picture_steps.py checks them), and past it outlines are
simplified until it holds, so a first PNG's work is bounded by construction (docs/operations.md)."""
SIMPLIFY_MM = 0.25
"""Tolerance of that simplification: well under a printed token's ±0.5 mm."""
SIMPLIFY_STEPS_MM = (SIMPLIFY_MM, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Coarser tolerances tried in turn should 0.25 mm not bring a picture within its budget."""
PIECE_EXTRA_POINTS = 64
"""Points a piece draws besides its outline (an Armada huge ship's hull zones and dial draw about 40):
set aside from the budget per piece, so what the outlines and figures may use keeps the SVG within it."""


def drawn_points(svg: str) -> int:
    """How many vertices an SVG draws (its ``points`` attributes): what the point budget bounds."""
    root = ET.fromstring(svg)
    return sum(len(e.get("points", "").split()) for e in root.iter() if "points" in e.attrib)


def _count(drawings: dict[str, Drawing], figures: list[Figure]) -> int:
    total = sum(len(d.outline.exterior.coords) for d in drawings.values() if d.outline.geom_type == "Polygon")
    return total + sum(len(f.coords) for f in figures)


def _within_budget(
    drawings: dict[str, Drawing], figures: list[Figure], budget: int | None = None
) -> tuple[dict[str, Drawing], list[Figure], float]:
    """The picture's outlines, simplified when together they exceed the point budget, and the tolerance used.

    0.25 mm first; should that not be enough, coarser until the outlines fit (0 when nothing was simplified).
    """
    limit = (POINT_BUDGET if budget is None else budget) - PIECE_EXTRA_POINTS * len(drawings)
    if _count(drawings, figures) <= limit:
        return drawings, figures, 0.0
    lean, thin = drawings, figures
    for tolerance in SIMPLIFY_STEPS_MM:
        lean, thin = _simplified(drawings, figures, tolerance)
        if _count(lean, thin) <= limit:
            break
    return lean, thin, tolerance


def _simplified(
    drawings: dict[str, Drawing], figures: list[Figure], tolerance: float
) -> tuple[dict[str, Drawing], list[Figure]]:
    lean = {
        pid: replace(d, outline=d.outline.simplify(tolerance)) if d.outline.geom_type == "Polygon" else d
        for pid, d in drawings.items()
    }
    thin = []
    for f in figures:
        if f.kind not in ("line", "bar") and len(f.coords) > 8:
            shape = Polygon(f.coords, f.holes).simplify(tolerance)
            if shape.geom_type == "Polygon" and not shape.is_empty:
                holes = tuple(tuple(c)[:-1] for c in (list(i.coords) for i in shape.interiors))
                f = replace(f, coords=ring(shape), holes=holes)
        thin.append(f)
    return lean, thin


def _shown_figures(ruling: Ruling | None, step: int | None) -> list[Figure]:
    """Every figure; at step N only those no later step introduces, so the picture builds up with the steps.

    A figure is introduced by the first step that highlights it (the template, then the final base,
    then the contacts, as the explanation goes); one no step names is always drawn.
    """
    if ruling is None:
        return []
    if step is None or not 1 <= step <= len(ruling.steps):
        return list(ruling.figures)
    first: dict[str, int] = {}
    for i, s in enumerate(ruling.steps, start=1):
        for fid in s.highlight:
            first.setdefault(fid, i)
    return [f for f in ruling.figures if first.get(f.id, 0) <= step]


def _highlights(ruling: Ruling | None, step: int | None) -> set[str]:
    if ruling is None or step is None:
        return set()
    if 1 <= step <= len(ruling.steps):
        return set(ruling.steps[step - 1].highlight)
    return set()


def _hl(attrs: dict[str, str], on: bool) -> dict[str, str]:
    if on:
        attrs = {**attrs, "stroke": COLOURS["highlight"], "stroke-width": "3", "class": attrs.get("class", "") + " hl"}
    return attrs


def _token(parent: ET.Element, cv: _Canvas, p: Piece, d: Drawing, prefix: str, on: bool) -> None:
    colour = d.colour or _ship_colour(p)
    g = ET.SubElement(parent, "g", {"id": f"{prefix}-{p.id}", "class": f"{p.kind} {p.type or ''}".strip()})
    ET.SubElement(g, "title").text = with_kind(p.label, str(p.type or p.kind).replace("-", " "))
    ET.SubElement(
        g,
        "polygon",
        _hl(
            {
                "points": cv.points(ring(d.outline)),
                "fill": colour,
                "fill-opacity": "0.75",
                "stroke": "#f8fafc",
                "stroke-width": "0.8",
            },
            on,
        ),
    )
    c = d.outline.centroid
    # drawn before the ships, a token's label under a ship's base would be hidden by it: a page's steps off;
    # when no spot next to the token is off them (a squadron under a base), it is drawn over the ships
    t = _label(g, cv, (c.x, c.y), p.label, across=_across(d.outline), avoid=cv.contacts + cv.ships, near=d.outline)
    if cv.ships and any(box(*cv.labels[-1]).intersects(s) for s in cv.ships):
        g.remove(t)
        cv.over.append(t)


def _ship(
    parent: ET.Element,
    cv: _Canvas,
    p: Piece,
    d: Drawing,
    prefix: str,
    on: bool,
    *,
    ghost: bool,
    label: bool = True,
    opaque: bool = False,
) -> None:
    """A ship's base (and frames); ``opaque``: backed with the table's colour, so what lies under it is hidden."""
    colour = d.colour or _ship_colour(p)
    g = ET.SubElement(parent, "g", {"id": f"{prefix}-{p.id}", "class": f"{p.kind} player-{p.player or 0}"})
    ET.SubElement(g, "title").text = f"{p.label} ({p.size} base{', start' if ghost else ''})"
    if opaque:
        backing = {"fill": COLOURS["table"], "fill-opacity": "1", "stroke": "none", "class": "backing"}
        ET.SubElement(g, "polygon", {"points": cv.points(ring(d.outline)), **backing})
    for extra in d.extra:
        ET.SubElement(
            g,
            "polygon",
            {
                "points": cv.points(ring(extra)),
                "fill": colour,
                "fill-opacity": "0.15" if ghost else "0.3",
                "stroke": colour,
                "stroke-width": "0.6",
                "class": "frame",
            },
        )
    attrs = {
        "points": cv.points(ring(d.outline)),
        "fill": colour,
        "fill-opacity": "0.25" if ghost else "0.6",
        "stroke": colour,
        "stroke-width": "1.2",
    }
    if ghost:
        attrs["stroke-dasharray"] = "4 3"
    ET.SubElement(g, "polygon", _hl(attrs, on))
    assert d.pose is not None
    _facing(g, cv, d.pose, colour)
    if label:
        _label(g, cv, (d.pose.x, d.pose.y), p.label, across=_across(d.outline), avoid=cv.contacts, near=d.outline)


LEGEND = (
    ("start", "ghost-start", {"fill": "none", "stroke": "#cbd5e1", "stroke-dasharray": "3 2"}),
    ("position tried and abandoned", "abandoned", {"fill": "none", "stroke": "#fb923c", "stroke-dasharray": "4 2"}),
    ("final position", "base", {"fill": "#3b82f6", "fill-opacity": "0.45", "stroke": "#f8fafc"}),
    ("template / tool", "template", {"fill": "#d9c27a", "fill-opacity": "0.5", "stroke": "#d9c27a"}),
    ("device (under any base it overlaps)", "device", {"fill": "#c94c4c", "fill-opacity": "0.8", "stroke": "#f8fafc"}),
    ("contact (shared area)", "overlap", {"fill": "#ff2d55", "fill-opacity": "0.85", "stroke": "#ff2d55"}),
    ("area: range, reach or legal places", "area", {"fill": "#ffe14d", "fill-opacity": "0.2", "stroke": "#ffe14d"}),
    ("legal places along the ruler", "legal-line", {"fill": "#ffe14d", "fill-opacity": "0.45"}),
    (
        "blocked: a centre here would overlap a piece",
        "blocked",
        {"fill": "#ff2d55", "fill-opacity": "0.22", "stroke": "#ff2d55", "stroke-dasharray": "2 2"},
    ),
)
TAP_ONE = {"legal-line": " (tap one)"}
"""What a legend row adds on a page where its marks are tapped (the setup page), not on a static picture."""


TAP_PX = 44
"""CSS px across a line's tap area (a finger; WCAG 2.5.5), kept at any zoom (a non-scaling stroke)."""


def _regions(svg: ET.Element, cv: _Canvas, regions: tuple[tuple[str, str, bool, Polygon | LineString], ...]) -> None:
    """Each region as a link over the pieces: a faint fill to tap, the chosen one filled and outlined; a line
    (legal places a few mm long, a dot at the table's scale) inside a faint band a finger wide."""
    layer = ET.SubElement(svg, "g", {"class": "pick-regions"})
    for name, href, chosen, area in regions:
        # "editable": like a piece, left out of the table's panning (a drag on it moves the piece beneath)
        line = isinstance(area, LineString)
        css = "pick-region editable" + (" chosen" if chosen else "") + (" pick-line" if line else "")
        attrs = {"href": href, "class": css, "aria-label": name}
        if chosen:
            attrs["aria-current"] = "true"
        link = ET.SubElement(layer, "a", attrs)
        ET.SubElement(link, "title").text = name
        if line:
            band = {"fill": "none", "stroke": COLOURS["highlight"], "stroke-opacity": "0.18"}
            wide = {"stroke-width": str(TAP_PX), "vector-effect": "non-scaling-stroke"}
            ends = {"stroke-linecap": "round", "stroke-linejoin": "round"}
            ET.SubElement(link, "polyline", {"points": cv.points(tuple(area.coords)), **band, **wide, **ends})
            continue
        ET.SubElement(
            link,
            "polygon",
            {
                "points": cv.points(ring(area)),
                "fill": COLOURS["option"],
                "fill-opacity": "0.45" if chosen else "0.08",
                "stroke": COLOURS["option"],
                "stroke-width": "1.2" if chosen else "0.6",  # mm: a hull zone is some 20 mm across
                **({} if chosen else {"stroke-dasharray": "2 1.5"}),
            },
        )


def _legend_kinds(figures: list[Figure], moved: bool) -> list[tuple[str, str, dict[str, str]]]:
    """The legend's rows (text, kind, style) for the kinds of figure a picture has."""
    kinds = {f.kind for f in figures} | ({"ghost-start"} if moved else set())
    return [row for row in LEGEND if row[1] in kinds]


def legend_rows(
    scenario: Scenario, ruling: Ruling | None, step: int | None = None, *, tapped: bool = False
) -> list[tuple[str, str]]:
    """What the marks of a page's picture (at ``step``) mean (text, kind), for the page to show beside it:
    drawn in the picture, a legend shrinks with the table (about 6 px on a phone) and hides behind the
    view's edge. ``tapped``: the page's marks are tapped to choose (the setup page), and the rows say so."""
    moved = ruling is not None and scenario.action["type"] in games.get(scenario.game).moving_actions
    rows = _legend_kinds(_shown_figures(ruling, step), moved)
    return [(text + (TAP_ONE.get(kind, "") if tapped else ""), kind) for text, kind, _ in rows]


def _legend(
    svg: ET.Element, cv: _Canvas, view: tuple[float, float, float, float], figures: list[Figure], moved: bool
) -> None:
    """What the drawn marks mean, for the kinds of figure this picture has (bottom-left of the view)."""
    rows = [(text, style) for text, _, style in _legend_kinds(figures, moved)]
    if not rows:
        return
    x0, y0, _, _ = view
    s = cv.font * 0.8
    g = ET.SubElement(svg, "g", {"class": "legend", "aria-hidden": "true"})
    for i, (text, style) in enumerate(rows):
        ty = y0 + s * 0.8 + (len(rows) - 1 - i) * s * 1.5
        ET.SubElement(
            g,
            "rect",
            {"x": _fmt(x0 + s * 0.6), "y": _fmt(cv.h - ty - s), "width": _fmt(s * 1.6), "height": _fmt(s), **style},
        )
        t = ET.SubElement(
            g,
            "text",
            {
                "x": _fmt(x0 + s * 2.6),
                "y": _fmt(cv.h - ty - s * 0.1),
                "font-size": _fmt(s),
                "fill": COLOURS["text"],
                "font-family": "DejaVu Sans, Arial, sans-serif",
            },
        )
        t.text = text


def _arrow(pose: Pose) -> list[Point]:
    """The facing arrow's corners (table mm): from just ahead of the centre toward the front edge."""
    return [pose.to_world(0, 14), pose.to_world(-5, 5), pose.to_world(5, 5)]


def _facing(g: ET.Element, cv: _Canvas, pose: Pose, colour: str) -> None:
    """A small arrow from the centre toward the front edge: which way the ship faces."""
    ET.SubElement(
        g,
        "polygon",
        {"points": cv.points(_arrow(pose)), "fill": "#f8fafc", "stroke": colour, "stroke-width": "0.5"},
    )


def _ranges(svg: ET.Element, cv: _Canvas, scenario: Scenario, piece: Piece) -> None:
    """The game's bands around one piece: dashed outlines, each labelled at its top."""
    g = ET.SubElement(svg, "g", {"class": "ranges", "aria-hidden": "true"})
    ET.SubElement(g, "title").text = f"Range bands from {piece.label}"
    for label, area in games.get(scenario.game).range_overlay(piece):
        ring_pts = list(area.exterior.coords)
        ET.SubElement(
            g,
            "polygon",
            {
                "points": cv.points(ring_pts),
                "fill": "none",
                "stroke": "#94a3b8",
                "stroke-width": _fmt(cv.font * 0.08),
                "stroke-dasharray": f"{_fmt(cv.font * 0.5)} {_fmt(cv.font * 0.3)}",
            },
        )
        top = max(ring_pts, key=lambda q: q[1])
        _label(g, cv, (top[0], top[1] - cv.font * 1.3), label, near=ShapelyPoint(top))


SENTENCE = 0.5
"""A sentence's font on a whole-table picture (the setup table, a thumbnail), as a share of the table's: at
the whole table's it read 20-25 px on a phone beside 5-10 px piece names (trial 3) and ran off the table."""

LABEL_OVER = 1.3
"""How much wider than its piece a piece's label may be: an Armada ship's name at the whole table's font was
several times its base (and ran off the picture); the name is drawn smaller instead."""
EM = 0.6
"""DejaVu Sans: about 0.6 em a character."""
LABEL_PX = 10.5
"""A page picture's label size (CSS px) at the width the page shows it (``render_svg(shown_px=...)``)."""
PHONE_PICTURE_PX = 360.0
"""How wide a page shows its table picture on a 390 px phone (the page's margins aside)."""
MARKER_CHARS = 3
"""A contact's label up to this long is a marker ("1", "2") in a disc on it; a longer one is a phrase."""
ABANDONED_STROKE = 2.5
"""mm: a position tried and abandoned is the key shape of a ram, drawn bold enough to see over a contact."""


def _across(outline: Polygon) -> float:
    """A piece's width as a label sees it (horizontal, mm)."""
    x0, _, x1, _ = outline.bounds
    return float(x1 - x0)


def _free_spot(
    cv: _Canvas,
    at: Point,
    text: str,
    font: float | None = None,
    avoid: list[Polygon] | None = None,
    near: BaseGeometry | None = None,
) -> Point:
    """Where a label goes: at ``at`` unless an earlier label, a facing arrow or a shape of ``avoid`` is
    there; then the nearest free spot next to ``near`` (what the label names), or the one it overlaps
    least (``label_spots.spot``)."""
    font = cv.font if font is None else font
    w = max(1, len(text)) * font * EM
    base = at[1] + font * 0.8  # the text's baseline (table y grows up): a descender below, capitals above
    first = (at[0] - w / 2, base - font * 0.25, at[0] + w / 2, base + font * 0.95)
    named = near if near is not None else ShapelyPoint(at)
    marks = cv.marks + (avoid or [])
    b = label_spots.spot(first, named, taken=cv.labels, marks=marks, view=cv.view, mark_bounds=cv.bounds(marks))
    cv.labels.append(b)
    return (b[0] + b[2]) / 2, b[1] - font * 0.55


def _inside(cv: _Canvas, at: Point, w: float, font: float) -> Point:
    """A label's spot moved just enough that its text lies inside the picture's view (a piece outside the
    view keeps its label with it)."""
    vx0, vy0, vx1, vy1 = cv.view
    if not (vx0 <= at[0] <= vx1 and vy0 <= at[1] <= vy1):
        return at
    x = min(max(at[0], vx0 + w / 2), vx1 - w / 2) if w < vx1 - vx0 else at[0]
    y = min(max(at[1], vy0), vy1 - font * 1.8) if font * 1.8 < vy1 - vy0 else at[1]
    return x, y


def _label(
    g: ET.Element,
    cv: _Canvas,
    at: Point,
    text: str,
    across: float | None = None,
    avoid: list[Polygon] | None = None,
    near: BaseGeometry | None = None,
    sentence: bool = False,
) -> ET.Element:
    """A label centred at ``at``, off the facing arrows and ``avoid`` and next to ``near`` (what it names);
    a piece's (``across``: its width, mm) sized so it is not much wider than the piece on a thumbnail, a
    ``sentence`` ("line over Asteroid field") at about a piece label's size there, and every label inside
    the view."""
    fit = across is not None and cv.fit
    font = min(cv.font, LABEL_OVER * across / (max(1, len(text)) * EM)) if fit and across is not None else cv.font
    if sentence and cv.fit:
        font = cv.font * SENTENCE
    w = max(1, len(text)) * font * EM
    at = _inside(cv, _free_spot(cv, _inside(cv, at, w, font), text, font, avoid, near), w, font)
    t = ET.SubElement(
        g,
        "text",
        {
            "x": _fmt(at[0]),
            "y": _fmt(cv.h - at[1] - font * 0.8),
            "font-size": _fmt(font),
            "text-anchor": "middle",
            "fill": COLOURS["text"],
            "font-family": "DejaVu Sans, Arial, sans-serif",
        },
    )
    t.text = text
    return t


def _centre(coords: tuple[Point, ...]) -> Point:
    return sum(p[0] for p in coords) / len(coords), sum(p[1] for p in coords) / len(coords)


def _figure(
    parent: ET.Element,
    cv: _Canvas,
    f: Figure,
    prefix: str,
    on: bool,
    moving_piece: Piece | None = None,
    named: set[str] | frozenset[str] = frozenset(),
) -> None:
    """One computed figure; ``named``: the pieces' labels, which a contact's marker does not repeat."""
    g = ET.SubElement(parent, "g", {"id": f"{prefix}-{f.id}", "class": f"figure {f.kind}"})
    if f.label:
        ET.SubElement(g, "title").text = f.label
    if f.kind == "legal-line":  # where a move may end along a line: a band wide enough to see and tap near
        band = {"fill": "none", "stroke": COLOURS["highlight"], "stroke-opacity": "0.55", "stroke-width": "6"}
        # how far inside its ends a tap's spot is put (the setup page's script reads it), in the picture's units, mm
        clear = {"data-clear": f"{CLEAR_OF_ENDS_MM:g}"}
        ET.SubElement(g, "polyline", _hl({"points": cv.points(f.coords), **band, **clear}, on))
        return
    if f.kind in ("line", "bar"):
        if f.kind == "bar" and f.label:  # named at its end, where it meets nothing else
            _label(g, cv, f.coords[-1], f.label, avoid=cv.pieces + cv.contacts, sentence=cv.whole)
        ET.SubElement(
            g,
            "polyline",
            _hl(
                {
                    "points": cv.points(f.coords),
                    "fill": "none",
                    "stroke": COLOURS["highlight"],
                    "stroke-width": "1.5",
                    "stroke-dasharray": "6 3",
                },
                on,
            ),
        )
        return
    style: dict[str, str] = {
        "template": {"fill": COLOURS["template"], "fill-opacity": "0.35", "stroke": COLOURS["template"]},
        "template-counted": {"fill": COLOURS["counted"], "fill-opacity": "0.55", "stroke": COLOURS["counted"]},
        "base": {"fill": _ship_colour(moving_piece), "fill-opacity": "0.45", "stroke": "#f8fafc"},
        "ghost": {"fill": "none", "stroke": COLOURS["ghost"], "stroke-dasharray": "3 3"},
        "abandoned": {
            "fill": "none",
            "stroke": COLOURS["abandoned"],
            "stroke-dasharray": "4 2",
            "stroke-width": _fmt(ABANDONED_STROKE),
        },
        "option": {"fill": "none", "stroke": COLOURS["option"], "stroke-dasharray": "5 2"},
        "overlap": {"fill": COLOURS["overlap"], "fill-opacity": "0.85", "stroke": COLOURS["overlap"]},
        "area": {"fill": COLOURS["highlight"], "fill-opacity": "0.15", "stroke": COLOURS["highlight"]},
        "blocked": {
            "fill": COLOURS["overlap"],
            "fill-opacity": "0.22",
            "stroke": COLOURS["overlap"],
            "stroke-dasharray": "2 2",
        },
        "device": {"fill": COLOURS["device"], "fill-opacity": "0.8", "stroke": "#f8fafc"},
    }.get(f.kind, {"fill": "none", "stroke": COLOURS["ghost"]})
    ET.SubElement(g, "polygon", _hl({"points": cv.points(f.coords), "stroke-width": "1", **style}, on))
    if f.kind == "device" and f.label and f.label not in named and len(f.coords) >= 3:
        # named off the pieces: a base drawn over the device would hide a label on it
        _label(
            g,
            cv,
            _centre(f.coords),
            f.label,
            across=_across(Polygon(f.coords)),
            avoid=cv.pieces + cv.contacts,
            near=Polygon(f.coords),
        )
    if f.kind == "overlap" and f.label and f.label not in named and len(f.label) > MARKER_CHARS:
        # a sentence ("line over Asteroid field") beside the shape, off the pieces it names, not over them
        shape = Polygon(f.coords).buffer(0)
        # what it names: the contact and the pieces it lies on (the phrase goes beside them, not far away)
        named = union_all([shape, *(p for p in cv.pieces if p.intersects(shape))])
        _label(g, cv, _centre(f.coords), f.label, avoid=cv.pieces, near=named, sentence=True)
    elif f.kind == "overlap" and f.label and f.label not in named:  # a piece is named by its own label once
        cx = sum(p[0] for p in f.coords) / len(f.coords)
        cy = sum(p[1] for p in f.coords) / len(f.coords)
        # the marker steps around earlier labels (several contacts of a ram sit close together)
        cx, at_y = _free_spot(cv, (cx, cy - cv.font * 1.15), f.label, near=Polygon(f.coords).buffer(0))
        cy = at_y + cv.font * 1.15
        ET.SubElement(
            g,
            "circle",
            {
                "cx": _fmt(cx),
                "cy": _fmt(cv.h - cy),
                "r": _fmt(cv.font * 0.7),
                "fill": "#0f172a",
                "stroke": COLOURS["overlap"],
                "stroke-width": "1.2",
            },
        )
        t = ET.SubElement(
            g,
            "text",
            {
                "x": _fmt(cx),
                "y": _fmt(cv.h - cy + cv.font * 0.35),
                "font-size": _fmt(cv.font * 0.9),
                "text-anchor": "middle",
                "fill": COLOURS["text"],
                "font-family": "DejaVu Sans, Arial, sans-serif",
            },
        )
        t.text = f.label
    if f.kind == "base" and f.pose is not None:
        _facing(g, cv, Pose(*f.pose), _ship_colour(moving_piece))
    if f.kind == "base" and moving_piece is not None and len(f.coords) >= 4:
        xs = [p[0] for p in f.coords]
        ys = [p[1] for p in f.coords]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        # a final base's label, sized like a piece's, off the contacts drawn over it; on the setup page the mover
        # is named at its start, so its final base says only the rest ("at speed 2"): a label half as long is
        # drawn twice as large (trial 3: "CR90 Corvette A at speed 2" was 2.8 px on a phone)
        text = f.label
        if cv.editable and text.startswith(f"{moving_piece.label} "):
            text = text.removeprefix(f"{moving_piece.label} ")
        _label(g, cv, centre, text, across=max(xs) - min(xs), avoid=cv.contacts, near=Polygon(f.coords).buffer(0))


def _ship_colour(p: Piece | None) -> str:
    if p is None:
        return COLOURS["player-none"]
    return COLOURS.get(f"player-{p.player}", COLOURS["player-none"])


def _card_text(svg: ET.Element, scenario: Scenario, ruling: Ruling, caption: str | None) -> None:
    """The card's words, sized to read when a forum shows the card 250 px wide (``card.py``)."""
    card_words.draw_words(svg, ruling.summary, f"{games.get(scenario.game).title} {scenario.edition}", caption)


def describe(scenario: Scenario, drawn: dict[str, Drawing] | None = None) -> str:
    """A text alternative for the picture: every piece and where it stands (from ``drawn``, the pieces'
    drawings, when the caller has them already)."""
    w, h = scenario.table
    game = games.get(scenario.game)
    parts = [f"{game.title} {scenario.edition} table {_fmt(w)} by {_fmt(h)} mm."]
    parts += [(drawn[p.id] if drawn else game.draw(p)).description for p in scenario.pieces]
    return " ".join(parts)
