"""Learn pages without JavaScript: choose a topic, answer by a form POST, see the reveal."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.learn.exercises import TOPICS, Source, draw
from rules.library import examples
from rules.models import StoredScenario
from tests.web.test_pages import assert_no_inline_code

pytestmark = pytest.mark.django_db


def _exercise(topic: str, seed: int, **kw):  # type: ignore[no-untyped-def]
    sources = tuple(Source.of(e.slug, e.title, e.scenario) for e in examples())
    ex = draw(topic, seed, sources, **kw)
    assert ex is not None
    return ex


def _buttons(html: str) -> list[str]:
    return re.findall(r'<button type="submit" name="answer" value="([^"]*)"', html)


def test_the_learn_page_offers_every_topic_by_game_and_edition(client: Client) -> None:
    r = client.get("/learn/")
    assert r.status_code == 200
    html = r.content.decode()
    assert_no_inline_code(html)
    for slug in TOPICS:
        assert f"/learn/{slug}/" in html
    assert "?ed=2.0" in html and "?ed=2.5" in html
    assert 'href="/learn/"' in client.get("/").content.decode(), "the site's nav links to it"


def test_an_exercise_shows_the_table_before_the_action_and_one_tap_answers(client: Client) -> None:
    ex = _exercise("xwing-obstacles", 11)
    r = client.get("/learn/xwing-obstacles/11/")
    assert r.status_code == 200
    html = r.content.decode()
    assert_no_inline_code(html)
    assert "<svg" in html
    assert ex.questions[0].text.replace("'", "&#x27;") in html
    assert _buttons(html) == [v for v, _ in ex.questions[0].choices]
    assert "deciding" not in html, "nothing of the ruling before the answer"


@pytest.mark.parametrize("right", [True, False])
def test_answering_reveals_the_ruling_with_the_deciding_step(client: Client, right: bool) -> None:
    ex = _exercise("xwing-obstacles", 11)
    q = ex.questions[0]
    answer = q.answer if right else next(v for v, _ in q.choices if v != q.answer)
    before = StoredScenario.objects.count()
    r = client.post("/learn/xwing-obstacles/11/", {"q": "0", "answer": answer})
    assert r.status_code == 200
    html = r.content.decode()
    assert_no_inline_code(html)
    assert ("Right" if right else "Not quite") in html
    assert f'data-right="{1 if right else 0}"' in html
    assert f'id="learn-step-{q.step}" class="current deciding"' in html
    assert html.count('class="current deciding"') == 1
    assert f'href="/rules/{q.rule}"' in html
    assert StoredScenario.objects.count() == before + 1, "the table is stored: 'share this one' is a permalink"
    sid = StoredScenario.objects.get(digest=ex.scenario.digest()).id
    assert f'href="/s/{sid}/"' in html
    assert "like=" in html, "another like this"
    if not right:
        assert "Read the rule" in html
    # the picture builds up: one table per step, each with its own ids
    pictures = re.findall(r'<figure class="learn-step-picture"><svg[^>]* aria-labelledby="(ls\d+)-title"', html)
    assert pictures == [f"ls{n}" for n in range(1, len(ex.ruling.steps) + 1)]


def test_a_later_question_of_the_same_exercise(client: Client) -> None:
    seed = next(s for s in range(50) if len(_exercise("xwing-obstacles", s).questions) > 1)
    ex = _exercise("xwing-obstacles", seed)
    r = client.get(f"/learn/xwing-obstacles/{seed}/?q=1")
    assert r.status_code == 200
    assert _buttons(r.content.decode()) == [v for v, _ in ex.questions[1].choices]
    first = client.post(f"/learn/xwing-obstacles/{seed}/", {"q": "0", "answer": ex.questions[0].answer})
    assert f"/learn/xwing-obstacles/{seed}/?q=1" in first.content.decode(), "next question"


@pytest.mark.parametrize("order", ["engine", "reversed"])
def test_an_order_is_one_tap_and_only_the_engines_order_is_right(client: Client, order: str) -> None:
    like = "xw-13-gas-then-asteroid"  # the template crosses a gas cloud, then an asteroid
    seed = next(s for s in range(60) if not _exercise("xwing-obstacles", s, like=like).generated)
    ex = _exercise("xwing-obstacles", seed, like=like)
    qi, q = next((i, q) for i, q in enumerate(ex.questions) if q.key == "resolves")
    order_ids = [e["source"] for e in ex.ruling.outcome["effects"]]
    assert q.answer == ">".join(order_ids) == "gas>rock"
    url = f"/learn/xwing-obstacles/{seed}/?like={like}&q={qi}"
    html = client.get(url).content.decode()
    assert "Gas cloud, then Asteroid" in html and "Asteroid, then Gas cloud" in html, "whole orders, one tap each"
    answer = q.answer if order == "engine" else ">".join(reversed(order_ids))
    r = client.post(f"/learn/xwing-obstacles/{seed}/?like={like}", {"q": str(qi), "answer": answer})
    assert r.status_code == 200
    assert ("Right" if order == "engine" else "Not quite") in r.content.decode()


def test_weak_rules_and_edition_in_the_url(client: Client) -> None:
    rule = "xwing-2.5/obstacles/order"
    r = client.get(f"/learn/xwing-mixed/5/?rules={rule}")
    assert r.status_code == 200
    assert "No example here practises" not in r.content.decode()
    r = client.get("/learn/xwing-mixed/5/?rules=armada-1.5/overlapping/ship-onto-ship")
    assert r.status_code == 200, "a rule no example of the topic decides: another exercise, said so"
    assert "No example here practises" in r.content.decode()
    r = client.get("/learn/xwing-obstacles/5/?ed=2.0")
    assert r.status_code == 200 and "2.0" in r.content.decode()


@pytest.mark.parametrize(
    ("url", "data", "status", "says"),
    [
        ("/learn/nope/1/", None, 404, ""),
        ("/learn/xwing-obstacles/1/?ed=9.9", None, 400, "ed:"),
        ("/learn/armada-mixed/1/?ed=2.5", None, 400, "ed:"),
        ("/learn/xwing-obstacles/1/?like=nope", None, 400, "like:"),
        ("/learn/xwing-obstacles/1/?q=9", None, 400, "q:"),
        ("/learn/xwing-obstacles/1/", {"q": "0", "answer": "maybe"}, 400, "answer:"),
        ("/learn/xwing-obstacles/1/", {"q": "x", "answer": "yes"}, 400, "q:"),
        ("/learn/xwing-obstacles/1/", {"q": "²", "answer": "yes"}, 400, "q:"),
    ],
)
def test_bad_input_is_a_400_or_404_never_a_500(
    client: Client, url: str, data: dict | None, status: int, says: str
) -> None:
    r = client.post(url, data) if data is not None else client.get(url)
    assert r.status_code == status
    assert says in r.content.decode()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    topic=st.sampled_from([*TOPICS, "xwing", "x" * 60]),
    seed=st.integers(min_value=0, max_value=2 * 10**9),
    params=st.dictionaries(
        st.sampled_from(["ed", "like", "rules", "q"]),
        st.one_of(
            st.text(max_size=30), st.sampled_from(["2.0", "2.5", "1.5", "0", "1", "2", "xw-01-through-asteroid-25"])
        ),
        max_size=4,
    ),
    answer=st.one_of(st.none(), st.text(max_size=10), st.sampled_from(["yes", "no", "-", "0", "2"])),
)
def test_no_learn_input_is_a_500(
    client: Client, topic: str, seed: int, params: dict[str, str], answer: str | None
) -> None:
    from urllib.parse import urlencode

    url = f"/learn/{topic}/{seed}/?" + urlencode(params)
    if answer is None:
        r = client.get(url)
    else:
        r = client.post(url, {"q": params.get("q", "0"), "answer": answer})
    assert r.status_code in (200, 400, 404, 429)


@pytest.mark.parametrize("side", ["made", "missed"])
def test_a_made_up_close_call_says_what_its_distance_means(client: Client, side: str) -> None:
    seed = next(s for s in range(200) if (e := _exercise("xwing-attacks", s)).generated and e.side == side)
    ex = _exercise("xwing-attacks", seed)
    q = ex.questions[0]
    html = client.post(f"/learn/xwing-attacks/{seed}/", {"q": "0", "answer": q.answer}).content.decode()
    said = re.sub(r"\s+", " ", re.search(r'<p class="meta">This is a close call(.*?)</p>', html, re.S).group(1))
    where = "past the point where the ruling changes" if side == "made" else "short of the point where the ruling"
    assert f"{ex.moved} is {ex.distance_mm} mm {where}" in said
    assert "edge of the rule" not in html
