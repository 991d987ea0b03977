"""Golden playthroughs of both profiles and several flag sets: each record replays to the event log
kept beside it (checked by hand for: the BGA claims by the opponent during the active turn, 16 laid
cards before the thaw starts with the other player, even anchors under ALIGNED_GRID, the loop guard
after MAX_THAW_PLIES turns without a card leaving, cards removed including melted ones)."""

from __future__ import annotations

import pytest

from lotus_kit.core.records import load
from tests.winter.make_golden import HERE, event_log, play, playthroughs

NAMES = sorted(playthroughs())


@pytest.mark.parametrize("name", NAMES)
def test_WIN_CLAR_12_a_golden_game_replays_to_its_event_log(name):
    record = load(HERE / f"{name}.json")
    states = record.states()
    assert states[-1].is_over
    assert event_log(states) == (HERE / f"{name}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES[:2])
def test_the_bots_play_the_golden_game_again(name):
    p = playthroughs()[name]
    assert play(int(p["seed"]), tuple(p.get("flags", ()))).actions == load(HERE / f"{name}.json").actions


def test_there_is_a_golden_game_for_each_profile():
    flags = [set(p.get("flags", ())) for p in playthroughs().values()]
    assert any("BGA_HELP" not in f for f in flags) and any("BGA_HELP" in f for f in flags)
