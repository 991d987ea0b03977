"""Small helpers for Winter's tests: games from a chosen deck order, positions, legal sets."""

from __future__ import annotations

from lotus_kit.winter.actions import ChooseColour, Lay
from lotus_kit.winter.deck import standard_deck
from lotus_kit.winter.game import WINTER

IDS = standard_deck().ids


def ordered(first: list[str], flags=()):
    """A new game whose deck starts with ``first`` (card ids), the rest in printed order."""
    rest = [i for i in IDS if i not in first]
    return WINTER.start({"order": list(first) + rest}, list(flags))


def play(state, *actions):
    for a in actions:
        state = WINTER.apply(state, a)
    return state


def setup(first: str, second: str, at=(2, 0), turned=False, second_colour="dark", flags=(), more=()):
    """Setup done: ``first`` at (0, 0), ``second`` at ``at``; seat 1 took ``second_colour``."""
    s = ordered([first, second, *more], flags)
    return play(s, Lay(0, 0), Lay(*at, turned=turned), ChooseColour(second_colour))


def legal(state):
    return WINTER.legal_actions(state)


def lake(*cards, tokens=(), to_move=0, colours=("light", "dark"), flags=(), **extra):
    """A thaw position: cards as (x, y, flakes), tokens as (seat, x, y)."""
    return WINTER.position({"lake": [{"x": x, "y": y, "flakes": f} for x, y, f in cards],
                            "tokens": [{"seat": s, "x": x, "y": y} for s, x, y in tokens],
                            "to_move": to_move, "colours": list(colours), "flags": list(flags), **extra})
