"""What a game declares to the game-neutral core: the one entry point of a game package.

A game package (``rules/engine/xwing/``, ``rules/engine/armada/``) builds one
``Game`` value; ``rules/engine/games.py`` lists them.  The scenario parser, the
evaluator, the picture and the catalogue consult that value and never name a
game themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from shapely import LineString, Polygon

from rules.engine.checker import Bounds, Checker
from rules.engine.form import FormSpec
from rules.engine.geometry import Pose

if TYPE_CHECKING:
    from rules.engine.changes import Change
    from rules.engine.ruling import Ruling
    from rules.engine.scenario import Piece, Scenario

type PieceParser = Callable[[Checker, dict[str, Any], dict[str, Any], str, str, Bounds], None]
"""(checker, raw piece, normalised piece so far, field path, kind, bounds): fills the game's fields."""
type ActionParser = Callable[[Checker, dict[str, Any], str, dict[str, dict[str, Any]], Bounds], dict[str, Any]]
"""(checker, raw action, action type, pieces by id, bounds) -> the normalised action."""
type ScenarioCheck = Callable[[Checker, list[dict[str, Any]], dict[str, Any] | None, str | None], None]
"""Cross-piece checks once every piece and the action are read (e.g. references between pieces)."""


def kind_words(piece: Mapping[str, Any]) -> str:
    """A piece's name from its type or kind in words (``debris-cloud`` → "Debris cloud"): the default name."""
    return str(piece.get("type") or piece.get("kind") or "piece").replace("-", " ").replace("_", " ").capitalize()


@dataclass(frozen=True, slots=True)
class Drawing:
    """How the picture draws one piece: its outline, facing, colour and the word for it."""

    outline: Polygon
    colour: str
    """A fill colour; empty for the owning player's colour."""
    pose: Pose | None = None
    """Where a facing arrow goes (ships); ``None`` for pieces without a facing."""
    extra: tuple[Polygon, ...] = ()
    """Further outlines drawn lighter (e.g. an Armada ship's shield-dial frames)."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the core needs to know about one game."""

    name: str
    """The scenario's ``game`` value."""
    title: str
    editions: tuple[str, ...]
    default_table: tuple[float, float]
    clause_prefix: str
    """Clause ids of this game start with this (e.g. ``armada-1.5/``); several editions give several."""
    piece_kinds: tuple[str, ...]
    action_types: tuple[str, ...]
    parse_piece: PieceParser
    parse_action: ActionParser
    handlers: Mapping[str, Callable[[Scenario], Ruling]]
    catalog: Callable[[], dict[str, Any]]
    draw: Callable[[Piece], Drawing]
    outline: Callable[[Piece], Polygon]
    """The shape a piece occupies on the table (what the picture frames)."""
    form: FormSpec
    """How the setup form's fields map to this game's documents."""
    sizes: tuple[str, ...] = ()
    type_choices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Piece ``type`` values by group (e.g. obstacles, devices) for the setup form."""
    shape_choices: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Catalogue shapes (id, name) by group for the setup form."""
    palette: tuple[tuple[str, tuple[tuple[str, str, Mapping[str, str]], ...]], ...] = ()
    """Pieces to add by name: groups of (key, name, row values); the form places them mid-table."""
    chassis_choices: tuple[tuple[str, str], ...] = ()
    """Ships by name (id, name): the setup form fills a row's size and the like from them."""
    moving_actions: tuple[str, ...] = ()
    """Actions whose moving piece (``action.ship`` etc.) is drawn dashed at its start."""
    mover_keys: tuple[str, ...] = ("ship",)
    """Action keys naming the pieces a ruling is about (the picture frames them)."""
    check: ScenarioCheck | None = None
    dice_faces: tuple[str, ...] = ()
    dice_limit: Callable[[dict[str, Any], str], int] | None = None
    """How many dice the effect of a piece (its normalised document) rolls in an edition."""
    in_play: Callable[[Piece], Polygon] | None = None
    """The shape of a piece that the play area is checked against (a warning when it starts partly off)."""
    dice_kinds: tuple[str, ...] = ()
    """Pieces whose effect rolls dice that a scenario may give (``dice``)."""
    action_pieces: Callable[[dict[str, Any]], list[dict[str, Any]]] = field(default=lambda a: [])
    """Pieces an action brings onto the table (so ``dice`` may name them)."""
    whole_table_actions: tuple[str, ...] = ()
    """Actions about the whole table (the picture shows all of it)."""
    changes: tuple[Change, ...] = ()
    """Corrections that change stored rulings (``rules.engine.changes``)."""
    action_menu: Callable[[dict[str, Any]], list[tuple[str, str, dict[str, str]]]] = field(default=lambda doc: [])
    """Choices for the action from what the pieces are (e.g. a ship's printed dial): (label, kind, form values)."""
    who_menu: Callable[[list[dict[str, Any]], dict[str, Any]], list[tuple[str, str, dict[str, str]]]] = field(
        default=lambda pieces, action: []
    )
    """(placed pieces, the action so far) -> "who does what" choices: (label, kind, form values); the
    setup page shows them as plain links, so the mover, attacker and defender are picked, not typed."""
    action_notes: Callable[[list[dict[str, Any]], dict[str, Any]], list[str]] = field(default=lambda pieces, action: [])
    """(placed pieces, the action so far) -> what the setup page says in advance about the chosen action, in
    the player's words (where a dropped device goes, which piece is not the one placed)."""
    side_menu: Callable[[list[dict[str, Any]], dict[str, Any]], list[tuple[str, dict[str, int]]]] = field(
        default=lambda pieces, action: []
    )
    """(placed pieces, the action so far) -> whose pieces to set where the question is about an enemy but the
    pieces' players are not given (e.g. the ship a dropped mine lands under): (label, {piece id: player}); the
    setup page shows them as plain links that set those rows' players."""
    option_ghosts: Callable[[Scenario, dict[str, Any]], tuple[tuple[str, tuple[Polygon, ...]], ...]] = field(
        default=lambda scenario, action: ()
    )
    """(the pieces, the action so far) -> for each ``action_menu`` choice (by label) its template and final
    base, to preview while the user hovers or focuses that choice."""
    pick_regions: Callable[
        [Scenario, dict[str, Any]], tuple[tuple[str, bool, dict[str, str], Polygon | LineString], ...]
    ] = field(default=lambda scenario, action: ())
    """(the pieces, the action so far) -> parts of the table a user taps to choose something (e.g. an Armada
    hull zone): (accessible name, whether it is what the action holds now, form values, its area on the
    table). The setup page draws each over the picture as a link that sets those values; a line (a move's
    legal places along a ruler, often a few mm long) is drawn with a finger-wide tap area around it."""
    snap_menu: Callable[[Scenario, dict[str, Any]], list[tuple[str, str, dict[str, Any]]]] = field(
        default=lambda scenario, action: []
    )
    """(the pieces, the action so far) -> snap helpers: (label, kind, {"piece", "x", "y", "heading"}), a new
    place for one piece (touching the template or a base, at a range band's edge, on a ship's guides)."""
    shape_outline: Callable[[str], Polygon | None] = field(default=lambda shape_id: None)
    """A catalogue shape's outline in its own frame (for the palette's pictures of the real components)."""
    preview_action: Callable[[list[dict[str, Any]]], dict[str, Any] | None] = field(default=lambda pieces: None)
    """An action that needs nothing but the pieces, to draw the table while the real one is incomplete."""
    range_overlay: Callable[[Piece], tuple[tuple[str, Polygon], ...]] = field(default=lambda p: ())
    """Range or distance bands around a piece, outermost last (label, area), for the picture's overlay."""
    estimates: Callable[[], tuple[str, ...]] = field(default=lambda: ())
    """The estimated figures a ruling of this game rests on, each with its source (pages show them with ≈)."""
    counters: Callable[[dict[str, Any]], tuple[tuple[str, str, int, int], ...]] = field(default=lambda action: ())
    """(the action so far) -> counts the setup page sets beside the action with − and + links (e.g. an Armada
    attack pool's dice of each colour): (the player's word for one, its form field, the count now, the most it
    may be)."""
    spacing: Callable[[Piece, Piece], float] = field(default=lambda new, placed: 0.0)
    """(a piece added by name, one already placed) -> the gap in mm the setup form leaves between them where
    there is room (e.g. an Armada obstacle at least distance 1 from a ship); never less than
    ``placement.MIN_GAP``."""
    piece_name: Callable[[Mapping[str, Any]], str] = field(default=kind_words)
    """What a player calls an unlabelled piece (its ship's name, its size, its obstacle or device type in
    words), from its normalised document: never its id. The core makes the names unique (``scenario.py``)."""
