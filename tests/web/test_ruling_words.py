"""A ruling page in the player's words (issue 22, item 6; the second phone trial): the meta links say what they
are, a drop's effect names the ship it hits, an attack has its "What happens" box, "derived" is explained."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from rules.library import examples

pytestmark = pytest.mark.django_db


def _page(client: Client, slug: str) -> str:
    doc = next(e for e in examples() if e.slug.startswith(slug)).scenario.to_dict()
    r = client.post("/api/v1/rulings", data=json.dumps(doc), content_type="application/json")
    assert r.status_code == 200
    return client.get(f"/s/{r.json()['id']}/").content.decode()


def _what_happens(page: str) -> str:
    assert 'id="outcome-title"' in page, "no What happens box"
    return re.sub(r"<[^>]+>", "", page.split('id="outcome-title"')[1].split("</section>")[0])


def _visible(html: str) -> str:
    html = re.sub(r"<(script|style|pre)\b.*?</\1>|<head>.*?</head>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_the_links_under_the_headline_say_what_they_are_in_words(client: Client) -> None:
    page = _page(client, "xw-20")
    sid = re.search(r'<link rel="canonical" href="[^"]*/s/([a-z0-9]+)/"', page)
    assert sid is not None
    meta = page.split('<p class="meta">')[1].split("</p>")[0]
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", meta))
    assert "Link to this ruling" in words and "data for developers (JSON)" in words
    # each link's words whole: "picture (" / "SVG" wrapped apart around 44 px link boxes (trial 3)
    assert re.search(r'<a href="[^"]+\.svg[^"]*">picture \(SVG\)</a>', meta)
    assert re.search(r'<a href="[^"]+\.png[^"]*">picture \(PNG\)</a>', meta)
    assert "permalink" not in words
    assert sid.group(1) not in words  # the link itself is kept, its key is not read out
    assert "Facts (JSON outcome)" not in page and "data for developers" in _visible(page.split("</article>")[0])


def test_a_drops_effect_names_the_ship_it_hits(client: Client) -> None:
    what = _what_happens(_page(client, "dv-18"))
    assert "T-65 X-wing suffers 1 hit damage" in what and "the ship suffers" not in what


def test_an_attack_has_a_what_happens_box_from_its_facts(client: Client) -> None:
    xwing = _what_happens(_page(client, "xw-20"))
    assert "The attack can be made, at range 2." in xwing
    assert "the defender rolls 1 additional defense die" in xwing
    armada = _what_happens(_page(client, "ak-01"))
    assert "at close range" in armada and "removes 1 die from the attack pool" in armada
    # what is left of the dice given (trials 3 and 4): 2 red and 1 blue, one of either colour removed
    assert "(1 blue, 2 red gathered: one blue or red die of its choice, 2 dice left)" in armada


def test_an_attack_shows_range_bands_without_a_before_the_action(client: Client) -> None:
    page = _visible(_page(client, "xw-20"))
    assert "Show range bands around" in page and "before the action" not in page


def test_the_derived_badge_leads_to_what_derived_means(client: Client) -> None:
    page = next(p for p in (_page(client, e.slug) for e in examples()[:40]) if 'class="badge derived"' in p)
    assert re.search(r'<a class="badge derived" href="/rules/#derived"', page)
    assert "what “derived” means" in page
    assert 'id="derived"' in client.get("/rules/").content.decode()


@pytest.mark.parametrize(
    ("gathered", "colours", "words"),
    [
        ({"red": 2}, ["red"], " (2 red gathered: 1 red left)"),
        ({"red": 1}, ["red"], " (1 red gathered: no dice left)"),
        (
            {"red": 1, "black": 2},
            ["black", "red"],
            " (2 black, 1 red gathered: one black or red die of its choice, 2 dice left)",
        ),
        ({}, [], ""),
    ],
)
def test_an_obstructed_attack_says_what_is_left_of_the_dice(gathered: dict, colours: list, words: str) -> None:
    from rules.views.common import _left

    assert _left({"dice": {"gathered": gathered, "remove_one_of": colours}}) == words
