"""The table before the action: the pieces, and what the action proposes, framed on them.

Nothing computed that would give the ruling away is drawn: no template, final position of a move,
measuring line, overlap, legal region or blocked area. An action that proposes a position (an
obstacle, token or squadron moved "to the position shown", squadrons placed, a device relocated, an
obstacle placed) shows that position and the ruler it is measured with, as the player would see them.
"""

from __future__ import annotations

from rules.engine.ruling import Figure, Ruling, Step
from rules.engine.scenario import Scenario
from rules.engine.svg import render_svg

PROPOSED: dict[str, tuple[str, ...]] = {
    "move-obstacle": ("final", "ruler", "end-line", "min-line"),
    "move-token": ("final", "ruler", "end-line", "min-line"),
    "move-squadron": ("final", "ruler"),
    "place-squadrons": ("placed-",),
    "relocate-device": ("was-", "device-"),
    "place-obstacle": ("placed",),
}
"""Per action, the figure ids (exact, or prefixes ending in "-") that show what is proposed."""


SHOWN_PX = 250.0
"""How wide the page shows this picture on a 390 × 844 phone: at most 30% of the screen's height
(``learn.css``), so the question's answers stay on the first screen."""


def _proposed(action_type: str, figure: Figure) -> bool:
    for name in PROPOSED.get(action_type, ()):
        if figure.id == name or (name.endswith("-") and figure.id.startswith(name)):
            return True
    return False


def before_frame(scenario: Scenario, ruling: Ruling) -> Ruling:
    """What the picture before the action draws, as a ruling: the proposed figures only.

    The picture frames what a ruling's steps highlight; one empty step highlighting every piece
    frames the pieces.
    """
    return Ruling(
        outcome={},
        steps=(Step(title="", text="", rules=("",), highlight=tuple(p.id for p in scenario.pieces)),),
        figures=tuple(f for f in ruling.figures if _proposed(scenario.action["type"], f)),
    )


def before_picture(scenario: Scenario, ruling: Ruling, *, id_prefix: str = "lq") -> str:
    """The pieces as they stand and the proposed position, zoomed on them like a permalink's picture,
    labelled to read on a phone; the page lists what the marks mean (``legend_rows(scenario, before_frame(...))``)."""
    return render_svg(scenario, before_frame(scenario, ruling), id_prefix=id_prefix, legend=False, shown_px=SHOWN_PX)
