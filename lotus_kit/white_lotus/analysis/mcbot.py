"""A stronger bot: determinised Monte-Carlo search with heuristic-bot rollouts.

At each decision that matters (claims, the order of resolution, bids, ties, leading and joining a
rebellion, rewards, where a drawn chip goes) the bot

1. lists a few **candidate** actions (the most promising by a quick reading of the board, plus the
   heuristic bot's own choice), never all of them;
2. draws ``determinisations`` states consistent with what it knows (:func:`determinise`: the
   opponents' card values, the pool order and their unrevealed sealed choices are resampled; it
   never looks at hidden information);
3. plays each candidate in each sample, then the game on with heuristic bots (the same seeds for
   every candidate: common random numbers) up to the **horizon** - by default until the claims of the
   next year have been resolved, or the end of the game - and scores the result by a static
   evaluation: the score as it stands (WL-SCORE) plus a value for cards in hand and the emperor's
   stone, relative to the best opponent; a finished game scores its final margin plus a win bonus;
4. takes the candidate with the best mean.

Routine choices (refund values, income split, temple draws) are left to the heuristic bot.
Measured win rates against heuristic bots are in ``benchmarks/bench_analysis.py``.

>>> from lotus_kit.white_lotus.engine import new_game
>>> from lotus_kit.white_lotus.bots import HeuristicBot, play_game
>>> from lotus_kit.white_lotus.rules import RuleSet
>>> final = play_game(new_game(3, seed=1, rules=RuleSet(designer=True)),
...                   [MonteCarloBot(0, determinisations=1, candidates=2), HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over
True
"""

from __future__ import annotations

import random
import time
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
    TakeReward,
)
from lotus_kit.white_lotus.analysis.conflict import cards_for_total, reachable_totals
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.fast.play import choosers, playout, random_playout, until_year_after
from lotus_kit.white_lotus.hidden import determinise
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.state import Phase, State

VALUE = {"P": 5.0, "T": 3.5, "R": 2.5, "F": 2.0, "V": 1.8}
SEARCHED = (PlaceMarker, Pass, ChooseProvince, Bid, BreakTie, DeclareRebellion, JoinSide, TakeReward, PlaceChip)

__all__ = ["MonteCarloBot", "evaluation"]


def evaluation(state: State, seat: int, influence_vp: float = 0.3, combat_vp: float = 0.2,
               emperor_vp: float = 1.0) -> float:
    """Static value of ``state`` for ``seat``: his standing minus the best opponent's (VP).

    Standing = the score as it stands + ``influence_vp`` per influence point + ``combat_vp`` per
    combat point + ``emperor_vp`` for the emperor. A finished game: final margin + 5 for a win.
    """
    if state.is_over:
        totals = [line.total for line in state.scores]
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        return totals[seat] - best_other + (5.0 / len(state.winners) if seat in state.winners else 0.0)
    lines = score(state)
    standing = []
    for s, line in enumerate(lines):
        h = state.hands[s]
        standing.append(line.total + influence_vp * h.influence_total + combat_vp * h.combat_total
                        + (emperor_vp if s == state.emperor else 0.0))
    return standing[seat] - max(v for s, v in enumerate(standing) if s != seat)


def _province_value(state: State, i: int, seat: int) -> float:
    v = VALUE.get(state.chips[i], 1.0)
    if state.board.dragon_mask >> i & 1:
        v += 2.0
    mine = sum(1 for j in iter_bits(state.board.adjacency[i]) if state.owners[j] == seat)
    return v + 0.6 * min(mine, 2)


class MonteCarloBot:
    """Determinised Monte-Carlo search over a few candidates, heuristic bots in the rollouts (see module doc)."""

    name = "montecarlo"

    def __init__(self, seed: int = 0, determinisations: int = 3, candidates: int = 4, horizon: str = "next_year",
                 evaluation_weights: dict | None = None, rollout: str = "heuristic", think_time: float | None = None,
                 fast: bool = True):
        """``rollout="random"`` plays the rollouts with uniformly random actions instead of heuristic
        bots. Rollouts run on the fast core unless ``fast=False`` (the same rollouts through the
        engine: for measuring what speed buys).
        ``think_time``: CPU seconds per searched decision; samples are drawn until it is spent (at
        least one), instead of ``determinisations`` of them."""
        if horizon not in ("next_year", "game"):
            raise ValueError("horizon must be 'next_year' or 'game'")
        if rollout not in ("heuristic", "random"):
            raise ValueError("rollout must be 'heuristic' or 'random'")
        self.rollout, self.think_time, self.fast = rollout, think_time, fast
        self.samples: list[int] = []        # samples drawn per searched decision
        self.values: dict = {}
        self.rng = random.Random(seed)
        self.determinisations = determinisations
        self.max_candidates = candidates
        self.horizon = horizon
        self.weights = evaluation_weights or {}
        self.fallback = HeuristicBot(self.rng.randrange(2**31))

    # -- candidates ---------------------------------------------------------------------------
    def candidates(self, state: State, seat: int, legal: Sequence[Action]) -> list[Action]:
        """A few promising legal actions, the heuristic bot's choice among them."""
        k = self.max_candidates
        first = legal[0]
        out: list[Action] = [self.fallback.choose(state, seat)]
        if isinstance(first, PlaceMarker | Pass):
            scored = []
            for a in legal:
                if isinstance(a, PlaceMarker):
                    i = state.index(a.province)
                    rivals = (state.markers[i] & ~(1 << seat)).bit_count()
                    scored.append((_province_value(state, i, seat) - 1.4 * rivals, a))
                else:
                    scored.append((1.0, a))
            out += [a for _, a in sorted(scored, key=lambda t: -t[0])]
        elif isinstance(first, Bid):
            hand = state.hands[seat]
            totals = reachable_totals(hand)
            picks = sorted({totals[0], totals[-1], totals[len(totals) // 2], totals[len(totals) // 4],
                            totals[(3 * len(totals)) // 4]})
            heuristic_total = sum(out[0].cards) if isinstance(out[0], Bid) else 0
            targets = sorted({a.target for a in legal}, key=lambda t: t != getattr(out[0], "target", -1))
            for t in targets:
                for v in sorted(picks, key=lambda v: abs(v - heuristic_total)):
                    out.append(Bid(seat, t, cards_for_total(hand, v)))
        elif isinstance(first, JoinSide):
            combat = state.hands[seat].combat_cards()
            sides = sorted({a.side for a in legal}, key=lambda s: s != getattr(out[0], "side", None))
            for side in sides:
                for n in (len(combat), len(combat) // 2, 0):
                    out.append(JoinSide(seat, side, combat[:n]))
        elif isinstance(first, TakeReward):
            out += sorted(legal, key=lambda a: -1.0 if a.province is None
                          else -_province_value(state, state.index(a.province), seat))
        elif isinstance(first, PlaceChip):
            def key(a: PlaceChip) -> float:
                i = state.index(a.province)
                adj = state.board.adjacency[i]
                mine = sum(1 for j in iter_bits(adj) if state.owners[j] == seat)
                theirs = sum(1 for j in iter_bits(adj) if state.owners[j] not in (-1, seat))
                return mine - theirs
            ranked = sorted(legal, key=key)
            out += [x for pair in zip(ranked[::-1], ranked, strict=False) for x in pair]
        else:
            out += list(legal)
        unique: list[Action] = []
        for a in out:
            if a not in unique and a in legal:
                unique.append(a)
            if len(unique) >= k:
                break
        return unique

    # -- search ------------------------------------------------------------------------------
    def _stop(self, year: int):
        if self.horizon == "game":
            return lambda s: False
        return lambda s: s.year > year and s.phase >= Phase.EMPEROR_POINT

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_actions(state, seat)
        if len(legal) == 1 or not isinstance(legal[0], SEARCHED):
            return self.fallback.choose(state, seat)
        cands = self.candidates(state, seat, legal)
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        stop = self._stop(state.year)
        clock = time.process_time
        started = clock()
        drawn = 0
        while (drawn < self.determinisations if self.think_time is None
               else drawn == 0 or clock() - started < self.think_time):
            drawn += 1
            sample_seed = self.rng.randrange(2**31)
            det = determinise(state, seat, random.Random(sample_seed))
            for c, action in enumerate(cands):
                s2 = apply(det, action)
                if self.rollout == "random":
                    s2 = self._random_rollout(s2, sample_seed, state.year)
                else:
                    bots = [HeuristicBot(sample_seed + 31 * s) for s in range(state.players)]
                    if self.fast:
                        s2 = playout(s2, choosers(bots), None if self.horizon == "game" else
                                     until_year_after(state.year), events=False)
                    while not s2.is_over and not stop(s2):
                        who = min(to_act(s2))
                        s2 = apply(s2, bots[who].choose(s2, who))
                totals[c] += evaluation(s2, seat, **self.weights)
        self.samples.append(drawn)
        self.values = dict(zip(cands, totals, strict=True))    # the last decision's summed evaluations
        best = max(range(len(cands)), key=lambda c: (totals[c], -c))
        return cands[best]

    def _random_rollout(self, state: State, seed: int, year: int) -> State:
        """Uniformly random play to the horizon: on the fast core, or through the engine (same draws)."""
        rngs = [random.Random(seed + 31 * s) for s in range(state.players)]
        if self.fast:
            return random_playout(state, rngs, None if self.horizon == "game" else until_year_after(year),
                                  events=False)
        stop = self._stop(year)
        while not state.is_over and not stop(state):
            who = min(to_act(state))
            state = apply(state, rngs[who].choice(legal_actions(state, who)))
        return state
