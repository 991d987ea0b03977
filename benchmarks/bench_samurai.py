"""Ehre der Samurai engine speed: µs per action with legal actions (uniformly random games through
the protocol object, as a table or a bot plays), µs per action of apply alone (replaying the same
actions), the engine's int-level loop, and White Lotus's engine on the same machine as a reference.

Prints medians; never asserted in tests (machines are noisy). Run:
``python benchmarks/bench_samurai.py`` (``--games N`` random games per player count).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from lotus_kit.samurai import engine as E
from lotus_kit.samurai.game import SAMURAI as G

TARGET_US = 8.0
clock = time.process_time


def random_game(players: int, seed: int) -> tuple[int, float, list]:
    """(actions, seconds with legal-action generation, the actions) of a random game."""
    rng = random.Random(seed)
    actions = []
    t0 = clock()
    state = G.new_game(players, seed)
    while not G.is_over(state):
        action = rng.choice(G.legal_actions(state))
        state = G.apply(state, action)
        actions.append(action)
    return len(actions), clock() - t0, actions


def replay(players: int, seed: int, actions: list) -> float:
    t0 = clock()
    state = G.new_game(players, seed)
    for a in actions:
        state = G.apply(state, a)
    return clock() - t0


def int_loop(players: int, seed: int) -> tuple[int, float]:
    """The engine on ints alone (no value objects): the floor under the facade."""
    rng = random.Random(seed)
    t0 = clock()
    t = E.new_game(players, seed)
    n = 0
    while t[E.MODE] != E.OVER:
        t = E.apply(t, rng.choice(E.legal_cached(t)))
        n += 1
    return n, clock() - t0


def white_lotus_reference(games: int) -> float | None:
    try:
        from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
    except ImportError:
        return None
    per = []
    for seed in range(games):
        rng = random.Random(seed)
        t0 = clock()
        s = new_game(4, seed)
        n = 0
        while not s.is_over:
            s = apply(s, rng.choice(legal_actions(s, min(to_act(s)))))
            n += 1
        per.append((clock() - t0) / n * 1e6)
    return statistics.median(per)


def bytecodes_per_action(step, state, is_over, n: int = 300) -> float:
    """Python bytecodes executed per action (opcode tracing): a measure no machine load changes."""
    count = [0]

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            count[0] += 1
        return tracer

    actions = 0
    sys.settrace(tracer)
    try:
        while actions < n and not is_over(state):
            state = step(state)
            actions += 1
    finally:
        sys.settrace(None)
    return count[0] / max(1, actions)


def bytecodes(seed: int = 1) -> None:
    rng = random.Random(seed)
    sam = bytecodes_per_action(lambda s: G.apply(s, rng.choice(G.legal_actions(s))), G.new_game(4, seed), G.is_over)
    print(f"bytecodes per action with legal actions, 4 players: Samurai {sam:.0f}", end="")
    try:
        from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
    except ImportError:
        print()
        return
    wl = bytecodes_per_action(lambda s: apply(s, rng.choice(legal_actions(s, min(to_act(s))))), new_game(4, seed),
                              lambda s: s.is_over)
    print(f", White Lotus's engine {wl:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bytecodes", action="store_true", help="count bytecodes per action (load-independent)")
    args = ap.parse_args()
    if args.bytecodes:
        bytecodes()
        return
    for players in (3, 4, 6):
        with_legal, bare, ints, lengths = [], [], [], []
        for seed in range(args.games):
            n, t, actions = random_game(players, seed)
            with_legal.append(t / n * 1e6)
            bare.append(replay(players, seed, actions) / n * 1e6)
            k, ti = int_loop(players, seed)
            ints.append(ti / k * 1e6)
            lengths.append(n)
        print(f"{players} players: {statistics.median(with_legal):5.2f} µs/action with legal actions "
              f"(target {TARGET_US}), {statistics.median(bare):5.2f} apply only, "
              f"{statistics.median(ints):5.2f} on ints; median game {statistics.median(lengths):.0f} actions")
    wl = white_lotus_reference(max(3, args.games // 4))
    if wl is not None:
        print(f"White Lotus engine, same machine: {wl:5.2f} µs/action with legal actions (4 players)")
    # a fixed pure-Python loop, to scale the numbers to another machine (about 8-10 µs on an idle
    # desktop of 2024 with CPython 3.11)
    t0 = clock()
    for _ in range(2000):
        sum(range(1000))
    print(f"calibration: sum(range(1000)) takes {(clock() - t0) / 2000 * 1e6:5.1f} µs here")


if __name__ == "__main__":
    main()
