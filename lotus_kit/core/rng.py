"""Chance carried in the state: a seeded generator whose whole state is one int.

Games that roll dice or draw cards in the middle of a game keep the generator's state as an int in
their state tuple. Every draw is a pure function ``(state) -> (value, next state)``, so states stay
immutable values and a replay is bit-exact on every platform: the generator is SplitMix64
(Steele, Lea & Flood 2014; the seeding generator of xoshiro), written with Python ints masked to
64 bits, with no floating point anywhere. Bounded draws use rejection sampling, so they are
unbiased. (``random.Random`` is not used here: its state is 625 ints and its algorithms for
``randrange``/``shuffle`` are not promised to stay the same across Python versions.)

>>> s = seed_state(7)
>>> die, s = randbelow(s, 6)
>>> 0 <= die < 6
True
>>> deck, s2 = shuffled(s, range(5))
>>> sorted(deck), shuffled(s, range(5)) == (deck, s2)       # the same state gives the same draw
([0, 1, 2, 3, 4], True)
>>> next_u64(0)[0] == 0xE220A8397B1DCDAF      # the published SplitMix64 value from state 0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

__all__ = ["Rng", "below", "choice", "next_u64", "randbelow", "roll", "seed_state", "shuffled", "weighted"]

T = TypeVar("T")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TWO64 = 1 << 64
UNGOLDEN = TWO64 - GOLDEN      # adding GOLDEN modulo 2**64 is subtracting this, then wrapping
TWO32 = 1 << 32
SAFE = TWO64 - TWO32           # 2**64 - 2**64 % n >= SAFE for every n <= 2**32


def seed_state(seed: int) -> int:
    """The generator state for game ``seed``: any int (negative or large too) gives its own stream.

    >>> seed_state(5) != seed_state(-5) and seed_state(2**64 + 5) != seed_state(5)
    True

    A tuple is a script of chance outcomes (explicit chance, :mod:`lotus_kit.core.chance`): it is
    the generator state as it is, so an engine's setup draws from the script instead of the seed.
    """
    if type(seed) is tuple:
        return seed
    if type(seed) is not int:
        raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
    # fold every 64-bit word of the seed (and its sign) into the state, mixing each in
    state, word = 0, abs(seed)
    words = [seed < 0]
    while word:
        words.append(word & MASK)
        word >>= 64
    for w in words:
        _, state = next_u64((state ^ w) & MASK)
    return state


def next_u64(state: int) -> tuple[int, int]:
    """A 64-bit value and the next state (SplitMix64)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform int in ``0 .. n-1`` (``n`` >= 1) and the next state."""
    if type(n) is not int or n < 1:
        raise ValueError(f"randbelow needs a whole number n >= 1, got {n!r}")
    if n == 1:
        return 0, state
    if type(state) is tuple:        # explicit chance: the next outcome comes from the script
        from lotus_kit.core.chance import scripted

        return scripted(state, (1,) * n)
    if n > 1 << 64:
        raise ValueError("randbelow draws below 2**64")
    return below(state, n)


def below(state: int, n: int) -> tuple[int, int]:
    """:func:`randbelow` without its checks, for an engine's hot path that has made sure of them:
    ``state`` an int, ``2 <= n <= 2**64``. The same draw, bit for bit.

    >>> below(seed_state(9), 6) == randbelow(seed_state(9), 6)
    True
    """
    # reject the top partial block of 2**64 so that every value is equally likely; next_u64 written
    # out here, since a call per draw is most of a draw's cost. The same arithmetic with fewer int
    # temporaries: the state steps by GOLDEN - 2**64 and wraps up when below 0 (the same as adding
    # GOLDEN and masking), and for n < 2**32 the limit 2**64 - 2**64 % n is at least SAFE, so a value
    # below SAFE (all but one in 2**32) is kept without computing the limit
    if n < TWO32:
        while True:
            state -= UNGOLDEN
            if state < 0:
                state += TWO64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < SAFE or z < TWO64 - TWO64 % n:
                return z % n, state
    limit = TWO64 - TWO64 % n
    while True:
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


def weighted(state: int, weights: Sequence[int]) -> tuple[int, int]:
    """An index ``k`` with probability ``weights[k] / sum(weights)`` (whole weights, one above 0) and
    the next state: the card kind drawn from a deck of ``weights[k]`` cards of each kind. The same
    draw as ``randbelow(state, sum(weights))`` walked through the weights.

    >>> weighted(seed_state(1), (0, 3, 0))[0], weighted((2,), (1, 0, 4))
    (1, (2, ()))
    """
    if type(state) is tuple:
        from lotus_kit.core.chance import scripted

        return scripted(state, tuple(weights))
    total = sum(weights)
    # the checks of randbelow only where they can fail (no cards, or one: no draw at all)
    r, state = below(state, total) if 1 < total <= TWO64 and type(state) is int else randbelow(state, total)
    k = 0
    while r >= weights[k]:
        r -= weights[k]
        k += 1
    return k, state


def roll(state: int, sides: int = 6) -> tuple[int, int]:
    """A die of ``sides`` sides, 1 to ``sides``, and the next state."""
    value, state = randbelow(state, sides)
    return value + 1, state


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """One item of ``items`` (not empty), uniformly, and the next state."""
    if not items:
        raise ValueError("cannot choose from an empty sequence")
    k, state = randbelow(state, len(items))
    return items[k], state


def shuffled(state: int, items: Iterable[T]) -> tuple[tuple[T, ...], int]:
    """``items`` in a uniformly random order (Fisher-Yates) and the next state."""
    out = list(items)
    if type(state) is not int:          # a script of outcomes (explicit chance): draw by draw
        for i in range(len(out) - 1, 0, -1):
            j, state = randbelow(state, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), state
    for i in range(len(out) - 1, 0, -1):    # randbelow's checks hold: n = i + 1 >= 2, the state an int
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


class Rng:
    """A mutable cursor over the pure functions, for code that draws several times in a row::

        rng = Rng(state.rng)
        die = rng.roll(6)
        deck = rng.shuffled(deck)
        state = replace(state, rng=rng.state)      # the new state goes back into the game state

    >>> r = Rng(seed_state(3))
    >>> a = r.randbelow(10); b = r.randbelow(10)
    >>> (a, b) == (randbelow(seed_state(3), 10)[0], randbelow(randbelow(seed_state(3), 10)[1], 10)[0])
    True
    """

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state

    def next_u64(self) -> int:
        value, self.state = next_u64(self.state)
        return value

    def randbelow(self, n: int) -> int:
        value, self.state = randbelow(self.state, n)
        return value

    def roll(self, sides: int = 6) -> int:
        value, self.state = roll(self.state, sides)
        return value

    def choice(self, items: Sequence[T]) -> T:
        value, self.state = choice(self.state, items)
        return value

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        value, self.state = shuffled(self.state, items)
        return value
