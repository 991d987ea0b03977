"""The Shogun question from simulations: how often does the Shogun card's holder win, under random,
heuristic and Monte-Carlo bots, and under the flags that touch it? Prints the tables.

``python scripts/samurai_shogun.py [--games N] [--mc-games M]``
"""

from __future__ import annotations

import argparse

import pandas as pd

from lotus_kit.analysis.samurai import shogun_study, shogun_summary

FLAG_SETS = [(), ("SEPPUKU_NEEDS_CARDS",), ("DECLARATION_AFTER_ACTIONS",), ("SAVE_FACE_BLOCKS_CAPTURE",),
             ("SHOGUN_TO_ASSASSIN",)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mc-games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    frames = []
    for bots in ("random", "heuristic"):
        for flags in FLAG_SETS:
            frames.append(shogun_study(bots, args.players, args.games, flags))
    for flags in FLAG_SETS[:2]:
        frames.append(shogun_study("montecarlo", args.players, args.mc_games, flags))
    by_players = [shogun_study("heuristic", n, args.games) for n in (3, 5, 6)]
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 20)
    print(shogun_summary(pd.concat(frames)).to_string(), flush=True)
    print()
    print(shogun_summary(pd.concat(by_players).assign(bots=lambda d: d["bots"] + " " + d["players"].astype(str)
                                                      + "p")).to_string())


if __name__ == "__main__":
    main()
