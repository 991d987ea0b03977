"""Regenerate a game's golden playthroughs in tests/<game>/golden/ (records + event logs).

    python scripts/golden.py --game white_lotus

Run after a deliberate rules change, then read the diff of the .txt logs: every changed line is a
changed outcome that must be explained by the change. The games played are listed in
tests/<game>/golden/playthroughs.toml (see lotus_kit.core.golden).
"""

from __future__ import annotations

import argparse
import pathlib

from lotus_kit.core.golden import write_goldens
from lotus_kit.core.registry import DEFAULT_GAME, games, get_game

TESTS = pathlib.Path(__file__).resolve().parents[1] / "tests"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=games())
    args = parser.parse_args(argv)
    for line in write_goldens(get_game(args.game), TESTS / args.game / "golden"):
        print(line)


if __name__ == "__main__":
    main()
