"""Golden playthroughs of both profiles and several flag sets (``scripts/golden.py --game winter``): each
record replays to the event log kept beside it. Checked by hand in the logs: the BGA claims by the
opponent during the active turn, 16 laid cards before the thaw starts with the other player, even
anchors under ALIGNED_GRID, the loop guard after MAX_THAW_PLIES turns without a card leaving, cards
removed counting melted ones, a draw on equal tokens and equal cards removed."""

from __future__ import annotations

import pathlib

from lotus_kit.core.golden import check_goldens, playthroughs, record_playthrough
from lotus_kit.core.records import load
from lotus_kit.winter.game import WINTER

HERE = pathlib.Path(__file__).resolve().parent / "golden"


def test_WIN_CLAR_12_the_golden_games_replay_to_their_event_logs():
    counts = check_goldens(WINTER, HERE)
    assert set(counts) == {p.name for p in playthroughs(WINTER, HERE)} and min(counts.values()) > 20


def test_the_bots_play_the_golden_games_again():
    for p in playthroughs(WINTER, HERE)[:2]:
        assert record_playthrough(WINTER, p).actions == load(HERE / f"{p.name}.json").actions


def test_there_is_a_golden_game_for_each_profile():
    flags = [set(p.flags) for p in playthroughs(WINTER, HERE)]
    assert any("BGA_HELP" not in f for f in flags) and any("BGA_HELP" in f for f in flags)
