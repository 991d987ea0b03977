"""Analysis speed and strength: enumeration size/time, equilibrium solve time, rollouts per second,
sweep throughput, and the Monte-Carlo bot's win rate against heuristic bots.

Prints medians; never asserts (machines are noisy). Run: ``python benchmarks/bench_analysis.py``
(``--quick`` for a short run; ``--mc-games N`` for the strength measurement, default 24 per player count;
``--only sides`` for one section, e.g. the sweep of several hundred solved rebellions).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from lotus_kit.analysis.bidding import best_bids
from lotus_kit.analysis.conflict import ConflictSpec, outcome_table
from lotus_kit.analysis.mcbot import MonteCarloBot
from lotus_kit.analysis.rollouts import evaluate
from lotus_kit.analysis.sweeps import sweep
from lotus_kit.white_lotus.bots import HeuristicBot, play_game
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import new_game


def timed(fn, repeat: int = 5) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def bench_enumeration(quick: bool) -> None:
    print("== conflict outcome tables (one round, every combination of target and cards)")
    start, rich = Hand.start(), Hand(1, 2, 3, 4)           # 12 points in 7 cards; 20 points in 10 cards
    cases = [("2 participants, start hands", {0: start, 1: start}, "cards"),
             ("2 participants, 20-point hands", {0: rich, 1: rich}, "cards"),
             ("3 participants, start hands", {0: start, 1: start, 2: start}, "value"),
             ("3 participants, start hands", {0: start, 1: start, 2: start}, "cards"),
             ("4 participants, start hands", {s: start for s in range(4)}, "value")]
    for name, hands, by in cases:
        if quick and len(hands) == 4:
            continue
        spec = ConflictSpec(tuple(hands), hands, emperor=5)
        t, table = timed(lambda spec=spec, by=by: outcome_table(spec, by=by), repeat=1 if len(hands) > 2 else 5)
        print(f"  {name:34s} by={by:5s}: {len(table):>10,} rows ({int(table['ways'].sum()):>12,} card combinations) "
              f"in {t * 1000:8.1f} ms")


def bench_equilibria(quick: bool) -> None:
    print("== best bids (solve time, median)")
    start, rich = Hand.start(), Hand(1, 2, 3, 4)
    for name, hands in (("2 participants, start hands", {0: start, 1: start}),
                        ("2 participants, 20-point hands", {0: rich, 1: rich})):
        spec = ConflictSpec((0, 1), hands, emperor=2)
        for model in ("zero_sum", "general_sum"):
            t, adv = timed(lambda spec=spec, model=model: best_bids(spec, value=3.0, model=model))
            print(f"  {name:32s} {model:11s}: {t * 1000:8.1f} ms, {len(adv.game.options[0])} x "
                  f"{len(adv.game.options[1])} bids, max deviation gain {adv.deviation_gains().max():.1e}")
    spec = ConflictSpec((0, 1, 2), {0: start, 1: start, 2: start}, emperor=3)
    iters = 500 if quick else 2000
    t, adv = timed(lambda: best_bids(spec, value=3.0, iterations=iters), repeat=1)
    print(f"  3 participants, start hands, regret matching+ {iters} it.: {t:6.2f} s, NashConv "
          f"{adv.solution.nash_conv:.2e}")


def _declared_rebellions(players: int, seeds: range, limit: int) -> list:
    """The rebellions heuristic bots declare in games of ``seeds`` (published rules), at most ``limit``."""
    from lotus_kit.analysis.sweeps import game_specs, play
    from lotus_kit.white_lotus.state import Phase

    out = []
    for spec in game_specs(seeds=seeds, players=(players,)):
        states = play(spec)
        for k in range(1, len(states)):
            st, prev = states[k], states[k - 1]
            if (st.phase == Phase.REBELLION and st.step.leader >= 0 and not st.step.commitments
                    and not (prev.phase == Phase.REBELLION and prev.step.leader >= 0)):
                out.append(st)
                if len(out) == limit:
                    return out
    return out


def bench_sides(quick: bool) -> None:
    print("== the rebellion solved (best_sides: regret matching+, Newton's method, the logit path when it stalls)")
    import numpy as np

    from lotus_kit.analysis.sides import best_sides

    per_count = 25 if quick else 100
    for players in (3, 4, 5, 6):
        states = _declared_rebellions(players, range(200), per_count)
        conv, times, how = [], [], {"regret matching": 0, "+ Newton": 0, "+ logit path": 0}
        converged = 0
        for state in states:
            t0 = time.perf_counter()
            advice = best_sides(state, progress=False)
            times.append(time.perf_counter() - t0)
            conv.append(advice.nash_conv)
            converged += advice.converged
            method = advice.solution.method
            how["+ logit path" if "logit" in method else "+ Newton" if "Newton" in method else "regret matching"] += 1
        c, t = np.array(conv), np.array(times)
        print(f"  {players} players, {len(states)} rebellions: NashConv median {np.median(c):.1e}, "
              f"90% {np.quantile(c, 0.9):.1e}, max {c.max():.1e}; {converged} within 1e-4;\n"
              f"    solve time median {np.median(t):.3f} s, 90% {np.quantile(t, 0.9):.2f} s, max {t.max():.2f} s;"
              f" by {how}")


def bench_rollouts(quick: bool) -> None:
    print("== rollouts (heuristic bots, from the first state to the end)")
    for players in (3, 4, 5):
        n = 10 if quick else 40
        t0 = time.perf_counter()
        evaluate(new_game(players, seed=1), rollouts=n, progress=False)
        dt = time.perf_counter() - t0
        print(f"  {players} players: {n / dt:6.1f} rollouts/s ({dt / n * 1000:.0f} ms per game)")


def bench_sweep(quick: bool) -> None:
    print("== sweep throughput (all local cores, processes)")
    n = 20 if quick else 100
    t0 = time.perf_counter()
    s = sweep(range(n), players=(4,), progress=False)
    dt = time.perf_counter() - t0
    print(f"  {len(s.games)} games of 4 players: {len(s.games) / dt:6.1f} games/s (pool start-up included)")


def _mc_game(args: tuple[int, int, int, int]) -> tuple[float, float]:
    players, g, det, cand = args
    seat = g % players
    bots = [HeuristicBot(1000 * g + s) for s in range(players)]
    bots[seat] = MonteCarloBot(g, determinisations=det, candidates=cand)
    t0 = time.perf_counter()
    final = play_game(new_game(players, seed=10_000 + g), bots)
    return (1.0 / len(final.winners) if seat in final.winners else 0.0), time.perf_counter() - t0


def bench_mcbot(games: int) -> None:
    print(f"== Monte-Carlo bot (2 determinisations x 3 candidates) against heuristic bots, {games} games each, "
          "seat rotating")
    for players in (3, 4):
        with ProcessPoolExecutor() as pool:
            res = list(pool.map(_mc_game, [(players, g, 2, 3) for g in range(games)]))
        wins = sum(r[0] for r in res)
        print(f"  {players} players: wins {wins:.1f} of {games} = {wins / games:.0%} (fair share {1 / players:.0%}); "
              f"{statistics.median(r[1] for r in res):.1f} s per game (median)")


SECTIONS = ("enumeration", "equilibria", "sides", "rollouts", "sweep", "mcbot")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--mc-games", type=int, default=None)
    ap.add_argument("--only", choices=SECTIONS, action="append", help="run only this section (repeatable)")
    args = ap.parse_args()
    run = set(args.only or SECTIONS)
    if "enumeration" in run:
        bench_enumeration(args.quick)
    if "equilibria" in run:
        bench_equilibria(args.quick)
    if "sides" in run:
        bench_sides(args.quick)
    if "rollouts" in run:
        bench_rollouts(args.quick)
    if "sweep" in run:
        bench_sweep(args.quick)
    if "mcbot" in run:
        bench_mcbot(args.mc_games if args.mc_games is not None else (6 if args.quick else 24))


if __name__ == "__main__":
    main()
