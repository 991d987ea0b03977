"""Rebellion odds against the engine (WL-REB-5/6), determinisation (WL-INFO-1/2), rollouts and mistakes."""

from __future__ import annotations

import itertools
import random

import pytest

from lotus_kit.analysis.hidden import determinise
from lotus_kit.analysis.rebellion import rebellion_odds, who_leads, with_leader
from lotus_kit.analysis.rollouts import evaluate, mistakes, wilson
from lotus_kit.white_lotus.actions import Bid, JoinSide
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.events import RebellionResolved
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.position import position


def rebellion_state(rng: random.Random):
    owners = {"DATO": [0, "P"], "JINA": [0, "P"], "FENG": [1, "V"], "HENA": [1, "V"], "CHEN": [2, "V"],
              "LUZH": [2, "T"], "TIAN": [3, "R"]}
    hands = {s: {"combat": sorted(rng.choices([1, 2, 3], k=rng.randint(0, 3)), reverse=True)} for s in range(4)}
    return position({"players": 4, "phase": 4, "emperor": 0, "owners": owners, "hands": hands})


def test_rebellion_strength_matches_the_engine():
    """WL-REB-5/6: with every choice fixed, the predicted winner is the engine's."""
    rng = random.Random(3)
    for _ in range(25):
        state = with_leader(rebellion_state(rng), 1)
        picks = {s: rng.choice(legal_actions(state, s)) for s in range(4)}
        odds = rebellion_odds(state, commitments=picks)
        after = state
        for s in range(4):
            after = apply(after, picks[s])
        tally = next(e for e in after.events if isinstance(e, RebellionResolved))
        assert odds.p_rebels == (1.0 if tally.winner == "rebels" else 0.0)
        e, r = divmod(int(odds.strength.argmax()), odds.strength.shape[1])
        assert (e, r) == (tally.emperor_total, tally.rebel_total)


def test_random_model_is_exact_enumeration():
    state = with_leader(rebellion_state(random.Random(9)), 1)
    odds = rebellion_odds(state, model="random")
    per_seat = [legal_actions(state, s) for s in range(4)]
    wins = total = 0
    for combo in itertools.product(*per_seat):
        after = state
        for a in combo:
            after = apply(after, a)
        tally = next(e for e in after.events if isinstance(e, RebellionResolved))
        wins += tally.winner == "rebels"
        total += 1
    assert odds.p_rebels == pytest.approx(wins / total)


def test_heuristic_model_from_one_seats_view():
    state = with_leader(rebellion_state(random.Random(4)), 1)
    odds = rebellion_odds(state, model="heuristic", samples=40, seat=2, commitments={2: JoinSide(2, "rebels", ())})
    frame = odds.players()
    assert list(frame["role"]) == ["emperor", "rebel leader", "player", "player"]
    assert frame.loc[2, "p_rebels_side"] == 1.0
    assert 0.0 <= odds.p_rebels <= 1.0 and "Rebels win" in str(odds)
    sealed = apply(state, JoinSide(2, "emperor", ()))           # a commitment already made is not peeked at
    assert rebellion_odds(sealed, model="random").p_rebels == rebellion_odds(state, model="random").p_rebels
    leads = who_leads(rebellion_state(random.Random(4)), samples=10)
    assert list(leads["seat"]) == [1, 2]          # most villages first (WL-REB-2)


def test_determinise_keeps_what_the_seat_knows():
    state = new_game(4, seed=3)
    bots = [HeuristicBot(s) for s in range(4)]
    rng = random.Random(0)
    for _ in range(120):
        seat = min(to_act(state))
        state = apply(state, bots[seat].choose(state, seat))
        d = determinise(state, 0, rng)
        assert d.hands[0] == state.hands[0]
        for a, b in zip(d.hands, state.hands, strict=True):
            assert (a.influence_total, a.combat_total, a.zero) == (b.influence_total, b.combat_total, b.zero)
            assert (a.inf1 + a.inf2 + a.inf3, a.com1 + a.com2 + a.com3) == (b.inf1 + b.inf2 + b.inf3,
                                                                            b.com1 + b.com2 + b.com3)
        assert sorted(d.pool) == sorted(state.pool)
        assert d.board is state.board and d.chips == state.chips


def test_determinise_takes_back_sealed_bids():
    state = position({"players": 3, "phase": 2, "emperor": 2,
                      "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
                                 "CHEN": [1, "V"], "LUZH": [0, "V"]},
                      "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]}})
    sealed = apply(state, Bid(0, 1, (3, 3)))
    assert determinise(sealed, 1, random.Random(0)).conflict.bids == ()
    assert determinise(sealed, 0, random.Random(0)).conflict.bids == sealed.conflict.bids


def test_evaluate_is_reproducible_and_sums_to_one():
    state = new_game(3, seed=11)
    a = evaluate(state, rollouts=6, seed=2, progress=False)
    b = evaluate(state, rollouts=6, seed=2, progress=False)
    assert a.wins == b.wins and a.scores == b.scores
    assert sum(a.win_rate) == pytest.approx(1.0)
    frame = a.frame()
    assert ((frame.win_low <= frame.win_rate) & (frame.win_rate <= frame.win_high)).all()
    assert evaluate(state, rollouts=3, seed=2, information="player", seat=1, progress=False).rollouts == 3
    assert wilson(0.0, 10)[0] == 0.0


def test_mistakes_of_a_recorded_game():
    record = new_record(3, seed=5)
    state, bots, actions = record.start(), [HeuristicBot(s) for s in range(3)], []
    while not state.is_over:
        seat = min(to_act(state))
        action = bots[seat].choose(state, seat)
        actions.append(action)
        state = apply(state, action)
    df = mistakes(record.with_actions(actions), seats=[0], rollouts=2, alternatives=1, max_decisions=3, progress=False)
    assert len(df) == 3 and (df["seat"] == 0).all()
    assert list(df["swing"]) == sorted(df["swing"], reverse=True)
    assert (df["swing"] == df["win_best"] - df["win_made"]).all()
