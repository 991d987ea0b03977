"""Positions for Ming tests, written as descriptions (lotus_kit.ming.position)."""

from __future__ import annotations

import random
from typing import Any

from lotus_kit.ming.engine import apply, check_invariants, legal_actions
from lotus_kit.ming.position import position
from lotus_kit.ming.state import State

PRINCES = ["P6.R", "P5.R", "P4.R", "P3.R"]   # out of the way unless a test says otherwise


def pos(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, **kw: Any) -> State:
    """A position: ``seats`` overrides per seat (default: a prince far away, one dragon in hand)."""
    base = [{"prince": PRINCES[i], "hand": {"DRAGON": 1}} for i in range(players)]
    for i, over in (seats or {}).items():
        base[i] = {**base[i], **over}
    return position({"players": players, "seats": base, **kw})


def scoring_position(players: int = 3, rnd: int = 2, last: int = 0, **kw: Any) -> State:
    """Phase 3 of a scoring round where every seat but ``last`` has passed and ``last`` holds one
    dragon: its Pass starts the scoring."""
    kw.setdefault("start_player", 0)
    return pos(players, round=rnd, phase="phase3", turn=last,
               passed=[s for s in range(players) if s != last], **kw)


def play_random(state: State, seed: int, check: bool = True, stop: Any = None) -> State:
    rng = random.Random(seed)
    while not state.is_over and not (stop and stop(state)):
        state = apply(state, rng.choice(legal_actions(state)))
        if check:
            bad = check_invariants(state)
            assert not bad, bad
    return state
