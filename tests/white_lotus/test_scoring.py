"""The emperor's victory point (WL-EMPVP-1) and the final scoring (WL-SCORE-1..6).

:func:`lotus_kit.white_lotus.scoring.score` scores any position; the end-to-end tests reach
the end through a final-year position (``final_year: true``, phase 4).
"""

from __future__ import annotations

from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide, TakeReward
from lotus_kit.white_lotus.engine import apply, to_act
from lotus_kit.white_lotus.events import EmperorChanged, EmperorPoint, GameEnded
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.scoring import largest_group, score, winners
from lotus_kit.white_lotus.state import Phase
from tests.white_lotus.helpers import LOTUS, play

FILL = dict(zip(LOTUS, "RFRFRFR", strict=True))


def board(owners: dict, *, players: int = 3, phase: int = 5, emperor: int = 0, **extra):
    """A position whose lotus provinces not in ``owners`` hold neutral chips."""
    neutral = {pid: k for pid, k in FILL.items() if pid not in owners}
    neutral.update(extra.pop("neutral", {}))
    return position({"players": players, "year": 3, "phase": phase, "emperor": emperor, "owners": owners,
                     "neutral": neutral, **extra})


def lines(state) -> dict:
    return {line.seat: line for line in score(state)}


def events_of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


# -- WL-EMPVP-1 --------------------------------------------------------------------------------------

def test_WL_EMPVP_1_the_emperor_takes_one_vp_chip_in_phase_3():
    s = board({"FENG": [2, "P"]}, phase=3, emperor=2, vp_chips={0: 2, 2: 1})
    assert events_of(s, EmperorPoint) == [EmperorPoint(2)]
    assert s.vp_chips == (2, 0, 2)
    assert s.phase > Phase.EMPEROR_POINT


def test_WL_EMPVP_1_the_point_goes_to_whoever_is_emperor_after_phase_2():
    """Seat 1 alone claims a neutral palace; once settled he has more palaces and is emperor."""
    s = board({}, phase=2, emperor=0, neutral={"CHEN": "P"}, markers={"CHEN": [1]})
    (change,) = events_of(s, EmperorChanged)
    assert (change.old, change.new) == (0, 1)
    assert events_of(s, EmperorPoint) == [EmperorPoint(1)]
    assert s.vp_chips == (0, 1, 0)


def test_WL_EMPVP_1_the_point_is_taken_in_the_final_year_too_and_scores_1():
    s = board({"FENG": [1, "V"]}, phase=3, emperor=1, final_year=True)
    assert events_of(s, EmperorPoint) == [EmperorPoint(1)]
    assert s.phase == Phase.GAME_OVER
    assert [(line.vp_chips, line.total) for line in s.scores] == [(0, 0), (1, 1 + 3 + 1), (0, 0)]


# -- WL-SCORE-1..4 -----------------------------------------------------------------------------------

def test_WL_SCORE_1_buildings_are_worth_palace_3_temple_2_others_1():
    s = board({"FENG": [0, "P"], "HENA": [0, "T"], "DATO": [0, "R"], "JINA": [0, "F"], "CHEN": [0, "V"],
               "TIAN": [1, "P"], "LUZH": [2, "V"]})
    got = lines(s)
    assert (got[0].buildings, got[1].buildings, got[2].buildings) == (3 + 2 + 1 + 1 + 1, 3, 1)
    assert got[0].palaces == 1


def test_WL_SCORE_2_the_largest_connected_group_gets_3():
    """Seat 1 owns more provinces (five lone ones), but seat 0's three linked ones form the largest group."""
    s = board({"FENG": [0, "V"], "HENA": [0, "V"], "XIAN": [0, "V"],
               "DATO": [1, "V"], "JINA": [1, "V"], "CHEN": [1, "V"], "TIAN": [1, "V"], "LUZH": [1, "V"]})
    got = lines(s)
    assert (got[0].largest_group, got[1].largest_group, got[2].largest_group) == (3, 1, 0)
    assert (got[0].group_bonus, got[1].group_bonus, got[2].group_bonus) == (3, 0, 0)
    assert (got[0].total, got[1].total) == (3 + 3, 5)


def test_WL_SCORE_2_a_tie_for_the_largest_group_gives_every_tied_player_3():
    s = board({"FENG": [0, "V"], "HENA": [0, "V"], "DATO": [1, "V"], "TAIY": [1, "V"], "CHEN": [2, "V"]})
    got = lines(s)
    assert [got[seat].group_bonus for seat in range(3)] == [3, 3, 0]


def test_WL_SCORE_2_groups_link_only_through_shared_borders():
    """DATO and YANA both border the six-player province NING: only with 6 players can it link them."""
    four = board({"DATO": [0, "V"], "TAIY": [1, "V"], "YANA": [0, "V"]}, players=4)
    assert largest_group(four, 0) == 1
    six = board({"DATO": [0, "V"], "NING": [0, "V"], "YANA": [0, "V"]}, players=6, neutral={"LIAN": "V"})
    assert largest_group(six, 0) == 3


def test_WL_SCORE_3_each_dragon_province_is_worth_2():
    s = board({"TIAN": [0, "V"], "LONG": [0, "R"], "FUZH": [0, "F"], "QUAN": [0, "V"], "GUAN": [1, "V"]})
    got = lines(s)
    assert (got[0].dragons, got[1].dragons, got[2].dragons) == (4, 2, 0)
    assert got[0].total == 4 + 3 + 4                   # buildings, largest group, dragons


def test_WL_SCORE_4_each_vp_chip_is_worth_1():
    s = board({"FENG": [0, "V"]}, vp_chips={1: 5, 2: 2})
    got = lines(s)
    assert [got[seat].vp_chips for seat in range(3)] == [0, 5, 2]
    assert [got[seat].total for seat in range(3)] == [1 + 3, 5, 2]


# -- WL-SCORE-5: the winner ------------------------------------------------------------------------

def test_WL_SCORE_5_the_highest_total_wins():
    s = board({"FENG": [0, "P"], "HENA": [1, "V"]}, emperor=1)
    assert winners(s, score(s)) == ((0,), "")


def test_WL_SCORE_5_a_tie_goes_to_the_emperor_first():
    s = board({"FENG": [0, "P"], "HENA": [2, "P"]}, emperor=2)
    assert lines(s)[0].total == lines(s)[2].total == 6
    won, why = winners(s, score(s))
    assert won == (2,) and "emperor" in why


def test_WL_SCORE_5_without_the_emperor_the_tie_goes_to_the_most_palaces():
    s = board({"FENG": [0, "P"], "HENA": [2, "V"], "XIAN": [2, "V"], "BIAN": [2, "V"]}, emperor=1,
              vp_chips={0: 3})
    assert lines(s)[0].total == lines(s)[2].total == 6
    won, why = winners(s, score(s))
    assert won == (0,) and "palaces" in why


def test_WL_SCORE_5_still_tied_players_share_the_win():
    s = board({"FENG": [0, "V"], "HENA": [2, "V"]}, emperor=1)
    won, why = winners(s, score(s))
    assert won == (0, 2) and "shared" in why


def test_WL_SCORE_5_the_game_ends_with_the_scores_and_winners():
    s = board({"FENG": [0, "P"], "HENA": [1, "T"]}, phase=4, emperor=1, final_year=True)
    assert s.phase == Phase.GAME_OVER
    (ended,) = events_of(s, GameEnded)
    assert ended.scores == s.scores == score(s)
    assert [line.total for line in s.scores] == [3 + 3, 2 + 3, 0]
    assert ended.winners == s.winners == (0,)


# -- WL-SCORE-6 --------------------------------------------------------------------------------------

def test_WL_SCORE_6_vp_chips_are_not_capped():
    s = board({"FENG": [0, "P"]}, phase=3, emperor=0, vp_chips={0: 18})
    assert s.vp_chips[0] == 19                                            # beyond the 18 in the box
    assert lines(s)[0].vp_chips == 19


def test_WL_SCORE_6_the_tie_break_emperor_is_the_one_at_the_end_of_the_last_rebellion():
    """Emperor 0 loses his palace in the last rebellion. Leader 1 and ally 2 then own 2 palaces each
    and tie at 10 points; seat 1, first in the reward order, took the stone (WL-REB-12) and wins.
    With the emperor of the start of phase 4 it would have been a shared win."""
    s = board({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "P"], "JINA": [3, "P"], "BIAN": [2, "P"]},
              players=4, phase=4, emperor=0, final_year=True, vp_chips={2: 4},
              hands={1: {"combat": [3]}, 2: {"combat": [3]}})
    s = apply(s, DeclareRebellion(1, True))
    s = play(s, JoinSide(0, None, ()), JoinSide(1, None, (3,)), JoinSide(2, "rebels", (3,)),
             JoinSide(3, "emperor", ()))
    assert to_act(s) == frozenset({1})
    s = play(s, TakeReward(1, "FENG"), TakeReward(2, "JINA"))
    assert s.phase == Phase.GAME_OVER and s.emperor == 1
    by_seat = {line.seat: line for line in s.scores}
    assert by_seat[1].total == by_seat[2].total == 10
    assert by_seat[1].palaces == by_seat[2].palaces == 2
    assert s.winners == (1,)
    (ended,) = events_of(s, GameEnded)
    assert "emperor" in ended.tie_break
