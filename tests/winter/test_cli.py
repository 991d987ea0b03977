"""``lotus-kit play --game winter``: a bot game on the command line, saved and replayed."""

from __future__ import annotations

import json
import subprocess
import sys

from lotus_kit.core.records import load


def _cli(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "lotus_kit.cli", *args], capture_output=True, text=True,
                          check=True, timeout=600).stdout


def test_play_a_bot_game_of_winter_and_replay_its_record(tmp_path):
    path = tmp_path / "winter.json"
    out = _cli("play", "--game", "winter", "--seed", "3", "--variant", "BGA_HELP", "--save", str(path), "--json")
    summary = json.loads(out)
    assert summary["game"] == "winter" and summary["rules"] == ["BGA_HELP"] and summary["actions"] > 30
    record = load(path)
    assert record.replay().is_over and len(record.actions) == summary["actions"]
    text = _cli("replay", str(path))
    assert "Player 1" in text and "Player 2" in text
