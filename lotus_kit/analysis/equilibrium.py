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
- :func:`deviation_gains` — what each player could gain by a pure deviation from a profile.

>>> pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
>>> sol = solve_zero_sum(pennies)
>>> np.round(sol.row, 3).tolist(), np.round(sol.col, 3).tolist(), round(sol.value, 6)
([0.5, 0.5], [0.5, 0.5], 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
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

    @property
    def nash_conv(self) -> float:
        """The last NashConv: the sum of every player's best-response gain (0 at an equilibrium)."""
        return self.curve[-1][1] if self.curve else float("nan")

    def curve_frame(self):
        import pandas as pd

        return pd.DataFrame(self.curve, columns=["iteration", "nash_conv"])


def regret_matching(payoffs: Sequence[np.ndarray], iterations: int = 2000, record_every: int = 20,
                    tol: float = 0.0) -> IterativeSolution:
    """Regret matching+ for an n-player game given one payoff tensor per player (axis k = player k).

    Deterministic (no sampling). Stops early when NashConv <= ``tol``. Returns the linearly weighted
    average strategies and the NashConv curve sampled every ``record_every`` iterations.

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
        vals = [action_values(payoffs[i], current, i) for i in range(n)]
        for i in range(n):
            regrets[i] = np.maximum(regrets[i] + vals[i] - vals[i] @ current[i], 0.0)
            avg[i] += it * current[i]
        for i in range(n):
            total = regrets[i].sum()
            current[i] = regrets[i] / total if total > 0 else np.full(sizes[i], 1.0 / sizes[i])
        if it % record_every == 0 or it == iterations:
            strategies = [a / a.sum() for a in avg]
            conv = float(deviation_gains(payoffs, strategies).sum())
            curve.append((it, conv))
            if conv <= tol:
                break
    strategies = [a / a.sum() for a in avg]
    return IterativeSolution(strategies, expected_payoffs(payoffs, strategies), it, curve)


__all__ = ["IterativeSolution", "MatrixSolution", "action_values", "deviation_gains", "expected_payoffs",
           "regret_matching", "solve_general_sum", "solve_zero_sum"]
