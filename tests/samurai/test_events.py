"""Event cards: Dishonor, Save Face, Seppuku, Ninja Thief, Elite Ninja Thief, Ninja Assassin,
Bodyguard (SAM-EVT-1..9, SAM-CLAR-7..11)."""

from __future__ import annotations

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import engine as E

from .helpers import G, dice_seed, refused, seat, table

D5 = ["START_DAIMYO_5"]


def test_SAM_EVT_3_SAM_TURN_3_dishonor_costs_two_actions_and_the_target_answers_out_of_turn():
    s = table(seat(daimyo=D5, hand=["DISHONOR", "WARRIOR_S1"]), seat(daimyo=D5), seat())
    s = G.apply(s, A.Dishonor(0, 1))
    assert G.to_act(s) == frozenset({1}) and G.decision(s).kind == "dishonor_answer"
    refused(s, A.EndTurn(0), "SAM-CLAR-18")
    s = G.apply(s, A.PayHonor(1))
    assert s.honor[1] == -75                   # SAM-HON-5: honor may go negative
    assert s.actions_left == 0 and G.to_act(s) == frozenset({0})
    one = G.apply(table(seat(daimyo=D5, hand=["DISHONOR", "WARRIOR_S1"]), seat(), seat()),
                  A.Play(0, "WARRIOR_S1", 0, "samurai"))
    refused(one, A.Dishonor(0, 1), "SAM-EVT-3")


def test_SAM_CLAR_10_dishonor_targets_another_player():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(), seat())
    refused(s, A.Dishonor(0, 0), "SAM-CLAR-10")


def test_SAM_EVT_5_save_face_halves_the_dishonor_loss_to_30():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(daimyo=D5, hand=["SAVE_FACE"], honor=50), seat())
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.SaveFace(1))
    assert s.honor[1] == 20 and s.hand(1) == () and s.discard == {"DISHONOR": 1, "SAVE_FACE": 1}


def test_SAM_CLAR_11_the_shogun_holder_may_not_save_face():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(daimyo=D5, hand=["SAVE_FACE"]), seat(), shogun=1)
    s = G.apply(s, A.Dishonor(0, 1))
    refused(s, A.SaveFace(1), "SAM-CLAR-11")


def test_SAM_EVT_4_seppuku_with_the_daimyo_discards_the_house_and_the_shogun_card_goes_to_the_centre():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]),
              seat(daimyo=["DAIMYO_20", "CASTLE_OSAKA", "WARRIOR_S1"], samurai=["NOH"], honor=40), seat(), shogun=1)
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "daimyo"))
    assert s.honor[1] == 40 and s.is_ronin(1) and s.house(1, "samurai").head == "RONIN"
    assert s.shogun_holder is None                                        # SAM-OPEN Q8 default
    assert s.house(1, "samurai").cards == ("NOH",)
    assert s.discard == {"DISHONOR": 1, "DAIMYO_20": 1, "CASTLE_OSAKA": 1, "WARRIOR_S1": 1}


def test_SAM_CLAR_10_seppuku_with_an_empty_samurai_house_costs_nothing_unless_SEPPUKU_NEEDS_CARDS():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(honor=10), seat())
    s2 = G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "samurai"))
    assert s2.honor[1] == 10 and s2.house(1, "samurai").head == "RONIN"   # a Ronin may, too
    f = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(honor=10), seat(), rules=("SEPPUKU_NEEDS_CARDS",))
    f = G.apply(f, A.Dishonor(0, 1))
    refused(f, A.Seppuku(1, "samurai"), "SAM-CLAR-10")
    refused(f, A.Seppuku(1, "daimyo"), "SAM-CLAR-10")
    assert [type(a).__name__ for a in G.legal_actions(f)] == ["PayHonor"]


def test_SAM_EVT_4_seppuku_with_the_samurai_keeps_the_samurai_card_and_status():
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(daimyo=D5, samurai=["NOH", "WARRIOR_S2"]), seat())
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "samurai"))
    assert s.house(1, "samurai").cards == () and s.house(1, "samurai").head == "SAMURAI"
    assert s.house(1, "daimyo").head == "START_DAIMYO_5"


def test_SAM_CLAR_13_d_dishonor_on_ones_ally_ends_the_alliance_unless_save_face():
    base = dict(active=1)
    s = table(seat(ally=1, hand=["SAVE_FACE"]), seat(daimyo=D5, ally=0, hand=["DISHONOR", "DISHONOR"]), seat(),
              **base)
    kept = G.apply(G.apply(s, A.Dishonor(1, 0)), A.SaveFace(0))
    assert kept.allies == (1, 0, None)
    ended = G.apply(G.apply(s, A.Dishonor(1, 0)), A.PayHonor(0))
    assert ended.allies == (None, None, None)


def test_SAM_EVT_7_ninja_thief_takes_a_possession_into_the_users_house_and_costs_15():
    s = table(seat(daimyo=D5, hand=["NINJA_THIEF"], honor=30), seat(daimyo=["DAIMYO_10", "NOH", "WARRIOR_S3"]),
              seat())
    s = G.apply(s, A.Thief(0, "NINJA_THIEF", "NOH", 1, "daimyo", 0, "samurai"))
    assert s.honor[0] == 15
    assert s.house(0, "samurai").cards == ("NOH",) and s.house(1, "daimyo").cards == ("WARRIOR_S3",)


def test_SAM_CLAR_7_warriors_are_not_stealable_by_default_but_castles_are():
    s = table(seat(daimyo=D5, hand=["NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "CASTLE_HIMEJI", "WARRIOR_S3"]), seat())
    refused(s, A.Thief(0, "NINJA_THIEF", "WARRIOR_S3", 1, "daimyo", 0, "samurai"), "SAM-CLAR-7")
    refused(s, A.Thief(0, "NINJA_THIEF", "CASTLE_HIMEJI", 1, "daimyo", 0, "samurai"), "SAM-PLAY-2")
    got = G.apply(s, A.Thief(0, "NINJA_THIEF", "CASTLE_HIMEJI", 1, "daimyo", 0, "daimyo"))
    assert got.house(0, "daimyo").castle == "CASTLE_HIMEJI"
    w = table(seat(daimyo=D5, hand=["NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "CASTLE_HIMEJI", "WARRIOR_S3"]),
              seat(), rules=("STEAL_INCLUDES_WARRIORS", "STEAL_EXCLUDES_CASTLES"))
    assert G.apply(w, A.Thief(0, "NINJA_THIEF", "WARRIOR_S3", 1, "daimyo", 0, "samurai")).house(0, "samurai").cards \
        == ("WARRIOR_S3",)
    refused(w, A.Thief(0, "NINJA_THIEF", "CASTLE_HIMEJI", 1, "daimyo", 0, "daimyo"), "SAM-CLAR-7")


def test_SAM_CLAR_7_a_thief_with_nothing_to_steal_can_only_be_discarded():
    s = table(seat(daimyo=D5, hand=["NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "WARRIOR_S3"]), seat())
    kinds = {type(a).__name__ for a in G.legal_actions(s)}
    assert "Thief" not in kinds and "Discard" in kinds


def test_SAM_CLAR_7_a_theft_moves_the_card_into_a_different_house():
    s = table(seat(daimyo=["DAIMYO_10", "NOH"], hand=["NINJA_THIEF"]), seat(), seat())
    refused(s, A.Thief(0, "NINJA_THIEF", "NOH", 0, "daimyo", 0, "daimyo"), "SAM-CLAR-7")
    assert G.apply(s, A.Thief(0, "NINJA_THIEF", "NOH", 0, "daimyo", 0, "samurai")).house(0, "samurai").cards == ("NOH",)


def test_SAM_EVT_8_elite_thief_steals_twice_or_stops_and_costs_25_either_way():
    s = table(seat(daimyo=D5, hand=["ELITE_NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "NOH", "DAISHO"]), seat())
    s = G.apply(s, A.Thief(0, "ELITE_NINJA_THIEF", "NOH", 1, "daimyo", 0, "daimyo"))
    assert G.decision(s).kind == "second_theft" and s.honor[0] == -25
    refused(s, A.SecondTheft(0, "NOH", 0, "daimyo", 0, "samurai"), "SAM-CLAR-7")    # another card
    two = G.apply(s, A.SecondTheft(0, "DAISHO", 1, "daimyo", 0, "samurai"))
    assert two.house(0, "samurai").cards == ("DAISHO",) and two.house(1, "daimyo").cards == ()
    assert G.decision(two).kind == "card_action"
    one = G.apply(s, A.StopStealing(0))
    assert one.house(1, "daimyo").cards == ("DAISHO",) and one.honor[0] == -25


def test_SAM_CLAR_7_elite_thief_with_one_theft_possible_is_still_legal_and_costs_25():
    s = table(seat(daimyo=D5, hand=["ELITE_NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "NOH"]), seat())
    s = G.apply(s, A.Thief(0, "ELITE_NINJA_THIEF", "NOH", 1, "daimyo", 0, "daimyo"))
    assert G.decision(s).kind == "card_action" and s.honor[0] == -25


def _assassin(target_daimyo, die, rules=(), guards=0, shogun=None, user_daimyo=D5):
    seed = dice_seed([die])
    return table(seat(daimyo=user_daimyo, hand=["NINJA_ASSASSIN"], honor=100),
                 seat(daimyo=target_daimyo + ["BODYGUARD"] * guards, samurai=["NOH"]), seat(),
                 shogun=shogun, rules=rules, seed=seed)


def test_SAM_EVT_9_assassin_succeeds_on_3_and_the_daimyo_house_is_lost():
    s = G.apply(_assassin(["DAIMYO_30", "OKUGATA_10"], 3, shogun=1), A.Assassin(0, 1, "daimyo"))
    assert s.last_die == 3 and s.is_ronin(1) and s.honor[0] == 75
    assert s.shogun_holder is None                                # SAM-CLAR-14: to the centre
    assert s.house(1, "samurai").cards == ("NOH",)


def test_SAM_EVT_2_SAM_EVT_9_assassin_fails_on_2_and_still_costs_25():
    s = G.apply(_assassin(["DAIMYO_30"], 2), A.Assassin(0, 1, "daimyo"))
    assert not s.is_ronin(1) and s.honor[0] == 75


def test_SAM_EVT_6_a_bodyguard_stops_a_4_and_is_discarded_in_every_case():
    s = G.apply(_assassin(["DAIMYO_30"], 4, guards=2), A.Assassin(0, 1, "daimyo"))
    assert not s.is_ronin(1) and s.house(1, "daimyo").cards == ("BODYGUARD",)
    assert s.discard["BODYGUARD"] == 1
    s = G.apply(_assassin(["DAIMYO_30"], 5, guards=1), A.Assassin(0, 1, "daimyo"))
    assert s.is_ronin(1)


def test_SAM_CLAR_8_a_bodyguard_in_the_other_house_does_not_help():
    seed = dice_seed([3])
    s = table(seat(daimyo=D5, hand=["NINJA_ASSASSIN"]), seat(daimyo=["DAIMYO_30"], samurai=["BODYGUARD"]), seat(),
              seed=seed)
    assert G.apply(s, A.Assassin(0, 1, "daimyo")).is_ronin(1)


def test_SAM_EVT_9_assassin_on_a_samurai_discards_that_house_only():
    s = G.apply(_assassin(["DAIMYO_30"], 6), A.Assassin(0, 1, "samurai"))
    assert not s.is_ronin(1) and s.house(1, "samurai").cards == () and s.house(1, "samurai").head == "SAMURAI"


def test_SAM_OPEN_Q7_NINJA_COST_ON_SUCCESS_ONLY():
    failed = G.apply(_assassin(["DAIMYO_30"], 1, rules=("NINJA_COST_ON_SUCCESS_ONLY",)), A.Assassin(0, 1, "daimyo"))
    assert failed.honor[0] == 100
    hit = G.apply(_assassin(["DAIMYO_30"], 6, rules=("NINJA_COST_ON_SUCCESS_ONLY",)), A.Assassin(0, 1, "daimyo"))
    assert hit.honor[0] == 75


def test_SAM_OPEN_Q8_SHOGUN_TO_ASSASSIN_and_to_the_centre_when_the_assassin_is_a_ronin():
    s = G.apply(_assassin(["DAIMYO_30"], 4, rules=("SHOGUN_TO_ASSASSIN",), shogun=1), A.Assassin(0, 1, "daimyo"))
    assert s.shogun_holder == 0
    r = G.apply(_assassin(["DAIMYO_30"], 4, rules=("SHOGUN_TO_ASSASSIN",), shogun=1, user_daimyo=[]),
                A.Assassin(0, 1, "daimyo"))
    assert r.shogun_holder is None                                 # SAM-CLAR-20c


def test_SAM_CLAR_9_takeover_of_the_allys_daimyo_house_costs_50():
    seed = dice_seed([3])
    s = table(seat(hand=["NINJA_ASSASSIN"], samurai=["WARRIOR_S1"], honor=60, ally=1),
              seat(daimyo=["DAIMYO_20", "CASTLE_OSAKA", "NOH"], samurai=["OKUGATA_5"], ally=0), seat(),
              shogun=1, seed=seed)
    s = G.apply(s, A.Assassin(0, 1, "samurai"))
    assert s.honor[0] == 10
    h = s.house(0, "daimyo")
    assert (h.head, sorted(h.cards), h.shogun) == ("DAIMYO_20", ["CASTLE_OSAKA", "NOH"], True)
    assert s.house(0, "samurai").head == "SAMURAI" and s.house(0, "samurai").cards == ("WARRIOR_S1",)
    assert s.is_ronin(1) and s.house(1, "samurai").cards == ()
    assert s.allies == (None, None, None) and s.shogun_holder == 0


def test_SAM_CLAR_9_a_failed_takeover_keeps_the_alliance_and_costs_50():
    seed = dice_seed([2])
    s = table(seat(hand=["NINJA_ASSASSIN"], honor=60, ally=1), seat(daimyo=["DAIMYO_20"], ally=0), seat(), seed=seed)
    s = G.apply(s, A.Assassin(0, 1, "samurai"))
    assert s.honor[0] == 10 and s.allies == (1, 0, None) and not s.is_ronin(1)


def test_SAM_CLAR_13_assassinating_the_allied_daimyo_ends_the_alliance():
    seed = dice_seed([5])
    s = table(seat(daimyo=D5, hand=["NINJA_ASSASSIN"]), seat(ally=2), seat(daimyo=["DAIMYO_20"], ally=1), seed=seed)
    assert G.apply(s, A.Assassin(0, 2, "daimyo")).allies == (None, None, None)
    s = table(seat(daimyo=D5, hand=["NINJA_ASSASSIN"]), seat(ally=2), seat(daimyo=["DAIMYO_20"], ally=1), seed=seed)
    # the Daimyo partner's Samurai house lost: the alliance stays (SAM-CLAR-13)
    assert G.apply(s, A.Assassin(0, 2, "samurai")).allies == (None, 2, 1)
    assert G.apply(s, A.Assassin(0, 1, "samurai")).allies == (None, None, None)


def test_SAM_EVT_1_a_ninja_may_strike_the_users_own_houses():
    s = table(seat(daimyo=["DAIMYO_10", "NOH"], hand=["NINJA_ASSASSIN", "NINJA_THIEF"], honor=100), seat(), seat(),
              seed=dice_seed([3]))
    legal = G.legal_actions(s)
    assert A.Assassin(0, 0, "daimyo") in legal and A.Assassin(0, 0, "samurai") in legal
    assert A.Thief(0, "NINJA_THIEF", "NOH", 0, "daimyo", 0, "samurai") in legal
    moved = G.apply(s, A.Thief(0, "NINJA_THIEF", "NOH", 0, "daimyo", 0, "samurai"))
    assert moved.house(0, "samurai").cards == ("NOH",) and moved.honor[0] == 85
    struck = G.apply(s, A.Assassin(0, 0, "daimyo"))
    assert struck.last_die == 3 and struck.is_ronin(0)


def test_SAM_CLAR_14_the_shogun_card_to_the_centre_after_seppuku_or_assassination_stays_on_takeover_never_stolen():
    # from the centre into the declarer's Daimyo house, at any honor (here 0)
    s = G.apply(table(seat(daimyo=D5), seat(), seat()), A.DeclareShogun(0))
    assert s.shogun_holder == 0 and s.house(0, "daimyo").shogun
    # Seppuku with the holder's Daimyo: back to the centre
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(daimyo=["DAIMYO_20"]), seat(), shogun=1)
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "daimyo"))
    assert s.shogun_holder is None and s[E.SHOGUN_AT] == -1
    assert "SHOGUN" not in s.discard and A.DeclareShogun(0) in G.legal_actions(s)
    # a successful assassination of the holder's Daimyo: back to the centre, not to the assassin
    s = G.apply(_assassin(["DAIMYO_30"], 6, shogun=1), A.Assassin(0, 1, "daimyo"))
    assert s.shogun_holder is None and not s.house(0, "daimyo").shogun
    # takeover: it stays in its house, which is now the user's
    t = table(seat(samurai=["NOH"], hand=["NINJA_ASSASSIN"], ally=1, honor=60),
              seat(daimyo=["DAIMYO_20", "CASTLE_OSAKA"], ally=0), seat(), shogun=1, seed=dice_seed([6]))
    t = G.apply(t, A.Assassin(0, 1, "samurai"))
    assert t.shogun_holder == 0 and t.house(0, "daimyo").head == "DAIMYO_20" and t.house(0, "daimyo").shogun
    assert t.is_ronin(1)
    # it cannot be stolen, discarded or played: no legal action names it
    h = table(seat(daimyo=D5, hand=["NINJA_THIEF", "ELITE_NINJA_THIEF"]), seat(daimyo=["DAIMYO_20", "NOH"]),
              seat(), shogun=1)
    names = [a for a in G.legal_actions(h) if "SHOGUN" in repr(a)]
    assert names == [] and {a.item for a in G.legal_actions(h) if isinstance(a, A.Thief)} == {"NOH"}
    refused(h, A.Discard(0, "SHOGUN"), "SAM-TURN-1")
