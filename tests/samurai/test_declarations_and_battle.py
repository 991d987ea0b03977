"""Declarations (SAM-DEC-1..6, SAM-CLAR-15) and battle (SAM-BAT-1..7, SAM-CLAR-11/12); §13 test hint 3."""

from __future__ import annotations

import random

import pytest

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import engine as E

from .helpers import G, dice_seed, play, refused, seat, table

D5 = ["START_DAIMYO_5"]


def test_SAM_DEC_2_shogun_goes_into_the_daimyo_house_and_pays_next_phase_1():
    s = table(seat(daimyo=D5), seat(), seat())
    s = G.apply(s, A.DeclareShogun(0))
    assert s.shogun_holder == 0 and s.house(0, "daimyo").shogun and s.honor[0] == 0
    s = G.apply(G.apply(G.apply(s, A.EndTurn(0)), A.EndTurn(1)), A.EndTurn(2))
    assert s.honor[0] == 5 + 50


def test_SAM_DEC_2_a_ronin_may_not_declare_and_a_held_card_cannot_be_taken():
    refused(table(seat(), seat(), seat()), A.DeclareShogun(0), "SAM-DEC-2")
    refused(table(seat(daimyo=D5), seat(daimyo=D5), seat(), shogun=1), A.DeclareShogun(0), "SAM-DEC-2")


def test_SAM_DEC_1_one_declaration_per_turn():
    s = G.apply(table(seat(daimyo=D5), seat(daimyo=["DAIMYO_10", "CASTLE_OSAKA"]), seat()), A.DeclareShogun(0))
    refused(s, A.Attack(0, 1), "SAM-DEC-1")


def test_SAM_OPEN_Q13_MULTI_DECLARATION_each_kind_once():
    s = table(seat(daimyo=D5), seat(daimyo=["DAIMYO_10", "CASTLE_OSAKA"]), seat(), rules=("MULTI_DECLARATION",),
              seed=dice_seed([1, 6]))
    s = G.apply(s, A.DeclareShogun(0))
    assert A.Attack(0, 1) in G.legal_actions(s)
    refused(s, A.DeclareShogun(0), "SAM-DEC-1")


def test_SAM_DEC_3_mandatory_shogun_with_100_honor_blocks_ending_the_turn_and_other_declarations():
    s = table(seat(daimyo=D5, honor=100, hand=["WARRIOR_S1"]), seat(daimyo=["DAIMYO_10", "CASTLE_OSAKA"]), seat())
    assert s.shogun_duty
    refused(s, A.EndTurn(0), "SAM-DEC-3")
    refused(s, A.Attack(0, 1), "SAM-DEC-3")
    s = G.apply(s, A.Play(0, "WARRIOR_S1", 0, "samurai"))      # card actions stay allowed
    s = G.apply(s, A.DeclareShogun(0))
    assert not s.shogun_duty and G.apply(s, A.EndTurn(0)).active == 1


def test_SAM_CLAR_15_the_duty_stays_when_honor_drops_below_100():
    s = table(seat(daimyo=D5, honor=110, hand=["NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "NOH"]), seat())
    s = G.apply(s, A.Thief(0, "NINJA_THIEF", "NOH", 1, "daimyo", 0, "daimyo"))
    assert s.honor[0] == 95 and s.shogun_duty
    refused(s, A.EndTurn(0), "SAM-DEC-3")


def test_SAM_CLAR_15_no_duty_below_100_or_for_a_ronin_and_it_arises_when_a_ronin_plays_a_daimyo():
    assert not table(seat(daimyo=D5, honor=99), seat(), seat()).shogun_duty
    r = table(seat(honor=150, hand=["DAIMYO_20"]), seat(), seat())
    assert not r.shogun_duty
    r = G.apply(r, A.Play(0, "DAIMYO_20", 0, "daimyo"))
    assert r.shogun_duty
    refused(r, A.EndTurn(0), "SAM-DEC-3")


def test_SAM_CLAR_20d_under_MULTI_DECLARATION_an_earlier_declaration_does_not_lift_the_duty():
    s = table(seat(honor=150, hand=["DAIMYO_20"]), seat(daimyo=D5), seat(), rules=("MULTI_DECLARATION",))
    s = G.apply(s, A.Ally(0, 1))
    s = G.apply(s, A.Play(0, "DAIMYO_20", 0, "daimyo"))
    assert s.shogun_duty
    d = table(seat(honor=150, hand=["DAIMYO_20"]), seat(daimyo=D5), seat())
    d = G.apply(G.apply(d, A.Ally(0, 1)), A.Play(0, "DAIMYO_20", 0, "daimyo"))
    assert not d.shogun_duty                          # default: the declaration of the turn was made


def test_SAM_DEC_4_attack_only_a_shogun_holder_or_a_castle_owner():
    s = table(seat(daimyo=D5), seat(daimyo=["DAIMYO_10"]), seat())
    refused(s, A.Attack(0, 1), "SAM-DEC-4")
    refused(table(seat(), seat(daimyo=["DAIMYO_10", "CASTLE_OSAKA"]), seat()), A.Attack(0, 1), "SAM-DEC-4")


@pytest.mark.parametrize("strength,dice", [(0, 0), (2, 0), (3, 1), (17, 5), (18, 6), (20, 6), (40, 6)])
def test_SAM_OPEN_hint3_dice_from_strength(strength, dice):
    assert E.dice(strength) == dice


def test_SAM_BAT_1_castle_counts_only_in_defence_and_both_houses_count():
    # attacker: DAIMYO_20 (S5) + HIMEJI (S5, not counted) + 4 warriors S3 (12) -> 17 -> 5 dice
    # defender: START_DAIMYO_5 (S1) + ODAWARA (S3) + a warrior S2 in the Samurai house -> 6 -> 2 dice
    s = table(seat(daimyo=["DAIMYO_20", "CASTLE_HIMEJI"], samurai=["WARRIOR_S3"] * 4),
              seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"], samurai=["WARRIOR_S2"]), seat())
    assert s.strength(0, defending=False) == 17 and s.strength(1, defending=True) == 6
    b = G.apply(s, A.Attack(0, 1)).last_battle
    assert (len(b["attacker_dice"]), len(b["defender_dice"])) == (5, 2)


def test_SAM_BAT_1_SAM_ALLY_5_the_allys_strength_adds_and_STRENGTH_DAIMYO_HOUSE_ONLY_drops_it():
    sides = (seat(daimyo=["DAIMYO_20"], samurai=["WARRIOR_S3"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
             seat(samurai=["WARRIOR_S3", "WARRIOR_S2"]))
    sides[0]["ally"], sides[2]["ally"] = 2, 0
    s = table(*sides)
    assert s.strength(0) == 5 + 3 + 3 + 2
    f = table(*sides, rules=("STRENGTH_DAIMYO_HOUSE_ONLY",))
    assert f.strength(0) == 5 and f.strength(1, defending=True) == 1 + 3


def _battle_table(attacker_dice_roll, defender_roll, *, extra=(), defender=None, **kw):
    seed = dice_seed(list(attacker_dice_roll) + list(defender_roll))
    att = seat(daimyo=["DAIMYO_10"])                        # S4 -> 1 die
    dfd = defender or seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"])   # S1+3 -> 1 die
    return table(att, dfd, *extra, seed=seed, **kw)


def test_SAM_BAT_3_higher_total_wins_and_the_loser_loses_his_daimyo_house():
    s = G.apply(_battle_table([5], [2], extra=(seat(),)), A.Attack(0, 1))
    assert G.decision(s).kind == "castle_choice" and G.to_act(s) == frozenset({0})
    s = G.apply(s, A.CastleChoice(0, "leave"))
    assert s.is_ronin(1) and not s.is_ronin(0)
    assert s.discard == {"START_DAIMYO_5": 1, "CASTLE_ODAWARA": 1}
    assert G.decision(s).kind == "card_action" and s.active == 0        # the turn goes on


def test_SAM_BAT_3_equal_totals_are_rerolled():
    s = G.apply(_battle_table([4], [4], extra=(seat(),)), A.Attack(0, 1))
    # the dice after 4:4 come straight from the generator; the battle records one reroll
    assert s.last_battle["rerolls"] >= 1
    a, d = s.last_battle["attacker_dice"], s.last_battle["defender_dice"]
    assert sum(a) != sum(d) and s.last_battle["winner"] == (0 if sum(a) > sum(d) else 1)


def test_SAM_BAT_3_no_dice_on_both_sides_the_defender_wins_without_a_roll():
    s = table(seat(daimyo=D5), seat(daimyo=D5), seat(), shogun=1)
    s = G.apply(s, A.Attack(0, 1))
    assert s.is_ronin(0) and s.shogun_holder == 1
    assert s.last_battle["attacker_dice"] == () and s.last_battle["defender_dice"] == ()


def test_SAM_CLAR_20g_one_side_without_dice_the_other_still_rolls_and_wins():
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=D5), seat(), shogun=1, seed=dice_seed([1]))
    s = G.apply(s, A.Attack(0, 1))
    assert s.last_battle["attacker_dice"] == (1,) and s.shogun_holder == 0 and s.is_ronin(1)


def test_SAM_BAT_6_the_shogun_card_goes_to_the_winner():
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["DAIMYO_15"]), seat(), shogun=1, seed=dice_seed([6, 1]))
    s = G.apply(s, A.Attack(0, 1))
    assert s.shogun_holder == 0 and s.is_ronin(1)


def test_SAM_CLAR_11_save_face_window_goes_from_the_loser_clockwise_skipping_the_shogun_holder():
    # 0 attacks 1's castle and wins; 2 holds the Shogun card; 0, 2 and 3 hold Save Face, 1 none
    s = table(seat(daimyo=["DAIMYO_10"], hand=["SAVE_FACE"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(daimyo=D5, hand=["SAVE_FACE"]), seat(hand=["SAVE_FACE"]), shogun=2, seed=dice_seed([6, 1]))
    s = G.apply(s, A.Attack(0, 1))
    assert s.last_battle["winner"] == 0
    assert G.decision(s).kind == "save_face" and G.to_act(s) == frozenset({3})
    refused(s, A.SaveFace(0), "SAM-CLAR-18")
    s = G.apply(s, A.Pass(3))
    assert G.to_act(s) == frozenset({0})
    s = G.apply(s, A.Pass(0))
    assert G.decision(s).kind == "castle_choice"
    s = G.apply(s, A.CastleChoice(0, "leave"))
    assert s.is_ronin(1) and s.hand(3) == ("SAVE_FACE",)


def test_SAM_CLAR_11_a_played_save_face_keeps_the_house_but_the_castle_and_shogun_still_move():
    seed = dice_seed([6, 1])
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE"]), shogun=1, seed=seed)
    s = G.apply(s, A.Attack(0, 1))
    assert G.to_act(s) == frozenset({2})          # the Shogun holder (1) cannot save himself
    s = G.apply(s, A.SaveFace(2))
    assert G.decision(s).kind == "castle_choice"
    s = G.apply(s, A.CastleChoice(0, "take"))
    assert not s.is_ronin(1) and s.house(1, "daimyo").cards == ()
    assert s.house(0, "daimyo").castle == "CASTLE_ODAWARA" and s.shogun_holder == 0
    assert s.hand(2) == () and s.discard == {"SAVE_FACE": 1}


def test_SAM_OPEN_Q10_SAVE_FACE_BLOCKS_CAPTURE_keeps_castle_and_shogun_card():
    seed = dice_seed([6, 1])
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE"]), shogun=1, seed=seed, rules=("SAVE_FACE_BLOCKS_CAPTURE",))
    s = G.apply(G.apply(s, A.Attack(0, 1)), A.SaveFace(2))
    assert G.decision(s).kind == "card_action"
    assert s.house(1, "daimyo").castle == "CASTLE_ODAWARA" and s.shogun_holder == 1


def test_SAM_BAT_5_a_winner_with_a_castle_keeps_his_or_swaps():
    seed = dice_seed([6, 1])
    mk = lambda: table(seat(daimyo=["DAIMYO_10", "CASTLE_HIMEJI"]),  # noqa: E731
                       seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(), seed=seed)
    s = G.apply(mk(), A.Attack(0, 1))
    refused(s, A.CastleChoice(0, "take"), "SAM-BAT-5")
    keep = G.apply(s, A.CastleChoice(0, "keep_own"))
    assert keep.house(0, "daimyo").castle == "CASTLE_HIMEJI" and keep.discard["CASTLE_ODAWARA"] == 1
    swap = G.apply(s, A.CastleChoice(0, "swap"))
    assert swap.house(0, "daimyo").castle == "CASTLE_ODAWARA" and swap.discard["CASTLE_HIMEJI"] == 1


def test_SAM_BAT_4_the_attacker_can_lose_and_then_plays_on_as_a_ronin():
    seed = dice_seed([1, 6])
    s = table(seat(daimyo=["DAIMYO_10", "CASTLE_HIMEJI"], hand=["DAIMYO_20"]),
              seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(), seed=seed)
    s = G.apply(s, A.Attack(0, 1))
    assert G.to_act(s) == frozenset({1}) and G.decision(s).kind == "castle_choice"   # the defender won
    s = G.apply(s, A.CastleChoice(1, "swap"))
    assert s.is_ronin(0) and s.house(1, "daimyo").castle == "CASTLE_HIMEJI"
    s = G.apply(s, A.Play(0, "DAIMYO_20", 0, "daimyo"))                               # SAM-CLAR-12
    assert s.house(0, "daimyo").head == "DAIMYO_20"


def test_SAM_CLAR_12_the_losers_alliance_ends_and_his_ally_loses_nothing():
    seed = dice_seed([6, 1])
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"], ally=2),
              seat(samurai=["NOH"], ally=1), seed=seed)
    s = G.apply(G.apply(s, A.Attack(0, 1)), A.CastleChoice(0, "leave"))
    assert s.allies == (None, None, None) and s.house(2, "samurai").cards == ("NOH",)


def test_SAM_BAT_7_one_attack_per_turn_even_under_MULTI_DECLARATION():
    s = table(seat(daimyo=["DAIMYO_20"], samurai=["WARRIOR_S3"] * 5), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(daimyo=["DAIMYO_10", "CASTLE_OSAKA"]), rules=("MULTI_DECLARATION",))
    s = G.apply(s, A.Attack(0, 2))
    while G.decision(s).kind != "card_action":
        s = G.apply(s, G.legal_actions(s)[0])
    refused(s, A.Attack(0, 1), "SAM-DEC-1")


def test_SAM_TURN_2_card_actions_and_the_declaration_interleave_by_default():
    s = table(seat(daimyo=D5, hand=["WARRIOR_S1", "WARRIOR_S2"]), seat(), seat())
    s = play(s, A.Play(0, "WARRIOR_S1", 0, "samurai"), A.DeclareShogun(0), A.Play(0, "WARRIOR_S2", 0, "samurai"))
    assert s.shogun_holder == 0 and len(s.house(0, "samurai").cards) == 2


def test_SAM_OPEN_Q5_DECLARATION_AFTER_ACTIONS_no_card_action_after_the_declaration():
    s = table(seat(daimyo=D5, hand=["WARRIOR_S1", "WARRIOR_S2"]), seat(), seat(), rules=("DECLARATION_AFTER_ACTIONS",))
    s = play(s, A.Play(0, "WARRIOR_S1", 0, "samurai"), A.DeclareShogun(0))
    e = refused(s, A.Play(0, "WARRIOR_S2", 0, "samurai"), "SAM-CLAR-20e")
    assert "after the declaration" in str(e)
    assert {type(a).__name__ for a in G.legal_actions(s)} == {"EndTurn"}


_STRENGTH = {
    2: (["START_DAIMYO_10"], []),
    3: (["START_DAIMYO_10", "WARRIOR_S1"], []),
    5: (["START_DAIMYO_10"], ["WARRIOR_S3"]),
    6: (["START_DAIMYO_10", "WARRIOR_S1"], ["WARRIOR_S3"]),
    17: (["DAIMYO_20"] + ["WARRIOR_S3"] * 4, []),
    18: (["DAIMYO_20"] + ["WARRIOR_S3"] * 4, ["WARRIOR_S1"]),
    42: (["DAIMYO_20"] + ["WARRIOR_S3"] * 5, ["WARRIOR_S3"] * 2 + ["WARRIOR_S2"] * 3 + ["FIREARMS", "MASAMUNE"]),
}


@pytest.mark.parametrize("strength,dice", [(2, 0), (3, 1), (5, 1), (6, 2), (17, 5), (18, 6), (42, 6)])
def test_SAM_BAT_2_each_side_rolls_min_6_and_a_third_of_its_strength_dice(strength, dice):
    daimyo, samurai = _STRENGTH[strength]
    # as attacker against a defender of strength 4 (1 die) ...
    s = table(seat(daimyo=daimyo, samurai=samurai), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
              seed=strength)
    assert s.strength(0) == strength
    b = G.apply(s, A.Attack(0, 1)).last_battle
    assert (len(b["attacker_dice"]), len(b["defender_dice"])) == (dice, 1)
    # ... and as the Shogun holder, defending against an attacker of strength 4
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=daimyo, samurai=samurai), seat(), shogun=1, seed=strength)
    assert s.strength(1, defending=True) == strength
    b = G.apply(s, A.Attack(0, 1)).last_battle
    assert (len(b["attacker_dice"]), len(b["defender_dice"])) == (1, dice)


def test_SAM_CLAR_18_decisions_interrupt_the_turn_one_seat_at_a_time_the_castle_choice_may_be_the_defenders():
    # Red attacks from a house with a castle and loses: Blue, the defender, chooses what becomes of it
    s = table(seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"], hand=["WARRIOR_S1"]),
              seat(daimyo=["DAIMYO_20", "CASTLE_HIMEJI"]), seat(hand=["SAVE_FACE"]), shogun=None)
    s = G.apply(s, A.Attack(0, 1))
    assert s.last_battle["winner"] == 1
    # first the Save Face window (Green), then the castle choice (Blue), each alone, Red waiting
    assert G.decision(s).kind == "save_face" and G.to_act(s) == frozenset({2}) and s.active == 0
    refused(s, A.Play(0, "WARRIOR_S1", 0, "samurai"), "SAM-CLAR-18")
    s = G.apply(s, A.Pass(2))
    assert G.decision(s).kind == "castle_choice" and G.to_act(s) == frozenset({1}) and s.active == 0
    refused(s, A.EndTurn(0), "SAM-CLAR-18")
    s = G.apply(s, A.CastleChoice(1, "swap"))
    assert s.house(1, "daimyo").castle == "CASTLE_ODAWARA"
    # resolved completely: Red's turn goes on where it was, a Ronin now
    assert G.decision(s).kind == "card_action" and G.to_act(s) == frozenset({0}) and s.is_ronin(0)
    # the Elite Ninja Thief's second theft is the user's own decision, inside his action
    e = table(seat(daimyo=["START_DAIMYO_5"], hand=["ELITE_NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "NOH", "DAISHO"]),
              seat())
    e = G.apply(e, A.Thief(0, "ELITE_NINJA_THIEF", "NOH", 1, "daimyo", 0, "daimyo"))
    assert G.decision(e).kind != "card_action" and G.to_act(e) == frozenset({0})
    assert {type(a).__name__ for a in G.legal_actions(e)} == {"SecondTheft", "StopStealing"}
    # never two seats at once, through whole random games
    for seed in range(4):
        rng = random.Random(seed)
        g = G.new_game(3 + seed, seed, ["maxRounds=10"])
        while not G.is_over(g):
            assert len(G.to_act(g)) == 1
            g = G.apply(g, rng.choice(G.legal_actions(g)))
