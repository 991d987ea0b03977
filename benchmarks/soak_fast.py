"""The differential soak: N seeded random games through the oracle (the phase modules the fast core
replaced, frozen in tests/white_lotus/oracle), the public engine and the fast core under it.

Game k has 3 + k % 4 players, the k-th flag set (none, each flag alone, each pair of flags, in
turn) and seed k; at every step all must agree on who acts, the acting seat's legal actions (in
order) and the whole state; every 10th game also compares every seat's legal actions and tries
stray actions on all, whose refusals must carry the same rule id and words
(``tests/white_lotus/test_fast_differential.py::play_both``).

Run: ``python benchmarks/soak_fast.py 20000 --procs 1``. The last line reads "N games, D differences".
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import pathlib
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _game(k: int) -> tuple[int, int, str]:
    sys.path.insert(0, str(ROOT))
    from tests.white_lotus.test_fast_differential import FLAG_SETS, play_both

    flags = FLAG_SETS[k % len(FLAG_SETS)]
    thorough = k % 10 == 0
    try:
        return k, play_both(3 + k % 4, k, flags, strays=5 if thorough else 0, every_seat=thorough), ""
    except Exception:                   # every kind of difference is counted and reported
        return k, 0, traceback.format_exc(limit=4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20_000)
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game (seed) number")
    args = parser.parse_args(argv)
    t0 = time.time()
    games = range(args.first, args.first + args.games)
    done = differences = actions = 0
    with mp.Pool(args.procs) as pool:
        for k, n, error in pool.imap_unordered(_game, games, chunksize=20):
            done += 1
            actions += n
            if error:
                differences += 1
                print(f"game {k} ({3 + k % 4} players): {error}", flush=True)
            if done % 500 == 0:
                print(f"{done} games, {differences} differences, {actions} actions, {time.time() - t0:.0f} s",
                      flush=True)
    print(f"{done} games, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
