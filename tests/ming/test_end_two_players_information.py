"""Round end and game end (MING-END-*, MING-CLAR-15/16), the 2-player neutral (MING-TWO-*,
MING-CLAR-14), information (MING-CLAR-17), bounds and accounting (MING-CLAR-3/18) over whole games."""

from __future__ import annotations

import random

import pytest

from lotus_kit.core.errors import IllegalAction, PositionError
from lotus_kit.ming.actions import ChooseReturn, ChooseStart, Pass, PlaceNeutral, PlacePrince
from lotus_kit.ming.engine import apply, decision_bounds, legal_actions, new_game
from lotus_kit.ming.game import MING
from lotus_kit.ming.rules import RuleSet
from tests.ming.helpers import play_random, pos, scoring_position


def _end_of_round(rnd, players, start, scores):
    seats = {x: {"score": sc} for x, sc in enumerate(scores)}
    return apply(scoring_position(players, rnd=rnd, last=start, start_player=start, seats=seats), Pass(start))


def test_MING_END_1_start_player_passes_left_after_each_round():
    s = _end_of_round(3, 3, 2, [0, 0, 0])
    assert s.round == 4 and s.start_player == 0 and s.current_seat == 0


def test_MING_END_2_CLAR_15_four_players_second_ranked_names_start_of_round_5():
    s = _end_of_round(4, 4, 0, [10, 5, 5, 20])
    # ranking ascending, equal points clockwise from the outgoing start player: White (5), Grey (5), Black, Tan
    assert s.phase == "choose_start" and s.to_act_seats == {2}
    assert [a.start for a in legal_actions(s)] == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match=r"MING-CLAR-15"):
        apply(s, ChooseStart(2, 7))
    s = apply(s, ChooseStart(2, 3))
    assert s.round == 5 and s.start_player == 3 and s.phase == "phase1" and s.current_seat == 3


def test_MING_END_2_CLAR_15_four_players_first_ranked_names_start_of_round_6_ties_from_outgoing_start():
    s = _end_of_round(5, 4, 3, [10, 5, 5, 20])
    # equal points 5: clockwise from the outgoing start (Tan, 3): Black(0), White(1), Grey(2) -> White earlier
    assert s.phase == "choose_start" and s.to_act_seats == {1}
    s = apply(s, ChooseStart(1, 1))
    assert s.round == 6 and s.start_player == 1


def test_MING_CLAR_15_three_players_have_no_start_choice():
    s = _end_of_round(4, 3, 0, [10, 5, 5])
    assert s.phase == "phase1" and s.start_player == 1


def test_MING_END_3_CLAR_16_most_points_win_ties_share():
    s = apply(scoring_position(rnd=6, seats={0: {"score": 7}, 1: {"score": 7}, 2: {"score": 3}}), Pass(0))
    assert s.is_over and MING.winners(s) == {0, 1} and s.to_act_seats == frozenset()
    assert MING.legal_actions(s) == []
    with pytest.raises(IllegalAction, match=r"MING-END-3: the game is over"):
        apply(s, Pass(0))


def test_MING_END_3_TIE_MOST_CLOISTER_PIECES_breaks_the_tie():
    districts = {"P3.T": {"cloister": "Black"}}
    for flags, expected in (([], {0, 1}), (["TIE_MOST_CLOISTER_PIECES"], {0})):
        s = scoring_position(rnd=6, seats={1: {"score": 4}}, districts=districts, flags=flags)
        s = apply(s, Pass(0))
        assert s.scores == (4, 4, 0) and MING.winners(s) == expected
    assert MING.winners(new_game(3)) == frozenset()


def test_MING_RND_1_six_rounds_scoring_only_after_2_4_6():
    s = new_game(3, seed=5)
    seen = []
    while not s.is_over:
        if s.phase == "choose_return":
            seen.append(s.round)
        s = apply(s, random.Random(len(seen)).choice(legal_actions(s)))
    assert set(seen) <= {2, 4, 6} and s.round == 6


def test_MING_TWO_1_TWO_2_CLAR_14b_six_neutral_placements_alternating_in_rounds_1_3_5():
    s = new_game(2, seed=1, start_player=1)
    s = apply(apply(s, PlacePrince(1, "P1.T")), PlacePrince(0, "P1.L"))
    order = []
    for _ in range(6):
        order.append(s.current_seat)
        s = apply(s, PlaceNeutral(s.current_seat, "P1.T"))     # princes do not matter
    assert order == [1, 0, 1, 0, 1, 0] and s.open_area("P1.T") == {"Neutral": 6} and s.phase == "phase1"
    assert len(legal_actions(apply(apply(new_game(2, 0, start_player=0), PlacePrince(0, "P1.T")),
                                   PlacePrince(1, "P2.T")))) == 18
    rounds = []
    s = new_game(2, seed=3)
    while not s.is_over:
        if s.phase == "place_neutral" and s.round not in rounds:
            rounds.append(s.round)
        s = apply(s, random.Random(s.round).choice(legal_actions(s)))
    assert rounds == [1, 3, 5]


def test_MING_TWO_3_CLAR_14d_e_neutral_fills_houses_takes_no_tiles_returns_everything_no_bonus():
    s = scoring_position(2, districts={"P1.T": {"open": {"Neutral": 3, "Black": 2}}})
    s = apply(s, Pass(0))
    assert s.houses("P1.T") == {"Neutral": 2, "Black": 1} and s.tile_supply["RED"] == 17
    assert s.to_act_seats == {0}                               # the neutral chooses nothing
    s = apply(s, ChooseReturn(0, 0))
    assert s.scores == (4 + 4, 0)                              # the neutral's 2 do not beat Black for the bonus
    assert s.open_area("P1.T") == {"Neutral": 3, "Black": 1} and s.houses("P1.T") == {}


@pytest.mark.parametrize("flag, houses, open_", [
    ("NEUTRAL_RETURN=NONE", {"Neutral": 2}, {"Neutral": 1, "Black": 1}),
    ("NEUTRAL_RETURN=ONE_PER_CITY", {"Neutral": 1}, {"Neutral": 2, "Black": 1}),
])
def test_MING_TWO_3_CLAR_20e_neutral_return_variants_keep_pieces_in_their_houses(flag, houses, open_):
    s = scoring_position(2, districts={"P1.T": {"open": {"Neutral": 3, "Black": 2}}}, flags=[flag])
    s = apply(apply(s, Pass(0)), ChooseReturn(0, 0))
    assert s.houses("P1.T") == houses and s.open_area("P1.T") == open_


def test_MING_TWO_3_kept_neutral_house_pieces_take_houses_in_the_next_scoring():
    # under NEUTRAL_RETURN=NONE two neutral pieces stayed in the houses of P1.T: one house is free
    districts = {"P1.T": {"open": {"Black": 3}, "houses": {"Neutral": 2}}}
    s = apply(scoring_position(2, rnd=4, districts=districts, flags=["NEUTRAL_RETURN=NONE"]), Pass(0))
    assert s.houses("P1.T") == {"Neutral": 2, "Black": 1} and s.open_area("P1.T") == {"Black": 2}
    assert s.tiles(0)["RED"] == 1
    with pytest.raises(PositionError, match=r"MING-CLAR-20"):
        scoring_position(2, rnd=4, districts=districts)       # under the DEFAULT the neutral keeps none


def test_MING_TWO_4_CLAR_14c_f_neutral_has_no_seat_and_never_a_cloister():
    s = new_game(2, seed=0)
    assert s.to_act_seats <= {0, 1} and len(MING.observation(s, 0)["seats"]) == 2
    with pytest.raises(PositionError, match=r"MING-CLAR-14"):
        pos(2, round=1, phase="phase3", districts={"P1.T": {"cloister": "Neutral"}}, seats={0: {"hand": {"HORSE": 1}}})
    with pytest.raises(PositionError, match=r"no colour 'Neutral' in a 3-player game"):
        pos(3, round=1, phase="phase3", districts={"P1.T": {"open": {"Neutral": 1}}})


def test_MING_CLAR_17_observation_hides_the_supply_order_and_unrevealed_choices_only():
    s = new_game(3, seed=9)
    o = MING.observation(s, 0)
    assert o["seats"][1]["hand"] == {"DRAGON": 1}               # hands are public
    assert "supply" not in o and o["supply_size"] == 48
    rng = random.Random(1)
    s2 = MING.redraw_hidden(s, 0, rng)
    assert s2.data != s.data and MING.observation(s2, 0) == o
    assert s2.display == s.display                             # the display is face up


def test_MING_CLAR_3_CLAR_6_CLAR_18_accounting_and_bounds_over_random_games():
    for players in (2, 3, 4):
        for seed in range(6):
            s = new_game(players, seed)
            rng = random.Random(seed)
            per_round: dict[tuple[int, str], int] = {}
            decisions = 0
            while not s.is_over:
                key = (s.round, s.phase)
                per_round[key] = per_round.get(key, 0) + 1
                s = apply(s, rng.choice(legal_actions(s)))
                decisions += 1
                from lotus_kit.ming.engine import check_invariants
                assert check_invariants(s) == []                 # MING-CLAR-3, MING-CLAR-6
            n = players
            bounds = decision_bounds(n)
            assert bounds == {"phase1": 5 * n, "phase2": 5 * n, "phase3": 6 * n, "deploy": 5 * n,
                              "place_neutral": 6}
            for (rnd, phase), count in per_round.items():
                bound = bounds.get(phase)
                if bound:
                    assert count <= bound, (rnd, phase, count)
                if phase == "phase1":
                    assert count == 5 * n                        # exactly 5n turns
            assert decisions <= 163 * n + 20 + n                 # + n prince placements of the setup


def test_MING_CLAR_3_all_flags_keep_the_accounting():
    flags = ["SET_EXCHANGE_END_OF_PHASE_OPTIONAL", "CITY_BONUS_OVERALL", "CITY_BONUS_NONE_ON_TIE",
             "CITY_BONUS_NOT_ROUND6", "TIE4_FIRST_THREE_IN_TURN_ORDER", "NO_CLOISTER_LOCK",
             "NEUTRAL_RETURN=NONE", "NEUTRAL_RETURN=ONE_PER_CITY", "TIE_MOST_CLOISTER_PIECES"]
    for flag in flags:
        for players in (2, 4):
            play_random(new_game(players, 3, RuleSet.from_flags([flag])), seed=3)
