"""The model behind the rebellion odds (WL-REB): who leads, each player's likely side and combat, and
the strength of both sides. :mod:`lotus_kit.white_lotus.analysis.rebellion` (the odds) and
:mod:`lotus_kit.white_lotus.analysis.sides` (the equilibrium of the sides) both build on it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions
from lotus_kit.white_lotus.hidden import determinise
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


__all__ = ["SIDES", "RebellionOdds", "player_distribution", "strength_distribution", "with_leader"]
