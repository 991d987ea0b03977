"""The emperor (WL-EMP-1..5), worked example E5, and the end of the game (WL-END-1..4)."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import (
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceMarker,
    TakeIncome,
    TakeReward,
)
from lotus_kit.white_lotus.board import board_view
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.events import (
    ChipDrawn,
    EmperorChanged,
    EmperorPoint,
    FinalYear,
    GameEnded,
    NoRebellion,
    PhaseStarted,
    ProvinceChosen,
)
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import Phase

from .helpers import lotus_owned, play, random_game


def rule_of(state, action) -> str:
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    return exc.value.rule


def changes(state) -> list[EmperorChanged]:
    return [e for e in state.events if isinstance(e, EmperorChanged)]


# -- WL-EMP-1 ---------------------------------------------------------------------------------

def test_WL_EMP_1_the_emperor_places_first_in_phase_1_and_phase_6():
    for seat in range(4):
        assert to_act(new_game(4, seed=1, first_emperor=seat)) == {seat}
    s = position({"players": 4, "year": 2, "phase": 6, "emperor": 2, "owners": lotus_owned((0, 1, 2, 3))})
    drawn = [e for e in s.events if isinstance(e, ChipDrawn)]
    assert drawn[0].seat == 2 and to_act(s) == {2}


def test_WL_EMP_1_the_emperor_scores_the_phase_3_victory_point():
    s = position({"players": 4, "year": 2, "phase": 3, "emperor": 1, "owners": lotus_owned((0, 1, 2, 3)),
                  "vp_chips": {1: 2, 3: 1}})
    assert s.vp_chips == (0, 3, 0, 1)
    assert [e for e in s.events if isinstance(e, EmperorPoint)] == [EmperorPoint(1)]


def test_WL_EMP_1_the_emperor_defends_and_is_never_asked_to_lead_the_rebellion():
    owners = lotus_owned((0, 0, 0, 1), "PVVVVRF")          # seat 0: palace and 2 villages
    s = position({"players": 3, "year": 2, "phase": 4, "emperor": 0, "owners": owners})
    assert s.step.ask_order == (1,) and to_act(s) == {1}
    assert rule_of(s, DeclareRebellion(0, True)) == "WL-REB-2"
    s = play(s, DeclareRebellion(1, True))
    assert s.rebel_leader == 1
    assert legal_actions(s, 0)[0].side is None              # his side is fixed: the emperor's


def test_WL_EMP_1_there_is_exactly_one_emperor_through_whole_games():
    for players in (3, 6):
        for state in random_game(players, seed=7):
            assert 0 <= state.emperor < players
            for e in state.events:
                if isinstance(e, EmperorChanged):
                    assert e.new != e.old and e.palaces_new > e.palaces_old


# -- WL-EMP-2 / E5 ----------------------------------------------------------------------------

E5_OWNERS = {"DATO": [0, "P"], "JINA": [1, "P"], "FENG": [2, "R"], "HENA": [3, "F"], "CHEN": [0, "V"],
             "LUZH": [1, "V"], "TIAN": [2, "T"]}


def e5(rules=None):
    return position({"players": 4, "year": 3, "phase": 2, "emperor": 0, "owners": E5_OWNERS,
                     "neutral": {"HANZ": "P", "CHON": "V", "GONG": "F"},
                     "markers": {"HANZ": [1], "CHON": [2, 3], "GONG": [0]}}, rules)


def test_E5_WL_EMP_2_emperor_changes_mid_phase_and_the_new_one_picks_the_next_province():
    """E5: year 3, E and A own one palace each; E resolves a neutral palace province where A is
    alone; A now has 2, becomes emperor at once, picks the next province and breaks later ties."""
    E, A = 0, 1
    s = e5()
    assert to_act(s) == {E}
    s = apply(s, ChooseProvince(E, "HANZ"))
    assert s.owner("HANZ") == A and s.palaces(A) == 2
    assert changes(s) == [EmperorChanged(old=E, new=A, palaces_old=1, palaces_new=2, rule="WL-EMP-2")]
    assert s.emperor == A and to_act(s) == {A}
    assert rule_of(s, ChooseProvince(E, "GONG")) == "WL-CONF-3"
    s = play(s, ChooseProvince(A, "CHON"), Bid(2, 3, ()), Bid(3, 2, ()))
    assert s.conflict.tied == (2, 3) and to_act(s) == {A}
    assert rule_of(s, BreakTie(E, 2)) == "WL-CONF-8"
    s = apply(s, BreakTie(A, 3))
    assert s.owner("CHON") == 2 and s.owner("GONG") == E and s.emperor == A


def test_WL_EMP_2_the_palace_check_runs_after_every_province_not_only_at_the_end():
    s = e5()
    s = apply(s, ChooseProvince(0, "GONG"))                 # nothing changes hands palace-wise
    assert s.emperor == 0 and changes(s) == [] and to_act(s) == {0}
    s = apply(s, ChooseProvince(0, "HANZ"))                 # A's palace: at once, before CHON
    assert s.emperor == 1 and s.conflict is not None
    assert [e.seat for e in s.events if isinstance(e, ProvinceChosen)] == [0, 1]


def test_WL_EMP_2_variant_check_at_end_of_phase_keeps_the_emperor_until_phase_2_is_over():
    rules = RuleSet.from_flags(["WL_EMPEROR_CHECK_END_OF_PHASE"])
    s = apply(e5(rules), ChooseProvince(0, "HANZ"))
    assert s.palaces(1) == 2 and s.emperor == 0 and to_act(s) == {0}
    s = play(s, ChooseProvince(0, "CHON"), Bid(2, 3, ()), Bid(3, 2, ()))
    assert to_act(s) == {0}                                 # the old emperor still breaks ties
    s = apply(s, BreakTie(0, 2))
    (change,) = changes(s)
    assert (change.old, change.new) == (0, 1) and "WL_EMPEROR_CHECK_END_OF_PHASE" in change.rule
    assert s.emperor == 1


NO_PALACE = {"DATO": [2, "T"], "JINA": [3, "R"], "FENG": [0, "F"], "HENA": [1, "V"], "CHEN": [2, "V"],
             "LUZH": [3, "V"], "TIAN": [0, "V"]}


def two_palaces(rules=None):
    return position({"players": 4, "year": 2, "phase": 2, "emperor": 2, "owners": NO_PALACE,
                     "neutral": {"HANZ": "P", "GONG": "P", "CHON": "V"},
                     "markers": {"HANZ": [0], "GONG": [3], "CHON": [1]}}, rules)


def test_WL_EMP_2_variant_tie_for_most_palaces_goes_earliest_clockwise_from_the_emperor():
    """Seats 0 and 3 end phase 2 with one palace each; clockwise from emperor 2, seat 3 is first."""
    s = two_palaces(RuleSet.from_flags(["WL_EMPEROR_CHECK_END_OF_PHASE"]))
    s = play(s, ChooseProvince(2, "HANZ"), ChooseProvince(2, "GONG"))
    (change,) = changes(s)
    assert (change.old, change.new, change.palaces_new) == (2, 3, 1)


def test_WL_EMP_3_as_many_palaces_as_the_emperor_is_not_enough():
    s = two_palaces()
    s = apply(s, ChooseProvince(2, "HANZ"))
    assert s.emperor == 0 and to_act(s) == {0}              # 1 palace against 0
    s = apply(s, ChooseProvince(0, "GONG"))
    assert s.palaces(3) == s.palaces(0) == 1
    assert s.emperor == 0 and changes(s) == []


# -- WL-EMP-4 ---------------------------------------------------------------------------------

REBELS = {"FENG": [0, "P"], "CHEN": [0, "T"], "YANA": [1, "V"], "HENA": [1, "P"], "TIAN": [1, "V"],
          "DATO": [2, "V"], "JINA": [2, "R"], "LUZH": [2, "F"]}


def rebels_win():
    s = position({"players": 3, "year": 2, "phase": 4, "emperor": 0, "owners": REBELS})
    assert s.step.ask_order == (1, 2)
    s = play(s, DeclareRebellion(1, True), JoinSide(0, None, ()), JoinSide(1, None, (1, 1, 1)),
             JoinSide(2, "emperor", ()))
    assert s.step.winner == "rebels" and to_act(s) == {1}
    return s


def test_WL_EMP_4_the_palace_check_also_runs_after_the_rebellion_rewards():
    s = rebels_win()
    assert {a.province for a in legal_actions(s)} == {"FENG", None}
    s = apply(s, TakeReward(1, "FENG"))
    assert s.owner("FENG") == 1 and s.palaces(1) == 2
    (change,) = changes(s)
    assert (change.old, change.new, change.rule) == (0, 1, "WL-REB-12")
    assert s.emperor == 1 and s.phase == Phase.NEW_CARDS


def test_WL_EMP_4_a_rebel_victory_alone_does_not_change_the_emperor():
    s = apply(rebels_win(), TakeReward(1, None))
    assert s.vp_chips[1] == 1 and changes(s) == [] and s.emperor == 0


# -- WL-EMP-5 ---------------------------------------------------------------------------------

YEAR1 = {"DATO": "P", "JINA": "T", "FENG": "R", "HENA": "F", "CHEN": "V", "LUZH": "V", "TIAN": "V"}


def test_WL_EMP_5_the_provisional_emperor_has_every_power_of_the_emperor():
    """Nobody claims the start palace: the first emperor picks, breaks ties and takes the VP."""
    s = position({"players": 4, "year": 1, "phase": 2, "emperor": 2, "neutral": YEAR1, "start_palace": "DATO",
                  "markers": {"JINA": [0, 1], "FENG": [3]}})
    assert to_act(s) == {2}
    s = play(s, ChooseProvince(2, "JINA"), Bid(0, 1, ()), Bid(1, 0, ()))
    assert to_act(s) == {2}
    s = apply(s, BreakTie(2, 1))
    assert s.owner("JINA") == 0 and s.owner("FENG") == 3
    assert [e for e in s.events if isinstance(e, EmperorPoint)] == [EmperorPoint(2)]
    assert s.emperor == 2 and s.chip("DATO") == "P" and s.owner("DATO") is None


def test_WL_EMP_5_palace_first_applies_in_the_first_phase_2_where_the_start_palace_is_claimed():
    owners = {"JINA": [0, "T"], "FENG": [1, "R"], "HENA": [2, "F"], "CHEN": [3, "V"], "LUZH": [0, "V"],
              "TIAN": [1, "V"]}
    s = position({"players": 4, "year": 2, "phase": 2, "emperor": 3, "owners": owners,
                  "neutral": {"DATO": "P", "GONG": "F", "HANZ": "V"}, "start_palace": "DATO",
                  "markers": {"GONG": [0], "HANZ": [1], "DATO": [2]}})
    chosen = [e for e in s.events if isinstance(e, ProvinceChosen)]
    assert chosen == [ProvinceChosen(3, "DATO", (2,), True)]
    assert s.emperor == 2 and to_act(s) == {2}


def test_WL_EMP_5_palace_first_in_a_real_year_one():
    """From new_game: the start palace is resolved before anything the emperor might prefer."""
    s = new_game(3, seed=4, first_emperor=0)
    palace = s.board.provinces[s.start_palace].id
    others = [p for p in ("DATO", "JINA", "FENG", "HENA", "CHEN", "LUZH", "TIAN") if p != palace]
    # seat 1 alone claims the palace; everyone else claims other lotus provinces
    plan = {0: others[0:3], 1: [palace, others[3], others[4]], 2: others[3:6]}
    for k in range(3):
        for seat in (0, 1, 2):
            s = apply(s, PlaceMarker(seat, plan[seat][k]))
    chosen = [e for e in s.events if isinstance(e, ProvinceChosen)]
    assert chosen[0] == ProvinceChosen(0, palace, (1,), True)
    assert s.emperor == 1 and s.owner(palace) == 1


# -- WL-END -----------------------------------------------------------------------------------

def full_board(neutral: str = "GUAN", claimant: int = 1, emperor: int = 0) -> dict:
    """Every base province owned (the emperor holds all four palaces) but ``neutral``."""
    view = board_view(4)
    others = iter("T" * 5 + "R" * 7 + "F" * 7 + "V" * 7)
    owners, palaces = {}, 0
    for k, i in enumerate(pid for pid in view.in_play):
        pid = view.provinces[i].id
        if pid == neutral:
            continue
        seat = k % 4
        if seat == emperor and palaces < 4:
            owners[pid] = [seat, "P"]
            palaces += 1
        else:
            owners[pid] = [seat, next(others)]
    return {"players": 4, "year": 5, "phase": 2, "emperor": emperor, "owners": owners,
            "neutral": {neutral: "V"}, "markers": {neutral: [claimant]}}


def finish_rebellion(s):
    """Everyone asked declines to lead."""
    while s.phase == Phase.REBELLION and s.step is not None and s.rebel_leader is None:
        (seat,) = to_act(s)
        s = apply(s, DeclareRebellion(seat, False))
    return s


def test_WL_END_1_when_every_province_in_play_is_owned_the_year_is_the_last():
    s = position(full_board())
    (final,) = [e for e in s.events if isinstance(e, FinalYear)]
    assert final.year == 5 and "WL-END-1" in final.reason
    assert s.final_year and s.owner("GUAN") == 1
    assert s.neutral_mask() == 0 and s.empty_mask() == 0


def test_WL_END_1_a_neutral_chip_left_unclaimed_means_the_game_goes_on():
    desc = full_board()
    desc["neutral"]["QUAN"] = "V"
    desc["owners"].pop("QUAN")
    s = position(desc)
    assert not s.final_year and not any(isinstance(e, FinalYear) for e in s.events)
    s = finish_rebellion(s)
    assert s.phase == Phase.NEW_CARDS


def test_WL_END_2_the_last_year_plays_phases_3_and_4_then_scores_and_stops():
    """WL-END-2 / WL-YEAR-2: phases 5 and 6 are skipped; the rebellion is still offered."""
    s = position(full_board())
    started = [(e.year, e.phase) for e in s.events if isinstance(e, PhaseStarted)]
    assert started == [(5, 2), (5, 3), (5, 4)]
    assert s.vp_chips[0] == 1 and s.phase == Phase.REBELLION and s.step.ask_order
    s = finish_rebellion(s)
    assert s.is_over and s.phase == Phase.GAME_OVER
    assert not any(isinstance(e, PhaseStarted) for e in s.events)
    assert any(isinstance(e, NoRebellion) for e in s.events)
    (ended,) = [e for e in s.events if isinstance(e, GameEnded)]
    assert ended.scores == s.scores and len(s.scores) == 4 and s.winners == ended.winners
    assert to_act(s) == frozenset() and legal_actions(s) == []
    assert rule_of(s, TakeIncome(0)) == "WL-END-2"
    assert rule_of(s, PlaceMarker(0, "GUAN")) == "WL-END-2"


def test_WL_END_3_the_designer_rules_last_exactly_four_turns():
    """WL-END-3 (informative): the published game's length varies; WL_DESIGNER is fixed at 4."""
    rules = RuleSet.from_flags(["WL_DESIGNER"])
    for players in (3, 6):
        states = random_game(players, seed=2, rules=rules)
        finals = [e for st in states for e in st.events if isinstance(e, FinalYear)]
        assert [e.year for e in finals] == [4] and states[-1].year == 4 and states[-1].is_over
    lengths = {random_game(players, seed=0)[-1].year for players in (3, 4, 5, 6)}
    assert len(lengths) > 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_END_4_on_valid_board_data_the_trigger_is_that_of_WL_END_1(players):
    for seed in range(3):
        states = random_game(players, seed)
        finals = [(st, e) for st in states for e in st.events if isinstance(e, FinalYear)]
        assert len(finals) == 1
        st, e = finals[0]
        assert "WL-END-1" in e.reason
        assert all(st.owners[i] >= 0 for i in st.board.in_play)


def small_board(pool: list[str] | None):
    desc = {"players": 3, "year": 3, "phase": 2, "emperor": 0, "owners": lotus_owned(),
            "neutral": {"GONG": "V"}, "markers": {"GONG": [1]}}
    if pool is not None:
        desc["pool"] = pool
    return position(desc)


def test_WL_END_4_no_neutral_chip_and_an_empty_pool_make_the_year_the_last():
    s = small_board(pool=[])
    (final,) = [e for e in s.events if isinstance(e, FinalYear)]
    assert "WL-END-4" in final.reason and s.final_year
    assert s.empty_mask() != 0                                  # empty provinces that stay empty
    s = finish_rebellion(s)
    assert s.is_over


def test_WL_END_4_no_neutral_chip_but_a_pool_to_draw_from_means_the_game_goes_on():
    s = small_board(pool=None)
    assert not s.final_year and not any(isinstance(e, FinalYear) for e in s.events)
    s = finish_rebellion(s)
    s = play(s, TakeIncome(0), TakeIncome(1), TakeIncome(2))
    assert s.phase == Phase.NEW_PROVINCES and to_act(s) == {0}


def test_WL_END_4_optional_placement_with_nobody_placing_ends_the_game():
    rules = RuleSet.from_flags(["WL_OPTIONAL_PLACEMENT"])
    s = position({"players": 3, "year": 3, "phase": 1, "emperor": 0, "owners": lotus_owned(),
                  "neutral": {"GONG": "V", "HANZ": "F"}}, rules)
    s = play(s, Pass(0), Pass(1), Pass(2))
    (final,) = [e for e in s.events if isinstance(e, FinalYear)]
    assert "WL-END-4" in final.reason and s.final_year
    assert s.chip("GONG") == "V" and s.owner("GONG") is None
    s = finish_rebellion(s)
    assert s.is_over


@pytest.mark.parametrize("flags", [
    ["WL_OPTIONAL_PLACEMENT"], ["WL_NEWTERR_ADJ_OWNED"], ["WL_ENFORCE_CHIP_LIMIT", "WL_FINITE_SUPPLY"],
    ["WL_OPTIONAL_PLACEMENT", "WL_NEWTERR_ADJ_OWNED", "WL_ENFORCE_CHIP_LIMIT", "WL_EMPEROR_CHECK_END_OF_PHASE"],
])
def test_WL_END_4_games_cannot_hang_under_the_variants(flags):
    rules = RuleSet.from_flags(flags)
    for players in (3, 6):
        states = random_game(players, seed=1, rules=rules)
        assert states[-1].is_over
        assert sum(isinstance(e, FinalYear) for st in states for e in st.events) == 1
