"""White Lotus's colours: its seat palette and the board's own tones, on the kit's colour helpers.

Seat colours come from :mod:`lotus_kit.white_lotus.seats` (Okabe-Ito with Tol's purple, checked
under simulated colour-vision deficiencies in the tests); the board's own tones (sea, land,
parchment) are chosen not to compete with them. Fonts, paper, ink and the colour helpers are the
kit's (:mod:`lotus_kit.views.style`).

>>> seat_label(1), seat_colour(1), SEAT_LETTERS[1]
('Blue', '#0072B2', 'B')
>>> text_colour_on(seat_colour(1))
'#ffffff'
"""

from __future__ import annotations

from lotus_kit.views import style as _kit
from lotus_kit.views.style import (
    BORDER,
    FONT,
    INK,
    PAPER,
    SANS,
    SEAT_PATTERNS,
    blend,
    darken,
    luminance,
    text_colour_on,
)
from lotus_kit.white_lotus.seats import SEAT_COLOURS, SEAT_NAMES

__all__ = [
    "BORDER",
    "FONT",
    "INK",
    "PAPER",
    "PART_COLOURS",
    "SANS",
    "SEAT_COLOURS",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "SEAT_PATTERNS",
    "blend",
    "darken",
    "luminance",
    "pattern_colour",
    "seat_colour",
    "seat_label",
    "text_colour_on",
]

SEA = "#b7d0de"
LAND = "#e4dccb"
LAND_LINE = "#cbbfa6"
COAST = "#4f6a80"
FRONTIER = "#8a6a4a"
SIX_EDGE = "#7a2410"

EMPTY_BASE = "#f5efe1"        # a province without a chip: plain parchment
EMPTY_SIX = "#efe1c9"         # the same in the six-player north-west (brownish, WL-BOARD-1)
NEUTRAL = "#d9d0bb"           # a province holding a neutral chip: a light stone tone
NEUTRAL_SIX = "#d6c2a3"
OUT_OF_PLAY = "#c9c4bb"       # six-player provinces with 3-5 players (WL-SETUP-1)
OUT_OF_PLAY_HATCH = "#a9a398"

LEGAL = "#0b6e99"             # provinces legal for the current decision (Okabe-Ito sky blue, darkened)
LEGAL_FILL = "rgba(11, 110, 153, 0.42)"
RESOLVING = "#111111"
EMPEROR_GOLD = "#e8b923"
REBEL_DARK = "#3a3a3a"

PART_COLOURS: dict[str, str] = {
    "buildings": "#56616b",
    "largest group": "#9fb7c6",
    "dragons": "#c9a227",
    "VP chips": "#2b2d42",
}
"""Colours of the score parts (WL-SCORE-1..4); greys, pale blue and gold so they do not read as seats."""


SEAT_LETTERS: tuple[str, ...] = tuple(name[0] for name in SEAT_NAMES)
"""R B G Y P O: written on each marker, so a claim is told by more than its colour."""


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat]


def seat_label(seat: int) -> str:
    return SEAT_NAMES[seat]


def pattern_colour(seat: int) -> str:
    """The colour of a seat's pattern lines over its provinces (:func:`lotus_kit.views.style.pattern_colour`)."""
    return _kit.pattern_colour(seat, SEAT_COLOURS)
