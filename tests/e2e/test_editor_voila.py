"""The position editor in Voilà, in a real browser (Debian chromium): its buttons show their whole
labels ("Play on from here" was cut to "Play on from h…"). Screenshot: ``editor-voila.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NB_DIR, voila_server

pytestmark = pytest.mark.e2e

# buttons whose label does not fit (the browser cuts it with an ellipsis)
CUT_LABELS = """() => Array.from(document.querySelectorAll('button'))
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())"""


@pytest.fixture(scope="module")
def editor_voila_url(jupyter_env):
    with voila_server(str(NB_DIR / "editor.ipynb"), jupyter_env, "voila-editor") as url:
        yield url


def test_editor_buttons_show_their_whole_labels(page: Page, editor_voila_url, shots):
    base, token = editor_voila_url
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base}/?token={token}")
    play = page.get_by_role("button", name="Play on from here")
    expect(play).to_be_visible(timeout=120_000)
    play.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "editor-voila.png"))
    assert page.evaluate(CUT_LABELS) == []
