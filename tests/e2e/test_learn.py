"""Learn on a phone: five exercises, one answered wrong; the deciding step highlighted, progress kept."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from rules.engine.learn.exercises import Exercise, Source, draw
from rules.library import examples
from tests.e2e.conftest import PHONE, watched_page
from tests.e2e.test_accessibility import serious

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WRONG = 4
"""The exercise answered wrong: the last, so its rule is still weak when the progress is checked."""


def _exercise_at(url: str) -> tuple[Exercise, int]:
    """The exercise a URL names, drawn here the way the server draws it (same seed, same answer)."""
    parts = urlparse(url)
    m = re.fullmatch(r"/learn/([a-z-]+)/(\d+)/", parts.path)
    assert m, url
    query = parse_qs(parts.query)
    sources = tuple(Source.of(e.slug, e.title, e.scenario) for e in examples())
    rules = [r for r in query.get("rules", [""])[0].split(",") if r]
    ex = draw(
        m[1], int(m[2]), sources, edition=query.get("ed", [None])[0], like=query.get("like", [None])[0], rules=rules
    )
    assert ex is not None
    return ex, int(query.get("q", ["0"])[0])


def _tap(page: Page, label: str) -> None:
    button = page.locator("form.learn-choices button", has_text=re.compile(f"^\\s*{re.escape(label)}\\s*$"))
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44, "one tap, at least 44 px"
    button.tap()


def test_five_exercises_on_a_phone_one_wrong(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/learn/")
        expect(page.locator("#learn-progress")).to_be_hidden()  # nothing answered yet
        assert serious(page) == []
        page.get_by_role("link", name="Obstacles").last.tap()  # X-Wing 2.5, obstacles
        wrong_rule = ""
        for n in range(5):
            expect(page.locator("form.learn-choices")).to_be_visible()
            if n == 0:
                assert serious(page) == []
            ex, qi = _exercise_at(page.url)
            q = ex.questions[qi]
            answer = q.answer if n != WRONG else next(v for v, _ in q.choices if v != q.answer)
            _tap(page, q.label(answer))
            expect(page.locator("h1")).to_have_text("Not quite" if n == WRONG else "Right")
            deciding = page.locator("ol.learn-steps > li.deciding")
            expect(deciding).to_have_count(1)
            expect(deciding).to_have_attribute("id", f"learn-step-{q.step}")
            expect(deciding.locator(".deciding-badge")).to_be_visible()
            expect(page.locator("#learn-progress")).to_be_visible()
            if n == WRONG:
                wrong_rule = q.rule
                assert serious(page) == []
                row = page.locator(f'#learn-progress-list li[data-rule="{q.rule}"]')
                expect(row).to_have_class("weak")
                expect(row.locator(".learn-marks")).to_contain_text("✗")
                expect(page.get_by_role("link", name=re.compile("Practise my weak X-Wing rules"))).to_be_visible()
                expect(page.get_by_role("link", name="Read the rule")).to_be_visible()
            page.get_by_role("link", name="Next exercise").tap()
        expect(page.locator("form.learn-choices")).to_be_visible()
        stored = page.evaluate("JSON.parse(localStorage.getItem('table-ruling-learn-v1'))")
        assert len(stored["seen"]) == 5
        assert sum(len(r["recent"]) for r in stored["rules"].values()) == 5
        assert 0 in stored["rules"][wrong_rule]["recent"]
        # the progress shows on the learn page too, and practising the weak rules draws one of them
        page.goto(f"{base_url}/learn/")
        expect(page.locator(f'#learn-progress-list li[data-rule="{wrong_rule}"]')).to_be_visible()
        page.get_by_role("link", name=re.compile("Practise my weak X-Wing rules")).tap()
        expect(page.locator("form.learn-choices")).to_be_visible()
        rules = parse_qs(urlparse(page.url).query)["rules"][0].split(",")
        assert wrong_rule in rules
        ex, qi = _exercise_at(page.url)
        assert any(q.rule in rules for q in ex.questions), "a weak rule is practised"
        page.emulate_media(color_scheme="dark")
        assert serious(page) == []
        _tap(page, ex.questions[qi].label(ex.questions[qi].answer))
        expect(page.locator("h1")).to_have_text("Right")
        assert serious(page) == []


def test_learning_without_javascript(browser: Browser, base_url: str) -> None:
    with watched_page(browser, java_script_enabled=False, **PHONE) as page:
        page.goto(f"{base_url}/learn/xwing-attacks/3/")
        ex, _ = _exercise_at(page.url)
        _tap(page, ex.questions[0].label(ex.questions[0].answer))
        expect(page.locator("h1")).to_have_text("Right")
        expect(page.locator("ol.learn-steps > li.deciding")).to_have_attribute(
            "id", f"learn-step-{ex.questions[0].step}"
        )
        expect(page.locator("#learn-progress")).to_be_hidden()


def test_the_answers_are_on_the_first_screen_of_a_phone(browser: Browser, base_url: str) -> None:
    with watched_page(browser, **PHONE) as page:
        for topic, seed in (("xwing-mixed", 2), ("xwing-obstacles", 11), ("armada-obstacles", 3)):
            page.goto(f"{base_url}/learn/{topic}/{seed}/")
            for button in page.locator(".learn-choices button").all():
                box = button.bounding_box()
                assert box is not None and box["y"] + box["height"] <= 844, (topic, seed, button.inner_text())


def test_next_exercise_puts_its_own_address_in_the_address_bar(browser: Browser, base_url: str) -> None:
    """The trial's path: a two-question 2.0 exercise, both answered, then Next exercise. The address bar
    must name the exercise on screen (sharing or reloading it then gives the same one)."""
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/learn/xwing-attacks/20482423/?ed=2.0")
        first = page.url
        ex, _ = _exercise_at(page.url)
        for qi, q in enumerate(ex.questions):
            _tap(page, q.label(q.answer))
            expect(page.locator("h1")).to_have_text("Right")
            if qi + 1 < len(ex.questions):
                page.get_by_role("link", name="Next question").tap()
        page.get_by_role("link", name="Next exercise").tap()
        expect(page.locator("form.learn-choices")).to_be_visible()
        assert urlparse(page.url).path != urlparse(first).path
        shown, qi = _exercise_at(page.url)
        expect(page.locator(".learn-choices legend")).to_contain_text(shown.questions[qi].text)
        page.reload()
        expect(page.locator(".learn-choices legend")).to_contain_text(shown.questions[qi].text)
