"""Ming Dynastie engine speed: µs per action with legal actions (uniformly random games, the way
the generic checker plays), µs per action for apply alone, and heuristic-bot games per second.

Prints medians and a ratio against the target; never asserted in tests (machines are noisy). Run:
``python benchmarks/bench_ming.py`` (``--wall`` for wall-clock time instead of this process's CPU time,
``--games N`` random games per player count, ``--cold`` to start every game with empty caches).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from lotus_kit.ming.bots import HeuristicBot
from lotus_kit.ming.engine import apply, legal_actions, new_game
from lotus_kit.ming.state import table

TARGET_US = 6.0
clock = time.process_time


def random_game(players: int, seed: int) -> tuple[int, float, list]:
    rng = random.Random(seed)
    actions = []
    t0 = clock()
    state = new_game(players, seed)
    while not state.is_over:
        seat = min(state.to_act_seats)
        action = rng.choice(legal_actions(state, seat))
        state = apply(state, action)
        actions.append(action)
    return len(actions), clock() - t0, actions


def apply_only(players: int, seed: int, actions: list) -> float:
    t0 = clock()
    state = new_game(players, seed)
    for action in actions:
        state = apply(state, action)
    return clock() - t0


def main() -> None:
    global clock
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--wall", action="store_true")
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--warm", type=int, default=50, help="games played first to fill the caches")
    args = ap.parse_args()
    if args.wall:
        clock = time.perf_counter
    import sys
    print(f"python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; medians")
    results = {}
    for players in (2, 3, 4):
        for seed in range(args.warm):              # warm the legal-action caches (they are per setup)
            random_game(players, 10_000 + seed)
        per_action, bare = [], []
        for seed in range(args.games):
            if args.cold:
                table.cache_clear()
            n, t, actions = random_game(players, seed)
            per_action.append(t / n * 1e6)
            bare.append(apply_only(players, seed, actions) / n * 1e6)
        results[players] = statistics.median(per_action)
        print(f"{players} players: {statistics.median(per_action):6.2f} µs/action with legal actions, "
              f"{statistics.median(bare):6.2f} µs/action apply alone ({n} actions in the last game)")
    t0 = clock()
    games = 0
    for seed in range(10):
        state = new_game(3, seed)
        bots = [HeuristicBot(i) for i in range(3)]
        while not state.is_over:
            seat = min(state.to_act_seats)
            state = apply(state, bots[seat].choose(state, seat))
        games += 1
    print(f"heuristic bots, 3 players: {games / (clock() - t0):6.1f} games/s/core")
    # the same machine now: a tuple copy as the size of a state, and White Lotus's engine, for scale
    # (shared machines slow everything down together; compare ratios, not absolute numbers)
    x = tuple(range(len(new_game(3, 0).data)))
    t0 = clock()
    for _ in range(20_000):
        tuple(list(x))
    copy_us = (clock() - t0) / 20_000 * 1e6
    print(f"this machine now: copying a state-sized tuple {copy_us:.2f} µs (about 0.4 µs on an idle core)")
    try:
        from lotus_kit.white_lotus.engine import apply as wl_apply
        from lotus_kit.white_lotus.engine import legal_actions as wl_legal
        from lotus_kit.white_lotus.engine import new_game as wl_new
        from lotus_kit.white_lotus.engine import to_act as wl_to_act
        per = []
        for seed in range(5):
            rng, n = random.Random(seed), 0
            t0 = clock()
            st = wl_new(4, seed)
            while not st.is_over:
                st = wl_apply(st, rng.choice(wl_legal(st, min(wl_to_act(st)))))
                n += 1
            per.append((clock() - t0) / n * 1e6)
        print(f"White Lotus engine, 4 players, same loop: {statistics.median(per):6.2f} µs/action")
    except ImportError:
        pass
    for players, us in results.items():
        print(f"  us_per_action_{players}p: {us:.2f} against a target of {TARGET_US} -> ratio {us / TARGET_US:.2f}")


if __name__ == "__main__":
    main()
