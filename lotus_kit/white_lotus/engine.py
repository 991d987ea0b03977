"""The rules engine: a new game, who must act, the legal actions, and applying one.

>>> state = new_game(players=4, seed=1)
>>> state.phase, state.year, sorted(to_act(state)) == [state.emperor]
(<Phase.CLAIMS: 1>, 1, True)
>>> first = legal_actions(state)[0]
>>> after = apply(state, first)
>>> after is not state and state.markers == new_game(players=4, seed=1).markers
True

The rules run on the fast core (:mod:`lotus_kit.white_lotus.fast`): a State holds the core's flat
list, actions become ints on the way in and value objects on the way out, a refused action is
explained by :mod:`~lotus_kit.white_lotus.fast.refusals` (rule id and words), and the State handed
back fills its readable fields and builds its events from the flat list when they are first read.
"""

from __future__ import annotations

from lotus_kit.core.errors import IllegalAction, LotusKitError, quote
from lotus_kit.white_lotus.actions import Action
from lotus_kit.white_lotus.deal import chance
from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codec import decode, encode, lazy
from lotus_kit.white_lotus.fast.codes import _ACTIONS, action_of
from lotus_kit.white_lotus.fast.refusals import refusal
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

MAX_YEARS = C.MAX_YEARS      # WL-YEAR-4: a safety net, never reached under the rules
# seat masks as the shared frozensets to_act hands out (seat sets are values)
_SEAT_SETS = tuple(frozenset(x for x in range(6) if m >> x & 1) for m in range(64))
# the actions of the core's shared tuples of codes (bids, sides, markers, chips), by the tuple's id
_LISTS: dict[int, tuple[tuple[int, ...], tuple[Action, ...]]] = {}
_known = _ACTIONS.get


def new_game(players: int = 4, seed: int = 0, rules: RuleSet | None = None,
             first_emperor: int | None = None,
             deal: tuple[tuple[str, ...], tuple[str, ...], int] | None = None) -> State:
    """Set up a game (WL-SETUP-1..7). All chance happens here and is stored in the state:
    the start chips, the order of the draw pool (WL-SETUP-3) and (unless given) the first emperor.
    Each seat gets the start hand (WL-SETUP-5); dragon cards of every other colour in play
    (WL-SETUP-4, WL-COMP-10) are implicit: any other seat may be named. The year counter starts at 1
    (WL-SETUP-7). ``deal`` gives the chance instead of the seed: the start chips in the order of the
    lotus provinces, the draw pool top first and the first emperor (explicit chance, ``game.py``).
    """
    rules = rules or RuleSet()
    if type(players) is not int or not 3 <= players <= 6:
        raise LotusKitError(f"WL-SETUP-1: Der weiße Lotus is for 3 to 6 players, not {quote(players)}")
    if first_emperor is not None and (type(first_emperor) is not int or not 0 <= first_emperor < players):
        raise LotusKitError(f"WL-SETUP-6: the first emperor must be a seat from 0 to {players - 1}")
    if deal is not None:
        deal = (tuple(deal[0]), tuple(deal[1]), deal[2])
    ev: list = []
    t, s = C.new_game(players, seed, rules, first_emperor, ev, deal)
    return decode(t, s, tuple(ev))


def to_act(state: State) -> frozenset[int]:
    """The seats that must decide now: one seat, or several for a sealed simultaneous choice."""
    t, s = state._code or encode(state)
    return _SEAT_SETS[C.to_act(t, s)]


def legal_actions(state: State, seat: int | None = None) -> list[Action]:
    """Every legal action of ``seat`` (or of every seat that must act).

    Card choices are listed once per distinct combination of values. Income and refunds list the
    default split of values; any other split of the same total is legal too (WL-CARDS-6).
    """
    t, s = state._code or encode(state)
    if seat is None:
        codes = C.legal_all(t, s)
    elif type(seat) is int and 0 <= seat < t.players:
        codes = C.legal(t, s, seat)
        if type(codes) is tuple:
            # a shared tuple of the core: its actions are made once (the tuple is kept, so its id stays its own)
            hit = _LISTS.get(id(codes))
            if hit is None or hit[0] is not codes:
                if len(_LISTS) > 50000:
                    _LISTS.clear()
                hit = _LISTS[id(codes)] = (codes, tuple([_known(c) or action_of(c) for c in codes]))
            return list(hit[1])
    else:
        return []
    return [_known(c) or action_of(c) for c in codes]


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` (rule id, plain words) and
    leaves ``state`` untouched when the rules do not allow it.
    """
    t, s = state._code or encode(state)
    hit = C.accept(t, s, action)
    if hit is None:
        raise refusal(t, s, action) or IllegalAction("WL-INFO-5", f"{quote(action)} is not allowed now")
    code, choice = hit
    return lazy(t, C.apply(t, s, code, choice), s, code, choice)


__all__ = ["IllegalAction", "apply", "chance", "legal_actions", "new_game", "to_act"]
