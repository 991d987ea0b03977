"""The explorer's advice and position editor in a real browser (Voilà inside the Lab server, Debian
chromium): the hosts are the same for every game, the tools come from the game's screen.

- Samurai (``samurai_explorer.ipynb``: Red may attack Blue at step 0): the advice section shows the
  attack weighed by the same numbers this process computes; "Set up from here" opens the position
  description editor, which the game finds possible.
- White Lotus (``explorer.ipynb``, the showcase record): at Red's sealed bid for Jinan the advice is
  the equilibrium advisor of the conflict (four bid: it waits for "Solve"); "Set up from here"
  opens the painted editor.

Screenshots go to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

T = 30_000                      # ms: every wait for the kernel (a busy 2-core machine is slow)


def log_console(page: Page) -> None:
    page.on("console", lambda m: print(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: print(f"page error: {e}"))


def test_voila_samurai_explorer_advice_and_position_editor(page: Page, lab_url, shots):
    from lotus_kit.core.records import GameRecord
    from lotus_kit.samurai import actions as A
    from lotus_kit.ui.explorer import Explorer
    from lotus_kit.ui.phases.text import shown_text

    seats = [{"daimyo": ["DAIMYO_10"]}, {"daimyo": ["START_DAIMYO_5", "CASTLE_ODAWARA"]}, {}]
    table = {"players": 3, "active": 0, "shogun": 1, "seed": 8, "seats": seats}
    local = Explorer(GameRecord("samurai", {"position": table}, (), (A.Attack(0, 1), A.EndTurn(0))))
    advice = shown_text(local.open_advice().body.value)          # the kernel must show the same words
    assert advice.startswith("Red: attack Blue: ") and "honor over three turns" in advice

    log_console(page)
    page.set_viewport_size({"width": 1400, "height": 1000})
    base, token = lab_url
    page.goto(f"{base}/voila/render/samurai_explorer.ipynb?token={token}")
    ex = page.locator(".lotus-explorer")
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 0 of 2", timeout=90_000)
    ex.get_by_text("Advice: attack or not (battle odds)").click()
    body = ex.locator(".lotus-advice-body")
    # the words around the rule id (the page also holds the rule's text in its popover)
    before, after = advice.split(" SAM-BAT-2), ")
    expect(body).to_contain_text(before, timeout=T)
    expect(body).to_contain_text(after, timeout=T)
    body.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-samurai-advice.png"))
    # a step where no attack can be declared: the advisor says why, with the rule
    ex.locator(".lotus-explorer-next-button").click()
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 1 of 2", timeout=T)
    expect(ex.locator(".lotus-advice-head")).to_contain_text("SAM-DEC-4", timeout=T)
    ex.locator(".lotus-explorer-prev-button").click()
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 0 of 2", timeout=T)
    expect(body).to_contain_text("Red: attack Blue", timeout=T)

    ex.locator(".lotus-explorer-setup-button").click()
    editor = ex.locator(".lotus-description-editor")
    expect(editor.locator(".lotus-description-editor-check")).to_contain_text("A possible position", timeout=T)
    expect(editor.locator("textarea")).to_have_value(re.compile(r'"players": 3'), timeout=T)
    editor.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-samurai-editor.png"))
    # an impossible position is refused with the game's reasons; nothing is played
    text = editor.locator("textarea")
    text.fill(text.input_value().replace('"players": 3', '"players": 9', 1))
    editor.locator(".lotus-description-editor-check-button").click()
    expect(editor.locator(".lotus-description-editor-check")).to_contain_text("Not a possible position", timeout=T)
    expect(editor.locator(".lotus-description-editor-play-button")).to_be_disabled(timeout=T)
    page.screenshot(path=str(shots / "explorer-samurai-editor-refused.png"))


def test_voila_white_lotus_explorer_advice_and_painted_editor(page: Page, lab_url, shots):
    log_console(page)
    page.set_viewport_size({"width": 1400, "height": 1000})
    base, token = lab_url
    page.goto(f"{base}/voila/render/explorer.ipynb?token={token}")
    ex = page.locator(".lotus-explorer")
    where = ex.locator(".lotus-explorer-where")
    expect(where).to_contain_text("Step 0 of 310", timeout=90_000)
    ex.locator(".lotus-explorer-jump-menu select").select_option(label="year 1 · 2 resolve claims (step 12)")
    expect(where).to_contain_text("Step 12 of 310", timeout=T)
    ex.get_by_text("Advice: the equilibrium of the sealed choice shown (bids, sides)").click()
    advisor = ex.locator(".lotus-advisor")
    expect(advisor.locator(".lotus-advisor-head")).to_contain_text("Conflict for Jinan", timeout=T)
    # four bid: solved on request only (it takes seconds), as in the advisor on its own
    expect(advisor.locator(".lotus-advisor-message")).to_contain_text("Three or more participants", timeout=T)
    expect(advisor.locator(".lotus-advisor-solve-button")).to_be_visible(timeout=T)
    advisor.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-white-lotus-advice.png"))

    ex.locator(".lotus-explorer-setup-button").click()
    setup = ex.locator(".lotus-explorer-setup-area")
    expect(setup).to_contain_text("Position editor: set up from step 12 (year 1, phase 2)", timeout=T)
    expect(setup).to_contain_text("A possible position", timeout=T)
    expect(setup.locator(".js-plotly-plot").first).to_be_attached(timeout=T)
    setup.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-white-lotus-editor.png"))
