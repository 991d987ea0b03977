"""Best bids presented to a player, and the odds of a chosen bid against each opponent model."""

from __future__ import annotations

import re

import numpy as np
import pytest

from lotus_kit.analysis.bidding import best_bids, bid_label, fresh_round
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.position import position

OWNERS = {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"], "CHEN": [1, "V"], "LUZH": [0, "V"]}


def duel(**extra):
    return position({"players": 3, "phase": 2, "emperor": 2, "owners": OWNERS, "neutral": {"TIAN": "P"},
                     "markers": {"TIAN": [0, 1]}, **extra})


def test_advice_reads_like_a_player_would_say_it():
    advice = best_bids(duel(hands={0: {"influence": [3, 2, 0]}, 1: {"influence": [3, 1]}}))
    text = str(advice)
    assert text.startswith("Conflict for Tianlin (P), worth 3 VP to each")
    assert re.search(r"Red \(seat 0\): bid [0-9+a-z ]+ with \d+%", text)
    assert "Expected: takes the province" in text
    assert bid_label((0,)) == "bluff with the 0"


def test_odds_against_every_opponent_model():
    state = duel()
    advice = best_bids(state, vp_per_influence=0.4)
    odds = advice.odds(0, (3, 2))
    assert list(odds["opponents"]) == ["equilibrium", "heuristic", "random"]
    assert ((odds["p_province"] >= 0) & (odds["p_province"] <= 1)).all()
    # two participants: one of them leaves in the first and only round
    assert (odds["p_province"] + odds["p_leave_first_round"]).to_numpy() == pytest.approx(1.0)
    # against the equilibrium mix no bid does better than the equilibrium's value
    eq_value = advice.expected(0)["utility"]
    for k in range(len(advice.game.options[0])):
        own = np.zeros(len(advice.game.options[0]))
        own[k] = 1.0
        # zero-sum model: the seat's own utility may differ, its relative utility may not improve
        rel = advice.game.relative_utilities()[0]
        assert own @ rel @ advice.strategies[1] <= advice.strategies[0] @ rel @ advice.strategies[1] + 1e-9
    assert np.isfinite(eq_value)


def test_random_model_is_the_uniform_random_bot():
    """RandomBot picks uniformly among legal actions: each card multiset and target equally likely."""
    state = duel(hands={0: {"influence": [1]}, 1: {"influence": [2, 2, 0]}})
    advice = best_bids(state)
    p = advice.opponent_strategy(1, "random")
    totals = [v for _, v in advice.game.options[1]]
    # multisets of (2, 2, 0): {}, {0} -> 0; {2}, {2,0} -> 2; {2,2}, {2,2,0} -> 4
    assert dict(zip(totals, p, strict=True)) == pytest.approx({0: 1 / 3, 2: 1 / 3, 4: 1 / 3})


def test_analysis_never_peeks_at_sealed_bids():
    """WL-INFO-1: a bid already committed is taken back before the analysis."""
    state = duel()
    sealed = apply(state, Bid(0, 1, (3, 3, 2)))
    assert sealed.conflict.bids and not fresh_round(sealed).conflict.bids
    a, b = best_bids(state), best_bids(sealed)
    assert np.allclose(a.strategies[1], b.strategies[1])


def test_three_participants_with_targets_and_curve():
    state = position({"players": 4, "phase": 2, "emperor": 3, "owners": OWNERS, "neutral": {"TIAN": "P"},
                      "markers": {"TIAN": [0, 1, 2]},
                      "hands": {s: {"influence": [3, 2, 1, 0]} for s in (0, 1, 2)}})
    advice = best_bids(state, iterations=400)
    assert advice.convergence is not None and len(advice.convergence) > 5
    assert all(label.startswith("name ") for label, _ in advice.mix(0))
    odds = advice.odds(0, Bid(0, 1, (3, 2)))
    assert len(odds) == 3 and (odds["p_province"] <= 1).all()
