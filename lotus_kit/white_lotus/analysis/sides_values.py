"""What each side choice of the rebellion is worth against the others' mixed strategies, and how far a
profile is from an equilibrium (NashConv): the values both the regret-matching solver
(:mod:`lotus_kit.white_lotus.analysis.sides`) and the Newton polish
(:mod:`lotus_kit.white_lotus.analysis.sides_path`) use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from lotus_kit.white_lotus.analysis.sides import SidesGame

__all__ = ["nash_conv", "option_values", "rebels_win"]


def _difference_distribution(game: SidesGame, strategies: Mapping[int, np.ndarray], skip: int | None = None
                             ) -> tuple[np.ndarray, int]:
    """P(rebels - emperor = d) over every player but ``skip``; returns (probabilities, index of d = 0)."""
    half = game.span()
    dist = np.zeros(2 * half + 1)
    dist[half + game.offset] = 1.0
    for p in game.seats:
        if p == skip:
            continue
        m, index = game._kernels[p]
        kernel = np.bincount(index, weights=strategies[p], minlength=2 * m + 1)
        # kernel[m + d] is P(this player shifts the difference by d); the span leaves room on both
        # sides, so the centred convolution loses nothing at the edges
        dist = np.convolve(dist, kernel, mode="same")
    return dist, half


def rebels_win(game: SidesGame, strategies: Mapping[int, np.ndarray], seat: int) -> np.ndarray:
    """P(the rebels win | each option of ``seat``), the others playing ``strategies``."""
    dist, zero = _difference_distribution(game, strategies, skip=seat)
    # the rebels need the difference > 0 (WL-REB-6: a tie goes to the emperor)
    tail = np.concatenate([np.cumsum(dist[::-1])[::-1], [0.0]])          # tail[i] = P(index >= i)
    return tail[np.clip(zero + 1 - game.shifts(seat), 0, len(dist))]


def option_values(game: SidesGame, strategies: Mapping[int, np.ndarray], seat: int) -> np.ndarray:
    """The exact expected utility of each option of ``seat`` against the others' mixed strategies."""
    return game.utility_of(seat, rebels_win(game, strategies, seat))


def nash_conv(game: SidesGame, strategies: Mapping[int, np.ndarray]) -> float:
    """The sum over players of what a best response gains against ``strategies`` (0 at an equilibrium)."""
    total = 0.0
    for p in game.seats:
        vals = option_values(game, strategies, p)
        total += float(vals.max() - vals @ strategies[p])
    return total
