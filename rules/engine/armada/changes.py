"""Armada corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario


def maneuver_ruled_differently(scenario: Scenario) -> bool:
    """A maneuver whose tool went to the other side, or that a gravity rift, a proximity mine or a purrgil
    after a ram acts on: the rulings issue 21 corrected."""
    if scenario.action["type"] != "maneuver":
        return False
    from rules.engine.armada.maneuver import maneuver_facts

    f = maneuver_facts(scenario)
    purrgil_after_ram = f.speed != f.dialled and any(h.type == "purrgil" for h in f.obstacles)
    return f.tool.side_used != f.tool.side or bool(f.rifts or f.mines) or purrgil_after_ram


CHANGES = (
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
)
