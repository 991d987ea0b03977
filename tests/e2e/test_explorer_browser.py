"""The what-if explorer in a real browser (Debian chromium): JupyterLab, and Voilà inside the Lab server.

Each test opens ``tests/e2e/notebooks/explorer.ipynb`` (the showcase record), jumps to phase 2 of
year 1, steps with the buttons, changes Red's sealed bid in the conflict for Jinan (no cards instead
of 3+2+2) in the change panel, replays, and checks in the page that the final scores changed to what
the same change gives in this process (:class:`BranchTree`). Screenshots go to ``$SHOT_DIR`` (or a
temporary folder).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.core.records import load
from lotus_kit.ui.tree import BranchTree
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.seats import seat_name
from tests.e2e.conftest import open_in_lab, open_in_voila

pytestmark = pytest.mark.e2e

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"
JINAN_BID = 12
T = 30_000                      # ms: every wait for the kernel (a busy 2-core machine is slow)
CHANGE = Bid(0, 2, ())          # Red still names Green, but plays no influence


def expected():
    tree = BranchTree(load(SHOWCASE))
    node, _ = tree.add("", JINAN_BID, CHANGE)
    return tree.root.line, node.line


def score_cells(diff, key: str):
    """The two values of one final-score row of the diff (``key``: a seat's name or ``"winner"``)."""
    row = diff.locator("tr[data-topic='score']").filter(
        has=diff.page.locator("td.lotus-diff-key", has_text=re.compile(rf"^{key}( ◆)?$")))
    return row.locator("td.lotus-diff-a"), row.locator("td.lotus-diff-b")


def step_through_the_conflict(page: Page, ex, where, chart, name: str, shots: Path) -> None:
    """Steps 12 -> 16 with the next button (the reveal of round 1: the conflict chart), back to 12."""
    ex.locator(".lotus-explorer-next-button").click()
    expect(where).to_contain_text("Step 13 of 310", timeout=T)
    expect(ex.locator(".lotus-explorer-here")).to_contain_text("Red names Green with 3+2+2 = 7", timeout=T)
    for k in (14, 15, 16):
        ex.locator(".lotus-explorer-next-button").click()
        expect(where).to_contain_text(f"Step {k} of 310", timeout=T)
    expect(chart.locator(".gtitle")).to_contain_text("Conflict for Jinan", timeout=T)
    expect(ex.locator(".lotus-explorer-here")).to_contain_text("Green has the highest pressure and leaves", timeout=T)
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"explorer-{name}-2-conflict.png"))
    for k in (15, 14, 13, 12):
        ex.locator(".lotus-explorer-prev-button").click()
        expect(where).to_contain_text(f"Step {k} of 310", timeout=T)
    # the score chart again, without anything left over from the conflict chart
    expect(chart.locator(".gtitle")).to_contain_text("Score if the game ended now", timeout=T)
    expect(chart.locator(".annotation")).to_have_count(0, timeout=T)


def explore_and_change(page: Page, name: str, shots: Path, timeline: bool = True) -> None:
    """The whole check; ``timeline`` also steps through the conflict with the buttons (once is enough)."""
    root, branch = expected()
    ex = page.locator(".lotus-explorer")
    board = ex.locator(".lotus-board .js-plotly-plot").first
    expect(board.locator("path.js-fill").first).to_be_attached(timeout=90_000)
    where = ex.locator(".lotus-explorer-where")
    expect(where).to_contain_text("Step 0 of 310", timeout=60_000)
    expect(ex.locator(".lotus-explorer-title")).to_contain_text("310 recorded actions", timeout=T)
    page.screenshot(path=str(shots / f"explorer-{name}-1-start.png"))

    # the timeline: jump to phase 2 of year 1 (then step with the buttons)
    ex.locator(".lotus-explorer-jump-menu select").select_option(label="year 1 · 2 resolve claims (step 12)")
    expect(where).to_contain_text("Step 12 of 310", timeout=T)
    expect(board.locator(".gtitle")).to_contain_text("phase 2", timeout=T)
    chart = ex.locator(".lotus-explorer-chart-box .js-plotly-plot")
    if timeline:
        step_through_the_conflict(page, ex, where, chart, name, shots)

    # the change panel: Red's recorded bid, then no cards
    panel = ex.locator(".lotus-explorer-change")
    expect(panel).to_contain_text("On this line: Red names Green with 3+2+2 = 7", timeout=T)
    cards = ex.locator(".lotus-explorer-cards")
    expect(cards).to_contain_text("Playing: 3+2+2 = 7", timeout=T)
    pressed = cards.locator("button.mod-active")
    for _ in range(3):
        pressed.first.click()
    expect(pressed).to_have_count(0, timeout=T)
    expect(cards).to_contain_text("Playing: no cards", timeout=T)
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"explorer-{name}-3-change.png"))
    ex.locator(".lotus-explorer-replay-button").click()

    # the replay: the message, the new line, the diff with the new final scores
    message = ex.locator(".lotus-explorer-change-message")
    expect(message).to_contain_text("Line 1", timeout=T)
    expect(message).to_contain_text(f"kept {branch.kept} recorded decisions, bots filled {branch.filled}", timeout=T)
    expect(where).to_contain_text("Step 13 of", timeout=T)
    expect(ex.locator(".lotus-explorer-here")).to_contain_text("Red names Green with no cards", timeout=T)
    diff = ex.locator(".lotus-explorer-diff-view")
    expect(diff).to_contain_text("Final score", timeout=T)
    old = {ln.seat: ln.total for ln in root.final.scores}
    new = {ln.seat: ln.total for ln in branch.final.scores}
    assert old != new
    for seat in range(4):
        a, b = score_cells(diff, seat_name(seat))
        expect(a).to_have_text(str(old[seat]), timeout=T)
        expect(b).to_have_text(str(new[seat]), timeout=T)
    winners = " and ".join(seat_name(s) for s in branch.final.winners)
    expect(score_cells(diff, "winner")[1]).to_have_text(winners, timeout=T)
    expect(ex.locator(".lotus-explorer-lines select option")).to_have_count(2, timeout=T)
    diff.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"explorer-{name}-4-diff.png"))

    # the end of the new line: the board and the final score chart
    ex.locator(".lotus-explorer-last-button").click()
    expect(where).to_contain_text(f"Step {branch.steps} of {branch.steps}", timeout=T)
    expect(board.locator(".gtitle")).to_contain_text("the game is over", timeout=T)
    chart.scroll_into_view_if_needed()
    try:
        expect(chart.locator(".gtitle")).to_contain_text("Final score", timeout=T)
        expect(chart.locator(".gtitle")).to_contain_text(winners, timeout=T)
    finally:
        page.screenshot(path=str(shots / f"explorer-{name}-5-end.png"))

    # back to the original line: its final scores again
    ex.locator(".lotus-explorer-original-button").click()
    expect(ex.locator(".lotus-explorer-line-info")).to_contain_text("Line 0: the original record", timeout=T)
    won = " and ".join(seat_name(s) for s in root.final.winners)
    expect(chart.locator(".gtitle")).to_contain_text(won, timeout=T)


def log_console(page: Page) -> None:
    """Print the page's console errors (shown by pytest when a test fails)."""
    page.on("console", lambda m: print(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: print(f"page error: {e}"))


def test_jupyterlab_explorer_change_a_bid(page: Page, lab_url, shots):
    log_console(page)
    open_in_lab(page, lab_url, "explorer.ipynb")
    explore_and_change(page, "lab", shots)


def test_voila_explorer_change_a_bid(page: Page, lab_url, shots):
    log_console(page)
    open_in_voila(page, lab_url, "explorer.ipynb")
    explore_and_change(page, "voila", shots, timeline=False)


def test_jupyterlab_explorer_biggest_swings(page: Page, lab_url, shots):
    """Open "Biggest swings", find them with a tiny budget, go to the first, try its better move."""
    from lotus_kit.ui.explorer import Explorer, describe_action

    budget = {"rollouts": 2, "alternatives": 2, "max_decisions": 4}
    local = Explorer(SHOWCASE)
    top = local.find_swings(**budget).iloc[0]         # seeded: the kernel finds the same
    k = int(top["step"])
    state = local.line.states[k]
    log_console(page)
    open_in_lab(page, lab_url, "explorer.ipynb")
    ex = page.locator(".lotus-explorer")
    expect(ex.locator(".lotus-explorer-where")).to_contain_text("Step 0 of 310", timeout=90_000)
    ex.get_by_text("Biggest swings: which decisions cost the most?").click()
    for name, value in (("rollouts", 2), ("alternatives", 2), ("decisions", 4)):
        field = ex.locator(f".lotus-explorer-swing-{name} input")
        field.fill(str(value))
        field.press("Enter")
    expect(ex.locator(".lotus-explorer-swings-section")).to_contain_text("4 × 3 moves × 2 = 24 games", timeout=T)
    ex.locator(".lotus-explorer-swing-button").click()
    expect(ex.locator(".lotus-explorer-swing-message")).to_contain_text("Judged 4 decisions", timeout=60_000)
    table = ex.locator(".lotus-explorer-swing-table")
    expect(table.locator(".lotus-swing-go")).to_have_count(4, timeout=T)
    expect(table).to_contain_text(describe_action(top["action"], state), timeout=T)
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-lab-6-swings.png"))
    table.locator(".lotus-swing-go").first.click()
    expect(ex.locator(".lotus-explorer-where")).to_contain_text(f"Step {k} of 310", timeout=T)
    table.locator(".lotus-swing-try").first.click()
    expect(ex.locator(".lotus-explorer-swing-message")).to_contain_text("Swing 1: Line 1", timeout=T)
    expect(ex.locator(".lotus-explorer-lines select option")).to_have_count(2, timeout=T)
    expect(ex.locator(".lotus-explorer-line-info")).to_contain_text(
        f"branch of line 0 at step {k}: {describe_action(top['alternative'], state)}", timeout=T)


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&nbsp;", " ")


def test_jupyterlab_chart_follows_the_step_keys_and_export(page: Page, lab_url, shots):
    """The move list and the keys move the explorer; the chart's title names the step and year shown and
    carries that step's data (the same title the kit computes here); the board downloads as a PNG."""
    from lotus_kit.ui.explorer import Explorer

    local = Explorer(SHOWCASE)
    rebellion = next(k for k, s in enumerate(local.line.states) if s.year == 3
                     and any(type(e).__name__ == "RebellionResolved" for e in s.events))
    local.chart_kind.value = "rebellion"
    local.go(rebellion)
    want_rebellion = _plain(local.chart.layout.title.text)
    local.chart_kind.value = "auto"
    local.go(16)
    want_conflict = _plain(local.chart.layout.title.text)
    assert "Step 16" in want_conflict and "year 1" in want_conflict and "Jinan" in want_conflict

    log_console(page)
    page.set_viewport_size({"width": 1440, "height": 900})
    open_in_lab(page, lab_url, "explorer.ipynb")
    ex = page.locator(".lotus-explorer")
    where = ex.locator(".lotus-explorer-where")
    expect(where).to_contain_text("Step 0 of 310", timeout=150_000)
    board = ex.locator(".lotus-board .js-plotly-plot").first
    expect(board).to_be_attached(timeout=90_000)
    moves = ex.locator(".lotus-moves")
    expect(moves.locator(".lm-row")).to_have_count(311, timeout=T)
    expect(moves.locator(".lm-head").first).to_have_text("year 1 · 1 claim provinces", timeout=T)
    page.screenshot(path=str(shots / "explorer-lab-1440-start.png"))
    # the board uses the width, and the move list stands beside it (JupyterLab with its file browser open)
    board_box, moves_box = board.bounding_box(), moves.bounding_box()
    assert board_box["width"] >= 620 and moves_box["x"] >= board_box["x"] + board_box["width"] - 5

    # the keys, whatever has focus inside the explorer: first a spot that is no control, then a button
    where.click()
    for k in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        expect(where).to_contain_text(f"Step {k} of 310", timeout=T)
        expect(moves.locator(".lm-current")).to_have_attribute("data-step", str(k), timeout=T)
    ex.locator(".lotus-explorer-next-button").click()
    expect(where).to_contain_text("Step 4 of 310", timeout=T)
    page.keyboard.press("ArrowLeft")
    expect(where).to_contain_text("Step 3 of 310", timeout=T)
    page.keyboard.press("End")
    expect(where).to_contain_text("Step 310 of 310", timeout=T)
    page.keyboard.press("Home")
    expect(where).to_contain_text("Step 0 of 310", timeout=T)
    page.keyboard.press("n")                              # Red's first decision
    first_red = next(k for k, a in enumerate(local.line.actions) if a.seat == 0)
    expect(where).to_contain_text(f"Step {first_red} of 310", timeout=T)

    # export: the board as a PNG download
    with page.expect_download(timeout=60_000) as info:
        ex.locator(".lotus-explorer-png-button").click()
    download = info.value
    assert download.suggested_filename == f"white-lotus-line0-step{first_red}.png"
    assert Path(download.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # a click in the move list: the step after that decision, highlighted; the chart of that step
    moves.locator(".lm-row[data-step='16']").click()
    expect(where).to_contain_text("Step 16 of 310", timeout=T)
    expect(moves.locator(".lm-current")).to_have_attribute("data-step", "16", timeout=T)
    note = ex.locator(".lotus-explorer-chart-note")
    expect(note).to_contain_text("The conflict of year 1 from step 16", timeout=T)
    chart = ex.locator(".lotus-explorer-chart-box .js-plotly-plot")
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-lab-1440-conflict.png"))
    expect(chart.locator(".gtitle")).to_have_text(want_conflict, timeout=T)

    # the rebellion chart a few steps before year 3's rebellion: none (not year 2's), then step to it
    ex.locator(".lotus-explorer-chart-kind button", has_text="rebellion").click()
    moves.locator(f".lm-row[data-step='{rebellion - 3}']").click()
    expect(where).to_contain_text(f"Step {rebellion - 3} of 310", timeout=T)
    expect(note).to_contain_text(f"No rebellion fought yet in year 3 at step {rebellion - 3}", timeout=T)
    expect(ex.locator(".lotus-explorer-chart-box")).to_be_hidden(timeout=T)
    where.click()
    for k in range(rebellion - 2, rebellion + 1):
        page.keyboard.press("ArrowRight")
        expect(where).to_contain_text(f"Step {k} of 310", timeout=T)
    expect(note).to_contain_text(f"The rebellion of year 3 at step {rebellion}", timeout=T)
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-lab-1440-rebellion.png"))
    expect(chart.locator(".gtitle")).to_have_text(want_rebellion, timeout=T)

    # a narrower screen: the panel goes under the board, nothing is cut off
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    ex.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "explorer-lab-1024.png"))
