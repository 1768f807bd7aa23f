"""Pictures are public resources any site may embed (CORP cross-origin, CORS *), pages keep same-site; a card
is drawn once per canonical host, and varies on Host where the host it prints can differ."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from rules import limits
from rules.library import examples

pytestmark = pytest.mark.django_db


@pytest.fixture
def sid(client: Client) -> str:
    ex = examples()[0]
    assert client.get(f"/s/{ex.id}/").status_code == 200  # stored on first view
    return ex.id


def picture_urls(sid: str) -> list[str]:
    return [f"/s/{sid}.png", f"/s/{sid}.png?step=1", f"/s/{sid}.svg", f"/s/{sid}.svg?step=1", f"/s/{sid}/thumb.svg"]


def test_every_picture_route_is_embeddable_anywhere(client: Client, sid: str) -> None:
    shape = "/setup/shapes/xwing/asteroid-1.svg"
    for url in [*picture_urls(sid), shape]:
        r = client.get(url, headers={"Origin": "https://forum.example"})
        assert r.status_code == 200, url
        assert r["Cross-Origin-Resource-Policy"] == "cross-origin", url
        assert r["Access-Control-Allow-Origin"] == "*", url
        assert "Access-Control-Allow-Credentials" not in r, url


def test_pages_keep_their_strict_policies(client: Client, sid: str) -> None:
    for url in (f"/s/{sid}/", "/setup/", "/", f"/api/v1/rulings/{sid}"):
        r = client.get(url)
        assert r["Cross-Origin-Resource-Policy"] == "same-site", url
        assert "Access-Control-Allow-Origin" not in r, url


def test_host_spellings_share_one_render_and_one_etag(
    client: Client, sid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.clear()
    monkeypatch.setattr(limits, "RENDERS", limits.Limit("renders", 1, 60))
    with override_settings(ALLOWED_HOSTS=["example.org", ".example.org"]):
        first = client.get(f"/s/{sid}.png", HTTP_HOST="example.org")
        assert first.status_code == 200 and "Host" in first["Vary"]
        for spelling in ("Example.ORG", "example.org.", "example.org:80"):
            again = client.get(f"/s/{sid}.png", HTTP_HOST=spelling)
            assert again.status_code == 200, spelling  # not a second render: the limit of 1 would refuse it
            assert again["ETag"] == first["ETag"]
        other = client.get(f"/s/{sid}.svg", HTTP_HOST="www.example.org")
        assert b"www.example.org/s/" in other.content
        assert other["ETag"] != client.get(f"/s/{sid}.svg", HTTP_HOST="example.org")["ETag"]


def test_a_canonical_host_is_printed_whatever_the_request_says(client: Client, sid: str) -> None:
    with override_settings(ALLOWED_HOSTS=["example.org", "www.example.org"], CANONICAL_HOST="rulings.example.org"):
        a = client.get(f"/s/{sid}.svg", HTTP_HOST="www.example.org")
        b = client.get(f"/s/{sid}.svg", HTTP_HOST="example.org")
    assert b"rulings.example.org/s/" in a.content and a["ETag"] == b["ETag"]
    assert "Host" not in a.get("Vary", "")
