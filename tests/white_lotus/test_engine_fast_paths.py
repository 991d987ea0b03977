"""The engine's fast paths do exactly what the plain code they replace did.

Each shortcut (the oracle's skipping of ``_advance`` for a waiting step, the core's default card
counts, the per-target bid lists, income from the masks) is checked against the plain computation on
states of random games, and illegal actions still raise with their rule id, also once cached.
"""

from __future__ import annotations

import random

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.cards import card_combos, counts_of, default_split
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.fast import codes
from lotus_kit.white_lotus.fast import core as fast_core
from lotus_kit.white_lotus.queries import income
from lotus_kit.white_lotus.rules import RuleSet
from tests.white_lotus.oracle import engine as oracle


def _states(players: int, seed: int, rules: RuleSet | None = None):
    rng = random.Random(seed)
    state = new_game(players, seed, rules)
    while not state.is_over:
        yield state
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
    yield state


@pytest.mark.parametrize("players,seed,rules", [
    (3, 1, None), (4, 2, None), (6, 3, None),
    (4, 4, RuleSet(finite_supply=True, enforce_chip_limit=True)),
    (5, 5, RuleSet(optional_placement=True, newterr_adj_owned=True)),
])
def test_a_waiting_step_is_exactly_what_advance_would_leave(players, seed, rules):
    """WL-YEAR-1: the oracle's apply skips _advance only where _advance returns the state unchanged and silent."""
    waiting = 0
    for state in _states(players, seed, rules):
        if state.step is not None and oracle._waiting(state, state.step):
            ev: list = []
            assert oracle._advance(state, ev) is state and ev == []
            waiting += 1
    assert waiting > 0


def test_wl_cards_6_default_counts_match_the_default_split():
    for total in range(-3, 60):
        assert fast_core._counts(total) == counts_of(default_split(total), (1, 2, 3))


def test_wl_cards_1_income_from_the_masks_matches_the_building_counts():
    for state in _states(4, 7):
        for seat in range(state.players):
            b = state.buildings(seat)
            for k in range(b["P"] + 1):
                inf = 10 + 2 * (b["P"] - k) + 3 * b["T"] + b["R"]
                com = 2 + k + b["R"] + 2 * b["F"]
                assert income(state, seat, k) == (inf, com)


def test_wl_conf_11_bid_lists_are_every_target_times_every_sub_hand():
    for state in _states(4, 8):
        c = state.conflict
        if state.phase != 2 or c is None or c.refund_seat >= 0 or c.tied:
            continue
        for seat in to_act(state):
            combos = card_combos(tuple(state.hands[seat][:4]))
            expected = [Bid(seat, t, cards) for t in c.remaining if t != seat for cards in combos]
            assert legal_actions(state, seat) == expected


def _conflict_state():
    for state in _states(4, 9):
        c = state.conflict
        if state.phase == 2 and c is not None and c.refund_seat < 0 and not c.tied and not c.bids:
            return state
    raise AssertionError("no conflict in this game")


def test_wl_conf_6_bids_are_canonical_and_bad_cards_refused_before_and_after_caching():
    state = _conflict_state()
    c = state.conflict
    seat, target = c.remaining[0], c.remaining[1]
    hand = state.hands[seat]
    cards = tuple(v for v in (0, 1, 2, 3) if hand[v])          # lowest first: not canonical
    assert len(cards) >= 2
    for _ in range(2):                                  # the second time the cards are cached
        after = apply(state, Bid(seat, target, cards))  # the first of >= 2 bids: nothing revealed yet
        assert after.conflict.bids == (Bid(seat, target, cards[::-1]),)
        for bad in ((4,), (3, 9), (-1,)):
            with pytest.raises(IllegalAction) as err:
                apply(state, Bid(seat, target, bad))
            assert err.value.rule == "WL-CONF-6"
        too_many = (3,) * (hand[3] + 1)
        with pytest.raises(IllegalAction) as err:
            apply(state, Bid(seat, target, too_many))
        assert err.value.rule == "WL-CONF-6" and "do not hold" in str(err.value)
    # refused cards never became actions (the cache of value objects holds legal codes only)
    assert not any(type(a) is Bid and not set(a.cards) <= {0, 1, 2, 3} for a in codes._ACTIONS.values())
