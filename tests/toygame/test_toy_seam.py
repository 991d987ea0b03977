"""The toy auction (registered by these tests only) goes through the generic seam with no change to
shared code: the registry, the conformance check, records, goldens and the command line."""

from __future__ import annotations

import dataclasses
import json

import pytest

import lotus_kit
from lotus_kit.cli import main
from lotus_kit.core.conformance import check_game
from lotus_kit.core.errors import IllegalAction
from lotus_kit.core.golden import check_goldens, write_goldens
from lotus_kit.core.registry import GAMES, get_game, register

from .game import TOY, Bid, ToyAuction


@pytest.fixture(autouse=True)
def toy_registered():
    register("toy", "tests.toygame.game:TOY")
    yield
    GAMES.pop("toy", None)
    GAMES.pop("compass", None)


def test_the_toy_is_listed_once_registered():
    assert "toy" in lotus_kit.games() and get_game("toy") is TOY


def test_the_toy_passes_the_conformance_check():
    report = check_game(TOY, games_per_setup=25)
    assert report.games == 25 and report.actions == 25 * 6 and report.observations_checked > 100
    assert report.illegal_checked > 100 and report.records_checked == 25


def test_goldens_of_the_toy_are_written_and_replayed(tmp_path):
    lines = write_goldens(TOY, tmp_path)
    assert lines and (tmp_path / "2p-default.json").exists()
    assert check_goldens(TOY, tmp_path)["2p-default"] == 3           # one event per prize
    log = tmp_path / "2p-default.txt"
    log.write_text(log.read_text().replace("Blue", "Green").replace("Red", "Green"))
    with pytest.raises(AssertionError, match="event 0 differs"):
        check_goldens(TOY, tmp_path)


def test_play_and_replay_the_toy_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "toy.json"
    assert main(["play", "--game", "toy", "--seed", "4", "--json", "--save", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["game"] == "toy" and played["setup"] == {"players": 2, "seed": 4} and played["actions"] == 6
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played
    assert main(["play", "--game", "toy", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "takes the prize" in out or "Nobody wins" in out
    assert "Final scores:" in out and "<- winner" in out


def test_the_command_line_takes_the_player_range_and_flags_from_the_game(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--game", "toy", "--players", "3"])          # the toy is for 2 players
    assert "invalid choice: 3 (choose from 2)" in capsys.readouterr().err
    assert main(["play", "--game", "toy", "--variant", "WL_DESIGNER"]) == 2  # White Lotus's flags are not the toy's
    assert "unknown variant flag 'WL_DESIGNER' for Toy auction; known flags: none" in capsys.readouterr().err
    assert main(["play", "--game", "chess"]) == 2
    assert "unknown game 'chess'; known: white_lotus" in capsys.readouterr().err


class _Compass(ToyAuction):
    """The toy with other seat names, whose engine says "seat 0" as engines do: errors must use the names."""

    name = "compass"
    info = dataclasses.replace(TOY.info, name="compass", seat_names=("North", "South"))

    def apply(self, state, action):
        if isinstance(action, Bid) and action.seat not in self.to_act(state):
            raise IllegalAction("TOY-BID-1", f"seat {action.seat} has bid in this round already")
        return super().apply(state, action)


def test_errors_name_seats_by_the_games_seat_names(tmp_path, capsys):
    register("compass", _Compass())
    path = tmp_path / "c.json"
    assert main(["play", "--game", "compass", "--seed", "1", "--quiet", "--save", str(path)]) == 0
    capsys.readouterr()
    raw = json.loads(path.read_text())
    raw["actions"][1] = dict(raw["actions"][0])       # seat 0 bids twice in one round
    path.write_text(json.dumps(raw))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "TOY-BID-1: North has bid in this round already" in err and "seat 0" not in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_simulate_plays_the_toy_and_summarises_its_wins(tmp_path, capsys):
    out = tmp_path / "toy.csv"
    assert main(["simulate", "--game", "toy", "--games", "6", "--workers", "1", "--bots", "random", "--json",
                 "--out", str(out)]) == 0
    (summary,) = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["players"] == 2 and summary["fair_share"] == 0.5
    assert summary["actions"] == 6 and 0 <= summary["seat_0_wins"] <= 1
    rows = out.read_text().splitlines()
    assert len(rows) == 7 and "score_1" in rows[0] and ",toy," in rows[1]
