"""The game's dice and shuffles: a 64-bit linear congruential generator whose whole state is one
int kept in the game state, so a replay is bit-exact and a state stays a value.

>>> s = seeded(7)
>>> s2, die = below(s, 6)
>>> s2 != s and 0 <= die < 6
True
>>> below(s, 6) == below(s, 6)
True
"""

from __future__ import annotations

MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def seeded(seed: int) -> int:
    """A generator state from any whole number (splitmix64 of it, never 0)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) or 1


def below(state: int, n: int) -> tuple[int, int]:
    """The next generator state and a whole number from 0 to ``n - 1`` (the high 32 bits, scaled)."""
    state = (state * _MUL + _INC) & MASK
    return state, ((state >> 32) * n) >> 32
