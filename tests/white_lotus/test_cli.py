"""The lotus-kit command: play, replay, --json, --variant, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

from lotus_kit.cli import main
from lotus_kit.white_lotus.engine import legal_actions
from lotus_kit.white_lotus.seats import SEAT_NAMES


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


def _table_rows(out: str) -> list[list[str]]:
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("seat "))
    rows = []
    for line in lines[head + 2:]:
        if not line.split() or line.split()[0] not in SEAT_NAMES:
            break
        rows.append(line.split())
    return rows


def test_score_table_columns_before_the_total_add_up_to_it_WL_SCORE(capsys):
    assert main(["play", "--players", "5", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("seat "))
    parts, after = header.split("=total")
    assert parts.split()[1:] == ["build", "+bonus", "+dragons", "+VP"] and "largest group" in after
    rows = _table_rows(out)
    assert len(rows) == 5
    for row in rows:
        build, bonus, dragons, vp, total, group = map(int, row[1:7])
        assert build + bonus + dragons + vp == total
        assert row[7] == "provinces" and group >= 0
    assert any(int(r[2]) == 3 for r in rows)          # the bonus holder: +3 (WL-SCORE-2), not the group size
    assert "is not added" in out


def test_save_says_where_it_wrote(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--players", "3", "--seed", "1", "--quiet", "--save", "g.json"]) == 0
    out = capsys.readouterr().out
    assert f"game record written to {tmp_path / 'g.json'}" in out and (tmp_path / "g.json").exists()
    assert main(["play", "--players", "3", "--seed", "1", "--json", "--save", "h.json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)                                   # stdout stays pure JSON
    assert f"game record written to {tmp_path / 'h.json'}" in captured.err


def test_errors_name_seats_by_colour_as_the_log_does(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--players", "3", "--seed", "5", "--quiet", "--save", str(path)]) == 0
    capsys.readouterr()
    data = json.loads(path.read_text())
    first, second = data["actions"][0]["seat"], data["actions"][1]["seat"]
    wrong = next(s for s in range(3) if s not in (first, second))
    data["actions"][1]["seat"] = wrong                         # out of turn (WL-PLACE-3)
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "WL-PLACE-3" in err and f"it is {SEAT_NAMES[second]}'s turn" in err and f"not {SEAT_NAMES[wrong]}'s" in err
    assert "seat 0" not in err and "seat 1" not in err and "seat 2" not in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_ctrl_c_during_play_is_one_line_and_saves_nothing(tmp_path, capsys, monkeypatch):
    from lotus_kit.white_lotus import bots

    calls = []

    def interrupted(self, state, seat):
        calls.append(seat)
        if len(calls) > 5:
            raise KeyboardInterrupt
        return legal_actions(state, seat)[0]

    monkeypatch.setattr(bots.HeuristicBot, "choose", interrupted)
    path = tmp_path / "g.json"
    assert main(["play", "--players", "3", "--seed", "1", "--quiet", "--save", str(path)]) == 130
    err = capsys.readouterr().err
    assert err == "lotus-kit: interrupted\n" and not path.exists()
