"""Exact battle odds (SAM-BAT-2/3) and the bots."""

from __future__ import annotations

import random
from fractions import Fraction

from lotus_kit.samurai import engine as E
from lotus_kit.samurai.bots import HeuristicBot, MonteCarloBot, RandomBot, play_game
from lotus_kit.samurai.odds import attacker_wins, tie_chance, totals

from .helpers import G


def test_SAM_BAT_3_one_die_each_is_even_and_ties_reroll():
    assert attacker_wins(1, 1) == Fraction(1, 2)
    assert tie_chance(1, 1) == Fraction(1, 6)


def test_SAM_BAT_3_two_dice_against_one_by_hand():
    # P(2d6 > d) for d = 1..6 is 36, 35, 33, 30, 26, 21 of 36; ties 0, 1, 2, 3, 4, 5 of 36
    wins, ties = 36 + 35 + 33 + 30 + 26 + 21, 0 + 1 + 2 + 3 + 4 + 5
    assert attacker_wins(2, 1) == Fraction(wins, 216 - ties) == Fraction(181, 201)
    assert attacker_wins(1, 2) == 1 - Fraction(181, 201)


def test_SAM_BAT_3_zero_dice_cases():
    assert attacker_wins(0, 0) == 0 and attacker_wins(0, 6) == 0 and attacker_wins(3, 0) == 1


def test_dice_totals_distribution():
    assert totals(2)[7] == 6 and sum(totals(3)) == 216 and totals(0) == (1,)


def test_odds_are_symmetric_and_grow_with_dice():
    for a in range(1, 7):
        for d in range(1, 7):
            assert attacker_wins(a, d) + attacker_wins(d, a) == 1
            if a < 6:
                assert attacker_wins(a + 1, d) > attacker_wins(a, d)


def test_the_engine_battle_matches_the_exact_odds():
    """Many battles of 2 dice against 1 in the engine: the attacker's share is near 181/201 (0.90)."""
    from lotus_kit.samurai import actions as A

    from .helpers import seat, table

    wins = 0
    runs = 400
    for seed in range(runs):
        s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
                  seed=seed)
        b = G.apply(s, A.Attack(0, 1)).last_battle
        assert (len(b["attacker_dice"]), len(b["defender_dice"])) == (2, 1)
        wins += b["winner"] == 0
    assert abs(wins / runs - 181 / 201) < 0.05


def test_bots_choose_legal_actions_and_the_heuristic_beats_random():
    won = 0
    for seed in range(8):
        s = G.new_game(4, seed, ["maxRounds=200"])
        bots = [HeuristicBot(seed), RandomBot(seed), HeuristicBot(seed + 1), RandomBot(seed + 1)]
        end = play_game(s, bots)
        won += bool(end.winners & {0, 2})
    assert won >= 6


def test_the_heuristic_does_not_look_at_hidden_cards():
    rng = random.Random(3)
    s = G.new_game(4, 5)
    for _ in range(30):
        s = G.apply(s, rng.choice(G.legal_actions(s)))
    seat = E.to_act(s)
    a = HeuristicBot(1).choose(s, seat)
    for k in range(5):
        assert HeuristicBot(1).choose(G.redraw_hidden(s, seat, random.Random(k)), seat) == a


def test_montecarlo_bot_plays_a_legal_game():
    s = G.new_game(3, 2, ["maxRounds=40"])
    bots = [MonteCarloBot(1, rollouts=2, depth=8, candidates=3), HeuristicBot(2), HeuristicBot(3)]
    for _ in range(40):
        if G.is_over(s):
            break
        seat = E.to_act(s)
        a = bots[seat].choose(s, seat)
        assert a in G.legal_actions(s)
        s = G.apply(s, a)
