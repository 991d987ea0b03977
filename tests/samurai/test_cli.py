"""``lotus-kit play --game samurai``: a bot game on the command line, its record, its flags."""

from __future__ import annotations

import json

from lotus_kit.cli import main


def test_play_five_players_prints_the_game_and_the_winner(capsys):
    assert main(["play", "--game", "samurai", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "the game begins" in out and "gains" in out and "honor in phase 1 (SAM-HON-1)" in out
    assert "game over:" in out and out.count("<- winner") == 1
    for name in ("Red", "Blue", "Green", "Yellow", "Black"):
        assert name in out


def test_play_json_and_replay_agree_with_flags(tmp_path, capsys):
    path = tmp_path / "samurai.json"
    assert main(["play", "--game", "samurai", "--players", "4", "--seed", "2", "--variant", "SEPPUKU_NEEDS_CARDS",
                 "--json", "--save", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["game"] == "samurai" and played["rules"] == ["SEPPUKU_NEEDS_CARDS"]
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played
    assert max(played["scores"]) >= 400 and len(played["winners"]) == 1


def test_an_unknown_flag_gets_a_message(capsys):
    assert main(["play", "--game", "samurai", "--players", "4", "--variant", "NOPE"]) == 2
    err = capsys.readouterr().err
    assert "NOPE" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
