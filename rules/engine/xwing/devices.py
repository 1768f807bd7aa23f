"""Dropping and launching devices: where the token lands, what it is under, what happens.

Drop: the card's template between the ship's rear guides; launch: between its
front guides.  The device's guides slide into the far end of the template, so
its centre lies ``guide_offset`` beyond the template end and it faces away from
the ship (its guides face back along the template).  The guides are part of the
device for overlap and range.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Pose, contact, overlaps, range_band, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario, derive
from rules.engine.xwing import narrate_devices as say
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.effects import BOMB_ROLLS, MINE_EFFECTS
from rules.engine.xwing.facts import Fact, Voice, tell
from rules.engine.xwing.paths import ChordPath, Frame, TemplateSpec
from rules.engine.xwing.pieces import outline, play_area, ship_length, ship_outline, ship_pose, ship_square
from rules.engine.xwing.remotes import relocate_remote_ruling
from rules.engine.xwing.resolve import cid, effect_facts


@dataclass(frozen=True, slots=True)
class DeviceCard:
    """What the device's card says about placing it (xwing-rules.md §2.1)."""

    name: str
    category: str  # "bomb" or "mine"
    templates: tuple[TemplateSpec, ...]
    clause: str
    reach: int = 1
    """Bombs: ships at range 0..reach detonate with it (electro-proton: 2)."""
    note: str = ""
    modes: tuple[str, ...] = ("drop",)
    """How the card places it: "drop" (rear guides), "launch" (front guides)."""


_S1 = (TemplateSpec("straight", 1),)
CARDS: dict[str, DeviceCard] = {
    "proton-bomb": DeviceCard("Proton Bomb", "bomb", _S1, "device-card/proton-bomb"),
    "seismic-charge": DeviceCard(
        "Seismic Charge",
        "bomb",
        _S1,
        "device-card/seismic-charge",
        note="When it detonates, the placing player chooses 1 obstacle at range 0–1 of it; ships at range 0–1 of "
        "that obstacle are affected (not evaluated here).",
    ),
    "ion-bomb": DeviceCard("Ion Bomb", "bomb", _S1, "device-card/ion-bomb"),
    "thermal-detonator": DeviceCard(
        "Thermal Detonator",
        "bomb",
        (TemplateSpec("straight", 1), TemplateSpec("straight", 2)),
        "device-card/thermal-detonator",
    ),
    "bomblet": DeviceCard("Bomblet", "bomb", _S1, "device-card/bomblet"),
    "electro-proton-bomb": DeviceCard(
        "Electro-Proton Bomb",
        "bomb",
        _S1,
        "device-card/electro-proton-bomb",
        reach=2,
        note="It is placed with 1 fuse marker, so it normally detonates at the end of the following Activation Phase.",
    ),
    "concussion-bomb": DeviceCard("Concussion Bomb", "bomb", _S1, "device-card/concussion-bomb"),
    "blazer-bomb": DeviceCard(
        "Blazer Bomb",
        "bomb",
        _S1,
        "device-card/blazer-bomb",
        note="When it detonates, a Blaze obstacle is placed, guides fitted to the bomb's tab, with 1 fuse marker.",
    ),
    "proximity-mine": DeviceCard("Proximity Mine", "mine", _S1, "device-card/proximity-mine"),
    "cluster-mine": DeviceCard(
        "Cluster Mines",
        "mine",
        _S1,
        "device-card/cluster-mines",
        note="The centre mine is placed at the template; the two others in its recesses.",
    ),
    "conner-net": DeviceCard("Conner Net", "mine", _S1, "device-card/conner-net"),
    # obstacles placed like devices (xwing-rules.md §2.1): obstacles once placed
    "loose-cargo": DeviceCard(
        "Rigged Cargo Chute",
        "obstacle",
        _S1,
        "obstacles/loose-cargo",
        note="Rigged Cargo Chute drops it as an action (medium and large ships).",
    ),
    "spare-parts": DeviceCard(
        "Spare Parts Canisters",
        "obstacle",
        _S1,
        "obstacles/spare-parts",
        note="The card names no template: it is dropped with the [1 straight] like other devices (derived).",
    ),
    "electro-chaff-cloud": DeviceCard(
        "Electro-Chaff Missiles",
        "obstacle",
        (TemplateSpec("bank", 3, -1), TemplateSpec("bank", 3, 1), TemplateSpec("straight", 4)),
        "obstacles/electro-chaff-cloud",
        note="It is launched in the System Phase and gets 1 fuse marker.",
        modes=("launch",),
    ),
}


@dataclass(frozen=True)
class PlacedToken:
    id: str
    shape: str
    pose: Pose
    polygon: Polygon


TRAJECTORY_SIMULATOR = TemplateSpec("straight", 5)
"""Trajectory Simulator: a bomb launched with the [5 straight] (xwing-geometry.md §4.2)."""


def template_words(spec: TemplateSpec) -> str:
    """A template as the dial and the menus name it: "3 bank right", "4 straight"."""
    if spec.bearing == "straight":
        return f"{spec.speed} straight"
    return f"{spec.speed} {spec.bearing} {'right' if spec.side > 0 else 'left'}"


def landed_name(device_type: str, card: DeviceCard) -> str:
    """What lands, as the table names it: an obstacle a card places by its own name ("Electro-Chaff Cloud",
    "loose cargo"), any other device by its card's ("Proton Bomb")."""
    return shape_catalog.type_words(device_type) if card.category == "obstacle" else card.name


def template_choices(card: DeviceCard, verb: str) -> list[tuple[TemplateSpec, str]]:
    """The templates a device may be placed with (``verb``: "drop" or "launch"), and the card that allows
    each: its own card's templates (a bomb launched, by Constable Zuvio or a Bombardment Drone, keeps them),
    and for a bomb launched also Trajectory Simulator's [5 straight] (xwing-rules.md §2.4)."""
    out = [(t, card.name) for t in card.templates]
    if verb == "launch" and card.category == "bomb" and TRAJECTORY_SIMULATOR not in card.templates:
        out.append((TRAJECTORY_SIMULATOR, "Trajectory Simulator"))
    return out


def template_spec(tmpl: dict[str, Any] | None, card: DeviceCard) -> TemplateSpec:
    if not tmpl:
        return card.templates[0]
    side = -1 if tmpl.get("direction") == "left" else 1
    return TemplateSpec(str(tmpl["bearing"]), int(tmpl["speed"]), side)


def place_device(
    ship: Piece, device_id: str, device_type: str, spec: TemplateSpec, *, drop: bool
) -> tuple[Polygon, list[PlacedToken]]:
    """The template and the device token(s) for a drop (rear guides) or a launch (front guides)."""
    b = ship_length(ship)
    path = ChordPath(spec, b)
    frame = Frame(ship_pose(ship), reverse=drop)
    template = frame.polygon(path.template())
    shape_id = shape_catalog.default_shape_for_type(device_type)
    shape = shape_catalog.get_shape(shape_id)
    assert shape is not None
    d = float(shape.guide_offset or 0.0)
    end = path.full_pose()  # rear hashmark of a ship = the template end; its centre is b/2 beyond it
    fx, fy = end.forward
    ex, ey = end.x - fx * b / 2, end.y - fy * b / 2
    local = Pose(ex + fx * d, ey + fy * d, end.heading)
    centre = frame.pose(local)
    if drop:
        centre = Pose(centre.x, centre.y, centre.heading + 180)
    tokens = [
        PlacedToken(
            device_id, shape_id, centre, shape_catalog.shape_polygon(shape_id, centre.x, centre.y, centre.heading)
        )
    ]
    if device_type == "cluster-mine":
        side_id = "cluster-mine-side"
        for i, (ox, oy) in enumerate(shape_catalog.CLUSTER_SIDE_OFFSETS, start=2):
            p = centre.compose(Pose(ox, oy, 0.0))
            tokens.append(
                PlacedToken(f"{device_id}-{i}", side_id, p, shape_catalog.shape_polygon(side_id, p.x, p.y, p.heading))
            )
    return template, tokens


def template_effects(card: DeviceCard, spec: TemplateSpec, *, drop: bool) -> list[str]:
    """Cards that let a device be placed with a template other than its card's (xwing-rules.md §2.4)."""
    base = card.templates[0]
    out = []
    if card.category == "bomb" and not drop and spec == TemplateSpec("straight", 5):
        out.append("Trajectory Simulator (launch a bomb with the [5 straight])")
    if drop and spec.bearing == "bank" and spec.speed == base.speed and base.bearing == "straight":
        out.append("Nimble Bomber (TIE/sa: a bank of the same speed instead of the straight)")
    if spec.bearing == base.bearing and abs(spec.speed - base.speed) == 1:
        out.append("Skilled Bombardier (same bearing, speed ±1)")
    if drop and spec.speed == 1:
        out.append("Sol Sixxa (any speed-1 template)")
    if drop and spec.speed == 3 and spec.bearing in ("turn", "straight"):
        out.append("Emon Azzameen ([3 turn] or [3 straight] instead)")
    if not drop and spec in card.templates:
        out.append("Constable Zuvio or Bombardment Drone (launch instead of drop)")
    return out


@dataclass
class DeviceFindings:
    """What a device ruling found, before words (``narrate_devices`` tells it)."""

    outcome: dict[str, Any]
    facts: list[Fact] = field(default_factory=list)
    cautions: list[Fact] = field(default_factory=list)
    """Results too close to call (told as warnings)."""
    figures: list[Figure] = field(default_factory=list)
    verdict: Fact | None = None
    then: tuple[Step, ...] = ()
    """Steps of the obstacle a device becomes once placed (``setup``'s ruling, told after these facts)."""
    then_warnings: tuple[str, ...] = ()


def _told(scenario: Scenario, found: DeviceFindings) -> Ruling:
    voice = Voice(scenario.edition, scenario.names)
    assert found.verdict is not None
    return Ruling(
        found.outcome,
        tell(say.SENTENCES, found.facts, voice) + found.then,
        tuple(say.warning(c, voice) for c in found.cautions) + found.then_warnings,
        tuple(found.figures),
        say.verdict(found.verdict, voice),
    )


def device_findings(scenario: Scenario) -> DeviceFindings | None:
    """The findings of any device action (None for a remote relocated: ``remotes`` rules that)."""
    kind = scenario.action["type"]
    if kind in ("drop", "launch"):
        return drop_findings(scenario)
    if kind == "place-device":
        return place_device_findings(scenario)
    if kind == "relocate-device":
        return relocate_device_findings(scenario)
    if kind == "detonate":
        return detonate_findings(scenario)
    raise ValueError(kind)


def device_ruling(scenario: Scenario) -> Ruling:
    """A drop or launch: legality, the landing spot, what it is under, and what happens next."""
    return _told(scenario, drop_findings(scenario))


def drop_findings(scenario: Scenario) -> DeviceFindings:
    action = scenario.action
    drop = action["type"] == "drop"
    verb = "drop" if drop else "launch"
    ship = scenario.piece(action["ship"])
    dev = action["device"]
    card = CARDS[dev["type"]]
    spec = template_spec(action.get("template"), card)
    found = DeviceFindings(_empty_outcome())
    if not _limits(ship, verb, found, scenario.edition):
        found.verdict = Fact("cannot-place", {"ship": ship.id, "verb": verb, "card": card.name})
        return found

    template, tokens = place_device(ship, dev["id"], dev["type"], spec, drop=drop)
    found.figures.append(Figure("template", "template", ring(template), spec.name))
    default = verb in card.modes and spec in card.templates
    allowed_by = [] if default else template_effects(card, spec, drop=drop)
    found.outcome["template"] = {"name": spec.name, "card_default": default, "needs_effect": allowed_by}
    found.facts.append(
        Fact(
            "template",
            {
                "verb": verb,
                "template": spec.name,
                "guides": "rear" if drop else "front",
                "ship": ship.id,
                "card": card.name,
                # an obstacle dropped like a device has its own guides, not its card's (loose cargo)
                "obstacle": shape_catalog.type_words(dev["type"]) if card.category == "obstacle" else None,
                "clause": card.clause,
                "card_templates": tuple(t.name for t in card.templates),
                "default": default,
                "allowed_by": tuple(allowed_by),
            },
            ("template", *[t.id for t in tokens]),
        )
    )
    if card.category == "obstacle":
        _obstacle_landing(scenario, card, dev, tokens[0], found)
    else:
        _landing(scenario, card, dev["type"], tokens, found, "dropped" if drop else "launched")
    if found.verdict is not None and len(template_choices(card, verb)) > 1:
        # the template was a choice (the setup page offers it): the answer names the one used
        named = {"template": template_words(spec), "verb": "dropped" if drop else "launched"}
        found.verdict = replace(found.verdict, data={**found.verdict.data, **named})
    return found


def _obstacle_landing(
    scenario: Scenario, card: DeviceCard, dev: dict[str, Any], token: PlacedToken, found: DeviceFindings
) -> DeviceFindings:
    """An obstacle placed with a template: the device rules place it, then it is an obstacle on the table."""
    from rules.engine.xwing.setup import place_obstacle_ruling  # setup imports this module's siblings

    obstacle = shape_catalog.type_words(dev["type"])
    # the table shows what lands (the Electro-Chaff Cloud), not the card that placed it
    label = obstacle[:1].upper() + obstacle[1:]
    found.figures.append(Figure(f"device-{token.id}", "device", ring(token.polygon), label))
    if not play_area(scenario).covers(token.polygon):
        found.outcome["reason"] = "part of it would be outside the play area"
        found.facts.append(Fact("obstacle-outside", {}, (token.id,)))
        found.verdict = Fact("not-placed", {"card": obstacle})
        return found
    pose = token.pose.rounded()
    placing = {
        "type": "place-obstacle",
        "obstacle": {
            "id": dev["id"],
            "kind": "obstacle",
            "type": dev["type"],
            "shape": token.shape,
            "x": pose["x"],
            "y": pose["y"],
            "rotation": pose["heading"],
        },
    }
    placed = place_obstacle_ruling(derive(scenario, action=placing))
    found.outcome.update(placed.outcome)
    found.outcome.update(placed=True, device={"id": dev["id"], "type": dev["type"], **pose})
    found.outcome["under"] = list(placed.outcome.get("overlapping_ships", []))
    found.facts.append(
        Fact(
            "obstacle-lands",
            {"obstacle": obstacle, "note": card.note, "clause": card.clause},
            (f"device-{token.id}",),
        )
    )
    found.then = placed.steps
    found.then_warnings = placed.warnings
    found.figures += [f for f in placed.figures if f.id != "placed"]
    found.verdict = Fact("obstacle-placed", {"obstacle": obstacle, "under": tuple(found.outcome["under"])})
    return found


def _landing(
    scenario: Scenario,
    card: DeviceCard,
    device_type: str,
    tokens: list[PlacedToken],
    found: DeviceFindings,
    how: str,
    *,
    relocated: bool = False,
    fuses: int = 0,
) -> DeviceFindings:
    """Where the device ends up: off the table, under which ships, what detonates, what waits."""
    outcome = found.outcome
    play = play_area(scenario)
    outside = [t.id for t in tokens if not play.covers(t.polygon)]
    for n, t in enumerate(tokens, start=1):
        found.figures.append(
            Figure(f"device-{t.id}", "device", ring(t.polygon), say.token_name(card.name, len(tokens), n))
        )
    if outside:
        outcome["reason"] = "part of the device would be outside the play area"
        found.facts.append(Fact("outside", {}, tuple(outside)))
        found.verdict = Fact("not-placed", {"card": card.name})
        return found
    main = tokens[0]
    outcome["placed"] = True
    outcome["device"] = {"id": main.id, "type": device_type, **main.pose.rounded()}
    if len(tokens) > 1:
        outcome["parts"] = [{"id": t.id, **t.pose.rounded()} for t in tokens]
    under_by_token: dict[str, list[str]] = {}
    for n, t in enumerate(tokens, start=1):
        for other in scenario.of_kind("ship"):
            c = contact(ship_outline(other), t.polygon)
            if c.close_call:
                found.cautions.append(
                    Fact("near-ship", {"card": card.name, "tokens": len(tokens), "n": n, "ship": other.id})
                )
            if c.overlapping:
                under_by_token.setdefault(t.id, []).append(other.id)
    under = sorted({s for ss in under_by_token.values() for s in ss})
    outcome["under"] = under
    found.facts.append(
        Fact("lands", {"how": how, "under": tuple(under)}, (*[f"device-{t.id}" for t in tokens], *under))
    )
    if card.category == "mine" and under:
        outcome["detonates"] = True
        several = any(len(v) > 1 for v in under_by_token.values())
        outcome["placer_chooses"] = several
        found.facts.append(
            Fact(
                "mine-detonates",
                {"several": several, "tokens": len(tokens), "clause": card.clause, "relocated": relocated},
                tuple(under),
            )
        )
        outcome["effects"] = _mine_effects(scenario, card, device_type, tokens, under_by_token, found, fuses)
        if fuses:
            outcome["detonates"] = False
    elif card.category == "bomb":
        reached = []
        for other in scenario.of_kind("ship"):
            band = range_band(ship_square(other).distance(main.polygon))
            if band is not None and band <= card.reach:
                reached.append(other.id)
        outcome["in_blast_now"] = reached
        found.figures.append(
            Figure(
                f"blast-{main.id}",
                "area",
                ring(main.polygon.buffer(100.0 * card.reach, quad_segs=32)),
                say.blast_label(card.reach, None, Voice(scenario.edition, scenario.names)),
            )
        )
        found.facts.append(
            Fact(
                "bomb-waits",
                {
                    "reach": card.reach,
                    "reached": tuple(reached),
                    "note": card.note,
                    "clause": card.clause,
                    "under": bool(under),
                },
                (f"blast-{main.id}", *reached),
            )
        )
    elif card.note:
        found.facts.append(Fact("card-note", {"card": card.name, "note": card.note, "clause": card.clause}))
    touched_obstacles = tuple(
        o.id for o in scenario.of_kind("obstacle") if any(overlaps(t.polygon, outline(o)) for t in tokens)
    )
    if touched_obstacles:
        found.facts.append(
            Fact("on-obstacle", {"obstacles": touched_obstacles, "relocated": relocated}, touched_obstacles)
        )
    found.verdict = Fact(
        "placed",
        {
            "card": card.name,
            "how": how,
            "under": tuple(under),
            "detonates": outcome["detonates"],
            "effects": tuple(outcome.get("effects", ())),
        },
    )
    return found


def _mine_effects(
    scenario: Scenario,
    card: DeviceCard,
    device_type: str,
    tokens: list[PlacedToken],
    under_by_token: dict[str, list[str]],
    found: DeviceFindings,
    fuses: int,
) -> list[dict[str, Any]]:
    """What a mine placed under a ship does to it: the same effect, dice branches and odds as moving onto it.

    Each token (a cluster mine's three) detonates on its own; under several bases, the placing player
    picks the one ship it affects (``ship`` is then null and ``choose_from`` lists them).
    """
    ed = scenario.edition
    eff = MINE_EFFECTS[device_type]
    out: list[dict[str, Any]] = []
    on_table = {p.id: p.label for p in scenario.pieces}  # a relocated device is a piece; a dropped one is made
    for n, t in enumerate(tokens, start=1):
        ships = tuple(under_by_token.get(t.id, ()))
        if not ships:
            continue
        about = {"card": card.name, "tokens": len(tokens), "n": n, "ships": ships}
        name = on_table.get(t.id) or (card.name if len(tokens) == 1 else f"{card.name} {n}")
        if fuses:
            out.append(
                {
                    "source": t.id,
                    "name": name,
                    "trigger": "overlap",
                    "rule": cid(ed, "fuse/marker"),
                    "text": "Loses 1 fuse marker instead of detonating.",
                    "fuse_removed": True,
                }
            )
            found.facts.append(Fact("mine-fuse", about, (f"device-{t.id}", *ships)))
            continue
        given = scenario.dice.get(t.id)
        entry = effect_facts(ed, t.id, eff, "overlap", given)
        entry["name"] = name
        entry["ship"] = ships[0] if len(ships) == 1 else None
        if len(ships) > 1:
            entry["choose_from"] = list(ships)
        out.append(entry)
        found.facts.append(
            Fact(
                "mine-effect",
                {**about, "type": device_type, "clause": card.clause, "entry": entry, "given": given},
                (f"device-{t.id}", *ships),
            )
        )
    return out


def _limits(ship: Piece, verb: str, found: DeviceFindings, edition: str) -> bool:
    """The once-per-round (2.0) / once-per-System-Phase (2.5) and decloak limits; True when placing is allowed."""
    state = ship.get("state") or {}
    if state.get("placed_device"):
        limit = "once per round" if edition == "2.0" else "once per System Phase"
        found.outcome["reason"] = f"the ship already placed a device ({limit})"
        found.facts.append(Fact("limit", {"verb": verb}, (ship.id,)))
    if state.get("decloaked"):
        found.outcome["reason"] = "the ship decloaked this phase"
        found.facts.append(Fact("decloaked", {"verb": verb}, (ship.id,)))
    return not found.outcome["reason"]


def _empty_outcome() -> dict[str, Any]:
    return {"placed": False, "device": None, "under": [], "detonates": False, "placer_chooses": False, "reason": None}


def _token_at(device_id: str, device_type: str, shape_id: str | None, pose: Pose) -> list[PlacedToken]:
    shape_id = shape_id or shape_catalog.default_shape_for_type(device_type)
    tokens = [
        PlacedToken(device_id, shape_id, pose, shape_catalog.shape_polygon(shape_id, pose.x, pose.y, pose.heading))
    ]
    if device_type == "cluster-mine" and shape_id == "cluster-mine-centre":
        for i, (ox, oy) in enumerate(shape_catalog.CLUSTER_SIDE_OFFSETS, start=2):
            p = pose.compose(Pose(ox, oy, 0.0))
            side = "cluster-mine-side"
            tokens.append(
                PlacedToken(f"{device_id}-{i}", side, p, shape_catalog.shape_polygon(side, p.x, p.y, p.heading))
            )
    return tokens


def place_device_ruling(scenario: Scenario) -> Ruling:
    """A device placed as an effect describes (2.5's general verb): same landing rules as a drop."""
    return _told(scenario, place_device_findings(scenario))


def place_device_findings(scenario: Scenario) -> DeviceFindings:
    action = scenario.action
    dev = action["device"]
    card = CARDS[dev["type"]]
    found = DeviceFindings(_empty_outcome())
    ship = scenario.piece(action["ship"]) if action.get("ship") else None
    if ship is not None and not _limits(ship, "place a device", found, scenario.edition):
        found.verdict = Fact("cannot-place", {"ship": ship.id, "verb": "place", "card": card.name})
        return found
    pose = Pose(float(dev["x"]), float(dev["y"]), float(dev.get("heading") or 0.0))
    tokens = _token_at(dev["id"], dev["type"], dev.get("shape"), pose)
    found.facts.append(
        Fact(
            "place-as-described",
            {"card": card.name, "clause": card.clause},
            tuple(f"device-{t.id}" for t in tokens),
        )
    )
    return _landing(scenario, card, dev["type"], tokens, found, "placed")


def relocate_device_ruling(scenario: Scenario) -> Ruling:
    """A device on the table picked up and placed elsewhere: obstacles never count for it."""
    found = relocate_device_findings(scenario)
    return relocate_remote_ruling(scenario) if found is None else _told(scenario, found)


def relocate_device_findings(scenario: Scenario) -> DeviceFindings | None:
    action = scenario.action
    piece = scenario.piece(action["device"])
    if piece.kind == "remote":
        return None
    card = CARDS[str(piece.type)]
    to = action["to"]
    pose = Pose(float(to["x"]), float(to["y"]), float(to.get("heading") or 0.0))
    tokens = _token_at(piece.id, str(piece.type), piece.get("shape"), pose)
    found = DeviceFindings(_empty_outcome())
    found.facts.append(Fact("relocate", {"device": piece.id}, (piece.id,)))
    found.figures.append(Figure(f"was-{piece.id}", "ghost", ring(outline(piece)), say.BEFORE_LABEL))
    return _landing(
        scenario,
        card,
        str(piece.type),
        tokens,
        found,
        "relocated",
        relocated=True,
        fuses=int(piece.get("fuses") or 0),
    )


BOMB_EFFECTS: dict[str, str] = {
    "proton-bomb": "Each ship and remote at range 0–1 suffers 1 critical damage.",
    "seismic-charge": "The placing player chooses 1 obstacle at range 0–1 of it; each ship and remote at range 0–1 of "
    "that obstacle suffers 1 hit damage, then the obstacle is removed.",
    "ion-bomb": "Each ship at range 0–1 gains 3 ion tokens; each remote there suffers 1 hit damage.",
    "thermal-detonator": "Each ship and remote at range 0–1 rolls 1 attack die: focus, a ship gains 1 strain token; "
    "hit or crit, it suffers 1 matching damage.",
    "bomblet": "Each ship and remote at range 0–1 rolls 2 attack dice and suffers 1 hit damage per hit or crit.",
    "electro-proton-bomb": "Each ship at range 0–2 rolls 4 attack dice: per blank it loses 1 shield, "
    "per focus or hit it gains 1 ion token, per crit 1 disarm token (remotes at range 0–1 differ).",
    "concussion-bomb": "Each ship and remote at range 0–1 is dealt 1 facedown damage card; "
    "then each ship there exposes 1 damage card unless it gains 1 strain token.",
    "blazer-bomb": "Each ship and remote at range 0–1 rolls 1 attack die and suffers 1 hit damage per hit or crit; "
    "then a Blaze obstacle is placed at the bomb's tab.",
}


def _place_blaze(
    scenario: Scenario, bomb: Piece, polygon: Polygon, entry: dict[str, Any], found: DeviceFindings
) -> None:
    """A detonated Blazer Bomb leaves a Blaze: an obstacle with 1 fuse, guides fitted to the bomb's tab.

    Nobody measured the Blaze, so its outline is the bomb token's (marked ≈); fitted guide to
    tab, it covers the bomb's footprint (``polygon``) exactly.  Ships already under it do not resolve it now:
    nothing moved (derived); they do when they next move through or overlap it.
    """
    blaze_id = f"{bomb.id}-blaze"
    placed: dict[str, Any] = (
        {"x": bomb.get("x"), "y": bomb.get("y"), "heading": float(bomb.get("heading") or 0.0)}
        if bomb.get("x") is not None
        else {"outline": [[round(x, 2), round(y, 2)] for x, y in polygon.exterior.coords[:-1]]}
    )
    under = tuple(s.id for s in scenario.of_kind("ship") if overlaps(ship_outline(s), polygon))
    entry["places"] = {
        "id": blaze_id,
        "kind": "obstacle",
        "type": "blaze",
        "fuses": 1,
        **placed,
        "overlapping": list(under),
        "estimated": True,
    }
    found.figures.append(Figure(f"placed-{blaze_id}", "ghost", ring(polygon), say.BLAZE_LABEL))
    found.facts.append(
        Fact(
            "blaze-placed",
            {"bomb": bomb.id, "under": under, "clause": CARDS["blazer-bomb"].clause},
            (f"placed-{blaze_id}", bomb.id, *under),
        )
    )


def _bomb_rolls(
    scenario: Scenario, bomb: Piece, affected: list[str], entry: dict[str, Any], found: DeviceFindings
) -> None:
    """The dice each ship in reach rolls for a bomb, with every result's odds (``effects``, one per ship).

    The scenario's ``dice`` for the bomb are one roll: they decide the outcome only where one ship rolls.
    """
    roll = BOMB_ROLLS.get(str(bomb.type))
    if roll is None or not affected:
        return
    one = len(affected) == 1
    given = scenario.dice.get(bomb.id) if one else None
    effects = []
    for sid in affected:
        e = effect_facts(scenario.edition, bomb.id, roll, "detonation", given)
        e["name"] = bomb.label
        e["ship"] = sid
        effects.append(e)
    entry["effects"] = effects
    found.facts.append(
        Fact(
            "bomb-rolls",
            {
                "bomb": bomb.id,
                "type": str(bomb.type),
                "affected": tuple(affected),
                "unclear": not one and bomb.id in scenario.dice,
                "entry": effects[0],
                "given": given,
            },
            (bomb.id, *affected),
        )
    )


def detonate_ruling(scenario: Scenario) -> Ruling:
    """End of the Activation Phase: every bomb detonates (fused ones lose a fuse instead), first player's first."""
    return _told(scenario, detonate_findings(scenario))


def detonate_findings(scenario: Scenario) -> DeviceFindings:
    first = int(scenario.action.get("first_player") or 1)
    bombs = [p for p in scenario.of_kind("device") if CARDS[str(p.type)].category == "bomb"]
    order_key = {first: 0, 3 - first: 1}
    bombs.sort(key=lambda p: (order_key.get(p.player or 0, 2), p.id))
    found = DeviceFindings({})
    voice = Voice(scenario.edition, scenario.names)
    detonations: list[dict[str, Any]] = []
    if not bombs:
        found.facts.append(Fact("no-bombs"))
    if len(bombs) > 1:
        # a bomb of no player is listed after both players' own: the ruling says so rather than guess whose it is
        unowned = tuple(b.id for b in bombs if b.player not in (1, 2))
        found.facts.append(Fact("bomb-order", {"first": first, "unowned": unowned}, tuple(b.id for b in bombs)))
    for bomb in bombs:
        card = CARDS[str(bomb.type)]
        shape = outline(bomb)
        fuses = int(bomb.get("fuses") or 0)
        entry: dict[str, Any] = {
            "device": bomb.id,
            "type": bomb.type,
            "player": bomb.player,
            "rule": cid(scenario.edition, card.clause),
        }
        if fuses:
            entry.update(detonates=False, fuses_left=fuses - 1, affected=[])
            found.facts.append(Fact("bomb-fuse", {"bomb": bomb.id}, (bomb.id,)))
            detonations.append(entry)
            continue
        centre = shape
        reach = card.reach
        if bomb.type == "seismic-charge":
            target_id = bomb.get("target")
            target = scenario.piece(target_id) if target_id else None
            if target is None or range_band(shape.distance(outline(target))) not in (0, 1):
                entry.update(detonates=True, affected=[], obstacle=None)
                found.facts.append(Fact("seismic-no-target", {"bomb": bomb.id, "clause": card.clause}, (bomb.id,)))
                detonations.append(entry)
                continue
            centre = outline(target)
            entry["obstacle"] = target.id
        affected = [
            s.id
            for s in scenario.of_kind("ship")
            if (band := range_band(ship_square(s).distance(centre))) is not None and band <= reach
        ]
        remotes = [
            r.id
            for r in scenario.of_kind("remote")
            if (band := range_band(outline(r).distance(centre))) is not None and band <= min(reach, 1)
        ]
        entry.update(detonates=True, affected=affected, affected_remotes=remotes)
        found.figures.append(
            Figure(
                f"blast-{bomb.id}",
                "area",
                ring(centre.buffer(100.0 * reach, quad_segs=32)),
                say.blast_label(reach, bomb.id, voice),
            )
        )
        found.facts.append(
            Fact(
                "bomb-detonates",
                {
                    "bomb": bomb.id,
                    "card": card.name,
                    "affected": tuple(affected),
                    "remotes": tuple(remotes),
                    "effect": BOMB_EFFECTS[str(bomb.type)],
                    "obstacle": entry.get("obstacle"),
                    "clause": card.clause,
                },
                (f"blast-{bomb.id}", bomb.id, *affected, *remotes),
            )
        )
        _bomb_rolls(scenario, bomb, affected, entry, found)
        if bomb.type == "blazer-bomb":
            _place_blaze(scenario, bomb, shape, entry, found)
        detonations.append(entry)
    found.outcome.update(detonations=detonations, order=[b.id for b in bombs])
    found.verdict = Fact(
        "detonations",
        {
            "fired": len([d for d in detonations if d["detonates"]]),
            "ships": tuple(sorted({s for d in detonations for s in d["affected"]})),
            "remotes": tuple(sorted({r for d in detonations for r in d.get("affected_remotes", ())})),
        },
    )
    return found
