"""The rebellion: who joins which side, with how much, and which side wins with what odds (WL-REB).

The sides and combat cards are a sealed simultaneous choice (WL-REB-3/4), so each player's choice
is modelled **independently** of the others', as a distribution over (side, combat committed):

- ``model="heuristic"``: the heuristic bot's choice, estimated from ``samples`` seeded bots; each
  sample is drawn from a determinised state when ``seat`` is given (``seat``'s view: the other
  players' combat card values are resampled with the same count and total, see
  :mod:`lotus_kit.analysis.hidden`), otherwise from the true hands;
- ``model="random"``: every legal (side, card multiset) equally likely (the uniform-random bot);
- ``model="equilibrium"``: the mixed strategies of :func:`lotus_kit.analysis.sides.best_sides` (the
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
from dataclasses import dataclass

import numpy as np

from lotus_kit.analysis.hidden import determinise, hide_sealed
from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions
from lotus_kit.white_lotus.rebellion import ask_order
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import Phase, RebellionStep, State

SIDES = ("emperor", "rebels")


def with_leader(state: State, leader: int | None = None) -> State:
    """The rebellion state once ``leader`` leads: earlier players in the asking order decline (WL-REB-2).

    ``None`` keeps the current leader, or takes the first eligible player in the asking order.
    """
    step = state.step
    if state.phase != Phase.REBELLION or not isinstance(step, RebellionStep):
        raise ValueError("the state is not in phase 4 with a rebellion to decide (WL-REB-2)")
    if step.leader >= 0:
        if leader not in (None, step.leader):
            raise ValueError(f"seat {step.leader} already leads this rebellion")
        return state
    order = step.ask_order[step.asked:]
    if leader is None:
        leader = order[0]
    if leader not in order:
        raise ValueError(f"seat {leader} cannot be asked to lead now; still to be asked: {list(order)} (WL-REB-1/2)")
    for s in order:
        state = apply(state, DeclareRebellion(s, s == leader))
        if s == leader:
            break
    return state


def _side(state: State, a: JoinSide) -> str:
    if a.seat == state.emperor:
        return "emperor"
    if a.seat == state.rebel_leader:
        return "rebels"
    return a.side


def player_distribution(state: State, player: int, model: str, samples: int, seat: int | None,
                        rng: random.Random) -> dict[tuple[str, int], float]:
    """P(side, combat total) of one player's sealed choice under the model."""
    counts: dict[tuple[str, int], float] = {}
    if model == "random":
        legal = legal_actions(state, player)
        for a in legal:
            key = (_side(state, a), sum(a.cards))
            counts[key] = counts.get(key, 0) + 1.0
    elif model == "heuristic":
        for _ in range(samples):
            view = determinise(state, seat, rng) if seat is not None and seat != player else state
            a = HeuristicBot(rng.randrange(2**31)).choose(view, player)
            key = (_side(state, a), sum(a.cards))
            counts[key] = counts.get(key, 0) + 1.0
    else:
        raise ValueError("model must be 'equilibrium', 'heuristic' or 'random'")
    total = sum(counts.values())
    return {k: v / total for k, v in counts.items()}


@dataclass
class RebellionOdds:
    """Each player's likely side and combat, the strength of both sides, and who wins."""

    emperor: int
    leader: int
    bonus: dict[str, int]
    choices: dict[int, dict[tuple[str, int], float]]
    strength: np.ndarray          # strength[e, r] = P(emperor side e, rebels r)
    model: str

    @property
    def p_rebels(self) -> float:
        e, r = np.indices(self.strength.shape)
        return float(self.strength[r > e].sum())

    @property
    def p_emperor(self) -> float:
        return 1.0 - self.p_rebels

    @property
    def p_tie(self) -> float:
        return float(np.trace(self.strength))

    def players(self):
        """Per player: role, P(backs the rebels), expected combat committed (a DataFrame)."""
        import pandas as pd

        rows = []
        for s, dist in sorted(self.choices.items()):
            role = "emperor" if s == self.emperor else "rebel leader" if s == self.leader else "player"
            rows.append({"seat": s, "name": seat_name(s), "role": role,
                         "p_rebels_side": sum(p for (side, _), p in dist.items() if side == "rebels"),
                         "expected_combat": sum(p * v for (_, v), p in dist.items())})
        return pd.DataFrame(rows)

    def strength_frame(self):
        """The distribution of the two sides' totals, one row per (emperor, rebels) pair with P > 0."""
        import pandas as pd

        e, r = np.nonzero(self.strength > 1e-12)
        return pd.DataFrame({"emperor_total": e, "rebel_total": r, "probability": self.strength[e, r],
                             "winner": np.where(r > e, "rebels", "emperor")})

    def summary(self) -> str:
        lines = [f"Rebellion led by {seat_name(self.leader)} against emperor {seat_name(self.emperor)} "
                 f"(bonuses: emperor +{self.bonus['emperor']}, rebels +{self.bonus['rebels']}; model: {self.model}).",
                 f"Rebels win {self.p_rebels:.0%}, the emperor {self.p_emperor:.0%} "
                 f"(a tie, {self.p_tie:.0%}, goes to the emperor, WL-REB-6)."]
        for r in self.players().itertuples():
            side = "" if r.role != "player" else f"backs the rebels {r.p_rebels_side:.0%}, "
            lines.append(f"  {r.name} ({r.role}): {side}commits {r.expected_combat:.1f} combat on average")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


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
        from lotus_kit.analysis.sides import best_sides

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


def strength_distribution(bonus: Mapping[str, int], choices: Mapping[int, Mapping[tuple[str, int], float]]
                          ) -> np.ndarray:
    """P(emperor side = e, rebels = r) from the leaders' bonuses and each player's independent
    (side, combat) distribution (WL-REB-5): the bonuses plus the convolution of every choice."""
    size = bonus["emperor"] + bonus["rebels"] + sum(max(v for _, v in d) for d in choices.values()) + 1
    dist = np.zeros((size, size))
    dist[bonus["emperor"], bonus["rebels"]] = 1.0
    for d in choices.values():
        new = np.zeros_like(dist)
        for (side, v), p in d.items():
            if side == "emperor":
                new[v:, :] += p * dist[: size - v, :]
            else:
                new[:, v:] += p * dist[:, : size - v]
        dist = new
    return dist


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
    for s in ask_order(state)[step.asked:] if step.leader < 0 else ():
        yes = 0
        for _ in range(samples):
            view = determinise(cur, s, rng)
            yes += HeuristicBot(rng.randrange(2**31)).choose(view, s).lead
        p = yes / samples
        rows.append({"seat": s, "name": seat_name(s), "villages": state.villages(s), "p_agrees": p,
                     "p_leads": p_nobody_yet * p})
        p_nobody_yet *= 1 - p
        if cur.step.leader < 0 and s != ask_order(state)[-1]:
            cur = apply(cur, DeclareRebellion(s, False))
    return pd.DataFrame(rows, columns=["seat", "name", "villages", "p_agrees", "p_leads"])


__all__ = ["RebellionOdds", "player_distribution", "rebellion_odds", "strength_distribution", "who_leads",
           "with_leader"]
