"""Ehre der Samurai's ids: the card first, then where it goes; a theft as card, item, from, to.

Card names are those a hand can hold (SAM-PLAY-4, SAM-CLAR-1: never the Samurai nor the Shogun card);
owners and targets are seats, houses ``daimyo``/``samurai``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding, Shape
from lotus_kit.samurai import cards as C
from lotus_kit.samurai.actions import CASTLE_CHOICES, HOUSES

MAX_ENGINE_ACTIONS = 5000
"""Random games take about a hundred actions (a turn is a few card actions and declarations, SAM-KI,
SAM-DEC); a game is cut off (and scored by its standing) after this many."""

BATTLE_ROLLS = 10
"""Explicit chance: a battle rerolls all its dice (at most 12) on equal totals, without limit
(SAM-CLAR-20g); the bound on a game's length counts ten rolls, more ties in a row than a game meets."""

HAND_CARDS = tuple(C.NAMES[k] for k in range(1, C.SHOGUN) if k != C.SAMURAI)


def encoding(game: Any, players: int, flags: Sequence[str]) -> Encoding:
    seats = range(players)
    where = [("owner", seats), ("house", HOUSES)]
    source = [("from_owner", seats), ("from_house", HOUSES)]
    target = [("to_owner", seats), ("to_house", HOUSES)]
    return Encoding("samurai", [
        Shape("Draw"),
        Shape("Discard", [("card", HAND_CARDS)]),
        Shape("Play", [("card", HAND_CARDS)], where),
        Shape("Dishonor", [("target", seats)]),
        Shape("Thief", [("card", ("NINJA_THIEF", "ELITE_NINJA_THIEF"))], [("item", HAND_CARDS)], source, target),
        Shape("SecondTheft", [("item", HAND_CARDS)], source, target),
        Shape("StopStealing"),
        Shape("Assassin", [("target", seats), ("house", HOUSES)]),
        Shape("DeclareShogun"),
        Shape("Attack", [("target", seats)]),
        Shape("Ally", [("target", seats)]),
        Shape("BreakAlliance"),
        Shape("EndTurn"),
        Shape("PayHonor"),
        Shape("SaveFace"),
        Shape("Seppuku", [("house", HOUSES)]),
        Shape("Pass"),
        Shape("CastleChoice", [("choice", CASTLE_CHOICES)]),
        Shape("Accept"),
        Shape("Refuse"),
    ], MAX_ENGINE_ACTIONS, same=lambda action, state: action.code,
        chance_at_start=sum(C.COUNT) + 1,                  # the deal, card by card, and the first player
        chance_per_action=1 + 12 * BATTLE_ROLLS + 1)       # a draw, a battle's dice, the assassin's die
