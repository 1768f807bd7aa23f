"""Dropping and launching devices: where the token lands, what it is under, what happens.

Drop: the card's template between the ship's rear guides; launch: between its
front guides.  The device's guides slide into the far end of the template, so
its centre lies ``guide_offset`` beyond the template end and it faces away from
the ship (its guides face back along the template).  The guides are part of the
device for overlap and range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shapely import Polygon

from rules.engine.geometry import Pose, contact, overlaps, range_band, ring
from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Piece, Scenario, derive
from rules.engine.xwing import shapes as shape_catalog
from rules.engine.xwing.paths import ChordPath, Frame, TemplateSpec
from rules.engine.xwing.pieces import outline, play_area, ship_length, ship_outline, ship_pose, ship_square
from rules.engine.xwing.remotes import relocate_remote_ruling
from rules.engine.xwing.resolve import cid


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
        note="The card names no template: Table Ruling drops it with the [1 straight] like other devices (derived).",
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


def _spec(tmpl: dict[str, Any] | None, card: DeviceCard) -> TemplateSpec:
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


def device_ruling(scenario: Scenario) -> Ruling:
    """A drop or launch: legality, the landing spot, what it is under, and what happens next."""
    action = scenario.action
    ed = scenario.edition
    drop = action["type"] == "drop"
    verb = "drop" if drop else "launch"
    ship = scenario.piece(action["ship"])
    dev = action["device"]
    card = CARDS[dev["type"]]
    spec = _spec(action.get("template"), card)
    steps: list[Step] = []
    figures: list[Figure] = []
    outcome = _empty_outcome()
    if not _limits(scenario, ship, verb, steps, outcome):
        return Ruling(outcome, tuple(steps), (), (), f"{ship.label} cannot {verb} the {card.name}.")

    template, tokens = place_device(ship, dev["id"], dev["type"], spec, drop=drop)
    figures.append(Figure("template", "template", ring(template), spec.name))
    guides = "rear" if drop else "front"
    default = verb in card.modes and spec in card.templates
    allowed_by = [] if default else template_effects(card, spec, drop=drop)
    outcome["template"] = {"name": spec.name, "card_default": default, "needs_effect": allowed_by}
    if default:
        note = ""
    elif allowed_by:
        note = (
            f" The {card.name} card names {' or '.join(t.name for t in card.templates)}: this template needs an "
            f"effect that allows it: {'; '.join(allowed_by)}."
        )
    else:
        note = (
            f" The {card.name} card names {' or '.join(t.name for t in card.templates)}, and no effect Table Ruling "
            "knows of allows this template: check the card that grants it."
        )
    steps.append(
        Step(
            f"{verb.capitalize()}: the {spec.name} between the {guides} guides",
            f"The {spec.name} template is set between {ship.label}'s {guides} guides and the {card.name}'s "
            "guides slide into its far end." + note,
            (cid(ed, f"device/{verb}"), cid(ed, card.clause)),
            ("template", *[t.id for t in tokens]),
            derived=bool(note),
        )
    )
    verb_done = "dropped" if drop else "launched"
    if card.category == "obstacle":
        return _obstacle_landing(scenario, card, dev, tokens[0], steps, figures, outcome)
    return _landing(scenario, card, dev["type"], tokens, steps, figures, outcome, verb_done)


def _obstacle_landing(
    scenario: Scenario,
    card: DeviceCard,
    dev: dict[str, Any],
    token: PlacedToken,
    steps: list[Step],
    figures: list[Figure],
    outcome: dict[str, Any],
) -> Ruling:
    """An obstacle placed with a template: the device rules place it, then it is an obstacle on the table."""
    from rules.engine.xwing.setup import place_obstacle_ruling  # setup imports this module's siblings

    ed = scenario.edition
    figures.append(Figure(f"device-{token.id}", "device", ring(token.polygon), token.id))
    if not play_area(scenario).covers(token.polygon):
        outcome["reason"] = "part of it would be outside the play area"
        steps.append(
            Step(
                "It is not placed: part of it would be outside the play area",
                "Placed like a device, it follows the device rule: play is reversed and it is not placed.",
                (cid(ed, "device/outside"),),
                (token.id,),
                derived=True,
            )
        )
        return Ruling(outcome, tuple(steps), (), tuple(figures), f"The {dev['type']} cannot be placed.")
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
    outcome.update(placed.outcome)
    outcome.update(placed=True, device={"id": dev["id"], "type": dev["type"], **pose})
    outcome["under"] = list(placed.outcome.get("overlapping_ships", []))
    steps.append(
        Step(
            f"It lands at {_pose_text(token.pose)} and is an obstacle from now on",
            f"The {dev['type'].replace('-', ' ')} is placed with its guides at the template's end; once placed it is "
            f"an obstacle, not a device. {card.note}".strip(),
            (cid(ed, card.clause), cid(ed, "device/guides")),
            (f"device-{token.id}",),
        )
    )
    steps += list(placed.steps)
    figures += [f for f in placed.figures if f.id != "placed"]
    summary = f"The {dev['type'].replace('-', ' ')} lands at {_pose_text(token.pose)}" + (
        f", under {scenario.names(outcome['under'])}." if outcome["under"] else "."
    )
    return Ruling(outcome, tuple(steps), placed.warnings, tuple(figures), summary)


def _landing(
    scenario: Scenario,
    card: DeviceCard,
    device_type: str,
    tokens: list[PlacedToken],
    steps: list[Step],
    figures: list[Figure],
    outcome: dict[str, Any],
    verb_done: str,
    *,
    relocated: bool = False,
) -> Ruling:
    """Where the device ends up: off the table, under which ships, what detonates, what waits."""
    ed = scenario.edition
    warnings: list[str] = []
    play = play_area(scenario)
    outside = [t.id for t in tokens if not play.covers(t.polygon)]
    for t in tokens:
        figures.append(Figure(f"device-{t.id}", "device", ring(t.polygon), t.id))
    if outside:
        outcome["reason"] = "part of the device would be outside the play area"
        steps.append(
            Step(
                "It is not placed: part of it would be outside the play area",
                "Play is reversed to before the device was placed: it is not placed, spent charges are "
                "recovered, and the player may choose not to place it.",
                (cid(ed, "device/outside"),),
                tuple(outside),
            )
        )
        return Ruling(outcome, tuple(steps), (), tuple(figures), f"The {card.name} cannot be placed.")
    main = tokens[0]
    outcome["placed"] = True
    outcome["device"] = {"id": main.id, "type": device_type, **main.pose.rounded()}
    if len(tokens) > 1:
        outcome["parts"] = [{"id": t.id, **t.pose.rounded()} for t in tokens]
    under_by_token: dict[str, list[str]] = {}
    for t in tokens:
        for other in scenario.of_kind("ship"):
            c = contact(ship_outline(other), t.polygon)
            if c.close_call:
                warnings.append(
                    f"{scenario.names([t.id])}: within 0.5 mm of {other.label}'s base; measure on the table"
                )
            if c.overlapping:
                under_by_token.setdefault(t.id, []).append(other.id)
    under = sorted({s for ss in under_by_token.values() for s in ss})
    outcome["under"] = under
    steps.append(
        Step(
            f"It lands at {_pose_text(main.pose)}",
            "Its guides count as part of the device for overlapping, moving through and range."
            + (f" It is placed under {scenario.names(under)}'s base." if under else " It is under no ship."),
            (cid(ed, "device/guides"),) + ((cid(ed, "device/under"),) if under else ()),
            (*[f"device-{t.id}" for t in tokens], *under),
        )
    )
    if card.category == "mine" and under:
        outcome["detonates"] = True
        several = any(len(v) > 1 for v in under_by_token.values())
        outcome["placer_chooses"] = several
        steps.append(
            Step(
                "The mine detonates at once" + (": the placing player chooses the ship" if several else ""),
                (
                    "Placed under more than one ship's base, it detonates instantly and the player placing it "
                    "chooses which one ship it affects."
                    if several
                    else "Placed under a ship's base, the ship overlaps it, so it detonates now."
                )
                + (" Each cluster mine is resolved on its own." if len(tokens) > 1 else ""),
                (cid(ed, "device/under-several") if several else cid(ed, "mine/detonation"), cid(ed, card.clause)),
                tuple(under),
                derived=relocated,
            )
        )
    elif card.category == "bomb":
        reached = []
        for other in scenario.of_kind("ship"):
            band = range_band(ship_square(other).distance(main.polygon))
            if band is not None and band <= card.reach:
                reached.append(other.id)
        outcome["in_blast_now"] = reached
        figures.append(
            Figure(
                f"blast-{main.id}",
                "area",
                ring(main.polygon.buffer(100.0 * card.reach, quad_segs=32)),
                f"range 0–{card.reach}",
            )
        )
        steps.append(
            Step(
                "The bomb waits for its detonation",
                f"A bomb detonates at the end of the Activation Phase, affecting every ship and remote at "
                f"range 0–{card.reach} of it (measured to the device including its guides). Ships there "
                f"now: {scenario.names(reached) or 'none'} — they may still move before then."
                + (f" {card.note}" if card.note else ""),
                (cid(ed, "bomb/detonation"), cid(ed, card.clause)) + ((cid(ed, "device/under"),) if under else ()),
                (f"blast-{main.id}", *reached),
            )
        )
    elif card.note:
        steps.append(Step(card.name, card.note, (cid(ed, card.clause),), ()))
    touched_obstacles = [
        o.id for o in scenario.of_kind("obstacle") if any(overlaps(t.polygon, outline(o)) for t in tokens)
    ]
    if touched_obstacles:
        text = (
            "A relocating device never counts as moving through or overlapping obstacles."
            if relocated
            else "Devices are objects, not obstacles: placing one there has no obstacle effect."
        )
        steps.append(
            Step(
                "Devices are not obstacles" if not relocated else "Relocating: obstacles are ignored",
                f"The device lies on {scenario.names(touched_obstacles)}. {text}",
                (cid(ed, "device/relocate" if relocated else "device/not-obstacle"),),
                tuple(touched_obstacles),
                derived=not relocated,
            )
        )
    summary = f"The {card.name} is {verb_done}" + (f" under {scenario.names(under)}" if under else "")
    if outcome["detonates"]:
        summary += " and detonates at once"
    return Ruling(outcome, tuple(steps), tuple(warnings), tuple(figures), summary + ".")


def _limits(scenario: Scenario, ship: Piece, verb: str, steps: list[Step], outcome: dict[str, Any]) -> bool:
    """The once-per-round (2.0) / once-per-System-Phase (2.5) and decloak limits; True when placing is allowed."""
    ed = scenario.edition
    state = ship.get("state") or {}
    limit_text = "once per round" if ed == "2.0" else "once per System Phase"
    if state.get("placed_device"):
        outcome["reason"] = f"the ship already placed a device ({limit_text})"
        rule_text = (
            "Each ship can drop or launch only one device per round."
            if ed == "2.0"
            else "Each ship can place a device only once per System Phase."
        )
        steps.append(
            Step(
                f"It cannot {verb}: it already placed a device {limit_text}",
                rule_text + " Effects with other timings can still place devices unless their card says otherwise.",
                (cid(ed, "device/limit"),),
                (ship.id,),
                other_edition=(
                    "2.5 limits placement to once per System Phase."
                    if ed == "2.0"
                    else "2.0 allowed one drop or launch per round."
                ),
            )
        )
    if state.get("decloaked"):
        outcome["reason"] = "the ship decloaked this phase"
        steps.append(
            Step(
                f"It cannot {verb}: it decloaked this phase",
                "A ship cannot place a device during the same phase that it decloaked.",
                (cid(ed, "device/decloak"),),
                (ship.id,),
            )
        )
    return not outcome["reason"]


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
    action = scenario.action
    ed = scenario.edition
    dev = action["device"]
    card = CARDS[dev["type"]]
    steps: list[Step] = []
    outcome = _empty_outcome()
    ship = scenario.piece(action["ship"]) if action.get("ship") else None
    if ship is not None and not _limits(scenario, ship, "place a device", steps, outcome):
        return Ruling(outcome, tuple(steps), (), (), f"{ship.label} cannot place the {card.name}.")
    pose = Pose(float(dev["x"]), float(dev["y"]), float(dev.get("heading") or 0.0))
    tokens = _token_at(dev["id"], dev["type"], dev.get("shape"), pose)
    steps.append(
        Step(
            f"Place the {card.name} as the effect describes",
            "Some effects place a device directly (2.5 calls every way of adding a device 'placing'); the device "
            "is placed as given.",
            (cid(ed, "device/place"), cid(ed, card.clause)),
            tuple(f"device-{t.id}" for t in tokens),
            other_edition="2.0 speaks of dropping and launching." if ed == "2.5" else None,
        )
    )
    return _landing(scenario, card, dev["type"], tokens, steps, [], outcome, "placed")


def relocate_device_ruling(scenario: Scenario) -> Ruling:
    """A device on the table picked up and placed elsewhere: obstacles never count for it."""
    action = scenario.action
    ed = scenario.edition
    piece = scenario.piece(action["device"])
    if piece.kind == "remote":
        return relocate_remote_ruling(scenario)
    card = CARDS[str(piece.type)]
    to = action["to"]
    pose = Pose(float(to["x"]), float(to["y"]), float(to.get("heading") or 0.0))
    tokens = _token_at(piece.id, str(piece.type), piece.get("shape"), pose)
    steps = [
        Step(
            f"Relocate {piece.label}",
            "The device is picked up and placed as the effect says. A relocating device does not count as "
            "moving through or overlapping obstacles.",
            (cid(ed, "device/relocate"),),
            (piece.id,),
        )
    ]
    figures = [Figure(f"was-{piece.id}", "ghost", ring(outline(piece)), "before")]
    return _landing(
        scenario, card, str(piece.type), tokens, steps, figures, _empty_outcome(), "relocated", relocated=True
    )


def _pose_text(p: Pose) -> str:
    r = p.rounded()
    return f"({r['x']}, {r['y']}) facing {r['heading']}°"


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
    scenario: Scenario,
    bomb: Piece,
    polygon: Polygon,
    entry: dict[str, Any],
    steps: list[Step],
    figures: list[Figure],
) -> None:
    """A detonated Blazer Bomb leaves a Blaze: an obstacle with 1 fuse, guides fitted to the bomb's tab.

    Nobody measured the Blaze, so its outline is the bomb token's (marked ≈); fitted guide to
    tab, it covers the bomb's footprint (``polygon``) exactly.  Ships already under it do not resolve it now:
    nothing moved (derived); they do when they next move through or overlap it.
    """
    ed = scenario.edition
    blaze_id = f"{bomb.id}-blaze"
    placed: dict[str, Any] = (
        {"x": bomb.get("x"), "y": bomb.get("y"), "heading": float(bomb.get("heading") or 0.0)}
        if bomb.get("x") is not None
        else {"outline": [[round(x, 2), round(y, 2)] for x, y in polygon.exterior.coords[:-1]]}
    )
    under = [s.id for s in scenario.of_kind("ship") if overlaps(ship_outline(s), polygon)]
    entry["places"] = {
        "id": blaze_id,
        "kind": "obstacle",
        "type": "blaze",
        "fuses": 1,
        **placed,
        "overlapping": under,
        "estimated": True,
    }
    figures.append(Figure(f"placed-{blaze_id}", "ghost", ring(polygon), f"{blaze_id}: Blaze placed (≈ shape)"))
    steps.append(
        Step(
            f"A Blaze is placed at {bomb.label}'s tab" + (f" under {scenario.names(under)}" if under else ""),
            "The Blaze gets 1 fuse marker, so the End Phase removes only its fuse this round. Its outline is an "
            "estimate (≈ the bomb token): nobody has measured the Blaze."
            + (
                " A ship it is placed under does not resolve it now because nothing moved; it does when it next "
                "moves through or overlaps it."
                if under
                else ""
            ),
            (cid(ed, CARDS["blazer-bomb"].clause), cid(ed, "obstacles/blaze"), cid(ed, "fuse/marker")),
            (f"placed-{blaze_id}", bomb.id, *under),
            derived=True,
        )
    )


def detonate_ruling(scenario: Scenario) -> Ruling:
    """End of the Activation Phase: every bomb detonates (fused ones lose a fuse instead), first player's first."""
    ed = scenario.edition
    first = int(scenario.action.get("first_player") or 1)
    bombs = [p for p in scenario.of_kind("device") if CARDS[str(p.type)].category == "bomb"]
    order_key = {first: 0, 3 - first: 1}
    bombs.sort(key=lambda p: (order_key.get(p.player or 0, 2), p.id))
    steps: list[Step] = []
    figures: list[Figure] = []
    detonations: list[dict[str, Any]] = []
    if not bombs:
        steps.append(
            Step(
                "No bombs on the table",
                "Only bombs detonate at the end of the Activation Phase; mines "
                "detonate when a ship moves through or overlaps them.",
                (cid(ed, "bomb/detonation"),),
            )
        )
    if len(bombs) > 1:
        steps.append(
            Step(
                "Several bombs: first player's first",
                f"Player {first} resolves all of their devices one at a time, then the other player "
                "(each player chooses the order of their own; shown by id).",
                (cid(ed, "devices/several-detonate"),),
                tuple(b.id for b in bombs),
            )
        )
    for bomb in bombs:
        card = CARDS[str(bomb.type)]
        shape = outline(bomb)
        fuses = int(bomb.get("fuses") or 0)
        entry: dict[str, Any] = {
            "device": bomb.id,
            "type": bomb.type,
            "player": bomb.player,
            "rule": cid(ed, card.clause),
        }
        if fuses:
            entry.update(detonates=False, fuses_left=fuses - 1, affected=[])
            steps.append(
                Step(
                    f"{bomb.label} has a fuse marker: it loses one instead of detonating",
                    "A device with a fuse marker that would detonate removes one fuse marker instead.",
                    (cid(ed, "fuse/marker"),),
                    (bomb.id,),
                )
            )
            detonations.append(entry)
            continue
        centre = shape
        reach = card.reach
        if bomb.type == "seismic-charge":
            target_id = bomb.get("target")
            target = scenario.piece(target_id) if target_id else None
            if target is None or range_band(shape.distance(outline(target))) not in (0, 1):
                entry.update(detonates=True, affected=[], obstacle=None)
                steps.append(
                    Step(
                        f"{bomb.label} (seismic charge) detonates: no obstacle chosen in reach",
                        "The placing player chooses an obstacle at range 0–1 of the charge; set the charge's "
                        "target to one at range 0–1 to see who is hit.",
                        (cid(ed, card.clause),),
                        (bomb.id,),
                    )
                )
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
        figures.append(
            Figure(
                f"blast-{bomb.id}",
                "area",
                ring(centre.buffer(100.0 * reach, quad_segs=32)),
                f"{bomb.id}: range 0–{reach}",
            )
        )
        steps.append(
            Step(
                f"{bomb.label} ({card.name}) detonates: {scenario.names(affected) or 'no ship'} in reach"
                + (f"; remote {scenario.names(remotes)} too" if remotes else ""),
                f"{BOMB_EFFECTS[str(bomb.type)]} Range is measured to the device including its guides"
                + (f" (here: to obstacle {scenario.names([entry['obstacle']])})" if "obstacle" in entry else "")
                + "."
                + (
                    f" Remotes at range 0–1 are affected as the text says: {scenario.names(remotes)}."
                    if remotes
                    else ""
                ),
                (cid(ed, "bomb/detonation"), cid(ed, card.clause), cid(ed, "device/guides"))
                + ((cid(ed, "remote/move"),) if remotes else ()),
                (f"blast-{bomb.id}", bomb.id, *affected, *remotes),
            )
        )
        if bomb.type == "blazer-bomb":
            _place_blaze(scenario, bomb, shape, entry, steps, figures)
        detonations.append(entry)
    outcome = {"detonations": detonations, "order": [b.id for b in bombs]}
    hit = sorted({s for d in detonations for s in d["affected"]})
    hit_remotes = sorted({r for d in detonations for r in d.get("affected_remotes", ())})
    fired = len([d for d in detonations if d["detonates"]])
    bombs_text = "1 bomb detonates" if fired == 1 else f"{fired} bombs detonate"
    summary = f"{bombs_text}; ships affected: {scenario.names(hit) or 'none'}" + (
        f"; remotes affected: {scenario.names(hit_remotes)}." if hit_remotes else "."
    )
    return Ruling(outcome, tuple(steps), (), tuple(figures), summary)
