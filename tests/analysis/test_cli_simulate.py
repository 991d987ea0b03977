"""The lotus-kit command's analysis side: the Monte-Carlo bot at the table, and simulate (sweeps)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from lotus_kit.analysis.mcbot import MonteCarloBot
from lotus_kit.cli import main
from lotus_kit.white_lotus.bots import BOTS, make_bot


def test_montecarlo_bot_is_in_the_registry():
    assert "montecarlo" in BOTS
    bot = make_bot("montecarlo", 5)
    assert isinstance(bot, MonteCarloBot)
    with pytest.raises(ValueError, match="known: random, heuristic, montecarlo"):
        make_bot("oracle")


def test_play_with_a_montecarlo_seat_is_reproducible(tmp_path, capsys):
    args = ["play", "--players", "3", "--seed", "4", "--bots", "montecarlo,heuristic,heuristic", "--json"]
    assert main([*args, "--save", str(tmp_path / "a.json")]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert main(["replay", str(tmp_path / "a.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_simulate_summarises_and_writes_one_row_per_game(tmp_path, capsys):
    out = tmp_path / "games.csv"
    assert main(["simulate", "--games", "3", "--players", "3,4", "--variant", "WL_DESIGNER", "--baseline",
                 "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("playing 12 games: 3 seeds x 2 player counts (3,4) x 2 rule sets (published, WL_DESIGNER)")
    assert "12 games" in text and "WL_DESIGNER" in text and "published" in text
    games = pd.read_csv(out)
    assert len(games) == 12
    assert sorted(games["variant"].unique()) == ["WL_DESIGNER", "published"]
    assert (games.groupby(["variant", "players"]).size() == 3).all()
    assert main(["simulate", "--games", "3", "--players", "3,4", "--variant", "WL_DESIGNER", "--baseline",
                 "--workers", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["variant"], r["players"]) for r in rows} == {(v, p) for v in ("published", "WL_DESIGNER")
                                                               for p in (3, 4)}
    assert all(r["games"] == 3 for r in rows)


@pytest.mark.parametrize("args, message", [
    (["--players", "2"], "3 to 6 players"),
    (["--players", "three"], "player counts"),
    (["--games", "0"], "at least 1"),
    (["--bots", "oracle"], "unknown bot"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--workers", "-2"], "--workers must be at least 1"),
    (["--out", "no/such/folder/games.csv"], "no folder"),
])
def test_simulate_bad_input_gets_a_message(args, message, capsys):
    assert main(["simulate", "--workers", "1", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_simulate_help_says_how_many_games_the_options_make(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--games 50 --players 3,4,5 --variant WL_DESIGNER --baseline plays 50 x 3 x 2 = 300 games" in \
        " ".join(capsys.readouterr().out.split())


def test_sweep_refuses_zero_workers():
    from lotus_kit.analysis.sweeps import sweep

    with pytest.raises(ValueError, match="workers must be at least 1"):
        sweep(seeds=range(4), players=(3,), workers=0, progress=False)
