"""First paint of the club table in Voilà: from opening the page to the board and the current
decision drawn, in Debian's chromium (headless, Playwright).

Run: ``.venv/bin/python benchmarks/bench_first_paint.py [--loads N] [--voila-arg ARG ...]``.
Starts one Voilà server on notebook 5, opens the page ``--loads`` times (a fresh kernel each time,
unless the server pre-heats them) and prints the medians: until the board's provinces are drawn, until
the table's line naming the current decision is on screen, and the bytes the page received
over its websockets. Prints; asserts nothing.

``--voila-arg=--preheat_kernel=True`` (repeatable) passes options to Voilà to compare serving setups;
``--notebook`` serves another notebook. ``--classroom`` serves it as ``make voila`` does (``python -m
lotus_kit.classroom``: the kit's template, kernel cap, pre-heated kernel); its options then go in
``--voila-arg``, e.g. ``--voila-arg=--preheat=0``.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "05_play_at_the_club.ipynb"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOARD_DRAWN = ".lotus-board .js-plotly-plot path.js-fill"
DECISION = ".lotus-decision >> visible=true"      # the table's line saying who decides what now


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(notebook: pathlib.Path, extra: list[str], home: pathlib.Path,
                classroom: bool = False) -> tuple[subprocess.Popen, str]:
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        (home / var).mkdir(exist_ok=True)
        env[var] = str(home / var)
    log = (home / "voila.log").open("w")
    if classroom:
        cmd = [sys.executable, "-m", "lotus_kit.classroom", str(notebook), f"--port={port}", f"--token={token}"]
    else:
        cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", f"--Voila.token={token}"]
    proc = subprocess.Popen([*cmd, *extra], cwd=notebook.parent, env=env, stdout=log, stderr=subprocess.STDOUT)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 120:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited: {(home / 'voila.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2):
                break
        except OSError:
            time.sleep(0.2)
    print(f"voila ready in {time.perf_counter() - t0:.1f} s")
    return proc, f"http://127.0.0.1:{port}/?token={token}"


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def one_load(browser, url: str, size: tuple[int, int], shot: pathlib.Path | None = None) -> tuple[float, float, int]:
    """Seconds to the board drawn, seconds to the decision on screen, websocket bytes received."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    received = [0]

    def on_ws(ws) -> None:
        ws.on("framereceived", lambda frame: received.__setitem__(
            0, received[0] + len(frame if isinstance(frame, bytes | str) else frame.get("payload", ""))))

    page.on("websocket", on_ws)
    t0 = time.perf_counter()
    page.goto(url, timeout=180_000)
    page.locator(BOARD_DRAWN).first.wait_for(state="attached", timeout=180_000)
    board = time.perf_counter() - t0
    page.locator(DECISION).first.wait_for(state="visible", timeout=180_000)
    decision = time.perf_counter() - t0
    if shot is not None:
        page.wait_for_timeout(1500)           # the board's redraw after the page reported its size
        page.screenshot(path=str(shot))
    page.close()
    return board, decision, received[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--notebook", type=pathlib.Path, default=NOTEBOOK)
    parser.add_argument("--voila-arg", action="append", default=[])
    parser.add_argument("--classroom", action="store_true",
                        help="serve with python -m lotus_kit.classroom (what make voila runs)")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--shots", type=pathlib.Path, help="folder for a screenshot of each load")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds to wait before each load (a pre-heated kernel pool refills meanwhile)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    size = tuple(int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_voila(args.notebook, args.voila_arg, pathlib.Path(tmp), args.classroom)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                rows = []
                for k in range(args.loads):
                    time.sleep(args.settle)        # lets a pre-heated pool fill (or refill) first
                    shot = args.shots / f"first-paint-{args.size}-{k + 1}.png" if args.shots else None
                    rows.append(one_load(browser, url, size, shot))
                    b, d, n = rows[-1]
                    print(f"  load {k + 1}: board {b:5.1f} s, decision {d:5.1f} s, {n / 1e6:5.2f} MB over websockets")
                browser.close()
        finally:
            stop(proc)
    setup = " ".join(["classroom" if args.classroom else "voila", *args.voila_arg])
    print(f"first paint, median of {len(rows)} ({setup}): "
          f"board {statistics.median(r[0] for r in rows):.1f} s, "
          f"decision {statistics.median(r[1] for r in rows):.1f} s, "
          f"{statistics.median(r[2] for r in rows) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
