"""Ming Dynastie's ids: districts and province spaces by name; a move as its district, then the
cards paid one by one (deck order, dragons last, MING-CLAR-7); a return split district by district."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding, Seq, Shape
from lotus_kit.ming.board import DECK_SIZE, DRAGON
from lotus_kit.ming.state import HAND_LIMIT, MAX_DEPLOY, RETURN_CARDS, TILES_PER_COLOUR

MAX_ENGINE_ACTIONS = 5000
"""Random games take a few hundred actions over six rounds (MING-RND-1); a game is cut off (and scored
by its standing) after this many."""

MAX_RETURN = sum(RETURN_CARDS)   # MING-SCORE-4: the sum of the chosen return cards


def encoding(game: Any, players: int, flags: Sequence[str]) -> Encoding:
    board = game.new_game(players, 0, flags).board     # the map and its transports (TRANSPORT_TYPES=)
    districts, spaces = board.district_names, board.colours
    cards = (*board.transports, DRAGON)
    per_city = len(board.districts_of(0))
    return Encoding("ming", [
        Shape("place_prince", [("district", districts)]),
        Shape("place_neutral", [("district", districts)]),
        Shape("place_member", [("space", spaces)]),
        Shape("take_card", [("space", spaces)]),
        Shape("take_dragon", [("space", spaces)]),
        # a move pays cards from the hand: at most 5 cards at all times (MING-PH2-1)
        Shape("move", [("to", districts)], Seq("cards", cards, HAND_LIMIT)),
        Shape("stay", [("card", cards)]),
        Shape("pass"),
        Shape("deploy", [("count", range(MAX_DEPLOY + 1)), ("cloister", (False, True))]),
        Shape("choose_return", [("value", range(MAX_RETURN + 1))]),
        Shape("split_return", Seq("counts", range(MAX_RETURN + 1), per_city)),
        Shape("exchange_sets", [("count", range(TILES_PER_COLOUR + 1))]),
        Shape("choose_start", [("start", range(players))]),
    ], MAX_ENGINE_ACTIONS,
        chance_at_start=1 + DECK_SIZE,       # explicit chance: the start player, then the deck order
        chance_per_action=DECK_SIZE)         # a reshuffle of the discards (every card at most once)
