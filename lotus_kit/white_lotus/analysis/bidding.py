"""Best bids in a conflict: the sealed bidding (WL-CONF-6..10) as a game, solved.

**Utility model.** A participant's utility is ``value x P(he ends up with the province) -
vp_per_influence x influence he loses``, in victory points: ``value`` is what the province is worth
to him (default: the chip's end VP plus the dragon bonus, WL-SCORE-1/3; pass a number or a
``{seat: value}`` to change it) and ``vp_per_influence`` the exchange rate the user sets. Influence
lost is every committed card for a participant who stays (WL-CONF-9) and V - K for the one who
leaves (he gets K back). Ties are settled by the emperor according to a tie model (see
:mod:`lotus_kit.white_lotus.analysis.conflict`).

**Two participants** (WL-CONF-12: each must name the other): a matrix game over the totals each
can bid (bids of equal total are interchangeable in one round; the advice shows the canonical
cards, fewest first). ``model="zero_sum"`` (default) scores each side by *his utility minus his
rival's* - at a table where only the winner counts, the rival's loss is your gain - and solves it
exactly by linear programming. ``model="general_sum"`` keeps each side's own utility and finds a
Nash equilibrium of the bimatrix game by mixed-integer programming (see
:mod:`lotus_kit.analysis.equilibrium` for why not support enumeration).

**Three or more participants**: strategies are (dragon target, total) pairs and the game is solved
by regret matching+, whose convergence curve is kept. This is an **approximation**: the later
rounds (WL-CONF-10) are not part of the strategy space. After the first round, two remaining
players are assumed to play the zero-sum equilibrium of the one-round game on their remaining
hands (each keeps the canonical cards of his first bid's total); three or more remaining players
(four or more participants) are given the province in proportion to their remaining influence plus
one, with no further spending (so saving influence is rewarded: at the default exchange rate the
solution with four or more participants is often to bid nothing). With more than two participants
regret matching converges to a coarse correlated equilibrium in general, not necessarily to a
Nash equilibrium; the NashConv curve shows how close the average strategies are.

**Small games are tabulated, large ones sampled** (``method="auto"``). Up to ``DENSE_MAX_CELLS``
profiles (three participants with any hands, four with small ones) every payoff is tabulated and
regret matching works on exact expectations. Beyond that - always with five or six participants (a seat
has (n - 1) targets x totals options, 5 x 13 = 65 with a start hand, and 65**6 is about 7.5e10
profiles), and with four participants holding start hands (2.3 million profiles, a minute of dense
regret matching) - no tensor is built: *external-sampling* regret matching+ (Monte-Carlo CFR for
a one-shot game) draws a few profiles from the current strategies each iteration and scores every
option of every participant against the others' drawn bids, with the same first round and the
same later-round model, vectorised over profiles. It is seeded (``seed``): the same seed gives the
same result. Its NashConv curve is an **estimate** (Monte Carlo against the average strategies on
a fixed sample; biased upwards by noise, with a downward-biased cross-check in ``nash_conv_low``),
and every expectation of the advice (``expected``, ``odds``, ``deviation_gains``) is estimated
from ``samples`` draws; ``game.utilities`` does not exist for a sampled game.

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

Five participants (a five-player game where everyone claimed Tianlin): sampled, seeded, estimated.

>>> s5 = position({"players": 5, "phase": 2, "emperor": 2,
...     "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [4, "R"], "HENA": [1, "F"],
...                "CHEN": [1, "V"], "LUZH": [0, "V"]},
...     "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1, 2, 3, 4]}})
>>> advice5 = best_bids(s5, vp_per_influence=0.1, iterations=200, seed=7, progress=False)
>>> advice5.game.sampled, bool(advice5.convergence["estimated"].all()), round(float(sum(advice5.strategies[4])), 6)
(True, True, 1.0)
>>> curve = advice5.convergence["nash_conv"]
>>> bool(curve.iloc[-1] < curve.iloc[0] / 10)       # from the uniform start to the end
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from lotus_kit.analysis.equilibrium import (
    IterativeSolution,
    MatrixSolution,
    deviation_gains,
    estimated_deviation_gains,
    regret_matching,
    sample_profiles,
    sampled_regret_matching,
    solve_general_sum,
    solve_zero_sum,
)
from lotus_kit.analysis.rollouts import progress_bar
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.analysis.conflict import (
    ConflictSpec,
    TieModel,
    card_multisets,
    cards_for_total,
    leave_table,
    paid_refunds,
    payable_table,
    reachable_totals,
    round_outcomes,
    tied_code,
)
from lotus_kit.white_lotus.cards import Hand, counts_of
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State
from lotus_kit.white_lotus.words import bid_label

DEFAULT_VP_PER_INFLUENCE = 0.4
MODELS = ("equilibrium", "heuristic", "random")
DENSE_MAX_CELLS = 300_000
"""``method="auto"``: above this many pure profiles the game is sampled instead of tabulated (dense
regret matching costs about participants x cells per iteration: a few seconds for 3000 iterations
at this size on a laptop core, where four start hands, 2.3 million cells, take over a minute)."""
DENSE_LIMIT = 20_000_000
"""No dense game beyond this (one float tensor would take 160 MB, and there are 3n of them)."""
SAMPLED_ITERATIONS = 1000
SAMPLED_BATCH = 8


def province_value(state: State, province: int) -> float:
    """The end VP a province is worth by itself: its building (WL-SCORE-1) plus a dragon (WL-SCORE-3)."""
    data = state.board.data
    v = float(data.building_vp.get(state.chips[province], 0))
    if state.board.dragon_mask >> province & 1:
        v += data.dragon_bonus
    return v


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


def _duel_tables(spec: ConflictSpec, left: list[list[Hand]], values: Mapping[int, float], rate: float,
                 tie_key: str, progress: bool | None) -> dict[int, tuple[int, int, np.ndarray]]:
    """Three participants: for each first-round leaver l, the duel of the other two, a and b.

    ``{l: (a, b, table)}`` with ``table[:, ka, kb]`` = (P(a wins), a's loss, P(b wins), b's loss)
    when a and b stay after first bids ka and kb (they keep what those bids left them).
    """
    seats = spec.participants
    out = {}
    with progress_bar(sum(len(left[a]) * len(left[b]) for a, b in ((1, 2), (0, 2), (0, 1))), "later rounds",
                      progress) as bar:
        for li in range(3):
            a, b = (i for i in range(3) if i != li)
            emp = 0 if seats[a] == spec.emperor else 1 if seats[b] == spec.emperor else -1
            table = np.zeros((4, len(left[a]), len(left[b])))
            for ka, ha in enumerate(left[a]):
                for kb, hb in enumerate(left[b]):
                    table[:, ka, kb] = _duel(ha, hb, emp, tie_key, values[seats[a]], values[seats[b]], rate,
                                             spec.rules.loser_keeps_floor_half)
                bar.update(len(left[b]))
            out[li] = (a, b, table)
    return out


class _Profiles:
    """The outcome of any batch of pure profiles, vectorised: the same model as the dense tensors.

    A profile is one option index per participant (int array (B, n), ``participants`` order). Used
    by the sampled solver (five or six participants, or tensors too large) and by the estimates of
    :class:`BidAdvice`; for games small enough it agrees with :func:`build_game`'s tensors exactly.
    First round (WL-CONF-7..9, WL-CONF-13/14) as in :func:`round_outcomes`; later rounds as in the
    module doc (a duel for two remaining, shares by influence left + 1 for three or more).
    """

    def __init__(self, spec: ConflictSpec, options: Mapping[int, list[tuple[int, int]]],
                 cards: Mapping[int, list[tuple[int, ...]]], values: Mapping[int, float], rate: float,
                 tie: TieModel, duels: dict[int, tuple[int, int, np.ndarray]] | None) -> None:
        seats = spec.participants
        n = len(seats)
        pos = {s: i for i, s in enumerate(seats)}
        self.sizes = [len(options[s]) for s in seats]
        # every seat's options in one flat table (seat i's option k at offset[i] + k): one 1-d gather
        # per quantity is about twice as fast as 2-d fancy indexing of a padded table
        self.offset = np.concatenate([[0], np.cumsum(self.sizes)[:-1]]).astype(np.int64)
        flat = [(i, s, t, v, c) for i, s in enumerate(seats) for (t, v), c in zip(options[s], cards[s], strict=True)]
        self.target = np.array([pos[t] for _, _, t, _, _ in flat], dtype=np.int64)
        self.total = np.array([v for _, _, _, v, _ in flat], dtype=np.int64)
        self.owed = np.array([spec.refund(v) for _, _, _, v, _ in flat], dtype=np.int64)
        self.weight = np.array([spec.hands[s].influence_total - v + 1.0 for _, s, _, v, _ in flat])
        self.counts = np.array([[c.count(1), c.count(2), c.count(3)] for *_, c in flat], dtype=np.int64)
        self.tie_table = leave_table(spec, tie)          # who leaves, by the set under the top pressure
        self.supply = spec.supply                        # WL_FINITE_SUPPLY (None: unlimited)
        if self.supply is not None:
            self._paid = payable_table(int(self.owed.max()))
        self.values = np.array([values[s] for s in seats])
        self.rate = rate
        self.duels = duels
        self.n = n

    def outcomes(self, profiles: np.ndarray) -> dict[str, np.ndarray]:
        """``p_win``, ``lost``, ``p_leave_first`` (B, n), ``tie`` (B,) and ``utility`` (B, n) of each profile."""
        idx = np.asarray(profiles, dtype=np.int64)
        n, rows = self.n, np.arange(len(idx))
        flat = idx + self.offset
        target, total = self.target[flat], self.total[flat]
        pressure = np.zeros((len(idx), n), dtype=np.int64)
        for k in range(n):
            pressure[rows, target[:, k]] += total[:, k]
        tied = pressure == pressure.max(axis=1, keepdims=True)
        p_leave = self.tie_table[tied_code(tied)]
        refund = self.owed[flat]
        if self.supply is not None:
            # WL-CONF-13: the supply plus every card discarded this round pays what it can
            avail = np.asarray(self.supply, dtype=np.int64) + self.counts[flat].sum(axis=1)
            refund = paid_refunds(self._paid, refund, avail[:, None, 0], avail[:, None, 1], avail[:, None, 2])
        lost = total - p_leave * refund
        if n == 2:
            p_win = p_leave[:, ::-1].copy()
        elif n == 3:
            assert self.duels is not None
            p_win = np.zeros((len(idx), 3))
            for li, (a, b, table) in self.duels.items():
                pl = p_leave[:, li]
                ka, kb = idx[:, a], idx[:, b]
                p_win[:, a] += pl * table[0, ka, kb]
                lost[:, a] += pl * table[1, ka, kb]
                p_win[:, b] += pl * table[2, ka, kb]
                lost[:, b] += pl * table[3, ka, kb]
        else:
            # shares by influence left + 1 among everyone but the leaver l: w_j / (W - w_l)
            w = self.weight[flat]
            share = p_leave / (w.sum(axis=1, keepdims=True) - w)
            p_win = w * (share.sum(axis=1, keepdims=True) - share)
        utility = self.values * p_win - self.rate * lost
        return {"p_win": p_win, "lost": lost, "p_leave_first": p_leave, "tie": tied.sum(axis=1) > 1,
                "utility": utility}

    def payoffs(self, model: str):
        """The payoff function of the solved game: own utility, or utility minus the others' mean."""
        n = self.n

        def own(profiles: np.ndarray) -> np.ndarray:
            return self.outcomes(profiles)["utility"]

        def relative(profiles: np.ndarray) -> np.ndarray:
            u = own(profiles)
            return u - (u.sum(axis=1, keepdims=True) - u) / (n - 1)

        return relative if model == "zero_sum" else own


@dataclass
class BidGame:
    """The bidding game of one conflict: options, and per profile each seat's win chance, loss, utility.

    Arrays have one axis per participant (``participants`` order); ``options[seat]`` lists that
    seat's (target, total) pairs and ``cards[seat]`` the canonical cards shown for each.

    A *sampled* game (``sampled=True``: five or six participants, or tensors of more than
    ``max_cells`` cells) has no arrays (``p_win``, ``lost`` and ``p_leave_first`` are empty): its
    outcomes come from :meth:`outcomes` for any batch of profiles, and the solver samples them.
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
    sampled: bool = False
    profiles: _Profiles | None = field(default=None, repr=False)

    @property
    def participants(self) -> tuple[int, ...]:
        return self.spec.participants

    @property
    def cells(self) -> int:
        """How many pure profiles the game has (the size of one dense tensor)."""
        return math.prod(len(self.options[s]) for s in self.participants)

    def _need_tensors(self, what: str) -> None:
        if self.sampled:
            raise ValueError(f"{what}: this game is sampled, it has no payoff tensors ({self.cells:,} cells with "
                             f"{len(self.participants)} participants); use outcomes(profiles) for chosen profiles, "
                             "or BidAdvice.expected / odds, which estimate by sampling")

    @property
    def utilities(self) -> list[np.ndarray]:
        """Each seat's own utility (VP): value x P(win) - rate x influence lost (dense games only)."""
        self._need_tensors("utilities")
        return [self.values[s] * self.p_win[i] - self.vp_per_influence * self.lost[i]
                for i, s in enumerate(self.participants)]

    def relative_utilities(self) -> list[np.ndarray]:
        """Each seat's utility minus the mean of the others' (zero-sum; for two: u_a - u_b; dense games only)."""
        u = self.utilities
        n = len(u)
        total = sum(u)
        return [ui - (total - ui) / (n - 1) for ui in u]

    def outcomes(self, profiles: np.ndarray | Sequence[Sequence[int]]) -> dict[str, np.ndarray]:
        """The outcome of pure profiles, an int array (B, n) of option indices in ``participants`` order.

        Returns arrays (B, n) ``p_win``, ``lost``, ``p_leave_first``, ``utility`` (own utility) and
        (B,) ``tie`` (the first round is a tie the emperor decides). Works for every game; for a
        dense game it agrees with the tensors.
        """
        assert self.profiles is not None
        return self.profiles.outcomes(np.atleast_2d(np.asarray(profiles, dtype=np.int64)))

    def payoff_function(self, model: str = "zero_sum"):
        """The game as a vectorised payoff function of pure profiles (see ``equilibrium.PayoffFunction``)."""
        assert self.profiles is not None
        return self.profiles.payoffs(model)

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
               max_options: int = 30, progress: bool | None = None, *, method: str = "auto",
               max_cells: int = DENSE_MAX_CELLS) -> BidGame:
    """The bidding game of the conflict in ``state`` (or of a :class:`ConflictSpec`).

    ``max_options`` caps the totals per target a seat considers with three or more participants
    (totals are thinned evenly, always keeping 0 and the maximum); two-participant games are exact.
    ``method``: ``"dense"`` builds every payoff tensor, ``"sampled"`` none (the solver samples
    profiles); ``"auto"`` is dense for two participants and whenever the tensors have at most
    ``max_cells`` cells, else sampled (always with five or six participants and real hands).
    Building a game of three or more shows a progress bar when it takes over a second.
    """
    if method not in ("auto", "dense", "sampled"):
        raise ValueError("method must be 'auto', 'dense' or 'sampled'")
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
    cells = math.prod(len(options[s]) for s in seats)
    sampled = method == "sampled" or (method == "auto" and n > 2 and cells > max_cells)
    if not sampled and cells > DENSE_LIMIT:
        raise ValueError(f"the dense bidding game would have {cells:,} cells per tensor with {n} participants; "
                         "use method='sampled' (or 'auto')")
    tie_key = tie if isinstance(tie, str) else "uniform"
    left = [[_minus(spec.hands[s], c) for c in cards[s]] for s in seats]
    duels = _duel_tables(spec, left, values, vp_per_influence, tie_key, progress) if n == 3 else None
    profiles = _Profiles(spec, options, cards, values, vp_per_influence, tie, duels)
    if sampled:
        return BidGame(spec, values, vp_per_influence, tie, options, cards, [], [], [], exact=False,
                       sampled=True, profiles=profiles)
    res = round_outcomes(spec, options, tie)
    p_leave, lost1 = res["p_leave"], res["lost"]
    p_first = [p_leave[..., i] for i in range(n)]
    if n == 2:
        p_win = [p_leave[..., 1], p_leave[..., 0]]
        lost = [lost1[..., 0], lost1[..., 1]]
        return BidGame(spec, values, vp_per_influence, tie, options, cards, p_win, lost, p_first, exact=True,
                       profiles=profiles)
    shape = p_leave.shape[:-1]
    p_win = [np.zeros(shape) for _ in range(n)]
    lost = [lost1[..., i].copy() for i in range(n)]

    def along(k: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(-1 if j == k else 1 for j in range(n)))

    def along2(a: int, b: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(arr.shape[0] if j == a else arr.shape[1] if j == b else 1 for j in range(n)))

    for li in range(n):
        pl = p_leave[..., li]
        if duels is not None:
            a, b, table = duels[li]
            p_win[a] += pl * along2(a, b, table[0])
            lost[a] += pl * along2(a, b, table[1])
            p_win[b] += pl * along2(a, b, table[2])
            lost[b] += pl * along2(a, b, table[3])
        else:
            rest = [i for i in range(n) if i != li]
            weights = [along(i, np.array([h.influence_total + 1.0 for h in left[i]])) for i in rest]
            total = sum(weights)
            for i, w in zip(rest, weights, strict=True):
                p_win[i] += pl * w / total
    return BidGame(spec, values, vp_per_influence, tie, options, cards, p_win, lost, p_first, exact=False,
                   profiles=profiles)


@dataclass
class BidAdvice:
    """The solved bidding game: mixed strategies, expected results, and odds for any bid.

    ``print(advice)`` reads like "bid 3+2 with 40%, 3 with 35%, bluff with the 0 with 25%".

    For a sampled game (five or six participants) every expectation is a Monte-Carlo **estimate**
    from ``samples`` profiles drawn with ``seed`` (the same draws for every call, so two bids are
    compared on the same opponents' bids); its standard error is at most 0.5 / sqrt(samples) for a
    probability (0.0035 at the default 20 000).
    """

    game: BidGame
    strategies: dict[int, np.ndarray]
    model: str
    solution: MatrixSolution | IterativeSolution
    state: State | None = None
    province_name: str = ""
    _heuristic: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    seed: int = 0
    samples: int = 20_000

    @property
    def participants(self) -> tuple[int, ...]:
        return self.game.participants

    @property
    def estimated(self) -> bool:
        """True when expectations are Monte-Carlo estimates (a sampled game)."""
        return self.game.sampled

    @property
    def convergence(self):
        """The NashConv curve of the iterative solution (a DataFrame), or None for an exact solution.

        For a sampled game the curve is an estimate (column ``estimated``), biased upwards by noise;
        ``nash_conv_low`` is a downward-biased estimate of the same (see ``estimated_deviation_gains``).
        """
        return self.solution.curve_frame() if isinstance(self.solution, IterativeSolution) else None

    def mix(self, seat: int, min_probability: float = 0.005) -> list[tuple[str, float]]:
        """The seat's mixed strategy as (bid, probability), most likely first."""
        g = self.game
        many = len(self.participants) > 2
        out = [(bid_label(g.cards[seat][k], g.options[seat][k][0] if many else None), float(p))
               for k, p in enumerate(self.strategies[seat]) if p >= min_probability]
        return sorted(out, key=lambda t: -t[1])

    def _profile_strategies(self, seat: int | None, against: Mapping[int, np.ndarray] | None,
                            own: np.ndarray | None) -> list[np.ndarray]:
        strategies = [self.strategies[s] for s in self.participants]
        if against is not None:
            strategies = [against.get(s, strategies[i]) for i, s in enumerate(self.participants)]
        if own is not None and seat is not None:
            strategies[self.participants.index(seat)] = own
        return strategies

    def _sampled_means(self, strategies: list[np.ndarray]) -> dict[str, np.ndarray]:
        """Mean outcomes over ``samples`` profiles drawn from ``strategies`` (fixed draws: the seed)."""
        uniforms = np.random.default_rng([self.seed, 2]).random((self.samples, len(strategies)))
        out = self.game.outcomes(sample_profiles(strategies, uniforms))
        return {k: v.mean(axis=0) for k, v in out.items()}

    def expected(self, seat: int, against: Mapping[int, np.ndarray] | None = None,
                 own: np.ndarray | None = None) -> dict[str, float]:
        """Expected P(province), influence lost and utility of ``seat`` (strategies default: equilibrium).

        Exact for a dense game; a Monte-Carlo estimate for a sampled one (see the class doc).
        """
        out = self._expected(seat, self._profile_strategies(seat, against, own))
        out.pop("p_tie", None)                      # the same keys for dense and sampled games
        return out

    def _expected(self, seat: int, strategies: list[np.ndarray]) -> dict[str, float]:
        """:meth:`expected` for a full list of strategies; a sampled game also reports ``p_tie``."""
        i = self.participants.index(seat)
        g = self.game
        extra = {}
        if g.sampled:
            m = self._sampled_means(strategies)
            p_win, lost, p_out = float(m["p_win"][i]), float(m["lost"][i]), float(m["p_leave_first"][i])
            extra["p_tie"] = float(m["tie"])
        else:
            def ev(arr: np.ndarray) -> float:
                t = arr
                for s in strategies:
                    t = np.tensordot(s, t, axes=(0, 0))
                return float(t)

            p_win, lost, p_out = ev(g.p_win[i]), ev(g.lost[i]), ev(g.p_leave_first[i])
        return {"p_province": p_win, "p_leave_first_round": p_out, "influence_lost": lost,
                "utility": g.values[seat] * p_win - g.vp_per_influence * lost, **extra}

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
        Estimated by sampling for a sampled game (see the class doc).
        """
        import pandas as pd

        g = self.game
        k = g.option_index(seat, bid, target)
        own = np.zeros(len(g.options[seat]))
        own[k] = 1.0
        rows = []
        for model in models:
            against = {s: self.opponent_strategy(s, model) for s in self.participants if s != seat}
            strategies = self._profile_strategies(seat, against, own)
            e = self._expected(seat, strategies)
            if g.sampled:
                p_tie = e["p_tie"]                  # estimated from the same draws as the rest of the row
            else:
                t = np.asarray(_tie_indicator(g), dtype=float)
                for s in strategies:
                    t = np.tensordot(s, t, axes=(0, 0))
                p_tie = float(t)
            rows.append({"opponents": model, "bid": bid_label(g.cards[seat][k], g.options[seat][k][0]
                                                              if len(self.participants) > 2 else None),
                         "p_province": e["p_province"], "p_leave_first_round": e["p_leave_first_round"],
                         "p_tie": p_tie, "influence_lost": e["influence_lost"], "utility": e["utility"]})
        return pd.DataFrame(rows)

    def deviation_gains(self) -> np.ndarray:
        """What each participant could gain (in the solved payoffs) by a pure deviation.

        Exact for a dense game. For a sampled game a Monte-Carlo estimate over 512 draws of the
        others, biased upwards by noise (the best of noisy means is picked).
        """
        strategies = [self.strategies[s] for s in self.participants]
        if self.game.sampled:
            gains, _, _ = estimated_deviation_gains(self.game.payoff_function(self.model), strategies,
                                                    samples=512, seed=self.seed)
            return gains
        return deviation_gains(self._payoffs(), strategies)

    def _payoffs(self) -> list[np.ndarray]:
        return self.game.relative_utilities() if self.model == "zero_sum" else self.game.utilities

    def summary(self) -> str:
        g = self.game
        worth = sorted(set(g.values.values()))
        worth_txt = (f"worth {worth[0]:g} VP to each" if len(worth) == 1
                     else "worth " + ", ".join(f"{g.values[s]:g} VP to {seat_name(s)}" for s in self.participants))
        how = self.solution.method
        if isinstance(self.solution, IterativeSolution):
            if self.solution.estimated:
                how += (f", {self.solution.iterations} iterations, estimated NashConv {self.solution.nash_conv:.3g}; "
                        f"approximate, expectations estimated from {self.samples:,} samples")
            else:
                how += f", {self.solution.iterations} iterations, NashConv {self.solution.nash_conv:.3g}; approximate"
        ties = _tie_name(g.tie, g.spec.emperor in self.participants)
        head = (f"Conflict for {self.province_name or 'the province'}, {worth_txt}; "
                f"{g.vp_per_influence:g} VP per influence point; {self.model.replace('_', '-')} model "
                f"({how}); ties: emperor {seat_name(g.spec.emperor)} decides ({ties}).")
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


def _tie_name(tie: TieModel, involved: bool = True) -> str:
    if not isinstance(tie, str):
        return "custom model"
    if not involved and tie in ("opponent", "self"):
        return "uniformly at random: he is not involved"
    return {"opponent": "he sends out someone else", "uniform": "uniformly at random",
            "self": "he leaves himself"}.get(tie, "custom model")


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
              tie: TieModel = "opponent", iterations: int | None = None, max_options: int = 30,
              progress: bool | None = None, *, method: str = "auto", seed: int = 0,
              batch: int = SAMPLED_BATCH, samples: int = 20_000) -> BidAdvice:
    """Solve the conflict in ``state``: equilibrium bids of every participant (see the module doc).

    ``model``: ``"zero_sum"`` (each maximises his utility minus the others' mean; exact LP for two) or
    ``"general_sum"`` (each his own utility; exact MIP for two). Three or more participants are solved
    by regret matching+ for ``iterations`` iterations (approximate; see the module doc): on the
    payoff tensors (default 3000 iterations) or, for a sampled game (``method``, see
    :func:`build_game`), by external sampling with ``batch`` draws per iteration (default
    600 iterations) and ``seed``; then ``samples`` draws estimate every expectation of the advice.
    Shows a progress bar when solving takes over a second.
    """
    if model not in ("zero_sum", "general_sum"):
        raise ValueError("model must be 'zero_sum' or 'general_sum'")
    st = state if isinstance(state, State) else None
    if st is not None:
        st = fresh_round(st)
    g = build_game(st if st is not None else state, vp_per_influence, value, tie, max_options, progress,
                   method=method)
    seats = g.participants
    sol: MatrixSolution | IterativeSolution
    if g.sampled:
        iterations = SAMPLED_ITERATIONS if iterations is None else iterations
        with progress_bar(iterations, "regret matching (sampled)", progress) as bar:
            sol = sampled_regret_matching(g.payoff_function(model), [len(g.options[s]) for s in seats],
                                          iterations=iterations, batch=batch, seed=seed,
                                          record_every=max(1, iterations // 20), callback=bar.update)
        strategies = dict(zip(seats, sol.strategies, strict=True))
    elif len(seats) == 2:
        payoffs = g.relative_utilities() if model == "zero_sum" else g.utilities
        sol = solve_zero_sum(payoffs[0]) if model == "zero_sum" else solve_general_sum(payoffs[0], payoffs[1])
        strategies = {seats[0]: sol.row, seats[1]: sol.col}
    else:
        iterations = 3000 if iterations is None else iterations
        payoffs = g.relative_utilities() if model == "zero_sum" else g.utilities
        with progress_bar(iterations, "regret matching", progress) as bar:
            sol = regret_matching(payoffs, iterations=iterations, record_every=max(1, iterations // 100),
                                  callback=bar.update)
        strategies = dict(zip(seats, sol.strategies, strict=True))
    name = ""
    if st is not None:
        p = st.board.provinces[g.spec.province]
        name = f"{p.name} ({st.chips[g.spec.province]}"
        name += ", dragon)" if st.board.dragon_mask >> g.spec.province & 1 else ")"
    return BidAdvice(g, strategies, model, sol, st, name, seed=seed, samples=samples)


__all__ = ["MODELS", "BidAdvice", "BidGame", "best_bids", "bid_label", "build_game", "fresh_round",
           "heuristic_bidder", "province_value"]
