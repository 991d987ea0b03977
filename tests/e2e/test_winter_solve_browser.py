"""Winter's "solve from here" in the explorer, in JupyterLab in a real browser (Debian chromium).

``tests/e2e/notebooks/winter_explorer.ipynb`` explores three cards in a row (the record: Player 1 removes
the middle card and wins on the tie-break). The test opens the solver's section, solves step 0, and
expects the answer the solver gives in this process (a token, with a move that forms a light square),
then judges the recorded moves: the first one cost Player 1 a token. Screenshots go to ``$SHOT_DIR``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.winter import WINTER
from lotus_kit.winter.solver import solve
from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.e2e

T = 60_000                      # ms: every wait for the kernel (a busy 2-core machine is slow)
ROW = {"colours": ["light", "dark"], "to_move": 0,
       "lake": [{"x": 0, "y": 0, "card": "W07"}, {"x": 2, "y": 0, "card": "W15"}, {"x": 4, "y": 0, "card": "W08"}]}


def test_jupyterlab_explorer_solves_the_thaw_from_the_step_shown(page: Page, lab_url, shots):
    state = WINTER.position(ROW)
    local = solve(state, seconds=30)
    assert local.solved
    best_words = WINTER.describe(local.best, state)
    open_in_lab(page, lab_url, "winter_explorer.ipynb")
    ex = page.locator(".lotus-explorer")
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 0 of 3", timeout=90_000)
    ex.get_by_text("Solve the thaw: solve from here").click()
    seconds = ex.locator(".lotus-explorer-solve-seconds input")
    seconds.fill("20")
    seconds.press("Enter")
    ex.locator(".lotus-explorer-solve-button").click()
    answer = ex.locator(".lotus-explorer-solve-answer")
    expect(answer).to_contain_text("Player 1 wins by 1 token with best play", timeout=T)
    expect(answer).to_contain_text(f"Best move: {best_words}", timeout=T)
    expect(ex.locator(".lotus-explorer-solve-best-button")).to_be_visible(timeout=T)
    ex.locator(".lotus-explorer-solve-swing-button").click()
    swings = ex.locator(".lotus-explorer-solve-swings-view")
    expect(swings).to_contain_text("3 recorded moves judged (steps 0–2); 1 of them cost their player something",
                                   timeout=T)
    first = swings.locator("tr", has_text="removes the card at (2, 0)")
    expect(first).to_contain_text("1 token", timeout=T)
    expect(first).to_contain_text(best_words, timeout=T)
    swings.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "winter-explorer-solve.png"), full_page=True)
    # another step shows no stale answer; the end of the game is not solved
    ex.locator(".lotus-explorer-last-button").click()
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 3 of 3", timeout=T)
    expect(answer).to_contain_text("The game is over", timeout=T)
    expect(ex.locator(".lotus-explorer-solve-button")).to_be_disabled(timeout=T)
