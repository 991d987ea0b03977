"""Alliances and their endings (SAM-ALLY-1..7, SAM-CLAR-13)."""

from __future__ import annotations

from lotus_kit.samurai import actions as A

from .helpers import G, play, refused, seat, table

D5 = ["START_DAIMYO_5"]


def test_SAM_ALLY_1_SAM_DEC_5_a_ronin_allies_with_a_daimyo_owner_at_once():
    s = G.apply(table(seat(), seat(daimyo=D5), seat()), A.Ally(0, 1))
    assert s.allies == (1, 0, None)
    refused(table(seat(daimyo=D5), seat(daimyo=D5), seat()), A.Ally(0, 1), "SAM-ALLY-1")
    refused(table(seat(), seat(), seat()), A.Ally(0, 1), "SAM-ALLY-1")


def test_SAM_CLAR_13_a_partner_with_an_alliance_even_a_pending_break_cannot_ally_again():
    s = table(seat(), seat(daimyo=D5, ally=2, break_pending=True), seat(ally=1))
    refused(s, A.Ally(0, 1), "SAM-CLAR-13")


def test_SAM_DEC_6_SAM_CLAR_13_break_costs_25_and_ends_at_the_start_of_the_declarers_next_turn_before_phase_1():
    s = table(seat(samurai=["NOH"], ally=1, honor=30), seat(daimyo=["DAIMYO_20"], ally=0), seat())
    s = G.apply(s, A.BreakAlliance(0))
    assert s.honor[0] == 5 and s.pending_breaks == (0,) and s.allies == (1, 0, None)
    refused(G.apply(s, A.EndTurn(0)), A.BreakAlliance(1), "SAM-CLAR-13")     # no second break
    s = play(s, A.EndTurn(0), A.EndTurn(1))
    assert s.allies == (1, 0, None)                                            # in force until then
    s = G.apply(s, A.EndTurn(2))
    assert s.allies == (None, None, None) and s.honor[0] == 5                  # no share in this phase 1


def test_SAM_CLAR_13_a_daimyo_partner_may_break_too():
    s = table(seat(samurai=["NOH"], ally=1), seat(daimyo=["DAIMYO_20"], ally=0), seat(), active=1)
    s = play(s, A.BreakAlliance(1), A.EndTurn(1), A.EndTurn(2))
    # the Ronin's phase 1 still pays: the break ends the alliance at the start of 1's next turn
    assert s.honor[0] == -(-(20 + 20) // 2) == 20 and s.allies == (1, 0, None)
    s = play(s, A.EndTurn(0))
    assert s.allies == (None, None, None)


def test_SAM_ALLY_6_an_alliance_ended_otherwise_lets_the_pending_break_lapse_unrefunded():
    s = table(seat(hand=["DAIMYO_10"], ally=1, honor=30), seat(daimyo=D5, ally=0), seat())
    s = play(s, A.BreakAlliance(0), A.Play(0, "DAIMYO_10", 0, "daimyo"))
    assert s.allies == (None, None, None) and s.pending_breaks == () and s.honor[0] == 5


def test_SAM_ALLY_6_SAM_CLAR_13_seppuku_of_the_ronin_partners_samurai_ends_it_the_daimyo_partners_samurai_does_not():
    s = table(seat(daimyo=D5, hand=["DISHONOR", "DISHONOR"]), seat(ally=2, samurai=["NOH"]),
              seat(daimyo=D5, ally=1, samurai=["DAISHO"]))
    kept = play(s, A.Dishonor(0, 2), A.Seppuku(2, "samurai"))
    assert kept.allies == (None, 2, 1)
    ended = play(s, A.Dishonor(0, 1), A.Seppuku(1, "samurai"))
    assert ended.allies == (None, None, None)


def test_SAM_OPEN_ALLIANCE_MAY_BE_REFUSED_the_partner_answers_and_a_refusal_uses_the_declaration():
    s = table(seat(), seat(daimyo=D5), seat(daimyo=D5), rules=("ALLIANCE_MAY_BE_REFUSED",))
    s = G.apply(s, A.Ally(0, 1))
    assert G.decision(s).kind == "alliance_answer" and G.to_act(s) == frozenset({1})
    no = G.apply(s, A.Refuse(1))
    assert no.allies == (None, None, None)
    refused(no, A.Ally(0, 2), "SAM-DEC-1")
    assert G.apply(s, A.Accept(1)).allies == (1, 0, None)


def test_SAM_OPEN_Q11_ALLY_KI_ADDS_both_ways():
    sides = (seat(samurai=["OKUGATA_5"], ally=1), seat(daimyo=["DAIMYO_15"], ally=0), seat())
    assert table(*sides).ki(0) == 10 and table(*sides).ki(1) == 8
    f = table(*sides, rules=("ALLY_KI_ADDS",))
    assert f.ki(0) == f.ki(1) == 18


def test_SAM_ALLY_2_the_share_starts_with_the_ronins_next_phase_1():
    s = table(seat(samurai=["NOH"]), seat(daimyo=["DAIMYO_20"]), seat())
    s = G.apply(s, A.Ally(0, 1))
    assert s.honor[0] == 0
    s = play(s, A.EndTurn(0), A.EndTurn(1), A.EndTurn(2))
    assert s.honor[0] == 20                     # ceil((20 + 20) / 2)


def test_SAM_ALLY_7_cards_stay_where_they_lie_when_the_alliance_ends():
    s = table(seat(hand=["NOH", "DAIMYO_10"], ally=1), seat(daimyo=D5, ally=0), seat())
    s = play(s, A.Play(0, "NOH", 1, "daimyo"), A.Play(0, "DAIMYO_10", 0, "daimyo"))
    assert s.allies == (None, None, None) and s.house(1, "daimyo").cards == ("NOH",)


def test_SAM_ALLY_3_the_daimyo_partner_collects_his_own_honor_and_nothing_is_shared_back():
    # Red, a Ronin with NOH (20) and DAISHO (10) in his Samurai house, allied to Blue's house of 20
    s = table(seat(samurai=["NOH", "DAISHO"], ally=1), seat(daimyo=["DAIMYO_20"], samurai=["OKUGATA_5"], ally=0),
              seat(), active=0)
    assert s.income(1) == 20 + 5 and s.income_rule(1) == "SAM-HON-1"
    s = G.apply(s, A.EndTurn(0))
    assert s.honor[1] == 25                     # his own cards only: no part of the Ronin's 30
    s = play(s, A.EndTurn(1), A.EndTurn(2))
    assert s.honor[0] == 25                     # ceil((30 + 20) / 2), and Blue keeps his 25 whole
    assert s.honor[1] == 25
    # the same Daimyo owner without an alliance collects exactly the same
    lone = table(seat(samurai=["NOH", "DAISHO"]), seat(daimyo=["DAIMYO_20"], samurai=["OKUGATA_5"]), seat())
    assert lone.income(1) == 25
