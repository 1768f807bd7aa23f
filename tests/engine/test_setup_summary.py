"""A check-setup of many obstacles sums its violations up by kind instead of one step each."""

from __future__ import annotations

from rules.engine import evaluate
from rules.engine.xwing.setup import SUMMARY_AFTER, SUMMARY_NAMES
from tests.engine.helpers import rect, scenario


def crowded(n: int, spacing: float = 40.0) -> list[dict]:
    """``n`` small square obstacles in rows, ``spacing`` mm apart (centre to centre), all far from the edges."""
    return [
        rect(f"o{i}", x, y, x + 10, y + 10, player=1 + i % 2)
        for i in range(n)
        for x, y in [(250 + (i % 10) * spacing, 250 + (i // 10) * spacing)]
    ]


def test_sixty_crowded_obstacles_rule_in_a_few_steps_with_every_violation_in_the_facts() -> None:
    ruling = evaluate(scenario(crowded(60), {"type": "check-setup"}))
    spacing = [v for v in ruling.outcome["violations"] if "within range 1" in v["message"]]
    assert len(spacing) > 400  # every pair is a fact
    assert len(ruling.steps) <= 4  # the count per player, the spacing summary
    (summary,) = [s for s in ruling.steps if "pairs of obstacles" in s.title]
    assert summary.title.startswith(f"{len(spacing)} pairs")
    assert f"and {len(spacing) - SUMMARY_NAMES} more" in summary.text
    assert sum(f.id.startswith("gap-") for f in ruling.figures) == SUMMARY_NAMES  # the closest drawn


def test_a_few_violations_keep_one_step_each() -> None:
    ruling = evaluate(scenario(crowded(2, spacing=60.0), {"type": "check-setup"}))
    spacing = [s for s in ruling.steps if "within range 1" in s.title]
    assert len(spacing) == 1 <= SUMMARY_AFTER
    assert any(f.id == "gap-o0-o1" for f in ruling.figures)
