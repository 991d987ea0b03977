"""Phase 1: claim provinces (WL-PLACE-1..8)."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import Pass, PlaceMarker
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.events import MarkerPlaced, PhaseStarted, PlacementEnded
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.queries import allowance, mandatory
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import Phase

from .helpers import lotus_owned, random_game

# lotus provinces owned by seats 0..2 (no rice fields), and neutral chips around them
OWNERS = lotus_owned((0, 1, 2), "PTFVVVV")
NEUTRAL = {"GONG": "V", "HANZ": "F", "YANA": "T", "TAIY": "V", "BIAN": "R", "XIAN": "V", "KUIZ": "F"}


def claims(owners=OWNERS, neutral=NEUTRAL, emperor=0, players=3, rules=None, year=2):
    return position({"players": players, "year": year, "phase": 1, "emperor": emperor,
                     "owners": owners, "neutral": neutral}, rules)


def with_rice(seat_rice: dict[int, int]) -> dict:
    """OWNERS with some lotus provinces turned into rice fields of the given seats."""
    owners = dict(OWNERS)
    free = iter(["DATO", "JINA", "FENG", "HENA", "CHEN", "LUZH", "TIAN"])
    for seat, n in seat_rice.items():
        for _ in range(n):
            owners[next(free)] = [seat, "R"]
    return owners


def place_all(state, choose=None):
    """Play phase 1 to its end, always placing (the first legal province unless ``choose``).

    Returns the state after phase 1, the seats in the order they placed, and every event.
    """
    turns, events = [], []
    while state.phase == Phase.CLAIMS:
        (seat,) = to_act(state)
        turns.append(seat)
        options = [a for a in legal_actions(state, seat) if isinstance(a, PlaceMarker)]
        action = choose(state, seat, options) if choose else options[0]
        state = apply(state, action)
        events.extend(state.events)
    return state, turns, events


def markers_of(state, seat):
    return sum(1 for m in state.markers if m >> seat & 1)


def rule_of(state, action):
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    return exc.value.rule


# -- WL-PLACE-1 ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_PLACE_1_in_year_one_everyone_places_three(players):
    state = new_game(players, seed=players)
    assert all(allowance(state, s) == 3 for s in range(players))
    end, _, events = place_all(state)
    assert [markers_of(end, s) for s in range(players)] == [3] * players
    ended = [e for e in events if isinstance(e, PlacementEnded)]
    assert {e.seat: e.placed for e in ended} == dict.fromkeys(range(players), 3)


def test_WL_PLACE_1_allowance_is_three_plus_rice_fields_capped_at_five():
    """WL-PLACE-1 with WL-COMP-4: 0, 1, 2 rice fields give 3, 4, 5 markers; 4 rice fields still 5."""
    state = claims(owners=with_rice({1: 1, 2: 2}))
    assert [allowance(state, s) for s in range(3)] == [3, 4, 5]
    end, _, _ = place_all(state)
    assert [markers_of(end, s) for s in range(3)] == [3, 4, 5]
    capped = claims(owners=with_rice({0: 4}))
    assert allowance(capped, 0) == 5 and mandatory(capped, 0) == 3
    end, _, _ = place_all(capped)
    assert markers_of(end, 0) == 5


# -- WL-PLACE-2 ------------------------------------------------------------------------------

def test_WL_PLACE_2_markers_go_only_on_neutral_chips_in_play():
    state = claims()
    targets = {a.province for a in legal_actions(state) if isinstance(a, PlaceMarker)}
    assert targets == set(NEUTRAL)
    assert rule_of(state, PlaceMarker(0, "DATO")) == "WL-PLACE-2"      # owned by seat 0 himself
    assert rule_of(state, PlaceMarker(0, "JINA")) == "WL-PLACE-2"      # owned by seat 1
    assert rule_of(state, PlaceMarker(0, "ZHON")) == "WL-PLACE-2"      # empty
    assert rule_of(state, PlaceMarker(0, "MARS")) == "WL-PLACE-2"      # no such province
    assert rule_of(state, PlaceMarker(0, "NING")) == "WL-SETUP-1"      # out of play with 3


def test_WL_PLACE_2_one_marker_per_player_per_province_but_players_may_share():
    state = claims()
    state = apply(state, PlaceMarker(0, "GONG"))
    state = apply(state, PlaceMarker(1, "GONG"))
    state = apply(state, PlaceMarker(2, "GONG"))
    assert state.markers_on("GONG") == (0, 1, 2)
    assert rule_of(state, PlaceMarker(0, "GONG")) == "WL-PLACE-2"
    assert "GONG" not in {a.province for a in legal_actions(state, 0) if isinstance(a, PlaceMarker)}


# -- WL-PLACE-3 ------------------------------------------------------------------------------

def test_WL_PLACE_3_emperor_places_first_then_clockwise_in_repeated_passes():
    state = new_game(4, seed=5, first_emperor=2)
    _, turns, _ = place_all(state)
    assert turns == [2, 3, 0, 1] * 3


def test_WL_PLACE_3_out_of_turn_placement_is_refused():
    state = claims(emperor=1)
    assert to_act(state) == {1}
    assert rule_of(state, PlaceMarker(0, "GONG")) == "WL-PLACE-3"
    assert legal_actions(state, 0) == []


def test_WL_PLACE_3_players_who_used_their_allowance_are_skipped():
    """Seat 2 (two rice fields) places alone in passes 4 and 5; then phase 2 starts."""
    state = claims(owners=with_rice({2: 2}), emperor=1)
    end, turns, events = place_all(state)
    assert turns == [1, 2, 0] * 3 + [2, 2]
    assert end.phase == Phase.RESOLVE
    assert any(isinstance(e, PhaseStarted) and e.phase == 2 for e in events)


# -- WL-PLACE-4 ------------------------------------------------------------------------------

def test_WL_PLACE_4_the_first_three_markers_are_mandatory():
    state = claims()
    for placed in range(3):
        assert markers_of(state, 0) == placed
        assert Pass(0) not in legal_actions(state, 0)
        assert rule_of(state, Pass(0)) == "WL-PLACE-4"
        for _ in range(3):
            state = apply(state, legal_actions(state)[0])
    assert state.phase == Phase.RESOLVE                # nobody has a rice field: 3 each, done


def test_WL_PLACE_4_rice_field_markers_are_optional_and_passing_ends_placing():
    state = claims(owners=with_rice({0: 2}))
    for _ in range(3):
        assert Pass(0) not in legal_actions(state, 0)
        for _ in range(3):
            state = apply(state, next(a for a in legal_actions(state) if isinstance(a, PlaceMarker)))
    assert to_act(state) == {0} and Pass(0) in legal_actions(state, 0)
    state = apply(state, Pass(0))
    assert markers_of(state, 0) == 3
    ended = [e for e in state.events if isinstance(e, PlacementEnded) and e.seat == 0]
    assert ended and "passes" in ended[0].reason
    assert state.phase == Phase.RESOLVE                # he is not asked again for his 5th


def test_WL_PLACE_4_optional_placement_variant_lets_anyone_pass_at_once():
    rules = RuleSet.from_flags(["WL_OPTIONAL_PLACEMENT"])
    state = claims(rules=rules)
    assert Pass(0) in legal_actions(state, 0)
    state = apply(state, Pass(0))
    assert to_act(state) == {1} and markers_of(state, 0) == 0
    state = apply(state, PlaceMarker(1, "GONG"))
    state = apply(state, Pass(2))
    state = apply(state, Pass(1))
    assert state.owner("GONG") == 1 and state.year == 2 and state.phase == Phase.REBELLION


# -- WL-PLACE-5 ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_PLACE_5_every_year_at_least_one_neutral_province_gains_an_owner(players):
    """Informative: the mandatory markers make phase 2 shrink the neutral chips every year."""
    for seed in range(2):
        states = random_game(players, seed)
        before: dict[int, int] = {}
        after: dict[int, int] = {}
        for s in states:
            for e in s.events:
                if isinstance(e, PhaseStarted) and e.phase == 1:
                    before[e.year] = s.neutral_mask().bit_count() if s.phase == Phase.CLAIMS else -1
                if isinstance(e, PhaseStarted) and e.phase == 3:
                    after[e.year] = s.neutral_mask().bit_count()
        for year, n in before.items():
            if n > 0:
                assert after[year] < n, (players, seed, year)


# -- WL-PLACE-6 ------------------------------------------------------------------------------

def test_WL_PLACE_6_placement_is_public_and_sequential():
    state = claims()
    for seat in (0, 1, 2, 0):
        assert to_act(state) == {seat}                 # one player at a time, no sealed choice
        pid = next(a.province for a in legal_actions(state) if isinstance(a, PlaceMarker))
        state = apply(state, PlaceMarker(seat, pid))
        assert state.events[0] == MarkerPlaced(seat, pid)
        assert seat in state.markers_on(pid)           # visible at once


# -- WL-PLACE-7 ------------------------------------------------------------------------------

FAR = {"SHAN": "V", "LIAO": "F"}          # Liaoyang borders only Shangdu and Dadu: no player chip


def test_WL_PLACE_7_any_neutral_province_is_a_legal_target_in_the_base_game():
    state = claims(neutral=FAR)
    assert {a.province for a in legal_actions(state) if isinstance(a, PlaceMarker)} == {"SHAN", "LIAO"}
    state = apply(state, PlaceMarker(0, "LIAO"))
    assert state.markers_on("LIAO") == (0,)


def test_WL_PLACE_7_designer_rules_restrict_markers_to_provinces_next_to_player_chips():
    """WL_DESIGNER: from turn 2 blocks go only next to a player chip (turn 1: lotus only)."""
    state = claims(neutral=FAR, rules=RuleSet.from_flags(["WL_DESIGNER"]))
    assert {a.province for a in legal_actions(state) if isinstance(a, PlaceMarker)} == {"SHAN"}
    assert rule_of(state, PlaceMarker(0, "LIAO")) == "WL-PLACE-2"
    first = new_game(4, seed=2, rules=RuleSet.from_flags(["WL_DESIGNER"]))
    lotus = {first.board.provinces[i].id for i in first.board.in_play if first.board.lotus_mask >> i & 1}
    assert {a.province for a in legal_actions(first)} == lotus


# -- WL-PLACE-8 ------------------------------------------------------------------------------

def test_WL_PLACE_8_with_few_targets_everyone_places_on_each_and_is_then_skipped():
    state = claims(neutral={"GONG": "V", "HANZ": "F"})
    assert rule_of(state, Pass(0)) == "WL-PLACE-4"
    end, turns, events = place_all(state)
    assert turns == [0, 1, 2, 0, 1, 2]
    assert end.markers_on("GONG") == end.markers_on("HANZ") == (0, 1, 2)
    ended = [e for e in events if isinstance(e, PlacementEnded)]
    assert {e.seat for e in ended} == {0, 1, 2}
    assert all(e.placed == 2 and "WL-PLACE-8" in e.reason for e in ended)
    assert end.phase == Phase.RESOLVE


def test_WL_PLACE_8_a_player_with_no_target_left_is_skipped_while_others_go_on():
    """Seat 1 has two rice fields (allowance 5) but only four neutral provinces exist."""
    neutral = {"GONG": "V", "HANZ": "F", "YANA": "T", "TAIY": "V"}
    state = claims(owners=with_rice({1: 2}), neutral=neutral)
    end, turns, events = place_all(state)
    assert turns == [0, 1, 2] * 3 + [1]
    assert markers_of(end, 1) == 4 and markers_of(end, 0) == markers_of(end, 2) == 3
    reasons = {e.seat: e.reason for e in events if isinstance(e, PlacementEnded)}
    assert "WL-PLACE-8" in reasons[1]
