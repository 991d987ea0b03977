"""Seat-redacted records (WL-INFO-1/2): a game in progress shared without its secrets.

A redacted record carries no seed, no unrevealed sealed choice of another seat, and no private card
value of another seat; it loads and replays to a position the seat cannot tell from the real one
(the same observation).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest

from lotus_kit.core.errors import LotusKitError
from lotus_kit.core.records import GameRecord, loads, redacted
from lotus_kit.white_lotus.actions import Bid, TakeIncome, TakeRefund
from lotus_kit.white_lotus.bots import make_bot
from lotus_kit.white_lotus.engine import apply, to_act
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.observation import observation
from lotus_kit.white_lotus.redaction import sealed_pending

SEED = 987_654


def bot_record(players: int, seed: int, length: int) -> GameRecord:
    """A record of random bots playing ``length`` actions of the game ``seed``."""
    record = new_record(players, seed)
    state, actions = record.start(), []
    bots = [make_bot("random", seed * 10 + k) for k in range(players)]
    while not state.is_over and len(actions) < length:
        seat = min(to_act(state))
        action = bots[seat].choose(state, seat)
        actions.append(action)
        state = apply(state, action)
    return record.with_actions(actions)


def games() -> list[GameRecord]:
    rng = random.Random(4)
    return [bot_record(p, SEED + k, rng.randrange(40, 300)) for k, p in enumerate((3, 4, 5, 4))]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return games()


def test_WL_INFO_1_a_redacted_record_carries_no_seed(records):
    for record in records:
        for seat in (None, 0, 1):
            text = redacted(record, seat).to_json()
            assert '"seed"' not in text and str(record.setup["seed"]) not in text
            assert str(record.setup["seed"]) in record.to_json()        # the full record has it


def test_WL_INFO_1_a_redacted_record_replays_to_what_the_seat_sees(records):
    compared = 0
    for record in records:
        final = record.replay()
        for seat in range(final.players):
            mine = redacted(record, seat)
            # only the other seats' sealed choices not revealed yet are withheld
            assert mine.meta["withheld_actions"] == sum(a.seat != seat for a in sealed_pending(final))
            again = loads(mine.to_json()).replay()          # an ordinary record: it loads and replays
            if not any(a.seat != seat for a in sealed_pending(final)):
                assert observation(again, seat) == observation(final, seat)
                compared += 1
    assert compared >= 10


def test_WL_INFO_1_the_undrawn_pool_is_in_no_hidden_order(records):
    for record in records:
        start, final = record.states()[0], record.replay()
        desc = redacted(record, None).setup["position"]
        drawn = len(start.pool) - len(final.pool)
        assert desc["pool"][:drawn] == list(start.pool[:drawn])          # shown when drawn
        assert desc["pool"][drawn:] == sorted(final.pool, key="PTRFV".index)


def test_WL_INFO_1_another_seats_sealed_bid_is_left_out_and_ones_own_is_kept():
    for length in range(20, 200):
        record = bot_record(3, SEED, length)
        final = record.replay()
        pending = sealed_pending(final)
        if len(pending) == 1 and isinstance(pending[0], Bid):
            break
    else:
        raise AssertionError("no game stopped after one sealed bid")
    bidder = pending[0].seat
    other = next(s for s in final.conflict.remaining if s != bidder)
    assert redacted(record, bidder).actions == record.actions
    theirs = redacted(record, other)
    assert theirs.actions == record.actions[:-1] and theirs.meta["withheld_actions"] == 1
    assert sealed_pending(theirs.replay()) == ()
    assert redacted(record, None).actions == record.actions[:-1]


def _others(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every other set of card values 1-3 with the same total and count."""
    same = {tuple(sorted(c, reverse=True)) for c in itertools.combinations_with_replacement((1, 2, 3), len(cards))
            if sum(c) == sum(cards)}
    return sorted(same - {tuple(sorted(cards, reverse=True))})


def _twins(record: GameRecord, seat: int):
    """Pairs of records: ``record`` up to a private card split of another seat, and the same with
    another split of the same total and count that replays too; ``seat`` cannot tell them apart."""
    for i, action in enumerate(record.actions):
        if action.seat == seat:
            continue
        if isinstance(action, TakeRefund):
            swaps = [TakeRefund(action.seat, c) for c in _others(action.cards)]
        elif isinstance(action, TakeIncome) and action.influence:
            swaps = [dataclasses.replace(action, influence=c) for c in _others(action.influence)]
        else:
            continue
        for swapped in swaps:
            twin = record.with_actions((*record.actions[:i], swapped))
            try:
                twin.replay()
            except LotusKitError:
                continue
            yield record.with_actions(record.actions[: i + 1]), twin


def test_WL_INFO_1_another_seats_private_card_values_do_not_change_the_redacted_record(records):
    checked = 0
    for record in records:
        for real, twin in _twins(record, 0):
            assert twin.actions != real.actions and twin.replay() != real.replay()
            assert redacted(twin, 0).to_json() == redacted(real, 0).to_json()
            checked += 1
    assert checked >= 3


def test_a_record_from_a_set_up_position_is_not_redacted():
    from lotus_kit.ui.session import describe_position
    from lotus_kit.white_lotus.engine import new_game

    record = GameRecord("white_lotus", {"position": describe_position(new_game(3, seed=1))})
    with pytest.raises(LotusKitError, match="lists every hand"):
        redacted(record, 0)


def test_a_redacted_record_says_what_it_left_out(records):
    meta = json.loads(redacted(records[0], 1).to_json())["meta"]
    assert meta["redacted_for"] == 1 and "no seed" in meta["secrets"] and "not the real game" in meta["secrets"]
    assert json.loads(redacted(records[0], None).to_json())["meta"]["redacted_for"] == "public"
