"""A judge's journeys in a real browser: build, preview, explain, step, reload; and on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, editor_ready, open_setup, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def show_fields(page: Page) -> None:
    """Open "All pieces and fields" (the rows are folded under one tap below the sheet)."""
    if not page.locator("#pieces").is_visible():  # without JavaScript they show folded or not
        page.locator("details.all-fields > summary").click()


def choose_game(page: Page, name: str) -> None:
    """Pick the game and edition from the sheet's links (the one place they are chosen), e.g. "Armada"."""
    page.locator("nav.games").get_by_role("link", name=name).click()
    expect(page.locator("nav.games").get_by_role("link", name=name)).to_have_attribute("aria-current", "true")


def open_game(page: Page, base_url: str, game: str, edition: str, rows: int = 3) -> None:
    """The setup page for a game with blank rows to type in (the game is chosen by the sheet's links, which open
    on an empty table)."""
    page.goto(f"{base_url}/setup/?game={game}&edition={edition}&p-TOTAL_FORMS={rows}&p-INITIAL_FORMS=0&pick=1")


def fill_row(page: Page, n: int, **values: str) -> None:
    show_fields(page)
    for key, value in values.items():
        field = page.locator(f'[name="p-{n}-{key}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def test_build_preview_explain_step_reload(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/setup/")
    fill_row(page, 0, id="a", kind="ship", size="small", x="300", y="200", heading="0", player="1")
    fill_row(page, 1, id="rock", kind="obstacle", type="asteroid", x="300", y="250", heading="0")
    page.locator('[name="ship"]').select_option("a")
    page.locator('[name="bearing"]').select_option("straight")
    page.locator('[name="speed"]').select_option("2")
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_contain_text("fully executes")
    expect(page).to_have_url(re.compile(r"/setup/\?.*p-0-id=a"))
    first = page.locator("#preview svg.table-picture").inner_html()
    page.locator('[name="speed"]').select_option("4")
    expect(verdict).to_contain_text("straight 4")
    assert page.locator("#preview svg.table-picture").inner_html() != first

    page.get_by_role("button", name="Explain").click()
    expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
    expect(page.locator("#step-1")).to_be_visible()
    expect(page.locator("ol.steps")).to_contain_text("Asteroid")  # an unlabelled piece: what it is
    permalink = page.url

    page.get_by_role("link", name="Next").click()
    expect(page.locator(".step-nav .where")).to_have_text("Step 1 of " + str(page.locator("ol.steps > li").count()))
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    page.get_by_role("link", name="Next").click()
    expect(page).to_have_url(re.compile(r"\?step=2$"))
    page.get_by_role("link", name="Previous").click()
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    page.reload()
    expect(page.locator(".step-nav .where")).to_contain_text("Step 1 of")
    page.goto(permalink)
    expect(page.locator(".step-nav .where")).to_contain_text("All")


def test_bad_input_shows_next_to_the_field(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/setup/")
    fill_row(page, 0, id="a", kind="ship", size="small", x="far", y="200", heading="0")
    page.locator('[name="ship"]').select_option("a")
    page.locator('[name="bearing"]').select_option("straight")
    page.locator('[name="speed"]').select_option("1")
    expect(page.locator("#preview .problems").first).to_contain_text("must be a number")  # cannot be ruled as set up


def test_phone_sized_permalink(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/")
        page.get_by_role("link", name=re.compile("Bump into an enemy|bump stops the ship", re.I)).first.tap()
        expect(page.locator("h1.verdict")).to_be_visible()
        box = page.locator(".picture svg").bounding_box()
        assert box is not None and box["width"] <= 390
        page.get_by_role("link", name="Next").tap()
        expect(page.locator(".current-step")).to_be_visible()


def test_works_without_javascript(browser: Browser, base_url: str) -> None:
    with watched_page(browser, java_script_enabled=False) as page:
        page.goto(f"{base_url}/setup/")
        fill_row(page, 0, id="a", kind="ship", size="small", x="300", y="200", heading="0", player="1")
        page.get_by_role("button", name="Add an empty row").click()  # the ship menu now offers the pieces placed
        page.locator('[name="ship"]').select_option("a")
        page.locator('[name="bearing"]').select_option("turn")
        page.locator('[name="direction"]').select_option("left")
        page.locator('[name="speed"]').select_option("1")
        page.get_by_role("button", name="Preview").click()
        expect(page.get_by_test_id("verdict")).to_contain_text("turn left 1")
        page.get_by_role("button", name="Add an empty row").click()
        expect(page.locator('[name="p-3-id"]')).to_be_visible()
        page.get_by_role("button", name="Explain").click()
        expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        page.get_by_role("link", name="Next").click()
        expect(page).to_have_url(re.compile(r"\?step=1$"))
        expect(page.locator(".step-nav .where")).to_contain_text("Step 1 of")


def test_a_row_shows_the_fields_of_its_kind(page: Page, base_url: str) -> None:
    """A ship row offers the ship's fields, an obstacle row the obstacle's; an unchosen kind shows all."""
    page.goto(f"{base_url}/setup/")
    show_fields(page)
    row = page.locator("#row-0")
    expect(row.locator('[name="p-0-chassis"]')).to_be_visible()
    expect(row.locator('[name="p-0-fuses"]')).to_be_visible()
    page.locator('[name="p-0-kind"]').select_option("obstacle")
    expect(row.locator('[name="p-0-chassis"]')).to_be_hidden()
    expect(row.locator('[name="p-0-stressed"]')).to_be_hidden()
    expect(row.locator('[name="p-0-shape"]')).to_be_visible()
    page.locator('[name="p-0-kind"]').select_option("ship")
    expect(row.locator('[name="p-0-chassis"]')).to_be_visible()
    expect(row.locator('[name="p-0-shape"]')).to_be_hidden()
    page.goto(f"{base_url}/setup/?game=armada&edition=1.5&p-TOTAL_FORMS=1&p-INITIAL_FORMS=0&p-0-kind=ship&pick=1")
    show_fields(page)
    expect(row.locator('[name="p-0-yaw_limits"]')).to_be_visible()
    expect(row.locator('[name="p-0-stressed"]')).to_be_hidden()


def test_armada_ram_built_in_the_form_and_stepped(page: Page, base_url: str) -> None:
    """An Armada judge: a CR90 rams a Victory; the explanation steps through the speed reductions."""
    open_game(page, base_url, "armada", "1.5")
    show_fields(page)
    expect(page.locator('[name="bearing"]')).to_be_hidden()  # X-Wing's fields give way to Armada's
    expect(page.locator('[name="clicks"]')).to_be_visible()
    fill_row(page, 0, id="cr90", kind="ship", size="small", x="400", y="300", heading="0", player="1")
    fill_row(page, 1, id="vsd", kind="ship", size="large", x="410", y="500", heading="90", player="2")
    page.locator('[name="action"]').select_option("maneuver")
    page.locator('[name="ship"]').select_option("cr90")
    page.locator('[name="speed"]').select_option("3")
    page.locator('[name="clicks"]').fill("0, 0, 1")
    page.locator('[name="side"]').select_option("right")
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_contain_text("speed 1 (dial 3)")
    expect(verdict).to_contain_text("facedown damage to Small ship, Large ship")
    page.get_by_role("button", name="Explain").click()
    expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
    expect(page.locator("ol.steps")).to_contain_text("speed 2 instead")
    page.get_by_role("link", name="Next").click()
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    page.get_by_role("link", name="Next").click()
    expect(page.locator(".current-step")).to_contain_text("speed 2 instead")


def test_armada_obstacle_move_on_a_phone(browser: Browser, base_url: str) -> None:
    """A player on a phone checks where an asteroid field may be moved: the 6' x 3' table fits, the region is drawn."""
    with watched_page(browser, **PHONE) as page:
        open_game(page, base_url, "armada", "1.5")
        fill_row(page, 0, id="rock", kind="obstacle", type="asteroid-field", x="900", y="450", heading="0")
        fill_row(page, 1, id="obj", kind="token", type="objective", x="905", y="455")
        page.locator('[name="action"]').select_option("move-obstacle")
        page.locator('[name="moved"]').select_option("rock")
        page.locator('[name="to_x"]').fill("900")
        page.locator('[name="to_y"]').fill("550")
        page.locator('[name="max_distance"]').select_option("2")
        expect(page.get_by_test_id("verdict")).to_contain_text("legal")
        expect(page.locator("#preview svg .figure.area").first).to_be_attached()
        page.get_by_role("button", name="Explain").tap()
        expect(page).to_have_url(re.compile(r"/s/[a-z0-9]{10}/$"))
        expect(page.locator("ol.steps")).to_contain_text("Tokens on it move with it: Objective token")
        box = page.locator(".picture svg").bounding_box()
        assert box is not None and box["width"] <= 390
        page.get_by_role("link", name="Next").tap()
        expect(page.locator(".current-step")).to_be_visible()


def test_pieces_are_dragged_nudged_turned_and_removed_on_the_table(page: Page, base_url: str) -> None:
    """The table is the editor: gestures write the fields, and the preview follows."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base_url}/setup/")
    fill_row(page, 0, id="a", kind="ship", size="small", x="300", y="200", heading="0", player="1")
    fill_row(page, 1, id="rock", kind="obstacle", type="asteroid", x="300", y="400", heading="0")
    page.locator('[name="ship"]').select_option("a")
    page.locator('[name="bearing"]').select_option("straight")
    page.locator('[name="speed"]').select_option("1")
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_contain_text("fully executes")
    page.wait_for_load_state("networkidle")  # the last preview has arrived: nothing redraws mid-drag
    editor_ready(page)  # the editor module and htmx are ready
    page.wait_for_timeout(600)  # the typing's delayed refresh (400 ms) has gone out too
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Whole table").click()  # the rock is beyond the action's view
    page.wait_for_load_state("networkidle")  # leaving the typed field sent its change: the view is kept
    page.wait_for_timeout(100)
    rock = page.locator('#preview [data-piece="rock"] polygon').first
    rock.scroll_into_view_if_needed()
    page.wait_for_timeout(100)
    box = rock.bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 30, cy - 30, steps=5)
    page.mouse.up()
    x_field = page.locator('[name="p-1-x"]')
    expect(x_field).not_to_have_value("300")
    moved_x = float(x_field.input_value())
    assert moved_x > 300 and float(page.locator('[name="p-1-y"]').input_value()) > 400  # up the screen is +y
    page.locator('#preview [data-piece="rock"]').focus()
    page.keyboard.press("Shift+ArrowRight")
    expect(x_field).to_have_value(str(round(moved_x + 10, 2)).rstrip("0").rstrip("."))
    page.locator('#preview [data-piece="rock"]').focus()
    page.keyboard.press("Shift+BracketRight")
    expect(page.locator('[name="p-1-heading"]')).to_have_value("15")
    page.locator('#preview [data-piece="rock"]').focus()
    page.keyboard.press("Delete")
    expect(page.locator('[name="p-1-id"]')).to_have_value("")
    expect(page.locator('#preview [data-piece="rock"]')).to_have_count(0)
    assert errors == []


def test_arrow_keys_step_and_the_list_follows(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.get_by_role("link", name=re.compile("Bump into an enemy|bump stops the ship", re.I)).first.click()
    expect(page.locator("h2#outcome-title")).to_have_text("What happens")
    expect(page.locator(".outcome-box")).to_contain_text("It bumps")
    expect(page.locator("html[data-step-keys=on]")).to_have_count(1)  # the module and htmx are ready
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    expect(page.locator("ol.steps > li#step-1")).to_have_class(re.compile("current"))
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"\?step=2$"))
    expect(page.locator("ol.steps > li#step-2")).to_have_class(re.compile("current"))
    expect(page.locator("ol.steps > li#step-1")).not_to_have_class(re.compile("current"))
    page.locator("ol.steps > li#step-1 a.step-link").click()
    expect(page).to_have_url(re.compile(r"\?step=1$"))


def test_build_by_picking_a_ship_by_name_and_dragging_it(page: Page, base_url: str) -> None:
    """Pick a ship by name, pick an asteroid by shape, drag, choose the action: no coordinates typed."""
    open_setup(page, base_url)
    page.locator('[name="palette"]').select_option("xwing:ship:t65xwing")  # added as soon as it is picked
    expect(page.locator('[name="p-0-id"]')).to_have_value("t-65-x-wing-1")
    page.wait_for_load_state("networkidle")
    page.locator('[name="palette"]').select_option("xwing:obstacle:asteroid-4")
    expect(page.locator('[name="p-1-id"]')).to_have_value(re.compile("asteroid"))
    show_fields(page)
    page.locator('[name="ship"]').select_option("t-65-x-wing-1")
    page.locator('[name="bearing"]').select_option("straight")
    page.locator('[name="speed"]').select_option("2")
    expect(page.get_by_test_id("verdict")).to_be_visible()
    page.wait_for_load_state("networkidle")
    editor_ready(page)
    page.get_by_role("button", name="Whole table").click()  # room to drag the ship behind the asteroid
    page.wait_for_timeout(300)
    ship = page.locator('#preview [data-piece="t-65-x-wing-1"] polygon').first
    ship.scroll_into_view_if_needed()
    box = ship.bounding_box()
    assert box is not None
    back = 100 * box["height"] / 40  # 100 mm down the table (the small base is 40 mm), whatever the zoom
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + back, steps=4)
    page.mouse.up()
    expect(page.locator('[name="p-0-y"]')).not_to_have_value("457")
    expect(page.get_by_test_id("verdict")).to_contain_text("Asteroid 4")


def test_hovering_a_dial_choice_shows_its_ghost(page: Page, base_url: str) -> None:
    """While choosing, the table shows the hovered (or focused) maneuver's template and final base."""
    open_setup(page, base_url)
    page.locator('[name="palette"]').select_option("xwing:ship:t65xwing")
    page.get_by_role("link", name="T-65 X-wing moves").click()
    editor_ready(page)
    ghost = page.locator('#preview .option-ghost[data-option="2 bank left"]')
    expect(ghost).to_be_hidden()
    page.get_by_role("link", name="2 bank left").hover()
    expect(ghost).to_be_visible()
    page.get_by_role("link", name="3 straight").focus()
    expect(ghost).to_be_hidden()
    expect(page.locator('#preview .option-ghost[data-option="3 straight"]')).to_be_visible()
