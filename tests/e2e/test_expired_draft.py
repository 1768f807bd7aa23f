"""An expired setup draft, opened on a phone: the setup page says so at once, beside the table, and starting
again works (with the script, and without it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from rules.models import Draft
from tests.e2e.conftest import PHONE, editor_ready

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

KEY = "abcdefghijklmnop"


@pytest.mark.parametrize("script", [True, False])
def test_an_expired_draft_says_so_in_view_and_starts_again(browser: Browser, base_url: str, script: bool) -> None:
    assert not Draft.objects.filter(pk=KEY).exists()  # a key handed out once, its draft pruned since
    context = browser.new_context(**PHONE, java_script_enabled=script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the one console message allowed: the browser's own note of the page's 410
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "410" not in m.text else None)
    try:
        response = page.goto(f"{base_url}/setup/?state={KEY}")
        assert response is not None and response.status == 410
        if script:
            editor_ready(page)
        notice = page.get_by_test_id("no-draft")
        expect(notice).to_contain_text("This draft has expired; drafts are kept for 30 days.")
        expect(notice).to_be_in_viewport()
        start = notice.get_by_role("link", name="Start again")
        expect(start).to_be_in_viewport()
        start.tap()
        expect(page).to_have_url(f"{base_url}/setup/")
        expect(page.get_by_test_id("no-draft")).to_have_count(0)
    finally:
        context.close()
    assert errors == []
