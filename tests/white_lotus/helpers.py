"""Shared helpers for the White Lotus tests: positions, scripted play, quick random games."""

from __future__ import annotations

import random

from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

# the 7 base lotus provinces of the schematic board; a position must give each a chip (WL-SETUP-2)
LOTUS = ("DATO", "JINA", "FENG", "HENA", "CHEN", "LUZH", "TIAN")


def lotus_owned(seats=(0, 1, 2), chips="PTRFVVV") -> dict:
    """An ``owners`` map giving the lotus provinces to ``seats`` in turn, chip types from ``chips``."""
    return {pid: [seats[k % len(seats)], chips[k]] for k, pid in enumerate(LOTUS)}


def play(state: State, *actions) -> State:
    for a in actions:
        state = apply(state, a)
    return state


def random_game(players: int, seed: int, rules: RuleSet | None = None) -> list[State]:
    """Every state of a uniformly random game."""
    rng = random.Random(seed)
    state = new_game(players, seed, rules)
    states = [state]
    while not state.is_over:
        seat = rng.choice(sorted(to_act(state)))
        state = apply(state, rng.choice(legal_actions(state, seat)))
        states.append(state)
    return states
