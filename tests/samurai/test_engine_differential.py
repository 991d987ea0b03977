"""The Samurai engine against its oracle (the engine before the speed work, kept in
``tests/samurai/oracle/``): over seeded random games of 3 to 6 players, under the default rules, every
flag alone and all flags together, both give the same legal actions in the same order, the same state
tuple after each action, the same events, the same IllegalAction (rule and words) for refused actions,
and the same chance requests when the generator is a script (explicit chance).

``python -m tests.samurai.test_engine_differential GAMES`` runs a longer soak (0 differences expected).
"""

from __future__ import annotations

import random
import sys

import pytest

from lotus_kit.core.chance import ChanceNeeded
from lotus_kit.core.errors import IllegalAction
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.rules import FLAGS, Rules
from lotus_kit.samurai.state import State
from tests.samurai.oracle import engine as O
from tests.samurai.oracle.state import State as OracleState

FLAG_SETS = [(), *((name,) for name in FLAGS if name != "ALLOW_2P"), tuple(FLAGS)]


def _outcome(engine, t, c):
    """What applying ``c`` gives: ("state", tuple) or ("illegal", rule, words) or ("chance", weights)."""
    try:
        return ("state", tuple(engine.apply(t, c)))
    except IllegalAction as exc:
        return ("illegal", exc.rule, str(exc))
    except ChanceNeeded as exc:
        return ("chance", exc.weights)


def _events(state) -> list[dict[str, str]]:
    return [e.to_dict() for e in state.events]


def _probes(t, legal: list[int], rng: random.Random) -> list[int]:
    """Codes to try beyond the chosen one: random ints of the action space, legal codes of another
    seat, and legal codes with one field changed (the near misses an engine may get wrong)."""
    n = t[E.N]
    # (only ints an action object can make: the oracle's explanation failed on others, see below)
    r = rng.randrange
    out = [E.code(r(E.REFUSE + 1), r(8), r(C.KINDS), r(8), r(2), r(C.KINDS), r(8), r(2)) for _ in range(2)]
    if legal:
        c = rng.choice(legal)
        out += [c ^ 1 << rng.randrange(26), (c & ~(7 << 5)) | ((c >> 5 & 7) + 1) % n << 5, c ^ 1 << 16]
    return [c for c in out if c & 31 <= E.REFUSE and c >> 8 & 31 < C.KINDS and c >> 17 & 31 < C.KINDS]


def compare_game(players: int, seed: int, flags: tuple[str, ...], probe_every: int = 3) -> int:
    """Play one random game on both engines, comparing every step; the number of actions played."""
    rules = Rules.from_flags(flags)
    t = E.new_game(players, seed, rules)
    o = O.new_game(players, seed, rules)
    assert t == o, f"setup differs: {players}p seed {seed} {flags}"
    rng = random.Random(seed * 7919 + players)
    steps = 0
    where = f"{players}p seed {seed} flags {list(flags)}"
    while True:
        # listed right after apply, the cached list may reuse tables of the state before (a draw, a
        # discard, most ends of a turn): it must be the list made from scratch
        cached = list(E.legal_cached(t))
        legal = E.legal(t)
        assert legal == O.legal(o), f"legal actions differ at step {steps}, {where}"
        assert cached == legal, f"cached legal actions differ at step {steps}, {where}"
        assert E.to_act(t) == O.to_act(o), f"to_act differs at step {steps}, {where}"
        assert _events(State(t)) == _events(OracleState(o)), f"events differ at step {steps}, {where}"
        if not legal:
            assert t[E.MODE] == E.OVER
            return steps
        if steps % probe_every == 0:
            for c in _probes(t, legal, rng):
                assert _outcome(E, t, c) == _outcome(O, o, c), f"action {c} differs at step {steps}, {where}"
            # explicit chance: an empty script makes the first draw of the step ask for its weights
            c = rng.choice(legal)
            scripted = (*t[:E.RNG], (), *t[E.RNG + 1:])
            assert _outcome(E, scripted, c) == _outcome(O, scripted, c), f"chance differs at {steps}, {where}"
        c = rng.choice(legal)
        t, o = E.apply(t, c), O.apply(o, c)
        assert t == o, f"states differ after action {c} at step {steps}, {where}"
        steps += 1


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "default")
def test_engine_matches_its_oracle_in_legal_actions_states_events_and_errors(flags):
    played = 0
    for players in (3, 4, 5, 6):
        for seed in range(4):
            played += compare_game(players, seed * 31 + len(flags), flags)
    assert played > 16 * 40          # the games were played, not stopped at once


def test_two_player_variant_matches_its_oracle():
    for seed in range(6):
        assert compare_game(2, seed, ("ALLOW_2P",)) > 20


def test_an_int_naming_no_kind_of_action_is_refused_with_SAM_CMP_3():
    t = E.new_game(4, 1)
    for c in (E.REFUSE + 1, 31, 26 | 1 << 8, -5, E.code(E.PLAY, 0, 31), E.code(E.THIEF, 0, C.NINJA_THIEF, item=30)):
        with pytest.raises(IllegalAction) as info:
            E.apply(t, c)
        assert info.value.rule == "SAM-CMP-3"


def soak(games: int) -> None:
    """Games spread over player counts and flag sets; prints the count and raises on a difference."""
    actions = 0
    for i in range(games):
        flags = FLAG_SETS[i % len(FLAG_SETS)]
        actions += compare_game(3 + i % 4, 1000 + i, flags, probe_every=5)
    print(f"{games} games, {actions} actions, 0 differences")


if __name__ == "__main__":
    soak(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
