"""How seats and provinces are shown: a name and a colour-blind-safe colour (Okabe-Ito, with Tol's purple) per
seat, and province names in place of ids.

The rules know seats only as numbers 0..5 clockwise (colours c1..c6 in the spec, WL-COMP-10), and
events and errors name provinces by their ids (stable in records); people read names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#F0E442", "#882E72", "#E69F00")


def seat_name(seat: int | None) -> str:
    """The display name of a seat.

    >>> seat_name(1)
    'Blue'
    """
    return "nobody" if seat is None or seat < 0 else SEAT_NAMES[seat]


_SEAT_RE = re.compile(r"\bseat (\d)\b('s)?")


@lru_cache(maxsize=1)
def _provinces() -> tuple[dict[str, str], re.Pattern[str]]:
    from lotus_kit.white_lotus.board import board_view

    names = {p.id: p.name for p in board_view(6).provinces}
    return names, re.compile(r"(?<![-\w])(" + "|".join(names) + r")(?![-\w])")


def plain_names(text: str, names: Sequence[str] = SEAT_NAMES) -> str:
    """Engine messages say "seat 2" and name provinces by id; players know colours and names.

    >>> plain_names("it is seat 1's turn, not seat 0's (seat 2 is emperor)")
    "it is Blue's turn, not Red's (Green is emperor)"
    >>> plain_names("Red claims CHEN (WL-PLACE-2).")
    'Red claims Chengdu (WL-PLACE-2).'
    """

    def seat(m: re.Match) -> str:
        k = int(m.group(1))
        return (names[k] if k < len(names) else m.group(0)) + (m.group(2) or "")

    provinces, pattern = _provinces()
    return pattern.sub(lambda m: provinces[m.group(1)], _SEAT_RE.sub(seat, text))
