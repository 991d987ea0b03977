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

NB_DIR = pathlib.Path(__file__).resolve().parent / "notebooks"
# Jupyter data folder inside the package: the Voilà template "lotus" (installed wheels get it in
# share/jupyter through the wheel's shared data)
TEMPLATES_ROOT = pathlib.Path(__file__).resolve().parents[2] / "lotus_kit" / "share"
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
def lab_url(jupyter_env):
    port, token = _free_port(), secrets.token_hex(16)
    proc = _start([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
                   "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                   "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                  jupyter_env, "lab", f"http://127.0.0.1:{port}/api/status?token={token}")
    yield f"http://127.0.0.1:{port}", token
    _stop(proc)
    shutil.rmtree(NB_DIR / ".ipynb_checkpoints", ignore_errors=True)


@contextmanager
def voila_server(notebook: str, env: dict, name: str):
    """Voilà serving one notebook on 127.0.0.1 with a token and the kit's template (nothing from a
    CDN); yields (base url, token)."""
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
    with voila_server("table.ipynb", jupyter_env, "voila") as url:
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

