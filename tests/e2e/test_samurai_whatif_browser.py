"""Samurai's battle what-if in the explorer, in JupyterLab in a real browser (Debian chromium).

``tests/e2e/notebooks/samurai_explorer.ipynb``: Red (1 die) attacks Blue (1 die, a castle, the Shogun
card) and rolls 2 against 5. The test opens the "What if: battle dice" section, gives Red four pips
more, replays, and expects the new line where Red wins. Screenshots go to ``$SHOT_DIR``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.e2e

T = 60_000                      # ms: every wait for the kernel (a busy 2-core machine is slow)


def test_jupyterlab_explorer_rerolls_a_battle_with_four_more_for_the_attacker(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "samurai_explorer.ipynb")
    ex = page.locator(".lotus-explorer")
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 0 of 2", timeout=90_000)
    ex.get_by_text("What if: battle dice").click()
    rolled = ex.locator(".lotus-explorer-what-if").first
    expect(rolled).to_contain_text("Blue wins", timeout=T)
    plus = ex.get_by_role("button", name="+1").first
    for _ in range(4):
        plus.click()
    expect(ex.locator(".lotus-explorer-what-if-section input").first).to_have_value("6", timeout=T)
    ex.get_by_role("button", name="Replay with these dice").click()
    expect(ex.locator(".lotus-explorer-line-info")).to_contain_text("Line 1", timeout=T)
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 1", timeout=T)
    ex.locator(".lotus-explorer-what-if-section").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "samurai-explorer-whatif.png"), full_page=True)
    ex.locator(".lotus-explorer-first-button").click()
    expect(rolled).to_contain_text("Red wins", timeout=T)
