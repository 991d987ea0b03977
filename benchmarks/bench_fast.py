"""Side by side: the engine, the fast core and OpenSpiel's games, as ratios.

Random play (the acting seat with the lowest number picks uniformly among its legal actions) from
the same seeds through ``engine.apply``/``legal_actions`` and through ``fast.core``; the two are
interleaved game by game so that the load of a shared machine hits both alike. Also: replaying a
4-player bot game from its record, importing each, the memory of all the states of that game,
the analyses on the fast path against the same work through the engine (a sweep's games, the
swings search, a Monte-Carlo decision), OpenSpiel's C++ and pure-Python games in the same loop (when
``open_spiel`` is installed), and
with ``--valgrind`` the instructions per action under callgrind (stable where time is not).

Every figure is also printed as a ratio, fast / engine, beside the aim as a ratio: the aims were set
where the engine's random 4-player action took ~22 µs, so on a slower or busier machine the ratio is
the figure to read (3 µs: 0.136; a 1 ms replay: 0.22 of the engine's ~4.6 ms; a 40 ms import: 0.4
of the engine's ~100 ms; all states of a game: 1 MB). The engine is the phase-module engine, kept as
the oracle in ``tests/white_lotus/oracle`` when it is there (the public engine may run on the core).

Run: ``python benchmarks/bench_fast.py`` (``--games N``, ``--valgrind``). Never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
clock = time.process_time
AIMS = {"action": 3 / 22, "replay": 1 / 4.6, "import": 40 / 100}


def reference():
    """The engine the aims are measured against: the phase modules (the oracle of the differential
    tests) when present, else the public engine."""
    from yardstick import white_lotus_engine

    return white_lotus_engine()


def engine_game(players: int, seed: int, public: bool = False) -> tuple[int, float]:
    """A random game through the reference engine (``public``: through the public API, on the core)."""
    if public:
        from lotus_kit.white_lotus import engine
    else:
        engine = reference()
    apply, legal_actions, new_game, to_act = engine.apply, engine.legal_actions, engine.new_game, engine.to_act
    state = new_game(players, seed)
    rng = random.Random(seed)
    n = 0
    t0 = clock()
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
        n += 1
    return n, clock() - t0


def fast_game(players: int, seed: int) -> tuple[int, float]:
    from lotus_kit.white_lotus.fast import core

    table, s = core.new_game(players, seed)
    choice = random.Random(seed).choice
    legal, apply, first = core.legal, core.apply, core.first_to_act
    n = 0
    t0 = clock()
    while s[0] != core.GAME_OVER:
        s = apply(table, s, choice(legal(table, s, first(table, s))))
        n += 1
    return n, clock() - t0


def random_play(games: int, results: dict) -> None:
    print("random play, µs per applied action with legal-action generation (median over games):")
    print("  (engine: the reference, the phase modules; public: engine.apply + legal_actions, on the core)")
    print(f"  {'':10s} {'engine':>8s} {'public':>8s} {'fast':>8s} {'public/engine':>14s} {'fast/engine':>12s} "
          f"(aim {AIMS['action']:.3f})")
    for players in (3, 4, 6):
        slow, public, fast = [], [], []
        for seed in range(games):
            n, t = engine_game(players, seed)
            slow.append(t / n * 1e6)
            n, t = engine_game(players, seed, public=True)
            public.append(t / n * 1e6)
            n, t = fast_game(players, seed)
            fast.append(t / n * 1e6)
        e, p, f = statistics.median(slow), statistics.median(public), statistics.median(fast)
        results[f"engine_us_{players}p"], results[f"public_us_{players}p"], results[f"fast_us_{players}p"] = e, p, f
        print(f"  {players} players {e:8.1f} {p:8.1f} {f:8.1f} {p / e:14.2f} {f / e:12.3f}")


def replay_and_memory(results: dict) -> None:
    from lotus_kit.white_lotus.bots import HeuristicBot, play_game
    from lotus_kit.white_lotus.fast.play import replay
    from lotus_kit.white_lotus.game import new_record

    record = new_record(4, 1)
    actions: list = []
    play_game(record.start(), [HeuristicBot(s) for s in range(4)],
              on_action=lambda before, action, after: actions.append(action))
    record = record.with_actions(actions)

    engine = reference()

    def engine_states() -> list:
        # as Record.states does through the engine: every action checked, every state kept
        state = engine.new_game(4, 1)
        out = [state]
        for a in actions:
            state = engine.apply(state, a)
            out.append(state)
        return out

    def engine_replay():
        return engine_states()[-1]

    def fast_replay():
        return replay(record)[1]         # every action checked like the engine checks it; no State made

    slow = statistics.median(_times(engine_replay, 15))
    fast = statistics.median(_times(fast_replay, 15))
    results["engine_replay_ms"], results["fast_replay_ms"] = slow * 1e3, fast * 1e3
    print(f"replay of a 4-player bot game ({len(actions)} actions, setup included): engine {slow * 1e3:.2f} ms, "
          f"fast {fast * 1e3:.2f} ms, fast/engine {fast / slow:.3f} (aim {AIMS['replay']:.3f})")
    tracemalloc.start()
    states = engine_states()
    size_engine, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    _, flat = replay(record, keep=True)
    size_fast, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(flat) == len(states)
    results["engine_states_mb"], results["fast_states_mb"] = size_engine / 2**20, size_fast / 2**20
    print(f"memory of all {len(states)} states of that game: engine {size_engine / 2**20:.2f} MB, "
          f"fast {size_fast / 2**20:.2f} MB, fast/engine {size_fast / size_engine:.2f} (aim: at most 1 MB)")


class _ThroughEngine:
    """Makes a bot class play_game cannot recognise, so its games run through the engine."""

    @staticmethod
    def of(cls: type) -> type:
        return type(f"Engine{cls.__name__}", (cls,), {})


def analysis_paths(results: dict, games: int = 6) -> None:
    """What the fast path buys the analyses: a sweep's games (every state kept, with its events), the
    swings search (``mistakes``: rollouts of heuristic bots) and the Monte-Carlo bot's decisions;
    the same work through the engine with bots play_game cannot recognise, interleaved."""
    from lotus_kit.analysis.mcbot import MonteCarloBot
    from lotus_kit.analysis.rollouts import mistakes
    from lotus_kit.white_lotus.bots import HeuristicBot, play_game
    from lotus_kit.white_lotus.engine import legal_actions, new_game, to_act

    slow_bot = _ThroughEngine.of(HeuristicBot)
    print("analysis on the fast path (CPU seconds, engine / fast):")

    def sweep(kind: type) -> float:
        t0 = clock()
        for seed in range(games):
            states = [new_game(4, seed)]
            play_game(states[0], [kind(10 * seed + k) for k in range(4)],
                      on_action=lambda before, action, after, kept=states: kept.append(after))
        return clock() - t0

    record_states: list = [new_game(4, 3)]
    record_actions: list = []
    play_game(record_states[0], [HeuristicBot(k) for k in range(4)],
              on_action=lambda b, a, after: (record_states.append(after), record_actions.append(a)))

    def swings(kind: type) -> float:
        t0 = clock()
        mistakes(record_states, record_actions, rollouts=4, alternatives=2, max_decisions=4,
                 bots=lambda seat, seed: kind(seed), progress=False)
        return clock() - t0

    decision = record_states[40]
    seat = min(to_act(decision))
    assert len(legal_actions(decision, seat)) > 1

    def montecarlo(fast: bool) -> float:
        t0 = clock()
        MonteCarloBot(1, determinisations=4, fast=fast).choose(decision, seat)
        return clock() - t0

    for name, slow, fast in (("sweep of heuristic games", lambda: sweep(slow_bot), lambda: sweep(HeuristicBot)),
                             ("swings search (mistakes)", lambda: swings(slow_bot), lambda: swings(HeuristicBot)),
                             ("Monte-Carlo bot decision", lambda: montecarlo(False), lambda: montecarlo(True))):
        pairs = [(slow(), fast()) for _ in range(3)]
        e, f = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
        key = name.split()[0].lower().replace("-", "")
        results[f"engine_s_{key}"], results[f"fast_s_{key}"] = e, f
        print(f"  {name:28s} {e:7.2f} {f:7.2f}   fast/engine {f / e:5.2f}")


def _times(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        out.append(clock() - t0)
    return out


def import_times(results: dict) -> None:
    """A fresh interpreter per import, bytecode cached in a temporary directory (warmed first)."""
    cache = tempfile.mkdtemp(prefix="lotus-pyc-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    code = "import time; t = time.perf_counter(); import {}; print((time.perf_counter() - t) * 1e3)"
    try:
        for name, module in (("engine", "lotus_kit.white_lotus.engine"), ("fast", "lotus_kit.white_lotus.fast")):
            runs = [float(subprocess.run([sys.executable, "-c", code.format(module)], env=env, capture_output=True,
                                         text=True, check=True).stdout) for _ in range(6)][1:]
            results[f"{name}_import_ms"] = statistics.median(runs)
        e, f = results["engine_import_ms"], results["fast_import_ms"]
        print(f"import (median of 5, bytecode cached): engine {e:.1f} ms, fast {f:.1f} ms, "
              f"fast/engine {f / e:.3f} (aim {AIMS['import']:.2f})")
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def openspiel(results: dict) -> None:
    import bench_openspiel

    reference = bench_openspiel.main(clock)
    for name, us in reference.items():
        results[f"openspiel_us_{name}"] = us
        print(f"  fast 4-player / {name}: {results['fast_us_4p'] / us:6.2f}   "
              f"engine 4-player / {name}: {results['engine_us_4p'] / us:6.2f}")


def valgrind(games: int, results: dict) -> None:
    """Instructions per action: callgrind runs of this file's ``--count`` mode, the difference
    between ``games`` and 1 game (so start-up and setup cancel out)."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    counts = {}
    for which in ("engine", "fast"):
        totals = []
        for n in (1, games):
            with tempfile.TemporaryDirectory() as tmp:
                out = subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg", sys.executable, __file__,
                     "--count", which, str(n)], capture_output=True, text=True, check=True)
            ir = int(next(line for line in out.stderr.splitlines() if "Collected" in line).split()[-1])
            actions = int(out.stdout.split()[-1])
            totals.append((ir, actions))
        (ir1, a1), (ir2, a2) = totals
        counts[which] = (ir2 - ir1) / (a2 - a1)
        results[f"{which}_instructions_per_action"] = counts[which]
    print(f"instructions per action (callgrind, 4 players, games 2..{games}): engine {counts['engine']:,.0f}, "
          f"fast {counts['fast']:,.0f}, fast/engine {counts['fast'] / counts['engine']:.3f} "
          f"(aim {AIMS['action']:.3f})")


def _count(which: str, games: int) -> None:
    play = engine_game if which == "engine" else fast_game
    print(sum(play(4, seed)[0] for seed in range(games)))


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per player count")
    parser.add_argument("--valgrind", action="store_true", help="instruction counts under callgrind (slow)")
    parser.add_argument("--no-openspiel", action="store_true")
    parser.add_argument("--no-analysis", action="store_true", help="skip the sweep, swings and Monte-Carlo timings")
    parser.add_argument("--count", nargs=2, metavar=("ENGINE", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count:
        _count(args.count[0], int(args.count[1]))
        return {}
    results: dict[str, float] = {}
    print(f"python {sys.version.split()[0]}; CPU time of this process; medians")
    random_play(args.games, results)
    replay_and_memory(results)
    if not args.no_analysis:
        analysis_paths(results)
    import_times(results)
    if not args.no_openspiel:
        openspiel(results)
    if args.valgrind:
        valgrind(4, results)
    return results


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
