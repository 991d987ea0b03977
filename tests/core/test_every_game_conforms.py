"""Every game of the registry passes the generic conformance check (one seeded game at its smallest
player count, published rules): the seam holds for each game, whoever wrote it."""

from __future__ import annotations

import pytest

import lotus_kit
from lotus_kit.core.conformance import check_game
from lotus_kit.core.registry import get_game


@pytest.mark.parametrize("name", lotus_kit.games())
def test_the_game_conforms(name):
    game = get_game(name)
    report = check_game(game, seeds=(1,), players=(game.info.min_players,), flags=[()], observe_every=5)
    assert report.games == 1 and report.actions > 10 and report.records_checked == 1
    assert report.illegal_checked >= report.actions        # a non-action at least, at every step
