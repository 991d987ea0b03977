"""The classroom server (`make voila`, lotus_kit.classroom) against a real Voilà on 127.0.0.1:
a token, a kernel cap that holds for more visitors than the cap, a foreign Host refused (DNS
rebinding), idle kernels culled, and the Makefile serving the club table through it."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest

from lotus_kit.classroom import CULL_IDLE, MAX_KERNELS, voila_config
from tests.makefile import make_dry

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "classroom-test-token"
CAP = 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_open = urllib.request.build_opener(_NoRedirect).open


def _get(url: str, headers: dict[str, str] | None = None, timeout: float = 180) -> tuple[int, str]:
    try:
        with _open(urllib.request.Request(url, headers=headers or {}), timeout=timeout) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


@contextmanager
def serving(folder: Path, *options: str):
    """The classroom server on ``tiny.ipynb`` (made in ``folder``); yields (base url, log path)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('hello, class')")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "tiny.ipynb")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    log = open(folder / "server.log", "w")  # noqa: SIM115 -- the server writes to it until the block ends
    proc = subprocess.Popen([sys.executable, "-m", "lotus_kit.classroom", "tiny.ipynb", f"--port={port}",
                             f"--token={TOKEN}", *options],
                            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    try:
        while True:
            try:
                if _get(f"{base}/voila/static/voila.js", timeout=5)[0] == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the classroom server did not start:\n" + (folder / "server.log").read_text())
            time.sleep(0.3)
        yield base, folder / "server.log"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    # no pre-heated kernel: these tests count every kernel the visitors start
    with serving(tmp_path_factory.mktemp("classroom"), f"--max-kernels={CAP}", "--cull-idle=4",
                 "--cull-interval=1", "--preheat=0") as served:
        yield served


def _kernel_id(page: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)


def _kernel_alive(base: str, kernel: str) -> bool:
    status, body = _get(f"{base}/api/kernels/{kernel}?token={TOKEN}")
    assert status in (200, 404), body
    return status == 200


@pytest.mark.slow
def test_the_printed_address_carries_the_token_and_without_it_nothing_starts(classroom):
    base, log = classroom
    assert f"{base}/?token={TOKEN}" in log.read_text()
    status, _ = _get(f"{base}/")
    assert status in (302, 403)                     # to the login page: no page, no kernel
    assert "Kernel started" not in log.read_text()


@pytest.mark.slow
def test_a_foreign_host_is_refused_dns_rebinding(classroom):
    base, log = classroom
    port = base.rsplit(":", 1)[1]
    status, _ = _get(f"{base}/?token={TOKEN}", {"Host": f"rebind.example:{port}",
                                                 "Origin": f"http://rebind.example:{port}"})
    assert status == 403
    assert "Blocking request with non-local 'Host' rebind.example" in log.read_text()
    assert "Kernel started" not in log.read_text()


@pytest.mark.slow
def test_kernel_cap_holds_for_more_visitors_and_idle_kernels_are_culled(classroom):
    base, log = classroom
    visitors = 5
    with ThreadPoolExecutor(visitors) as pool:
        answers = list(pool.map(lambda _: _get(f"{base}/?token={TOKEN}"), range(visitors)))
    served = [page for status, page in answers if status == 200]
    refused = [page for status, page in answers if status == 503]
    assert len(served) == CAP and len(refused) == visitors - CAP, [s for s, _ in answers]
    assert all("table is full" in page for page in refused)
    kernels = {_kernel_id(page) for page in served}
    assert len(kernels) == CAP and "hello, class" in served[0]
    assert log.read_text().count("Kernel started") == CAP
    # nobody connects to these kernels: the culler (4 s idle, checked every second) shuts them down
    deadline = time.monotonic() + 90
    while any(_kernel_alive(base, k) for k in kernels):
        assert time.monotonic() < deadline, "idle kernels were not culled:\n" + log.read_text()[-2000:]
        time.sleep(1)
    assert "Culling 'idle' kernel" in log.read_text()
    status, page = _get(f"{base}/?token={TOKEN}")   # culled kernels free their places
    assert status == 200 and _kernel_id(page) not in kernels


def test_defaults_cull_cap_preheat_one_kernel_and_check_the_host_on_127_0_0_1_and_need_a_token_on_the_lan():
    local = voila_config(lan=False, token="t")
    assert local.Voila.ip == "127.0.0.1" and local.Voila.tornado_settings["allow_remote_access"] is False
    assert local.CappedKernelManager.max_kernels == MAX_KERNELS and MAX_KERNELS <= 50
    assert local.CappedKernelManager.cull_idle_timeout == CULL_IDLE and 0 < CULL_IDLE <= 3600
    # one kernel kept ready with the notebook run: the next visitor's page needs no kernel start
    assert local.VoilaConfiguration.preheat_kernel is True and local.VoilaConfiguration.default_pool_size == 1
    cold = voila_config(lan=False, token="t", preheat=0)
    assert cold.VoilaConfiguration.preheat_kernel is False
    lan = voila_config(lan=True, token="t")
    assert lan.Voila.ip == "0.0.0.0" and lan.Voila.token == "t"


def test_make_voila_serves_the_club_table_through_the_classroom_server():
    dry = make_dry("voila")
    assert "-m lotus_kit.classroom notebooks/05_play_at_the_club.ipynb" in dry
    lan = make_dry("voila", "LAN=1")
    assert "--lan" in lan.splitlines()[-1] and "--lan" not in dry.splitlines()[-1]
    assert "make voila LAN=1" in (ROOT / "README.md").read_text()


@pytest.mark.slow
def test_a_pre_heated_kernel_has_run_the_notebook_before_the_first_visitor(tmp_path):
    """By default one kernel is started and the notebook run in it before anyone asks: the first
    visitor gets that kernel and its output, and the pool starts the next one."""
    with serving(tmp_path) as (base, log):
        deadline = time.monotonic() + 180
        while "Kernel started" not in log.read_text():
            assert time.monotonic() < deadline, "no kernel was pre-heated:\n" + log.read_text()[-2000:]
            time.sleep(0.5)
        first = re.search(r"Kernel started: ([0-9a-f-]{36})", log.read_text()).group(1)
        status, page = _get(f"{base}/?token={TOKEN}")
        assert status == 200 and "hello, class" in page
        assert _kernel_id(page) == first
        assert f"Using pre-heated kernel: {first}" in log.read_text()
