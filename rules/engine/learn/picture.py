"""The table before the action: the pieces only, framed on them (no figure gives the ruling away)."""

from __future__ import annotations

from rules.engine.ruling import Ruling, Step
from rules.engine.scenario import Scenario
from rules.engine.svg import render_svg


def before_picture(scenario: Scenario, *, id_prefix: str = "lq") -> str:
    """The pieces as they stand, zoomed on them like a permalink's picture.

    The picture frames what a ruling's steps highlight; a ruling with no figures and one empty step
    highlighting every piece frames the pieces and draws nothing computed.
    """
    frame = Ruling(
        outcome={},
        steps=(Step(title="", text="", rules=("",), highlight=tuple(p.id for p in scenario.pieces)),),
    )
    return render_svg(scenario, frame, id_prefix=id_prefix)
