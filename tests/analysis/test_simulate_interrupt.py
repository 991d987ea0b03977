"""Ctrl-C during `lotus-kit simulate`: a real process, a real SIGINT to its process group (as a terminal
sends it), a prompt exit with one line, and the finished games kept in a whole --out file."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[2]


def _start(args: list[str], tmp_path: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "lotus_kit.cli", "simulate", *args], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_progress(proc: subprocess.Popen, games: int, at_least: int, timeout: float = 120) -> bytes:
    """Read the progress bar on stderr until it shows ``at_least`` finished games."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        chunk = os.read(proc.stderr.fileno(), 4096)
        if not chunk:
            break
        seen += chunk
        done = [int(n) for n in re.findall(rb"(\d+)/%d" % games, seen)]
        if done and max(done) >= at_least:
            return seen
    raise AssertionError(f"no progress to {at_least} games: {seen[-500:]!r}")


def test_ctrl_c_stops_at_once_and_keeps_the_finished_games(tmp_path):
    out = tmp_path / "games.csv"
    out.write_text("a good file from before\n")
    games = 600                                     # minutes of work on two workers: only Ctrl-C ends it early
    proc = _start(["--games", str(games), "--players", "3", "--workers", "2", "--out", str(out)], tmp_path)
    try:
        early = _wait_for_progress(proc, games, at_least=3)
        sent = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)          # the whole group, workers included, like a terminal's Ctrl-C
        stdout, rest = proc.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    err = (early + rest).decode()
    assert waited < 5, f"took {waited:.1f} s to stop"
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    lines = [line.strip() for line in re.split(r"[\r\n]", err) if line.strip()]
    message = lines[-1]
    assert message.startswith("lotus-kit: interrupted after ") and f"of {games} games" in message
    assert sum("interrupted" in line for line in lines) == 1
    finished = int(re.search(r"after (\d+) of", message).group(1))
    assert 3 <= finished < games
    assert f"the {finished} finished games are in {out}" in message
    kept = pd.read_csv(out)                        # a whole CSV, not the old file and not half a file
    assert len(kept) == finished
    assert kept["players"].eq(3).all() and kept["seed"].is_unique
    assert kept["winner"].between(0, 2).all()
    score_sum = sum(kept[f"{part}_0"] for part in ("buildings", "group_bonus", "dragons", "vp_chips"))
    assert (score_sum == kept["score_0"]).all()
    assert "playing 600 games" in stdout.decode()
    assert not list(tmp_path.glob(".games.csv.*.part"))


def test_ctrl_c_before_any_game_finished_leaves_the_old_file(tmp_path):
    out = tmp_path / "games.csv"
    out.write_text("a good file from before\n")
    proc = _start(["--games", "600", "--players", "3", "--workers", "2", "--out", str(out)], tmp_path)
    try:
        first = proc.stdout.readline()             # printed before the first game starts
        assert b"playing 600 games" in first
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 130 and "Traceback" not in text
    assert out.read_text() == "a good file from before\n"
    assert "games.csv left as it was" in text
