"""An Armada obstacle moved toward a ship at distance 1–2, on a phone: the legal spots are drawn along the
ruler, and a tap just beside that band (not on it) puts the obstacle at the nearest legal spot."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import PHONE, open_setup, watched_page
from tests.e2e.test_table_view import armada_table
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


BESIDE = """d => {
  const line = document.querySelector('#preview .zoomable .figure.legal-line polyline');
  const r = line.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return [x, y, [-d, d].map(dx => { const hit = document.elementFromPoint(x + dx, y);
                                    return !!(hit && hit.closest('a.pick-line')); })];
}"""


def test_the_legal_places_are_a_tap_area_a_finger_wide_at_the_default_view(browser: Browser, base_url: str) -> None:
    """Trial 3: the legal places were a 6 px dot; now 44 CSS px across (20 px either side of the line is on it)."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, Q)
        settle(page)
        expect(page.locator("#hint")).not_to_contain_text("zone")  # the legal places are no hull zone
        x, y, hits = page.evaluate(BESIDE, 20)
        assert hits == [True, True]
        assert page.evaluate(BESIDE, 26)[2] == [False, False]  # a band, not the whole table
        page.touchscreen.tap(x - 20, y)
        expect(page.locator('[name="to_x"]')).to_have_value(re.compile(r"^\d"))
        settle(page)
        assert abs(float(page.locator('[name="to_x"]').input_value()) - 900) < 8  # the nearest legal spot
        expect(page.get_by_test_id("verdict")).to_contain_text(re.compile(r"toward V: legal\."))


def test_without_javascript_the_legal_places_are_a_link_to_a_legal_spot(browser: Browser, base_url: str) -> None:
    with watched_page(browser, java_script_enabled=False, **PHONE) as page:
        page.goto(f"{base_url}/setup/?{urlencode(Q)}")
        page.locator("#preview .zoomable .figure.legal-line").scroll_into_view_if_needed()
        x, y, hits = page.evaluate(BESIDE, 20)  # the table as drawn, unzoomed: the band is as wide
        assert hits == [True, True]
        page.mouse.click(x + 20, y)
        expect(page).to_have_url(re.compile(r"to_x=\d"))
        expect(page.get_by_test_id("verdict")).to_contain_text(re.compile(r"toward V: legal\."))


def test_the_rulers_distance_labels_are_inside_the_table_in_view_and_a_readable_size(
    browser: Browser, base_url: str
) -> None:
    """Trial 3: "distance 2" was 35 px tall and cut at the view's left edge ("tance 2")."""
    with watched_page(browser, **PHONE) as page:
        armada_table(page, base_url, "armada:ship:victory-i-class-star-destroyer", "armada:obstacle:asteroid-field-1")
        for link in ("Asteroid field is moved", "distance 1–2", "toward Victory I-class Star Destroyer"):
            page.get_by_role("link", name=link, exact=True).tap()
            settle(page)
        stage = page.locator("#preview .stage").bounding_box()
        assert stage is not None
        labels = page.locator("#preview .zoomable text").filter(has_text=re.compile(r"^distance [12]$"))
        expect(labels).to_have_count(2)
        for label in labels.all():
            box = label.bounding_box()
            assert box is not None
            assert stage["x"] <= box["x"] and box["x"] + box["width"] <= stage["x"] + stage["width"], box
            assert stage["y"] <= box["y"] and box["y"] + box["height"] <= stage["y"] + stage["height"], box
            assert 9 <= box["height"] <= 22, box  # read like a name beside it, not shouted across the table


@pytest.mark.parametrize("end", ["near", "far"])
def test_a_tap_in_the_band_past_either_end_of_the_legal_places_takes_a_clearly_legal_spot(
    browser: Browser, base_url: str, end: str
) -> None:
    """Trial 4: a tap off to one side near an end of the legal stretch took its very end (75.1 mm, "legal by less
    than half a millimetre"); now a tap takes a spot clear of the close-call margin at either end."""
    with watched_page(browser, **PHONE) as page:
        open_setup(page, base_url, Q)
        settle(page)
        box = page.locator("#preview .zoomable .figure.legal-line polyline").first.bounding_box()
        assert box is not None and box["height"] > 2  # a stretch along the ruler (up the screen), a few px long
        y = box["y"] - 6 if end == "near" else box["y"] + box["height"] + 6  # past its end, inside the band
        page.touchscreen.tap(box["x"] + box["width"] / 2 + 12, y)
        expect(page.locator('[name="to_x"]')).to_have_value(re.compile(r"^\d"))
        settle(page)
        verdict = page.get_by_test_id("verdict")
        expect(verdict).to_contain_text(re.compile(r"toward V: legal\."))
        expect(verdict).not_to_contain_text("half a millimetre")
        page.get_by_role("button", name="Explain").tap()
        expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        expect(page.locator("h1.verdict")).to_contain_text(re.compile(r"toward V: legal\."))
        expect(page.locator("main")).not_to_contain_text("check on the table")
