"""OpenSpiel's ISMCTS against the kit's Monte-Carlo bot: win rates with 95 % confidence intervals.

Each game seats ``openspiel:ismcts`` and ``montecarlo`` (in a game for three or more, the other seats are
``--filler`` bots), the seats rotating from game to game so that no bot keeps the best seat. Printed per
bot: games, wins (a shared win counts as a share), the win rate with its Wilson 95 % interval, the mean
score; and head to head: how often ISMCTS finished above the Monte-Carlo bot (ties count half).

The match itself is :mod:`lotus_kit.ai.match`. Run:
``python benchmarks/bench_ismcts_match.py --game white_lotus --games 300`` (``--minutes`` stops starting new
games after that much wall-clock time and reports the games played; ``--out`` keeps one row per seat and
game as CSV, written as each game ends, and a run given an ``--out`` that already holds games resumes after
them and reports them all; ``--report`` only reports the file; ``--pool`` adds the games of other runs of
the same match, dealt from other seeds, to the report). Never asserted in tests: the numbers are a
measurement.
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from typing import Any

from lotus_kit.ai.match import MC_SETTINGS, play_match, summary

FIELDS = ["game", "seat", "bot", "score", "won", "cpu_seconds"]


def read_rows(path: str) -> list[dict[str, Any]]:
    """The rows a run wrote so far (none if the file does not exist)."""
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return [{"game": int(r["game"]), "seat": int(r["seat"]), "bot": r["bot"], "score": float(r["score"]),
                 "won": float(r["won"]), "cpu_seconds": float(r["cpu_seconds"])} for r in csv.DictReader(f)]


def appender(path: str):
    """Appends a game's rows to the CSV at once (header first if the file is new), so a cut run keeps them."""
    def append(rows: list[dict[str, Any]]) -> None:
        new = not os.path.exists(path) or os.path.getsize(path) == 0
        with open(path, "a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=FIELDS)
            if new:
                writer.writeheader()
            writer.writerows(rows)
    return append


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="white_lotus")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--simulations", type=int, default=8, help="ISMCTS simulations per sub-step")
    parser.add_argument("--filler", default="random", help="the bot of the other seats (three or more players)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--out", default=None, help="CSV of every seat and game, appended as games end")
    parser.add_argument("--report", action="store_true", help="only report the games already in --out")
    parser.add_argument("--pool", nargs="*", default=[], help="CSVs of the same match from other --seed values")
    args = parser.parse_args()
    start = time.monotonic()
    done = read_rows(args.out) if args.out else []
    first = 1 + max((r["game"] for r in done), default=-1)
    rows = done
    if not args.report:
        rows = done + play_match(args.game, args.games - first, args.players, args.simulations, args.filler,
                                 args.seed, args.minutes, first=first,
                                 on_game=appender(args.out) if args.out else None)
    for k, path in enumerate(args.pool, 1):        # other seeds: other deals; their game numbers kept apart
        rows = rows + [dict(r, game=r["game"] + k * 1_000_000) for r in read_rows(path)]
    cpu = sum(r["cpu_seconds"] for r in rows if r["seat"] == 0)
    played = len({r["game"] for r in rows})
    print(f"{args.game}: {played} games, ISMCTS {args.simulations} simulations per sub-step, "
          f"Monte-Carlo {MC_SETTINGS.get(args.game, {})}, filler {args.filler}; "
          f"{cpu / max(1, played):.1f} CPU s a game, {(time.monotonic() - start) / 60:.1f} min wall")
    print(f"{'bot':26} {'games':>5} {'wins':>6} {'win rate':>8}  95 % interval   mean score")
    for r in summary(rows):
        print(f"{r['bot']:26} {r['games']:>5} {r['wins']:>6.1f} {r['win_rate']:>8.1%}  "
              f"[{r['low']:.1%}, {r['high']:.1%}]  {r['mean_score']:>8.1f}")


if __name__ == "__main__":
    main()
