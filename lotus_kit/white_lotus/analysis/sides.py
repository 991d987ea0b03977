"""Best sides and combat in a rebellion: the sealed choice of WL-REB-3/4 as a game, solved.

Everyone chooses at once: the players other than the two leaders a side, and every player, leaders
included, how much combat to commit (WL-REB-3, WL-REB-4, WL-REB-14). The rebels win only when their
strength (+1 per village of the leader plus their combat) is strictly higher than the emperor's (+2
per palace of the emperor plus his side's combat, WL-REB-5/6).

**Utility model** (in victory points, like the bids of :mod:`lotus_kit.white_lotus.analysis.bidding`):

- a player on the winning side gains ``reward``: by default what a province of the others is worth on
  average (its building plus a dragon, WL-SCORE-1/3), at least the 1 VP of the VP chip (WL-REB-9);
  under ``WL_REWARD_REQUIRES_COMBAT`` an ally who committed nothing gains nothing (WL-REB-8);
- a player on the losing side loses ``stake``: by default what one of his own provinces is worth on
  average (0 if he owns none: he has nothing to lose);
- every combat point committed costs ``vp_per_combat`` (the cards are discarded whoever wins,
  WL-REB-7).

Simplifications, stated plainly: each winner is assumed to get his reward and each loser to lose his
stake, whatever the number of winners and losers (in the game no loser gives up more than one
province, winners take them in order and may have to settle for the VP chip, WL-REB-8..10) and
whether a losing province borders one of the winner's (WL-REB-10 ii); the palace check after the
rewards (WL-REB-12) is not valued. Every player's combat cards are taken as known — an analyst's
view: in play they are secret (WL-INFO-1), which :func:`lotus_kit.white_lotus.analysis.rebellion.rebellion_odds`
models from one seat's view by sampling. ``reward`` and ``stake`` accept a number or
``{seat: value}`` to say otherwise.

**Solving.** Each player's options are (side, combat total); only the total matters to the result.
Given the others' mixed strategies the distribution of the strength difference *rebels minus
emperor* is a convolution, so each option's expected utility is exact; the game is solved by
predictive regret matching+ with alternating updates on those exact values (general-sum: each player
his own utility — in a rebellion the players of one side win or lose together, so "my gain is your
loss" does not fit). Nothing makes regret matching converge to a Nash equilibrium with more than two
players, and on some five- and six-player rebellions it cycles; when it has not reached the tolerance
(NashConv <= ``tol``, 1e-4 VP by default) the logit path of :mod:`lotus_kit.white_lotus.analysis.sides_path`
takes over. The result is checked either way: NashConv (exact: the sum of what every player could
gain by his best response) is computed on the strategies returned, ``advice.converged`` says whether
it is within ``tol``, and the summary says both in words.

>>> from lotus_kit.white_lotus.position import position
>>> s = position({"players": 4, "phase": 4, "emperor": 0,
...     "owners": {"DATO": [0, "P"], "JINA": [0, "P"], "FENG": [1, "V"], "HENA": [1, "V"], "CHEN": [1, "V"],
...                "LUZH": [2, "T"], "TIAN": [3, "R"]},
...     "hands": {0: {"combat": [2]}, 1: {"combat": [3]}, 2: {"combat": [3]}, 3: {"combat": [1]}}})
>>> advice = best_sides(s, leader=1)
>>> advice.emperor, advice.leader, advice.bonus
(0, 1, {'emperor': 4, 'rebels': 3})
>>> [(choice, round(p, 3)) for choice, p in advice.mix(2)]     # Green has a temple to lose
[('back the emperor with nothing', 1.0)]
>>> advice.converged, advice.nash_conv <= 1e-4
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from lotus_kit.analysis.rollouts import progress_bar
from lotus_kit.white_lotus.actions import JoinSide
from lotus_kit.white_lotus.analysis.bidding import province_value
from lotus_kit.white_lotus.analysis.rebellion_model import (
    SIDES,
    RebellionOdds,
    player_distribution,
    strength_distribution,
    with_leader,
)
from lotus_kit.white_lotus.analysis.sides_values import nash_conv, option_values, rebels_win
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.cards import Hand, values_of
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import RebellionStep, State

DEFAULT_VP_PER_COMBAT = 0.4
DEFAULT_TOL = 1e-4          # NashConv (VP) the solver aims for: far below what any choice here is worth
OPPONENT_MODELS = ("equilibrium", "heuristic", "random")


def combat_totals(hand: Hand) -> list[int]:
    """Every combat total the hand can commit, 0 included (WL-REB-14).

    >>> combat_totals(Hand(1, 0, 0, 0, 2, 1, 0))
    [0, 1, 2, 3, 4]
    """
    n1, n2, n3 = hand.combat_counts()
    return sorted({a + 2 * b + 3 * c for a in range(n1 + 1) for b in range(n2 + 1) for c in range(n3 + 1)})


def combat_cards_for(hand: Hand, total: int) -> tuple[int, ...]:
    """The canonical combat cards for ``total``: fewest cards, largest first.

    >>> combat_cards_for(Hand(1, 0, 0, 0, 2, 1, 1), 4), combat_cards_for(Hand(1, 0, 0, 0, 2, 1, 1), 0)
    ((3, 1), ())
    """
    n1, n2, n3 = hand.combat_counts()
    best: tuple[int, int, int] | None = None
    for c in range(n3 + 1):
        for b in range(n2 + 1):
            a = total - 3 * c - 2 * b
            if 0 <= a <= n1 and (best is None or a + b + c < sum(best)):
                best = (a, b, c)
    if best is None:
        raise ValueError(f"the combat cards {hand.combat_cards()} cannot make {total}")
    return tuple(sorted(values_of(best, first=1), reverse=True))


def choice_label(side: str | None, cards: Sequence[int], role: str = "player") -> str:
    """How a choice reads: ``back the rebels with 3+1``, ``commit nothing``.

    >>> choice_label("rebels", (3, 1)), choice_label("emperor", ()), choice_label(None, (2,), role="emperor")
    ('back the rebels with 3+1', 'back the emperor with nothing', 'commit 2')
    """
    body = "+".join(map(str, cards)) or "nothing"
    if role != "player":
        return f"commit {body}"
    return f"back the {side} with {body}"


def _role(seat: int, emperor: int, leader: int) -> str:
    return "emperor" if seat == emperor else "rebel leader" if seat == leader else "player"


def _mean_value(state: State, provinces: Sequence[int]) -> float:
    return float(np.mean([province_value(state, p) for p in provinces])) if provinces else 0.0


@dataclass
class SidesGame:
    """The rebellion as a game: per player the (side, total) options and their cards, and the stakes."""

    state: State
    emperor: int
    leader: int
    bonus: dict[str, int]
    options: dict[int, list[tuple[str, int]]]
    cards: dict[int, list[tuple[int, ...]]]
    reward: dict[int, float]
    stake: dict[int, float]
    vp_per_combat: float

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.options))

    @property
    def offset(self) -> int:
        """Where the strength difference (rebels - emperor) starts: the leaders' bonuses (WL-REB-5)."""
        return self.bonus["rebels"] - self.bonus["emperor"]

    def shifts(self, seat: int) -> np.ndarray:
        """What each option adds to (rebels - emperor)."""
        return self._shifts[seat]

    @cached_property
    def _shifts(self) -> dict[int, np.ndarray]:
        return {p: np.array([v if side == "rebels" else -v for side, v in opts], dtype=np.int64)
                for p, opts in self.options.items()}

    @cached_property
    def _kernels(self) -> dict[int, tuple[int, np.ndarray]]:
        """Per seat: the half-width m of his shifts and each option's index in a kernel of 2m + 1."""
        out = {}
        for p, sh in self._shifts.items():
            m = int(np.abs(sh).max())
            out[p] = (m, sh + m)
        return out

    def span(self) -> int:
        """The largest |difference| reachable: the array half-width for the convolutions."""
        return self._span

    @cached_property
    def _span(self) -> int:
        return abs(self.offset) + sum(max(v for _, v in opts) for opts in self.options.values()) + 1

    def option_index(self, seat: int, choice: JoinSide | tuple[str, int]) -> int:
        if isinstance(choice, JoinSide):
            side = self._side(seat, choice.side)
            choice = (side, sum(choice.cards))
        else:
            choice = (self._side(seat, choice[0]), choice[1])
        try:
            return self.options[seat].index(choice)
        except ValueError:
            raise ValueError(f"{seat_name(seat)} cannot {choice_label(*self._label_args(seat, choice))} "
                             "(WL-REB-3/4)") from None

    def _side(self, seat: int, side: str | None) -> str:
        if seat == self.emperor:
            return "emperor"
        if seat == self.leader:
            return "rebels"
        if side not in SIDES:
            raise ValueError(f"{seat_name(seat)} must pick a side, 'emperor' or 'rebels' (WL-REB-3)")
        return side

    def _label_args(self, seat: int, choice: tuple[str, int]) -> tuple[str | None, tuple[int, ...], str]:
        return choice[0], (choice[1],), _role(seat, self.emperor, self.leader)

    def utility_of(self, seat: int, rebels_win: np.ndarray) -> np.ndarray:
        """Utility of each option of ``seat`` given P(rebels win | that option): shape (options,)."""
        out = np.empty(len(self.options[seat]))
        requires = self.state.rules.reward_requires_combat
        for k, (side, v) in enumerate(self.options[seat]):
            p_win = rebels_win[k] if side == "rebels" else 1.0 - rebels_win[k]
            gain = 0.0 if (requires and v == 0 and _role(seat, self.emperor, self.leader) == "player") \
                else self.reward[seat]
            out[k] = p_win * gain - (1.0 - p_win) * self.stake[seat] - self.vp_per_combat * v
        return out


def build_sides_game(state: State, leader: int | None = None, vp_per_combat: float = DEFAULT_VP_PER_COMBAT,
                     reward: float | Mapping[int, float] | None = None,
                     stake: float | Mapping[int, float] | None = None) -> SidesGame:
    """The sides game of the rebellion in ``state`` (phase 4) led by ``leader`` (see the module doc)."""
    state = with_leader(state, leader)
    step: RebellionStep = state.step
    if step.winner:
        raise ValueError("this rebellion is decided already (WL-REB-6)")
    emperor, lead = state.emperor, step.leader
    bonus = {"emperor": 2 * state.palaces(emperor), "rebels": state.villages(lead)}
    options, cards = {}, {}
    for p in range(state.players):
        hand = state.hands[p]
        sides = ("emperor",) if p == emperor else ("rebels",) if p == lead else SIDES
        totals = combat_totals(hand)
        options[p] = [(side, v) for side in sides for v in totals]
        cards[p] = [combat_cards_for(hand, v) for _, v in options[p]]
    owned = {p: list(iter_bits(state.owned[p])) for p in range(state.players)}

    def per_seat(given: float | Mapping[int, float] | None, default) -> dict[int, float]:
        if given is None:
            return {p: default(p) for p in range(state.players)}
        if isinstance(given, Mapping):
            return {p: float(given[p]) if p in given else default(p) for p in range(state.players)}
        return dict.fromkeys(range(state.players), float(given))

    rewards = per_seat(reward, lambda p: max(1.0, _mean_value(state, [i for q in owned if q != p for i in owned[q]])))
    stakes = per_seat(stake, lambda p: _mean_value(state, owned[p]))
    return SidesGame(state, emperor, lead, bonus, options, cards, rewards, stakes, vp_per_combat)


def _iterate(game: SidesGame, it: int, current: dict[int, np.ndarray], regrets: dict[int, np.ndarray],
             avg: dict[int, np.ndarray]) -> None:
    """One round of predictive regret matching+, players updated in turn (alternating).

    Each player sees the others' newest strategies; his next strategy matches his cumulative regrets
    plus the last instantaneous regret as a prediction of the next (Farina, Kroer & Sandholm,
    "Faster game solving via predictive Blackwell approachability", AAAI 2021). Plain simultaneous
    RM+ stalled at NashConv ~0.5 VP on five-player rebellions; this reaches ~1e-3 in the same time.
    """
    for p in game.seats:
        values = option_values(game, current, p)
        instant = values - values @ current[p]
        regrets[p] = np.maximum(regrets[p] + instant, 0.0)
        avg[p] += it * current[p]                     # linear averaging: later, better strategies weigh more
        predicted = np.maximum(regrets[p] + instant, 0.0)
        total = predicted.sum()
        current[p] = predicted / total if total > 0 else np.full(len(predicted), 1.0 / len(predicted))


@dataclass
class SidesSolution:
    """What :func:`solve_sides` found: the strategies, their exact NashConv, and whether it reached ``tol``."""

    strategies: dict[int, np.ndarray]
    nash_conv: float
    tol: float
    curve: list[tuple[int, float]]
    method: str
    path_from: int | None = None          # the curve's first point on the logit path, if it was taken

    @property
    def converged(self) -> bool:
        """True when the NashConv of the strategies returned is at most the tolerance asked for."""
        return self.nash_conv <= self.tol


STALL_FROM = 400          # iterations before regret matching may be judged stalled
POLISH_BELOW = 1e-2       # NashConv (VP) from which regret matching's answer is polished by Newton's method


def _stalled(history: Mapping[int, float], it: int) -> bool:
    """No halving of the best NashConv between iteration it/2 and it: regret matching is not getting there."""
    earlier = [k for k in history if k <= it // 2]
    return it >= STALL_FROM and bool(earlier) and history[it] > 0.5 * history[max(earlier)]


def _checkpoint(it: int) -> bool:
    """STALL_FROM, twice that, four times...: where a near answer is worth polishing."""
    ratio = it // STALL_FROM
    return it % STALL_FROM == 0 and ratio & (ratio - 1) == 0


def _polish(game: SidesGame, best: tuple[float, dict[int, np.ndarray]], tol: float
            ) -> tuple[float, dict[int, np.ndarray]] | None:
    """Newton's method from a near answer; the improvement, or None."""
    if not tol < best[0] <= POLISH_BELOW:
        return None
    from lotus_kit.white_lotus.analysis.sides_path import polish

    strategies, conv = polish(game, best[1])
    return (conv, strategies) if conv < best[0] else None


def solve_sides(game: SidesGame, iterations: int = 2000, tol: float = DEFAULT_TOL, record_every: int = 20,
                progress: bool | None = None, path_steps: int = 400) -> SidesSolution:
    """An equilibrium of the sides game to NashConv <= ``tol`` (VP), or the closest found, said plainly.

    First predictive regret matching+ on the exact option values, for at most ``iterations``
    iterations: fast, and enough for most rebellions. It keeps the better (lower NashConv) of the
    average and the last strategies. With three or more players nothing makes it converge, and on
    some five- and six-player rebellions it cycles far from any equilibrium (NashConv 0.4-0.7 VP
    after 10,000 iterations). It stops early when it stalls: from ``STALL_FROM`` iterations on, the
    best NashConv has not halved since half as many iterations. Then, short of ``tol``:

    - an answer already near an equilibrium (NashConv <= ``POLISH_BELOW``) is polished by Newton's
      method (:func:`lotus_kit.white_lotus.analysis.sides_path.polish`), also at ``STALL_FROM`` iterations and
      every doubling of it (regret matching stops there if that reaches ``tol``);
    - failing that, the logit path (:mod:`lotus_kit.white_lotus.analysis.sides_path`) is followed from uniform
      play for at most ``path_steps`` steps, its points polished once near.

    The result's ``converged`` says whether ``tol`` was reached and ``method`` what it took; its
    ``curve`` has one point every ``record_every`` iterations, then one per path step (numbered on
    from the iterations).
    """
    if iterations < 1:
        raise ValueError("iterations must be at least 1")
    seats = game.seats
    current = {p: np.full(len(game.options[p]), 1.0 / len(game.options[p])) for p in seats}
    regrets = {p: np.zeros(len(game.options[p])) for p in seats}
    avg = {p: np.zeros(len(game.options[p])) for p in seats}
    best: tuple[float, dict[int, np.ndarray]] = (float("inf"), current)
    curve: list[tuple[int, float]] = []
    history: dict[int, float] = {}                    # iteration -> best NashConv so far
    done, stalled, newton, path_from = 0, False, False, None
    with progress_bar(iterations, "regret matching", progress) as bar:
        for it in range(1, iterations + 1):
            _iterate(game, it, current, regrets, avg)
            bar.update(1)
            done = it
            if it % record_every == 0 or it == iterations:
                average = {p: a / a.sum() for p, a in avg.items()}
                last = {p: c.copy() for p, c in current.items()}
                conv, strategies = min((nash_conv(game, average), average), (nash_conv(game, last), last),
                                       key=lambda t: t[0])
                curve.append((it, conv))
                if conv < best[0]:
                    best = (conv, strategies)
                history[it] = best[0]
                if conv <= tol:
                    break
                stalled = _stalled(history, it)
                if stalled or it == iterations or _checkpoint(it):
                    polished = _polish(game, best, tol)
                    if polished is not None:
                        best, newton = polished, True
                        curve.append((it, polished[0]))       # the curve ends where the answer is
                    if stalled or best[0] <= tol:
                        break
    method = (f"predictive regret matching+ ({done} iterations{', stalled' if stalled else ''})"
              + (", then Newton's method" if newton else ""))
    if best[0] > tol and path_steps > 0:
        from lotus_kit.white_lotus.analysis.sides_path import trace_logit_path

        with progress_bar(path_steps, "logit path", progress) as bar:
            strategies, conv, steps = trace_logit_path(game, tol, path_steps, on_step=lambda *_: bar.update(1))
        path_from = done + 1
        curve += [(done + k, c) for k, c in steps]
        method += f", then the logit path ({len(steps)} steps)"
        if conv < best[0]:
            best = (conv, strategies)
    return SidesSolution(best[1], nash_conv(game, best[1]), tol, curve, method, path_from)


@dataclass
class SideAdvice:
    """The solved rebellion: each player's mix of sides and combat, the odds, and odds of any choice.

    ``print(advice)`` reads like "Green: back the rebels with 3 with 55%, back the emperor with
    nothing with 45%" for every player, then who wins how often; its first line says how the
    equilibrium was found and whether the solver reached its tolerance (``converged``).
    """

    game: SidesGame
    solution: SidesSolution

    @property
    def strategies(self) -> dict[int, np.ndarray]:
        return self.solution.strategies

    @property
    def curve(self) -> list[tuple[int, float]]:
        return self.solution.curve

    @property
    def converged(self) -> bool:
        """Whether the solver reached its tolerance: NashConv <= ``tol``."""
        return self.solution.converged

    @property
    def tol(self) -> float:
        return self.solution.tol

    @property
    def emperor(self) -> int:
        return self.game.emperor

    @property
    def leader(self) -> int:
        return self.game.leader

    @property
    def bonus(self) -> dict[str, int]:
        return self.game.bonus

    @property
    def nash_conv(self) -> float:
        """The NashConv of the strategies returned (exact; the curve's last point may belong to others)."""
        return self.solution.nash_conv

    def accuracy(self) -> str:
        """How close to an equilibrium, in words: the method, the NashConv, and whether ``tol`` was reached."""
        reached = (f"within the tolerance {self.tol:.0e}" if self.converged else
                   f"NOT within the tolerance {self.tol:.0e}: a player could still gain up to that much by "
                   "changing his choice, so read the mixes as rough")
        return f"{self.solution.method}, NashConv {self.nash_conv:.1e} VP, {reached}"

    def __repr__(self) -> str:
        return (f"<SideAdvice: rebellion led by {seat_name(self.leader)} against emperor "
                f"{seat_name(self.emperor)}; NashConv {self.nash_conv:.1e} VP, "
                f"{'converged' if self.converged else 'NOT converged'} (tolerance {self.tol:.0e})>")

    @property
    def convergence(self):
        """The NashConv curve (a DataFrame: iteration, nash_conv, stage). After regret matching's
        iterations come the steps of the logit path, if it was taken; it starts from uniform play."""
        import pandas as pd

        df = pd.DataFrame(self.curve, columns=["iteration", "nash_conv"])
        start = self.solution.path_from
        df["stage"] = ["logit path" if start is not None and i >= start else "regret matching"
                       for i in df["iteration"]]
        return df

    def role(self, seat: int) -> str:
        return _role(seat, self.emperor, self.leader)

    def mix(self, seat: int, min_probability: float = 0.005) -> list[tuple[str, float]]:
        """The player's equilibrium mix as (choice, probability), most likely first."""
        g = self.game
        out = [(choice_label(g.options[seat][k][0], g.cards[seat][k], self.role(seat)), float(p))
               for k, p in enumerate(self.strategies[seat]) if p >= min_probability]
        return sorted(out, key=lambda t: -t[1])

    def odds(self, model: str = "equilibrium") -> RebellionOdds:
        """The tally and who wins when every player follows the equilibrium (or another model)."""
        return self._odds({}, model)

    def _strategies_under(self, model: str, fixed: Mapping[int, int], samples: int, seed: int
                          ) -> dict[int, np.ndarray]:
        import random

        if model not in OPPONENT_MODELS:
            raise ValueError(f"unknown opponent model {model!r}: use one of {', '.join(OPPONENT_MODELS)}")
        g = self.game
        rng = random.Random(seed)
        out = {}
        for p in g.seats:
            if p in fixed:
                out[p] = np.eye(len(g.options[p]))[fixed[p]]
            elif model == "equilibrium":
                out[p] = self.strategies[p]
            else:
                dist = player_distribution(g.state, p, model, samples, None, rng)
                vec = np.zeros(len(g.options[p]))
                for (side, v), prob in dist.items():
                    vec[g.options[p].index((side, v))] += prob
                out[p] = vec
        return out

    def _odds(self, fixed: Mapping[int, int], model: str, samples: int = 200, seed: int = 0) -> RebellionOdds:
        g = self.game
        strategies = self._strategies_under(model, fixed, samples, seed)
        choices = {p: {g.options[p][k]: float(q) for k, q in enumerate(strategies[p]) if q > 0} for p in g.seats}
        return RebellionOdds(g.emperor, g.leader, dict(g.bonus), choices, strength_distribution(g.bonus, choices),
                             model)

    def expected(self, seat: int, choice: JoinSide | tuple[str, int] | None = None, against: str = "equilibrium",
                 samples: int = 200, seed: int = 0) -> dict[str, float]:
        """P(rebels win), P(his side wins) and expected utility for ``seat``'s choice against a model."""
        g = self.game
        fixed = {} if choice is None else {seat: g.option_index(seat, choice)}
        strategies = self._strategies_under(against, fixed, samples, seed)
        win = rebels_win(g, strategies, seat)
        values = g.utility_of(seat, win)
        own = strategies[seat]
        p_side = sum(q * (win[k] if g.options[seat][k][0] == "rebels" else 1.0 - win[k]) for k, q in enumerate(own))
        return {"p_rebels_win": float(win @ own), "p_side_wins": float(p_side),
                "combat": float(sum(q * v for q, (_, v) in zip(own, g.options[seat], strict=True))),
                "utility": float(values @ own)}

    def choice_odds(self, seat: int, choice: JoinSide | tuple[str, int], samples: int = 200, seed: int = 0):
        """The odds of one choice of ``seat`` against each opponent model (a DataFrame, one row per model)."""
        import pandas as pd

        g = self.game
        k = g.option_index(seat, choice)
        label = choice_label(g.options[seat][k][0], g.cards[seat][k], self.role(seat))
        rows = [{"choice": label, "opponents": m, **self.expected(seat, choice, m, samples, seed)}
                for m in OPPONENT_MODELS]
        return pd.DataFrame(rows)

    @property
    def leading_value(self) -> float:
        """What leading is worth to the leader at equilibrium (VP; no rebellion is worth 0 to him)."""
        return float(option_values(self.game, self.strategies, self.leader) @ self.strategies[self.leader])

    def players(self):
        """Per player: role, P(backs the rebels), expected combat and expected utility (a DataFrame)."""
        import pandas as pd

        g = self.game
        rows = []
        for p in g.seats:
            s = self.strategies[p]
            rows.append({"seat": p, "name": seat_name(p), "role": self.role(p),
                         "p_rebels_side": float(sum(q for q, (side, _) in zip(s, g.options[p], strict=True)
                                                    if side == "rebels")),
                         "expected_combat": float(sum(q * v for q, (_, v) in zip(s, g.options[p], strict=True))),
                         "reward": g.reward[p], "stake": g.stake[p],
                         "utility": float(option_values(g, self.strategies, p) @ s)})
        return pd.DataFrame(rows)

    def summary(self) -> str:
        odds = self.odds()
        lines = [f"Rebellion led by {seat_name(self.leader)} against emperor {seat_name(self.emperor)} "
                 f"(bonuses: emperor +{self.bonus['emperor']}, rebels +{self.bonus['rebels']}); "
                 f"{self.game.vp_per_combat} VP per combat point.",
                 f"Solved by {self.accuracy()}."]
        for p in self.game.seats:
            mix = ", ".join(f"{label} {q:.0%}" for label, q in self.mix(p, 0.02))
            lines.append(f"  {seat_name(p)} ({self.role(p)}): {mix}")
        lines.append(f"Rebels win {odds.p_rebels:.0%}, the emperor {odds.p_emperor:.0%} "
                     f"(ties go to the emperor, WL-REB-6). Leading is worth {self.leading_value:+.2f} VP "
                     f"to {seat_name(self.leader)}.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def best_sides(state: State, leader: int | None = None, vp_per_combat: float = DEFAULT_VP_PER_COMBAT,
               reward: float | Mapping[int, float] | None = None, stake: float | Mapping[int, float] | None = None,
               iterations: int = 2000, tol: float = DEFAULT_TOL, progress: bool | None = None) -> SideAdvice:
    """Solve the rebellion in ``state`` (phase 4) led by ``leader``: everyone's sides and combat (module doc)."""
    from lotus_kit.white_lotus.hidden import hide_sealed

    if isinstance(state.step, RebellionStep) and state.step.commitments and not state.step.winner:
        state = hide_sealed(state, -1)                # sealed: solve afresh, never peek (WL-INFO-1)
    game = build_sides_game(state, leader, vp_per_combat, reward, stake)
    return SideAdvice(game, solve_sides(game, iterations, tol, progress=progress))


__all__ = ["DEFAULT_TOL", "OPPONENT_MODELS", "SideAdvice", "SidesGame", "SidesSolution", "best_sides",
           "build_sides_game", "choice_label", "combat_cards_for", "combat_totals", "nash_conv", "option_values",
           "rebels_win", "solve_sides"]
