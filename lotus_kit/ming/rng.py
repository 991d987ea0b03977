"""A small seeded generator whose whole state is one int kept in the game state (so replays are
bit-exact and states stay values). SplitMix64.

>>> below(seed_state(7), 10) == below(seed_state(7), 10)
True
>>> shuffled([1, 2, 3, 4], seed_state(1))[0] == shuffled([1, 2, 3, 4], seed_state(1))[0]
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next64(state: int) -> tuple[int, int]:
    """(a 64-bit value, the next state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """(a number 0 <= x < n, the next state)."""
    v, state = next64(state)
    return v % n, state


def shuffled(items: list[int], state: int) -> tuple[list[int], int]:
    """(a Fisher-Yates shuffle of a copy of ``items``, the next state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state
