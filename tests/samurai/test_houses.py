"""Playing cards into houses (SAM-PLAY-1..4, SAM-CLAR-4, SAM-CLAR-6)."""

from __future__ import annotations

from lotus_kit.samurai import actions as A

from .helpers import G, refused, seat, table

W5 = ["WARRIOR_S1", "WARRIOR_S2", "WARRIOR_S3", "WARRIOR_K1S1", "WARRIOR_S1"]


def test_SAM_PLAY_2_at_most_five_warriors_per_house():
    s = table(seat(daimyo=["START_DAIMYO_5"], samurai=W5, hand=["WARRIOR_S2"]), seat(), seat())
    refused(s, A.Play(0, "WARRIOR_S2", 0, "samurai"), "SAM-PLAY-2")
    s = G.apply(s, A.Play(0, "WARRIOR_S2", 0, "daimyo"))
    assert s.house(0, "daimyo").cards == ("WARRIOR_S2",)


def test_SAM_PLAY_2_one_okugata_per_house():
    s = table(seat(daimyo=["START_DAIMYO_5", "OKUGATA_5"], hand=["OKUGATA_10"]), seat(), seat())
    refused(s, A.Play(0, "OKUGATA_10", 0, "daimyo"), "SAM-PLAY-2")
    assert G.apply(s, A.Play(0, "OKUGATA_10", 0, "samurai")).house(0, "samurai").cards == ("OKUGATA_10",)


def test_SAM_PLAY_2_castles_only_in_a_daimyo_house_and_one_each():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["CASTLE_OSAKA", "CASTLE_HIMEJI"]), seat(), seat())
    refused(s, A.Play(0, "CASTLE_OSAKA", 0, "samurai"), "SAM-PLAY-2")
    s = G.apply(s, A.Play(0, "CASTLE_OSAKA", 0, "daimyo"))
    refused(s, A.Play(0, "CASTLE_HIMEJI", 0, "daimyo"), "SAM-PLAY-2")


def test_SAM_PLAY_2_possessions_and_bodyguards_have_no_limit():
    s = table(seat(daimyo=["START_DAIMYO_5", "NOH", "DAISHO", "BODYGUARD"], hand=["MASAMUNE", "BODYGUARD"]),
              seat(), seat())
    s = G.apply(s, A.Play(0, "MASAMUNE", 0, "daimyo"))
    s = G.apply(s, A.Play(0, "BODYGUARD", 0, "daimyo"))
    assert sorted(s.house(0, "daimyo").cards) == ["BODYGUARD", "BODYGUARD", "DAISHO", "MASAMUNE", "NOH"]


def test_SAM_PLAY_1_no_cards_into_other_players_houses_without_alliance():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["NOH"]), seat(daimyo=["START_DAIMYO_5"]), seat())
    refused(s, A.Play(0, "NOH", 1, "daimyo"), "SAM-PLAY-1")


def test_SAM_ALLY_4_SAM_CLAR_4_a_ronin_plays_into_both_houses_of_his_partner_and_the_card_counts_for_the_owner():
    s = table(seat(hand=["NOH", "WARRIOR_S3"], ally=1), seat(daimyo=["START_DAIMYO_5"], ally=0), seat())
    s = G.apply(s, A.Play(0, "NOH", 1, "daimyo"))
    s = G.apply(s, A.Play(0, "WARRIOR_S3", 1, "samurai"))
    assert s.house(1, "daimyo").cards == ("NOH",) and s.house(1, "samurai").cards == ("WARRIOR_S3",)
    assert s.income(1) == 5 + 20                # the NOH counts for the house's owner
    assert s.ki(0) == 6                         # not for the Ronin who played it


def test_SAM_CLAR_4_the_daimyo_partner_plays_into_the_ronins_samurai_house_only():
    s = table(seat(hand=[], ally=1), seat(daimyo=["START_DAIMYO_5"], ally=0, hand=["NOH"]), seat(), active=1)
    assert G.apply(s, A.Play(1, "NOH", 0, "samurai")).house(0, "samurai").cards == ("NOH",)
    refused(s, A.Play(1, "NOH", 0, "daimyo"), "SAM-SET-0")


def test_SAM_PLAY_3_only_a_ronin_plays_a_daimyo_and_it_ends_his_alliance():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["DAIMYO_20"]), seat(), seat())
    refused(s, A.Play(0, "DAIMYO_20", 0, "daimyo"), "SAM-PLAY-3")
    assert G.apply(s, A.Discard(0, "DAIMYO_20")).discard == {"DAIMYO_20": 1}    # SAM-CLAR-6: only discard
    r = table(seat(samurai=["NOH"], hand=["DAIMYO_20"], ally=1), seat(daimyo=["START_DAIMYO_5"], ally=0), seat())
    r = G.apply(r, A.Play(0, "DAIMYO_20", 0, "daimyo"))
    h = r.house(0, "daimyo")
    assert (h.head, h.cards) == ("DAIMYO_20", ())        # SAM-CLAR-6: a new house of that card alone
    assert r.house(0, "samurai").head == "SAMURAI" and r.house(0, "samurai").cards == ("NOH",)
    assert r.allies == (None, None, None)                # SAM-CLAR-13 (c)


def test_SAM_OPEN_Q9_ALLOW_DAIMYO_SWAP_discards_the_old_house_and_the_shogun_card_goes_to_the_centre():
    s = table(seat(daimyo=["START_DAIMYO_5", "NOH", "CASTLE_OSAKA"], hand=["DAIMYO_30"]), seat(), seat(),
              shogun=0, rules=("ALLOW_DAIMYO_SWAP",))
    s = G.apply(s, A.Play(0, "DAIMYO_30", 0, "daimyo"))
    assert s.house(0, "daimyo").head == "DAIMYO_30" and s.house(0, "daimyo").cards == ()
    assert s.shogun_holder is None
    assert s.discard == {"START_DAIMYO_5": 1, "NOH": 1, "CASTLE_OSAKA": 1}


def test_SAM_PLAY_4_the_shogun_card_is_never_in_a_hand():
    s = table(seat(daimyo=["START_DAIMYO_5"]), seat(), seat())
    assert A.Play(0, "SHOGUN", 0, "daimyo").code == -1
    refused(s, A.Play(0, "SHOGUN", 0, "daimyo"), "SAM-TURN-1")


def test_SAM_SET_0_a_samurai_house_always_a_daimyo_house_only_with_a_daimyo_the_shogun_card_in_it():
    s = table(seat(daimyo=["DAIMYO_10"], samurai=["NOH"], hand=["WARRIOR_S1", "WARRIOR_S2"]),
              seat(samurai=["DAISHO"]), seat(daimyo=["START_DAIMYO_5"]))
    assert (s.house(0, "daimyo").head, s.house(0, "samurai").head) == ("DAIMYO_10", "SAMURAI")
    assert (s.house(1, "daimyo").head, s.house(1, "samurai").head) == (None, "RONIN")
    assert s.house(1, "samurai").cards == ("DAISHO",)
    # a house that does not exist takes no card
    s2 = table(seat(hand=["WARRIOR_S1", "NOH", "OKUGATA_5"]), seat(daimyo=["DAIMYO_10"]), seat())
    for card in ("WARRIOR_S1", "NOH", "OKUGATA_5"):
        refused(s2, A.Play(0, card, 0, "daimyo"), "SAM-SET-0")
        assert A.Play(0, card, 0, "daimyo") not in G.legal_actions(s2)
    assert G.apply(s2, A.Play(0, "WARRIOR_S1", 0, "samurai")).house(0, "samurai").cards == ("WARRIOR_S1",)
    # the Shogun card, once held, lies in the holder's Daimyo house and is counted there
    s = G.apply(s, A.DeclareShogun(0))
    d = s.house(0, "daimyo")
    assert d.shogun and d.honor == 10 + 50 and not s.house(0, "samurai").shogun
    assert d.cards == ()                        # it is no card of the house's rows (no limit counts it)


def test_SAM_CLAR_6_a_spare_daimyo_waits_in_the_hand_and_is_played_in_the_turn_its_owner_becomes_a_ronin():
    # Red holds DAIMYO_30 while he has a Daimyo: he may not play it (only discard it)
    s = table(seat(daimyo=["START_DAIMYO_5"], samurai=["NOH"], hand=["DAIMYO_30"]),
              seat(daimyo=["DAIMYO_20", "CASTLE_HIMEJI"]), seat())
    refused(s, A.Play(0, "DAIMYO_30", 0, "daimyo"), "SAM-PLAY-3")
    assert A.Discard(0, "DAIMYO_30") in G.legal_actions(s)
    # he attacks Blue's castle with no dice (strength 1) against three and loses: a Ronin in his own turn,
    # he plays the spare at once
    s = G.apply(s, A.Attack(0, 1))
    assert s.last_battle["winner"] == 1 and s.is_ronin(0) and s.active == 0
    s = G.apply(s, A.Play(0, "DAIMYO_30", 0, "daimyo"))
    d = s.house(0, "daimyo")
    assert (d.head, d.cards, d.shogun) == ("DAIMYO_30", (), False)       # a new house of that card alone
    assert s.house(0, "samurai").cards == ("NOH",) and s.house(0, "samurai").head == "SAMURAI"
    assert s.discard["START_DAIMYO_5"] == 1                             # the old house is gone
