"""Golden playthroughs (3, 4 and 6 players; the default rules and two flag sets): whole seeded games
as text. A difference means the rules' outcome changed: read the diff, then regenerate with
``python -m lotus_kit.samurai.playthrough tests/samurai/golden``."""

from __future__ import annotations

import pathlib

import pytest

from lotus_kit.samurai.playthrough import SETTINGS, name, playthrough

GOLDEN = pathlib.Path(__file__).parent / "golden"


@pytest.mark.parametrize("players,seed,flags", SETTINGS, ids=[name(*s) for s in SETTINGS])
def test_golden_playthrough(players, seed, flags):
    want = (GOLDEN / name(players, seed, flags)).read_text(encoding="utf-8")
    assert playthrough(players, seed, flags) == want


def test_golden_games_cover_battles_windows_and_answers():
    text = "".join(p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.txt"))
    for words in ("attacks", "save_face", "dishonor_answer", "castle_choice", "declares: my Daimyo is now Shogun",
                  "allies with", "second_theft", "winners ["):
        assert words in text, words
