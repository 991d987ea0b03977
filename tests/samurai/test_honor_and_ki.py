"""Phase 1 honor (SAM-HON-1..6, SAM-CLAR-5) and Ki actions (SAM-KI-1..5, SAM-CLAR-3); §13 test hints 1, 2, 4."""

from __future__ import annotations

from lotus_kit.samurai import actions as A

from .helpers import G, refused, seat, table


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
