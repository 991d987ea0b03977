"""Final scoring and the winner (WL-SCORE).

How long a game lasts is not a rule but an outcome (WL-END-3): about 6 years with 6 players.
"""

from __future__ import annotations

from lotus_kit.white_lotus.board import groups, iter_bits
from lotus_kit.white_lotus.events import ScoreLine
from lotus_kit.white_lotus.state import State


def group_masks(state: State, seat: int) -> list[int]:
    """WL-SCORE-2: the seat's groups of provinces linked by shared borders (in play only), largest first."""
    return groups(state.board, state.owned_mask(seat) & state.board.in_play_mask)


def largest_group(state: State, seat: int) -> int:
    """WL-SCORE-2: size of the seat's largest group."""
    found = group_masks(state, seat)
    return found[0].bit_count() if found else 0


def score(state: State) -> tuple[ScoreLine, ...]:
    """Every player's score parts as the position stands (WL-SCORE-1..4)."""
    data = state.board.data
    groups = [largest_group(state, s) for s in range(state.players)]
    top = max(groups)
    leaders = [s for s in range(state.players) if groups[s] == top and top > 0]
    # WL-SCORE-2: every tied player gets the bonus; nobody under WL_CHAIN_TIE_NONE
    bonus_to = set() if (len(leaders) > 1 and state.rules.chain_tie_none) else set(leaders)
    lines = []
    for seat in range(state.players):
        b = state.buildings(seat)
        dragons = sum(1 for i in iter_bits(state.board.dragon_mask) if state.owners[i] == seat)
        lines.append(ScoreLine(
            seat=seat, buildings=sum(data.building_vp[k] * n for k, n in b.items()),
            largest_group=groups[seat], group_bonus=data.largest_group_bonus if seat in bonus_to else 0,
            dragons=data.dragon_bonus * dragons, vp_chips=state.vp_chips[seat], palaces=b["P"]))
    return tuple(lines)


def winners(state: State, lines: tuple[ScoreLine, ...]) -> tuple[tuple[int, ...], str]:
    """WL-SCORE-5: highest total; ties to the emperor, then the most palaces, else a shared win."""
    top = max(line.total for line in lines)
    tied = [line for line in lines if line.total == top]
    if len(tied) == 1:
        return (tied[0].seat,), ""
    if any(line.seat == state.emperor for line in tied):
        return (state.emperor,), "tie broken: the emperor wins (WL-SCORE-5)"
    most = max(line.palaces for line in tied)
    tied = [line for line in tied if line.palaces == most]
    if len(tied) == 1:
        return (tied[0].seat,), "tie broken by palaces (WL-SCORE-5)"
    return tuple(line.seat for line in tied), "a shared win (WL-SCORE-5)"
