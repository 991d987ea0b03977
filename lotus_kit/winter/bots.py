"""Bots for Winter: a uniform random player, a Monte-Carlo freezer and a perfect-play thawer.

Every bot decides from ``observation(state, seat)`` alone: the deck order it sees is not the real one,
so the Monte-Carlo bot reshuffles the face-down cards for each playout (WIN-CLAR-3).
"""

from __future__ import annotations

import random

from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import Action, from_code
from lotus_kit.winter.grid import bits
from lotus_kit.winter.solver import outcome, solve

THAW_PHASES = (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT)


def _observed(state: e.WinterState, seat: int) -> e.WinterState:
    from lotus_kit.winter.game import WINTER

    return WINTER.observation(state, seat)


class RandomBot:
    """Picks a legal action uniformly at random (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: e.WinterState, seat: int) -> Action:
        return from_code(self.rng.choice(e.legal_view(state)), state.v)


def rollout_code(s: e.WinterState, rng: random.Random) -> int:
    """A quick playout policy: take a square when one is offered; in the freeze lay a card at a random
    spot; in the thaw mostly remove a free card (so a playout ends in a few dozen actions)."""
    if s.v[e.PHASE] == e.THAW:
        free = e.free_cards(s.v)
        if free and rng.random() < 0.8:
            return e.REMOVE | rng.choice(bits(free)) << 5
    codes = e.legal_codes(s)
    tokens = [c for c in codes if c & 15 == e.TOKEN]
    if tokens and rng.random() < 0.9:
        return rng.choice(tokens)
    return rng.choice(codes)


class MonteCarloBot:
    """For each candidate action, plays quick random games to the end on reshuffled decks and keeps the
    action that won most often for its seat. In the thaw it asks the solver first (a short budget)."""

    name = "montecarlo"

    def __init__(self, seed: int = 0, playouts: int = 12, candidates: int = 16, solve_seconds: float = 0.2):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.candidates = candidates
        self.solve_seconds = solve_seconds

    def choose(self, state: e.WinterState, seat: int) -> Action:
        from lotus_kit.winter.game import WINTER

        obs = _observed(state, seat)
        if obs.v[e.PHASE] in THAW_PHASES:
            found = solve(obs, seconds=self.solve_seconds)
            if found.solved and found.best is not None:
                return found.best
        codes = e.legal_codes(obs)
        if len(codes) == 1:
            return from_code(codes[0], obs.v)
        pool = codes if len(codes) <= self.candidates else self.rng.sample(codes, self.candidates)
        sign = 1 if seat == 0 else -1
        best, best_score = pool[0], -1e18
        for c in pool:
            score = 0.0
            for _ in range(self.playouts):
                s = e.apply_legal(WINTER.redraw_hidden(obs, seat, self.rng), c)
                steps = 0
                while s.v[e.PHASE] != e.OVER and steps < 400:
                    s = e.apply_legal(s, rollout_code(s, self.rng))
                    steps += 1
                value = outcome(s.v) * sign
                score += (value > 0) - (value < 0) + value / 10_000
            if score > best_score:
                best, best_score = c, score
        return from_code(best, obs.v)


class SolverBot:
    """Perfect play in the thaw where the solver finishes within ``seconds`` (else its best move so far);
    in the freeze it plays like the Monte-Carlo bot."""

    name = "solver"

    def __init__(self, seed: int = 0, seconds: float = 1.0):
        self.seconds = seconds
        self.freeze = MonteCarloBot(seed)

    def choose(self, state: e.WinterState, seat: int) -> Action:
        obs = _observed(state, seat)
        if obs.v[e.PHASE] in THAW_PHASES:
            found = solve(obs, seconds=self.seconds)
            if found.best is not None:
                return found.best
        return self.freeze.choose(state, seat)
