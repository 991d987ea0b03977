"""Playing on the fast core from a readable State: random playouts for rollouts, bots and sweeps.

The legal actions come in the engine's order, so a ``random.Random`` choosing among them picks the
same actions as a :class:`~lotus_kit.white_lotus.bots.RandomBot` with that generator would through
the engine: :func:`random_playout` returns the very state :func:`~lotus_kit.white_lotus.bots.play_game`
returns with random bots, events of the last transition included, and leaves the generators in
the same state.

>>> import random
>>> from lotus_kit.white_lotus.bots import play_game
>>> from lotus_kit.white_lotus.engine import new_game
>>> start = new_game(4, seed=5)
>>> fast = random_playout(start, [random.Random(k) for k in range(4)])
>>> slow = play_game(start, [_Slow(k) for k in range(4)])
>>> fast == slow and fast.events == slow.events and fast.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codec import decode, encode
from lotus_kit.white_lotus.fast.codes import action_of


def random_playout(state, rngs: Sequence[random.Random], stop: Callable[[list], bool] | None = None):
    """Play ``state`` on with uniformly random legal actions (seat k draws from ``rngs[k]``; sealed
    choices are made lowest seat first) until the game ends or ``stop(flat_state)`` holds.

    The last transition runs once more through the engine, so the state returned carries its events.
    """
    table, s = encode(state)
    legal, apply, first = C.legal, C.apply, C.first_to_act
    choices = [r.choice for r in rngs]
    before, last = None, 0
    while s[C.PH] != C.GAME_OVER and (stop is None or not stop(s)):
        seat = first(table, s)
        code = choices[seat](legal(table, s, seat))
        before, last = s, code
        s = apply(table, s, code)
    if before is None:
        return state
    from lotus_kit.white_lotus.engine import apply as engine_apply

    return engine_apply(decode(table, before), action_of(last))


def until_year_after(year: int) -> Callable[[list], bool]:
    """A ``stop`` for :func:`random_playout`: the claims of the year after ``year`` are resolved."""
    return lambda s: s[C.YR] > year and s[C.PH] >= C.EMPEROR_POINT


class _Slow:
    """A random bot that is not a RandomBot, so play_game takes the engine's path (for the doctest)."""

    def __init__(self, seed: int) -> None:
        from lotus_kit.white_lotus.bots import RandomBot

        self.bot = RandomBot(seed)

    def choose(self, state, seat):
        return self.bot.choose(state, seat)
