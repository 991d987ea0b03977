"""Winter's ids: places on the lake's grid, row then column.

Positions equal up to translation are equal (WIN-CLAR-15 (a)), and the engine keeps the lake
normalised with its top-left card at grid (2, 2): a place is named by its grid row and column
relative to the lake, the way the engine numbers actions. The same id is therefore the same place
*relative to the lake* in every state, whatever the world coordinates of the lake's frame are. A move
is its card (row, column), then where it goes (row, then column and turn): four small steps instead
of more than a thousand whole moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding, Shape
from lotus_kit.winter import engine as e
from lotus_kit.winter.deck import MAX_CARDS
from lotus_kit.winter.grid import ROWS, W

MAX_ENGINE_ACTIONS = 3000
"""Random games take about a hundred actions; the thaw ends by the repetition rule or an empty supply
(WIN-END), and a game is cut off (and scored by its standing) after this many."""

KINDS = {e.LAY: "lay", e.DRAW: "draw", e.TOKEN: "token", e.DECLINE: "decline", e.MOVE: "move",
         e.REMOVE: "remove", e.TAKEBACK: "take_back", e.KEEP: "keep", e.COLOUR: "colour"}
ROW, COL = range(ROWS - 1), range(W - 1)      # anchors of 2 x 2 blocks that fit on the grid


def fields(action: Any, state: e.WinterState) -> tuple[str, Mapping[str, Any]]:
    kind, a, t, b = e.decode(action.code(state.v))
    return KINDS[kind], {"row": a // W, "col": a % W, "turn": bool(t), "colour": e.COLOUR_NAMES[t],
                         "to_row": b // W, "to_col": b % W}


def encoding(game: Any, players: int, flags: Sequence[str]) -> Encoding:
    place = ([("row", ROW)], [("col", COL)])
    return Encoding("winter", [
        Shape("lay", [("row", ROW)], [("col", COL), ("turn", (False, True))]),
        Shape("draw"),
        Shape("colour", [("colour", e.COLOUR_NAMES)]),
        Shape("token", *place),
        Shape("decline"),
        Shape("move", *place, [("to_row", ROW)], [("to_col", COL), ("turn", (False, True))]),
        Shape("remove", *place),
        Shape("take_back", *place),
        Shape("keep", *place),
    ], MAX_ENGINE_ACTIONS, fields=fields, same=lambda action, state: action.code(state.v),
        chance_at_start=MAX_CARDS)       # explicit chance: the deck order, one draw per card (WIN-CLAR-3)
