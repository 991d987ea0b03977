"""Bots for Ming Dynastie: ``random`` (uniform over the legal actions) and ``heuristic``.

The heuristic bot looks one deployment ahead: it moves its prince where the pieces waiting on the
matching province space win the most houses (a district majority is worth two houses, a second
place one), pays as few cards as it can, fills cloisters (4 points at every scoring), keeps its city
pieces in the houses before the last scoring and returns them to the districts in the last.

>>> from lotus_kit.ming.engine import new_game, apply
>>> s = new_game(3, seed=4, start_player=0)
>>> bots = [HeuristicBot(seed=i) for i in range(3)]
>>> while not s.is_over:
...     seat = min(s.to_act_seats)
...     s = apply(s, bots[seat].choose(s, seat))
>>> s.is_over
True
"""

from __future__ import annotations

import random
from typing import Any

from lotus_kit.ming.actions import (
    Action,
    ChooseReturn,
    ChooseStart,
    Deploy,
    ExchangeSets,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    SplitReturn,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.engine import district_moves, legal_actions
from lotus_kit.ming.state import State, count_at


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(legal_actions(state, seat))


def _houses_won(state: State, d: tuple[int, ...], seat: int, district: int, extra: int) -> int:
    """Houses ``seat`` would fill in ``district`` with ``extra`` more pieces in its open area
    (``d``: the state's ints)."""
    t = state.table
    counts = [count_at(d[t.open(c)], district) for c in range(t.colours)]
    counts[seat] += extra
    return district_moves(t, counts, state.start_player)[seat]


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        acts = legal_actions(state, seat)
        data = state.data           # read once: each read of ``data`` makes a tuple
        best = max(acts, key=lambda a: (self._value(state, data, seat, a), self.rng.random()))
        return best

    def _value(self, state: State, data: tuple[int, ...], seat: int, a: Action) -> float:
        t, b = state.table, state.board
        o = t.seat(seat)
        match a:
            case PlacePrince(district=dn) | PlaceNeutral(district=dn):
                d = b.district(dn)
                gain = sum(count_at(data[t.open(c)], d) for c in range(state.players) if c != seat)
                return -gain if isinstance(a, PlaceNeutral) else self.rng.random()
            case PlaceMember(space=sp):
                p = b.colours.index(sp)
                here = data[o + t.prince] - 1
                near = b.district_province[here] == p if here >= 0 else False
                return 2.0 * near - 0.3 * data[o + t.space + p]
            case TakeCard(space=sp):
                return 1.0 + 0.1 * data[o + t.space + b.colours.index(sp)]
            case TakeDragon():
                return 0.5
            case Move(to=to, cards=cards):
                d = b.district(to)
                p = b.district_province[d]
                k = min(3, data[o + t.space + p])
                gain = _houses_won(state, data, seat, d, k) - _houses_won(state, data, seat, d, 0)
                cloister = 1.5 if k and count_at(data[t.cloister], d) == 0 else 0.0
                return 2.0 * gain + cloister - 0.6 * len(cards) - (0.5 * cards.count("DRAGON"))
            case Stay():
                here = data[o + t.prince] - 1
                p = b.district_province[here]
                k = min(3, data[o + t.space + p])
                return 2.0 * (_houses_won(state, data, seat, here, k) - _houses_won(state, data, seat, here, 0)) - 0.8
            case Pass():
                return 0.0
            case Deploy(count=n, cloister=cl):
                return n + (1.5 if cl else 0.0)
            case ChooseReturn(value=v):
                return -v if state.round < 6 else v
            case SplitReturn():
                return 0.0
            case ExchangeSets(count=n):
                return n
            case ChooseStart(start=s):
                return 1.0 if s == seat else 0.0
        return 0.0


def make_bot(name: str, seed: int = 0) -> Any:
    return {"random": RandomBot, "heuristic": HeuristicBot}[name](seed)


__all__ = ["HeuristicBot", "RandomBot", "make_bot"]
