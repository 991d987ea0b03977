"""The logit path of the rebellion's sides game: from uniform play to a Nash equilibrium.

Regret matching (:func:`lotus_kit.white_lotus.analysis.sides.solve_sides`) is fast but, with three or more
players, nothing makes it converge to a Nash equilibrium: on some five- and six-player rebellions
its last strategies cycle (NashConv 0.4-0.75 VP after 10,000 iterations) and its average settles
at a coarse correlated equilibrium that is no Nash equilibrium. This module takes the way that
always arrives: the *logit quantal response equilibria* (McKelvey & Palfrey 1995), where every
player plays each option with probability proportional to ``exp(lam * value)``. At ``lam = 0`` that
is uniform play; as ``lam`` grows the principal branch of these equilibria leads to a Nash
equilibrium (for generic games), and the logit error bounds each player's gain from deviating.

The branch is followed by arc-length predictor-corrector continuation (it may turn back in
``lam``), in log-probabilities so that options dying off cost no precision (as Gambit's ``logit``
solver does). Every Jacobian is exact: the derivative of a player's option value with respect to
another player's option is a win probability over the remaining players, one more convolution.

Far along the branch the steps get short (the log-probabilities of the dying options run away), so
once the path is near an equilibrium (NashConv below ``POLISH_BELOW``) :func:`polish` finishes the
job: Newton's method (Levenberg-Marquardt) on the equilibrium conditions as a complementarity
problem — each option either unused or worth the player's best value, each strategy summing to 1 —
written with the Fischer-Burmeister function, which is zero exactly there. Started near an
equilibrium it converges to machine precision in a few evaluations; started far it may stop at a
point that is none, which is why it only finishes what the path began and the NashConv of whatever
comes out is computed afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from lotus_kit.white_lotus.analysis.sides_values import nash_conv

if TYPE_CHECKING:
    from lotus_kit.white_lotus.analysis.sides import SidesGame

GROWTH = 1.5               # step growth after a step the corrector accepted
MAX_STEP = 1e4             # the longest step (arc length, in log-probabilities and lam)
MIN_COS = 0.95             # cosine of the sharpest turn of the tangent a step may take (about 18 degrees)
CORRECTOR_TOL = 1e-10      # max |H| a corrected point may keep
POLISH_BELOW = 1e-2        # NashConv (VP) from which the path's points are polished
POLISH_EVERY = 5           # path steps between polishing attempts


def _kernels(game: SidesGame, strategies: Mapping[int, np.ndarray]) -> dict[int, np.ndarray]:
    out = {}
    for p in game.seats:
        m, index = game._kernels[p]
        out[p] = np.bincount(index, weights=strategies[p], minlength=2 * m + 1)
    return out


def _tail_without(game: SidesGame, kernels: Mapping[int, np.ndarray], skip: tuple[int, ...]) -> np.ndarray:
    """tail[i] = P(rebels - emperor >= i - span) over every player not in ``skip``."""
    half = game.span()
    dist = np.zeros(2 * half + 1)
    dist[half + game.offset] = 1.0
    for p in game.seats:
        if p not in skip:
            dist = np.convolve(dist, kernels[p], mode="same")
    return np.concatenate([np.cumsum(dist[::-1])[::-1], [0.0]])


def _affine(game: SidesGame) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Each option's utility is ``base + slope * P(rebels win)`` (read off :meth:`SidesGame.utility_of`)."""
    out = {}
    for p in game.seats:
        n = len(game.options[p])
        base = game.utility_of(p, np.zeros(n))
        out[p] = (base, game.utility_of(p, np.ones(n)) - base)
    return out


def values_and_jacobian(game: SidesGame, strategies: Mapping[int, np.ndarray], jacobian: bool = True,
                        affine: Mapping[int, tuple[np.ndarray, np.ndarray]] | None = None
                        ) -> tuple[dict[int, np.ndarray], dict[tuple[int, int], np.ndarray]]:
    """Every option value, and ``d value[i][k] / d strategies[j][l]`` as ``jac[i, j][k, l]`` (i != j)."""
    kernels = _kernels(game, strategies)
    half = game.span()
    affine = affine or _affine(game)
    shifts = {p: game.shifts(p) for p in game.seats}
    values, jac = {}, {}
    for i in game.seats:
        tail = _tail_without(game, kernels, (i,))
        base, slope = affine[i]
        # the rebels need rebels - emperor > 0 (WL-REB-6): the others' difference >= 1 - shift
        values[i] = base + slope * tail[half + 1 - shifts[i]]
    if not jacobian:
        return values, jac
    seats = game.seats
    for a, i in enumerate(seats):
        for j in seats[a + 1:]:
            tail = _tail_without(game, kernels, (i, j))
            both = half + 1 - shifts[i][:, None] - shifts[j][None, :]
            jac[i, j] = affine[i][1][:, None] * tail[both]
            jac[j, i] = affine[j][1][:, None] * tail[both.T]
    return values, jac


class _Path:
    """H(w, lam) = 0 on the logit branch: for each player, w[k] - w[0] = lam * (v[k] - v[0]), sum exp(w) = 1."""

    def __init__(self, game: SidesGame):
        self.game = game
        self.seats = game.seats
        self.sizes = [len(game.options[p]) for p in self.seats]
        self.offsets = np.cumsum([0, *self.sizes])
        self.n = int(self.offsets[-1])
        self.affine = _affine(game)

    def strategies(self, w: np.ndarray) -> dict[int, np.ndarray]:
        o = self.offsets
        return {p: np.exp(w[o[a]:o[a + 1]]) for a, p in enumerate(self.seats)}

    def residual(self, z: np.ndarray) -> np.ndarray:
        return self._evaluate(z, jacobian=False)[0]

    def residual_and_jacobian(self, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self._evaluate(z, jacobian=True)

    def _evaluate(self, z: np.ndarray, jacobian: bool) -> tuple[np.ndarray, np.ndarray | None]:
        n, o, lam = self.n, self.offsets, z[-1]
        x = self.strategies(z[:n])
        values, jac = values_and_jacobian(self.game, x, jacobian, self.affine)
        h = np.empty(n)
        big = np.zeros((n, n + 1)) if jacobian else None
        for a, p in enumerate(self.seats):
            r, k = o[a], self.sizes[a]
            w, v = z[r:r + k], values[p]
            h[r] = x[p].sum() - 1.0
            h[r + 1:r + k] = w[1:] - w[0] - lam * (v[1:] - v[0])
            if big is None:
                continue
            big[r, r:r + k] = x[p]
            big[r + 1:r + k, r + 1:r + k] = np.eye(k - 1)
            big[r + 1:r + k, r] = -1.0
            big[r + 1:r + k, n] = -(v[1:] - v[0])
            for b, q in enumerate(self.seats):
                if q != p:
                    d = jac[p, q][1:] - jac[p, q][0]
                    big[r + 1:r + k, o[b]:o[b + 1]] = -lam * d * x[q][None, :]
        return h, big


def polish(game: SidesGame, start: Mapping[int, np.ndarray], max_evaluations: int = 60
           ) -> tuple[dict[int, np.ndarray], float]:
    """Newton on the Fischer-Burmeister form of the equilibrium conditions from ``start``; (strategies, NashConv).

    Unknowns: every option's probability x and every player's value m. Equations: for each option
    ``phi(x, m - value) = 0`` with ``phi(a, b) = a + b - sqrt(a^2 + b^2)`` (zero iff a >= 0, b >= 0,
    a * b = 0: an option is unused or worth the best), and each strategy sums to 1.
    """
    from scipy.optimize import least_squares

    seats = game.seats
    sizes = [len(game.options[p]) for p in seats]
    o = np.cumsum([0, *sizes])
    n, affine = int(o[-1]), _affine(game)

    def unpack(z: np.ndarray) -> dict[int, np.ndarray]:
        return {p: z[o[a]:o[a + 1]] for a, p in enumerate(seats)}

    def residual(z: np.ndarray) -> np.ndarray:
        x = unpack(z)
        values, _ = values_and_jacobian(game, x, False, affine)
        out = np.empty(n + len(seats))
        for a, p in enumerate(seats):
            x_, b = x[p], z[n + a] - values[p]
            out[o[a]:o[a + 1]] = x_ + b - np.hypot(x_, b)
            out[n + a] = x_.sum() - 1.0
        return out

    def jacobian(z: np.ndarray) -> np.ndarray:
        x = unpack(z)
        values, jac = values_and_jacobian(game, x, True, affine)
        big = np.zeros((n + len(seats), n + len(seats)))
        for a, p in enumerate(seats):
            x_, b = x[p], z[n + a] - values[p]
            r = np.hypot(x_, b)
            kink = r < 1e-14                           # phi is not differentiable at (0, 0): one generalised slope
            safe = np.where(kink, 1.0, r)
            da = np.where(kink, 1 - np.sqrt(0.5), 1 - x_ / safe)
            db = np.where(kink, 1 - np.sqrt(0.5), 1 - b / safe)
            rows = slice(o[a], o[a + 1])
            big[rows, rows] = np.diag(da)
            big[rows, n + a] = db
            for c, q in enumerate(seats):
                if q != p:
                    big[rows, o[c]:o[c + 1]] = -db[:, None] * jac[p, q]
            big[n + a, rows] = 1.0
        return big

    values, _ = values_and_jacobian(game, start, False, affine)
    z0 = np.concatenate([start[p] for p in seats] + [np.array([values[p].max() for p in seats])])
    try:
        fit = least_squares(residual, z0, jac=jacobian, method="lm", xtol=1e-15, ftol=1e-15, gtol=1e-15,
                            max_nfev=max_evaluations)
    except (np.linalg.LinAlgError, ValueError):
        return dict(start), nash_conv(game, start)
    out = {}
    for p, x in unpack(fit.x).items():
        x = np.maximum(x, 0.0)                         # the solution has x >= 0; this trims rounding
        out[p] = x / x.sum() if x.sum() > 0 else np.full(len(x), 1.0 / len(x))
    return out, nash_conv(game, out)


def trace_logit_path(game: SidesGame, tol: float = 1e-4, max_steps: int = 400,
                     on_step: Callable[[int, float], None] | None = None
                     ) -> tuple[dict[int, np.ndarray], float, list[tuple[int, float]]]:
    """Follow the logit branch from uniform play until NashConv <= ``tol`` or ``max_steps`` steps.

    Once NashConv is below ``POLISH_BELOW`` every ``POLISH_EVERY``-th point is also polished
    (:func:`polish`). Returns the best strategies seen, their NashConv, and the NashConv after each
    step. ``on_step(step, nash_conv)`` is called after each step (a progress bar, say).
    """
    path = _Path(game)
    n = path.n
    unit = np.concatenate([np.zeros(n), [1.0]])
    z = np.concatenate([np.full(k, -np.log(k)) for k in path.sizes] + [np.zeros(1)])
    h = 0.05
    uniform = {p: np.full(k, 1.0 / k) for p, k in zip(path.seats, path.sizes, strict=True)}
    best = (nash_conv(game, uniform), uniform)
    curve: list[tuple[int, float]] = []
    since_polish = POLISH_EVERY
    try:
        tangent = _tangent(path, z, unit)              # leave lam = 0 upwards
        for step in range(1, max_steps + 1):
            while True:
                y = _corrected(path, z + h * tangent, tangent)
                if y is not None:
                    turned = _tangent(path, y, tangent)
                    # a sharp turn means the step may have jumped to another leg of a fold: shorten it
                    if turned @ tangent >= MIN_COS:
                        break
                h *= 0.5
                if h < 1e-9:
                    raise np.linalg.LinAlgError("the logit path cannot be followed further")
            z, tangent, h = y, turned, min(GROWTH * h, MAX_STEP)
            x = path.strategies(z[:n])
            x = {p: v / v.sum() for p, v in x.items()}
            conv = nash_conv(game, x)
            since_polish += 1
            if tol < conv <= POLISH_BELOW and since_polish >= POLISH_EVERY:
                since_polish = 0
                polished, polished_conv = polish(game, x)
                if polished_conv < conv:
                    x, conv = polished, polished_conv
            curve.append((step, conv))
            if on_step is not None:
                on_step(step, conv)
            if conv < best[0]:
                best = (conv, x)
            if conv <= tol:
                break
    except np.linalg.LinAlgError:                      # a singular point (a non-generic game): stop here
        pass
    return best[1], best[0], curve


def _tangent(path: _Path, z: np.ndarray, orient: np.ndarray) -> np.ndarray:
    """The unit tangent of the branch at z, on the side of ``orient`` (the previous tangent)."""
    _, jac = path.residual_and_jacobian(z)
    t = np.linalg.solve(np.vstack([jac, orient]), np.concatenate([np.zeros(path.n), [1.0]]))
    return t / np.linalg.norm(t)


def _corrected(path: _Path, y: np.ndarray, tangent: np.ndarray) -> np.ndarray | None:
    """Newton from the predicted point y in the plane normal to the tangent; None if it does not settle."""
    for _ in range(8):
        r = path.residual(y)
        if np.abs(r).max() < CORRECTOR_TOL:
            return y
        _, jac = path.residual_and_jacobian(y)
        dy = np.linalg.solve(np.vstack([jac, tangent]), np.concatenate([-r, [0.0]]))
        y = y + dy
        if not np.isfinite(dy).all() or np.linalg.norm(dy) > 1.0:    # drifting off: a smaller step
            return None
    return None


__all__ = ["polish", "trace_logit_path", "values_and_jacobian"]
