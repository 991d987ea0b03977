"""The position editor in Voilà, in a real browser (Debian chromium): its buttons show their whole
labels ("Play on from here" was cut to "Play on from h…"). Screenshot: ``editor-voila.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import VOILA_NB, open_in_voila

pytestmark = pytest.mark.e2e

# buttons whose label does not fit (the browser cuts it with an ellipsis)
CUT_LABELS = """() => Array.from(document.querySelectorAll('button'))
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())"""


def test_editor_buttons_show_their_whole_labels(page: Page, voila_url, shots):
    open_in_voila(page, voila_url, f"{VOILA_NB}/editor.ipynb", (1280, 800))
    play = page.get_by_role("button", name="Play on from here")
    expect(play).to_be_visible(timeout=120_000)
    play.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "editor-voila.png"))
    assert page.evaluate(CUT_LABELS) == []
