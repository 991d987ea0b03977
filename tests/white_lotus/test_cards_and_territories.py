"""Phase 5, new cards (WL-CARDS-1..6, worked example E4), and phase 6, new provinces (WL-TERR-1..7).

Phase 6 positions give an explicit ``pool`` (top first) so every draw is known.
Neighbourhoods used below (schematic board, spec 17.2): DATO borders SHAN DADU TAIY ZHEN (and
NING, out of play with 3 to 5 players); LIAO borders only SHAN and DADU.
"""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction, PositionError
from lotus_kit.white_lotus.actions import PlaceChip, PlaceMarker, TakeIncome, TempleDraw
from lotus_kit.white_lotus.board import board_view
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.events import ChipDrawn, ChipPlaced, GameEnded, IncomeTaken, TempleDeclined
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.queries import income
from lotus_kit.white_lotus.state import Phase
from tests.white_lotus.helpers import LOTUS, play

NEUTRAL_LOTUS = {"DATO": "R", "JINA": "F", "FENG": "F", "HENA": "R", "CHEN": "T", "LUZH": "V", "TIAN": "V"}


def events_of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


# -- phase 5 -------------------------------------------------------------------------------------

def income_phase(owners: dict, **extra):
    neutral = {pid: k for pid, k in NEUTRAL_LOTUS.items() if pid not in owners}
    return position({"players": 3, "year": 2, "phase": 5, "emperor": 0, "owners": owners,
                     "neutral": neutral, **extra})


def take_all(state, **choices):
    """Everyone takes income; ``choices`` maps "s<seat>" to a TakeIncome (default: all influence)."""
    for seat in range(state.players):
        state = apply(state, choices.get(f"s{seat}", TakeIncome(seat)))
    return state


def paid(state) -> dict:
    return {e.seat: (e.influence, e.combat) for e in events_of(state, IncomeTaken)}


def test_WL_CARDS_1_everyone_gets_10_influence_and_2_combat():
    s = take_all(income_phase({"FENG": [0, "V"]}))
    assert paid(s) == {0: (10, 2), 1: (10, 2), 2: (10, 2)}
    assert s.hand(2).influence_cards() == (3, 3, 3, 3, 3, 2, 2, 1, 1, 1, 0)
    assert s.hand(2).combat_cards() == (2, 1, 1, 1)
    assert s.phase == Phase.NEW_PROVINCES


def test_WL_CARDS_2_building_income_and_a_choice_per_palace():
    s = income_phase({"FENG": [0, "P"], "HENA": [0, "P"], "CHEN": [0, "T"], "DATO": [0, "R"], "JINA": [0, "F"],
                      "TIAN": [0, "V"]})
    # 10 + 2+2 (palaces) + 3 (temple) + 1 (rice) influence; 2 + 1 (rice) + 2 (fortress) combat; village nothing
    assert [income(s, 0, k) for k in range(3)] == [(18, 5), (16, 6), (14, 7)]
    assert legal_actions(s, 0) == [TakeIncome(0, 0), TakeIncome(0, 1), TakeIncome(0, 2)]
    assert refused(s, TakeIncome(0, 3)).rule == "WL-CARDS-2"
    assert refused(s, TakeIncome(0, -1)).rule == "WL-CARDS-2"
    s = take_all(s, s0=TakeIncome(0, 1))
    assert events_of(s, IncomeTaken)[0] == IncomeTaken(0, 16, 6, 1, 0)
    assert (s.hand(0).influence_total, s.hand(0).combat_total) == (12 + 16, 3 + 6)


def test_WL_CARDS_3_the_player_picks_the_card_values():
    s = take_all(income_phase({"FENG": [0, "V"]}), s1=TakeIncome(1, 0, influence=(2, 2, 2, 2, 2), combat=(1, 1)))
    assert s.hand(1).influence_cards() == (3, 3, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0)
    assert s.hand(1).combat_cards() == (1, 1, 1, 1, 1)
    # the default is largest values first
    assert s.hand(0).influence_cards() == (3, 3, 3, 3, 3, 2, 2, 1, 1, 1, 0)


def test_WL_CARDS_4_there_is_no_hand_limit_and_the_card_count_is_public():
    big = {"influence": [3] * 20 + [2] * 10 + [0], "combat": [3] * 15}
    s = income_phase({"FENG": [0, "V"]}, hands={1: big})
    assert s.hand(1).size == 46
    s = take_all(s)
    assert s.hand(1).size == 46 + 4 + 1
    assert s.hand(1).influence_total == 80 + 10


def test_WL_CARDS_5_no_new_cards_in_the_final_year():
    s = position({"players": 3, "year": 5, "phase": 4, "final_year": True, "owners": {"FENG": [0, "P"]},
                  "neutral": {pid: k for pid, k in NEUTRAL_LOTUS.items() if pid != "FENG"}})
    assert s.phase == Phase.GAME_OVER and events_of(s, GameEnded)
    assert not events_of(s, IncomeTaken)
    assert all(s.hand(seat) == Hand.start() for seat in range(3))


def test_WL_CARDS_6_income_is_paid_in_cards_of_value_1_to_3_adding_up_to_the_total():
    s = income_phase({"FENG": [0, "V"]})
    assert refused(s, TakeIncome(1, 0, influence=(3, 3, 3, 1, 0))).rule == "WL-CARDS-6"   # a 0 card
    assert refused(s, TakeIncome(1, 0, influence=(3, 3, 3))).rule == "WL-CARDS-6"         # 9, not 10
    assert refused(s, TakeIncome(1, 0, influence=(4, 3, 3))).rule == "WL-CARDS-6"         # no 4s
    assert refused(s, TakeIncome(1, 0, combat=(1,))).rule == "WL-CARDS-6"
    s = take_all(s)
    assert all(s.hand(seat).zero == 1 for seat in range(3))                 # one 0 card for the whole game


def test_WL_CARDS_6_a_player_holds_exactly_one_zero_card():
    with pytest.raises(PositionError) as info:
        income_phase({"FENG": [0, "V"]}, hands={1: {"influence": [0, 0, 3]}})
    assert any("WL-CARDS-6" in r for r in info.value.reasons)


def test_E4_worked_example_income():
    """Spec 18, E4 (WL-CARDS): 1 palace, 1 temple, 2 rice fields, 1 fortress, 3 villages gives
    influence 10+3+2 = 15 and combat 2+2+2 = 6, plus the palace: 17 / 6 or 15 / 7."""
    owners = {"FENG": [0, "P"], "HENA": [0, "T"], "DATO": [0, "R"], "JINA": [0, "R"], "CHEN": [0, "F"],
              "TIAN": [0, "V"], "LUZH": [0, "V"], "TAIY": [0, "V"]}
    s = income_phase(owners)
    assert s.buildings(0) == {"P": 1, "T": 1, "R": 2, "F": 1, "V": 3}
    assert (income(s, 0), income(s, 0, palaces_for_combat=1)) == ((17, 6), (15, 7))
    assert paid(take_all(s))[0] == (17, 6)
    assert paid(take_all(s, s0=TakeIncome(0, 1)))[0] == (15, 7)


# -- phase 6 -------------------------------------------------------------------------------------

def territories(pool, owners=None, players=3, emperor=1, **extra):
    owners = owners or {}
    neutral = {pid: k for pid, k in NEUTRAL_LOTUS.items() if pid not in owners}
    neutral.update(extra.pop("neutral", {}))
    return position({"players": players, "year": 2, "phase": 6, "emperor": emperor, "owners": owners,
                     "neutral": neutral, "pool": list(pool), **extra})


def places(state) -> set:
    return {a.province for a in legal_actions(state) if isinstance(a, PlaceChip)}


def test_WL_TERR_1_the_emperor_draws_first_then_clockwise():
    s = territories(["V", "R", "F", "P"])
    assert [(e.seat, e.chip) for e in events_of(s, ChipDrawn)] == [(1, "V")]
    assert refused(s, PlaceChip(0, "SHAN")).rule == "WL-TERR-1"
    s = apply(s, PlaceChip(1, "SHAN"))
    assert [(e.seat, e.chip) for e in events_of(s, ChipDrawn)] == [(2, "R")]
    s = apply(s, PlaceChip(2, "DADU"))
    assert to_act(s) == frozenset({0})
    s = apply(s, PlaceChip(0, "ZHEN"))
    assert s.phase == Phase.CLAIMS and s.year == 3 and s.pool == ("P",)


def test_WL_TERR_2_the_top_chip_is_revealed_then_placed_on_an_empty_province_next_to_a_chip():
    s = territories(["T", "R", "F"])
    assert s.step.drawn == "T" and s.pool == ("R", "F")
    view = board_view(3)
    near_chips = set()
    for pid in NEUTRAL_LOTUS:
        near_chips |= set(view.neighbours(pid))
    assert places(s) == near_chips - set(NEUTRAL_LOTUS)
    e = refused(s, PlaceChip(1, "LIAO"))
    assert e.rule == "WL-TERR-2" and "border" in e.message
    e = refused(s, PlaceChip(1, "DATO"))
    assert e.rule == "WL-TERR-2" and "already holds a chip" in e.message
    s = apply(s, PlaceChip(1, "SHAN"))
    assert events_of(s, ChipPlaced) == [ChipPlaced(1, "SHAN", "T")]
    assert (s.chip("SHAN"), s.owner("SHAN")) == ("T", None)


def test_WL_TERR_3_each_temple_gives_an_extra_draw_on_the_same_turn():
    s = territories(["V", "R", "F", "P"], owners={"FENG": [1, "T"], "HENA": [1, "T"]})
    s = apply(s, PlaceChip(1, "SHAN"))
    assert to_act(s) == frozenset({1}) and legal_actions(s) == [TempleDraw(1, True), TempleDraw(1, False)]
    s = apply(s, TempleDraw(1, True))
    assert [(e.seat, e.chip, e.temple) for e in events_of(s, ChipDrawn)] == [(1, "R", True)]
    s = apply(s, PlaceChip(1, "DADU"))
    s = apply(s, TempleDraw(1, True))
    s = apply(s, PlaceChip(1, "ZHEN"))
    # two temples, two extra chips: now the next player draws
    assert [(e.seat, e.chip, e.temple) for e in events_of(s, ChipDrawn)] == [(2, "P", False)]
    assert (s.chip("SHAN"), s.chip("DADU"), s.chip("ZHEN")) == ("V", "R", "F")


def test_WL_TERR_4_the_base_chip_must_be_placed_temple_chips_are_optional():
    s = territories(["V", "R", "F", "P"], owners={"FENG": [1, "T"]})
    assert all(isinstance(a, PlaceChip) for a in legal_actions(s))          # no way to decline the base chip
    assert refused(s, TempleDraw(1, False)).rule == "WL-TERR-7"
    s = apply(s, PlaceChip(1, "SHAN"))
    s = apply(s, TempleDraw(1, False))
    assert events_of(s, TempleDeclined) == [TempleDeclined(1)]
    assert [(e.seat, e.chip) for e in events_of(s, ChipDrawn)] == [(2, "R")]


def test_WL_TERR_5_the_phase_ends_early_when_the_pool_is_empty():
    s = territories(["V"])
    s = apply(s, PlaceChip(1, "SHAN"))
    assert s.pool == () and s.phase == Phase.CLAIMS and s.year == 3
    assert not events_of(s, ChipDrawn)                                       # seats 2 and 0 draw nothing


def test_WL_TERR_5_the_phase_ends_at_once_when_no_empty_province_is_left():
    view = board_view(3)
    kinds = iter("PPPPTTTTTRRRRRRRFFFFFFFVVVVVVVVVV")
    full = {pid: next(kinds) for pid in view.ids(view.in_play_mask)}
    s = position({"players": 3, "year": 2, "phase": 6, "emperor": 0, "neutral": full, "pool": ["V", "V"]})
    assert s.year == 3 and s.phase == Phase.CLAIMS and s.pool == ("V", "V")


def test_WL_TERR_5_six_player_provinces_never_receive_chips_with_fewer_players():
    s = territories(["V", "R", "F", "P"], players=4, emperor=0)
    assert "NING" in board_view(6).neighbours("DATO")
    assert not places(s) & {"NING", "ETSI", "LIAN", "GANZ", "JIUQ", "SHAZ", "XINI", "LANZ"}
    assert refused(s, PlaceChip(0, "NING")).rule == "WL-SETUP-1"


def test_WL_TERR_6_a_new_chip_is_neutral_and_can_be_claimed_next_year():
    s = territories(["V", "R", "F"], emperor=0)
    s = play(s, PlaceChip(0, "SHAN"), PlaceChip(1, "DADU"), PlaceChip(2, "LIAO"))
    assert s.phase == Phase.CLAIMS and s.year == 3
    assert all(s.owner(pid) is None for pid in ("SHAN", "DADU", "LIAO"))
    assert {PlaceMarker(0, "SHAN"), PlaceMarker(0, "DADU"), PlaceMarker(0, "LIAO")} <= set(legal_actions(s, 0))
    s = apply(s, PlaceMarker(0, "LIAO"))
    assert s.markers_on("LIAO") == (0,)


def test_WL_TERR_7_the_temple_draw_is_decided_before_drawing_and_declining_ends_it():
    s = territories(["V", "R", "F", "P"], owners={"FENG": [1, "T"], "HENA": [1, "T"]})
    s = apply(s, PlaceChip(1, "SHAN"))
    assert s.step.drawn == "" and s.pool == ("R", "F", "P")                 # nothing drawn yet
    e = refused(s, PlaceChip(1, "DADU"))
    assert e.rule == "WL-TERR-7"
    s = apply(s, TempleDraw(1, False))
    # the second temple is not offered again: seat 2 draws the R
    assert [(e.seat, e.chip) for e in events_of(s, ChipDrawn)] == [(2, "R")]


def test_WL_TERR_7_adjacency_counts_chips_placed_earlier_in_the_phase():
    s = territories(["V", "R", "F"], emperor=0)
    assert "LIAO" not in places(s)
    s = apply(s, PlaceChip(0, "SHAN"))
    assert "LIAO" in places(s)                                               # SHAN now holds a chip
    s = apply(s, PlaceChip(1, "LIAO"))
    assert s.chip("LIAO") == "R"


def test_lotus_constant_matches_the_board():
    view = board_view(4)
    assert set(view.ids(view.lotus_mask)) == set(LOTUS)
