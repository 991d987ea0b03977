"""Samurai as a seat may imagine it: one world it cannot tell from the true one (for searches over
hidden information, such as OpenSpiel's ISMCTS).

A seat sees every house, the honor, alliances, pending breaks, the discard pile, hand sizes and the
deck's size, and its own hand; the other hands and the deck's order are hidden (SAM-CLAR-19). A world
deals the cards the seat cannot see (the deck and the other hands together) anew: every other hand
keeps its size, and in a Save Face window every hand keeps its number of Save Face cards, since who is
asked shows who holds one (SAM-EVT-5). The dice and draws still to come are a fresh generator: the
future is nobody's knowledge. Any such deal is one the shuffles could have made, so the world is a
position the game can reach.

The drawing itself is the game's ``redraw_hidden`` (part of the game protocol, kept by the engine with
its own state layout), so this module reads nothing of the engine's internals.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["determinise"]


def determinise(state: Any, seat: int, rng: random.Random) -> Any:
    """A world ``seat`` cannot tell from ``state``: the unseen cards dealt anew, a fresh generator."""
    from lotus_kit.samurai.game import SAMURAI

    return SAMURAI.redraw_hidden(state, seat, rng)
