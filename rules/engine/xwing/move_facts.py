"""What a move's ruling found, as plain data: the geometry's answer, before any sentence.

``moves`` computes these facts; ``narration`` turns them into steps and the verdict. They
carry labels beside ids so the words never need the scenario, and a test can build them
by hand for every branch. Steps already written by the shared resolvers (obstacle and
device effects, remotes, range 0) travel as they are: each of those has its own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.geometry import Pose
from rules.engine.ruling import Step
from rules.engine.xwing.movement import Option


@dataclass(frozen=True, slots=True)
class Met:
    """One obstacle or device the move met, in the order the template reaches it."""

    id: str
    kind: str
    """``obstacle`` or ``device``."""
    through: bool
    """The counted template shares area with it."""
    overlapping: bool
    """The final base shares area with it."""
    touching: bool
    """The final base touches it without sharing area."""


@dataclass(frozen=True, slots=True)
class Bump:
    """What a bump does after the maneuver (by edition and by whose ships were bumped)."""

    effect: str
    """``skip-action`` (2.0), ``friendly`` or ``enemy`` (2.5), as in the outcome's ``bump_effect``."""
    friendly: bool = False
    """It bumped a ship known to be friendly."""
    enemy: bool = False
    """It bumped a ship known to be an enemy."""
    unknown: bool = False
    """It bumped a ship whose side is unknown (a player is missing): treated as friendly unless an enemy is known."""
    stressed: bool = False
    obstacle_effects: bool = False
    """The same move also resolved obstacle or device effects (the order is an open question)."""


@dataclass(frozen=True, slots=True)
class Resolved:
    """What the shared resolvers found after the move, with their own steps."""

    effect_steps: tuple[Step, ...] = ()
    effect_sources: tuple[str, ...] = ()
    """Ids of the objects whose effects resolve, in resolution order."""
    effects_skip_action: bool = False
    """An effect (2.0 asteroid, gas cloud, …) makes the ship skip its Perform Action step."""
    remote_steps: tuple[Step, ...] = ()
    remote_entries: tuple[dict[str, Any], ...] = ()
    """The outcome's ``remotes`` entries (relocations, rolls)."""
    remotes_met: bool = False
    range_0_steps: tuple[Step, ...] = ()
    cannot_attack: bool = False
    moved_through: tuple[str, ...] = ()
    """Ids of everything the counted template moved through (obstacles, devices, remotes)."""
    overlapping: tuple[str, ...] = ()
    """Ids of everything the final base overlaps."""


@dataclass(frozen=True, slots=True)
class ManeuverFacts:
    """A small, medium or large ship's maneuver: how it went and what it met."""

    edition: str
    ship: str
    labels: Mapping[str, str]
    """Id → label of every piece a sentence may name."""
    bearing: str
    speed: int | None
    direction: str | None
    template_name: str
    executed: str
    """``full`` or ``partial``."""
    final: Pose
    met: tuple[Met, ...]
    resolved: Resolved
    skips_action: bool
    fled: bool
    past_edge: float = 0.0
    """How far (mm) its final base reaches past the table edge (0 on the table): the distance that makes it flee."""
    bumped: tuple[str, ...] = ()
    bump: Bump | None = None
    counted_length: float = 0.0
    template_length: float = 0.0
    sideslip_sides: tuple[str, str] = ("left", "right")
    """Side the template starts at, side that ends on it."""
    tallon_position: str | None = None
    tallon_tried: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Tallon roll: each position and the ships it would overlap."""
    ignored_blockers: tuple[str, ...] = ()
    """Ships it started overlapping (ignored for the bump)."""
    ignore_obstacles: bool = False
    ignored_obstacles: tuple[str, ...] = ()
    ending_on_obstacles: tuple[str, ...] = ()
    """Obstacles the final base overlaps and that are not ignored."""


@dataclass(frozen=True, slots=True)
class OptionFacts:
    """A barrel roll (or decloak roll) or a boost: every option tried, the one taken."""

    edition: str
    ship: str
    ship_size: str
    labels: Mapping[str, str]
    is_roll: bool
    direction: str | None
    """The barrel roll's side."""
    wanted: str
    """The position or boost the player asked for."""
    decloak: bool
    tractor: bool
    options: tuple[Option, ...]
    chosen: Option | None
    met: tuple[Met, ...] = ()
    resolved: Resolved = field(default_factory=Resolved)


@dataclass(frozen=True, slots=True)
class RotateFacts:
    """A ship rotated in place."""

    edition: str
    ship: str
    labels: Mapping[str, str]
    degrees: int
    final: Pose
    blockers: tuple[str, ...]
    overlapping: tuple[str, ...] = ()
    range_0_steps: tuple[Step, ...] = ()
    cannot_attack: bool = False


@dataclass(frozen=True, slots=True)
class HugeFacts:
    """A huge ship's maneuver, applied to the final position measured on the table."""

    edition: str
    ship: str
    labels: Mapping[str, str]
    speed: int
    obstacles: tuple[tuple[str, str, str | None], ...]
    """Each obstacle the final base overlaps: id, type, its huge-ship effect (None where the appendix is silent)."""
    huge_ships: tuple[str, ...] = ()
    """Huge ships it would overlap: it executes the maneuver again one speed lower."""
    standard_ships: tuple[str, ...] = ()
    """Standard ships it overlaps: damaged and set aside."""
    dice: int = 0
    """Attack dice it rolls for the standard ships (1/2/3 per small/medium/large)."""
    fled: bool = False
