"""Hidden information (WL-INFO-1/2): an observation tells a seat nothing of the other hands beyond
their sizes, of the others' sealed commitments, or of the order of the draw pool.

The check is indistinguishability: for every seat and every state of many random games, the state
is changed in everything that seat may not know (``redraw_hidden``: every other hand redrawn with the
same number of cards, the pool shuffled, the seed changed, the other seats' sealed bids, sides and
income choices replaced) and the observation must come out identical. An observation that depended
on any of it would, for some of these changes, differ. A second, direct check looks for the hidden
values in the observation's printed form.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from lotus_kit.core.conformance import check_game
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.events import GameStarted
from lotus_kit.white_lotus.game import WHITE_LOTUS
from lotus_kit.white_lotus.hidden import redraw_hidden
from lotus_kit.white_lotus.observation import observation
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import IncomeStep, RebellionStep, ResolveStep, State

from .helpers import random_game

GAMES = [(3, 11, ()), (4, 12, ()), (5, 13, ("WL_FINITE_SUPPLY",)), (6, 14, ()), (4, 15, ("WL_DESIGNER",)),
         (3, 16, ("WL_ENFORCE_CHIP_LIMIT",)), (5, 17, ("WL_OPTIONAL_PLACEMENT",)), (6, 18, ("WL_START_COMBAT_SINGLE",))]


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [random_game(players, seed, RuleSet.from_flags(flags)) for players, seed, flags in GAMES]


def test_WL_INFO_1_an_observation_is_the_same_whatever_the_seat_may_not_know():
    # the generic conformance check: every state of each game, every seat and a spectator
    checked = 0
    for players, seed, flags in GAMES:
        report = check_game(WHITE_LOTUS, seeds=(seed,), players=(players,), flags=[flags])
        checked += report.observations_checked
    assert checked > 10_000


def test_WL_INFO_1_redraw_hidden_changes_what_the_seat_may_not_know(games):
    rng = random.Random(1)
    checked = changed = 0
    for states in games:
        for state in states[::4]:
            for seat in range(state.players):
                twin = redraw_hidden(state, seat, rng)
                changed += twin != state
                checked += 1
    assert changed > checked * 0.9      # the changes did change the states: the check above means something


def test_WL_INFO_1_no_hidden_value_appears_in_an_observation(games):
    for states in games:
        for state in states[::3]:
            sealed = ()
            step = state.step
            if isinstance(step, ResolveStep) and step.conflict and not step.conflict.tied:
                sealed = step.conflict.bids
            elif isinstance(step, RebellionStep) and step.leader >= 0 and not step.winner:
                sealed = step.commitments
            elif isinstance(step, IncomeStep):
                sealed = step.choices
            for seat in range(state.players):
                obs = observation(state, seat)
                text = repr(obs) + repr(dataclasses.asdict(obs))
                if len(state.pool) >= 5:
                    assert repr(state.pool) not in text and repr(list(state.pool)) not in text
                for other, hand in enumerate(state.hands):
                    if other != seat and hand != state.hands[seat]:
                        assert repr(hand) not in text and repr(tuple(hand)) not in text
                for commitment in sealed:
                    if commitment.seat != seat:
                        assert repr(commitment) not in text
                assert obs.hand_sizes == tuple(h.size for h in state.hands)
                assert obs.pool_size == len(state.pool)


def test_WL_INFO_1_the_seed_is_not_in_an_observation():
    # the seed orders the draw pool: with it anyone could predict every draw of phase 6
    state = new_game(4, seed=987_654)
    for seat in range(4):
        obs = observation(state, seat)
        started = obs.events[0]
        assert isinstance(started, GameStarted) and started.seed is None
        assert "987654" not in repr(obs)
    assert state.events[0].seed == 987_654          # the state itself keeps it: it is the record's


def test_WL_INFO_1_an_observation_of_the_first_state_is_the_same_for_every_seed():
    # the same public start (chips, emperor) from two seeds: nothing tells the seeds apart
    a, b = new_game(3, seed=1, first_emperor=0), new_game(3, seed=2, first_emperor=0)
    twin = dataclasses.replace(b, chips=a.chips)
    object.__setattr__(twin, "events", (dataclasses.replace(a.events[0], seed=2), *a.events[1:]))
    assert a.pool != twin.pool
    assert observation(twin, 1) == observation(a, 1)


@pytest.mark.parametrize("n", [1, 2, 7, 12345, 2**40])
def test_WL_SETUP_3_seeds_minus_n_and_n_deal_different_games(n):
    # random.Random(-n) is random.Random(n); the draw pool of -n must still be its own
    assert new_game(4, seed=-n).pool != new_game(4, seed=n).pool
    assert new_game(4, seed=-n).pool == new_game(4, seed=-n).pool       # and still repeatable


def test_WL_SETUP_3_non_negative_seeds_keep_their_games():
    # the pool a seed gave before negative seeds were told apart (random.Random(seed) straight)
    state = new_game(4, seed=5)
    rng = random.Random(5)
    data = state.board.data
    start = [k for k in "PTRFV" for _ in range(data.start_chips(4).get(k, 0))]
    rng.shuffle(start)
    pool = [k for k in "PTRFV" for _ in range(data.neutral_mix[k])]
    for k in start:
        pool.remove(k)
    rng.shuffle(pool)
    assert state.pool == tuple(pool)
