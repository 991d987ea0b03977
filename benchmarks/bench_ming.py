"""Ming Dynastie engine speed, before and after its movement tables: µs per action with legal
actions (uniformly random games, the way the generic checker plays), µs per action for apply alone,
and heuristic-bot games per second.

"Before" is the engine as it was, kept as the oracle of the differential test
(``tests/ming/oracle``); both run interleaved in one process, so a loaded machine slows both alike
and the ratio is the stable figure. Medians; never asserted in tests (machines are noisy). Run:
``python benchmarks/bench_ming.py`` (``--wall`` for wall-clock time instead of this process's CPU
time, ``--games N`` random games per player count, ``--cold`` to start every game with empty
caches, ``--valgrind`` for instructions per action under callgrind, stable where time is not).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))     # the oracle lives in tests/

from lotus_kit.ming import engine
from lotus_kit.ming.bots import HeuristicBot
from lotus_kit.ming.state import table
from tests.ming.oracle import engine as oracle
from tests.ming.oracle.state import table as oracle_table

TARGET_US = 6.0            # the aim, in µs per action with legal actions ...
WHITE_LOTUS_US = 22.0      # ... on a machine where White Lotus's 4-player random action took this long
TARGET_RATIO = TARGET_US / WHITE_LOTUS_US     # so the aim on any machine: 0.27 x White Lotus in the same process
ENGINES = {"before": oracle, "after": engine}
clock = time.process_time


def random_game(eng, players: int, seed: int) -> tuple[int, float, list]:
    rng = random.Random(seed)
    actions = []
    t0 = clock()
    state = eng.new_game(players, seed)
    while not state.is_over:
        seat = min(state.to_act_seats)
        action = rng.choice(eng.legal_actions(state, seat))
        state = eng.apply(state, action)
        actions.append(action)
    return len(actions), clock() - t0, actions


def white_lotus_game(seed: int) -> float:
    """µs per action of a random 4-player White Lotus game in the same loop: the yardstick the aim is
    set against (run between the Ming games, so both see the same load)."""
    from yardstick import white_lotus_engine
    _wl = white_lotus_engine()
    apply, legal_actions, new_game, to_act = _wl.apply, _wl.legal_actions, _wl.new_game, _wl.to_act

    rng, n = random.Random(seed), 0
    t0 = clock()
    st = new_game(4, seed)
    while not st.is_over:
        st = apply(st, rng.choice(legal_actions(st, min(to_act(st)))))
        n += 1
    return (clock() - t0) / n * 1e6


def apply_only(eng, players: int, seed: int, actions: list) -> float:
    t0 = clock()
    state = eng.new_game(players, seed)
    for action in actions:
        state = eng.apply(state, action)
    return clock() - t0


def _count(which: str, players: int, warm: int, games: int) -> None:
    """One callgrind run: ``warm`` games, then ``games`` counted ones; prints the actions played."""
    eng = ENGINES[which]
    for seed in range(warm):
        random_game(eng, players, 10_000 + seed)
    print(sum(random_game(eng, players, seed)[0] for seed in range(games)))


def valgrind(players: int = 3, warm: int = 10, games: int = 6) -> dict[str, float]:
    """Instructions per action under callgrind: the difference between a run with ``games`` counted
    games and one with 1 (start-up, warm-up and setup cancel out)."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return {}
    counts = {}
    for which in ENGINES:
        totals = []
        for n in (1, games):
            with tempfile.TemporaryDirectory() as tmp:
                out = subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg", sys.executable, __file__,
                     "--count", which, str(players), str(warm), str(n)], capture_output=True, text=True, check=True)
            ir = int(next(line for line in out.stderr.splitlines() if "Collected" in line).split()[-1])
            totals.append((ir, int(out.stdout.split()[-1])))
        (ir1, a1), (ir2, a2) = totals
        counts[which] = (ir2 - ir1) / (a2 - a1)
    before, after = counts["before"], counts["after"]
    print(f"instructions per action (callgrind, {players} players, games 2..{games}): "
          f"before {before:,.0f}, after {after:,.0f}, ratio {before / after:.2f}")
    return counts


def main(argv: list[str] | None = None) -> dict[str, float]:
    global clock
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--wall", action="store_true")
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--warm", type=int, default=30, help="games played first to fill the caches")
    ap.add_argument("--valgrind", action="store_true", help="instructions per action under callgrind (slow)")
    ap.add_argument("--no-openspiel", action="store_true")
    ap.add_argument("--count", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.count:
        _count(args.count[0], *map(int, args.count[1:]))
        return {}
    if args.wall:
        clock = time.perf_counter
    print(f"python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; medians; "
          "before = the engine kept as the oracle, after = lotus_kit.ming.engine, interleaved")
    results: dict[str, float] = {}
    per_wl: list[float] = []
    for players in (2, 3, 4):
        for seed in range(args.warm):              # fill the lazily made tables of both
            for eng in ENGINES.values():
                random_game(eng, players, 10_000 + seed)
        per: dict[str, list[float]] = {k: [] for k in ENGINES}
        bare: dict[str, list[float]] = {k: [] for k in ENGINES}
        for seed in range(args.games):
            for name, eng in ENGINES.items():
                if args.cold:
                    table.cache_clear()
                    oracle_table.cache_clear()
                n, t, actions = random_game(eng, players, seed)
                per[name].append(t / n * 1e6)
                bare[name].append(apply_only(eng, players, seed, actions) / n * 1e6)
            if seed % 3 == players - 2:      # one White Lotus game for every three seeds of Ming
                per_wl.append(white_lotus_game(seed))
        b, a = statistics.median(per["before"]), statistics.median(per["after"])
        results[f"us_before_{players}p"], results[f"us_after_{players}p"] = b, a
        print(f"{players} players: with legal actions {b:6.2f} -> {a:6.2f} µs/action (x{b / a:4.2f} faster); "
              f"apply alone {statistics.median(bare['before']):6.2f} -> {statistics.median(bare['after']):6.2f}")
    t0 = clock()
    for seed in range(10):
        state = engine.new_game(3, seed)
        bots = [HeuristicBot(i) for i in range(3)]
        while not state.is_over:
            seat = min(state.to_act_seats)
            state = engine.apply(state, bots[seat].choose(state, seat))
    print(f"heuristic bots, 3 players: {10 / (clock() - t0):6.1f} games/s/core")
    # the same machine now: a tuple copy the size of a state, White Lotus and OpenSpiel, for scale
    # (shared machines slow everything down together; compare ratios, not absolute numbers)
    x = tuple(range(len(engine.new_game(3, 0).data)))
    t0 = clock()
    for _ in range(20_000):
        tuple(list(x))
    copy_us = (clock() - t0) / 20_000 * 1e6
    results["copy_us"] = copy_us
    print(f"this machine now: copying a state-sized tuple {copy_us:.2f} µs (about 0.4 µs on an idle core)")
    results["white_lotus_us_4p"] = statistics.median(per_wl)
    print(f"White Lotus engine, 4 players, same loop (between the Ming games): "
          f"{results['white_lotus_us_4p']:6.2f} µs/action")
    if not args.no_openspiel:
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
        import bench_openspiel

        for name, us in bench_openspiel.main(clock).items():
            results[f"openspiel_us_{name}"] = us
            print(f"  Ming 3-player after / {name}: {results['us_after_3p'] / us:6.2f}")
    wl = results["white_lotus_us_4p"]
    for players in (2, 3, 4):
        us = results[f"us_after_{players}p"]
        results[f"ratio_to_white_lotus_{players}p"] = us / wl       # the aim, machine-independent
        print(f"  {players} players: {us:.2f} µs/action = {us / wl:.2f} x White Lotus's, aim {TARGET_RATIO:.2f} "
              f"({TARGET_US:g} µs where White Lotus takes {WHITE_LOTUS_US:g})")
    if args.valgrind:
        for which, ir in valgrind().items():
            results[f"instructions_{which}"] = ir
    return results


if __name__ == "__main__":
    main()
