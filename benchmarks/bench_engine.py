"""Engine speed: µs per action (legal actions included), games per second, replay, memory.

Prints medians; never asserted in tests (machines are noisy). Run: ``python benchmarks/bench_engine.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc

from lotus_kit.core.records import branch
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.game import new_record


def random_game(players: int, seed: int) -> tuple[int, float]:
    """One uniformly random game; returns (actions, seconds), legal-action generation included."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = new_game(players, seed)
    n = 0
    while not state.is_over:
        seat = min(to_act(state))
        state = apply(state, rng.choice(legal_actions(state, seat)))
        n += 1
    return n, time.perf_counter() - t0


def bot_record(players: int, seed: int):
    record = new_record(players, seed)
    state = record.start()
    bots = [HeuristicBot(s) for s in range(players)]
    actions = []
    while not state.is_over:
        seat = min(to_act(state))
        a = bots[seat].choose(state, seat)
        state = apply(state, a)
        actions.append(a)
    return record.with_actions(actions)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(games: int = 30) -> dict[str, float]:
    results: dict[str, float] = {}
    print(f"python {sys.version.split()[0]}")
    for players in (3, 4, 6):
        per_action, per_game = [], []
        for seed in range(games):
            n, t = random_game(players, seed)
            per_action.append(t / n * 1e6)
            per_game.append(t)
        results[f"us_per_action_{players}p"] = statistics.median(per_action)
        results[f"games_per_s_{players}p"] = 1 / statistics.median(per_game)
        print(f"{players} players: {statistics.median(per_action):8.1f} µs/action (legal actions included), "
              f"{1 / statistics.median(per_game):6.1f} random games/s/core")
    record = bot_record(4, 1)
    states = record.states()
    replay = median_time(record.replay, 20)
    results["replay_ms_4p"] = replay * 1e3
    print(f"replay a 4-player game ({len(record.actions)} actions) from its record: {replay * 1e3:7.2f} ms "
          f"({replay / len(record.actions) * 1e6:.1f} µs/action, no legal-action generation)")
    mid = len(record.actions) // 2
    alt = legal_actions(states[mid], record.actions[mid].seat)
    alt = next((a for a in alt if a != record.actions[mid]), record.actions[mid])
    what_if = median_time(lambda: branch(record, mid, alt, states), 20)
    results["what_if_ms_4p"] = what_if * 1e3
    print(f"what-if from the middle step {mid} (replace + replay the rest): {what_if * 1e3:7.2f} ms")
    tracemalloc.start()
    kept = record.states()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    results["all_states_mb_4p"] = size / 2**20
    print(f"memory for all {len(kept)} states of that game: {size / 2**20:6.2f} MB")
    target = {"us_per_action_4p": 5.0, "replay_ms_4p": 5.0, "all_states_mb_4p": 5.0}
    for key, goal in target.items():
        print(f"  {key}: {results[key]:.2f} against a target of {goal} -> ratio {results[key] / goal:.2f}")
    return results


if __name__ == "__main__":
    main()
