"""A newcomer's first minutes: `make lab` shows its progress and ends with the address to open (token
included) of a real JupyterLab on 127.0.0.1; `make test-fast` is the quick part; the README's snippets
and links work as written."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.makefile import make_dry

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _make_dry(*targets: str) -> str:
    return make_dry("-B", *targets)


def test_make_lab_shows_the_install_progress_and_runs_the_lab_script():
    dry = _make_dry("lab")
    install = next(line for line in dry.splitlines() if 'pip install' in line and '".[dev]"' in line)
    assert " -q" not in install                       # pip's own progress shows: 2-3 minutes are not silent
    assert re.search(r"echo \"==> 3/3 installing .*\(2-3 minutes\)\"", dry)
    assert dry.splitlines()[-1].endswith("scripts/lab.py --port 8888 notebooks/01_learn_the_rules.ipynb")


def test_make_test_fast_leaves_out_browsers_servers_and_notebook_runs():
    dry = _make_dry("test-fast")
    assert '-m "not e2e and not slow" --ignore=tests/notebooks' in dry and "ensure-chromium" not in dry
    assert "pytest -n 2" in dry                       # on both cores, as in make test
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_make_test_runs_every_test_the_parallel_part_first_then_the_browser_tests_alone():
    lines = _make_dry("test").replace("\\\n", " ").splitlines()        # a continued line is one command
    runs = [line for line in lines if "-m pytest" in line]
    assert len(runs) == 1, runs                          # one shell command: both parts, one exit status
    parallel, browser = (part.strip() for part in runs[0].split(";")[0:3:2])
    # `-m "not e2e"` and `-m e2e`: together every test, each once; the browser part without -n
    assert parallel.endswith('-m pytest -n 2 -m "not e2e"'), parallel
    assert browser.endswith("-m pytest -m e2e"), browser


@pytest.mark.parametrize("failing", ["not e2e", "e2e", "nothing"])
def test_make_test_fails_when_either_pytest_run_fails_and_still_runs_the_browser_part(tmp_path, failing):
    """A fake venv whose python fails the run given by ``failing``: make test fails if one did, and the
    browser part runs after a failed first part (one run shows every failure)."""
    venv, log = tmp_path / "venv", tmp_path / "runs.log"
    (venv / "bin").mkdir(parents=True)
    for tool in ("ruff", "lint-imports"):
        (venv / "bin" / tool).write_text("#!/bin/sh\nexit 0\n")
    (venv / "bin" / "python").write_text(
        f'#!/bin/sh\necho "$*" >> {log}\ncase "$*" in *"-m {failing}") exit 1;; esac\nexit 0\n')
    for f in (venv / "bin").iterdir():
        f.chmod(0o755)
    (venv / ".installed").touch()                        # newer than pyproject.toml: no install
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "test", f"VENV={venv}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode == 0) == (failing == "nothing"), done.stdout
    assert log.read_text().splitlines() == ['-m pytest -n 2 -m not e2e', "-m pytest -m e2e"]


def _read_until(proc: subprocess.Popen, pattern: str, timeout: float) -> str:
    seen, deadline = "", time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen += line
        if re.search(pattern, seen):
            return seen
    raise AssertionError(f"no {pattern!r} in:\n{seen}")


@pytest.mark.slow
def test_lab_script_ends_with_a_plain_address_with_its_token(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "scripts/lab.py", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out = _read_until(proc, r"Ctrl-C here stops it", timeout=240)
        url = re.search(r"^    (http://127\.0\.0\.1:(\d+)/lab/tree/notebooks/01_learn_the_rules\.ipynb\?token=(\w+))$",
                        out, re.M)
        assert url, out
        assert int(url.group(2)) == port
        assert "Open this address in a browser" in out and "No web browser found" not in out
        with urllib.request.urlopen(url.group(1), timeout=30) as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/kernels", timeout=30)
        assert refused.value.code == 403                     # the token is needed
        nb = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/notebooks/01_learn_the_rules.ipynb"
                                    f"?content=0&token={url.group(3)}", timeout=30)
        assert nb.status == 200                               # served from the repository root
        # Voila's page in this server asks no CDN for MathJax (with no address set it names cdnjs)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/tests/e2e/notebooks/rules.ipynb"
                                      f"?token={url.group(3)}", timeout=180).read().decode()
        assert "ajax/libs/mathjax" not in page
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _python_block(containing: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    return next(b for b in blocks if containing in b)


@pytest.mark.slow
def test_readme_analysis_snippet_runs_as_written():
    namespace: dict = {}
    exec(compile(_python_block("from lotus_kit.analysis import"), "README.md", "exec"), namespace)
    state, rebellion, record = namespace["state"], namespace["rebellion"], namespace["record"]
    assert len(state.step.conflict.remaining) == 2 and not state.step.conflict.bids
    assert rebellion.step.leader >= 0 and not rebellion.step.commitments
    assert record.replay().is_over
    table = namespace["outcome_table"](state)
    assert len(table) > 0 and "outcome" in table.columns


def test_readme_states_the_classroom_limits_the_server_uses():
    from lotus_kit.classroom import CULL_IDLE, MAX_KERNELS

    assert f"at most {MAX_KERNELS} kernels at once" in README
    assert f"after {CULL_IDLE // 60} minutes idle" in README
    assert "make voila LAN=1" in README and "token" in README


def test_readme_binder_links_say_what_to_replace_and_point_at_real_notebooks():
    links = re.findall(r"https://mybinder\.org/v2/gh/([^/]+)/lotus_kit/HEAD\?urlpath=(?:lab/tree|voila/render)/(\S+?)\)",
                       README)
    assert len(links) == 3
    for owner, path in links:
        assert (ROOT / path).is_file(), path
        assert owner == "OWNER"                       # one placeholder, replaced as the text right above says
    assert "replace `OWNER`" in README and "sed -i 's#/gh/OWNER/#/gh/your-account/#' README.md" in README
