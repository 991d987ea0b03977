"""Best bids presented to a player, and the odds of a chosen bid against each opponent model."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from lotus_kit.analysis.bidding import best_bids, bid_label, build_game, fresh_round
from lotus_kit.analysis.conflict import ConflictSpec, reachable_totals, round_outcomes
from lotus_kit.analysis.equilibrium import deviation_gains
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.cards import Hand
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


# --- five and six participants: the sampled solver (WL-CONF-6..10 in 5-6 player games) -------------------

BIG_OWNERS = {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [4, "R"], "HENA": [1, "F"], "CHEN": [1, "V"],
              "LUZH": [0, "V"], "LIAN": [5, "F"]}


def everyone_claims_tianlin(players: int, **extra):
    """A phase-2 position of a ``players``-player game where every seat has a marker on Tianlin."""
    owners = {k: v for k, v in BIG_OWNERS.items() if v[0] < players}
    return position({"players": players, "phase": 2, "emperor": 2, "owners": owners, "neutral": {"TIAN": "P"},
                     "markers": {"TIAN": list(range(players))}, **extra})


def legal_options(spec: ConflictSpec, seat: int) -> set[tuple[int, int]]:
    """WL-CONF-6: a dragon card naming another participant, and any total the hand can make."""
    return {(t, v) for t in spec.participants if t != seat for v in reachable_totals(spec.hands[seat])}


def test_wl_conf_6_best_bids_five_participants_are_distributions_over_legal_bids():
    state = everyone_claims_tianlin(5)
    advice = best_bids(state, vp_per_influence=0.1, iterations=300, seed=1, progress=False)
    g = advice.game
    assert g.sampled and advice.participants == (0, 1, 2, 3, 4)
    for s in advice.participants:
        assert set(g.options[s]) == legal_options(g.spec, s)          # every legal bid, nothing else
        p = advice.strategies[s]
        assert p.shape == (len(g.options[s]),) and (p >= 0).all() and p.sum() == pytest.approx(1.0)
        assert all(label.startswith("name ") for label, _ in advice.mix(s))
    # someone takes the province: the estimated chances add up to one (up to rounding)
    assert sum(advice.expected(s)["p_province"] for s in advice.participants) == pytest.approx(1.0)
    curve = advice.convergence
    assert curve["iteration"].iloc[0] == 0 and curve["estimated"].all()
    assert curve["nash_conv"].iloc[-1] < curve["nash_conv"].iloc[0] / 10     # from uniform to the end
    assert (curve["nash_conv_low"] <= curve["nash_conv"] + 1e-12).all()
    text = str(advice)
    assert "estimated NashConv" in text and "approximate" in text and text.count("Expected: takes") == 5


def test_wl_conf_6_best_bids_six_participants_reproducible_by_seed_with_every_advice_method():
    state = everyone_claims_tianlin(6)
    a = best_bids(state, vp_per_influence=0.1, iterations=50, seed=3, progress=False)
    b = best_bids(state, vp_per_influence=0.1, iterations=50, seed=3, progress=False)
    assert a.game.sampled and len(a.participants) == 6
    for s in a.participants:
        assert np.array_equal(a.strategies[s], b.strategies[s])
    assert a.expected(0) == b.expected(0)
    assert a.convergence["nash_conv"].tolist() == b.convergence["nash_conv"].tolist()
    odds = a.odds(0, Bid(0, 1, (3, 2)))
    assert list(odds["opponents"]) == ["equilibrium", "heuristic", "random"]
    for col in ("p_province", "p_leave_first_round", "p_tie"):
        assert ((odds[col] >= 0) & (odds[col] <= 1)).all()
    assert (odds["influence_lost"] <= 5).all() and (odds["influence_lost"] >= 5 - 3).all()  # keeps K = 3 at most
    gains = a.deviation_gains()
    assert gains.shape == (6,) and (gains >= 0).all() and np.isfinite(gains).all()
    with pytest.raises(ValueError, match="sampled"):
        a.game.utilities                                          # noqa: B018 - the tensors do not exist


def test_wl_conf_8_symmetric_five_participants_have_equal_chances():
    """Identical hands, an uninvolved emperor who picks uniformly on ties: everyone's chance is 1/5."""
    spec = ConflictSpec(tuple(range(5)), {s: Hand.start() for s in range(5)}, emperor=5)
    advice = best_bids(spec, vp_per_influence=0.05, value=3.0, tie="uniform", iterations=400, progress=False)
    chances = [advice.expected(s)["p_province"] for s in advice.participants]
    assert chances == pytest.approx([0.2] * 5, abs=0.03)
    utilities = [advice.expected(s)["utility"] for s in advice.participants]
    assert max(utilities) - min(utilities) < 0.1


@pytest.mark.parametrize("n", [5, 6])
def test_wl_conf_7_the_participant_with_far_more_influence_takes_the_province(n):
    hands = {0: Hand(1, 2, 4, 6), **{s: Hand(1, 1, 0, 0) for s in range(1, n)}}     # 28 influence against 1 each
    advice = best_bids(ConflictSpec(tuple(range(n)), hands, emperor=1), value=3.0, iterations=300, progress=False)
    chances = [advice.expected(s)["p_province"] for s in range(n)]
    assert chances[0] > 0.6 and chances[0] > 5 * max(chances[1:])


def test_wl_conf_10_sampled_solver_lands_near_the_dense_regret_matching_three_participants():
    """Three participants are small enough for both solvers: the sampled one must agree with the tensors."""
    hands = {0: Hand(0, 1, 2, 1), 1: Hand(0, 1, 0, 0), 2: Hand(1, 2, 2, 2)}
    spec = ConflictSpec((0, 1, 2), hands, emperor=1)
    dense = best_bids(spec, vp_per_influence=0.4, value=3.0, progress=False)
    sampled = best_bids(spec, vp_per_influence=0.4, value=3.0, method="sampled", seed=0, progress=False)
    assert not dense.game.sampled and sampled.game.sampled
    for s in (0, 1, 2):
        assert sampled.expected(s)["utility"] == pytest.approx(dense.expected(s)["utility"], abs=0.05)
    # the sampled strategies measured exactly on the dense tensors: close to an equilibrium
    payoffs = dense.game.relative_utilities()
    exact = deviation_gains(payoffs, [sampled.strategies[s] for s in (0, 1, 2)]).sum()
    uniform = deviation_gains(payoffs, [np.full(len(dense.game.options[s]), 1 / len(dense.game.options[s]))
                                        for s in (0, 1, 2)]).sum()
    assert exact < 0.05 and exact < uniform / 20


@pytest.mark.parametrize("n", [2, 3, 4])
def test_wl_conf_7_to_10_profile_outcomes_agree_with_the_dense_tensors(n):
    hands = [Hand(1, 1, 1, 0), Hand(0, 2, 1, 0), Hand(1, 0, 0, 1), Hand(1, 1, 0, 0)][:n]
    spec = ConflictSpec(tuple(range(n)), dict(enumerate(hands)), emperor=n - 1 if n == 3 else 5)
    g = build_game(spec, vp_per_influence=0.3, value={s: 2.0 + s for s in range(n)}, tie="opponent", progress=False)
    profiles = np.array(list(itertools.product(*[range(len(g.options[s])) for s in range(n)])))
    out = g.outcomes(profiles)
    for i in range(n):
        assert out["p_win"][:, i] == pytest.approx(g.p_win[i].ravel())
        assert out["lost"][:, i] == pytest.approx(g.lost[i].ravel())
        assert out["p_leave_first"][:, i] == pytest.approx(g.p_leave_first[i].ravel())
        assert out["utility"][:, i] == pytest.approx(g.utilities[i].ravel())
    assert out["p_win"].sum(axis=1) == pytest.approx(1.0)


def test_wl_conf_7_to_9_six_participant_first_round_agrees_with_round_outcomes():
    hands = [Hand.start(), Hand(1, 0, 1, 1), Hand(0, 2, 0, 0), Hand(1, 0, 0, 0), Hand(0, 1, 1, 1), Hand(1, 3, 0, 0)]
    spec = ConflictSpec(tuple(range(6)), dict(enumerate(hands)), emperor=3)
    g = build_game(spec, tie="self")
    assert g.sampled
    rng = np.random.default_rng(5)
    for _ in range(25):
        k = [int(rng.integers(len(g.options[s]))) for s in range(6)]
        ref = round_outcomes(spec, {s: [g.options[s][k[s]]] for s in range(6)}, "self")
        out = g.outcomes([k])
        assert out["p_leave_first"][0] == pytest.approx(ref["p_leave"].reshape(6))
        assert out["lost"][0] == pytest.approx(ref["lost"].reshape(6))         # later rounds cost nothing here
        assert bool(out["tie"][0]) == bool(ref["ntied"].reshape(()) > 1)
        assert out["p_win"][0].sum() == pytest.approx(1.0)


def test_wl_conf_13_finite_supply_refunds_agree_with_round_outcomes():
    if "supply" not in getattr(ConflictSpec, "__dataclass_fields__", {}):
        pytest.skip("ConflictSpec has no supply yet")
    hands = {0: Hand(1, 0, 1, 2), 1: Hand(0, 2, 1, 1), 2: Hand(1, 1, 0, 1), 3: Hand(0, 0, 2, 0)}
    spec = ConflictSpec((0, 1, 2, 3), hands, emperor=0, supply=(0, 1, 0))
    g = build_game(spec, tie="uniform", method="dense")
    ref = round_outcomes(spec, g.options, "uniform")
    profiles = np.array(list(itertools.product(*[range(len(g.options[s])) for s in range(4)])))
    out = g.outcomes(profiles)
    assert out["lost"] == pytest.approx(ref["lost"].reshape(-1, 4))


def test_four_participants_with_start_hands_switch_to_the_sampled_solver():
    """2.3 million profiles: a dense regret matching would take a minute; the sampled one a few seconds."""
    spec = ConflictSpec((0, 1, 2, 3), {s: Hand.start() for s in range(4)}, emperor=0)
    g = build_game(spec)
    assert g.sampled and g.cells == 39 ** 4
    assert not build_game(spec, max_options=5).sampled                  # 15 options a seat: tabulated
    with pytest.raises(ValueError, match="method='sampled'"):
        build_game(ConflictSpec(tuple(range(6)), {s: Hand.start() for s in range(6)}, emperor=0), method="dense")
