"""The differential soak of Winter, Samurai and Ming: each engine against the oracle its speed work is
checked by (``tests/<game>/oracle``), over many more seeded games than the test suite plays.

Game k of a game is played with the comparison of that game's differential test, step by step
(legal actions in order, states, events, refusals with rule id and words):

- Winter: ``tests/winter/test_differential.py::play_both``, the k-th flag set of its ``FLAG_SETS``;
- Samurai: ``tests/samurai/test_engine_differential.py::compare_game``, 3 + k % 4 players, the k-th
  flag set; every 25th game the 2-player variant (``ALLOW_2P``);
- Ming: ``tests/ming/test_engine_differential.py::_play``, 2 + k % 3 players, the k-th flag set.

Seeds start where the test suite's stop (``--first``), so the soak sees games the suite never plays.
Games are split over worker processes by seed ranges; a difference is printed with its game and
written to ``--failures`` (JSON lines). The last line reads "N games, F failures".

Run: ``python benchmarks/soak_engines.py 2000 --games winter samurai ming --procs 2``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import pathlib
import sys
import time
import traceback
from collections.abc import Callable

from soak import collect

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = ("winter", "samurai", "ming")


def _player(game: str) -> tuple[Callable[[int], int], Callable[[int], str]]:
    """(play game k, describe game k) for one game, from its differential test."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if game == "winter":
        from tests.winter.test_differential import FLAG_SETS, play_both

        return (lambda k: play_both(FLAG_SETS[k % len(FLAG_SETS)], k),
                lambda k: f"seed {k} flags {list(FLAG_SETS[k % len(FLAG_SETS)])}")
    if game == "samurai":
        from tests.samurai.test_engine_differential import FLAG_SETS, compare_game

        def samurai(k: int) -> tuple[int, tuple[str, ...]]:
            return (2, ("ALLOW_2P",)) if k % 25 == 24 else (3 + k % 4, FLAG_SETS[k % len(FLAG_SETS)])

        return (lambda k: compare_game(samurai(k)[0], k, samurai(k)[1], probe_every=5),
                lambda k: f"{samurai(k)[0]}p seed {k} flags {list(samurai(k)[1])}")
    if game == "ming":
        from tests.ming.test_engine_differential import FLAG_SETS, ODD, _play

        return (lambda k: _play(2 + k % 3, FLAG_SETS[k % len(FLAG_SETS)], k, list(ODD)),
                lambda k: f"{2 + k % 3}p seed {k} flags {list(FLAG_SETS[k % len(FLAG_SETS)])}")
    raise ValueError(f"no soak for {game!r}: choose from {', '.join(GAMES)}")


def _worker(game: str, start: int, stop: int, queue) -> None:
    play, describe = _player(game)
    done = failed = actions = 0
    for k in range(start, stop):
        try:
            actions += play(k)
        except Exception as exc:       # every kind of failure is counted and reported
            failed += 1
            queue.put(("failure", {"game": game, "k": k, "setup": describe(k), "error": repr(exc)[:2000],
                                   "trace": traceback.format_exc(limit=8)}))
        done += 1
        if done % 50 == 0 or k == stop - 1:
            queue.put(("progress", (start, done, failed, actions)))
            done = failed = actions = 0


def soak(game: str, games: int, first: int, procs: int, failures: pathlib.Path) -> tuple[int, int, int]:
    """(games played, failures, actions) of one game's soak."""
    procs = max(1, min(procs, games))
    bounds = [first + games * p // procs for p in range(procs + 1)]
    queue: mp.Queue = mp.Queue()
    workers = [mp.Process(target=_worker, args=(game, bounds[p], bounds[p + 1], queue)) for p in range(procs)]
    for w in workers:
        w.start()
    done, failed, actions = collect(games, workers, queue, failures, time.perf_counter(), name=game,
                                    failed_words=lambda p: f"{game} {p['setup']}: {p['error'][:300]}", every=50)
    for w in workers:
        w.join()
    return done, failed, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=1000, help="games per game")
    parser.add_argument("--games", dest="which", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--procs", type=int, default=mp.cpu_count())
    parser.add_argument("--first", type=int, default=100_000, help="the first seed (past the test suite's)")
    parser.add_argument("--failures", default="soak-engines-failures.jsonl")
    args = parser.parse_args(argv)
    failures = pathlib.Path(args.failures)
    failures.unlink(missing_ok=True)
    total = bad = 0
    t0 = time.perf_counter()
    for game in args.which:
        t1 = time.perf_counter()
        done, failed, actions = soak(game, args.games, args.first, args.procs, failures)
        print(f"{game}: {done} games, {failed} failures, {actions} actions, {time.perf_counter() - t1:.0f} s",
              flush=True)
        total += done
        bad += failed
        if done != args.games:
            bad += 1
    print(f"wall time {time.perf_counter() - t0:.0f} s")
    print(f"{total} games, {bad} failures")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
