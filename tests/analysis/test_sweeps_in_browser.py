"""Sweeps in a browser kernel (JupyterLite's Pyodide, ``sys.platform == "emscripten"``): no processes
there, so the default backend and an explicit ``backend="processes"`` play the games in the kernel."""

from __future__ import annotations

import concurrent.futures
import sys

import pandas as pd
import pytest

from lotus_kit.analysis.sweeps import sweep


@pytest.fixture
def in_browser(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")

    def no_processes(*args, **kwargs):
        raise AssertionError("a browser kernel cannot start processes")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)


@pytest.mark.parametrize("backend", [None, "processes"])
def test_sweep_in_a_browser_kernel_plays_in_process_with_the_same_results(in_browser, backend):
    games = sweep(range(4), players=(3,), backend=backend, workers=2, progress=False)
    assert games.backend == "serial"
    assert len(games.games) == 4
    here = sweep(range(4), players=(3,), backend="serial", progress=False)
    pd.testing.assert_frame_equal(games.games, here.games)
