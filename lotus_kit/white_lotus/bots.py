"""Bots for any seat: a uniform-random legal bot and a heuristic bot. Both are seeded.

Bots decide from the acting seat's :func:`observation` only (own hand, public board and
history), so they never peek at hidden cards.

>>> from lotus_kit.white_lotus.engine import new_game
>>> final = play_game(new_game(3, seed=2), [HeuristicBot(1), RandomBot(2), HeuristicBot(3)])
>>> final.is_over and len(final.scores) == 3
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from lotus_kit.core.bots import Bot, build_bot
from lotus_kit.core.bots import RandomBot as CoreRandomBot
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
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.observation import Observation, observation
from lotus_kit.white_lotus.state import State

BUILDING_VALUE = {"P": 5.0, "T": 3.5, "R": 2.5, "F": 2.0, "V": 1.8}   # end VP plus what it yields meanwhile


class RandomBot(CoreRandomBot):
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0):
        from lotus_kit.white_lotus.game import WHITE_LOTUS

        super().__init__(seed, WHITE_LOTUS)


class HeuristicBot:
    """Plays with purpose: claims valuable provinces near its own, bids what a province is worth,
    joins the side likely to win, takes the most valuable reward."""

    name = "heuristic"

    def __init__(self, seed: int = 0, influence_per_vp: float = 1.6):
        self.rng = random.Random(seed)
        self.rate = influence_per_vp

    # -- reading the board ------------------------------------------------------------------
    def _value(self, obs: Observation, state: State, i: int, seat: int) -> float:
        """What province ``i`` is worth to ``seat``: its building, a dragon, and joining his group."""
        chip = obs.chips[i]
        v = BUILDING_VALUE.get(chip, 1.0)
        if state.board.dragon_mask >> i & 1:
            v += 2.0
        mine = sum(1 for j in iter_bits(state.board.adjacency[i]) if obs.owners[j] == seat)
        return v + 0.6 * min(mine, 2)

    def choose(self, state: State, seat: int) -> Action:
        obs = observation(state, seat)
        legal = obs.legal
        kind = type(legal[0])
        handler: Callable[[Observation, State, int, Sequence[Action]], Action] = {
            PlaceMarker: self._claim, Pass: self._claim, ChooseProvince: self._order, Bid: self._bid,
            BreakTie: self._tie, TakeRefund: lambda o, s, k, a: a[0], DeclareRebellion: self._lead,
            JoinSide: self._join, TakeReward: self._reward, TakeIncome: self._income,
            PlaceChip: self._place_chip, TempleDraw: lambda o, s, k, a: TempleDraw(k, True),
        }[kind]
        return handler(obs, state, seat, legal)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s >= top - 1e-9])

    def _claim(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        scored = []
        for a in legal:
            if isinstance(a, PlaceMarker):
                i = state.index(a.province)
                rivals = (obs.markers[i] & ~(1 << seat)).bit_count()
                scored.append((self._value(obs, state, i, seat) - 1.4 * rivals + self.rng.random() * 0.3, a))
        if any(isinstance(a, Pass) for a in legal):
            scored.append((1.0, Pass(seat)))
        return self._best(scored)

    def _order(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        # settle what is ours alone first (palaces keep the stone), conflicts last
        def key(a: ChooseProvince) -> float:
            i = state.index(a.province)
            alone_mine = obs.markers[i] == 1 << seat
            return (3 if alone_mine else 0) + (2 if obs.chips[i] == "P" else 0) - obs.markers[i].bit_count()
        return self._best([(key(a), a) for a in legal])

    def _bid(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        i = obs.conflict_province
        others = [s for s in obs.conflict_participants if s != seat]
        # name the rival who looks strongest: most cards in hand, then most VP chips
        target = max(others, key=lambda s: (obs.hand_sizes[s], obs.vp_chips[s], self.rng.random()))
        worth = self._value(obs, state, i, seat) * self.rate
        want = max(0, round(worth * self.rng.uniform(0.5, 1.3)))
        cards = _closest_subset(obs.hand.influence_cards(), want)
        if self.rng.random() < 0.15 and 0 in obs.hand.influence_cards():
            cards = (*[c for c in cards if c], 0)          # a bluff card costs nothing (WL-CONF-9)
        return Bid(seat, target, tuple(sorted(cards, reverse=True)))

    def _tie(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        tied = [a.leaver for a in legal]
        rivals = [s for s in tied if s != seat] or tied
        return BreakTie(seat, max(rivals, key=lambda s: (len(state.provinces_of(s)), obs.vp_chips[s])))

    def _strengths(self, obs: Observation, state: State, leader: int) -> tuple[float, float]:
        emperor = obs.emperor
        return (2 * state.palaces(emperor) + 0.3 * obs.hand_sizes[emperor],
                state.villages(leader) + 0.3 * obs.hand_sizes[leader])

    def _lead(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        emp, _ = self._strengths(obs, state, seat)
        mine = obs.hand.combat_total + state.villages(seat)
        return DeclareRebellion(seat, mine > emp + 1)

    def _join(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        leader = obs.rebel_leader
        combat = obs.hand.combat_cards()
        if seat in (obs.emperor, leader):
            return JoinSide(seat, None, combat)             # a leader fights with everything
        emp, reb = self._strengths(obs, state, leader)
        side = "emperor" if emp + self.rng.uniform(-1, 1) >= reb else "rebels"
        keep = len(combat) // 2
        return JoinSide(seat, side, combat[: len(combat) - keep])

    def _reward(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        scored = [(1.0, a) if a.province is None else (self._value(obs, state, state.index(a.province), seat), a)
                  for a in legal]
        return self._best(scored)

    def _income(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        # palaces pay influence unless the combat hand is thin and a rebellion looks likely
        wants_combat = obs.hand.combat_total < 3 and state.villages(seat) > 0
        return legal[-1] if wants_combat else legal[0]

    def _place_chip(self, obs: Observation, state: State, seat: int, legal: Sequence[Action]) -> Action:
        good = BUILDING_VALUE.get(obs.drawn_chip or "", 1.0) >= 2.5
        scored = []
        for a in legal:
            i = state.index(a.province)
            mine = sum(1 for j in iter_bits(state.board.adjacency[i]) if obs.owners[j] == seat)
            theirs = sum(1 for j in iter_bits(state.board.adjacency[i]) if obs.owners[j] not in (-1, seat))
            scored.append(((mine - theirs) * (1 if good else -1) + self.rng.random() * 0.5, a))
        return self._best(scored)


def _closest_subset(cards: Sequence[int], want: int) -> tuple[int, ...]:
    """Non-zero cards whose sum is closest to ``want`` (ties: fewer points)."""
    nonzero = [c for c in cards if c]
    best: tuple[int, ...] = ()
    best_gap = math.inf
    reachable = {0: ()}
    for c in nonzero:
        for total, used in list(reachable.items()):
            reachable.setdefault(total + c, (*used, c))
    for total, used in reachable.items():
        gap = abs(total - want) + (0.1 if total > want else 0)
        if gap < best_gap:
            best, best_gap = used, gap
    return best


BOTS: dict[str, type | str] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    # the analysis bot needs numpy (the [analysis] extra); it is imported only when asked for, so the
    # engine keeps running on the standard library alone
    "montecarlo": "lotus_kit.white_lotus.analysis.mcbot:MonteCarloBot",
}
"""Every bot by name: a class, or ``"module:Class"`` imported on first use. Each takes a seed."""


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name (a key of :data:`BOTS`) with its seed.

    >>> type(make_bot("heuristic", 3)).__name__, type(make_bot("montecarlo", 3)).__name__
    ('HeuristicBot', 'MonteCarloBot')
    """
    return build_bot(BOTS, kind, seed)


def play_game(state: State, bots: Sequence[Bot], on_action: Callable[[State, Action, State], None] | None = None
              ) -> State:
    """Play to the end with one bot per seat; sealed choices are asked seat by seat in seat order."""
    if bots and all(type(b) in (RandomBot, HeuristicBot) for b in bots):
        # the same game on the fast core: same legal actions in the same order, same choices, same draws
        from lotus_kit.white_lotus.fast import play as fast

        if on_action is None:
            if all(type(b) is RandomBot for b in bots):
                return fast.random_playout(state, [b.rng for b in bots])
            return fast.playout(state, fast.choosers(bots))
        states, actions = fast.played_states(state, fast.choosers(bots))
        for before, action, after in zip(states, actions, states[1:], strict=False):
            on_action(before, action, after)
        return states[-1]
    while not state.is_over:
        seat = min(to_act(state))
        action = bots[seat].choose(state, seat)
        after = apply(state, action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state


def bot_game(players: int, seed: int, kind: str = "heuristic") -> list[State]:
    """Every state of the game ``seed`` played by bots of ``kind`` (seat k seeded ``10 * seed + k``).

    >>> states = bot_game(3, 2)
    >>> states[-1].is_over and states[0].players == 3
    True
    """
    state = new_game(players, seed)
    states = [state]
    play_game(state, [make_bot(kind, seed * 10 + k) for k in range(players)],
              on_action=lambda _before, _action, after: states.append(after))
    return states


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "bot_game", "legal_actions", "make_bot", "play_game"]
