"""The walkthrough notebooks in JupyterLab in a real browser (Debian chromium), as a learner uses them.

- Notebook 1 played by hand: the learner runs the cells down to the Phase 1 panel, places his three
  markers with the panel's list and button, then runs the coach cell and everything below it: no
  error anywhere, and his markers are the ones the coach cell lists.
- Run All of notebooks 1 and 4: each phase panel shows its own phase (its heading and status read in
  the page), each board the year of its section, and every plotly chart on the page has drawn traces.

The Lab server serves a copy of ``notebooks/`` (nothing is saved into the shipped notebooks).
Screenshots go to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import re
import secrets
import shutil
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import _free_port, _start, _stop, run_all

pytestmark = pytest.mark.e2e

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LEARN, REBELLION = "01_learn_the_rules.ipynb", "04_rebellion_lab.ipynb"
T = 60_000                      # ms: every wait for the kernel (a busy 2-core machine is slow)
RUN_ALL = 600_000               # ms: a whole notebook with its boards, on a busy machine

ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error'], .jp-OutputArea-output.jp-mod-error"
# each drawn plotly chart: how many traces it drew (scatter/bar/pie layers) and its title
CHARTS_JS = """() => Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .js-plotly-plot'))
  .filter(p => p.offsetParent !== null)
  .map(p => ({title: (p.querySelector('.gtitle') || {}).textContent || '',
              traces: p.querySelectorAll('g.trace, g.slice, .barlayer .point').length,
              data: (p.data || []).length}))"""


@pytest.fixture(scope="module")
def lab(jupyter_env, tmp_path_factory):
    """JupyterLab on a copy of the shipped notebooks; yields (base url, token)."""
    root = tmp_path_factory.mktemp("walkthroughs")
    for name in (LEARN, REBELLION):
        shutil.copy(NOTEBOOKS / name, root / name)
    shutil.copytree(NOTEBOOKS / "data", root / "data")
    port, token = _free_port(), secrets.token_hex(16)
    proc = _start([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
                   "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                   f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                  jupyter_env, "lab-walkthroughs", f"http://127.0.0.1:{port}/api/status?token={token}")
    yield f"http://127.0.0.1:{port}", token
    _stop(proc)


def open_notebook(page: Page, lab, name: str) -> None:
    page.on("pageerror", lambda e: print(f"page error: {e}"))
    base, token = lab
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(timeout=90_000)
    # Run All only once the status bar shows the kernel connected and idle: on a busy machine the
    # indicator is idle before that, and Run All then went to a kernel Lab was replacing (nothing ran)
    expect(page.get_by_role("button", name=re.compile(r"ipykernel\) \| Idle"))).to_be_visible(timeout=90_000)


def code_cell(page: Page, text: str):
    """The code cell whose source holds ``text``."""
    return page.locator(".jp-NotebookPanel:visible .jp-CodeCell").filter(
        has=page.locator(".jp-InputArea-editor", has_text=text)).first


def wait_until_done(page: Page, cell, timeout: float = T) -> None:
    """Until the cell's prompt shows an execution count (not [*] or [ ])."""
    expect(cell.locator(".jp-InputArea-prompt")).to_have_text(re.compile(r"\[\d+\]"), timeout=timeout)


def run_cell(page: Page, cell) -> None:
    """Select a cell by its prompt (command mode) and run it with Shift+Enter."""
    cell.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    wait_until_done(page, cell)


def no_errors(page: Page) -> None:
    errors = page.locator(ERRORS)
    assert errors.count() == 0, errors.first.inner_text()[:2000]


def charts_all_drawn(page: Page, name: str) -> list[dict]:
    """Every visible plotly chart has data and drew its traces (waits for them to be drawn)."""
    try:
        page.wait_for_function(f"() => ({CHARTS_JS})().every(c => c.data > 0 && c.traces > 0)", timeout=T)
    finally:
        charts = page.evaluate(CHARTS_JS)
    empty = [c for c in charts if not (c["data"] and c["traces"])]
    assert charts and not empty, f"{name}: empty charts {empty}"
    return charts


def test_jupyterlab_learner_places_his_own_markers_then_runs_the_next_cells(page: Page, lab, shots):
    open_notebook(page, lab, LEARN)
    panel_cell = code_cell(page, "walk.panel(1)")
    # run the cells above the Phase 1 panel (Run > Run All Above Selected Cell), then the panel's cell
    panel_cell.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("li[data-command='notebook:run-all-above']").click()
    wait_until_done(page, code_cell(page, "hand = start.hand(RED)"), timeout=RUN_ALL)
    run_cell(page, panel_cell)
    panel = panel_cell.locator(".lotus-phase-1")
    expect(panel).to_contain_text("Red: place marker 1 (of 3)", timeout=T)
    picked = []
    for n in range(3):
        choice = panel.locator(".widget-dropdown select")
        expect(panel).to_contain_text(f"Red: place marker {n + 1} (of 3)", timeout=T)
        # the list drops the provinces he claimed once the kernel has answered: pick only then, and
        # only click once the pick has stuck (a late list update would reset it to the first province)
        for done in picked:
            expect(choice.locator("option", has_text=done)).to_have_count(0, timeout=T)
        options = [o for o in choice.locator("option").all_inner_texts() if o.strip()]
        name = options[-1]
        choice.select_option(label=name)
        expect(choice.locator("option:checked")).to_have_text(name, timeout=T)
        panel.get_by_role("button", name="Place marker").click()
        try:
            expect(panel).to_contain_text(f"Red claims {name}", timeout=T)
        finally:
            print(panel.inner_text()[:1500])
        picked.append(name)
    expect(panel).to_contain_text("Phase 1 of year 1 is over", timeout=T)
    panel_cell.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "learner-01-played-phase-1.png"))

    # "let the coach play for me", then everything below it
    coach = code_cell(page, "walk.play_for_me(1)")
    run_cell(page, coach)
    listed = coach.locator(".jp-OutputArea-output").first
    for name in picked:
        expect(listed).to_contain_text(re.compile(rf"{re.escape(name)}\s+\(\w\): [^\n]*Red"), timeout=T)
    coach.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("li[data-command='notebook:run-all-below']").click()
    last = code_cell(page, "walk.play_to_end()")
    wait_until_done(page, last, timeout=RUN_ALL)
    expect(last.locator(".jp-OutputArea-output").first).to_contain_text("Game over after", timeout=T)
    no_errors(page)
    # his panel still shows his phase 1
    expect(panel.locator(".widget-html").first).to_contain_text("year 1", timeout=T)
    expect(panel).to_contain_text("Phase 1 of year 1 is over")
    panel_cell.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "learner-01-after-the-next-cells.png"))


def test_jupyterlab_run_all_01_each_section_shows_its_own_phase(page: Page, lab, shots):
    open_notebook(page, lab, LEARN)
    run_all(page)
    last = code_cell(page, "walk.play_to_end()")
    wait_until_done(page, last, timeout=RUN_ALL)
    no_errors(page)
    for phase in range(1, 7):
        cell = code_cell(page, f"walk.panel({phase}")
        panel = cell.locator(f".lotus-phase-{phase}")
        expect(panel).to_contain_text(f"Phase {phase} ·", timeout=T)
        expect(panel).to_contain_text("— year 1", timeout=T)
        expect(panel).not_to_contain_text("game is over")
        expect(panel).to_contain_text(f"Phase {phase} of year 1 is over" if phase != 3 else "VP chip", timeout=T)
        cell.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"learner-01-runall-phase-{phase}.png"))


def test_jupyterlab_run_all_01_draws_every_chart(page: Page, lab, shots):
    open_notebook(page, lab, LEARN)
    run_all(page)
    wait_until_done(page, code_cell(page, "walk.play_to_end()"), timeout=RUN_ALL)
    try:
        charts = charts_all_drawn(page, LEARN)
    finally:
        code_cell(page, "walk.setup_board()").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "learner-01-runall-charts.png"))
    assert len(charts) >= 6, charts                 # the setup board, four section boards, the exercise, the score
    # each board shows its own section: the setup, then year 1 (phase 6 hands over to year 2)
    titles = [c["title"] for c in charts]
    assert titles[0].startswith("Year 1 · phase 1"), titles
    for phase in (1, 2, 4, 6):
        board = code_cell(page, f"walk.panel({phase})").locator(".lotus-board .gtitle").first
        expect(board).to_contain_text("Year 2 · phase 1" if phase == 6 else "Year 1 · phase", timeout=T)


def test_jupyterlab_run_all_04_the_rebellion_panel_shows_its_phase(page: Page, lab, shots):
    open_notebook(page, lab, REBELLION)
    run_all(page)
    last = code_cell(page, "TakeReward(RED,")
    wait_until_done(page, last, timeout=RUN_ALL)
    no_errors(page)
    cell = code_cell(page, "RebellionPanel(table")
    panel = cell.locator(".lotus-phase-4")
    expect(panel).to_contain_text("Phase 4 · Rebellion", timeout=T)
    expect(panel).to_contain_text("Now asked: Red", timeout=T)
    expect(panel).not_to_contain_text("game is over")
    cell.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "learner-04-runall-panel.png"))


def test_jupyterlab_run_all_04_draws_every_chart(page: Page, lab, shots):
    open_notebook(page, lab, REBELLION)
    run_all(page)
    wait_until_done(page, code_cell(page, "TakeReward(RED,"), timeout=RUN_ALL)
    try:
        charts = charts_all_drawn(page, REBELLION)
    finally:
        page.screenshot(path=str(shots / "learner-04-runall-charts.png"))
    assert len(charts) >= 4, charts                 # two boards, the sides, the convergence, the tally
    board = code_cell(page, "RebellionPanel(table").locator(".lotus-board .gtitle").first
    expect(board).to_contain_text("Year 4 · phase 4", timeout=T)
