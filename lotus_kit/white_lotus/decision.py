"""What must be decided now (WL-INFO-5): the one answer the table, the branch tree and the board read.

The kinds are the moments of a year: ``claim`` (phase 1), ``choose``, ``bid``, ``tie``, ``refund``
(phase 2), ``lead``, ``side``, ``reward`` (phase 4), ``income`` (phase 5), ``temple``, ``place``
(phase 6), and ``game_over`` once nobody decides any more.

>>> from lotus_kit.white_lotus.engine import new_game
>>> d = decision(new_game(3, seed=1, first_emperor=2))
>>> d.kind, sorted(d.seats), d.sealed, d.rules, d.text
('claim', [2], False, ('WL-PLACE-3',), 'Green places a marker (WL-PLACE-3)')
"""

from __future__ import annotations

from collections.abc import Callable

from lotus_kit.core.game import Decision
from lotus_kit.white_lotus.board import BUILDING_NAMES
from lotus_kit.white_lotus.engine import to_act
from lotus_kit.white_lotus.seats import SEAT_NAMES
from lotus_kit.white_lotus.state import Phase, RebellionStep, State, TerritoryStep

__all__ = ["KINDS", "decision", "decision_kind"]

KINDS = ("claim", "choose", "bid", "tie", "refund", "lead", "side", "reward", "income", "temple", "place",
         "game_over")
SEALED_KINDS = frozenset({"bid", "side", "income"})       # WL-CONF-6, WL-REB-3/4, WL-CARDS-1


def decision_kind(state: State) -> str:
    """The kind of decision ``state`` asks for (see the module doc); ``""`` when nobody must decide
    in a game that is not over (never, between public API calls: the engine runs every step that
    needs no decision).

    >>> from lotus_kit.white_lotus.engine import new_game
    >>> decision_kind(new_game(4, seed=1))
    'claim'
    """
    step = state.step
    if state.is_over:
        return "game_over"
    if step is None:
        return ""
    phase = state.phase
    if phase == Phase.CLAIMS:
        return "claim"
    if phase == Phase.RESOLVE:
        c = state.conflict
        if c is None:
            return "choose"
        if c.refund_seat >= 0:
            return "refund"
        return "tie" if c.tied else "bid"
    if phase == Phase.REBELLION and isinstance(step, RebellionStep):
        if step.leader < 0:
            return "lead"
        return "reward" if step.winner else "side"
    if phase == Phase.NEW_CARDS:
        return "income"
    if phase == Phase.NEW_PROVINCES and isinstance(step, TerritoryStep):
        return "temple" if step.asking_temple else "place"
    return ""


def _names(seats, name: Callable[[int], str] | None = None) -> str:
    name = name or SEAT_NAMES.__getitem__
    return " and ".join(name(s) for s in sorted(seats)) if seats else "nobody"


def decision(state: State, who: Callable[[int], str] | None = None) -> Decision:
    """Who must decide what now, with the rule ids and in words (WL-INFO-5). ``who(seat)`` names the
    deciding seats (a table says who plays them: "Blue (heuristic bot)"); their colours by default."""
    kind = decision_kind(state)
    seats = to_act(state)
    who = _names(seats, who)
    c = state.conflict
    where = state.board.provinces[c.province].name if c is not None else ""
    if kind == "game_over":
        won = state.winners
        rules: tuple[str, ...] = ("WL-SCORE-5",)
        text = f"the game is over: {_names(won)} win{'s' if len(won) == 1 else ''} (WL-SCORE-5)"
    elif kind == "claim":
        rules, text = ("WL-PLACE-3",), f"{who} places a marker (WL-PLACE-3)"
    elif kind == "choose":
        rules, text = ("WL-CONF-3",), f"emperor {who} picks the next province to resolve (WL-CONF-3)"
    elif kind == "refund":
        rules, text = ("WL-CONF-9",), f"{who} picks the card values of the refund for {where} (WL-CONF-9)"
    elif kind == "tie":
        rules, text = ("WL-CONF-8",), f"emperor {who} breaks the tie in {where} (WL-CONF-8)"
    elif kind == "bid":
        rules = ("WL-CONF-6",)
        text = f"{where}, round {c.round}: {who} commit a dragon card and influence, sealed (WL-CONF-6)"
    elif kind == "lead":
        rules, text = ("WL-REB-2",), f"{who} is asked to lead a rebellion (WL-REB-2)"
    elif kind == "side":
        rules, text = ("WL-REB-3", "WL-REB-4"), f"{who} pick a side and combat cards, sealed (WL-REB-3, WL-REB-4)"
    elif kind == "reward":
        rules, text = ("WL-REB-9",), f"{who} takes a reward (WL-REB-9)"
    elif kind == "income":
        rules, text = ("WL-CARDS-1", "WL-CARDS-2"), f"{who} take their income (WL-CARDS-1, WL-CARDS-2)"
    elif kind == "temple":
        rules, text = ("WL-TERR-3", "WL-TERR-7"), f"{who} decides on a temple's extra draw (WL-TERR-3, WL-TERR-7)"
    elif kind == "place":
        chip = BUILDING_NAMES.get(state.step.drawn, "chip")
        rules, text = ("WL-TERR-2",), f"{who} places the drawn {chip} (WL-TERR-2)"
    else:
        rules, text = (), f"{who} to act"
    return Decision(kind=kind, seats=seats, sealed=kind in SEALED_KINDS, rules=rules, text=text)
