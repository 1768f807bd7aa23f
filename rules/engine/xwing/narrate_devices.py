"""Every sentence of an X-Wing device ruling (drop, launch, place, relocate, detonate), told from facts.

``devices`` decides where a device lands and what it does; this module says so.  Card texts
(``DeviceCard.note``, ``BOMB_EFFECTS``, an effect's dice) are rules data, quoted here as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.ruling import Step
from rules.engine.scenario import with_kind
from rules.engine.xwing.effects import BOMB_ROLLS, MINE_EFFECTS
from rules.engine.xwing.facts import Fact, Sentence, Voice
from rules.engine.xwing.resolve import effect_result_text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(card: str) -> bool:
    """A card that names several tokens (Cluster Mines) takes "are" and a bare apostrophe."""
    return card.endswith("s")


def _possessive(name: str) -> str:
    return f"{name}'" if _plural(name) else f"{name}'s"


def _and(v: Voice, ids: tuple[str, ...] | list[str]) -> str:
    """Pieces as a player lists them: "b", "b and c", "b, c and d"."""
    said = [v.name(i) for i in ids]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _under_bases(v: Voice, ids: tuple[str, ...] | list[str]) -> str:
    """ "under b's base", "under the bases of b and c"."""
    return f"under {v.name(ids[0])}'s base" if len(ids) == 1 else f"under the bases of {_and(v, ids)}"


def token_name(card_name: str, count: int, n: int) -> str:
    """A placed token as the picture labels it: the card's device, or cluster mine 1, 2, 3."""
    return card_name if count == 1 else f"cluster mine {n}"


def _limit(f: Fact, v: Voice) -> Step:
    limit_text = "once per round" if v.edition == "2.0" else "once per System Phase"
    rule_text = (
        "Each ship can drop or launch only one device per round."
        if v.edition == "2.0"
        else "Each ship can place a device only once per System Phase."
    )
    return Step(
        f"It cannot {f.data['verb']}: it already placed a device {limit_text}",
        rule_text + " Effects with other timings can still place devices unless their card says otherwise.",
        (v.cid("device/limit"),),
        f.highlight,
        other_edition=(
            "2.5 limits placement to once per System Phase."
            if v.edition == "2.0"
            else "2.0 allowed one drop or launch per round."
        ),
    )


def _decloaked(f: Fact, v: Voice) -> Step:
    return Step(
        f"It cannot {f.data['verb']}: it decloaked this phase",
        "A ship cannot place a device during the same phase that it decloaked.",
        (v.cid("device/decloak"),),
        f.highlight,
    )


def _template(f: Fact, v: Voice) -> Step:
    d = f.data
    named = " or ".join(d["card_templates"])
    if d["default"]:
        note = ""
    elif d["allowed_by"]:
        note = (
            f" The {d['card']} card names {named}: this template needs an effect that allows it: "
            f"{'; '.join(d['allowed_by'])}."
        )
    else:
        note = (
            f" The {d['card']} card names {named}, and no card known to allow this template was found: check the "
            "card that grants it."
        )
    return Step(
        f"{_cap(d['verb'])}: the {d['template']} between the {d['guides']} guides",
        f"The {d['template']} template is set between {v.name(d['ship'])}'s {d['guides']} guides and the "
        f"{_possessive(d['obstacle'] + ' token' if d.get('obstacle') else d['card'])} guides slide into its far "
        "end." + note,
        (v.cid(f"device/{d['verb']}"), v.cid(d["clause"])),
        f.highlight,
        derived=bool(note),
    )


def _obstacle_outside(f: Fact, v: Voice) -> Step:
    return Step(
        "It is not placed: part of it would be outside the play area",
        "Placed like a device, it follows the device rule: play is reversed and it is not placed.",
        (v.cid("device/outside"),),
        f.highlight,
        derived=True,
    )


def _obstacle_lands(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        "It lands at the template's far end and is an obstacle from now on",
        f"The {d['obstacle']} is placed with its guides at the template's end; once placed it is an obstacle, "
        f"not a device. {d['note']}".strip(),
        (v.cid(d["clause"]), v.cid("device/guides")),
        f.highlight,
    )


def _outside(f: Fact, v: Voice) -> Step:
    return Step(
        "It is not placed: part of it would be outside the play area",
        "Play is reversed to before the device was placed: it is not placed, spent charges are "
        "recovered, and the player may choose not to place it.",
        (v.cid("device/outside"),),
        f.highlight,
    )


def _lands(f: Fact, v: Voice) -> Step:
    under = f.data["under"]
    return Step(
        "Where it lands" if f.data["how"] in ("placed", "relocated") else "It lands at the template's far end",
        "Its guides count as part of the device for overlapping, moving through and range."
        + (f" It is placed {_under_bases(v, under)}." if under else " It is under no ship."),
        (v.cid("device/guides"),) + ((v.cid("device/under"),) if under else ()),
        f.highlight,
        states=tuple(f"under:{s}" for s in under) or ("under:none",),
    )


def _mine_detonates(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        "The mine detonates at once" + (": the placing player chooses the ship" if d["several"] else ""),
        (
            "Placed under more than one ship's base, it detonates instantly and the player placing it "
            "chooses which one ship it affects."
            if d["several"]
            else "Placed under a ship's base, the ship overlaps it, so it detonates now."
        )
        + (" Each cluster mine is resolved on its own." if d["tokens"] > 1 else ""),
        (v.cid("device/under-several") if d["several"] else v.cid("mine/detonation"), v.cid(d["clause"])),
        f.highlight,
        derived=d["relocated"],
    )


def _mine_name(d: Mapping[str, Any]) -> str:
    return f"the {d['card']}" if d["tokens"] == 1 else token_name(d["card"], d["tokens"], d["n"])


def _who(d: Mapping[str, Any], v: Voice) -> str:
    return v.names(d["ships"]) if len(d["ships"]) == 1 else "the ship the placing player chooses"


def _mine_fuse(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        f"{_cap(_mine_name(d))} has a fuse marker: it loses one and does not detonate",
        f"It lies under {_who(d, v)}'s base, but a fused mine that would detonate loses one fuse marker "
        "instead; a later move through or overlap detonates it.",
        (v.cid("fuse/marker"),),
        f.highlight,
    )


def _mine_effect(f: Fact, v: Voice) -> Step:
    d = f.data
    eff = MINE_EFFECTS[d["type"]]
    name = _mine_name(d)
    result = effect_result_text(d["entry"], d["given"], name, eff)
    return Step(
        f"What {name} does to {_who(d, v)}",
        f"{eff.text()}{(' ' + eff.note) if eff.note else ''}{result} Then the mine is removed.",
        (v.cid(d["clause"]), v.cid("mine/detonation"), v.cid("device/under")),
        f.highlight,
    )


def _bomb_waits(f: Fact, v: Voice) -> Step:
    d = f.data
    return Step(
        "The bomb waits for its detonation",
        f"A bomb detonates at the end of the Activation Phase, affecting every ship and remote at "
        f"range 0–{d['reach']} of it (measured to the device including its guides). Ships there "
        f"now: {v.names(d['reached']) or 'none'} — they may still move before then."
        + (f" {d['note']}" if d["note"] else ""),
        (v.cid("bomb/detonation"), v.cid(d["clause"])) + ((v.cid("device/under"),) if d["under"] else ()),
        f.highlight,
    )


def _card_note(f: Fact, v: Voice) -> Step:
    return Step(f.data["card"], f.data["note"], (v.cid(f.data["clause"]),), f.highlight)


def _on_obstacle(f: Fact, v: Voice) -> Step:
    relocated = f.data["relocated"]
    text = (
        "A relocating device never counts as moving through or overlapping obstacles."
        if relocated
        else "Devices are objects, not obstacles: placing one there has no obstacle effect."
    )
    return Step(
        "Devices are not obstacles" if not relocated else "Relocating: obstacles are ignored",
        f"The device lies on {v.names(f.data['obstacles'])}. {text}",
        (v.cid("device/relocate" if relocated else "device/not-obstacle"),),
        f.highlight,
        derived=not relocated,
    )


def _place_as_described(f: Fact, v: Voice) -> Step:
    return Step(
        f"Place the {f.data['card']} as the effect describes",
        "Some effects place a device directly (2.5 calls every way of adding a device 'placing'); the device "
        "is placed as given.",
        (v.cid("device/place"), v.cid(f.data["clause"])),
        f.highlight,
        other_edition="2.0 speaks of dropping and launching." if v.edition == "2.5" else None,
    )


def _relocate(f: Fact, v: Voice) -> Step:
    return Step(
        f"Relocate {v.name(f.data['device'])}",
        "The device is picked up and placed as the effect says. A relocating device does not count as "
        "moving through or overlapping obstacles.",
        (v.cid("device/relocate"),),
        f.highlight,
    )


def _blaze_placed(f: Fact, v: Voice) -> Step:
    under = f.data["under"]
    return Step(
        f"A Blaze is placed at {v.name(f.data['bomb'])}'s tab" + (f" under {_and(v, under)}" if under else ""),
        "The Blaze gets 1 fuse marker, so the End Phase removes only its fuse this round. Its outline is an "
        "estimate (≈ the bomb token): nobody has measured the Blaze."
        + (
            " A ship it is placed under does not resolve it now because nothing moved; it does when it next "
            "moves through or overlaps it."
            if under
            else ""
        ),
        (v.cid(f.data["clause"]), v.cid("obstacles/blaze"), v.cid("fuse/marker")),
        f.highlight,
        derived=True,
    )


def _no_bombs(f: Fact, v: Voice) -> Step:
    return Step(
        "No bombs on the table",
        "Only bombs detonate at the end of the Activation Phase; mines "
        "detonate when a ship moves through or overlaps them.",
        (v.cid("bomb/detonation"),),
        f.highlight,
        states=("affected:none",),
    )


def _bomb_order(f: Fact, v: Voice) -> Step:
    unowned = tuple(f.data.get("unowned") or ())
    whose = ""
    if unowned:
        one = len(unowned) == 1
        whose = (
            f" The setup does not say whose {_and(v, unowned)} {'is' if one else 'are'}:"
            f" {'it is' if one else 'they are'} listed last; give {'it' if one else 'each'} a player to place"
            f" {'it' if one else 'them'} in the order."
        )
    return Step(
        "Several bombs: first player's first",
        f"Player {f.data['first']} resolves all of their devices one at a time, then the other player "
        "(each player chooses the order of their own; the order shown here is only a listing)." + whose,
        (v.cid("devices/several-detonate"),),
        f.highlight,
    )


def _bomb_fuse(f: Fact, v: Voice) -> Step:
    return Step(
        f"{v.name(f.data['bomb'])} has a fuse marker: it loses one instead of detonating",
        "A device with a fuse marker that would detonate removes one fuse marker instead.",
        (v.cid("fuse/marker"),),
        f.highlight,
        states=("affected:none",),
    )


def _seismic_no_target(f: Fact, v: Voice) -> Step:
    return Step(
        f"{v.name(f.data['bomb'])} (seismic charge) detonates: no obstacle chosen in reach",
        "The placing player chooses an obstacle at range 0–1 of the charge; set the charge's "
        "target to one at range 0–1 to see who is hit.",
        (v.cid(f.data["clause"]),),
        f.highlight,
        states=("affected:none",),
    )


def _bomb_detonates(f: Fact, v: Voice) -> Step:
    d = f.data
    remotes = d["remotes"]
    return Step(
        f"{with_kind(v.name(d['bomb']), d['card'])} detonates: {v.names(d['affected']) or 'no ship'} in reach"
        + (f"; remote {v.names(remotes)} too" if remotes else ""),
        f"{d['effect']} Range is measured to the device including its guides"
        + (f" (here: to obstacle {v.name(d['obstacle'])})" if d["obstacle"] else "")
        + "."
        + (f" Remotes at range 0–1 are affected as the text says: {v.names(remotes)}." if remotes else ""),
        (v.cid("bomb/detonation"), v.cid(d["clause"]), v.cid("device/guides"))
        + ((v.cid("remote/move"),) if remotes else ()),
        f.highlight,
        states=tuple(f"affected:{s}" for s in d["affected"]) or ("affected:none",),
    )


def _bomb_rolls(f: Fact, v: Voice) -> Step:
    d = f.data
    roll = BOMB_ROLLS[d["type"]]
    affected = d["affected"]
    one = len(affected) == 1
    bomb = v.name(d["bomb"])
    unclear = (
        f" The dice given for {bomb} are one roll and {len(affected)} ships roll: every branch is shown."
        if d["unclear"]
        else ""
    )
    result = effect_result_text(d["entry"], d["given"], bomb, roll)
    return Step(
        f"What {v.names(affected)} {'rolls' if one else 'each roll'} for {bomb}",
        f"{roll.text()} {'The ship rolls' if one else 'Each ship rolls on its own'}.{unclear}{result}",
        (v.cid(roll.clause), v.cid("bomb/detonation")),
        f.highlight,
    )


SENTENCES: Mapping[str, Sentence] = {
    "limit": _limit,
    "decloaked": _decloaked,
    "template": _template,
    "obstacle-outside": _obstacle_outside,
    "obstacle-lands": _obstacle_lands,
    "outside": _outside,
    "lands": _lands,
    "mine-detonates": _mine_detonates,
    "mine-fuse": _mine_fuse,
    "mine-effect": _mine_effect,
    "bomb-waits": _bomb_waits,
    "card-note": _card_note,
    "on-obstacle": _on_obstacle,
    "place-as-described": _place_as_described,
    "relocate": _relocate,
    "blaze-placed": _blaze_placed,
    "no-bombs": _no_bombs,
    "bomb-order": _bomb_order,
    "bomb-fuse": _bomb_fuse,
    "seismic-no-target": _seismic_no_target,
    "bomb-detonates": _bomb_detonates,
    "bomb-rolls": _bomb_rolls,
}
"""Each kind of device fact and the sentence that tells it."""


def warning(f: Fact, v: Voice) -> str:
    d = f.data
    if f.kind == "near-ship":
        token = token_name(d["card"], d["tokens"], d["n"])
        return f"{token}: within 0.5 mm of {v.name(d['ship'])}'s base; measure on the table"
    raise KeyError(f.kind)


WARNINGS = ("near-ship",)


def blast_label(reach: int, bomb: str | None, v: Voice) -> str:
    return f"{v.name(bomb)}: range 0–{reach}" if bomb else f"range 0–{reach}"


BEFORE_LABEL = "before"
BLAZE_LABEL = "Blaze placed (≈ shape)"


def verdict(f: Fact, v: Voice) -> str:
    """The one-line answer of a device ruling."""
    d = f.data
    if f.kind == "cannot-place":
        return f"{v.name(d['ship'])} cannot {d['verb']} the {d['card']}."
    if f.kind == "not-placed":
        return f"The {d['card']} cannot be placed."
    if f.kind == "obstacle-placed":
        under = d["under"]
        text = f"The {d['obstacle']} lands at the template's far end"
        if d.get("template"):
            text = f"The {d['obstacle']} is {d['verb']} with the {d['template']} template and lands at its far end"
        return text + (f", under {_and(v, under)}." if under else ".")
    if f.kind == "placed":
        verb = "are" if _plural(d["card"]) else "is"
        text = f"The {d['card']} {verb} {d['how']}"
        text += f" with the {d['template']} template" if d.get("template") else ""
        text += f" under {_and(v, d['under'])}" if d["under"] else ""
        effects = d["effects"]
        if d["detonates"]:
            text += " and detonates at once"
            rolled = [e for e in effects if "result" in e]
            if rolled and len(rolled) == len(effects):
                text += "; " + "; ".join(f"rolled {', '.join(e['rolled'])}: {e['result']}" for e in rolled)
        elif effects:
            text += ": it loses a fuse marker instead of detonating"
        return text + "."
    if f.kind == "detonations":
        fired = d["fired"]
        bombs_text = "1 bomb detonates" if fired == 1 else f"{fired} bombs detonate"
        return f"{bombs_text}; ships affected: {v.names(d['ships']) or 'none'}" + (
            f"; remotes affected: {v.names(d['remotes'])}." if d["remotes"] else "."
        )
    raise KeyError(f.kind)


VERDICTS = ("cannot-place", "not-placed", "obstacle-placed", "placed", "detonations")
