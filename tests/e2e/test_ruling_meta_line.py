"""Trial 3: on a 390 px phone the ruling page's link line read "picture ( / SVG , PNG )": the words around
the 44 px link boxes wrapped apart, with spaces inside the parentheses. Each link is now whole words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from rules.library import examples
from tests.e2e.conftest import PHONE, watched_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_link_line_reads_cleanly_on_a_phone(browser: Browser, base_url: str) -> None:
    sid = next(ex.id for ex in examples() if ex.slug.startswith("xw-01"))
    with watched_page(browser, **PHONE) as page:
        page.goto(f"{base_url}/s/{sid}/")
        meta = page.locator("p.meta")
        text = re.sub(r"\s+", " ", meta.inner_text())  # as read out and copied, line breaks as spaces
        assert "picture (SVG) · picture (PNG) · data for developers (JSON)" in text, text
        assert not re.search(r"\( | \)| ,|/", text), text
        # as drawn: a parenthesis on the same line as the word it encloses and right beside it (it wrapped apart
        # from it, with a gap where a 44 px link box centred a shorter word, trial 3)
        split = meta.evaluate(SPLIT)
        assert split == [], split


SPLIT = """e => {
  const chars = [], walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.data.length; i++) {
    if (!n.data[i].trim()) continue;
    const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
    const b = r.getBoundingClientRect();
    chars.push([n.data[i], b.top, b.left, b.right]);
  }
  const out = [];
  chars.forEach(([c, top, left, right], i) => {
    const other = c === '(' ? chars[i + 1] : c === ')' ? chars[i - 1] : null;
    if (!other) return;
    const gap = c === '(' ? other[2] - right : left - other[3];
    if (Math.abs(other[1] - top) > 4 || gap > 2.5) out.push(`${c} ${other[0]}: top ${top} vs ${other[1]}, gap ${gap}`);
  });
  return out;
}"""
