"""Final scoring and the winner (WL-SCORE), as the position stands, from the engine's fast core.

How long a game lasts is not a rule but an outcome (WL-END-3): about 6 years with 6 players.
"""

from __future__ import annotations

from lotus_kit.white_lotus.board import groups
from lotus_kit.white_lotus.events import ScoreLine
from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codec import encode
from lotus_kit.white_lotus.state import State


def group_masks(state: State, seat: int) -> list[int]:
    """WL-SCORE-2: the seat's groups of provinces linked by shared borders (in play only), largest first."""
    return groups(state.board, state.owned_mask(seat) & state.board.in_play_mask)


def largest_group(state: State, seat: int) -> int:
    """WL-SCORE-2: size of the seat's largest group."""
    t, s = encode(state)
    return C.group_sizes(t, s[C.OWN + seat])


def score(state: State) -> tuple[ScoreLine, ...]:
    """Every player's score parts as the position stands (WL-SCORE-1..4)."""
    t, s = encode(state)
    return tuple(ScoreLine(seat, *parts) for seat, parts in enumerate(C.score_parts(t, s)))


def winners(state: State, lines: tuple[ScoreLine, ...]) -> tuple[tuple[int, ...], str]:
    """WL-SCORE-5: highest total; ties to the emperor, then the most palaces, else a shared win."""
    t, s = encode(state)
    parts = tuple((ln.buildings, ln.largest_group, ln.group_bonus, ln.dragons, ln.vp_chips, ln.palaces)
                  for ln in lines)
    won = C.winners_of(parts, state.emperor)
    return won, C.tie_break(t, s, parts, won)
