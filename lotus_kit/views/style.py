"""Colours, fonts and small colour helpers shared by the board map and the charts.

Seat colours come from :mod:`lotus_kit.white_lotus.seats` (Okabe-Ito with Tol's purple, checked
under simulated colour-vision deficiencies in the tests); the board's own tones (sea, land,
parchment) are chosen not to compete with them.

>>> text_colour_on("#0072B2"), text_colour_on("#F0E442")
('#ffffff', '#1f1a14')
>>> blend("#000000", "#ffffff", 0.5)
'#808080'
"""

from __future__ import annotations

from lotus_kit.white_lotus.seats import SEAT_COLOURS, SEAT_NAMES

__all__ = [
    "FONT",
    "PAPER",
    "PART_COLOURS",
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

FONT = "DejaVu Serif, Georgia, 'Times New Roman', serif"
SANS = "DejaVu Sans, 'Liberation Sans', Arial, sans-serif"
INK = "#1f1a14"
PAPER = "#f7f1e3"
SEA = "#b7d0de"
LAND = "#e4dccb"
LAND_LINE = "#cbbfa6"
COAST = "#4f6a80"
FRONTIER = "#8a6a4a"
SIX_EDGE = "#7a2410"
BORDER = "#4a4036"

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


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0.0, min(255.0, v))):02x}" for v in rgb)


def blend(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (hex colours)."""
    ra, rb = _rgb(a), _rgb(b)
    return _hex(tuple(x + (y - x) * t for x, y in zip(ra, rb, strict=True)))


def darken(colour: str, t: float = 0.4) -> str:
    return blend(colour, "#000000", t)


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of a hex colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour_on(fill: str) -> str:
    """White or ink, whichever reads better on ``fill``."""
    lum = luminance(fill)
    return "#ffffff" if (1.05 / (lum + 0.05)) > ((lum + 0.05) / 0.05) * 0.8 else INK


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat]


def seat_label(seat: int) -> str:
    return SEAT_NAMES[seat]


SEAT_LETTERS: tuple[str, ...] = tuple(name[0] for name in SEAT_NAMES)
"""R B G Y P O: written on each marker, so a claim is told by more than its colour."""

SEAT_PATTERNS: tuple[str, ...] = (".", "/", "\\", "-", "x", "|")
"""A plotly fill pattern per seat, drawn over its provinces: ownership has a second cue besides the
colour (a deuteranope sees Green and Purple alike in some light)."""


def pattern_colour(seat: int) -> str:
    """The colour of a seat's pattern lines: a darker shade of its colour (a lighter one on dark seats)."""
    colour = SEAT_COLOURS[seat]
    return blend(colour, "#ffffff", 0.45) if luminance(colour) < 0.12 else darken(colour, 0.45)
