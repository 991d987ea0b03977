"""The rebellion: who joins which side, with how much, and which side wins with what odds (WL-REB).

The sides and combat cards are a sealed simultaneous choice (WL-REB-3/4), so each player's choice
is modelled **independently** of the others', as a distribution over (side, combat committed):

- ``model="heuristic"``: the heuristic bot's choice, estimated from ``samples`` seeded bots; each
  sample is drawn from a determinised state when ``seat`` is given (``seat``'s view: the other
  players' combat card values are resampled with the same count and total, see
  :mod:`lotus_kit.white_lotus.hidden`), otherwise from the true hands;
- ``model="random"``: every legal (side, card multiset) equally likely (the uniform-random bot);
- ``model="equilibrium"``: the mixed strategies of :func:`lotus_kit.white_lotus.analysis.sides.best_sides` (the
  rebellion solved as a game, with its default utility model);
- ``commitments={seat: JoinSide(...)}`` fixes some players' choices (e.g. your own).

The strength of each side is then exact given those distributions: the leaders' bonuses (+2 per
palace of the emperor, +1 per village of the rebel leader, WL-REB-5) plus the convolution of every
player's combat on his side; the rebels win only when strictly stronger (WL-REB-6).

>>> from lotus_kit.white_lotus.position import position
>>> s = position({"players": 4, "phase": 4, "emperor": 0,
...     "owners": {"DATO": [0, "P"], "JINA": [0, "P"], "FENG": [1, "V"], "HENA": [1, "V"], "CHEN": [1, "V"],
...                "LUZH": [2, "T"], "TIAN": [3, "R"]},
...     "hands": {0: {"combat": [2]}, 1: {"combat": [3]}, 2: {"combat": [3]}, 3: {"combat": [1]}}})
>>> odds = rebellion_odds(s, leader=1, model="random")
>>> odds.leader, odds.bonus
(1, {'emperor': 4, 'rebels': 3})
>>> round(odds.p_rebels, 4)     # 23 of the 64 equally likely choices; a tie goes to the emperor
0.3594
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide
from lotus_kit.white_lotus.analysis.rebellion_model import (
    SIDES,
    RebellionOdds,
    _side,
    player_distribution,
    strength_distribution,
    with_leader,
)
from lotus_kit.white_lotus.analysis.sides import best_sides
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.hidden import determinise, hide_sealed
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import Phase, RebellionStep, State


def rebellion_odds(state: State, leader: int | None = None, model: str = "heuristic", samples: int = 200,
                   seat: int | None = None, commitments: Mapping[int, JoinSide] | None = None,
                   seed: int = 0) -> RebellionOdds:
    """The odds of the rebellion in ``state`` (phase 4) led by ``leader`` (see the module doc)."""
    state = with_leader(state, leader)
    step: RebellionStep = state.step
    if step.winner:
        raise ValueError("this rebellion is decided already")
    if step.commitments:       # sealed: do not peek; everyone is modelled afresh (or fixed by ``commitments``)
        state = hide_sealed(state, -1)
    rng = random.Random(seed)
    emperor, lead = state.emperor, step.leader
    bonus = {"emperor": 2 * state.palaces(emperor), "rebels": state.villages(lead)}
    commitments = dict(commitments or {})
    choices = {}
    equilibrium = None
    if model == "equilibrium":
        equilibrium = best_sides(state, progress=False)
    for p in range(state.players):
        if p in commitments:
            a = commitments[p]
            choices[p] = {(_side(state, a), sum(a.cards)): 1.0}
        elif equilibrium is not None:
            options = equilibrium.game.options[p]
            choices[p] = {options[k]: float(q) for k, q in enumerate(equilibrium.strategies[p]) if q > 0}
        else:
            choices[p] = player_distribution(state, p, model, samples, seat, rng)
    return RebellionOdds(emperor, lead, bonus, choices, strength_distribution(bonus, choices), model)


def who_leads(state: State, samples: int = 50, seed: int = 0):
    """For each player in the asking order: P(the heuristic bot, from his own view, agrees to lead)."""
    import pandas as pd

    step = state.step
    if state.phase != Phase.REBELLION or not isinstance(step, RebellionStep):
        raise ValueError("the state is not in phase 4 (WL-REB-2)")
    rng = random.Random(seed)
    rows = []
    cur = state
    p_nobody_yet = 1.0
    for s in step.ask_order[step.asked:] if step.leader < 0 else ():
        yes = 0
        for _ in range(samples):
            view = determinise(cur, s, rng)
            yes += HeuristicBot(rng.randrange(2**31)).choose(view, s).lead
        p = yes / samples
        rows.append({"seat": s, "name": seat_name(s), "villages": state.villages(s), "p_agrees": p,
                     "p_leads": p_nobody_yet * p})
        p_nobody_yet *= 1 - p
        if cur.step.leader < 0 and s != step.ask_order[-1]:
            cur = apply(cur, DeclareRebellion(s, False))
    return pd.DataFrame(rows, columns=["seat", "name", "villages", "p_agrees", "p_leads"])


__all__ = ["SIDES", "RebellionOdds", "player_distribution", "rebellion_odds", "strength_distribution", "who_leads",
           "with_leader"]
