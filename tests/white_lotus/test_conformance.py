"""White Lotus passes the kit's generic conformance check (lotus_kit.core.conformance): random games of
every player count and every variant flag, with apply's purity, illegal moves, records, replays,
hidden information and the end of the game checked at every step."""

from __future__ import annotations

import os

import pytest

from lotus_kit.core.conformance import ConformanceError, check_game
from lotus_kit.white_lotus.game import WHITE_LOTUS
from lotus_kit.white_lotus.rules import FLAGS


def test_every_player_count_and_every_flag_conforms():
    reports = [check_game(WHITE_LOTUS, seeds=(21,), flags=[()], observe_every=4)]
    for k, flag in enumerate(FLAGS):
        reports.append(check_game(WHITE_LOTUS, seeds=(30 + k,), players=(3 + k % 4,), flags=[(flag,)],
                                  observe_every=4))
    assert sum(r.games for r in reports) == 4 + len(FLAGS)
    assert sum(r.illegal_checked for r in reports) > 3_000 and sum(r.records_checked for r in reports) == 15


# one game per (player count, flag) pair keeps every pair in `make test` (3 CPU-minutes for two);
# LOTUS_CONFORMANCE_GAMES=N plays N seeded games of each pair for a longer soak
GAMES_PER_SETUP = int(os.environ.get("LOTUS_CONFORMANCE_GAMES", "1"))


@pytest.mark.slow
def test_every_player_count_with_every_flag_conforms():
    report = check_game(WHITE_LOTUS, games_per_setup=GAMES_PER_SETUP, observe_every=3)
    assert report.games == 4 * (1 + len(FLAGS)) * GAMES_PER_SETUP


class _Leaky:
    """White Lotus with an observation that shows the seat the next chip of the draw pool."""

    def __init__(self):
        self.info, self.name = WHITE_LOTUS.info, WHITE_LOTUS.name

    def __getattr__(self, name):
        return getattr(WHITE_LOTUS, name)

    def observation(self, state, seat):
        return WHITE_LOTUS.observation(state, seat), state.pool[:1]


def test_the_check_finds_an_observation_that_leaks_the_draw_pool():
    with pytest.raises(ConformanceError, match="observation changed when what it may not know was redrawn"):
        check_game(_Leaky(), seeds=(1,), players=(3,), flags=[()])
