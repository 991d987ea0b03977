"""Real-browser fixtures: Debian's chromium driven by pytest-playwright, JupyterLab and Voilà servers.

Servers run from ``tests/e2e/notebooks`` with isolated Jupyter config/runtime/settings folders and
are stopped by PID. Screenshots go to ``$SHOT_DIR`` (or a temporary folder). Without chromium the
tests skip, except in CI (``CI=true``) where they fail: a silently skipped browser suite hides a
broken install.
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
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}}


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
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        (home / var).mkdir()
        env[var] = str(home / var)
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
    """Voilà serving one notebook on 127.0.0.1 with a token; yields (base url, token)."""
    port, token = _free_port(), secrets.token_hex(16)
    proc = _start([sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", f"--Voila.token={token}"],
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
