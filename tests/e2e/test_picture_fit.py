"""On a phone, "Fit the action" of an Armada attack shows the two ships large and whole: the box is the
attacker, the defender and the line of fire (not the firing arc and range band), fitted between the hint
above and the zoom buttons below (issue 22: the ships were some 40 px across, the attacker half under the
buttons)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from rules.engine import games
from rules.library import examples
from tests.e2e.conftest import PHONE, open_setup, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_fit_the_action_shows_an_armada_attacks_ships_large_and_clear_of_the_controls(
    browser: Browser, base_url: str
) -> None:
    ex = next(e for e in examples() if e.slug.startswith("ak-01"))
    attacker, defender = ex.scenario.action["attacker"], ex.scenario.action["defender"]
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, f"from={ex.scenario.short_id()}")
        page.get_by_role("button", name="Fit the action").tap()
        page.wait_for_timeout(300)
        hint = page.locator("#preview .stage .hint").bounding_box()
        tools = page.locator("#preview .zoom-tools").bounding_box()
        assert hint is not None and tools is not None
        for pid in (attacker, defender):
            ship = page.locator(f'#preview .zoomable [data-piece="{pid}"] polygon:not(.frame)').first.bounding_box()
            assert ship is not None
            x0, _, x1, _ = games.get("armada").outline(ex.scenario.piece(pid)).bounds
            # 0.42 px a mm while the arc was fitted (the Victory 30 px across), under the buttons' band; 0.55 and
            # more on the table's full height, which may give up to 48 px so no control straddles the sticky
            # Explain bar (editor-fold.js): 0.53 here
            assert ship["width"] / (x1 - x0) >= 0.5, (pid, ship)
            assert ship["y"] >= hint["y"] + hint["height"] - 1, (pid, ship, hint)
            assert ship["y"] + ship["height"] <= tools["y"] + 1, (pid, ship, tools)
