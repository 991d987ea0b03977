"""Equilibria of small normal-form games: the maths behind the best bids, kept pure and separate.

- :func:`solve_zero_sum` — a two-player zero-sum (or constant-sum) matrix game, solved exactly by
  linear programming (``scipy.optimize.linprog``, HiGHS): the maximin strategies and the value.
- :func:`solve_general_sum` — a Nash equilibrium of a two-player general-sum (bimatrix) game, as a
  mixed-integer program (Sandholm, Gilpin & Conitzer, "Mixed-integer programming methods for
  finding Nash equilibria", AAAI 2005) solved by ``scipy.optimize.milp`` (HiGHS). Why not support
  enumeration (e.g. nashpy)? It visits every pair of supports, exponential in the number of bids
  (20 bids a side is already ~10^11 pairs), and the bidding game is *degenerate* (many equal
  payoffs), where support enumeration and Lemke-Howson misbehave. The MIP handles degeneracy, picks a
  well-defined equilibrium (the one maximising the two players' total utility, or the first found),
  and the result is checked: no pure deviation may gain more than a tolerance.
- :func:`regret_matching` — for three or more players: regret matching+ with linearly weighted
  averaging. In two-player zero-sum games the average converges to equilibrium; with more players
  it converges to a coarse correlated equilibrium, so its *NashConv* (the sum of what each player
  could gain by a best response) is reported along the way as the convergence curve.
- :func:`sampled_regret_matching` — the same for games too large for a payoff tensor (five or six
  bidders): the game is a vectorised payoff *function* of pure profiles, and each iteration samples
  the other players' actions from their current strategies (external-sampling Monte-Carlo regret
  matching, the one-shot case of MCCFR). Seeded; its NashConv curve is an **estimate**
  (:func:`estimated_deviation_gains`).
- :func:`deviation_gains` — what each player could gain by a pure deviation from a profile.

>>> pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
>>> sol = solve_zero_sum(pennies)
>>> np.round(sol.row, 3).tolist(), np.round(sol.col, 3).tolist(), round(sol.value, 6)
([0.5, 0.5], [0.5, 0.5], 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class MatrixSolution:
    """Mixed strategies of the row and column player and their expected payoffs."""

    row: np.ndarray
    col: np.ndarray
    row_value: float
    col_value: float
    method: str

    @property
    def value(self) -> float:
        """The row player's expected payoff (the game value in the zero-sum case)."""
        return self.row_value


def _clean(p: np.ndarray) -> np.ndarray:
    p = np.clip(np.asarray(p, dtype=float), 0.0, None)
    p[p < 1e-10] = 0.0
    return p / p.sum()


def solve_zero_sum(payoff: np.ndarray) -> MatrixSolution:
    """Maximin strategies of the zero-sum game where the row player gets ``payoff[i, j]``.

    One linear program, max v s.t. x^T A >= v, sum x = 1, x >= 0; the column player's strategy is
    read from its duals (checked; a second LP for the column player if they do not fit).
    """
    from scipy.optimize import linprog

    a = np.asarray(payoff, dtype=float)

    def maximin(m: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """The row player's maximin mix, and the column player's minimax mix from the LP duals."""
        rows, cols = m.shape
        c = np.zeros(rows + 1)
        c[-1] = -1.0                                           # maximise v
        a_ub = np.hstack([-m.T, np.ones((cols, 1))])            # v - x^T m[:, j] <= 0
        a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
        res = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0],
                      bounds=[(0, None)] * rows + [(None, None)], method="highs")
        if res.status != 0:
            raise RuntimeError(f"linprog failed: {res.message}")
        dual = None
        marginals = getattr(getattr(res, "ineqlin", None), "marginals", None)
        if marginals is not None and abs(-np.sum(marginals) - 1.0) < 1e-7:
            dual = _clean(-np.asarray(marginals))
        return _clean(res.x[:rows]), dual

    x, y = maximin(a)
    if y is None or float(np.max(a @ y) - np.min(x @ a)) > 1e-7:      # y must hold the row player to the value
        y, _ = maximin(-a.T)                                    # no usable duals: solve the column player's LP
    v = float(x @ a @ y)
    return MatrixSolution(x, y, v, -v, "exact LP, scipy linprog/HiGHS")


def solve_general_sum(a: np.ndarray, b: np.ndarray, select: str = "welfare") -> MatrixSolution:
    """A Nash equilibrium of the bimatrix game (row gets ``a[i, j]``, column gets ``b[i, j]``).

    Mixed-integer program: for each pure action a binary says "not played"; an action that is played
    must be a best response (its regret, the gap to the player's equilibrium payoff, is 0).
    ``select="welfare"`` returns the equilibrium with the highest total payoff, ``"any"`` the first found.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    m, n = a.shape
    # variables: x (m), y (n), ua, ub, rx (m), ry (n), sx (m), sy (n)
    nv = 3 * m + 3 * n + 2
    ix, iy, iua, iub = 0, m, m + n, m + n + 1
    irx, iry = m + n + 2, 2 * m + n + 2
    isx, isy = 2 * m + 2 * n + 2, 3 * m + 2 * n + 2
    big_a = float(a.max() - a.min()) + 1.0
    big_b = float(b.max() - b.min()) + 1.0
    rows, lo, hi = [], [], []

    def add(coefs: dict[int, float], low: float, high: float) -> None:
        r = np.zeros(nv)
        for k, v in coefs.items():
            r[k] += v
        rows.append(r)
        lo.append(low)
        hi.append(high)

    add({ix + i: 1.0 for i in range(m)}, 1.0, 1.0)
    add({iy + j: 1.0 for j in range(n)}, 1.0, 1.0)
    for i in range(m):        # ua - sum_j a[i,j] y_j - rx_i = 0
        add({iua: 1.0, irx + i: -1.0, **{iy + j: -a[i, j] for j in range(n)}}, 0.0, 0.0)
        add({ix + i: 1.0, isx + i: 1.0}, -np.inf, 1.0)            # x_i <= 1 - sx_i
        add({irx + i: 1.0, isx + i: -big_a}, -np.inf, 0.0)        # rx_i <= U sx_i
    for j in range(n):        # ub - sum_i b[i,j] x_i - ry_j = 0
        add({iub: 1.0, iry + j: -1.0, **{ix + i: -b[i, j] for i in range(m)}}, 0.0, 0.0)
        add({iy + j: 1.0, isy + j: 1.0}, -np.inf, 1.0)
        add({iry + j: 1.0, isy + j: -big_b}, -np.inf, 0.0)
    c = np.zeros(nv)
    if select == "welfare":
        c[iua] = c[iub] = -1.0
    elif select != "any":
        raise ValueError("select must be 'welfare' or 'any'")
    lower = np.zeros(nv)
    upper = np.full(nv, np.inf)
    lower[iua] = lower[iub] = -np.inf
    upper[ix:ix + m + n] = 1.0
    upper[isx:] = 1.0
    integrality = np.zeros(nv)
    integrality[isx:] = 1
    res = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi), integrality=integrality,
               bounds=Bounds(lower, upper), options={"mip_rel_gap": 1e-9})
    if res.status != 0 or res.x is None:
        raise RuntimeError(f"milp failed: {res.message}")
    x, y = _clean(res.x[ix:ix + m]), _clean(res.x[iy:iy + n])
    return MatrixSolution(x, y, float(x @ a @ y), float(x @ b @ y), "exact MIP, scipy milp/HiGHS")


def expected_payoffs(payoffs: Sequence[np.ndarray], strategies: Sequence[np.ndarray]) -> np.ndarray:
    """Each player's expected payoff when everyone plays his mixed strategy (n-player tensors)."""
    out = []
    for u in payoffs:
        t = u
        for s in strategies:
            t = np.tensordot(s, t, axes=(0, 0))
        out.append(float(t))
    return np.array(out)


def action_values(u: np.ndarray, strategies: Sequence[np.ndarray], player: int) -> np.ndarray:
    """The expected payoff of each pure action of ``player`` against the others' mixed strategies."""
    t = u
    # contract the other axes from the last to the first so axis numbers stay valid
    for k in range(len(strategies) - 1, -1, -1):
        if k != player:
            t = np.tensordot(t, strategies[k], axes=([k], [0]))
    return t


def deviation_gains(payoffs: Sequence[np.ndarray], strategies: Sequence[np.ndarray]) -> np.ndarray:
    """For each player, the most a pure deviation gains over his mixed strategy (>= 0 up to rounding).

    All (close to) zero means the profile is a Nash equilibrium.

    >>> a = np.array([[2.0, 0.0], [0.0, 1.0]]); b = np.array([[1.0, 0.0], [0.0, 2.0]])
    >>> sol = solve_general_sum(a, b)
    >>> bool(np.all(deviation_gains([a, b], [sol.row, sol.col]) < 1e-9))
    True
    """
    gains = []
    for i, u in enumerate(payoffs):
        vals = action_values(u, strategies, i)
        gains.append(float(vals.max() - vals @ strategies[i]))
    return np.array(gains)


@dataclass
class IterativeSolution:
    """Average strategies of an iterative method and its convergence curve."""

    strategies: list[np.ndarray]
    values: np.ndarray
    iterations: int
    curve: list[tuple[int, float]] = field(default_factory=list)
    method: str = "regret matching+"
    estimated: bool = False
    """True when the values and the NashConv curve are Monte-Carlo estimates (sampled solvers)."""
    lower_curve: list[tuple[int, float]] = field(default_factory=list)
    """For estimated curves: a downward-biased estimate at the same iterations (the truth lies between)."""

    @property
    def nash_conv(self) -> float:
        """The last NashConv: the sum of every player's best-response gain (0 at an equilibrium)."""
        return self.curve[-1][1] if self.curve else float("nan")

    def curve_frame(self):
        """The curve as a DataFrame: ``iteration``, ``nash_conv``, ``estimated`` (True: a Monte-Carlo
        estimate, biased upwards by noise) and, for estimates, ``nash_conv_low`` (biased downwards)."""
        import pandas as pd

        df = pd.DataFrame(self.curve, columns=["iteration", "nash_conv"])
        df["estimated"] = self.estimated
        if self.lower_curve:
            df["nash_conv_low"] = [v for _, v in self.lower_curve]
        return df


def _rm_plus_step(it: int, values: Sequence[np.ndarray], current: list[np.ndarray], regrets: list[np.ndarray],
                  avg: list[np.ndarray]) -> None:
    """One simultaneous regret-matching+ update from each player's action values (in place), with the
    linearly weighted average (iteration ``it`` weighs ``it``)."""
    for i, vals in enumerate(values):
        regrets[i] = np.maximum(regrets[i] + vals - vals @ current[i], 0.0)
        avg[i] += it * current[i]
    for i, r in enumerate(regrets):
        total = r.sum()
        current[i] = r / total if total > 0 else np.full(len(r), 1.0 / len(r))


def regret_matching(payoffs: Sequence[np.ndarray], iterations: int = 2000, record_every: int = 20,
                    tol: float = 0.0, callback: Callable[[int], None] | None = None) -> IterativeSolution:
    """Regret matching+ for an n-player game given one payoff tensor per player (axis k = player k).

    Deterministic (no sampling). Stops early when NashConv <= ``tol``. Returns the linearly weighted
    average strategies and the NashConv curve sampled every ``record_every`` iterations.
    ``callback(k)`` is told each time k more iterations are done (a progress bar's ``update``).

    >>> pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
    >>> sol = regret_matching([pennies, -pennies], iterations=500)
    >>> np.round(sol.strategies[0], 2).tolist(), sol.nash_conv < 0.02
    ([0.5, 0.5], True)
    """
    n = len(payoffs)
    sizes = payoffs[0].shape
    regrets = [np.zeros(m) for m in sizes]
    avg = [np.zeros(m) for m in sizes]
    current = [np.full(m, 1.0 / m) for m in sizes]
    curve: list[tuple[int, float]] = []
    it = 0
    for it in range(1, iterations + 1):
        _rm_plus_step(it, [action_values(payoffs[i], current, i) for i in range(n)], current, regrets, avg)
        if it % record_every == 0 or it == iterations:
            strategies = [a / a.sum() for a in avg]
            conv = float(deviation_gains(payoffs, strategies).sum())
            curve.append((it, conv))
            if callback is not None:
                callback(record_every if it % record_every == 0 else it % record_every)
            if conv <= tol:
                break
    strategies = [a / a.sum() for a in avg]
    return IterativeSolution(strategies, expected_payoffs(payoffs, strategies), it, curve)


PayoffFunction = Callable[[np.ndarray], np.ndarray]
"""A game too large for tensors: maps pure profiles, an int array (B, n) of action indices (one
column per player), to the players' payoffs, a float array (B, n)."""


def sample_profiles(strategies: Sequence[np.ndarray], uniforms: np.ndarray) -> np.ndarray:
    """Pure profiles drawn from independent mixed strategies by inverting their CDFs at ``uniforms`` (B, n).

    Fixed uniforms give *common random numbers*: the same draws for different strategies, so that
    estimates along a convergence curve differ by the strategies, not by fresh noise.
    """
    out = np.empty(uniforms.shape, dtype=np.int64)
    for k, s in enumerate(strategies):
        cdf = np.cumsum(s)
        out[:, k] = np.minimum(np.searchsorted(cdf / cdf[-1], uniforms[:, k], side="right"), len(s) - 1)
    return out


def sampled_action_values(payoff: PayoffFunction, sizes: Sequence[int], others: np.ndarray,
                          chunk: int = 250_000) -> list[np.ndarray]:
    """For every player, the mean payoff of each of his pure actions against the sampled ``others`` (S, n).

    Row r of ``others`` is one draw of everybody's action; player i's own column is ignored and
    replaced by each of his actions in turn (so every player is evaluated against the same draws).
    One vectorised call of ``payoff`` per ``chunk`` profiles.
    """
    s = len(others)
    blocks = []
    for i, m in enumerate(sizes):
        rows = np.repeat(others, m, axis=0)
        rows[:, i] = np.tile(np.arange(m), s)
        blocks.append(rows)
    profiles = np.concatenate(blocks)
    col = np.concatenate([np.full(s * m, i) for i, m in enumerate(sizes)])
    own = np.empty(len(profiles))
    for start in range(0, len(profiles), chunk):
        part = slice(start, start + chunk)
        own[part] = payoff(profiles[part])[np.arange(len(profiles[part])), col[part]]
    out, start = [], 0
    for m in sizes:
        out.append(own[start:start + s * m].reshape(s, m).mean(axis=0))
        start += s * m
    return out


def estimated_deviation_gains(payoff: PayoffFunction, strategies: Sequence[np.ndarray], samples: int = 512,
                              seed: int = 0, uniforms: np.ndarray | None = None
                              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Monte-Carlo estimate of each player's best-response gain: (gains, cross-checked gains, payoffs).

    Each player's every action is scored against the same ``samples`` draws of the others (common
    random numbers, fixed by ``seed`` or given as ``uniforms``). ``gains``: the best action's mean
    minus the strategy's mean on those draws. Because the best of noisy means is picked, this is
    biased *upwards* by the sampling noise (it stays above 0 at an equilibrium). ``cross-checked``:
    the action is picked on one half of the draws and scored on the other (both ways, averaged),
    which is biased *downwards* (the picked action may not be the best); the truth lies in between,
    up to noise. ``payoffs``: each player's estimated expected payoff.
    """
    sizes = [len(s) for s in strategies]
    if uniforms is None:
        uniforms = np.random.default_rng(seed).random((samples, len(sizes)))
    if len(uniforms) < 2:
        raise ValueError("the estimate needs at least two samples (it splits them in halves)")
    half = len(uniforms) // 2
    draws = sample_profiles(strategies, uniforms)
    vals_a = sampled_action_values(payoff, sizes, draws[:half])
    vals_b = sampled_action_values(payoff, sizes, draws[half:])
    gains, cross, ev = [], [], []
    for va, vb, s in zip(vals_a, vals_b, strategies, strict=True):
        v = (half * va + (len(draws) - half) * vb) / len(draws)
        ev.append(float(v @ s))
        gains.append(max(float(v.max()) - ev[-1], 0.0))
        cross.append(0.5 * (float(vb[va.argmax()] - vb @ s) + float(va[vb.argmax()] - va @ s)))
    return np.array(gains), np.array(cross), np.array(ev)


def sampled_regret_matching(payoff: PayoffFunction, sizes: Sequence[int], iterations: int = 400,
                            batch: int = 8, seed: int = 0, record_every: int = 20, eval_samples: int = 256,
                            callback: Callable[[int], None] | None = None) -> IterativeSolution:
    """External-sampling regret matching+ for an n-player game given as a payoff function.

    Each iteration draws ``batch`` profiles of every player's current strategy; each player's regret
    for every action is his mean payoff with that action against the others' drawn actions, minus
    the same under his current strategy (an unbiased estimate of the exact regret increment).
    Regrets are floored at 0 (RM+) and the average strategy is weighted linearly, as in
    :func:`regret_matching`. Same ``seed``, same result.

    The NashConv curve (iteration 0 = the uniform start) is *estimated* by
    :func:`estimated_deviation_gains` with ``eval_samples`` fixed draws (common random numbers): the
    curve holds the upward-biased estimate, which has a noise floor above 0, and ``lower_curve``
    the downward-biased cross-checked one. ``callback(k)``: k more iterations are done.

    Rock-paper-scissors where rock beats scissors by 2: the equilibrium is (1/4, 1/2, 1/4).

    >>> rps = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    >>> def payoff(p):
    ...     u = rps[p[:, 0], p[:, 1]]
    ...     return np.stack([u, -u], axis=1)
    >>> sol = sampled_regret_matching(payoff, [3, 3], iterations=2000, seed=1)
    >>> np.round(sol.strategies[0], 1).tolist(), sol.curve[-1][1] < sol.curve[0][1] / 2, sol.estimated
    ([0.3, 0.5, 0.2], True, True)
    >>> float(deviation_gains([rps, -rps], sol.strategies).sum()) < 0.1       # the exact NashConv
    True
    """
    if iterations < 1:
        raise ValueError("sampled regret matching needs at least one iteration")
    n = len(sizes)
    rng = np.random.default_rng(seed)
    eval_uniforms = np.random.default_rng([seed, 1]).random((eval_samples, n))
    regrets = [np.zeros(m) for m in sizes]
    avg = [np.zeros(m) for m in sizes]
    current = [np.full(m, 1.0 / m) for m in sizes]
    curve: list[tuple[int, float]] = []
    lower: list[tuple[int, float]] = []

    def record(it: int, strategies: list[np.ndarray]) -> np.ndarray:
        gains, cross, ev = estimated_deviation_gains(payoff, strategies, uniforms=eval_uniforms)
        curve.append((it, float(gains.sum())))
        lower.append((it, float(cross.sum())))
        return ev

    record(0, current)
    it = 0
    for it in range(1, iterations + 1):
        draws = sample_profiles(current, rng.random((batch, n)))
        _rm_plus_step(it, sampled_action_values(payoff, sizes, draws), current, regrets, avg)
        if it % record_every == 0 and it < iterations:
            record(it, [a / a.sum() for a in avg])
            if callback is not None:
                callback(record_every)
    strategies = [a / a.sum() for a in avg]
    ev = record(it, strategies)
    if callback is not None:
        callback(it - (it - 1) // record_every * record_every)     # the iterations since the last report
    return IterativeSolution(strategies, ev, it, curve, "external-sampling regret matching+ (Monte Carlo)",
                             estimated=True, lower_curve=lower)


__all__ = ["IterativeSolution", "MatrixSolution", "PayoffFunction", "action_values", "deviation_gains",
           "estimated_deviation_gains", "expected_payoffs", "regret_matching", "sample_profiles",
           "sampled_action_values", "sampled_regret_matching", "solve_general_sum", "solve_zero_sum"]
