"""The chance of a new game (WL-SETUP-3): the start chips on the lotus provinces, the order of the
draw pool and the first emperor, all drawn at the start from the game's seed.

>>> start, pool, emperor = deal(4, seed=1)
>>> len(start), len(start) + len(pool), 0 <= emperor < 4
(7, 39, True)
"""

from __future__ import annotations

import random

_KINDS = "PTRFV"


def chance(seed: int) -> random.Random:
    """The random generator of game ``seed`` (WL-SETUP-3).

    ``random.Random`` seeds from the absolute value of an int, so seeds ``-n`` and ``n`` would deal
    the same game; a negative seed is therefore turned into text, which ``random`` hashes (SHA-512,
    the same on every machine). Non-negative seeds keep the games they always gave.

    >>> chance(-5).random() != chance(5).random() and chance(5).random() == random.Random(5).random()
    True
    """
    return random.Random(seed if seed >= 0 else f"lotus-kit seed {seed}")


def deal(players: int, seed: int = 0, first_emperor: int | None = None
         ) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """The start chips in the order of the lotus provinces in play (WL-SETUP-2), the draw pool top
    first (the rest of the neutral mix, WL-SETUP-3) and the first emperor (WL-SETUP-6), unless given."""
    from lotus_kit.white_lotus.board import board_view

    data = board_view(players).data
    rng = chance(seed)
    start = [k for k in _KINDS for _ in range(data.start_chips(players).get(k, 0))]
    rng.shuffle(start)
    pool = [k for k in _KINDS for _ in range(data.neutral_mix[k])]
    for k in start:
        pool.remove(k)
    rng.shuffle(pool)
    emperor = rng.randrange(players) if first_emperor is None else first_emperor
    return tuple(start), tuple(pool), emperor
