"""Winter as a seat may imagine it: one world it cannot tell from the true one (for searches over
hidden information, such as OpenSpiel's ISMCTS).

The order of the face-down deck is the only hidden thing in Winter, for both seats alike (WIN-CLAR-3);
which cards are still in it is public. A world is the same lake, tokens, supplies and turn with the
unseen cards in another order. Every order of them is one the shuffle at the start could have dealt,
so the world is a position the game can reach, and the search meets the cards still to come in an
order the seat cannot know.

The drawing itself is the game's ``redraw_hidden`` (part of the game protocol, kept by the engine with
its own state layout), so this module reads nothing of the engine's internals.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["determinise"]


def determinise(state: Any, seat: int, rng: random.Random) -> Any:
    """A world ``seat`` cannot tell from ``state``: the face-down deck reshuffled (WIN-CLAR-3)."""
    from lotus_kit.winter.game import WINTER

    return WINTER.redraw_hidden(state, seat, rng)
