"""Obstacle setup check and obstacles placed during play.

Setup: each player places three obstacles, no two of the same shape, each
beyond range 1 of every other obstacle and beyond range 2 of every edge.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from shapely import LineString

from rules.engine.geometry import contact, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario, derive, with_kind
from rules.engine.xwing.contacts import MoveContacts, Touch
from rules.engine.xwing.narration.common import and_list
from rules.engine.xwing.pieces import outline, ship_outline
from rules.engine.xwing.resolve import cid, resolve_contacts
from rules.engine.xwing.shapes import type_words

OBSTACLES_PER_PLAYER = 3
SPACING = 100.0
EDGE_SPACING = 200.0


def check_setup_ruling(scenario: Scenario) -> Ruling:
    ed = scenario.edition
    obstacles = scenario.of_kind("obstacle")
    violations: list[dict[str, Any]] = []
    steps: list[Step] = []
    figures: list[Figure] = []
    selection = cid(ed, "obstacles/setup-selection")
    placement = cid(ed, "setup/place-obstacles")

    kinds: list[str] = []
    """Per violation, what kind of rule it breaks: the steps summarise a kind with many."""
    gaps: dict[tuple[str, str], Figure] = {}
    apart: dict[tuple[str, str], float] = {}
    to_edge: dict[int, Figure] = {}
    """Per edge violation (by its index), the shortest line from the obstacle to that edge: the picture
    frames it, so the edge an obstacle is too close to is in view."""

    def violate(pieces: list[str], rule: str, message: str, kind: str = "selection") -> None:
        violations.append({"pieces": pieces, "rule": rule, "message": message})
        kinds.append(kind)

    unowned = [o.id for o in obstacles if o.player is None]
    if unowned:
        violate(unowned, selection, "every setup obstacle needs a player (1 or 2)")
    per_player = Counter(o.player for o in obstacles if o.player is not None)
    for player in (1, 2):
        n = per_player.get(player, 0)
        if n != OBSTACLES_PER_PLAYER:
            mine = [o.id for o in obstacles if o.player == player]
            violate(mine, selection, f"player {player} has {n} obstacles; each player places exactly three")
        shapes = Counter(o.get("shape") for o in obstacles if o.player == player and o.get("shape"))
        for shape, count in shapes.items():
            if count > 1:
                dup = [o.id for o in obstacles if o.player == player and o.get("shape") == shape]
                violate(dup, selection, f"player {player} brings shape {shape} {count} times; no duplicate shapes")
    w, h = scenario.table
    edges = {
        "the first player's edge": LineString([(0, 0), (w, 0)]),
        "the second player's edge": LineString([(0, h), (w, h)]),
        "the left edge": LineString([(0, 0), (0, h)]),
        "the right edge": LineString([(w, 0), (w, h)]),
    }
    for i, a in enumerate(obstacles):
        pa = outline(a)
        for b in obstacles[i + 1 :]:
            d = pa.distance(outline(b))
            if d <= SPACING:
                violate(
                    [a.id, b.id],
                    placement,
                    f"{a.label} and {b.label} are {d:.1f} mm apart: within range 1 of each other",
                    "spacing",
                )
                apart[(a.id, b.id)] = d
                gaps[(a.id, b.id)] = Figure(f"gap-{a.id}-{b.id}", "line", _nearest(pa, outline(b)), f"{d:.1f} mm")
        for name, edge in edges.items():
            d = pa.distance(edge)
            if d <= EDGE_SPACING:
                to_edge[len(violations)] = Figure(
                    f"edge-{a.id}-{len(to_edge)}", "line", _nearest(pa, edge), f"{d:.1f} mm"
                )
                violate([a.id], placement, f"{a.label} is {d:.1f} mm from {name}: within range 2 of it", "edge")
    for kind in dict.fromkeys(kinds):
        same = [v for v, k in zip(violations, kinds, strict=True) if k == kind]
        edge_lines = [to_edge[i] for i, k in enumerate(kinds) if k == kind and i in to_edge]
        if len(same) <= SUMMARY_AFTER:
            for v in same:
                steps.append(
                    Step(
                        v["message"],  # it opens with a piece's name: a user's label is shown as typed
                        "This breaks the setup rule cited.",
                        (v["rule"],),
                        tuple(v["pieces"]),
                        states=("legal:no", f"violations:{v['rule']}"),
                    )
                )
                if kind == "spacing":
                    figures.append(gaps[(v["pieces"][0], v["pieces"][1])])
            figures += edge_lines
        else:
            step, shown = _summary(kind, same, gaps, apart)
            steps.append(step)
            figures += shown + edge_lines[:SUMMARY_NAMES]
    if not violations:
        steps.append(
            Step(
                "The setup is legal",
                "Three obstacles per player with no duplicate shapes, each beyond range 1 (100 mm) of the "
                "others and beyond range 2 (200 mm) of every edge.",
                (placement, selection),
                tuple(o.id for o in obstacles),
                states=("legal",),
            )
        )
    outcome = {"legal": not violations, "violations": violations}
    n = len(violations)
    summary = "The obstacle setup is legal." if not n else f"The setup breaks {'1 rule' if n == 1 else f'{n} rules'}."
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary)


SUMMARY_AFTER = 6
"""Violations of one kind listed one step each; beyond this, one step sums them up (a table of 60
obstacles has up to 1,770 pairs: one step a pair made a 2 MB page nobody reads)."""
SUMMARY_NAMES = 6
"""Violations a summary names (the closest first); the facts (``outcome.violations``) list every one."""


def _summary(
    kind: str,
    mine: list[dict[str, Any]],
    gaps: dict[tuple[str, str], Figure],
    apart: dict[tuple[str, str], float],
) -> tuple[Step, list[Figure]]:
    """One step for many violations of one kind: how many, the first few, and the rule."""
    n = len(mine)
    named = [v["message"] for v in mine[:SUMMARY_NAMES]]
    if kind == "spacing":
        closest = sorted(mine, key=lambda v: apart[(v["pieces"][0], v["pieces"][1])])
        named = [v["message"] for v in closest[:SUMMARY_NAMES]]
        shown = [gaps[(v["pieces"][0], v["pieces"][1])] for v in closest[:SUMMARY_NAMES]]
        title = f"{n} pairs of obstacles are within range 1 of each other"
    elif kind == "edge":
        shown = []
        title = f"{n} obstacles are within range 2 of an edge"
    else:
        shown = []
        title = f"{n} obstacle selection rules are broken"
    more = n - len(named)
    text = (
        ("The closest: " if kind == "spacing" else "")
        + "; ".join(named)
        + (f"; and {more} more (every one is listed in the facts)." if more else ".")
        + " Each breaks the setup rule cited."
    )
    pieces = tuple(dict.fromkeys(p for v in mine for p in v["pieces"]))
    rules = tuple(dict.fromkeys(v["rule"] for v in mine))
    return Step(title, text, rules, pieces, states=("legal:no", *(f"violations:{r}" for r in rules))), shown


def _nearest(a: Any, b: Any) -> tuple[tuple[float, float], ...]:
    from shapely.ops import nearest_points

    p, q = nearest_points(a, b)
    return ((p.x, p.y), (q.x, q.y))


def place_obstacle_ruling(scenario: Scenario) -> Ruling:
    """An obstacle placed during play: every ship it ends up under resolves the overlap."""
    ed = scenario.edition
    placed_doc = scenario.to_dict()["action"]["obstacle"]
    with_obstacle = derive(scenario, action={"type": "check-setup"}, add=[placed_doc])
    ob: Piece = with_obstacle.piece(placed_doc["id"])
    shape = outline(ob)
    steps = [
        Step(
            f"{with_kind(ob.label, type_words(str(ob.type)))} is placed",
            "Where it is placed, each ship whose base it overlaps resolves the effect of overlapping it; a ship "
            "it only touches does not.",
            (cid(ed, "obstacles/placed-under"),),
            (ob.id,),
        )
    ]
    figures = [Figure("placed", "area", ring(shape), ob.label)]
    effects: list[dict[str, Any]] = []
    under: list[str] = []
    for ship in with_obstacle.of_kind("ship"):
        poly = ship_outline(ship)
        c = contact(poly, shape)
        if not c.overlapping:
            if c.touching:
                steps.append(
                    Step(
                        f"{ship.label} only touches it",
                        "Touching is not overlapping: no effect, but the ship is at range 0 of it.",
                        (cid(ed, "geometry/touching"),),
                        (ship.id, ob.id),
                        derived=True,
                    )
                )
            continue
        under.append(ship.id)
        if ship.size == "huge":
            effects.append(_huge_ship_effect(ed, ship, ob))
            steps.append(replace(_huge_ship_step(ed, ship, ob), states=(f"overlapping_ships:{ship.id}",)))
            figures.append(Figure(f"contact-{ship.id}", "overlap", ring(poly.intersection(shape)), ship.label))
            continue
        touch = Touch(ob, False, True, None, 0.0, None, c)
        res = resolve_contacts(with_obstacle, ship.id, MoveContacts((touch,)), move="placed")
        for e in res.effects:
            effects.append({**e, "ship": ship.id})
        steps.append(
            Step(
                f"{ship.label} overlaps it and resolves its effect",
                "An obstacle placed so that a ship overlaps it makes that ship resolve the effect of "
                "overlapping it (no action step is skipped: the ship did not end a maneuver on it).",
                (cid(ed, "obstacles/placed-under"),),
                (ship.id, ob.id),
                states=(f"overlapping_ships:{ship.id}",),
            )
        )
        steps += res.steps
        figures.append(Figure(f"contact-{ship.id}", "overlap", ring(poly.intersection(shape)), ship.label))
    if not under:
        steps.append(
            Step(
                "No ship is under it",
                "No ship's base shares area with the placed obstacle.",
                (cid(ed, "obstacles/placed-under"),),
                (ob.id,),
                states=("overlapping_ships:none",),
            )
        )
    outcome = {"overlapping_ships": under, "effects": effects}
    summary = (
        f"{ob.label} is placed under {and_list([scenario.names([i]) for i in under])}."
        if under
        else f"{ob.label} is placed under no ship."
    )
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary)


HUGE_EFFECTS = {
    "asteroid": "the huge ship suffers 1 critical damage and gains 1 stress token",
    "debris-cloud": "the huge ship suffers 1 critical damage and gains 1 stress token",
    "gas-cloud": "the huge ship gains 1 jam token",
}


def _huge_ship_effect(ed: str, ship: Piece, ob: Piece) -> dict[str, Any]:
    text = HUGE_EFFECTS.get(str(ob.type))
    return {
        "source": ob.id,
        "ship": ship.id,
        "trigger": "overlap",
        "rule": cid(ed, "obstacles/huge-ships"),
        "text": (
            f"The obstacle is removed; {text}. The huge ship does not skip its Perform Action step."
            if text
            else "The huge-ship appendix gives no effect for this obstacle type: not ruled."
        ),
    }


def _huge_ship_step(ed: str, ship: Piece, ob: Piece) -> Step:
    text = HUGE_EFFECTS.get(str(ob.type))
    if text is None:
        return Step(
            f"{ship.label} is a huge ship: the appendix is silent on {type_words(str(ob.type))}",
            "Appendix: Huge Ships only covers asteroids, debris clouds and gas clouds; for this obstacle there is "
            "no ruling to give: agree on it at the table or ask your tournament organiser.",
            (cid(ed, "obstacles/huge-ships"),),
            (ship.id, ob.id),
            derived=True,
        )
    return Step(
        f"{ship.label} is a huge ship: {ob.label} is removed",
        f"A huge ship that overlaps an obstacle removes it; {text}. It does not skip its Perform Action step.",
        (cid(ed, "obstacles/huge-ships"),),
        (ship.id, ob.id),
    )
