"""Speed of the game-AI adapters per game: flat steps per second through :class:`FlatGame` (random legal
ids), engine actions per second on the same games, the engine alone for reference, agent steps per second
through the PettingZoo environment (``last()`` with its observation tensor and mask, then ``step``), and
steps per second through OpenSpiel (``load_game("lotus_<name>")`` with explicit chance: every draw and die
a chance node sampled by its probabilities, ``legal_actions`` and ``apply_action`` at every step).

Prints medians over seeded random games and the action-space sizes; never asserted (machines are noisy).
Run: ``python benchmarks/bench_ai.py`` (``--games N`` per game, ``--wall`` for wall-clock time instead of
this process's CPU time, which is steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import lotus_kit
from lotus_kit.ai.flat import TERMINAL, FlatGame
from lotus_kit.core.registry import get_game

clock = time.process_time


def engine_game(game, players: int, seed: int) -> tuple[int, float]:
    """(actions, seconds) of one random game straight on the engine (lowest seat of those to act)."""
    rng = random.Random(seed)
    t0 = clock()
    state, n = game.new_game(players, seed), 0
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_actions(state, min(game.to_act(state)))))
        n += 1
    return n, clock() - t0


def flat_game(flat: FlatGame, seed: int) -> tuple[int, int, float]:
    """(flat steps, engine actions, seconds) of one game of random legal ids."""
    rng = random.Random(seed)
    t0 = clock()
    fs = flat.new_state(seed)
    while flat.current_player(fs) != TERMINAL:
        fs = flat.apply_id(fs, rng.choice(flat.legal_ids(fs)))
    return len(fs.history), fs.engine_steps, clock() - t0


def pettingzoo_game(name: str, players: int, seed: int) -> tuple[int, float]:
    """(agent steps, seconds) of one random-agent loop over the action masks."""
    import numpy as np

    from lotus_kit.ai.pettingzoo import env

    e = env(game=name, players=players)
    rng = np.random.default_rng(seed)
    t0 = clock()
    e.reset(seed=seed)
    n = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    return n, clock() - t0


def openspiel_game(name: str, players: int, seed: int) -> tuple[int, float]:
    """(steps, seconds) of one random game through the pyspiel API, chance nodes included."""
    from lotus_kit.ai.openspiel import load

    game = load(name, players)
    rng = random.Random(seed)
    t0 = clock()
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n, clock() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--wall", action="store_true")
    args = parser.parse_args()
    global clock
    if args.wall:
        clock = time.perf_counter
    print(f"{'game':12} {'players':>7} {'ids':>5} {'max len':>8} {'flat steps/s':>13} {'actions/s':>10} "
          f"{'engine/s':>9} {'pz steps/s':>11} {'spiel steps/s':>14}")
    for name in lotus_kit.games():
        game = get_game(name)
        players = game.info.default_players
        flat = FlatGame(game, players)
        seeds = range(args.games)
        flat_runs = [flat_game(flat, s) for s in seeds]
        engine_runs = [engine_game(game, players, s) for s in seeds]
        pz_runs = [pettingzoo_game(name, players, s) for s in seeds]
        spiel_runs = [openspiel_game(name, players, s) for s in seeds]
        steps = statistics.median(n / t for n, _, t in flat_runs)
        actions = statistics.median(a / t for _, a, t in flat_runs)
        engine = statistics.median(n / t for n, t in engine_runs)
        pz = statistics.median(n / t for n, t in pz_runs)
        spiel = statistics.median(n / t for n, t in spiel_runs)
        print(f"{name:12} {players:>7} {flat.num_actions:>5} {flat.max_game_length:>8} {steps:>13,.0f} "
              f"{actions:>10,.0f} {engine:>9,.0f} {pz:>11,.0f} {spiel:>14,.0f}")


if __name__ == "__main__":
    main()
