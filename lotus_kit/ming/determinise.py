"""Ming as a seat may imagine it: one world it cannot tell from the true one (for searches over hidden
information, such as OpenSpiel's ISMCTS).

Hands can be worked out from public play, so the engine treats them as public; hidden are the order of
the face-down supply and each other seat's return-card choice until a city's choices are revealed
together (MING-CLAR-17, MING-CLAR-11). A world keeps the table, the hands and whether each seat has
chosen, reshuffles the face-down supply, gives later reshuffles a fresh generator, and draws every
other seat's sealed return sum anew among the sums its four return cards (0 to 3) can make, capped by
its pieces in the city as the engine caps them (MING-CLAR-11). Every such world is one the game can
reach.

The drawing itself is the game's ``redraw_hidden`` (part of the game protocol, kept by the engine with
its own state layout), so this module reads nothing of the engine's internals.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["determinise"]


def determinise(state: Any, seat: int, rng: random.Random) -> Any:
    """A world ``seat`` cannot tell from ``state``: the supply reshuffled, other sealed sums redrawn."""
    from lotus_kit.ming.game import MING

    return MING.redraw_hidden(state, seat, rng)
