"""How seats are shown: a name and a colour-blind-safe colour (Okabe-Ito palette) per seat.

The rules know seats only as numbers 0..5 clockwise (colours c1..c6 in the spec, WL-COMP-10).
"""

from __future__ import annotations

SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#F0E442", "#CC79A7", "#E69F00")


def seat_name(seat: int | None) -> str:
    """The display name of a seat.

    >>> seat_name(1)
    'Blue'
    """
    return "nobody" if seat is None or seat < 0 else SEAT_NAMES[seat]
