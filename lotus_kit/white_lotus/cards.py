"""Hands of influence and combat cards, kept as counts per value (cheap, immutable).

Cards in actions and events are written as tuples of values, largest first: ``(3, 2, 0)``.

>>> h = Hand.start()
>>> h.influence_cards(), h.combat_cards(), h.influence_total
((3, 3, 2, 2, 1, 1, 0), (1, 1, 1), 12)
>>> default_split(10)
(3, 3, 3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple


class Hand(NamedTuple):
    """A player's cards: influence counts for values 0..3, combat counts for values 1..3."""

    zero: int = 0
    inf1: int = 0
    inf2: int = 0
    inf3: int = 0
    com1: int = 0
    com2: int = 0
    com3: int = 0

    @classmethod
    def start(cls, combat_single: bool = False) -> Hand:
        """WL-SETUP-5: influence 1,1,2,2,3,3 and one 0; three combat 1s (one under WL_START_COMBAT_SINGLE)."""
        return cls(1, 2, 2, 2, 1 if combat_single else 3, 0, 0)

    @property
    def influence_total(self) -> int:
        return self.inf1 + 2 * self.inf2 + 3 * self.inf3

    @property
    def combat_total(self) -> int:
        return self.com1 + 2 * self.com2 + 3 * self.com3

    @property
    def size(self) -> int:
        """How many cards he holds: public (WL-CARDS-4)."""
        return sum(self)

    def influence_counts(self) -> tuple[int, int, int, int]:
        return (self.zero, self.inf1, self.inf2, self.inf3)

    def combat_counts(self) -> tuple[int, int, int]:
        return (self.com1, self.com2, self.com3)

    def influence_cards(self) -> tuple[int, ...]:
        return values_of(self.influence_counts(), first=0)

    def combat_cards(self) -> tuple[int, ...]:
        return values_of(self.combat_counts(), first=1)

    def add_influence(self, counts123: tuple[int, int, int], sign: int = 1) -> Hand:
        a, b, c = counts123
        z, i1, i2, i3, c1, c2, c3 = self
        return _new_tuple(Hand, (z, i1 + sign * a, i2 + sign * b, i3 + sign * c, c1, c2, c3))

    def add_combat(self, counts123: tuple[int, int, int], sign: int = 1) -> Hand:
        a, b, c = counts123
        z, i1, i2, i3, c1, c2, c3 = self
        return _new_tuple(Hand, (z, i1, i2, i3, c1 + sign * a, c2 + sign * b, c3 + sign * c))


_new_tuple = tuple.__new__


def values_of(counts: Iterable[int], first: int) -> tuple[int, ...]:
    """Counts per value (starting at value ``first``) -> the card values, largest first."""
    counts = tuple(counts)
    out: tuple[int, ...] = ()
    for offset in range(len(counts) - 1, -1, -1):
        out += (first + offset,) * counts[offset]
    return out


@lru_cache(maxsize=4096)
def card_combos(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every sub-hand of a hand given as counts per value (from 0 for 4 counts, else from 1), each
    as card values largest first; the most cards of the highest value come first.

    >>> card_combos((1, 1, 0, 0))
    ((1, 0), (1,), (0,), ())
    >>> card_combos((2, 0, 1))
    ((3, 1, 1), (3, 1), (3,), (1, 1), (1,), ())
    """
    first = 0 if len(counts) == 4 else 1
    out: list[tuple[int, ...]] = [()]
    for offset in range(len(counts) - 1, -1, -1):        # the highest value varies slowest
        value = (first + offset,)
        out = [head + value * k for head in out for k in range(counts[offset], -1, -1)]
    return tuple(out)


def counts_of(cards: Iterable[int], values: tuple[int, ...]) -> tuple[int, ...] | None:
    """Card values -> counts per value in ``values``; None if a card has another value."""
    counts = dict.fromkeys(values, 0)
    for v in cards:
        if type(v) is not int or v not in counts:
            return None
        counts[v] += 1
    return tuple(counts[v] for v in values)


def default_split(total: int) -> tuple[int, ...]:
    """WL-CARDS-6: the default split of a total into card values 1..3, largest values first."""
    if total <= 0:
        return ()
    threes, rest = divmod(total, 3)
    return (3,) * threes + ((rest,) if rest else ())


def greedy_from_supply(total: int, supply: tuple[int, int, int]) -> tuple[int, int, int]:
    """WL-CARDS-6 under WL_FINITE_SUPPLY: pay largest first from what is there (counts of 1, 2, 3).

    Only what the supply cannot make is lost: the most payable amount (as for refunds, WL-CONF-13),
    in the split with the most large cards. A plain greedy pass would lose points, e.g. 10 with no
    1s left is 3+3+2+2, not 3+3+3.

    >>> greedy_from_supply(10, (0, 5, 5)), greedy_from_supply(10, (1, 0, 0))
    ((0, 2, 2), (1, 0, 0))
    """
    best = splits(max_payable(total, supply), supply)[0]
    return (best.count(1), best.count(2), best.count(3))


def max_payable(total: int, supply: tuple[int, int, int]) -> int:
    """WL-CONF-13: the largest amount <= ``total`` that the supply's 1s, 2s and 3s can make exactly."""
    best = 0
    for c3 in range(min(supply[2], total // 3) + 1):
        rest = total - 3 * c3
        for c2 in range(min(supply[1], rest // 2) + 1):
            got = 3 * c3 + 2 * c2 + min(supply[0], rest - 2 * c2)
            if got > best:
                best = got
                if best == total:
                    return best
    return best


def splits(total: int, supply: tuple[int, int, int] | None = None) -> list[tuple[int, ...]]:
    """Every way to make ``total`` from cards 1..3 (within ``supply`` when finite), largest first."""
    out = []
    for c3 in range(total // 3, -1, -1):
        for c2 in range((total - 3 * c3) // 2, -1, -1):
            c1 = total - 3 * c3 - 2 * c2
            if supply is not None and (c1 > supply[0] or c2 > supply[1] or c3 > supply[2]):
                continue
            out.append((3,) * c3 + (2,) * c2 + (1,) * c1)
    return out
