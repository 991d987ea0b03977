"""Actions in plain words, with seat names and province names (``"Red names Blue with 3+2 = 5"``).

>>> from lotus_kit.white_lotus.engine import new_game
>>> describe_action(Bid(0, 1, (3, 2)), new_game(4, seed=1))
'Red names Blue with 3+2 = 5'
>>> describe_action(PlaceMarker(2, "CHEN"), new_game(4, seed=1), seat=False)
'claims Chengdu'
"""

from __future__ import annotations

from collections.abc import Sequence

from lotus_kit.white_lotus.actions import (
    Action,
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
    TempleDraw,
)
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State

__all__ = ["bid_label", "cards_text", "describe_action", "province_name", "score_table", "summary"]


def bid_label(cards: Sequence[int], target: int | None = None) -> str:
    """How a bid reads: ``3+2``, ``bluff with the 0``, ``nothing``; with a target: ``name Blue: 3+2``.

    >>> bid_label((3, 2)), bid_label((0,)), bid_label(()), bid_label((2,), target=1)
    ('3+2', 'bluff with the 0', 'nothing', 'name Blue: 2')
    """
    body = "+".join(str(c) for c in cards if c) or ("bluff with the 0" if 0 in cards else "nothing")
    return body if target is None else f"name {seat_name(target)}: {body}"


def province_name(state: State, pid: str | None) -> str:
    """The name of province ``pid`` (the id itself when the board has no such province)."""
    if pid is None:
        return "—"
    board = state.board
    return board.province(pid).name if pid in board.index_of else pid


def cards_text(cards: Sequence[int] | None) -> str:
    """``3+2 = 5``, or ``no cards``."""
    if not cards:
        return "no cards"
    return "+".join(map(str, cards)) + f" = {sum(cards)}"


def describe_action(action: Action, state: State, seat: bool = True) -> str:
    """An action in words, province ids as names; ``seat=False`` leaves the acting seat out."""
    a = action
    if isinstance(a, PlaceMarker):
        text = f"claims {province_name(state, a.province)}"
    elif isinstance(a, Pass):
        text = "passes (no more optional markers)"
    elif isinstance(a, ChooseProvince):
        text = f"resolves {province_name(state, a.province)} next"
    elif isinstance(a, Bid):
        text = f"names {seat_name(a.target)} with {cards_text(a.cards)}"
    elif isinstance(a, BreakTie):
        text = f"breaks the tie: {seat_name(a.leaver)} leaves"
    elif isinstance(a, TakeRefund):
        text = f"takes the refund as {cards_text(a.cards)}"
    elif isinstance(a, DeclareRebellion):
        text = "leads a rebellion" if a.lead else "declines to lead a rebellion"
    elif isinstance(a, JoinSide):
        side = {"emperor": "backs the emperor", "rebels": "backs the rebels", None: "fights as leader"}[a.side]
        text = f"{side} with combat {cards_text(a.cards)}"
    elif isinstance(a, TakeReward):
        if a.province is None:
            text = "takes a VP chip"
        else:
            i = state.index(a.province) if a.province in state.board.index_of else -1
            owner = seat_name(state.owners[i]) if i >= 0 and state.owners[i] >= 0 else "nobody"
            text = f"takes {province_name(state, a.province)} from {owner}"
    elif isinstance(a, TakeIncome):
        split = ""
        if a.influence is not None or a.combat is not None:
            split = f" (influence {cards_text(a.influence)}, combat {cards_text(a.combat)})"
        if a.palaces_for_combat:
            text = f"takes income, {a.palaces_for_combat} palace(s) paying combat{split}"
        else:
            text = f"takes income, palaces paying influence{split}"
    elif isinstance(a, PlaceChip):
        text = f"places the chip in {province_name(state, a.province)}"
    elif isinstance(a, TempleDraw):
        text = "uses a temple's extra draw" if a.draw else "declines the temple draws"
    else:                                                   # pragma: no cover - every action is above
        text = repr(a)
    return f"{seat_name(a.seat)} {text}" if seat else text


def score_table(state: State) -> str:
    """The final scores as a text table, winners marked (WL-SCORE)."""
    # The four parts that add up come first, then the total; the size of the largest group is shown
    # after it, apart, because it only decides who gets the bonus (WL-SCORE-2) and is not added.
    head = f"{'seat':<8}{'build':>6}{'+bonus':>7}{'+dragons':>9}{'+VP':>5}{'=total':>7}   largest group"
    lines = [head, "-" * len(head)]
    for s in sorted(state.scores, key=lambda s: -s.total):
        mark = "  <- winner" if s.seat in state.winners else ""
        lines.append(f"{seat_name(s.seat):<8}{s.buildings:>6}{s.group_bonus:>7}{s.dragons:>9}{s.vp_chips:>5}"
                     f"{s.total:>7}   {s.largest_group:>2} provinces{mark}")
    lines.append("total = buildings + group bonus + dragons + VP chips (WL-SCORE-1..4); the largest group's size "
                 "is not added")
    return "\n".join(lines)


def summary(state: State) -> dict:
    """The facts of a finished game for a machine reader: years, emperor, winners, score lines."""
    return {"years": state.year, "emperor": state.emperor, "winners": list(state.winners),
            "scores": [s.to_dict() for s in state.scores]}
