"""The kit with no internet, in a real browser (Debian chromium): rule texts open in place in Voilà and
JupyterLab, icons come from Voilà's own Font Awesome, and nothing is asked of a host but 127.0.0.1.

conftest's ``offline_only`` guard fails any browser test whose page asks for something outside
127.0.0.1; the first test here shows that the guard itself catches such a request.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import VOILA_NB, open_in_lab, open_in_voila, shot_on_failure

pytestmark = pytest.mark.e2e

# the notebooks open rules.ipynb: a claims panel of a fresh game, its heading citing WL-PLACE-1..4

OUTSIDE = """() => Array.from(document.querySelectorAll('link[href], script[src], img[src]'))
  .map(e => e.href || e.src).filter(u => /^[a-z]+:\\/\\//.test(u) && !u.startsWith(location.origin))"""
ICON_FONTS = """() => document.fonts.ready.then(() => Array.from(document.fonts)
  .filter(f => f.family.includes('Font Awesome') && f.status === 'loaded').length)"""


def open_rule(page: Page, rule: str, words: str) -> None:
    """Click a rule id of the claims panel: its text opens under it (and was hidden before)."""
    details = page.locator(".lotus-phase-1 details.lotus-rule").filter(
        has=page.locator("summary", has_text=re.compile(f"^{rule}$"))).first
    summary, body = details.locator("summary"), details.locator(".lotus-rule-text")
    expect(summary).to_be_visible(timeout=120_000)
    expect(body).to_be_hidden()
    assert summary.get_attribute("title").startswith(f"{rule}. ")      # the hover tooltip
    summary.click()
    expect(body).to_be_visible()
    expect(body).to_contain_text(words)


def test_the_guard_aborts_and_records_requests_leaving_127_0_0_1(page: Page, offline_only):
    page.set_content('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/nothing.css">'
                     '<img src="http://example.org/x.png">')
    page.wait_for_function("() => document.images[0].complete")
    assert sorted(u.split(" ", 1)[1] for u in offline_only) == [
        "http://example.org/x.png", "https://cdn.jsdelivr.net/npm/nothing.css"]
    offline_only.clear()                   # seen: this test must not fail at teardown


def test_voila_rule_popover_shows_the_rule_with_icons_from_the_server_only(page: Page, voila_url, shots):
    open_in_voila(page, voila_url, f"{VOILA_NB}/rules.ipynb")
    with shot_on_failure(page, shots, "offline-voila", full_page=True):
        open_rule(page, "WL-PLACE-3", "Placement runs in passes")
        page.screenshot(path=str(shots / "offline-voila-rule.png"))
        # Font Awesome: the panel's buttons draw their icons with the font Voilà serves itself
        icon = page.locator(".lotus-phase-1").get_by_role("button", name="Place marker").locator("i.fa")
        expect(icon).to_be_visible()
        assert icon.evaluate("i => getComputedStyle(i, '::before').content") not in ("none", "normal", "")
        assert page.evaluate(ICON_FONTS) >= 1
        assert page.evaluate(OUTSIDE) == []            # no CDN link left in the page


def test_jupyterlab_rule_popover_shows_the_rule(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "rules.ipynb")
    with shot_on_failure(page, shots, "offline-lab"):
        open_rule(page, "WL-PLACE-2", "")
        open_rule(page, "WL-PLACE-3", "Placement runs in passes")
        page.screenshot(path=str(shots / "offline-lab-rule.png"))
