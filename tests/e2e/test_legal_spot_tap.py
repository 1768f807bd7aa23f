"""An Armada obstacle moved toward a ship at distance 1–2, on a phone: the legal spots are drawn along the
ruler, and a tap just beside that band (not on it) puts the obstacle at the nearest legal spot."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page
from tests.e2e.test_table_workspace import settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

Q = {"game": "armada", "edition": "1.5", "p-TOTAL_FORMS": "2", "p-INITIAL_FORMS": "0", "pick": "1"}
Q |= {"p-0-id": "rock", "p-0-kind": "obstacle", "p-0-type": "asteroid-field", "p-0-x": "900", "p-0-y": "450"}
Q |= {"p-1-id": "vic", "p-1-kind": "ship", "p-1-size": "medium", "p-1-x": "900", "p-1-y": "700", "p-1-label": "V"}
Q |= {"action": "move-obstacle", "moved": "rock", "max_distance": "2", "min_distance": "1", "toward": "vic"}


def test_a_tap_beside_the_drawn_legal_band_moves_the_obstacle_to_a_legal_spot(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, Q)
        settle(page)
        band = page.locator("#preview .zoomable .figure.legal-line polyline").first
        expect(band).to_have_count(1)  # a straight band: its box (without its stroke) may be 0 px wide
        box = band.bounding_box()
        assert box is not None
        # 14 px to the side of the band, two thirds along it: off the band, within reach of it
        x, y = box["x"] + box["width"] / 2 + 14, box["y"] + box["height"] * 2 / 3
        assert not page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('[data-piece]')", [x, y])
        page.touchscreen.tap(x, y)
        expect(page.locator('[name="to_x"]')).to_have_value(re.compile(r"^\d"))
        settle(page)
        assert abs(float(page.locator('[name="to_x"]').input_value()) - 900) < 8  # on the line, not the tap
        page.get_by_role("button", name="Explain").tap()
        expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        expect(page.locator("h1.verdict")).to_contain_text(re.compile(r"toward V: legal\."))
