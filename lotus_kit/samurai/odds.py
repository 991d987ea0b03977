"""Exact battle odds (SAM-BAT-2/3, SAM-CLAR-12): the distribution of a side's dice total and the
chance that the attacker wins, with equal totals rerolled until they differ.

With ``a`` and ``d`` dice, P(attacker wins) = P(A > D) / (1 - P(A = D)) (each reroll is a fresh
trial); no dice on both sides: the defender wins; no dice on one side: the other side wins.

>>> from fractions import Fraction
>>> attacker_wins(1, 1)
Fraction(1, 2)
>>> attacker_wins(2, 1), attacker_wins(0, 0), attacker_wins(0, 3), attacker_wins(1, 0)
(Fraction(181, 201), Fraction(0, 1), Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache


@cache
def totals(dice: int) -> tuple[int, ...]:
    """Ways to roll each total with ``dice`` six-sided dice (index = total; 0 dice: total 0 once)."""
    ways = [1]
    for _ in range(dice):
        nxt = [0] * (len(ways) + 6)
        for total, w in enumerate(ways):
            if w:
                for pip in range(1, 7):
                    nxt[total + pip] += w
        ways = nxt
    return tuple(ways)


@cache
def attacker_wins(a: int, d: int) -> Fraction:
    """The exact chance that ``a`` attacking dice beat ``d`` defending dice, rerolls included."""
    if a == 0:
        return Fraction(0)
    if d == 0:
        return Fraction(1)
    ta, td = totals(a), totals(d)
    wins = ties = 0
    below = 0                       # ways of the defender to roll less than the current total
    cum = [0] * (len(td) + 1)
    for i, w in enumerate(td):
        cum[i + 1] = cum[i] + w
    for total, w in enumerate(ta):
        if not w:
            continue
        below = cum[min(total, len(td))]
        wins += w * below
        ties += w * (td[total] if total < len(td) else 0)
    all_ways = 6 ** (a + d)
    return Fraction(wins, all_ways - ties)


def tie_chance(a: int, d: int) -> Fraction:
    """The chance that one roll of both sides ties (and is rerolled)."""
    if a == 0 or d == 0:
        return Fraction(0)
    ta, td = totals(a), totals(d)
    return Fraction(sum(w * td[t] for t, w in enumerate(ta) if t < len(td)), 6 ** (a + d))


def table() -> list[list[float]]:
    """P(attacker wins) for every dice count 0-6 against 0-6 (rows: attacker dice)."""
    return [[float(attacker_wins(a, d)) for d in range(7)] for a in range(7)]
