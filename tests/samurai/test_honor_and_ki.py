"""Phase 1 honor (SAM-HON-1..6, SAM-CLAR-5) and Ki actions (SAM-KI-1..5, SAM-CLAR-3); §13 test hints 1, 2, 4."""

from __future__ import annotations

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

from .helpers import G, dice_seed, refused, seat, table


def test_SAM_OPEN_hint1_SAM_HON_4_four_player_shogun_with_daimyo_30_and_okugata_10_collects_115():
    s = table(seat(daimyo=["DAIMYO_30", "OKUGATA_10"]), seat(), seat(), seat(), active=3, shogun=0)
    s = G.apply(s, A.EndTurn(3))
    assert s.active == 0 and s.honor[0] == 30 + 10 + 75


def test_SAM_HON_1_both_houses_count_for_a_daimyo_owner():
    s = table(seat(), seat(daimyo=["DAIMYO_20"], samurai=["NOH", "OKUGATA_5"], honor=7), seat())
    s = G.apply(s, A.EndTurn(0))
    assert s.honor[1] == 7 + 20 + 20 + 5
    assert s.events[-1].text() == "Blue gains 45 honor in phase 1 (SAM-HON-1), now 52"


def test_SAM_OPEN_hint4_ronin_with_15_allied_to_a_house_of_40_gains_28():
    s = table(seat(samurai=["OKUGATA_5", "DAISHO"], ally=1), seat(daimyo=["DAIMYO_30", "OKUGATA_10"], ally=0),
              seat(), active=2)
    s = G.apply(s, A.EndTurn(2))
    assert s.honor[0] == 28                      # ceil((15 + 40) / 2)
    assert s.events[-1].text() == "Red gains 28 honor in phase 1 (SAM-HON-2), now 28"
    assert s.income(1) == 40                     # SAM-ALLY-3: the share takes nothing from the partner


def test_SAM_HON_2_negative_half_rounds_up():
    # FIREARMS -20 in the Ronin's house, the ally's house 5: ceil(-15 / 2) = -7 (not -8)
    s = table(seat(samurai=["FIREARMS"], ally=1), seat(daimyo=["START_DAIMYO_5"], ally=0), seat(), active=2)
    s = G.apply(s, A.EndTurn(2))
    assert s.honor[0] == -7


def test_SAM_CLAR_5_the_allied_share_counts_the_shogun_card_but_not_the_partners_samurai_house():
    s = table(seat(ally=1), seat(daimyo=["START_DAIMYO_5"], samurai=["NOH"], ally=0), seat(), active=2, shogun=1)
    # (0 + 5 + 50) / 2 = 27.5 -> 28; the partner's NOH (Samurai house) is not in it
    assert s.income(0) == 28


def test_SAM_HON_3_a_ronin_without_alliance_gains_nothing_even_negative():
    s = table(seat(samurai=["NOH"]), seat(samurai=["FIREARMS"]), seat(), active=2)
    s = G.apply(s, A.EndTurn(2))
    assert s.honor[0] == 0
    assert s.events[-1].text() == "Red gains 0 honor in phase 1 (SAM-HON-3), now 0"
    s = G.apply(s, A.EndTurn(0))
    assert s.honor[1] == 0


def test_SAM_OPEN_hint2_ki_14_gives_4_actions_and_noh_raises_it_to_5():
    s = table(seat(daimyo=["START_DAIMYO_10", "OKUGATA_5"], samurai=["OKUGATA_10", "WARRIOR_K1S1"], hand=["NOH"]),
              seat(), seat())
    assert s.ki(0) == 6 + 4 + 3 + 1 == 14
    assert s.actions_left == 4
    s = G.apply(s, A.Play(0, "NOH", 0, "samurai"))
    assert s.ki(0) == 17
    assert s.actions_left == 5 - 1                # the extra action may be used at once (SAM-KI-2)


def test_SAM_KI_2_actions_run_out_and_the_cap_is_5():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["WARRIOR_S1"] * 3), seat(), seat())
    assert s.ki(0) == 6 and s.actions_left == 2
    s = G.apply(s, A.Play(0, "WARRIOR_S1", 0, "samurai"))
    s = G.apply(s, A.Play(0, "WARRIOR_S1", 0, "daimyo"))
    e = refused(s, A.Play(0, "WARRIOR_S1", 0, "samurai"), "SAM-KI-2")
    assert "no card action left" in str(e)
    big = table(seat(daimyo=["DAIMYO_15", "OKUGATA_5", "NOH"], samurai=["OKUGATA_10", "MASAMUNE"]), seat(), seat())
    assert big.ki(0) == 6 + 2 + 4 + 3 + 3 + 1 and big.actions_left == 5


def test_SAM_CLAR_3_firearms_lower_ki_but_never_below_one_action():
    s = table(seat(daimyo=["START_DAIMYO_5", "FIREARMS"]), seat(), seat())
    assert s.ki(0) == 4 and s.actions_left == 1


def test_SAM_KI_3_a_card_not_in_hand_is_refused():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["NOH"]), seat(), seat())
    refused(s, A.Play(0, "DAISHO", 0, "samurai"), "SAM-KI-3")
    refused(s, A.Discard(0, "DAISHO"), "SAM-KI-3")


def test_SAM_KI_4_no_draw_with_seven_cards():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["WARRIOR_S1"] * 7), seat(), seat())
    refused(s, A.Draw(0), "SAM-KI-4")
    s = G.apply(s, A.Discard(0, "WARRIOR_S1"))
    s = G.apply(s, A.Draw(0))
    assert s.hand_size(0) == 7


def test_SAM_CLAR_3_declarations_and_ending_the_turn_use_no_action():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["WARRIOR_S1"]), seat(), seat())
    s2 = G.apply(s, A.DeclareShogun(0))
    assert s2.actions_left == s.actions_left == 2


def test_SAM_TURN_1_phase_1_honor_then_phase_2_actions_then_phase_3_hands_over_to_the_left():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["WARRIOR_S1"]), seat(daimyo=["DAIMYO_20", "NOH"], honor=3),
              seat(daimyo=["DAIMYO_10"]), active=0)
    s = G.apply(s, A.Play(0, "WARRIOR_S1", 0, "samurai"))              # phase 2: a card action
    assert s.active == 0 and s.actions_used == 1 and s.honor[1] == 3
    s = G.apply(s, A.EndTurn(0))                                        # phase 3
    # the left neighbour is active; his phase 1 was paid before he could act, his phase 2 starts fresh
    assert s.active == 1 and s.honor[1] == 3 + 40
    assert [e.text() for e in s.events] == ["Red ends the turn", "Blue gains 40 honor in phase 1 (SAM-HON-1), now 43"]
    assert G.decision(s).kind == "card_action" and s.actions_used == 0 and not s.declared
    assert G.to_act(s) == frozenset({1})
    s = G.apply(G.apply(s, A.EndTurn(1)), A.EndTurn(2))                # round the table, back to Red
    assert s.active == 0 and s.honor == (5, 43, 10)


def test_SAM_HON_5_honor_goes_negative_through_costs_firearms_and_dishonor():
    # a Daimyo owner whose cards sum to -10 loses 10 in his phase 1
    s = table(seat(daimyo=["START_DAIMYO_10", "FIREARMS"], honor=4), seat(), seat(), active=2)
    s = G.apply(s, A.EndTurn(2))
    assert s.income(0) == -10 and s.honor[0] == -6
    # a Ninja cost from below zero goes further down
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["NINJA_ASSASSIN"], honor=-6), seat(daimyo=["DAIMYO_10"]), seat(),
              seed=dice_seed([1]))
    s = G.apply(s, A.Assassin(0, 1, "daimyo"))
    assert s.honor[0] == -31
    # paying for Dishonor takes the whole 75 even from 20 honor
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["DISHONOR"]), seat(daimyo=["DAIMYO_10"], honor=20), seat())
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.PayHonor(1))
    assert s.honor[1] == -55


def test_SAM_KI_1_ki_is_the_sum_over_ones_own_cards_the_samurai_gives_6_and_an_allys_ki_is_not_added():
    # own cards in both houses: Samurai 6 + DAIMYO_15 2 + OKUGATA_5 4 + NOH 3 + FIREARMS -2 = 13 -> 4 actions
    s = table(seat(daimyo=["DAIMYO_15", "OKUGATA_5"], samurai=["NOH", "FIREARMS"], ally=1),
              seat(samurai=["OKUGATA_10", "WARRIOR_K1S1"], ally=0), seat())
    assert s.ki(0) == 13 and s.actions_left == 4
    assert s.ki(1) == 6 + 3 + 1                      # a Ronin: his card still gives 6; the partner's Ki not added
    # a card a partner puts into the other's house counts for the house's owner
    s = table(seat(daimyo=["START_DAIMYO_5"], ally=1), seat(hand=["OKUGATA_5"], ally=0), seat(), active=1)
    assert s.ki(0) == 6 and s.ki(1) == 6
    s = G.apply(s, A.Play(1, "OKUGATA_5", 0, "daimyo"))
    assert s.ki(0) == 10 and s.ki(1) == 6 and s.actions_left == 1      # Blue: 2 allowed, 1 used
    # a lone Samurai with nothing else: Ki 6, two actions
    assert table(seat(daimyo=["START_DAIMYO_5"]), seat(), seat()).actions_left == 2


def test_SAM_KI_3a_draw_takes_the_top_card_into_a_hand_with_room_and_is_one_action():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["NOH"] + ["WARRIOR_S1"] * 5), seat(), seat())
    before = s.deck_size
    s = G.apply(s, A.Draw(0))
    assert s.hand_size(0) == 7 and s.deck_size == before - 1 and s.actions_used == 1
    drawn = list(s.hand(0))
    for c in ["NOH"] + ["WARRIOR_S1"] * 5:
        drawn.remove(c)
    (card,) = drawn
    assert s[E.DECK + C.KIND[card]] == table(seat(daimyo=["START_DAIMYO_5"], hand=["NOH"] + ["WARRIOR_S1"] * 5),
                                           seat(), seat())[E.DECK + C.KIND[card]] - 1     # out of the deck
    refused(s, A.Draw(0), "SAM-KI-4")                 # the hand is full now, although an action is left
    assert s.actions_left == 1
