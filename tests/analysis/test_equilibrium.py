"""Equilibria: known solutions of small games, brute-force support enumeration, no profitable deviation."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lotus_kit.analysis.bidding import best_bids, build_game
from lotus_kit.analysis.conflict import ConflictSpec
from lotus_kit.analysis.equilibrium import (
    deviation_gains,
    estimated_deviation_gains,
    regret_matching,
    sampled_regret_matching,
    solve_general_sum,
    solve_zero_sum,
)
from lotus_kit.white_lotus.cards import Hand

RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


def test_matching_pennies_and_rock_paper_scissors():
    pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
    sol = solve_zero_sum(pennies)
    assert sol.row == pytest.approx([0.5, 0.5]) and sol.col == pytest.approx([0.5, 0.5])
    assert sol.value == pytest.approx(0.0, abs=1e-9)
    sol = solve_zero_sum(RPS)
    assert sol.row == pytest.approx([1 / 3] * 3) and sol.value == pytest.approx(0.0, abs=1e-9)


def test_2x2_zero_sum_closed_form():
    """A 2x2 game without a saddle point: p = (d - c) / (a - b - c + d), value = (ad - bc) / (a - b - c + d)."""
    a, b, c, d = 3.0, -1.0, -2.0, 4.0
    sol = solve_zero_sum(np.array([[a, b], [c, d]]))
    den = a - b - c + d
    assert sol.row[0] == pytest.approx((d - c) / den)
    assert sol.col[0] == pytest.approx((d - b) / den)
    assert sol.value == pytest.approx((a * d - b * c) / den)


def support_enumeration(a: np.ndarray, b: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Every equilibrium with equal-size supports of a small non-degenerate game (brute force)."""
    m, n = a.shape
    out = []
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                # column mix makes the row player indifferent on ``rows``; and vice versa
                mat = np.vstack([a[np.ix_(rows, cols)] - a[rows[0], list(cols)], np.ones(k)])
                try:
                    y = np.linalg.lstsq(mat[1:] if k > 1 else mat[-1:], np.r_[np.zeros(k - 1), 1.0], rcond=None)[0]
                    matx = np.vstack([(b[np.ix_(rows, cols)] - b[np.ix_(rows, [cols[0]])]).T[1:], np.ones(k)])
                    x = np.linalg.lstsq(matx, np.r_[np.zeros(k - 1), 1.0], rcond=None)[0]
                except np.linalg.LinAlgError:
                    continue
                if (x < -1e-9).any() or (y < -1e-9).any():
                    continue
                xs, ys = np.zeros(m), np.zeros(n)
                xs[list(rows)], ys[list(cols)] = x, y
                if np.all(deviation_gains([a, b], [xs, ys]) < 1e-7):
                    out.append((xs, ys))
    return out


def test_general_sum_battle_of_the_sexes():
    a = np.array([[2.0, 0.0], [0.0, 1.0]])
    b = np.array([[1.0, 0.0], [0.0, 2.0]])
    sol = solve_general_sum(a, b)                      # the welfare-maximising equilibria are pure: (2, 1) or (1, 2)
    assert sol.row_value + sol.col_value == pytest.approx(3.0)
    assert np.all(deviation_gains([a, b], [sol.row, sol.col]) < 1e-9)
    found = support_enumeration(a, b)
    assert len(found) == 3                             # two pure and one mixed (2/3, 1/3)
    assert any(np.allclose(x, sol.row) and np.allclose(y, sol.col) for x, y in found)


@pytest.mark.parametrize("seed", range(6))
def test_general_sum_random_games_against_support_enumeration(seed):
    rng = np.random.default_rng(seed)
    a, b = rng.normal(size=(3, 4)), rng.normal(size=(3, 4))
    sol = solve_general_sum(a, b, select="welfare")
    assert np.all(deviation_gains([a, b], [sol.row, sol.col]) < 1e-7)
    found = support_enumeration(a, b)
    assert any(np.allclose(x, sol.row, atol=1e-6) and np.allclose(y, sol.col, atol=1e-6) for x, y in found)
    best = max(float(x @ a @ y + x @ b @ y) for x, y in found)
    assert sol.row_value + sol.col_value == pytest.approx(best, abs=1e-6)


def test_regret_matching_converges_on_a_weighted_rock_paper_scissors():
    """Rock beats scissors by 2: the equilibrium is (1/4, 1/2, 1/4); the LP and regret matching agree."""
    game = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    exact = solve_zero_sum(game)
    assert exact.row == pytest.approx([0.25, 0.5, 0.25])
    sol = regret_matching([game, -game], iterations=3000)
    assert sol.strategies[0] == pytest.approx(exact.row, abs=0.02)
    first, last = sol.curve[0][1], sol.curve[-1][1]
    assert last < first and last < 0.02


def test_one_card_bidding_conflict_by_hand():
    """Two players with one 1-card each and an uninvolved emperor deciding ties uniformly.

    Bids 0 or 1: the higher bid wins the province (worth W) and discards its card (cost r); a
    leaver who bid 1 gets it back (K = 1); a tie is a coin flip. The zero-sum matrix u_a - u_b is
    worked out by hand below; bidding the 1 is dominant.
    """
    w, r = 1.0, 0.4
    spec = ConflictSpec((0, 1), {0: Hand(0, 1, 0, 0), 1: Hand(0, 1, 0, 0)}, emperor=2)
    g = build_game(spec, vp_per_influence=r, value=w, tie="uniform")
    u = g.relative_utilities()[0]
    # 0 vs 0: coin flip, nobody pays. 1 vs 0: a wins and pays r. 1 vs 1: coin flip, the winner pays r,
    # the leaver pays 1 - K = 0 (K = 1 - 0 = 1).
    expected = np.array([[0.0, -(w - r)], [w - r, 0.0]])
    assert u == pytest.approx(expected)
    advice = best_bids(spec, vp_per_influence=r, value=w, tie="uniform")
    assert advice.strategies[0] == pytest.approx([0.0, 1.0])           # a dominant bid: always the 1
    assert np.all(advice.deviation_gains() < 1e-9)


@pytest.mark.parametrize("model", ["zero_sum", "general_sum"])
@pytest.mark.parametrize("seed", range(3))
def test_no_pure_deviation_improves_the_bid_equilibrium(model, seed):
    rng = np.random.default_rng(seed)
    hands = {s: Hand(int(rng.integers(0, 2)), *(int(v) for v in rng.integers(0, 3, size=3))) for s in (0, 1)}
    spec = ConflictSpec((0, 1), hands, emperor=int(rng.integers(0, 3)))
    advice = best_bids(spec, vp_per_influence=float(rng.uniform(0.2, 0.8)), value=float(rng.uniform(1, 5)), model=model)
    assert np.all(advice.deviation_gains() < 1e-7)
    for s in (0, 1):
        assert sum(p for _, p in advice.mix(s, min_probability=0)) == pytest.approx(1.0)


def test_three_participants_regret_matching_converges():
    hand = Hand(1, 1, 1, 0)
    spec = ConflictSpec((0, 1, 2), {0: hand, 1: hand, 2: hand}, emperor=0)
    advice = best_bids(spec, vp_per_influence=0.4, value=3.0, iterations=600)
    curve = advice.convergence
    assert curve["nash_conv"].iloc[-1] <= curve["nash_conv"].iloc[0]
    assert advice.solution.nash_conv < 0.05
    assert np.all(advice.deviation_gains() < 0.05)
    assert "approximate" in str(advice)


def weighted_rps_payoff(profiles: np.ndarray) -> np.ndarray:
    game = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    u = game[profiles[:, 0], profiles[:, 1]]
    return np.stack([u, -u], axis=1)


def test_sampled_regret_matching_converges_on_a_weighted_rock_paper_scissors_and_is_seeded():
    """The same game as above given as a payoff function: the sampled solver finds (1/4, 1/2, 1/4)."""
    game = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    sol = sampled_regret_matching(weighted_rps_payoff, [3, 3], iterations=3000, seed=4)
    assert sol.estimated and sol.curve[0][0] == 0
    assert sol.strategies[0] == pytest.approx([0.25, 0.5, 0.25], abs=0.05)
    assert deviation_gains([game, -game], sol.strategies).sum() < 0.05          # measured exactly
    again = sampled_regret_matching(weighted_rps_payoff, [3, 3], iterations=3000, seed=4)
    assert np.array_equal(sol.strategies[0], again.strategies[0]) and sol.curve == again.curve
    frame = sol.curve_frame()
    assert frame["estimated"].all() and frame["nash_conv"].iloc[-1] < frame["nash_conv"].iloc[0] / 2


def test_estimated_deviation_gains_bracket_the_exact_gains():
    """The in-sample estimate is biased up, the cross-checked one down: the exact gain lies between (up to noise)."""
    game = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    profile = [np.array([0.5, 0.3, 0.2]), np.array([0.2, 0.3, 0.5])]
    exact = deviation_gains([game, -game], profile)
    up, low, ev = estimated_deviation_gains(weighted_rps_payoff, profile, samples=20_000, seed=2)
    assert (low <= up + 1e-12).all()
    assert up == pytest.approx(exact, abs=0.05) and low == pytest.approx(exact, abs=0.05)
    assert ev[0] == pytest.approx(float(profile[0] @ game @ profile[1]), abs=0.05)
    assert (low - 0.05 <= exact).all() and (exact <= up + 0.05).all()


def test_sampled_solver_on_two_participants_reaches_the_lp_value():
    """WL-CONF-12 bidding solved both ways: the sampled strategies are nearly optimal in the exact matrix."""
    spec = ConflictSpec((0, 1), {0: Hand(1, 1, 1, 1), 1: Hand(0, 2, 1, 0)}, emperor=2)
    exact = best_bids(spec, vp_per_influence=0.3, value=3.0)
    sampled = best_bids(spec, vp_per_influence=0.3, value=3.0, method="sampled", iterations=2000, seed=1,
                        progress=False)
    rel = exact.game.relative_utilities()[0]
    x, y = sampled.strategies[0], sampled.strategies[1]
    # what each side concedes against a best response, measured on the exact matrix
    assert exact.solution.value - (x @ rel).min() < 0.1
    assert (rel @ y).max() - exact.solution.value < 0.1
    assert sampled.expected(0)["utility"] == pytest.approx(exact.expected(0)["utility"], abs=0.1)
