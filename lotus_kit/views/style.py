"""Colours, fonts and small colour helpers for any game's figures and panels.

The default seat palette is Okabe-Ito with Tol's purple (colour-blind safe), each colour named; a game
supplies its own seat colours through its screen (``seat_colours``) and its seat names through its
``GameInfo``. A seat's fill pattern and letter give ownership a second cue besides the colour.
White Lotus's board tones and score-part colours are in :mod:`lotus_kit.white_lotus.views.style`
(still readable here, loaded on first use).

>>> text_colour_on("#0072B2"), text_colour_on("#F0E442")
('#ffffff', '#1f1a14')
>>> blend("#000000", "#ffffff", 0.5)
'#808080'
>>> pattern_colour(0, ("#000000",))
'#737373'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "FONT",
    "PAPER",
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
BORDER = "#4a4036"

SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#F0E442", "#882E72", "#E69F00")
"""The default seat palette (Okabe-Ito with Tol's purple) and the names of its colours."""

SEAT_LETTERS: tuple[str, ...] = tuple(name[0] for name in SEAT_NAMES)
"""R B G Y P O: written on a seat's pieces, so they are told by more than their colour."""

SEAT_PATTERNS: tuple[str, ...] = (".", "/", "\\", "-", "x", "|")
"""A plotly fill pattern per seat, drawn over what it owns: ownership has a second cue besides the
colour (a deuteranope sees Green and Purple alike in some light)."""


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


def seat_colour(seat: int, colours: Sequence[str] = SEAT_COLOURS) -> str:
    return colours[seat]


def seat_label(seat: int, names: Sequence[str] = SEAT_NAMES) -> str:
    return names[seat]


def pattern_colour(seat: int, colours: Sequence[str] = SEAT_COLOURS) -> str:
    """The colour of a seat's pattern lines: a darker shade of its colour (a lighter one on dark seats)."""
    colour = colours[seat]
    return blend(colour, "#ffffff", 0.45) if luminance(colour) < 0.12 else darken(colour, 0.45)


def __getattr__(name: str) -> Any:
    # White Lotus's board tones and score-part colours lived here; loaded on first use, so that the
    # shared views import no game
    from lotus_kit.white_lotus.views import style

    if name.startswith("__") or name not in vars(style):
        raise AttributeError(name)
    return getattr(style, name)
