"""White Lotus's ids: provinces by name, bids and sides as a choice then card values one by one.

A bid (WL-CONF-6) is the dragon card naming a participant, then its influence cards largest first
(values 0..3), then "no more cards": a few ids per step instead of the thousands of whole bids. A
side (WL-REB-3/4) is the side, then combat cards (1..3); a refund (WL-CONF-9) its card values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding, Seq, Shape
from lotus_kit.white_lotus.board import board_view, iter_bits

MAX_CARDS = 60
"""Cards in one bid, side or refund. There is no hand limit (WL-CARDS-4); income is 10 + 2 a year plus
buildings (WL-CARDS-1/2) in values 1..3 (WL-CARDS-6) and games last about six years (WL-END-3), so real
hands hold a few dozen cards at most. A card list longer than this is left out of the flat steps."""

MAX_ENGINE_ACTIONS = 6000
"""Random six-player games take a few hundred actions; a game is cut off (and scored by its standing)
after this many."""


def encoding(game: Any, players: int, flags: Sequence[str]) -> Encoding:
    view = board_view(players)
    provinces = tuple(view.data.provinces[i].id for i in iter_bits(view.in_play_mask))
    seats = range(players)
    return Encoding("white_lotus", [
        Shape("PlaceMarker", [("province", provinces)]),
        Shape("Pass"),
        Shape("ChooseProvince", [("province", provinces)]),
        Shape("Bid", [("target", seats)], Seq("cards", (3, 2, 1, 0), MAX_CARDS)),
        Shape("BreakTie", [("leaver", seats)]),
        Shape("TakeRefund", Seq("cards", (3, 2, 1), MAX_CARDS)),
        Shape("DeclareRebellion", [("lead", (False, True))]),
        Shape("JoinSide", [("side", ("emperor", "rebels", None))], Seq("cards", (3, 2, 1), MAX_CARDS)),
        Shape("TakeReward", [("province", (*provinces, None))]),
        Shape("TakeIncome", [("palaces_for_combat", range(len(provinces) + 1)),   # palaces owned
                             ("influence", (None,)),
                             ("combat", (None,))]),
        Shape("PlaceChip", [("province", provinces)]),
        Shape("TempleDraw", [("draw", (False, True))]),
    ], MAX_ENGINE_ACTIONS,
        # explicit chance draws everything at the start: each chip once (start chips and pool order), then
        # the first emperor (WL-SETUP)
        chance_at_start=sum(view.data.neutral_mix.values()) + 1)
