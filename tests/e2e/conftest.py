"""Real-browser fixtures: Debian's chromium driven by pytest-playwright, JupyterLab and Voilà servers.

Servers run from ``tests/e2e/notebooks`` with isolated Jupyter config/runtime/settings folders and
are stopped by PID; Voilà uses the kit's ``lotus`` template (no CDN). Screenshots go to ``$SHOT_DIR``
(or a temporary folder). Without chromium the tests skip, except in CI (``CI=true``) where they fail:
a silently skipped browser suite hides a broken install.

Offline: every page of every browser test may reach 127.0.0.1 (or localhost) only. A request to
any other host is aborted and recorded, and the test fails at teardown naming them (a classroom
often has no internet: what works here must not need it).
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.layout import fit

NB_DIR = pathlib.Path(__file__).resolve().parent / "notebooks"
REPO = NB_DIR.parents[2]
VOILA_NB = NB_DIR.relative_to(REPO).as_posix()      # the test notebooks' folder under the standalone Voilà
# Jupyter data folder inside the package: the Voilà template "lotus" (installed wheels get it in
# share/jupyter through the wheel's shared data)
TEMPLATES_ROOT = REPO / "lotus_kit" / "share"
# any URL with a scheme whose host is not the loopback; matched inside the browser driver, so
# local requests are never routed through Python
FOREIGN = re.compile(r"^(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:/|$))[a-z][a-z0-9+.-]*://")
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Use Debian's chromium (never ``playwright install``)."""
    if not os.path.exists(CHROMIUM):
        message = f"no chromium at {CHROMIUM}: apt-get install -y chromium (scripts/ensure-chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " — CI must run the browser tests", pytrace=False)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # service workers would answer requests that the offline guard's route never sees
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}, "service_workers": "block"}


@pytest.fixture(autouse=True)
def patient_navigation(request):
    """Voilà's page fires "load" only once the whole notebook has run in the kernel: on a loaded
    machine that takes longer than Playwright's 30 s default for ``page.goto``."""
    if "page" in request.fixturenames:
        request.getfixturevalue("page").set_default_navigation_timeout(180_000)


@pytest.fixture(autouse=True)
def offline_only(request):
    """Abort and record every request of the test's page to a host other than 127.0.0.1/localhost;
    fail the test at teardown listing them. Yields the list (tests may look at it)."""
    foreign: list[str] = []
    if "page" not in request.fixturenames:
        yield foreign
        return
    page: Page = request.getfixturevalue("page")

    def refuse(route) -> None:
        foreign.append(f"{route.request.method} {route.request.url}")
        route.abort("blockedbyclient")

    page.context.route(FOREIGN, refuse)
    yield foreign
    if foreign:
        listed = "\n  ".join(dict.fromkeys(foreign))
        pytest.fail(f"the page asked for {len(foreign)} thing(s) outside 127.0.0.1:\n  {listed}", pytrace=False)


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> pathlib.Path:
    p = pathlib.Path(os.environ["SHOT_DIR"]) if os.environ.get("SHOT_DIR") else tmp_path_factory.mktemp("shots")
    p.mkdir(parents=True, exist_ok=True)
    return p


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen) -> None:
    """Stop a server by its PID; SIGTERM makes jupyter-server shut its kernels down."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _start(cmd: list[str], env: dict, name: str, ready_url: str, timeout: float = 120) -> subprocess.Popen:
    log = pathlib.Path(env["HOME_FOR_LOGS"]) / f"{name}.log"
    proc = subprocess.Popen(cmd, cwd=NB_DIR, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited rc={proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(ready_url, timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.2)
    _stop(proc)
    raise TimeoutError(log.read_text()[-3000:])


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict:
    home = tmp_path_factory.mktemp("jhome")
    env = dict(os.environ, HOME_FOR_LOGS=str(home), PYTHONUNBUFFERED="1")
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES_ROOT), os.environ.get("JUPYTER_PATH")) if p)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        (home / var).mkdir()
        env[var] = str(home / var)
    # JupyterLab's Voilà (/voila/render/...) uses the kit's template too: the stock one links a CDN
    # and asks for no MathJax from a CDN: with no mathjax_url in the server's settings its page config
    # points at cdnjs (the kit's texts use no TeX; the standalone Voilà gives no URL either)
    (home / "JUPYTER_CONFIG_DIR" / "jupyter_server_config.json").write_text(
        json.dumps({"VoilaConfiguration": {"template": "lotus"},
                    "ServerApp": {"tornado_settings": {"mathjax_url": ""}}}))
    d = home / "JUPYTERLAB_SETTINGS_DIR" / "@jupyterlab" / "apputils-extension"
    d.mkdir(parents=True)
    (d / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # never autosave: a slow run would write outputs (megabytes of widget state) into the test notebooks
    d = home / "JUPYTERLAB_SETTINGS_DIR" / "@jupyterlab" / "docmanager-extension"
    d.mkdir(parents=True)
    (d / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    return env


@pytest.fixture(scope="session")
def lab_url(jupyter_env, tmp_path_factory):
    """The one JupyterLab of the session (its own Voilà at ``/voila/render/``) on a copy of the test
    notebooks (nothing a page saves reaches the repository); yields (base url, token)."""
    root = tmp_path_factory.mktemp("lab")
    for nb in NB_DIR.glob("*.ipynb"):
        shutil.copy(nb, root / nb.name)
    port, token = _free_port(), secrets.token_hex(16)
    proc = _start([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
                   "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                   f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                  jupyter_env, "lab", f"http://127.0.0.1:{port}/api/status?token={token}")
    yield f"http://127.0.0.1:{port}", token
    _stop(proc)


@contextmanager
def voila_server(notebook: str, env: dict, name: str):
    """Voilà serving one notebook (or a folder) on 127.0.0.1 with a token and the kit's template
    (nothing from a CDN); yields (base url, token)."""
    port, token = _free_port(), secrets.token_hex(16)
    proc = _start([sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", f"--Voila.token={token}", "--template=lotus"],
                  env, name, f"http://127.0.0.1:{port}/voila/static/voila.js")
    try:
        yield f"http://127.0.0.1:{port}", token
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def voila_url(jupyter_env):
    """One standalone Voilà (as a classroom runs it) for every test that opens a notebook that way:
    it serves the repository, so the test notebooks (``VOILA_NB``) and the kit's own notebooks
    (``notebooks/``) alike, each page with a kernel of its own (see :func:`open_in_voila`)."""
    with voila_server(str(REPO), jupyter_env, "voila") as url:
        yield url


def run_all(page: Page) -> None:
    """Run > Run All Cells, again if a busy machine swallowed the first click (a prompt of the
    notebook shown must turn to [*] or [n])."""
    # only the notebook shown: a tab restored from an earlier test may hold prompts of its own
    started = page.locator(".jp-NotebookPanel:visible .jp-CodeCell .jp-InputPrompt").filter(
        has_text=re.compile(r"\[(\*|\d+)\]")).first
    for _ in range(4):
        dialog = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
        if dialog.is_visible():             # a slow kernel start may ask which kernel to use
            dialog.click()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator("li[data-command='runmenu:run-all']").click()
        try:
            expect(started).to_be_attached(timeout=15_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    raise AssertionError("JupyterLab did not run the notebook")




def open_in_lab(page: Page, lab_url: tuple[str, str], notebook: str, size: tuple[int, int] | None = None,
                run: bool = True) -> None:
    """Open ``notebook`` (one of ``tests/e2e/notebooks``) in JupyterLab in a fresh workspace at the
    window ``size``, wait until its kernel is connected and idle, and Run All (unless not ``run``)."""
    if size:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    base, token = lab_url
    page.goto(f"{base}/lab/tree/{notebook}?reset&token={token}")
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(timeout=90_000)
    # the status bar says so once the kernel is really connected (the indicator may be idle before)
    expect(page.get_by_role("button", name=re.compile(r"ipykernel\) \| Idle"))).to_be_visible(timeout=90_000)
    if run:
        run_all(page)


def open_in_voila(page: Page, url: tuple[str, str], notebook: str, size: tuple[int, int] | None = None) -> None:
    """Open ``notebook`` in Voilà at the window ``size`` (Voilà runs the notebook before the page
    loads). ``url`` is JupyterLab's (its own Voilà, the notebook named in ``tests/e2e/notebooks``)
    or the standalone ``voila_url`` (the notebook's path in the repository: ``f"{VOILA_NB}/x.ipynb"``)."""
    if size:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    base, token = url
    page.goto(f"{base}/voila/render/{notebook}?token={token}")


@contextmanager
def shot_on_failure(page: Page, shots: pathlib.Path, name: str, full_page: bool = False):
    """A screenshot ``{name}-failed.png`` of the page when the block fails (then the failure goes on)."""
    try:
        yield
    except Exception:
        page.screenshot(path=str(shots / f"{name}-failed.png"), full_page=full_page)
        raise


# what the table fitted its board to: the width its parts can use (as the table's ScreenSize widget
# measures it), the window's height, projector mode, and the width plotly draws the board at now
TABLE_AND_BOARD = """(plot) => {
  const t = document.querySelector('.lotus-table'), gd = document.querySelector(plot);
  if (!t) return null;
  const css = getComputedStyle(t);
  const side = [...t.classList].find(c => c.startsWith('lotus-side-from-'));
  return [Math.round(t.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight)),
          Math.round(window.innerHeight), t.classList.contains('lotus-projector'),
          gd && gd._fullLayout ? gd._fullLayout.width : null, side ? Number(side.slice(16)) : null];
}"""


def board_fitted(page: Page, plot: str = ".lotus-board .js-plotly-plot", timeout: float = 90_000) -> int:
    """Wait until the table's board (the plotly figure ``plot``) is drawn at the width :func:`fit`
    gives for the page as it is now, and return that width.

    A table draws its board at the notebook's width first; once the board is on screen the page
    reports its size and the kernel resizes the board to fit (again after each resize of the
    window). Until then the board moves: plotly drops its hover label when it redraws, and a
    pointer that stands still gets no new one."""
    seen = page.evaluate(TABLE_AND_BOARD, plot)
    while True:
        assert seen is not None, "no game table on the page"
        width, height, projector, drawn, side_from = seen
        want = fit(width, height, projector, side_from).board_width
        if drawn == want:
            return want
        # until the board has that width, or the page another size (then another width is due)
        page.wait_for_function(f"""() => {{ const s = ({TABLE_AND_BOARD})({json.dumps(plot)});
            return s && (s[3] === {want} || s[0] !== {width} || s[1] !== {height}
                         || s[2] !== {json.dumps(projector)}); }}""", timeout=timeout)
        seen = page.evaluate(TABLE_AND_BOARD, plot)


# the page position of the point of a trace (its ``meta`` one of ``metas``) whose customdata is
# ``id``, once the figure holds that target with ``words`` in its hover text and answers clicks;
# scrolled into view first when it is off screen; null while the figure is not that far yet
POINT_XY = """([plot, metas, id, words]) => {
  const gd = document.querySelector(plot);
  if (!gd || !gd.data || !gd._fullLayout || !gd._fullLayout.xaxis) return null;
  // plotly's widget listens to clicks once the figure is drawn
  if (!gd._ev || (gd._ev.listenerCount && gd._ev.listenerCount('plotly_click') === 0)) return null;
  const k = gd.data.findIndex(t => metas.includes(t.meta) && t.customdata && t.customdata.indexOf(id) >= 0);
  if (k < 0) return null;
  const t = gd.data[k], i = t.customdata.indexOf(id);
  const text = Array.isArray(t.hovertext) ? t.hovertext[i] : t.hovertext;
  if (!String(text ?? '').includes(words)) return null;
  const xy = () => {
    const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
    return [r.left + xa._offset + xa.l2p(t.x[i]), r.top + ya._offset + ya.l2p(t.y[i])];
  };
  let [x, y] = xy();
  // out of the window, or under something else (JupyterLab's toolbar over a notebook scrolled up a
  // little): brought to the middle first, as a player scrolls to what he wants to click
  const hit = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight
    ? document.elementFromPoint(x, y) : null;
  if (!hit || !gd.contains(hit)) {
    const group = [...gd.querySelectorAll('.scatterlayer .trace')].find(g => g.__data__[0].trace.index === k);
    const point = group && group.querySelectorAll('path.point')[i];
    (point || gd).scrollIntoView({block: 'center', inline: 'center'});
    [x, y] = xy();
  }
  return [x, y];
}"""


def click_board(page: Page, plot: str, metas: list[str], target: str, words: str, fitted: bool = True) -> None:
    """Click the point ``target`` (its customdata) of a table's plotly board as a player does: point
    at it and click once its hover label shows ``words`` (plotly clicks what is hovered).

    First the board must stand still: drawn at the size the table fits it to (:func:`board_fitted`,
    unless ``fitted`` is False), holding the target with those words (an edit on its way redraws
    the board and drops the label). A board that moves after the label showed fails the test: the
    click would land elsewhere."""
    if fitted:
        board_fitted(page, plot)
    args = [plot, metas, target, words]
    page.wait_for_function(f"(a) => ({POINT_XY})(a) !== null", arg=args, timeout=60_000)
    xy = page.evaluate(POINT_XY, args)
    page.mouse.move(xy[0] - 3, xy[1] - 3)
    page.mouse.move(*xy)
    label = page.locator(plot).first.locator(".hoverlayer .hovertext").filter(has_text=words)
    expect(label, f"no hover label {words!r} at {target} {xy}").to_be_visible(timeout=20_000)
    now = page.evaluate(POINT_XY, args)
    assert now == xy, f"the board moved under the pointer at {target}: {xy} -> {now}"
    page.mouse.click(*xy)
