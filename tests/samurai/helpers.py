"""Positions for the rule tests, written as a person would set up the table."""

from __future__ import annotations

from typing import Any

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.core.rng import randbelow, seed_state
from lotus_kit.samurai import actions as A
from lotus_kit.samurai.game import SAMURAI
from lotus_kit.samurai.state import State

G = SAMURAI


def seat(daimyo: list[str] | None = None, samurai: list[str] | None = None, hand: list[str] | None = None,
         honor: int = 0, ally: int | None = None, break_pending: bool = False) -> dict[str, Any]:
    return {"daimyo": daimyo or [], "samurai": samurai or [], "hand": hand or [], "honor": honor, "ally": ally,
            "break_pending": break_pending}


def table(*seats: dict[str, Any], active: int = 0, shogun: int | None = None, rules: tuple[str, ...] = (),
          seed: int = 0, **more: Any) -> State:
    return G.position({"players": len(seats), "active": active, "shogun": shogun, "rules": list(rules),
                       "seed": seed, "seats": list(seats), **more})


def refused(state: State, action: A.Action, rule: str) -> IllegalAction:
    """``action`` is refused under ``rule`` and ``state`` stays as it was."""
    before = tuple(state)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, action)
    assert info.value.rule == rule, str(info.value)
    assert tuple(state) == before
    return info.value


def dice_seed(want: list[int]) -> int:
    """A seed whose generator rolls ``want`` first (dice read straight off the generator)."""
    for seed in range(200_000):
        r = seed_state(seed)
        got = []
        for _ in want:
            d, r = randbelow(r, 6)
            got.append(d + 1)
        if got == want:
            return seed
    raise AssertionError(f"no seed rolls {want}")


def play(state: State, *actions: A.Action) -> State:
    for a in actions:
        state = G.apply(state, a)
    return state
