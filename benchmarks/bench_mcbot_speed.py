"""What engine speed buys the Monte-Carlo bot: the same bot at the same think time, its random
rollouts on the fast core against its rollouts through the engine.

Three-player games: one MonteCarloBot(rollout="random", fast=True), one with fast=False, one
HeuristicBot; the seats rotate over the games. Each searched decision gets ``--think`` CPU seconds
(samples are drawn until it is spent), so a faster engine means more samples per decision.
Prints samples per decision and win shares with 95 % Wilson intervals.

Run: ``python benchmarks/bench_mcbot_speed.py --games 300 --think 0.03``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> dict[str, float]:
    from lotus_kit.analysis.mcbot import MonteCarloBot
    from lotus_kit.analysis.rollouts import wilson
    from lotus_kit.white_lotus.bots import HeuristicBot, play_game
    from lotus_kit.white_lotus.engine import new_game

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--think", type=float, default=0.03, help="CPU seconds per searched decision")
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    wins = {"fast": 0.0, "engine": 0.0, "heuristic": 0.0}
    samples: dict[str, list[int]] = {"fast": [], "engine": []}
    t0 = time.time()
    for g in range(args.first, args.first + args.games):
        kinds = [("fast", "engine", "heuristic"), ("engine", "heuristic", "fast"),
                 ("heuristic", "fast", "engine")][g % 3]
        bots = []
        for seat, kind in enumerate(kinds):
            seed = 1000 * g + seat
            if kind == "heuristic":
                bots.append(HeuristicBot(seed))
            else:
                bots.append(MonteCarloBot(seed, rollout="random", think_time=args.think, fast=kind == "fast"))
        final = play_game(new_game(3, seed=g), bots)
        for seat in final.winners:
            wins[kinds[seat]] += 1 / len(final.winners)
        for seat, kind in enumerate(kinds):
            if kind != "heuristic":
                samples[kind] += bots[seat].samples
        done = g - args.first + 1
        if done % 10 == 0:
            print(f"{done} games: " + ", ".join(f"{k} {v / done:.3f}" for k, v in wins.items())
                  + f" ({time.time() - t0:.0f} s)", flush=True)
    n = args.games
    out = {}
    for kind in ("fast", "engine"):
        out[f"samples_{kind}"] = statistics.mean(samples[kind])
        print(f"{kind:6s} rollouts: {statistics.mean(samples[kind]):5.1f} samples per searched decision")
    for kind, w in wins.items():
        lo, hi = wilson(w / n, n)
        out[f"win_{kind}"] = w / n
        print(f"{kind:9s} wins {w / n:6.1%} [{lo:.1%}, {hi:.1%}] of {n} three-player games")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
