"""Best-bids speed by participant count (3, 4, 5, 6): game size, building/evaluating it, solving it.

Every participant holds the start hand and claims the same province (the largest conflicts a game
can have). Per participant count it prints: the options per seat and the number of pure profiles;
the median time to build the game (dense tensors, or the sampled setup) and the evaluation speed of
the vectorised profile outcomes; then the median time of ``best_bids`` with default settings (at the
default exchange rate and at a cheap one, where bids mix), the method used, and the (estimated)
NashConv at the start and the end. Never asserts (machines are
noisy). Run: ``python benchmarks/bench_bidding.py`` (``--quick``: one repeat; ``--repeat N``;
``--dense-four 200``: also time what ``method="auto"`` avoids, four start hands as dense tensors).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from bench_analysis import timed  # the scripts run from benchmarks/: the same median timer

from lotus_kit.analysis.bidding import best_bids, build_game
from lotus_kit.analysis.conflict import ConflictSpec
from lotus_kit.white_lotus.cards import Hand


def spec_for(n: int) -> ConflictSpec:
    # the emperor is a participant (seat 0), as he must be in a six-player conflict of everyone
    return ConflictSpec(tuple(range(n)), {s: Hand.start() for s in range(n)}, emperor=0)


def bench_games(counts: list[int], repeat: int) -> None:
    print("== the game: options per seat, pure profiles, build time, profile outcomes per second (median)")
    rng = np.random.default_rng(0)
    for n in counts:
        spec = spec_for(n)
        t, g = timed(lambda spec=spec: build_game(spec, value=3.0, progress=False), repeat)
        sizes = [len(g.options[s]) for s in g.participants]
        batch = np.stack([rng.integers(0, m, 20_000) for m in sizes], axis=1)
        te, _ = timed(lambda g=g, batch=batch: g.outcomes(batch), max(3, repeat))
        kind = "sampled (no tensors)" if g.sampled else "dense tensors"
        print(f"  {n} participants: {sizes[0]:3d} options a seat, {g.cells:>18,} profiles, {kind:21s} "
              f"built in {t * 1000:8.1f} ms; {len(batch) / te / 1e6:5.2f} M profile outcomes/s")


def bench_solver(counts: list[int], repeat: int, rate: float) -> None:
    print(f"== best_bids with default settings, {rate} VP per influence (zero-sum model, start hands; median)")
    for n in counts:
        spec = spec_for(n)
        t, adv = timed(lambda spec=spec: best_bids(spec, rate, value=3.0, progress=False), repeat)
        sol = adv.solution
        curve = adv.convergence
        if curve is None:
            conv = "exact"
        else:
            est = "estimated " if sol.estimated else ""
            conv = (f"{est}NashConv {curve['nash_conv'].iloc[0]:.3g} -> {curve['nash_conv'].iloc[-1]:.3g} "
                    f"in {sol.iterations} iterations")
        te, _ = timed(lambda adv=adv: adv.summary(), repeat)
        print(f"  {n} participants: {t:6.2f} s ({sol.method}); {conv}; summary {te * 1000:.0f} ms")


def bench_dense_four(iterations: int) -> None:
    print(f"== what method='auto' avoids: four start hands as dense tensors, {iterations} iterations")
    spec = spec_for(4)
    t0 = time.perf_counter()
    g = build_game(spec, value=3.0, method="dense", progress=False)
    built = time.perf_counter() - t0
    t0 = time.perf_counter()
    adv = best_bids(spec, value=3.0, method="dense", iterations=iterations, progress=False)
    solved = time.perf_counter() - t0 - built
    print(f"  built in {built:.2f} s ({g.cells:,} profiles), {iterations} iterations in {solved:.2f} s "
          f"(~{solved / iterations * 3000:.0f} s for the default 3000); NashConv {adv.solution.nash_conv:.3g}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dense-four", type=int, default=0, metavar="ITERATIONS",
                    help="also time four start hands as dense tensors for this many iterations (slow)")
    args = ap.parse_args()
    repeat = 1 if args.quick else args.repeat
    counts = [3, 4, 5, 6]
    bench_games(counts, repeat)
    bench_solver(counts, repeat, 0.4)             # the default rate: with four or more, mostly no bids
    bench_solver(counts, repeat, 0.05)            # cheap influence: mixed bids, a noisier estimate
    if args.dense_four:
        bench_dense_four(args.dense_four)


if __name__ == "__main__":
    main()
