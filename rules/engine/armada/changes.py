"""Armada corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario


def starts_overlapping(scenario: Scenario) -> bool:
    """Ships or squadrons that overlap before anything moves (``armada.start``)."""
    from rules.engine.armada.start import start_overlaps

    return bool(start_overlaps(scenario))


def squadron_ends_on_a_station(scenario: Scenario) -> bool:
    """A squadron's own move that ends on a station."""
    if scenario.action.get("type") != "move-squadron":
        return False
    from rules.engine.armada.squadrons import move_facts

    return any(end.type == "station" for end in move_facts(scenario).obstacles)


def maneuver_ruled_differently(scenario: Scenario) -> bool:
    """A maneuver whose tool went to the other side, or that a gravity rift, a proximity mine or a purrgil
    after a ram acts on: the rulings issue 21 corrected."""
    if scenario.action["type"] != "maneuver":
        return False
    from rules.engine.armada.maneuver import maneuver_facts

    f = maneuver_facts(scenario)
    purrgil_after_ram = f.speed != f.dialled and any(h.type == "purrgil" for h in f.obstacles)
    return f.tool.side_used != f.tool.side or bool(f.rifts or f.mines) or purrgil_after_ram


def moves_with_minimum_or_toward(scenario: Scenario) -> bool:
    """An obstacle or token move given a minimum distance or a piece to move toward."""
    a = scenario.action
    return a["type"] in ("move-obstacle", "move-token") and (bool(a.get("min_distance")) or bool(a.get("toward")))


def moved_without_turning_too_far(scenario: Scenario) -> bool:
    """An obstacle or token moved without rotating, refused: it used to be refused by the rotation rule too."""
    a = scenario.action
    if a["type"] not in ("move-obstacle", "move-token"):
        return False
    from rules.engine.armada.obstacles import move_facts

    facts, _ = move_facts(scenario)
    return not facts["rotated"] and bool(facts["broken"])


def attack_with_a_large_or_huge_ship(scenario: Scenario) -> bool:
    """An attack from or at a large or huge ship: its token's arc lines were corrected."""
    a = scenario.action
    if a["type"] != "attack":
        return False
    sizes = {p.size for p in scenario.pieces if p.id in (a.get("attacker"), a.get("defender")) and p.kind == "ship"}
    return bool(sizes & {"large", "huge"})


def move_among_concave_shapes(scenario: Scenario) -> bool:
    """An obstacle or token move where the moved piece or another piece has a concave outline: its legal
    region used that outline's convex hull."""
    if scenario.action["type"] not in ("move-obstacle", "move-token"):
        return False
    from rules.engine.armada.pieces import footprint

    def concave(shape: object) -> bool:
        hull = getattr(shape, "convex_hull", None)
        area = float(getattr(shape, "area", 0.0))
        return hull is not None and hull.area - area > 1e-6 * max(area, 1.0)

    return any(concave(footprint(p)) for p in scenario.pieces)


CHANGES = (
    Change(
        version=3,
        date="2026-11-25",
        game="armada",
        title="Ships and squadrons that overlap before anything moves are named",
        text=(
            "A situation whose ships or squadrons already overlap (dial frames included; touching is not "
            "overlapping) cannot happen on a real table. Its ruling used to go ahead without a word; it now "
            "warns, naming the pieces, and its first step says what the ruling assumed. Two library examples "
            "started that way (a flotilla ram whose ships' dial frames overlapped, and a ram at the table edge "
            "whose ships overlapped): they were redrawn so that nothing overlaps at the start."
        ),
        affects=starts_overlapping,
    ),
    Change(
        version=4,
        date="2026-11-25",
        game="armada",
        title="A squadron on a station may recover a hull point",
        text=(
            "A squadron that ends its move on a station can recover 1 hull point: the ruling said it recovers "
            "one, as if it had no choice. Its effect now reads that it may."
        ),
        affects=squadron_ends_on_a_station,
    ),
    Change(
        version=5,
        date="2026-11-25",
        game="armada",
        title="Maneuvers: the tool goes to the other side; gravity rifts and proximity mines act on a maneuver",
        text=(
            "A ship whose final position would overlap the maneuver tool was still placed (and its rams, squadrons "
            "and obstacles ruled) from the side declared; it is now reset and placed with the tool on its other "
            "side, as the Ship Movement rule says. A ship at distance 1–2 of a gravity rift when it determines its "
            "course now moves one speed slower; a ship that ends at distance 1 of a proximity mine now resolves it "
            "(the mine is removed, 2 blue dice: one facedown damage card per hit or critical). A purrgil's damage "
            "after a ram is the speed on the dial, which the ruling had left open."
        ),
        affects=maneuver_ruled_differently,
    ),
    Change(
        version=6,
        date="2026-11-25",
        game="armada",
        title='Obstacle and token moves: equally close points, staying when blocked, a minimum without "toward"',
        text=(
            "Toward a piece whose closest points are not unique (two straight edges facing each other), the ruler "
            "may now start from any of them, so a move straight at a flat side is no longer refused for being off "
            "the centre line; a refusal for the centre line now says which way and how far to go. A piece with a "
            "minimum that already touches its target, or cannot get any closer to it, may now stay where it is "
            '(it was refused). A minimum given without "toward" is now cited as our own reading of the rules '
            "(it was cited as the toward rule), and a piece that cannot move in any direction may stay."
        ),
        affects=moves_with_minimum_or_toward,
    ),
    Change(
        version=8,
        date="2026-11-25",
        game="armada",
        title="An obstacle moved without rotating is not refused by the rotation rule",
        text=(
            "An obstacle moved past the end line of its maximum distance without being rotated was refused twice: "
            "for the end line (the rule that applies) and for ending beyond that distance of its original "
            "position, which is the limit on rotating it. The second reason is now given only when the obstacle "
            "is rotated. No move changed from legal to refused or back."
        ),
        affects=moved_without_turning_too_far,
    ),
    Change(
        version=9,
        date="2026-11-28",
        game="armada",
        title="Large and huge ship tokens: arc lines read from a simulator's rulers",
        text=(
            "The arc lines of a large and a huge ship token were estimates (a Victory-class token scaled up; lines "
            "placed by eye). They are now read from the Tabletop Simulator Armada mod's range rulers for the "
            "Imperial-class and the Super Star Destroyer: a large token's lines start 15.6 mm behind its middle "
            "(not 4.75 mm ahead), the front lines 48° from the side; a huge token's three lines start 76.6, 200.6 "
            "and 312.4 mm behind its front. An attack from or at such a ship may find a defender in another arc, "
            "at another range, or its line of sight through another hull zone. Token sizes and targeting points "
            "are still estimates."
        ),
        affects=attack_with_a_large_or_huge_ship,
    ),
    Change(
        version=10,
        date="2026-11-28",
        game="armada",
        title="Obstacle and token moves: a concave piece's notch is open",
        text=(
            "The legal region of an obstacle or token move treated a concave outline (a U-shaped or notched "
            "piece, the moved one or one in its way) as its convex hull, so the inside of a notch was drawn as "
            "blocked and a destination inside it was said to lie outside the region, although the move itself "
            "was ruled legal. Each concave outline is now split into convex parts: the notch is drawn open and "
            "the nearest legal spot may lie inside it. A verdict that rests on the region (a minimum distance, or "
            '"as far as possible" toward a piece) may change.'
        ),
        affects=move_among_concave_shapes,
    ),
)
