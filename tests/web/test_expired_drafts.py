"""A setup draft (``/setup/?state=<key>``, a state too long for an address) is pruned after its days; its
address then answers with the setup page saying so, never a bare 404, and the permalink it was edited from
still opens."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from rules.models import Draft
from tests.web.test_player_words import BIG, browser_form, post_form, stored_id

pytestmark = pytest.mark.django_db


def _a_draft(client: Client) -> tuple[str, str]:
    """A 60-piece permalink opened in the editor and posted back: (its id, the draft's address)."""
    sid = stored_id(client, BIG)
    sent = browser_form(client.get("/setup/", {"from": sid}).content.decode())
    r = post_form(client, "/setup/", sent)
    assert r.status_code == 303 and re.fullmatch(r"\?state=[a-z2-7]{16}", r["Location"])
    return sid, "/setup/" + r["Location"]


def _prune(**options: str) -> str:
    out = StringIO()
    args = [a for k, v in options.items() for a in (f"--{k.replace('_', '-')}", v)]
    call_command("prune_unopened", *args, stdout=out)
    return out.getvalue()


@override_settings(DRAFT_DAYS=7)
def test_a_pruned_draft_answers_410_with_the_setup_page_and_what_to_do(client: Client) -> None:
    sid, address = _a_draft(client)
    assert client.get(address).status_code == 200
    Draft.objects.update(created=timezone.now() - timedelta(days=8))
    assert "1 drafts older than 7 days" in _prune(days="30")
    page = client.get(address)
    text = page.content.decode()
    assert page.status_code == 410 and page["Cache-Control"] == "no-cache"
    assert "This draft has expired; drafts are kept for 7 days." in text
    assert '<form id="setup"' in text and 'name="palette"' in text  # the editor works: start again right here
    assert ">Start again</a>" in text and ">Open a saved situation</a>" in text
    assert "state=" not in text  # no link leads back to the draft that is gone
    # the permalink it was edited from is never pruned with it, and opens in the editor whole
    assert client.get(f"/s/{sid}/").status_code == 200
    again = client.get("/setup/", {"from": sid})
    assert again.status_code == 200 and 'name="p-59-id"' in again.content.decode()


def test_followed_in_place_the_expired_page_is_swapped_in(client: Client) -> None:
    """htmx swaps only a 2xx: a link or Back followed in place gets the same page with a 200."""
    _, address = _a_draft(client)
    Draft.objects.all().delete()
    page = client.get(address, headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert page.status_code == 200 and 'data-testid="no-draft"' in page.content.decode()


def test_a_key_never_handed_out_is_a_404_with_the_setup_page(client: Client) -> None:
    page = client.get("/setup/", {"state": "not-a-key"})
    text = page.content.decode()
    assert page.status_code == 404 and "This link names no draft" in text and 'name="palette"' in text


@override_settings(DRAFT_DAYS=7)
def test_drafts_are_kept_for_the_days_the_page_says_whatever_the_scenarios_days() -> None:
    from rules.models import store_draft

    young, old = store_draft("game=xwing&young=1"), store_draft("game=xwing&old=1")
    Draft.objects.filter(pk=young).update(created=timezone.now() - timedelta(days=5))
    Draft.objects.filter(pk=old).update(created=timezone.now() - timedelta(days=8))
    _prune(days="1")  # scenarios never opened in a day: the drafts keep their own 7 days
    assert list(Draft.objects.values_list("key", flat=True)) == [young]
    _prune(days="30", draft_days="3")
    assert not Draft.objects.exists()
