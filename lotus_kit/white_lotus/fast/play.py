"""Playing on the fast core from a readable State: playouts for rollouts, bots and sweeps.

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


def random_playout(state, rngs: Sequence[random.Random], stop: Callable[[list], bool] | None = None,
                   events: bool = True):
    """Play ``state`` on with uniformly random legal actions (seat k draws from ``rngs[k]``; sealed
    choices are made lowest seat first) until the game ends or ``stop(flat_state)`` holds.

    The state returned carries the events of the last transition (built by running it once more
    with an event list), unless ``events`` is False (then it carries none).
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
    return _last_with_events(table, before, last) if events else decode(table, s)



def replay(record, keep: bool = False) -> tuple[C.Table, list]:
    """A White Lotus record's game replayed on the core, each action checked as the engine checks it:
    the Table and the final flat list (with ``keep``, the list of every flat list from the first).
    :func:`~lotus_kit.white_lotus.fast.codec.decode` makes a State of any of them when one is wanted.

    An illegal action raises the RecordError of ``record.states()`` (the engine words it).
    """
    table, s = encode(record.start())
    accept, apply = C.accept, C.apply
    kept = [s] if keep else None
    for action in record.actions:
        hit = accept(table, s, action)
        if hit is None:
            record.states()             # raises the engine's RecordError for the first illegal action
            raise AssertionError("the core refused an action the engine accepts")   # the differential tests forbid it
        s = apply(table, s, hit[0], hit[1])
        if kept is not None:
            kept.append(s)
    return table, (kept if kept is not None else s)


def _last_with_events(table: C.Table, before: list, code: int, choice=None):
    events: list = []
    return decode(table, C.apply(table, before, code, choice, events), tuple(events))


Chooser = Callable[[C.Table, list, int], int]


def choosers(bots: Sequence[object]) -> list[Chooser] | None:
    """The fast core's choosers of ``bots`` (random and heuristic bots: the same choices from the same
    generators), or None when one of them has no fast counterpart."""
    from lotus_kit.white_lotus.bots import HeuristicBot, RandomBot
    from lotus_kit.white_lotus.fast.heuristic import FastHeuristic

    out: list[Chooser] = []
    for bot in bots:
        if type(bot) is RandomBot:
            out.append(_random_chooser(bot.rng))
        elif type(bot) is HeuristicBot:
            out.append(FastHeuristic(bot).choose)
        else:
            return None
    return out


def _random_chooser(rng: random.Random) -> Chooser:
    choice, legal = rng.choice, C.legal
    return lambda t, s, seat: choice(legal(t, s, seat))


def playout(state, players: Sequence[Chooser], stop: Callable[[list], bool] | None = None, events: bool = True):
    """Play ``state`` on with one chooser per seat (sealed choices lowest seat first) until the game
    ends or ``stop(flat_state)`` holds; the state returned carries its last transition's events
    (none when ``events`` is False)."""
    table, s = encode(state)
    first, apply = C.first_to_act, C.apply
    before, last = None, 0
    while s[C.PH] != C.GAME_OVER and (stop is None or not stop(s)):
        seat = first(table, s)
        code = players[seat](table, s, seat)
        before, last = s, code
        s = apply(table, s, code)
    if before is None:
        return state
    return _last_with_events(table, before, last) if events else decode(table, s)


def played_states(state, players: Sequence[Chooser]) -> tuple[list, list]:
    """Every state of the game from ``state`` to its end, each with its events, and the actions."""
    table, s = encode(state)
    first, apply = C.first_to_act, C.apply
    states, actions = [state], []
    while s[C.PH] != C.GAME_OVER:
        seat = first(table, s)
        code = players[seat](table, s, seat)
        events: list = []
        s = apply(table, s, code, None, events)
        states.append(decode(table, s, tuple(events)))
        actions.append(action_of(code))
    return states, actions


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
