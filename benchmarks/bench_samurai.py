"""Ehre der Samurai engine speed: µs per action with legal actions (uniformly random games through
the protocol object, as a table or a bot plays), µs per action of apply alone (replaying the same
actions), the engine's int-level loop, and White Lotus's engine and OpenSpiel's games on the same
machine as references.

Before/after: the engine as it was before its speed work is kept as the oracle of the differential
test (``tests/samurai/oracle/``); the same random games run through it (behind the same protocol
calls) and through the engine in use, interleaved game by game so that the load of a shared machine
hits both alike, and the ratio of the medians is printed.

Prints medians; never asserted in tests (machines are noisy; ``--bytecodes`` counts what no load
changes). Run: ``python benchmarks/bench_samurai.py`` (``--games N`` random games per player count,
``--no-openspiel`` to leave out OpenSpiel's loops).

The aim is 8 µs per action with legal actions on a machine where White Lotus's engine takes 22 µs: a
ratio to White Lotus in the same process of at most 0.36, printed with the figures. Instructions per
action, which no load changes: ``--loop N`` plays N random 4-player games and prints the actions, so
``valgrind --tool=callgrind python benchmarks/bench_samurai.py --loop 20`` minus the same with
``--loop 2``, divided by the difference in actions, is the count per action; ``--loop-white-lotus 4``
minus ``--loop-white-lotus 1`` gives White Lotus's the same way, and their quotient is the ratio that no
load changes.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

from lotus_kit.samurai import engine as E
from lotus_kit.samurai.actions import Action
from lotus_kit.samurai.game import SAMURAI as G
from lotus_kit.samurai.game import LegalActions, legal_list
from lotus_kit.samurai.state import State

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    from tests.samurai.oracle import engine as OLD
    from tests.samurai.oracle.state import State as OldState
except ImportError:             # an installed copy without the tests: no "before" column
    OLD = None

TARGET_US = 8.0
AIM_RATIO = TARGET_US / 22.0     # White Lotus's engine took 22 µs where the aim was set
clock = time.process_time


def random_game(players: int, seed: int, game=G) -> tuple[int, float, list]:
    """(actions, seconds with legal-action generation, the actions) of a random game."""
    rng = random.Random(seed)
    actions = []
    t0 = clock()
    state = game.new_game(players, seed)
    while not game.is_over(state):
        action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
    return len(actions), clock() - t0, actions


class Before:
    """The protocol's ``legal_actions``/``apply``/``is_over`` as game.py had them, over the engine and
    the state (a tuple subclass) before its speed work (the "before" column; seeded games only)."""

    def new_game(self, players: int, seed: int) -> State:
        return OldState(OLD.new_game(players, seed))

    def legal_actions(self, state: State, seat: int | None = None) -> LegalActions:
        if seat is not None and seat != OLD.to_act(state):
            return legal_list([])
        return legal_list(OLD.legal_cached(state))

    def apply(self, state: State, action: Action) -> State:
        c = action.code if isinstance(action, Action) else -1
        if c < 0 or type(state[OLD.RNG]) is tuple:
            raise NotImplementedError("the before column plays seeded games of engine actions only")
        return OldState(OLD.apply_list(state, c))

    def is_over(self, state: State) -> bool:
        return state[OLD.MODE] == OLD.OVER


def replay(players: int, seed: int, actions: list) -> float:
    t0 = clock()
    state = G.new_game(players, seed)
    for a in actions:
        state = G.apply(state, a)
    return clock() - t0


def int_loop(players: int, seed: int, engine=E) -> tuple[int, float]:
    """The engine on ints alone (no value objects): the floor under the facade."""
    rng = random.Random(seed)
    t0 = clock()
    t = engine.new_game(players, seed)
    n = 0
    while t[engine.MODE] != engine.OVER:
        t = engine.apply(t, rng.choice(engine.legal_cached(t)))
        n += 1
    return n, clock() - t0


def white_lotus_game(seed: int) -> tuple[int, float] | None:
    """(actions, seconds) of one random 4-player game of White Lotus's oracle engine (the yardstick),
    None without it."""
    try:
        from yardstick import white_lotus_engine
        _wl = white_lotus_engine()
        apply, legal_actions, new_game, to_act = _wl.apply, _wl.legal_actions, _wl.new_game, _wl.to_act
    except ImportError:
        return None
    rng = random.Random(seed)
    t0 = clock()
    s = new_game(4, seed)
    n = 0
    while not s.is_over:
        s = apply(s, rng.choice(legal_actions(s, min(to_act(s)))))
        n += 1
    return n, clock() - t0


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
    def samurai(game):
        rng = random.Random(seed)
        return bytecodes_per_action(lambda s: game.apply(s, rng.choice(game.legal_actions(s))),
                                    game.new_game(4, seed), game.is_over)

    samurai(G)                                               # warm the cache of action objects for both
    sam = samurai(G)
    print(f"bytecodes per action with legal actions, 4 players: Samurai {sam:.0f}", end="")
    if OLD is not None:
        old = samurai(Before())
        print(f" (before the speed work {old:.0f})", end="")
    try:
        from yardstick import white_lotus_engine
        _wl = white_lotus_engine()
        apply, legal_actions, new_game, to_act = _wl.apply, _wl.legal_actions, _wl.new_game, _wl.to_act
    except ImportError:
        print()
        return
    rng = random.Random(seed)
    wl = bytecodes_per_action(lambda s: apply(s, rng.choice(legal_actions(s, min(to_act(s))))), new_game(4, seed),
                              lambda s: s.is_over)
    print(f", White Lotus's engine {wl:.0f}")


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bytecodes", action="store_true", help="count bytecodes per action (load-independent)")
    ap.add_argument("--no-openspiel", action="store_true", help="leave out OpenSpiel's reference loops")
    ap.add_argument("--loop", type=int, metavar="GAMES", help="only play GAMES random 4-player games (for callgrind)")
    ap.add_argument("--loop-white-lotus", type=int, metavar="GAMES",
                    help="only play GAMES random 4-player games of White Lotus's oracle engine (for callgrind)")
    args = ap.parse_args()
    if args.loop is not None:
        print(f"actions {sum(random_game(4, seed)[0] for seed in range(args.loop))}")
        return
    if args.loop_white_lotus is not None:
        print(f"actions {sum(white_lotus_game(seed)[0] for seed in range(args.loop_white_lotus))}")
        return
    if args.bytecodes:
        bytecodes()
        return
    after_4p = None
    white_lotus: list[float] = []
    for players in (3, 4, 6):
        with_legal, before, bare, ints, ints_before, lengths = [], [], [], [], [], []
        for seed in range(args.games):
            if players == 4:                                 # the yardstick interleaved: the same load
                got = white_lotus_game(seed)
                if got is not None:
                    white_lotus.append(got[1] / got[0] * 1e6)
            if OLD is not None:                              # interleaved: the same load on both
                k, t, _ = random_game(players, seed, Before())
                before.append(t / k * 1e6)
                k, t = int_loop(players, seed, OLD)
                ints_before.append(t / k * 1e6)
            n, t, actions = random_game(players, seed)
            with_legal.append(t / n * 1e6)
            bare.append(replay(players, seed, actions) / n * 1e6)
            k, ti = int_loop(players, seed)
            ints.append(ti / k * 1e6)
            lengths.append(n)
        print(f"{players} players: {median(with_legal):5.2f} µs/action with legal actions "
              f"(target {TARGET_US}), {median(bare):5.2f} apply only, "
              f"{median(ints):5.2f} on ints; median game {median(lengths):.0f} actions")
        if OLD is not None:
            print(f"   before the speed work: {median(before):5.2f} with legal actions, {median(ints_before):5.2f} on "
                  f"ints; after/before {median(with_legal) / median(before):.2f} and "
                  f"{median(ints) / median(ints_before):.2f}")
        if players == 4:
            after_4p = median(with_legal)
    if white_lotus:
        wl = median(white_lotus)
        print(f"White Lotus's oracle engine, same process, its games interleaved with Samurai's 4-player ones: "
              f"{wl:5.2f} µs/action with legal actions")
        print(f"RATIO Samurai / White Lotus (4 players, with legal actions): {after_4p / wl:.2f}  "
              f"(aim ≤ {AIM_RATIO:.2f}: {TARGET_US:.0f} µs where White Lotus takes 22 µs)")
    if not args.no_openspiel:
        import bench_openspiel

        for name, us in bench_openspiel.main(clock).items():
            print(f"  Samurai 4-player / {name}: {after_4p / us:6.2f}")
    # a fixed pure-Python loop, to scale the numbers to another machine (about 8-10 µs on an idle
    # desktop of 2024 with CPython 3.11)
    t0 = clock()
    for _ in range(2000):
        sum(range(1000))
    print(f"calibration: sum(range(1000)) takes {(clock() - t0) / 2000 * 1e6:5.1f} µs here")


if __name__ == "__main__":
    main()
