"""Hidden information: states consistent with what one seat knows (determinisation, WL-INFO-1/2).

The engine side of it: standard library only; the analysis (rollouts, the Monte Carlo bot) and the
conformance check (:func:`redraw_hidden`) use it.

What a seat is assumed to know. Everything public (WL-INFO-2): the board, markers, VP chips, every
revealed bid and rebellion commitment, and income totals; card backs show their colour, so each
opponent's number of influence and of combat cards is known (WL-CARDS-4). A player who has followed
the whole game can therefore count each opponent's influence and combat *totals* (income, bids,
refunds and combat commitments are all public). What stays hidden: which card **values** make up
those totals, the order of the draw pool, and sealed commitments not yet revealed.

:func:`determinise` draws one state consistent with that knowledge: each opponent's influence and
combat cards are redrawn uniformly among the value splits with the same count and total (his one 0
card stays), the draw pool is shuffled (its contents, the unseen chips, are public), and the other
seats' sealed bids / sides / income choices of the current step are taken back, so that whoever
plays on from the sample must decide them afresh.

>>> import random
>>> from lotus_kit.white_lotus.engine import new_game
>>> s = new_game(4, seed=1)
>>> d = determinise(s, seat=0, rng=random.Random(5))
>>> d.hands[0] == s.hands[0], [h.influence_total for h in d.hands] == [h.influence_total for h in s.hands]
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from lotus_kit.white_lotus.actions import Bid, JoinSide, TakeIncome
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.events import GameStarted
from lotus_kit.white_lotus.state import IncomeStep, RebellionStep, ResolveStep, State


def value_splits(count: int, total: int) -> list[tuple[int, int, int]]:
    """Every (ones, twos, threes) with ``count`` cards summing to ``total``.

    >>> value_splits(3, 6)
    [(0, 3, 0), (1, 1, 1)]
    """
    out = []
    for threes in range(count + 1):
        twos = total - count - 2 * threes
        ones = count - twos - threes
        if twos >= 0 and ones >= 0:
            out.append((ones, twos, threes))
    return out


def resample_hand(hand: Hand, rng: random.Random) -> Hand:
    """The same counts and totals of influence and combat cards, values redrawn uniformly."""
    inf = rng.choice(value_splits(hand.inf1 + hand.inf2 + hand.inf3, hand.influence_total))
    com = rng.choice(value_splits(hand.com1 + hand.com2 + hand.com3, hand.combat_total))
    return Hand(hand.zero, *inf, *com)


def hide_sealed(state: State, seat: int) -> State:
    """Take back the other seats' sealed commitments of the current step (bids, sides, income)."""
    step = state.step
    if isinstance(step, ResolveStep) and step.conflict is not None and step.conflict.bids \
            and not step.conflict.tied and step.conflict.refund_seat < 0:
        c = step.conflict
        return replace(state, step=replace(step, conflict=replace(c, bids=tuple(b for b in c.bids if b.seat == seat))))
    if isinstance(step, RebellionStep) and step.leader >= 0 and not step.winner and step.commitments:
        return replace(state, step=replace(step, commitments=tuple(c for c in step.commitments if c.seat == seat)))
    if isinstance(step, IncomeStep) and step.choices:
        return replace(state, step=replace(step, choices=tuple(c for c in step.choices if c.seat == seat)))
    return state


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """One state consistent with what ``seat`` knows (see the module doc)."""
    hands = list(state.hands)
    supply = list(state.supply) if state.supply is not None else None
    # bids revealed in a tie the emperor has still to break are public and still in hand (WL-CONF-9)
    revealed: dict[int, tuple[int, int, int]] = {}
    c = state.conflict
    if c is not None and c.tied:
        for b in c.bids:
            revealed[b.seat] = (b.cards.count(1), b.cards.count(2), b.cards.count(3))
    for s in range(state.players):
        if s == seat:
            continue
        shown = revealed.get(s, (0, 0, 0))
        new = resample_hand(hands[s].add_influence(shown, -1), rng).add_influence(shown)
        if supply is not None:
            delta = [getattr(new, f) - getattr(hands[s], f) for f in ("inf1", "inf2", "inf3", "com1", "com2", "com3")]
            trial = [a - d for a, d in zip(supply, delta, strict=True)]
            if min(trial) < 0:
                continue            # the finite supply cannot hold this split: keep his real one
            supply = trial
        hands[s] = new
    pool = list(state.pool)
    rng.shuffle(pool)
    state = replace(state, hands=tuple(hands), pool=tuple(pool),
                    supply=tuple(supply) if supply is not None else None)
    return hide_sealed(state, seat)


# -- the conformance check's redraw -----------------------------------------------------------------
def _other_hand(hand: Hand, rng: random.Random) -> Hand:
    """A hand with the same number of cards (and the one 0), values and colours redrawn."""
    counts = [0] * 6
    for _ in range(hand.size - hand.zero):
        counts[rng.randrange(6)] += 1
    return Hand(hand.zero, *counts)


def _sealed_changed(state: State, seat: int, rng: random.Random) -> Any:
    """The step with every other seat's sealed commitment replaced by another one."""
    step = state.step
    if isinstance(step, ResolveStep) and step.conflict is not None:
        c = step.conflict
        if c.tied or c.refund_seat >= 0:       # revealed already
            return step
        bids = tuple(b if b.seat == seat else Bid(b.seat, rng.choice([t for t in c.remaining if t != b.seat]),
                                                  tuple(sorted(rng.choices((0, 1, 2, 3), k=rng.randrange(5)),
                                                               reverse=True)))
                     for b in c.bids)
        return replace(step, conflict=replace(c, bids=bids))
    if isinstance(step, RebellionStep) and step.leader >= 0 and not step.winner:
        commitments = tuple(
            c if c.seat == seat else JoinSide(c.seat, c.side if c.seat in (state.emperor, step.leader)
                                              else rng.choice(("emperor", "rebels")),
                                              tuple(sorted(rng.choices((1, 2, 3), k=rng.randrange(4)), reverse=True)))
            for c in step.commitments)
        return replace(step, commitments=commitments)
    if isinstance(step, IncomeStep):
        return replace(step, choices=tuple(c if c.seat == seat else TakeIncome(c.seat, rng.randrange(3))
                                           for c in step.choices))
    return step


def redraw_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with everything ``seat`` may not know (WL-INFO-1) drawn afresh: every other hand
    (same number of cards, values and colours redrawn), the order of the draw pool, the seed that
    ordered it (in the state and in the event that carries it) and the other seats' sealed bids,
    sides and income choices. Meant for the conformance check (an observation must not change):
    the result shows the same public facts, not always a position the game could reach.

    >>> from lotus_kit.white_lotus.engine import new_game
    >>> from lotus_kit.white_lotus.observation import observation
    >>> s = new_game(5, seed=4)
    >>> t = redraw_hidden(s, 1, random.Random(2))
    >>> t != s and observation(t, 1) == observation(s, 1)
    True
    """
    hands = tuple(h if s == seat else _other_hand(h, rng) for s, h in enumerate(state.hands))
    pool = list(state.pool)
    rng.shuffle(pool)
    seed = state.seed + rng.randrange(1, 10**6)
    events = tuple(replace(e, seed=seed) if isinstance(e, GameStarted) else e for e in state.events)
    twin = replace(state, hands=hands, pool=tuple(pool), seed=seed, step=_sealed_changed(state, seat, rng))
    object.__setattr__(twin, "events", events)     # events are not an init field's value to compare
    return twin


__all__ = ["determinise", "hide_sealed", "redraw_hidden", "resample_hand", "value_splits"]
