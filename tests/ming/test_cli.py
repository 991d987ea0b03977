"""``lotus-kit play --game ming``: a bot game on the command line, its log, its record, its flags."""

from __future__ import annotations

import json

from lotus_kit.cli import main
from lotus_kit.core.records import load
from lotus_kit.ming.game import MING


def test_play_three_players_prints_each_action_in_words_and_the_winner(capsys):
    assert main(["play", "--game", "ming", "--players", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    log, scores = out.split("Final scores:")
    lines = log.strip().splitlines()
    # Ming's states keep no events: the log is its actions in the game's words, as its golden logs
    assert len(lines) > 150
    assert "places the prince in" in log and "puts a family member on the" in log
    assert "chooses return cards" in log                      # sealed: the choice itself is not said
    for name in ("Black", "White", "Grey"):
        assert name in scores
    assert scores.count("<- winner") >= 1


def test_two_players_json_and_replay_agree_with_a_flag(tmp_path, capsys):
    path = tmp_path / "ming.json"
    assert main(["play", "--game", "ming", "--players", "2", "--seed", "4", "--variant", "NEUTRAL_RETURN=NONE",
                 "--json", "--save", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["game"] == "ming" and played["rules"] == ["NEUTRAL_RETURN=NONE"]
    record = load(path)
    assert MING.is_over(record.replay()) and len(record.actions) == played["actions"]
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played


def test_quiet_prints_only_the_scores(capsys):
    assert main(["play", "--game", "ming", "--players", "4", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.lstrip().startswith("Final scores:") and "province space" not in out
