"""The JupyterLite build (``make lite``) in a real browser: no server but a static one, no network.

The site is built once per session into a temporary folder (``scripts/lite.py --out``; its
downloads stay cached in ``.cache/lite``, so a rebuild takes about half a minute) and served on
127.0.0.1 by ``scripts/lite.py --serve``. The conftest's offline guard fails a test on any request
leaving 127.0.0.1: Pyodide, its lock file and every wheel come from the site itself.

- Notebook 1 runs top to bottom in the Pyodide kernel with no error, every board is drawn; its
  phase 1 panel run again takes a claim from a click on a lotus province of its board.
- The engine's speed in the browser kernel against this machine's CPython (the same code), and
  the time from opening the notebook to a drawn board, are printed and written to
  ``$SHOT_DIR/lite-measures-*.json``.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import _free_port, _stop

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LEARN = "01_learn_the_rules.ipynb"
T = 60_000                      # ms: a wait for the kernel
RUN_ALL = 900_000               # ms: notebook 1 in the browser kernel on a busy machine
ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error'], .jp-OutputArea-output.jp-mod-error"
BOARD_DRAWN = ".jp-NotebookPanel:visible .lotus-board .js-plotly-plot path.js-fill"

# µs per action of the White Lotus engine: seeded uniformly random 4-player games, legal actions
# generated and applied; run as it is in the browser kernel and in this machine's CPython
SPEED = """
import random, sys, time
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
actions = 0
t0 = time.perf_counter()
for seed in range(GAMES):
    rng = random.Random(seed)
    state = new_game(4, seed)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
        actions += 1
seconds = time.perf_counter() - t0
print(f"SPEED {sys.platform} {actions} {seconds:.3f} {1e6 * seconds / actions:.1f}")
"""
SPEED_GAMES = 5


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> Path:
    """The site as ``make lite`` builds it, into a folder of this session."""
    out = tmp_path_factory.mktemp("lite") / "site"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "lite.py"), "--out", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"lite site built in {time.perf_counter() - t0:.0f} s")
    return out


@pytest.fixture(scope="session")
def lite_url(lite_site):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "lite.py"), "--serve", "--out", str(lite_site),
                             "--port", str(port)], stdout=subprocess.PIPE, text=True)
    assert "serving" in proc.stdout.readline()         # it prints once it listens
    yield f"http://127.0.0.1:{port}"
    _stop(proc)


def code_cell(page: Page, text: str):
    return page.locator(".jp-NotebookPanel:visible .jp-CodeCell").filter(
        has=page.locator(".jp-InputArea-editor", has_text=text)).first


def wait_until_done(cell, timeout: float = T) -> None:
    expect(cell.locator(".jp-InputArea-prompt")).to_have_text(re.compile(r"\[\d+\]"), timeout=timeout)


def run_cell(page: Page, cell, timeout: float = T) -> None:
    cell.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    wait_until_done(cell, timeout)


def run_code_on_top(page: Page, code: str, timeout: float = T) -> str:
    """Add a code cell on top of the notebook shown, put ``code`` in it as it is (no auto-indent),
    run it; returns its output text."""
    page.locator(".jp-NotebookPanel:visible .jp-Notebook-cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")                                  # a new cell above, selected
    cell = page.locator(".jp-NotebookPanel:visible .jp-Notebook-cell").first
    expect(cell).to_have_class(re.compile("jp-CodeCell"))
    cell.locator(".cm-content").click()
    page.keyboard.insert_text(code.strip())
    page.keyboard.press("Shift+Enter")
    wait_until_done(cell, timeout)
    return cell.locator(".jp-OutputArea-output").first.inner_text()


def test_lite_notebook_1_runs_top_to_bottom_and_a_board_click_claims(page: Page, lite_url, shots):
    page.on("pageerror", lambda e: print(f"page error: {e}"))
    t_open = time.perf_counter()
    page.goto(f"{lite_url}/lab/index.html?path={LEARN}")
    expect(page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator")).to_be_attached(timeout=T)
    expect(page.locator(".jp-NotebookPanel .jp-CodeCell").first).to_be_visible(timeout=T)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("li[data-command='runmenu:run-all']").click()
    try:
        expect(page.locator(BOARD_DRAWN).first).to_be_attached(timeout=RUN_ALL)
        to_board = time.perf_counter() - t_open
        page.locator(BOARD_DRAWN).first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "lite-01-first-board.png"))
        last = code_cell(page, "walk.play_to_end()")
        wait_until_done(last, timeout=RUN_ALL)
        to_end = time.perf_counter() - t_open
    except AssertionError:
        page.screenshot(path=str(shots / "lite-01-failed.png"))
        raise
    errors = page.locator(ERRORS)
    assert errors.count() == 0, errors.first.inner_text()[:2000]
    expect(last.locator(".jp-OutputArea-output").first).to_contain_text("Game over after", timeout=T)
    # every phase panel shows its own phase of year 1, as in JupyterLab
    for phase in range(1, 7):
        panel = code_cell(page, f"walk.panel({phase}").locator(f".lotus-phase-{phase}")
        expect(panel).to_contain_text(f"Phase {phase} ·", timeout=T)
        expect(panel).to_contain_text("— year 1", timeout=T)

    # phase 1 again (its cell takes a fresh copy of the game): Red claims by clicking the board
    panel_cell = code_cell(page, "walk.panel(1)")
    run_cell(page, panel_cell, timeout=RUN_ALL)
    panel = panel_cell.locator(".lotus-phase-1")
    expect(panel).to_contain_text("Red: place marker 1 (of 3)", timeout=T)
    board = panel_cell.locator(".lotus-board .js-plotly-plot").first
    expect(board.locator("path.js-fill").first).to_be_attached(timeout=T)
    board.scroll_into_view_if_needed()
    # a province the panel's list offers Red (in year 1: a lotus province), clicked on the board
    name = panel.locator(".widget-dropdown select option").last.inner_text().strip()
    click_province(page, panel_cell, name)
    expect(panel).to_contain_text(f"Red claims {name}", timeout=T)
    expect(panel).to_contain_text("Red: place marker 2 (of 3)", timeout=T)

    page.mouse.move(5, 5)                                   # the hover label off the board
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lite-01-claimed-by-click.png"))
    measures = {"open_to_first_board_s": round(to_board, 1), "open_to_last_cell_s": round(to_end, 1)}
    print("lite measures:", measures)
    (shots / "lite-measures-notebook.json").write_text(json.dumps(measures, indent=1))


def test_lite_engine_speed_in_the_browser_kernel_and_in_cpython(page: Page, lite_url, shots):
    """µs per action of the same seeded random games in the Pyodide kernel and in this CPython."""
    page.goto(f"{lite_url}/lab/index.html?path={LEARN}")
    expect(page.locator(".jp-NotebookPanel .jp-Notebook-cell").first).to_be_visible(timeout=T)
    code = SPEED.replace("GAMES", str(SPEED_GAMES))
    browser = parse_speed(run_code_on_top(page, code, timeout=RUN_ALL))
    page.screenshot(path=str(shots / "lite-speed.png"))
    cpython = parse_speed(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                         cwd=ROOT).stdout)
    assert browser["platform"] == "emscripten" and cpython["platform"] != "emscripten"
    assert browser["actions"] == cpython["actions"]           # the same seeded games, action for action
    measures = {"us_per_action_browser": browser["us"], "us_per_action_cpython": cpython["us"],
                "actions": browser["actions"], "ratio": round(browser["us"] / cpython["us"], 2)}
    print("lite measures:", measures)
    (shots / "lite-measures-speed.json").write_text(json.dumps(measures, indent=1))


# where a province's seat is on the page (the board's invisible "hit" markers: plotly clicks what is
# hovered), found by the province's name as the panel's list shows it; (id, x, y)
SEAT_OF = """(gd, name) => {
  const hit = gd.data.find(t => t.meta === 'hit');
  const i = hit.hovertext.findIndex(h => h.startsWith('<b>' + name + '</b>'));
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const r = gd.getBoundingClientRect();
  return [hit.customdata[i], r.left + xa._offset + xa.l2p(hit.x[i]), r.top + ya._offset + ya.l2p(hit.y[i])];
}"""


def click_province(page: Page, panel_cell, name: str) -> None:
    """Point at the province's seat, wait for its hover label, click it, as a player would."""
    board = panel_cell.locator(".lotus-board .js-plotly-plot").first
    pid, x, y = board.evaluate(SEAT_OF, name)
    label = panel_cell.locator(".lotus-board .hoverlayer .hovertext").filter(has_text=f"· {pid}")
    page.mouse.move(x - 3, y - 3)
    page.mouse.move(x, y)
    expect(label).to_be_visible(timeout=T)
    page.mouse.click(x, y)


def parse_speed(text: str) -> dict:
    m = re.search(r"SPEED (\S+) (\d+) ([\d.]+) ([\d.]+)", text)
    assert m, text
    return {"platform": m[1], "actions": int(m[2]), "seconds": float(m[3]), "us": float(m[4])}


def test_lite_site_lock_file_names_exactly_its_wheels_with_their_sha256(lite_site):
    """Pyodide loads only what its lock file names, from the site: every entry is a file there with
    the recorded sha256, every wheel there has an entry, and the kernel is pointed at this copy."""
    static = lite_site / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    for name, pkg in lock["packages"].items():
        whl = static / pkg["file_name"]
        assert "/" not in pkg["file_name"] and whl.exists(), name
        assert hashlib.sha256(whl.read_bytes()).hexdigest() == pkg["sha256"], name
        assert set(pkg["depends"]) <= lock["packages"].keys(), name
    assert {p.name for p in static.glob("*.whl")} == {p["file_name"] for p in lock["packages"].values()}
    for needed in ("micropip", "packaging", "ipython", "ipywidgets", "plotly", "anywidget", "lotus-kit"):
        assert needed in lock["packages"], needed
    assert "lotus_kit" in lock["packages"]["lotus-kit"]["imports"]
    assert {"numpy", "pandas", "scipy"}.isdisjoint(lock["packages"])
    kernel = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and (static / "pyodide.asm.wasm").exists()
    assert kernel["disablePyPIFallback"] is True


def test_lite_site_notebooks_run_on_pyodide_and_say_what_they_cannot_run(lite_site):
    files = lite_site / "files"
    for path in files.glob("*.ipynb"):
        nb = json.loads(path.read_text())
        assert nb["metadata"]["kernelspec"]["name"] == "python", path.name
    learn = json.loads((files / LEARN).read_text())
    assert not [c for c in learn["cells"] if c.get("id") == "lite-note"]          # it runs there
    variants = json.loads((files / "06_rule_variants.ipynb").read_text())
    note = next(c for c in variants["cells"] if c.get("id") == "lite-note")
    assert "pandas" in "".join(note["source"])
    assert (files / "data" / "showcase-4p.json").exists()
    assert (files / "rules" / "white-lotus.md").exists()
