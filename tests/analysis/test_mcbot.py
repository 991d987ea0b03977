"""The Monte-Carlo bot beats the heuristic bot: more than its share over a small seeded set."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from lotus_kit.analysis.mcbot import MonteCarloBot, evaluation
from lotus_kit.white_lotus.bots import HeuristicBot, play_game
from lotus_kit.white_lotus.engine import new_game

PLAYERS, GAMES = 3, 6


def one_game(g: int) -> float:
    """Game ``g``: the Monte-Carlo bot sits in seat g % 3 against two heuristic bots; its win share."""
    seat = g % PLAYERS
    bots = [HeuristicBot(1000 * g + s) for s in range(PLAYERS)]
    bots[seat] = MonteCarloBot(g, determinisations=2, candidates=3)
    final = play_game(new_game(PLAYERS, seed=100 + g), bots)
    return 1.0 / len(final.winners) if seat in final.winners else 0.0


def test_montecarlo_bot_wins_more_than_its_share():
    with ProcessPoolExecutor(2) as pool:
        shares = list(pool.map(one_game, range(GAMES)))
    # its fair share is 1/3 (2 of 6 games); it must clearly beat that
    assert sum(shares) >= GAMES / 2, shares


def test_evaluation_is_relative_to_the_best_opponent():
    state = new_game(3, seed=1)
    values = [evaluation(state, s) for s in range(3)]
    emperor = state.emperor
    assert values[emperor] > 0 and all(v < 0 for s, v in enumerate(values) if s != emperor)
