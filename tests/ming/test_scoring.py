"""Phase 4 (MING-SCORE-*, MING-CLAR-10..13), checked against the numbers of the rules by hand."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ming.actions import ChooseReturn, ExchangeSets, Pass, SplitReturn
from lotus_kit.ming.engine import apply, district_moves, legal_actions
from lotus_kit.ming.rules import RuleSet
from lotus_kit.ming.state import table
from tests.ming.helpers import scoring_position

T3 = table(3, RuleSet())
T4 = table(4, RuleSet())
T4_TIE = table(4, RuleSet(tie4_first_three=True))


@pytest.mark.parametrize("counts, moved", [
    ([3, 2, 1, 0], [2, 1, 0, 0]),     # §12 test hint 1 (rule-book example)
    ([2, 2, 2, 1], [1, 1, 1, 0]),     # hint 2: three tied most, each 1, the fourth none
    ([2, 1, 2, 0], [1, 0, 1, 0]),     # hint 3: two tied most, one house stays empty
    ([3, 1, 1, 0], [2, 0, 0, 0]),     # one most, several tied second: they get nothing
    ([5, 0, 0, 0], [2, 0, 0, 0]),     # only one player present: 2
    ([1, 0, 0, 0], [1, 0, 0, 0]),     # ... never more than he has
    ([0, 0, 0, 0], [0, 0, 0, 0]),
    ([1, 1, 1, 1], [0, 0, 0, 0]),     # Q5 DEFAULT: four tied most, nobody
])
def test_MING_SCORE_1_CLAR_10_district_majorities(counts, moved):
    assert district_moves(T4, counts, 0) == moved


def test_MING_SCORE_1_TIE4_FIRST_THREE_IN_TURN_ORDER_from_the_start_player():
    assert district_moves(T4_TIE, [2, 2, 2, 2], 2) == [1, 0, 1, 1]


def test_MING_SCORE_2_SCORE_4_SCORE_5_SCORE_6_SCORE_7_a_district_and_its_city_after_round_2():
    s = scoring_position(districts={"P1.T": {"open": {"Black": 3, "White": 2, "Grey": 1}}})
    s = apply(s, Pass(0))
    assert s.phase == "choose_return" and s.to_act_seats == {0, 1} and s.city_being_scored == "P1"
    assert s.houses("P1.T") == {"Black": 2, "White": 1} and s.open_area("P1.T") == {"Black": 1, "White": 1, "Grey": 1}
    assert s.tiles(0)["RED"] == 2 and s.tiles(1)["RED"] == 1 and s.tiles(2)["RED"] == 0   # MING-SCORE-2
    assert [a.value for a in legal_actions(s, 0)] == [0, 1, 2] and [a.value for a in legal_actions(s, 1)] == [0, 1]
    s = apply(apply(s, ChooseReturn(1, 0)), ChooseReturn(0, 0))
    # 2 pieces x 4 + bonus 4 for Black, 1 x 4 for White; the city pieces leave the game
    assert s.scores == (12, 4, 0) and s.houses("P1.T") == {} and (s.boxed(0), s.boxed(1)) == (2, 1)
    assert s.round == 3 and s.phase == "phase1" and s.start_player == 1


def test_MING_SCORE_4_returned_pieces_go_back_to_their_district_and_ties_share_the_bonus():
    s = apply(scoring_position(districts={"P1.T": {"open": {"Black": 3, "White": 2}}}), Pass(0))
    s = apply(apply(s, ChooseReturn(0, 1)), ChooseReturn(1, 0))
    assert s.open_area("P1.T") == {"Black": 2, "White": 1}          # one back to the open area
    assert s.scores == (8, 8, 0)                                    # 1 x 4 + 4 each: tied leaders both (CLAR-12)


def test_MING_SCORE_4_CLAR_11_return_sum_is_capped_at_the_pieces_in_the_city():
    s = apply(scoring_position(districts={"P1.T": {"open": {"Black": 2}}}), Pass(0))
    with pytest.raises(IllegalAction, match=r"MING-SCORE-4: .* returns 0 to 2, not 3"):
        apply(s, ChooseReturn(0, 3))
    with pytest.raises(IllegalAction, match=r"MING-CLAR-11: White has no return-card choice"):
        apply(s, ChooseReturn(1, 0))


def test_MING_CLAR_12_nobody_left_in_the_city_means_no_bonus():
    s = apply(scoring_position(districts={"P1.T": {"open": {"Black": 2}}}), Pass(0))
    s = apply(s, ChooseReturn(0, 2))
    assert s.scores == (0, 0, 0) and s.open_area("P1.T") == {"Black": 2}


def test_MING_CLAR_11_split_asked_only_when_the_pieces_can_come_from_several_houses():
    s = apply(scoring_position(districts={"P1.T": {"open": {"Black": 2}}, "P1.L": {"open": {"Black": 1}}}), Pass(0))
    s = apply(s, ChooseReturn(0, 2))
    assert s.phase == "split_return"
    assert sorted(a.counts for a in legal_actions(s)) == [(1, 1, 0), (2, 0, 0)]
    with pytest.raises(IllegalAction, match=r"MING-CLAR-11"):
        apply(s, SplitReturn(0, (0, 2, 0)))
    s = apply(s, SplitReturn(0, (1, 1, 0)))
    assert s.open_area("P1.T") == {"Black": 1} and s.open_area("P1.L") == {"Black": 1}
    assert s.scores == (8, 0, 0)                                   # 1 piece x 4 + bonus


def test_MING_CLAR_11_choices_are_sealed_until_all_are_in():
    from lotus_kit.ming.game import MING
    s = apply(scoring_position(districts={"P1.T": {"open": {"Black": 3, "White": 2}}}), Pass(0))
    assert MING.decision(s).sealed and MING.decision(s).kind == "choose_return"
    s = apply(s, ChooseReturn(0, 2))
    assert s.to_act_seats == {1}
    assert MING.observation(s, 1)["seats"][0]["return_cards"] == "chosen"
    assert MING.observation(s, 0)["seats"][0]["return_cards"] == 2
    assert MING.observation(s, None)["seats"][0]["return_cards"] == "chosen"
    with pytest.raises(IllegalAction, match=r"MING-CLAR-11: Black has already chosen"):
        apply(s, ChooseReturn(0, 1))


def test_MING_SCORE_3_six_colours_are_exchanged_at_once_for_28_after_round_2():
    tiles = {"YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}
    s = scoring_position(districts={"P1.T": {"open": {"Black": 1}}}, seats={0: {"tiles": tiles, "hand": {"DRAGON": 1}}})
    s = apply(apply(s, Pass(0)), ChooseReturn(0, 0))
    assert s.tiles(0) == dict.fromkeys(s.board.colours, 0)
    assert s.tile_supply == dict.fromkeys(s.board.colours, 18)
    assert s.scores == (28 + 4 + 4, 0, 0)


def test_MING_SCORE_3_set_values_24_after_round_4():
    tiles = {"YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}
    s = scoring_position(rnd=4, districts={"P1.T": {"open": {"Black": 1}}}, seats={0: {"tiles": tiles}})
    s = apply(apply(s, Pass(0)), ChooseReturn(0, 1))
    assert s.scores == (24, 0, 0)


def test_MING_SCORE_3_SET_EXCHANGE_END_OF_PHASE_OPTIONAL_asks_at_the_end():
    tiles = {"YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}
    s = scoring_position(districts={"P1.T": {"open": {"Black": 1}}}, seats={0: {"tiles": tiles}},
                         flags=["SET_EXCHANGE_END_OF_PHASE_OPTIONAL"])
    s = apply(apply(s, Pass(0)), ChooseReturn(0, 0))
    assert s.phase == "exchange_sets" and [a.count for a in legal_actions(s)] == [0, 1]
    assert s.scores == (8, 0, 0)
    kept = apply(s, ExchangeSets(0, 0))
    assert kept.tiles(0)["RED"] == 1 and kept.scores == (8, 0, 0) and kept.round == 3
    done = apply(s, ExchangeSets(0, 1))
    assert done.tiles(0)["RED"] == 0 and done.scores == (36, 0, 0)


def test_MING_CLAR_10_CLAR_20a_a_short_tile_colour_goes_to_the_colour_that_moved_more():
    seats = {0: {"tiles": {"RED": 9}}, 1: {"tiles": {"RED": 8}}}        # one RED tile left in the supply
    s = scoring_position(districts={"P1.T": {"open": {"Black": 1, "White": 3}}}, seats=seats)
    s = apply(s, Pass(0))
    assert s.houses("P1.T") == {"White": 2, "Black": 1}              # the piece enters even without a tile
    assert s.tiles(1)["RED"] == 9 and s.tiles(0)["RED"] == 9 and s.tile_supply["RED"] == 0


def test_MING_CLAR_10_equal_colours_take_tiles_in_seat_order_from_the_start_player():
    seats = {0: {"tiles": {"RED": 9}}, 1: {"tiles": {"RED": 8}}}
    s = scoring_position(districts={"P1.T": {"open": {"Black": 1, "White": 1}}}, seats=seats, start_player=1)
    s = apply(s, Pass(0))
    assert s.tiles(1)["RED"] == 9 and s.tiles(0)["RED"] == 9


def test_MING_CLAR_10_tiles_returned_by_a_set_can_be_taken_again_in_the_same_step():
    seats = {0: {"tiles": {"YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}},
             1: {"tiles": {"RED": 17}}}                             # one RED left
    s = scoring_position(districts={"P1.T": {"open": {"Black": 3}}}, seats=seats)
    s = apply(s, Pass(0))
    assert s.tiles(0)["RED"] == 1 and s.score(0) == 28


def test_MING_SCORE_5_hint_4_three_pieces_after_round_4_score_9_plus_4():
    s = scoring_position(rnd=4, districts={"P2.T": {"open": {"Black": 2}}, "P2.L": {"open": {"Black": 1}}})
    s = apply(apply(s, Pass(0)), ChooseReturn(0, 0))
    assert s.scores == (9 + 4, 0, 0)


@pytest.mark.parametrize("flags, rnd, expected", [
    ([], 2, (8, 8, 0)),                                 # DEFAULT: every tied leader gets 4
    (["CITY_BONUS_NONE_ON_TIE"], 2, (4, 4, 0)),
    ([], 6, (4 + 1, 4 + 1, 0)),                         # round 6: 0 per piece, the bonus is still 4; 1 per tile
    (["CITY_BONUS_NOT_ROUND6"], 6, (1, 1, 0)),
])
def test_MING_SCORE_6_CLAR_12_city_bonus_variants(flags, rnd, expected):
    s = scoring_position(rnd=rnd, districts={"P1.T": {"open": {"Black": 1, "White": 1}}}, flags=flags)
    s = apply(apply(apply(s, Pass(0)), ChooseReturn(0, 0)), ChooseReturn(1, 0))
    assert s.scores == expected


def test_MING_SCORE_6_CITY_BONUS_OVERALL_one_bonus_for_the_most_pieces_in_all_cities():
    districts = {"P1.T": {"open": {"Black": 1, "White": 1}}, "P2.T": {"open": {"Black": 1}}}
    for flags, expected in (([], (16, 8, 0)), (["CITY_BONUS_OVERALL"], (12, 4, 0))):
        s = apply(scoring_position(districts=districts, flags=flags), Pass(0))
        s = apply(apply(s, ChooseReturn(0, 0)), ChooseReturn(1, 0))
        s = apply(s, ChooseReturn(0, 0))
        assert s.scores == expected, flags


def test_MING_SCORE_8_DEP_5_cloister_pieces_score_4_stay_and_never_count_for_majorities():
    s = scoring_position(districts={"P3.T": {"cloister": "Black", "open": {"White": 1}}})
    s = apply(s, Pass(0))
    assert s.houses("P3.T") == {"White": 1}          # White alone in the open area
    s = apply(s, ChooseReturn(1, 0))
    assert s.scores == (4, 8, 0) and s.cloister("P3.T") == "Black"


@pytest.mark.parametrize("tiles, points", [
    ({"RED": 2, "YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1}, 10 + 1),
    ({"RED": 2, "YELLOW": 2, "GREEN": 2, "BLUE": 2, "PURPLE": 2}, 20),
    ({"RED": 3, "YELLOW": 1}, 4),                         # fewer than five colours: 1 per tile only
])
def test_MING_SCORE_9_CLAR_13_final_five_colour_sets_then_one_point_per_tile(tiles, points):
    s = apply(scoring_position(rnd=6, seats={0: {"tiles": tiles}}), Pass(0))
    assert s.is_over and s.scores == (points, 0, 0)


def test_MING_SCORE_9_six_colours_kept_under_the_optional_exchange_form_greedy_five_sets():
    tiles = {"RED": 2, "YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}
    s = apply(scoring_position(rnd=6, seats={0: {"tiles": tiles}}, flags=["SET_EXCHANGE_END_OF_PHASE_OPTIONAL"]),
              Pass(0))
    s = apply(s, ExchangeSets(0, 0))
    # one set of five from the largest counts (RED + four singles), then 2 tiles left: 10 + 2
    assert s.is_over and s.scores == (12, 0, 0)


def test_scoring_breakdown_explains_every_point_of_a_scoring():
    from lotus_kit.ming.engine import explain
    tiles = {"YELLOW": 1, "GREEN": 1, "BLUE": 1, "PURPLE": 1, "ORANGE": 1}
    districts = {"P1.T": {"open": {"Black": 3, "White": 2}}, "P3.T": {"cloister": "Grey"}}
    s = scoring_position(districts=districts, seats={0: {"tiles": tiles}})
    s, events = explain(s, Pass(0))
    assert [e["kind"] for e in events] == ["six_colour_set", "district"]
    assert events[1]["houses"] == {"Black": 2, "White": 1}
    s2, events = explain(apply(s, ChooseReturn(0, 0)), ChooseReturn(1, 0))
    assert [(e["kind"], e.get("seat"), e["points"]) for e in events] == [
        ("city", 0, 8), ("city", 1, 4), ("city_bonus", 0, 4), ("cloister", 2, 4)]
    # every point gained in the step is explained
    gained = [a - b for a, b in zip(s2.scores, apply(s, ChooseReturn(0, 0)).scores, strict=True)]
    assert gained == [sum(e["points"] for e in events if e.get("seat") == x) for x in range(3)]
    assert apply(s, ChooseReturn(0, 0)) is not None and explain.__doc__
