"""Best bids in a conflict: the sealed bidding (WL-CONF-6..10) as a game, solved.

**Utility model.** A participant's utility is ``value x P(he ends up with the province) -
vp_per_influence x influence he loses``, in victory points: ``value`` is what the province is worth
to him (default: the chip's end VP plus the dragon bonus, WL-SCORE-1/3; pass a number or a
``{seat: value}`` to change it) and ``vp_per_influence`` the exchange rate the user sets. Influence
lost is every committed card for a participant who stays (WL-CONF-9) and V - K for the one who
leaves (he gets K back). Ties are settled by the emperor according to a tie model (see
:mod:`lotus_kit.analysis.conflict`).

**Two participants** (WL-CONF-12: each must name the other): a matrix game over the totals each
can bid (bids of equal total are interchangeable in one round; the advice shows the canonical
cards, fewest first). ``model="zero_sum"`` (default) scores each side by *his utility minus his
rival's* - at a table where only the winner counts, the rival's loss is your gain - and solves it
exactly by linear programming. ``model="general_sum"`` keeps each side's own utility and finds a
Nash equilibrium of the bimatrix game by mixed-integer programming (see
:mod:`lotus_kit.analysis.equilibrium` for why not support enumeration).

**Three or four participants**: strategies are (dragon target, total) pairs and the game is solved
by regret matching+, whose convergence curve is kept. This is an **approximation**: the later
rounds (WL-CONF-10) are not part of the strategy space. After the first round, two remaining
players are assumed to play the zero-sum equilibrium of the one-round game on their remaining
hands (each keeps the canonical cards of his first bid's total); three remaining players (only with
four participants) are given the province in proportion to their remaining influence plus one, with
no further spending. With more than two participants regret matching converges to a coarse
correlated equilibrium in general, not necessarily to a Nash equilibrium; the NashConv curve shows
how close the average strategies are.

>>> from lotus_kit.white_lotus.position import position
>>> s = position({"players": 3, "phase": 2, "emperor": 2,
...     "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
...                "CHEN": [1, "V"], "LUZH": [0, "V"]},
...     "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]}})
>>> advice = best_bids(s, vp_per_influence=0.4)
>>> advice.participants, round(sum(p for _, p in advice.mix(0)), 6)
((0, 1), 1.0)
>>> print(advice)                                     # doctest: +ELLIPSIS
Conflict for Tianlin (P), worth 3 VP to each; 0.4 VP per influence point; zero-sum model (exact LP, ...
Red (seat 0): bid ... with ...%, ... Expected: takes the province 50%, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from lotus_kit.analysis.conflict import (
    ConflictSpec,
    TieModel,
    card_multisets,
    cards_for_total,
    reachable_totals,
    round_outcomes,
)
from lotus_kit.analysis.equilibrium import (
    IterativeSolution,
    MatrixSolution,
    deviation_gains,
    regret_matching,
    solve_general_sum,
    solve_zero_sum,
)
from lotus_kit.analysis.rollouts import progress_bar
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.cards import Hand, counts_of
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State

DEFAULT_VP_PER_INFLUENCE = 0.4
MODELS = ("equilibrium", "heuristic", "random")


def province_value(state: State, province: int) -> float:
    """The end VP a province is worth by itself: its building (WL-SCORE-1) plus a dragon (WL-SCORE-3)."""
    data = state.board.data
    v = float(data.building_vp.get(state.chips[province], 0))
    if state.board.dragon_mask >> province & 1:
        v += data.dragon_bonus
    return v


def bid_label(cards: Sequence[int], target: int | None = None) -> str:
    """How a bid reads: ``3+2``, ``bluff with the 0``, ``nothing``; with a target: ``name Blue: 3+2``.

    >>> bid_label((3, 2)), bid_label((0,)), bid_label(()), bid_label((2,), target=1)
    ('3+2', 'bluff with the 0', 'nothing', 'name Blue: 2')
    """
    body = "+".join(str(c) for c in cards if c) or ("bluff with the 0" if 0 in cards else "nothing")
    return body if target is None else f"name {seat_name(target)}: {body}"


def _minus(hand: Hand, cards: Sequence[int]) -> Hand:
    c = counts_of([v for v in cards if v], (1, 2, 3))
    return hand.add_influence(c, -1)


@lru_cache(maxsize=20000)
def _duel(hand_a: Hand, hand_b: Hand, emperor_is: int, tie: str, value_a: float, value_b: float, rate: float,
          floor_half: bool) -> tuple[float, float, float, float]:
    """Zero-sum equilibrium of a one-round two-player conflict; (P(a wins), lost a, P(b wins), lost b).

    ``emperor_is``: 0 if a is emperor, 1 if b is, -1 if neither. Used for the later rounds.
    """
    from lotus_kit.white_lotus.rules import RuleSet

    emperor = {0: 0, 1: 1}.get(emperor_is, 2)
    spec = ConflictSpec((0, 1), {0: hand_a, 1: hand_b}, emperor, rules=RuleSet(loser_keeps_floor_half=floor_half))
    ta, tb = reachable_totals(hand_a), reachable_totals(hand_b)
    res = round_outcomes(spec, {0: [(1, v) for v in ta], 1: [(0, v) for v in tb]}, tie)
    pa, pb = res["p_leave"][..., 1], res["p_leave"][..., 0]
    la, lb = res["lost"][..., 0], res["lost"][..., 1]
    ua = value_a * pa - rate * la
    ub = value_b * pb - rate * lb
    sol = solve_zero_sum(ua - ub)
    x, y = sol.row, sol.col
    return float(x @ pa @ y), float(x @ la @ y), float(x @ pb @ y), float(x @ lb @ y)


@dataclass
class BidGame:
    """The bidding game of one conflict: options, and per profile each seat's win chance, loss, utility.

    Arrays have one axis per participant (``participants`` order); ``options[seat]`` lists that
    seat's (target, total) pairs and ``cards[seat]`` the canonical cards shown for each.
    """

    spec: ConflictSpec
    values: dict[int, float]
    vp_per_influence: float
    tie: TieModel
    options: dict[int, list[tuple[int, int]]]
    cards: dict[int, list[tuple[int, ...]]]
    p_win: list[np.ndarray]
    lost: list[np.ndarray]
    p_leave_first: list[np.ndarray]
    exact: bool

    @property
    def participants(self) -> tuple[int, ...]:
        return self.spec.participants

    @property
    def utilities(self) -> list[np.ndarray]:
        """Each seat's own utility (VP): value x P(win) - rate x influence lost."""
        return [self.values[s] * self.p_win[i] - self.vp_per_influence * self.lost[i]
                for i, s in enumerate(self.participants)]

    def relative_utilities(self) -> list[np.ndarray]:
        """Each seat's utility minus the mean of the others' (zero-sum; for two: u_a - u_b)."""
        u = self.utilities
        n = len(u)
        total = sum(u)
        return [ui - (total - ui) / (n - 1) for ui in u]

    def option_index(self, seat: int, bid: Bid | Sequence[int], target: int | None = None) -> int:
        """The option a concrete bid falls in (its target and total)."""
        if isinstance(bid, Bid):
            target, total = bid.target, sum(bid.cards)
        else:
            total = sum(bid)
        targets = {t for t, _ in self.options[seat]}
        if target is None:
            if len(targets) > 1:
                raise ValueError(f"say which participant seat {seat} names: one of {sorted(targets)}")
            target = next(iter(targets))
        try:
            return self.options[seat].index((target, total))
        except ValueError:
            raise ValueError(f"seat {seat} cannot bid {total} naming seat {target}") from None


def build_game(state_or_spec: State | ConflictSpec, vp_per_influence: float = DEFAULT_VP_PER_INFLUENCE,
               value: float | Mapping[int, float] | None = None, tie: TieModel = "opponent",
               max_options: int = 30, progress: bool | None = None) -> BidGame:
    """The bidding game of the conflict in ``state`` (or of a :class:`ConflictSpec`).

    ``max_options`` caps the totals per target a seat considers with three or more participants
    (totals are thinned evenly, always keeping 0 and the maximum); two-participant games are exact.
    Building a game of three or more shows a progress bar when it takes over a second.
    """
    if isinstance(state_or_spec, State):
        spec = ConflictSpec.from_state(state_or_spec)
        default_value = province_value(state_or_spec, spec.province)
    else:
        spec = state_or_spec
        default_value = 1.0 if value is None else 0.0
    seats = spec.participants
    n = len(seats)
    if n < 2:
        raise ValueError("a conflict needs two or more participants")
    if n > 4:
        raise ValueError("the bid solver handles up to 4 participants (the strategy space grows as options**n)")
    if value is None:
        values = dict.fromkeys(seats, default_value)
    elif isinstance(value, Mapping):
        values = {s: float(value[s]) for s in seats}
    else:
        values = dict.fromkeys(seats, float(value))
    options, cards = {}, {}
    for s in seats:
        totals = reachable_totals(spec.hands[s])
        if n > 2 and len(totals) > max_options:
            keep = sorted({totals[round(k * (len(totals) - 1) / (max_options - 1))] for k in range(max_options)})
            totals = keep
        options[s] = [(t, v) for t in spec.targets(s) for v in totals]
        cards[s] = [cards_for_total(spec.hands[s], v) for _, v in options[s]]
    res = round_outcomes(spec, options, tie)
    p_leave, lost1 = res["p_leave"], res["lost"]
    p_first = [p_leave[..., i] for i in range(n)]
    if n == 2:
        p_win = [p_leave[..., 1], p_leave[..., 0]]
        lost = [lost1[..., 0], lost1[..., 1]]
        return BidGame(spec, values, vp_per_influence, tie, options, cards, p_win, lost, p_first, exact=True)
    shape = p_leave.shape[:-1]
    p_win = [np.zeros(shape) for _ in range(n)]
    lost = [lost1[..., i].copy() for i in range(n)]
    tie_key = tie if isinstance(tie, str) else "uniform"

    def along(k: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(-1 if j == k else 1 for j in range(n)))

    def along2(a: int, b: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(arr.shape[0] if j == a else arr.shape[1] if j == b else 1 for j in range(n)))

    left = [[_minus(spec.hands[s], c) for c in cards[s]] for s in seats]
    pairs = [(li, [i for i in range(n) if i != li]) for li in range(n)]
    with progress_bar(sum(len(options[seats[a]]) * len(options[seats[b]]) for _, (a, b, *more) in pairs if not more),
                      "later rounds", progress) as bar:
        for li, rest in pairs:
            pl = p_leave[..., li]
            if len(rest) == 2:
                a, b = rest
                emp = 0 if seats[a] == spec.emperor else 1 if seats[b] == spec.emperor else -1
                duel = np.zeros((4, len(left[a]), len(left[b])))
                for ka, ha in enumerate(left[a]):
                    for kb, hb in enumerate(left[b]):
                        duel[:, ka, kb] = _duel(ha, hb, emp, tie_key, values[seats[a]], values[seats[b]],
                                                vp_per_influence, spec.rules.loser_keeps_floor_half)
                    bar.update(len(left[b]))
                p_win[a] += pl * along2(a, b, duel[0])
                lost[a] += pl * along2(a, b, duel[1])
                p_win[b] += pl * along2(a, b, duel[2])
                lost[b] += pl * along2(a, b, duel[3])
            else:
                weights = [along(i, np.array([h.influence_total + 1.0 for h in left[i]])) for i in rest]
                total = sum(weights)
                for i, w in zip(rest, weights, strict=True):
                    p_win[i] += pl * w / total
    return BidGame(spec, values, vp_per_influence, tie, options, cards, p_win, lost, p_first, exact=False)


@dataclass
class BidAdvice:
    """The solved bidding game: mixed strategies, expected results, and odds for any bid.

    ``print(advice)`` reads like "bid 3+2 with 40%, 3 with 35%, bluff with the 0 with 25%".
    """

    game: BidGame
    strategies: dict[int, np.ndarray]
    model: str
    solution: MatrixSolution | IterativeSolution
    state: State | None = None
    province_name: str = ""
    _heuristic: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def participants(self) -> tuple[int, ...]:
        return self.game.participants

    @property
    def convergence(self):
        """The NashConv curve of the iterative solution (a DataFrame), or None for an exact solution."""
        return self.solution.curve_frame() if isinstance(self.solution, IterativeSolution) else None

    def mix(self, seat: int, min_probability: float = 0.005) -> list[tuple[str, float]]:
        """The seat's mixed strategy as (bid, probability), most likely first."""
        g = self.game
        many = len(self.participants) > 2
        out = [(bid_label(g.cards[seat][k], g.options[seat][k][0] if many else None), float(p))
               for k, p in enumerate(self.strategies[seat]) if p >= min_probability]
        return sorted(out, key=lambda t: -t[1])

    def expected(self, seat: int, against: Mapping[int, np.ndarray] | None = None,
                 own: np.ndarray | None = None) -> dict[str, float]:
        """Expected P(province), influence lost and utility of ``seat`` (strategies default: equilibrium)."""
        strategies = [self.strategies[s] for s in self.participants]
        if against is not None:
            strategies = [against.get(s, strategies[i]) for i, s in enumerate(self.participants)]
        i = self.participants.index(seat)
        if own is not None:
            strategies[i] = own
        g = self.game

        def ev(arr: np.ndarray) -> float:
            t = arr
            for s in strategies:
                t = np.tensordot(s, t, axes=(0, 0))
            return float(t)

        p_win, lost, p_out = ev(g.p_win[i]), ev(g.lost[i]), ev(g.p_leave_first[i])
        return {"p_province": p_win, "p_leave_first_round": p_out, "influence_lost": lost,
                "utility": g.values[seat] * p_win - g.vp_per_influence * lost}

    def opponent_strategy(self, seat: int, model: str) -> np.ndarray:
        """How ``seat`` bids under an opponent model: its equilibrium mix, the heuristic bot, or uniform random."""
        if model == "equilibrium":
            return self.strategies[seat]
        if model == "random":
            return _random_bidder(self.game, seat)
        if model == "heuristic":
            if seat not in self._heuristic:
                if self.state is None:
                    raise ValueError("the heuristic-bot model needs the game state (use best_bids(state))")
                self._heuristic[seat] = heuristic_bidder(self.state, self.game, seat)
            return self._heuristic[seat]
        raise ValueError(f"unknown opponent model {model!r}; use one of {MODELS}")

    def odds(self, seat: int, bid: Bid | Sequence[int], target: int | None = None,
             models: Sequence[str] = MODELS):
        """The odds of each outcome for ``seat``'s chosen bid against each opponent model (a DataFrame).

        Columns: the model, P(seat ends up with the province), P(he leaves in the first round), P(the
        first round is a tie the emperor decides), expected influence lost and expected utility (VP).
        """
        import pandas as pd

        g = self.game
        k = g.option_index(seat, bid, target)
        own = np.zeros(len(g.options[seat]))
        own[k] = 1.0
        rows = []
        for model in models:
            against = {s: self.opponent_strategy(s, model) for s in self.participants if s != seat}
            e = self.expected(seat, against, own)
            strategies = [own if s == seat else against[s] for s in self.participants]
            t = np.asarray(_tie_indicator(g), dtype=float)
            for s in strategies:
                t = np.tensordot(s, t, axes=(0, 0))
            rows.append({"opponents": model, "bid": bid_label(g.cards[seat][k], g.options[seat][k][0]
                                                              if len(self.participants) > 2 else None),
                         "p_province": e["p_province"], "p_leave_first_round": e["p_leave_first_round"],
                         "p_tie": float(t), "influence_lost": e["influence_lost"], "utility": e["utility"]})
        return pd.DataFrame(rows)

    def deviation_gains(self) -> np.ndarray:
        """What each participant could gain (in the solved payoffs) by a pure deviation."""
        payoffs = self._payoffs()
        return deviation_gains(payoffs, [self.strategies[s] for s in self.participants])

    def _payoffs(self) -> list[np.ndarray]:
        return self.game.relative_utilities() if self.model == "zero_sum" else self.game.utilities

    def summary(self) -> str:
        g = self.game
        worth = sorted(set(g.values.values()))
        worth_txt = (f"worth {worth[0]:g} VP to each" if len(worth) == 1
                     else "worth " + ", ".join(f"{g.values[s]:g} VP to {seat_name(s)}" for s in self.participants))
        how = self.solution.method
        if isinstance(self.solution, IterativeSolution):
            how += f", {self.solution.iterations} iterations, NashConv {self.solution.nash_conv:.3g}; approximate"
        head = (f"Conflict for {self.province_name or 'the province'}, {worth_txt}; "
                f"{g.vp_per_influence:g} VP per influence point; {self.model.replace('_', '-')} model "
                f"({how}); ties: emperor {seat_name(g.spec.emperor)} decides ({_tie_name(g.tie)}).")
        lines = [head]
        for s in self.participants:
            mix = ", ".join(f"{label} with {p:.0%}" for label, p in self.mix(s))
            e = self.expected(s)
            lines.append(f"{seat_name(s)} (seat {s}): bid {mix}. Expected: takes the province {e['p_province']:.0%}, "
                         f"loses {e['influence_lost']:.2f} influence, utility {e['utility']:+.2f} VP.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.summary())


def _tie_name(tie: TieModel) -> str:
    return {"opponent": "he sends out someone else", "uniform": "uniformly at random",
            "self": "he leaves himself"}.get(tie, "custom model") if isinstance(tie, str) else "custom model"


def _tie_indicator(g: BidGame) -> np.ndarray:
    res = round_outcomes(g.spec, g.options, g.tie)
    return res["ntied"] > 1


def _random_bidder(g: BidGame, seat: int) -> np.ndarray:
    """The uniform-random bot: each legal (target, card multiset) equally likely (like RandomBot)."""
    hand = g.spec.hands[seat]
    counts: dict[int, int] = {}
    for c in card_multisets(hand):
        counts[sum(c)] = counts.get(sum(c), 0) + 1
    p = np.zeros(len(g.options[seat]))
    for k, (_, v) in enumerate(g.options[seat]):
        p[k] = counts.get(v, 0)
    if p.sum() == 0:
        return np.full(len(p), 1.0 / len(p))
    return p / p.sum()


def _nearest_option(g: BidGame, seat: int, target: int, total: int) -> int:
    best = min(range(len(g.options[seat])),
               key=lambda k: (g.options[seat][k][0] != target, abs(g.options[seat][k][1] - total)))
    return best


def fresh_round(state: State) -> State:
    """The state with the round's sealed bids taken back, so analysis never peeks at them (WL-INFO-1)."""
    c = state.conflict
    if c is None or not c.bids:
        return state
    return replace(state, step=replace(state.step, conflict=replace(c, bids=(), tied=(), refund_seat=-1,
                                                                      refund_owed=0)))


def heuristic_bidder(state: State, game: BidGame, seat: int, samples: int = 400) -> np.ndarray:
    """The heuristic bot's bid distribution for ``seat``, estimated from ``samples`` seeded bots."""
    from lotus_kit.white_lotus.bots import HeuristicBot

    state = fresh_round(state)
    p = np.zeros(len(game.options[seat]))
    for k in range(samples):
        bid = HeuristicBot(seed=1_000_003 * k + seat).choose(state, seat)
        p[_nearest_option(game, seat, bid.target, sum(bid.cards))] += 1
    return p / p.sum()


def best_bids(state: State | ConflictSpec, vp_per_influence: float = DEFAULT_VP_PER_INFLUENCE,
              model: str = "zero_sum", value: float | Mapping[int, float] | None = None,
              tie: TieModel = "opponent", iterations: int = 3000, max_options: int = 30,
              progress: bool | None = None) -> BidAdvice:
    """Solve the conflict in ``state``: equilibrium bids of every participant (see the module doc).

    ``model``: ``"zero_sum"`` (each maximises his utility minus the others' mean; exact LP for two) or
    ``"general_sum"`` (each his own utility; exact MIP for two). Three or four participants are solved
    by regret matching+ for ``iterations`` iterations (approximate; see the module doc).
    """
    if model not in ("zero_sum", "general_sum"):
        raise ValueError("model must be 'zero_sum' or 'general_sum'")
    st = state if isinstance(state, State) else None
    if st is not None:
        st = fresh_round(st)
    g = build_game(st if st is not None else state, vp_per_influence, value, tie, max_options, progress)
    seats = g.participants
    payoffs = g.relative_utilities() if model == "zero_sum" else g.utilities
    if len(seats) == 2:
        sol: MatrixSolution | IterativeSolution
        sol = solve_zero_sum(payoffs[0]) if model == "zero_sum" else solve_general_sum(payoffs[0], payoffs[1])
        strategies = {seats[0]: sol.row, seats[1]: sol.col}
    else:
        sol = regret_matching(payoffs, iterations=iterations, record_every=max(1, iterations // 100))
        strategies = dict(zip(seats, sol.strategies, strict=True))
    name = ""
    if st is not None:
        p = st.board.provinces[g.spec.province]
        name = f"{p.name} ({st.chips[g.spec.province]}"
        name += ", dragon)" if st.board.dragon_mask >> g.spec.province & 1 else ")"
    return BidAdvice(g, strategies, model, sol, st, name)


__all__ = ["MODELS", "BidAdvice", "BidGame", "best_bids", "bid_label", "build_game", "fresh_round",
           "heuristic_bidder", "province_value"]
