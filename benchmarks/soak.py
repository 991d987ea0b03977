"""The big soak: N random games on every core, the checks of the test suite's soak for each.

Game k has 3 + k % 4 players and the k-th flag set (none, each flag alone, each pair of flags, in
turn), plays uniformly random legal actions with the invariants checked after every action, tries
wrong actions in every 10th game, then checks determinism and the JSON record round trip
(``tests/white_lotus/test_properties.py::soak_game``). The games are split by seed ranges over
the worker processes. Progress goes to stdout; failed games to ``--failures`` (JSON lines, written
only when a game fails).

Run: ``python benchmarks/soak.py 100000 --procs 2``. The last line reads "N games, F failures".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import pathlib
import sys
import time
import traceback
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _worker(start: int, stop: int, queue) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.white_lotus.test_properties import FLAG_SETS, soak_game

    done = failed = actions = 0
    for k in range(start, stop):
        try:
            actions += soak_game(k)
        except Exception as exc:       # every kind of failure is counted and reported
            failed += 1
            queue.put(("failure", {"game": k, "players": 3 + k % 4, "flags": list(FLAG_SETS[k % len(FLAG_SETS)]),
                                   "error": repr(exc), "trace": traceback.format_exc(limit=6)}))
        done += 1
        if done % 500 == 0 or k == stop - 1:
            queue.put(("progress", (start, done, failed, actions)))
            done = failed = actions = 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=100_000)
    parser.add_argument("--procs", type=int, default=mp.cpu_count())
    parser.add_argument("--first", type=int, default=0, help="the first game (seed) number")
    parser.add_argument("--failures", default="soak-failures.jsonl", help="where failed games are written")
    args = parser.parse_args(argv)
    procs = max(1, min(args.procs, args.games))
    bounds = [args.first + args.games * p // procs for p in range(procs + 1)]
    queue: mp.Queue = mp.Queue()
    workers = [mp.Process(target=_worker, args=(bounds[p], bounds[p + 1], queue)) for p in range(procs)]
    t0 = time.perf_counter()
    for w in workers:
        w.start()
    print(f"soak: games {args.first}..{args.first + args.games - 1} on {procs} processes", flush=True)
    failures = pathlib.Path(args.failures)
    failures.unlink(missing_ok=True)
    done, failed, actions = collect(args.games, workers, queue, failures, t0)
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - t0
    print(f"wall time {elapsed:.0f} s ({elapsed / 60:.1f} min), {actions} actions")
    print(f"{done} games, {failed} failures")
    return 0 if failed == 0 and done == args.games else 1


def _failed(payload: dict) -> str:
    return f"game {payload['game']} ({payload['players']}p {payload['flags']}): {payload['error']}"


def collect(games: int, workers: list, queue, failures: pathlib.Path, t0: float, name: str = "soak",
            failed_words: Callable[[dict], str] = _failed, every: int = 1000) -> tuple[int, int, int]:
    """Gather the workers' reports (``("failure", payload)`` and ``("progress", (start, games, failures,
    actions))``); failed games are appended to ``failures`` as JSON lines and named by ``failed_words``."""
    done = failed = actions = 0
    next_report = 0
    while done < games:
        if not any(w.is_alive() for w in workers) and queue.empty():
            print(f"{name}: a worker process died", flush=True)
            break
        try:
            kind, payload = queue.get(timeout=5)
        except Exception:
            continue
        if kind == "failure":
            with failures.open("a", encoding="utf-8") as out:
                out.write(json.dumps(payload) + "\n")
            print(f"  FAILED {failed_words(payload)}", flush=True)
            continue
        _, n, f, a = payload
        done += n
        failed += f
        actions += a
        if done >= next_report or done == games:
            elapsed = time.perf_counter() - t0
            print(f"  {name}: {done} games ({failed} failures, {actions} actions) in {elapsed:.0f} s "
                  f"({done / elapsed:.1f} games/s)", flush=True)
            next_report = done + max(every, games // 100)
    return done, failed, actions


if __name__ == "__main__":
    sys.exit(main())
