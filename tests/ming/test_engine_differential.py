"""The Ming engine against the oracle (a frozen copy of the engine before its tables: tests/ming/oracle):
seeded random games of 2–4 players under the DEFAULT rules and every flag give, at every step, the
same legal actions in the same order for every seat, the same next state, the same explanation
(the scoring breakdown of :func:`explain`) and, for illegal actions, the same error (rule id and
words) with the state unchanged.

``MING_DIFF_GAMES=n`` plays n games per setup instead of the suite's few (a soak).
"""

from __future__ import annotations

import os
import random

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ming import engine
from lotus_kit.ming.actions import (
    ChooseReturn,
    ChooseStart,
    Deploy,
    ExchangeSets,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    SplitReturn,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.rules import FLAGS, RuleSet
from tests.ming.oracle import engine as oracle

FLAG_SETS: tuple[tuple[str, ...], ...] = (
    (), *((flag,) for flag in FLAGS),
    ("SET_EXCHANGE_END_OF_PHASE_OPTIONAL", "CITY_BONUS_OVERALL", "NO_CLOISTER_LOCK"),
    ("TRANSPORT_TYPES=HORSE,JUNK,CAMEL,RICKSHAW,PALANQUIN,OXCART",),
    ("TRANSPORT_TYPES=HORSE,JUNK,CAMEL,RICKSHAW,PALANQUIN,OXCART", "TIE4_FIRST_THREE_IN_TURN_ORDER"),
)
GAMES = int(os.environ.get("MING_DIFF_GAMES", "6"))

# malformed or out-of-place actions every step is tried with (besides legal actions of other moments)
ODD = (
    Move(0, "P9.X", ("HORSE",)), Move(1, "P2.L", ()), Move(0, "P2.L", ("DRAGON", "DRAGON", "DRAGON")),
    Move(2, "P1.T", ("NOPE",)), Move(0, "P1.L", ("HORSE", "JUNK")), Stay(0, "CAMEL"), Stay(1, "NOPE"),
    Deploy(0, 4, False), Deploy(1, -1, False), Deploy(0, 0, True), Deploy(0, 1, 1),  # type: ignore[arg-type]
    ChooseReturn(0, 7), ChooseReturn(1, -1), ChooseReturn(2, 1), SplitReturn(0, (9, 0, 0)),
    ExchangeSets(0, 3), ChooseStart(0, 5), PlacePrince(0, "P1.T"), PlaceNeutral(0, "nowhere"),
    PlaceMember(5, "RED"), PlaceMember(0, "PINK"), TakeCard(0, "RED"), TakeDragon(1, "BLUE"),
    TakeCard(0, ["RED"]), Pass(3), Pass("0"), "not an action",  # type: ignore[arg-type]
)


def _outcome(eng, state, action):
    try:
        nxt, log = eng.explain(state, action)
    except IllegalAction as e:
        return ("illegal", e.rule, str(e)), None
    return ("ok", nxt.data, log), nxt


def _play(players: int, flags: tuple[str, ...], seed: int, pool: list) -> int:
    rules = RuleSet.from_flags(flags)
    new = engine.new_game(players, seed, rules)
    old = oracle.new_game(players, seed, rules)
    assert new.data == old.data
    rng = random.Random(seed)
    steps = 0
    while not new.is_over:
        assert old.to_act_seats == new.to_act_seats and old.phase == new.phase
        legal = engine.legal_actions(new)
        assert legal == oracle.legal_actions(old), (players, flags, seed, steps)
        for seat in range(players):
            assert engine.legal_actions(new, seat) == oracle.legal_actions(old, seat)
        for odd in [*rng.sample(pool, min(6, len(pool))), rng.choice(ODD)]:
            got, _ = _outcome(engine, new, odd)
            want, _ = _outcome(oracle, old, odd)
            assert got == want, (odd, players, flags, seed, steps)
        action = rng.choice(legal)
        pool.append(action)
        got, new_next = _outcome(engine, new, action)
        want, old_next = _outcome(oracle, old, action)
        assert got == want, (action, players, flags, seed, steps)
        assert engine.check_invariants(new_next) == []
        new, old = new_next, old_next
        steps += 1
    assert oracle.legal_actions(old) == engine.legal_actions(new) == []
    return steps


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "DEFAULT")
@pytest.mark.parametrize("players", (2, 3, 4))
def test_engine_matches_the_oracle_in_legal_actions_states_explanations_and_errors(players, flags):
    pool: list = list(ODD)
    steps = sum(_play(players, flags, 1000 * players + seed, pool) for seed in range(GAMES))
    assert steps > 100 * GAMES
