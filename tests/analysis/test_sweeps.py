"""Sweeps: one row per game, reproducible by seed, identical on every backend (serial, processes, Dask)."""

from __future__ import annotations

import pandas as pd
import pytest

from lotus_kit.analysis.sweeps import game_specs, sweep

VARIANTS = {"published": (), "designer": ("WL_DESIGNER",)}
BOTS = {"heuristic": "heuristic", "mixed": ["heuristic", "random"]}


@pytest.fixture(scope="module")
def serial():
    return sweep(range(3), players=(3, 4), variants=VARIANTS, bots=BOTS,
                 events=True, backend="serial", progress=False)


def test_one_row_per_game_with_the_statistics(serial):
    g = serial.games
    assert len(g) == 2 * 2 * 2 * 3 and list(g["game"]) == list(range(len(g)))
    for col in ("winner", "first_emperor", "years", "rebellions_attempted", "rebellions_succeeded",
                "emperor_changes", "score_0", "buildings_0", "group_bonus_0", "dragons_0", "vp_chips_0"):
        assert col in g.columns
    assert (g["rebellions_succeeded"] <= g["rebellions_attempted"]).all()
    assert (g.loc[g.variant == "designer", "years"] == 4).all()           # WL_DESIGNER: exactly 4 turns
    assert g.loc[g.players == 3, "score_3"].isna().all()
    assert set(serial.events["game"]) == set(g["game"])
    assert (serial.events.groupby("game")["kind"].first() == "GameStarted").all()
    summary = serial.summary()
    assert summary["games"].sum() == len(g)


def test_reproducible_by_seed(serial):
    again = sweep(range(3), players=(3, 4), variants=VARIANTS, bots=BOTS,
                  events=True, backend="serial", progress=False)
    pd.testing.assert_frame_equal(serial.games, again.games)
    other = sweep(range(3, 6), players=(3,), backend="serial", progress=False)
    assert not other.games["score_0"].equals(serial.games["score_0"].iloc[:3].reset_index(drop=True))


def test_identical_on_processes_and_dask(serial):
    procs = sweep(range(3), players=(3, 4), variants=VARIANTS, bots=BOTS,
                  events=True, backend="processes", workers=2, progress=False)
    assert procs.backend == "processes"
    pd.testing.assert_frame_equal(serial.games, procs.games)
    pd.testing.assert_frame_equal(serial.events, procs.events)
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        on_dask = sweep(range(3), players=(3, 4), variants=VARIANTS, bots=BOTS,
                        events=True, client=client, progress=False)
    assert on_dask.backend == "dask"
    pd.testing.assert_frame_equal(serial.games, on_dask.games)
    pd.testing.assert_frame_equal(serial.events, on_dask.events)


def test_specs_fail_early_on_an_unknown_flag():
    with pytest.raises(ValueError, match="WL_NOPE"):
        game_specs(range(2), variants={"bad": ("WL_NOPE",)})
