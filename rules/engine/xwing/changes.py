"""X-Wing corrections that change stored rulings (see ``rules.engine.changes``)."""

from __future__ import annotations

from rules.engine.changes import Change
from rules.engine.scenario import Scenario

TOKEN_ACTIONS = ("drop", "launch", "place-device", "relocate-device", "detonate")


def uses_catalogue_tokens(scenario: Scenario) -> bool:
    """Any obstacle or device drawn from the catalogue (not given as an outline), or a device placed."""
    if scenario.action["type"] in TOKEN_ACTIONS:
        return True
    extra = [v for k, v in scenario.action.items() if k in ("obstacle", "device") and isinstance(v, dict)]
    return any(p.kind in ("obstacle", "device") and p.get("outline") is None for p in scenario.pieces) or any(
        "outline" not in p for p in extra
    )


CHANGES = (
    Change(
        version=2,
        date="2026-11-23",
        game="xwing",
        title="Measured outlines for every obstacle and device token; cluster mines in their recesses",
        text=(
            "Catalogue obstacles and device tokens were shapes drawn to each piece's size; they are now the "
            "measured outlines of the printed tokens (X-Wing Vassal module's masks, ±0.5 mm), up to 19 mm "
            "different at points and hollows. Device placement points did not move. Cluster mines' side "
            "tokens were placed about 39 mm too far along the template; they now sit in the centre token's "
            "recesses, level with it."
        ),
        affects=uses_catalogue_tokens,
    ),
)
