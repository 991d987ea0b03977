"""Shared states for the view tests: bot games played once per session."""

from __future__ import annotations

import pytest

from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, new_game, to_act
from lotus_kit.white_lotus.state import State


def bot_game(players: int, seed: int) -> list[State]:
    """Every state of a game between heuristic bots."""
    state = new_game(players, seed)
    bots = [HeuristicBot(seed * 10 + k) for k in range(players)]
    states = [state]
    while not state.is_over:
        seat = min(to_act(state))
        state = apply(state, bots[seat].choose(state, seat))
        states.append(state)
    return states


@pytest.fixture(scope="session")
def game4() -> list[State]:
    return bot_game(4, 3)


@pytest.fixture(scope="session")
def game5() -> list[State]:
    return bot_game(5, 3)


@pytest.fixture(scope="session")
def game6() -> list[State]:
    return bot_game(6, 2)
