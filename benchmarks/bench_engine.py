"""Engine speed: µs per action (with and without legal-action generation), games per second,
replay, what-if, memory; OpenSpiel's games as reference points; the board view, headless.

Prints medians and ratios; never asserted in tests (machines are noisy). Run:
``python benchmarks/bench_engine.py`` (``--wall`` for wall-clock time instead of this process's
CPU time, which is steadier on a shared machine; ``--games N`` random games per player count).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time
import tracemalloc

from lotus_kit.core.records import branch
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.game import new_record

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_openspiel

TARGETS = {"us_per_action_4p": 5.0, "replay_ms_4p": 5.0, "all_states_mb_4p": 5.0, "board_update_ms": 30.0}
clock = time.process_time


def random_game(players: int, seed: int) -> tuple[int, float, list]:
    """One uniformly random game: (actions, seconds with legal-action generation, the actions)."""
    rng = random.Random(seed)
    actions = []
    t0 = clock()
    state = new_game(players, seed)
    while not state.is_over:
        seat = min(to_act(state))
        action = rng.choice(legal_actions(state, seat))
        state = apply(state, action)
        actions.append(action)
    return len(actions), clock() - t0, actions


def apply_only(players: int, seed: int, actions: list) -> float:
    """Seconds to play the same game again from its actions: apply alone, no legal actions."""
    t0 = clock()
    state = new_game(players, seed)
    for action in actions:
        state = apply(state, action)
    return clock() - t0


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
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times)


def engine(games: int, results: dict[str, float]) -> None:
    for players in (3, 4, 6):
        per_action, per_game, bare = [], [], []
        for seed in range(games):
            n, t, actions = random_game(players, seed)
            per_action.append(t / n * 1e6)
            per_game.append(t)
            bare.append(apply_only(players, seed, actions) / n * 1e6)
        results[f"us_per_action_{players}p"] = statistics.median(per_action)
        results[f"us_per_apply_{players}p"] = statistics.median(bare)
        results[f"games_per_s_{players}p"] = 1 / statistics.median(per_game)
        print(f"{players} players: {statistics.median(per_action):7.1f} µs/action with legal actions, "
              f"{statistics.median(bare):6.1f} µs/action apply alone, "
              f"{1 / statistics.median(per_game):6.1f} random games/s/core")
    record = bot_record(4, 1)
    states = record.states()
    replay = median_time(record.replay, 21)
    results["replay_ms_4p"] = replay * 1e3
    print(f"replay a 4-player bot game ({len(record.actions)} actions) from its record: {replay * 1e3:6.2f} ms "
          f"({replay / len(record.actions) * 1e6:.1f} µs/action, setup included)")
    # what-if from the middle: the alternative whose branch replays the most of the recorded rest
    mid = len(record.actions) // 2
    seat = record.actions[mid].seat
    alternatives = [a for a in legal_actions(states[mid], seat) if a != record.actions[mid]] or [record.actions[mid]]

    def kept(a) -> int:
        return len(branch(record, mid, a, states).record.actions)

    alt = max(alternatives[:50], key=kept)
    result = branch(record, mid, alt, states)
    what_if = median_time(lambda: branch(record, mid, alt, states), 21)
    results["what_if_ms_4p"] = what_if * 1e3
    replayed = len(result.record.actions) - mid - 1
    print(f"what-if at step {mid}: replace {record.actions[mid]} by {alt} and replay the rest "
          f"({replayed} of {len(record.actions) - mid - 1} recorded actions still legal): {what_if * 1e3:6.2f} ms")
    tracemalloc.start()
    kept_states = record.states()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    results["all_states_mb_4p"] = size / 2**20
    print(f"memory for all {len(kept_states)} states of that game: {size / 2**20:6.2f} MB")


def views(results: dict[str, float]) -> None:
    if not (pathlib.Path(__file__).resolve().parent.parent / "lotus_kit" / "views" / "board.py").exists():
        print("views: lotus_kit/views/board.py does not exist yet: no board figure timings")
        return
    try:
        from lotus_kit.views.board import board_figure, update_board
    except ImportError as exc:
        print(f"views: the board view does not import here ({exc}): no board figure timings")
        return
    record = bot_record(4, 1)
    states = record.states()
    k = next(i for i, a in enumerate(record.actions) if type(a).__name__ == "PlaceMarker")
    build = median_time(lambda: board_figure(states[k]), 7)
    fig = board_figure(states[k])

    def one_action():
        update_board(fig, states[k + 1])
        update_board(fig, states[k])        # back again, so every repeat changes the same properties

    update = median_time(one_action, 15) / 2
    results["board_build_ms"] = build * 1e3
    results["board_update_ms"] = update * 1e3
    print(f"views: board figure build {build * 1e3:7.1f} ms; update_board after one action "
          f"{update * 1e3:6.1f} ms (headless plotly Figure)")
    if (pathlib.Path(__file__).resolve().parent / "bench_explorer.py").exists():
        print("  the explorer's step change and what-if recompute: python benchmarks/bench_explorer.py")


def main(argv: list[str] | None = None) -> dict[str, float]:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="random games per player count")
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of this process's CPU time")
    parser.add_argument("--no-openspiel", action="store_true")
    parser.add_argument("--no-views", action="store_true")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    bench_openspiel_clock = clock
    results: dict[str, float] = {}
    print(f"python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; medians")
    engine(args.games, results)
    if not args.no_openspiel:
        reference = bench_openspiel.main(bench_openspiel_clock)
        ours = results["us_per_action_4p"]
        for name, us in reference.items():
            results[f"ratio_to_{name}"] = ours / us
            print(f"  our 4-player µs/action / {name}: {ours / us:6.2f}")
    if not args.no_views:
        views(results)
    for key, goal in TARGETS.items():
        if key in results:
            print(f"  {key}: {results[key]:.2f} against a target of {goal} -> ratio {results[key] / goal:.2f}")
    return results


if __name__ == "__main__":
    main()
