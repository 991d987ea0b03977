"""The lotus-kit command: play, replay, --json, --variant, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

from lotus_kit.cli import main


def test_play_prints_a_complete_game_and_the_score_table(capsys):
    assert main(["play", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Year 1, phase 1: claim provinces." in out
    assert "phase 4: rebellion" in out and "Final scores (WL-SCORE):" in out
    assert out.count("<- winner") >= 1
    assert "Datong" in out and "DATO" not in out            # provinces by name, as players say them


def test_play_json_and_replay_agree(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--players", "3", "--seed", "5", "--json", "--save", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert played == replayed
    assert played["setup"] == {"players": 3, "seed": 5}
    assert sum(played["scores"][0][k] for k in ("buildings", "group_bonus", "dragons", "vp_chips")) == \
        played["scores"][0]["total"]


def test_variant_flags_take_the_spec_names(capsys):
    assert main(["play", "--players", "3", "--seed", "2", "--variant", "WL_DESIGNER", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rules"] == ["WL_DESIGNER"] and result["years"] == 4


def test_bad_input_gets_a_message_not_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "lotus-kit-record", "version": 7}')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "version" in err and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_console_script_runs():
    done = subprocess.run([sys.executable, "-m", "lotus_kit.cli", "play", "--players", "6", "--seed", "3",
                           "--quiet", "--bots", "random"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Final scores" in done.stdout
