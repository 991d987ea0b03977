"""Bots for Ehre der Samurai: random, a greedy heuristic, and Monte-Carlo over hidden redraws.

Every bot decides from what its seat may know: the heuristic reads only the table and its own hand
(and never the generator: dice are judged by their exact odds, :mod:`.odds`); the Monte-Carlo bot
redraws everything hidden from its seat (``redraw_hidden``, a fresh generator) before each rollout.

>>> from lotus_kit.samurai.game import SAMURAI
>>> s = SAMURAI.new_game(4, seed=3)
>>> a = HeuristicBot(0).choose(s, 0)
>>> a in SAMURAI.legal_actions(s)
True
"""

from __future__ import annotations

import random
from typing import Any

from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.actions import Action, decode
from lotus_kit.samurai.odds import attacker_wins
from lotus_kit.samurai.state import ints

__all__ = ["HeuristicBot", "MonteCarloBot", "RandomBot", "evaluate", "play_game"]


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        return decode(self.rng.choice(E.legal(ints(state))))


def evaluate(t, seat: int) -> float:
    """How well ``seat`` stands: honor plus a few turns of income, against the best other seat."""
    n = t[E.N]
    target = t[E.TARGET]

    def worth(s: int) -> float:
        b = E.seat_base(s)
        honor = t[b + E.HONOR]
        if t[E.MODE] == E.OVER:
            return 10_000.0 if t[E.WIN] >> s & 1 else honor
        inc = E.income(t, s)
        return min(honor + 3 * inc, target * 1.5) + 0.3 * E.strength(t, s, True) + 2 * E.allowed_actions(t, s)

    mine = worth(seat)
    best_other = max(worth(s) for s in range(n) if s != seat)
    return mine - best_other


def _static(t, c: int, seat: int) -> float:
    """A quick score of one action without applying it (the rollout policy and a tie-breaker)."""
    op, _s, card, owner, house, item, _to_o, _to_h = E.fields(c)
    if op == E.SHOGUN:
        return 1000.0
    if op == E.PLAY:
        if card in C.DAIMYOS:
            return 500.0 + C.H[card]
        value = C.H[card] * 3 + C.K[card] * 4 + C.S[card]
        mine = owner == seat or t[E.seat_base(seat) + E.ALLY] == owner
        return value if mine else -value
    if op == E.ALLY_WITH:
        return 300.0 + E.income(t, owner)
    if op == E.ATTACK:
        p = float(attacker_wins(E.dice(E.strength(t, seat, False)), E.dice(E.strength(t, owner, True))))
        gain = (E.shogun_value(t) if t[E.SHOGUN_AT] == owner else 0) + 20
        loss = E.house_honor(t, E.house_base(seat, E.DAIMYO_HOUSE)) + (E.shogun_value(t) if t[E.SHOGUN_AT] == seat
                                                                       else 0)
        return 4 * (p * gain - (1 - p) * loss)
    if op == E.THIEF or op == E.STEAL:
        cost = 15 if card == C.NINJA_THIEF else 25 if card else 0
        friendly = owner == seat or owner == t[E.seat_base(seat) + E.ALLY]
        if friendly:                         # moving one's own card pays nothing
            return -cost - 1.0
        return 6 * C.H[item] + C.S[item] - cost
    if op == E.ASSASSIN:
        hb = E.house_base(owner, house)
        if owner == seat or (t[E.seat_base(seat) + E.ALLY] == owner and house == E.DAIMYO_HOUSE):
            return -100.0
        value = E.house_honor(t, hb) * 3 + (E.shogun_value(t) if house == 0 and t[E.SHOGUN_AT] == owner else 0)
        p = 1 / 3 if t[hb + E.GUARDS] else 2 / 3
        return p * value - 25
    if op == E.DISHONOR:
        return 40.0 if owner != t[E.seat_base(seat) + E.ALLY] else -50.0
    if op == E.DRAW:
        return 30.0 - 4 * len(E.hand(t, seat))
    if op == E.DISCARD_CARD:
        return -5.0 + (10 if card == C.KIND["FIREARMS"] else 0)
    if op == E.END_TURN:
        return 0.0
    if op == E.BREAK_ALLIANCE:
        return -40.0
    if op == E.SAVE_FACE:
        mode_loser = t[E.C3] if t[E.MODE] == E.WINDOW else seat
        friend = mode_loser == seat or t[E.seat_base(seat) + E.ALLY] == mode_loser
        return 50.0 if friend else -50.0
    if op == E.PASS:
        return 0.0
    if op == E.PAY:
        return -75.0
    if op == E.SEPPUKU:
        hb = E.house_base(seat, house)
        lost = E.house_honor(t, hb) * 4 + E.house_strength(t, hb, True) + 10 * (house == E.DAIMYO_HOUSE)
        if house == E.DAIMYO_HOUSE:
            lost += 60 + (E.shogun_value(t) * 2 if t[E.SHOGUN_AT] == seat else 0)
        return -float(lost)
    if op == E.CASTLE_PICK:
        return {E.LEAVE: 0, E.TAKE: 30, E.KEEP_OWN: 5, E.SWAP: 10}[card]
    if op == E.ACCEPT:
        return 10.0
    return 0.0


class HeuristicBot:
    """Greedy: the action with the best quick score (declare Shogun, found a Daimyo house, ally,
    play honor and Ki first, attack when the odds pay, answer Dishonor at the least cost)."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        state = ints(state)                   # the engine's ints of a State, read directly
        codes = E.legal(state)
        best = max(codes, key=lambda c: (_static(state, c, seat), self.rng.random()))
        if best & 31 == E.END_TURN:
            best = _unclog(state, codes, seat, self.rng) or best
        return decode(best)


def _unclog(t, codes: list[int], seat: int, rng: random.Random) -> int | None:
    """A discard instead of ending the turn with a full hand (SAM-KI-4: no draw is legal then), or None.

    Without it a table of full hands that no card fits (Ronin whose Samurai houses are full, no
    Daimyo in any hand) ends turn after turn unchanged for ever: nobody gains honor (SAM-HON-3) and
    nobody ever draws the Daimyo still in the deck. The card discarded is one with no other use
    now, the least valuable first."""
    if len(E.hand(t, seat)) < E.HAND_SLOTS:
        return None
    discards = [c for c in codes if c & 31 == E.DISCARD_CARD]
    if not discards:
        return None
    used = {E.fields(c)[2] for c in codes if c & 31 not in (E.DISCARD_CARD, E.END_TURN)}

    def keep(c: int) -> tuple[bool, int, float]:
        k = E.fields(c)[2]
        # events and guards carry no values (SAM-CMP-2) but answer later (Save Face): worth a little
        worth = 5 if E.CLASS[k] >= E.C_GUARD else C.H[k] * 3 + C.K[k] * 4 + C.S[k]
        return k in used, worth, rng.random()

    return min(discards, key=keep)


class MonteCarloBot:
    """For each candidate (the heuristic's best few), ``rollouts`` plays of the next ``depth`` actions
    by heuristic players on hidden cards redrawn for its seat; the best mean :func:`evaluate` wins."""

    name = "montecarlo"

    def __init__(self, seed: int = 0, rollouts: int = 6, depth: int = 30, candidates: int = 5):
        self.rng = random.Random(seed)
        self.rollouts, self.depth, self.candidates = rollouts, depth, candidates

    def choose(self, state: Any, seat: int) -> Action:
        t = ints(state)                       # the engine's ints of a State, read directly
        codes = E.legal(t)
        if len(codes) == 1:
            return decode(codes[0])
        from lotus_kit.samurai.game import SAMURAI

        ranked = sorted(codes, key=lambda c: -_static(t, c, seat))[: self.candidates]
        scores = {c: 0.0 for c in ranked}
        for _ in range(self.rollouts):
            world = SAMURAI.redraw_hidden(state, seat, self.rng)
            for c in ranked:
                t = E.apply(ints(world), c)
                for _step in range(self.depth):
                    if t[E.MODE] == E.OVER:
                        break
                    who = E.to_act(t)
                    options = E.legal(t)
                    t = E.apply(t, max(options, key=lambda x, w=who, t=t: _static(t, x, w)))
                scores[c] += evaluate(t, seat)
        return decode(max(ranked, key=lambda c: scores[c]))


def play_game(state: Any, bots: list[Any], max_actions: int = 20_000) -> Any:
    """Play ``state`` to its end with one bot per seat; returns the final state."""
    from lotus_kit.samurai.game import SAMURAI

    for _ in range(max_actions):
        if SAMURAI.is_over(state):
            break
        seat = E.to_act(state)
        state = SAMURAI.apply(state, bots[seat].choose(state, seat))
    return state
