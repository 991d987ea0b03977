"""Hidden information (WL-INFO-1/2), bots and the events table."""

from __future__ import annotations

import dataclasses
import random

from lotus_kit.white_lotus.bots import HeuristicBot, RandomBot, play_game
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.frame import events_frame
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.observation import observation
from lotus_kit.white_lotus.state import Phase

from .helpers import random_game


def test_WL_INFO_1_observation_hides_other_hands_sealed_bids_and_the_pool_order():
    for seed in range(6):
        for state in random_game(3 + seed % 4, seed):
            for seat in range(state.players):
                obs = observation(state, seat)
                values = dataclasses.asdict(obs)
                assert "pool" not in values and obs.pool_size == len(state.pool)
                assert obs.hand == state.hands[seat]
                # another seat's hand appears only as its size (WL-CARDS-4)
                assert obs.hand_sizes == tuple(h.size for h in state.hands)
                assert "hands" not in values
                if obs.own_commitment is not None:
                    assert obs.own_commitment.seat == seat
                # sealed commitments of others are visible only as "has committed"
                assert all(isinstance(s, int) for s in obs.committed)


def test_WL_INFO_2_observation_keeps_what_is_public():
    state = new_game(4, seed=9)
    obs = observation(state, 2)
    assert obs.chips == state.chips and obs.owners == state.owners and obs.emperor == state.emperor
    assert obs.to_act == to_act(state)
    assert obs.legal == (tuple(legal_actions(state, 2)) if 2 in to_act(state) else ())


def test_WL_INFO_2_revealed_bids_are_public_while_the_emperor_breaks_a_tie():
    from lotus_kit.white_lotus.actions import Bid
    from lotus_kit.white_lotus.position import position

    state = position({"players": 3, "phase": 2, "emperor": 2,
                      "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
                                 "CHEN": [1, "V"], "LUZH": [0, "V"]},
                      "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]}})
    sealed = apply(state, Bid(0, 1, (3,)))
    assert observation(sealed, 1).revealed == () and observation(sealed, 1).tied == ()     # still sealed
    tied = apply(sealed, Bid(1, 0, (2, 1)))
    assert tied.conflict.tied == (0, 1)
    for seat in range(3):
        obs = observation(tied, seat)
        assert obs.tied == (0, 1) and set(obs.revealed) == {Bid(0, 1, (3,)), Bid(1, 0, (2, 1))}


def test_observations_of_a_sealed_bid_do_not_leak_it():
    # play until a conflict, let one participant bid, and compare what the others see
    rng = random.Random(4)
    state = new_game(4, seed=4)
    while not (state.conflict is not None and len(to_act(state)) >= 2):
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
    bidder = min(to_act(state))
    big = max(legal_actions(state, bidder), key=lambda a: sum(a.cards))
    after = apply(state, big)
    for seat in range(4):
        obs = observation(after, seat)
        if seat == bidder:
            assert obs.own_commitment == big
        else:
            assert obs.own_commitment is None and bidder in obs.committed
            assert repr(big) not in repr(obs)


def test_bots_are_seedable_and_play_legal_moves():
    a = play_game(new_game(5, seed=1), [HeuristicBot(s) for s in range(5)])
    b = play_game(new_game(5, seed=1), [HeuristicBot(s) for s in range(5)])
    assert a == b and a.is_over
    c = play_game(new_game(5, seed=1), [RandomBot(s) for s in range(5)])
    assert c.is_over


def test_heuristic_bot_beats_random_bots():
    wins = 0
    games = 24
    for seed in range(games):
        seat = seed % 4
        bots = [HeuristicBot(seed) if s == seat else RandomBot(seed * 10 + s) for s in range(4)]
        final = play_game(new_game(4, seed=seed), bots)
        wins += seat in final.winners
    # a random seat would win about a quarter of the games
    assert wins >= games // 2, wins


def test_events_frame_has_one_row_per_event_in_order():
    states = new_record(3, seed=1).states()
    record_states = random_game(3, 1)
    df = events_frame(record_states)
    assert len(df) == sum(len(s.events) for s in record_states)
    assert df["step"].is_monotonic_increasing
    assert df.iloc[0]["kind"] == "GameStarted" and df.iloc[-1]["kind"] == "GameEnded"
    conflicts = df[df.kind == "ConflictRound"]
    assert (conflicts["rules"].str.contains("WL-CONF-8")).all()
    assert set(df["phase"].dropna()) <= {1, 2, 3, 4, 5, 6}
    assert len(states) == 1 and record_states[-1].phase == Phase.GAME_OVER
