"""Setup (WL-SETUP), components (WL-COMP), the year (WL-YEAR) and the board data (WL-BOARD)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from lotus_kit.core.errors import BoardDataError, IllegalAction, LotusKitError, PositionError
from lotus_kit.white_lotus.actions import Bid, ChooseProvince, PlaceMarker, TakeIncome
from lotus_kit.white_lotus.board import (
    BUILDINGS,
    board_view,
    check_board,
    default_board,
    is_connected,
    make_view,
    parse_board,
)
from lotus_kit.white_lotus.engine import MAX_YEARS, apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.events import FinalYear, GameEnded, GameStarted, PhaseStarted
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import Phase

from .helpers import LOTUS, lotus_owned, play, random_game

SPEC_BOARD = Path("/work/shared/rules/white-lotus-board.json")
MIX = {"P": 4, "T": 5, "R": 7, "F": 7, "V": 16}
SIX_ONLY = {"NING", "ETSI", "LIAN", "GANZ", "JIUQ", "SHAZ", "XINI", "LANZ"}


def raw_board() -> dict:
    text = resources.files("lotus_kit.white_lotus.data").joinpath("board.json").read_text("utf-8")
    return json.loads(text)


def prov(raw: dict, pid: str) -> dict:
    return next(p for p in raw["provinces"] if p["id"] == pid)


def add_edge(raw: dict, a: str, b: str) -> None:
    raw["edges"].append([a, b])
    prov(raw, a)["adjacent"].append(b)
    prov(raw, b)["adjacent"].append(a)


def drop_edge(raw: dict, a: str, b: str) -> None:
    raw["edges"] = [e for e in raw["edges"] if set(e) != {a, b}]
    prov(raw, a)["adjacent"].remove(b)
    prov(raw, b)["adjacent"].remove(a)


def refused(raw: dict) -> str:
    """The check named when the data is refused by parse_board or check_board."""
    with pytest.raises(BoardDataError) as exc:
        check_board(parse_board(raw))
    assert str(exc.value).startswith(exc.value.check)
    return exc.value.check


def all_states(players: int, seeds=range(2), rules: RuleSet | None = None):
    for seed in seeds:
        yield from random_game(players, seed, rules)


# ---------------------------------------------------------------------------------------------
# WL-SETUP
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 2, 7, "4", 4.0])
def test_WL_SETUP_1_only_three_to_six_players(players):
    with pytest.raises(LotusKitError, match="WL-SETUP-1"):
        new_game(players, seed=0)


@pytest.mark.parametrize("players,in_play", [(3, 31), (4, 31), (5, 31), (6, 39)])
def test_WL_SETUP_1_six_player_provinces_are_in_play_only_with_six(players, in_play):
    view = board_view(players)
    assert len(view.in_play) == in_play
    ids = {view.provinces[i].id for i in view.in_play}
    assert (ids >= SIX_ONLY) == (players == 6)
    assert not (SIX_ONLY & ids) or players == 6


def test_WL_SETUP_1_out_of_play_provinces_do_not_exist_for_any_rule():
    """A province out of play cannot be claimed, is nobody's neighbour, and gets no start chip."""
    four, six = new_game(4, seed=3), new_game(6, seed=3)
    assert four.chip("LIAN") is None and six.chip("LIAN") is not None        # 6p lotus province
    assert "LIAN" not in {a.province for a in legal_actions(four)}
    assert "LIAN" in {a.province for a in legal_actions(six)}
    with pytest.raises(IllegalAction) as exc:
        apply(four, PlaceMarker(four.emperor, "LIAN"))
    assert exc.value.rule == "WL-SETUP-1"
    assert "NING" not in board_view(4).neighbours("DATO")
    assert "NING" in board_view(6).neighbours("DATO")


def test_WL_SETUP_1_seats_are_clockwise_and_must_exist():
    state = new_game(4, seed=0, first_emperor=2)
    assert state.clockwise_from(2) == (2, 3, 0, 1)
    with pytest.raises(IllegalAction) as exc:
        apply(state, PlaceMarker(4, "CHEN"))
    assert exc.value.rule == "WL-SETUP-1"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_SETUP_2_start_chips_lie_face_up_on_the_lotus_provinces(players):
    view = board_view(players)
    expected = Counter({"P": 1, "T": 1, "R": 1, "F": 1, "V": 4 if players == 6 else 3})
    layouts = set()
    for seed in range(12):
        state = new_game(players, seed)
        lotus = [i for i in view.in_play if view.lotus_mask >> i & 1]
        assert len(lotus) == (8 if players == 6 else 7)
        assert Counter(state.chips[i] for i in lotus) == expected
        assert all(state.owners[i] == -1 for i in lotus)                     # neutral
        assert all(not state.chips[i] for i in view.in_play if i not in lotus)
        assert not any(state.chips[i] for i in range(39) if i not in view.in_play)
        started = next(e for e in state.events if isinstance(e, GameStarted))
        assert dict(started.start_chips) == {view.provinces[i].id: state.chips[i] for i in lotus}
        layouts.add(tuple(state.chips[i] for i in lotus))
        assert state.start_palace == state.chips.index("P")
    assert len(layouts) > 3                                                  # shuffled


@pytest.mark.parametrize("players,size", [(3, 32), (4, 32), (5, 32), (6, 31)])
def test_WL_SETUP_3_the_rest_of_the_mix_is_a_shuffled_hidden_draw_pool(players, size):
    orders = set()
    for seed in range(6):
        state = new_game(players, seed)
        assert len(state.pool) == size
        on_board = Counter(c for c in state.chips if c)
        assert on_board + Counter(state.pool) == Counter(MIX)
        orders.add(state.pool)
    assert len(orders) == 6
    assert new_game(players, 5).pool == new_game(players, 5).pool           # chance lives in the seed


def test_WL_SETUP_4_each_player_gets_markers_hand_and_the_other_colours_dragon_cards():
    """WL-SETUP-4 / WL-COMP-4 / WL-COMP-10: every player has the same materials; his dragon cards
    name exactly the other colours in play (a Bid may name any other participant, never himself
    or an absent colour)."""
    state = new_game(3, seed=1, first_emperor=0)
    assert len(set(state.hands)) == 1
    s = position({"players": 3, "phase": 2, "emperor": 0, "owners": lotus_owned((0, 1, 2), "TRFVVVV"),
                  "neutral": {"GONG": "F"}, "markers": {"GONG": [0, 1, 2]}})
    for seat in range(3):
        assert {a.target for a in legal_actions(s, seat)} == {0, 1, 2} - {seat}
    with pytest.raises(IllegalAction) as exc:                  # colour c4 is not in a 3-player game
        apply(s, Bid(0, 3, ()))
    assert exc.value.rule == "WL-CONF-6"


def test_WL_SETUP_5_starting_hand_is_12_influence_with_a_zero_and_three_combat_ones():
    state = new_game(5, seed=2)
    for seat in range(5):
        hand = state.hand(seat)
        assert hand.influence_cards() == (3, 3, 2, 2, 1, 1, 0)
        assert hand.influence_total == 12
        assert hand.combat_cards() == (1, 1, 1)
    single = new_game(5, seed=2, rules=RuleSet.from_flags(["WL_START_COMBAT_SINGLE"]))
    assert single.hand(0).combat_cards() == (1,)
    assert single.hand(0).influence_cards() == (3, 3, 2, 2, 1, 1, 0)


def test_WL_SETUP_6_first_emperor_is_a_setup_parameter_defaulting_to_a_random_seat():
    for seat in range(4):
        state = new_game(4, seed=9, first_emperor=seat)
        assert state.emperor == seat and to_act(state) == {seat}
        assert next(e for e in state.events if isinstance(e, GameStarted)).first_emperor == seat
    drawn = {new_game(4, seed).emperor for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert new_game(4, 17).emperor == new_game(4, 17).emperor
    for bad in (-1, 4, "0", True):
        with pytest.raises(LotusKitError, match="WL-SETUP-6"):
            new_game(4, seed=0, first_emperor=bad)


def test_WL_SETUP_7_year_one_with_no_vp_no_rebel_and_the_supply_aside():
    state = new_game(4, seed=0)
    assert state.year == 1 and state.phase == Phase.CLAIMS
    assert state.vp_chips == (0, 0, 0, 0)
    assert state.rebel_leader is None
    assert not state.final_year and state.scores == () and state.winners == ()
    assert state.supply is None                                  # WL-COMP-12: unlimited by default


# ---------------------------------------------------------------------------------------------
# WL-COMP
# ---------------------------------------------------------------------------------------------

def test_WL_COMP_1_board_has_39_provinces_31_used_in_every_game():
    data = default_board()
    assert len(data.provinces) == 39
    assert sum(not p.six_player_only for p in data.provinces) == 31


def test_WL_COMP_2_neutral_chip_mix_is_39_chips_P4_T5_R7_F7_V16():
    data = default_board()
    assert data.neutral_mix == MIX and sum(data.neutral_mix.values()) == 39
    for players in (3, 6):
        state = new_game(players, seed=4)
        assert Counter(c for c in state.chips if c) + Counter(state.pool) == Counter(MIX)


def test_WL_COMP_3_player_chips_are_not_limited_by_type_by_default():
    owners = {**lotus_owned((0, 1, 2), "PTRFVVV"), "GONG": [0, "P"], "YANA": [0, "P"]}
    s = position({"players": 3, "year": 3, "owners": owners})
    assert s.palaces(0) == 3 and s.stock is None
    rules = RuleSet.from_flags(["WL_ENFORCE_CHIP_LIMIT"])
    with pytest.raises(PositionError, match="WL_ENFORCE_CHIP_LIMIT"):
        position({"players": 3, "year": 3, "owners": owners}, rules)
    stock = new_game(3, seed=0, rules=rules).stock
    assert stock == ((2, 2, 3, 3, 6),) * 3 and sum(stock[0]) == 16


def test_WL_COMP_4_no_player_has_more_than_five_markers_out():
    """Four rice fields would give 3 + 4 markers; the box holds 5 per colour."""
    owners = {"DATO": [0, "R"], "JINA": [0, "R"], "FENG": [0, "R"], "HENA": [0, "R"],
              "CHEN": [1, "V"], "LUZH": [2, "V"], "TIAN": [1, "V"]}
    neutral = {"TAIY": "V", "ZHEN": "V", "YANA": "F", "BIAN": "F", "XIAN": "T", "KUIZ": "T", "HANZ": "P"}
    s = position({"players": 3, "year": 2, "emperor": 0, "owners": owners, "neutral": neutral})
    from lotus_kit.white_lotus.queries import allowance
    assert s.count(0, "R") == 4 and allowance(s, 0) == 5
    while s.phase == Phase.CLAIMS:
        (seat,) = to_act(s)
        s = apply(s, next(a for a in legal_actions(s, seat) if isinstance(a, PlaceMarker)))
        assert sum(1 for m in s.markers if m >> 0 & 1) <= 5
    assert sum(1 for m in s.markers if m >> 0 & 1) == 5


def test_WL_COMP_5_there_is_always_exactly_one_emperor():
    for state in all_states(4):
        assert type(state.emperor) is int and 0 <= state.emperor < 4


def test_WL_COMP_6_the_rebel_stone_is_out_only_during_the_rebellion():
    seen = False
    for state in all_states(5, seeds=range(3)):
        if state.rebel_leader is not None:
            seen = True
            assert state.phase == Phase.REBELLION and state.rebel_leader != state.emperor
    assert seen


def test_WL_COMP_7_vp_chips_are_not_capped_at_18():
    s = position({"players": 3, "phase": 3, "emperor": 1, "owners": lotus_owned((0, 1, 2), "PTRFVVV"),
                  "vp_chips": {1: 18}})
    assert s.vp_chips[1] == 19


def _conserved(state, players):
    hands = state.hands
    for k, field in enumerate(("inf1", "inf2", "inf3")):
        assert state.supply[k] + sum(getattr(h, field) for h in hands) == 28
    for k, field in enumerate(("com1", "com2", "com3")):
        assert state.supply[3 + k] + sum(getattr(h, field) for h in hands) == 20
    assert all(h.zero == 1 for h in hands)


def test_WL_COMP_8_and_WL_COMP_9_finite_supply_holds_90_influence_and_60_combat_cards():
    """WL-COMP-8: 6 zeros (one per player, never in the supply) and 28 each of 1, 2, 3;
    WL-COMP-9: 20 each of combat 1, 2, 3. Cards are neither created nor lost in a whole game."""
    rules = RuleSet.from_flags(["WL_FINITE_SUPPLY"])
    start = new_game(4, seed=0, rules=rules)
    assert start.supply == (20, 20, 20, 8, 20, 20)
    assert new_game(6, 0, RuleSet.from_flags(["WL_FINITE_SUPPLY", "WL_START_COMBAT_SINGLE"])).supply == (
        16, 16, 16, 14, 20, 20)
    for players in (3, 6):
        for state in all_states(players, seeds=range(2), rules=rules):
            _conserved(state, players)


def test_WL_COMP_10_dragon_cards_name_only_other_participants():
    s = position({"players": 4, "phase": 2, "emperor": 3, "owners": lotus_owned((0, 1, 3), "PTRFVVV"),
                  "neutral": {"GONG": "F"}, "markers": {"GONG": [0, 1]}})
    for target in (0, 2, 3):                     # himself, a non-participant, the emperor
        with pytest.raises(IllegalAction) as exc:
            apply(s, Bid(0, target, (3,)))
        assert exc.value.rule == "WL-CONF-6"
    assert apply(s, Bid(0, 1, (3,))).conflict.bids[0].target == 1


def test_WL_COMP_11_player_aid_values_come_from_the_board_data():
    data = default_board()
    assert data.building_vp == {"P": 3, "T": 2, "R": 1, "F": 1, "V": 1}
    assert data.dragon_bonus == 2 and data.largest_group_bonus == 3
    assert BUILDINGS == ("P", "T", "R", "F", "V")


def test_WL_COMP_12_supply_is_unlimited_by_default_and_finite_under_the_flag():
    hoard = {"influence": [3] * 28 + [2] * 28 + [1] * 28 + [0], "combat": [3] * 20 + [2] * 20 + [1] * 20}
    broke = {"influence": [0]}
    desc = {"players": 3, "phase": 5, "owners": lotus_owned((0, 1, 2), "PTRFVVV"),
            "hands": {0: hoard, 1: broke, 2: broke}}
    s = position(desc)
    assert s.supply is None
    s = play(s, *(TakeIncome(seat) for seat in range(3)))
    assert all(e.lost == 0 for e in s.events if type(e).__name__ == "IncomeTaken")
    assert s.hand(1).influence_total == 10 + 3                    # his temple pays too
    finite = position(desc, RuleSet.from_flags(["WL_FINITE_SUPPLY"]))
    assert finite.supply == (0, 0, 0, 0, 0, 0)
    finite = play(finite, *(TakeIncome(seat) for seat in range(3)))
    lost = [e.lost for e in finite.events if type(e).__name__ == "IncomeTaken"]
    assert lost and all(n > 0 for n in lost)                      # the piles are empty
    assert finite.hand(1).influence_total == 0


# ---------------------------------------------------------------------------------------------
# WL-YEAR
# ---------------------------------------------------------------------------------------------

def _phase_log(states):
    return [(e.year, e.phase) for s in states for e in s.events if isinstance(e, PhaseStarted)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_YEAR_1_every_year_runs_phases_one_to_six_in_order(players):
    states = random_game(players, seed=players)
    log = _phase_log(states)
    last = states[-1].year
    for year in range(1, last + 1):
        phases = [p for y, p in log if y == year]
        assert phases == ([1, 2, 3, 4] if year == last else [1, 2, 3, 4, 5, 6])
    assert [y for y, _ in log] == sorted(y for y, _ in log)


def test_WL_YEAR_1_an_action_of_another_phase_is_refused():
    state = new_game(4, seed=0)
    with pytest.raises(IllegalAction) as exc:
        apply(state, ChooseProvince(state.emperor, "CHEN"))
    assert exc.value.rule == "WL-YEAR-1"
    assert apply(state, legal_actions(state)[0]).phase == Phase.CLAIMS


def test_WL_YEAR_2_the_end_trigger_is_evaluated_after_phase_2_and_the_last_year_skips_5_and_6():
    states = random_game(4, seed=11)
    final = [(i, e) for i, s in enumerate(states) for e in s.events if isinstance(e, FinalYear)]
    assert len(final) == 1
    i, event = final[0]
    assert event.year == states[-1].year
    flat = [e for s in states[i:] for e in s.events]
    after = [(e.year, e.phase) for e in flat[flat.index(event):] if isinstance(e, PhaseStarted)]
    assert after == [(event.year, 3), (event.year, 4)]
    assert states[-1].phase == Phase.GAME_OVER
    assert any(isinstance(e, GameEnded) for e in states[-1].events)
    # before the trigger fires the year was not the last
    assert not any(s.final_year for s in states[:i])


def test_WL_YEAR_3_the_year_counter_goes_up_after_phase_6():
    s = position({"players": 3, "year": 4, "phase": 6, "emperor": 0, "owners": lotus_owned(), "pool": ["V", "V"]})
    assert s.phase == Phase.NEW_PROVINCES and s.year == 4
    while s.phase == Phase.NEW_PROVINCES:
        s = apply(s, legal_actions(s)[0])
    assert s.year == 5 and s.phase == Phase.CLAIMS
    assert any(isinstance(e, PhaseStarted) and (e.year, e.phase) == (5, 1) for e in s.events)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_WL_YEAR_4_games_end_well_within_the_safety_net(players):
    for seed in range(3):
        states = random_game(players, seed)
        assert states[-1].is_over and states[-1].year < MAX_YEARS


def test_WL_YEAR_4_the_safety_net_aborts_with_an_error_after_30_years():
    with pytest.raises(LotusKitError, match="WL-YEAR-4"):
        position({"players": 3, "year": MAX_YEARS + 1, "owners": lotus_owned(), "neutral": {"GONG": "V"}})


# ---------------------------------------------------------------------------------------------
# WL-BOARD: invariants of the shipped data
# ---------------------------------------------------------------------------------------------

def test_WL_BOARD_1_eight_six_player_provinces_in_the_north_west():
    data = default_board()
    six = [p for p in data.provinces if p.six_player_only]
    assert {p.id for p in six} == SIX_ONLY
    base_x = sorted(p.x for p in data.provinces if not p.six_player_only)
    assert all(p.x < base_x[len(base_x) // 2] and p.y <= 35 for p in six)     # west and north


def test_WL_BOARD_2_seven_inland_lotus_provinces_plus_one_in_the_six_player_area():
    data = default_board()
    base_lotus = {p.id for p in data.provinces if p.lotus and not p.six_player_only}
    assert base_lotus == set(LOTUS)
    assert all(not p.coastal for p in data.provinces if p.lotus)
    assert [p.id for p in data.provinces if p.lotus and p.six_player_only] == ["LIAN"]


def test_WL_BOARD_3_three_dragon_provinces_in_the_south_east():
    data = default_board()
    dragons = [p for p in data.provinces if p.dragon]
    assert {p.id for p in dragons} == {"FUZH", "QUAN", "GUAN"}
    assert all(p.coastal and p.y >= 75 and p.x >= 60 for p in dragons)
    assert board_view(3).dragon_mask.bit_count() == 3


def test_WL_BOARD_4_the_game_spreads_from_the_inland_lotus_towards_the_coast():
    """WL-BOARD-4 (informative) and the facts of the schematic board in section 17.2."""
    view = board_view(4)
    lotus = view.lotus_mask
    near = lotus
    for i in range(39):
        if lotus >> i & 1:
            near |= view.adjacency[i]
    two = near
    for i in range(39):
        if near >> i & 1:
            two |= view.adjacency[i]
    assert two == view.in_play_mask                              # every province within 2 steps
    touching = {frozenset((a, b)) for a in LOTUS for b in view.neighbours(a) if b in LOTUS}
    assert touching == {frozenset(("FENG", "HENA"))}
    degrees = [view.adjacency[i].bit_count() for i in view.in_play]
    assert min(degrees) == 2 and max(degrees) == 7
    full = board_view(6)
    links = {(a, b) for a in SIX_ONLY for b in full.neighbours(a) if b not in SIX_ONLY}
    assert links == {("NING", "DATO"), ("NING", "YANA"), ("NING", "GONG"), ("LANZ", "GONG"), ("XINI", "GONG")}


def test_WL_BOARD_5_the_board_is_loaded_from_data_not_hard_coded():
    """The shipped data is the spec's companion file, and another file yields another board."""
    shipped = raw_board()
    if SPEC_BOARD.exists():
        assert json.loads(SPEC_BOARD.read_text("utf-8")) == shipped
    raw = copy.deepcopy(shipped)
    prov(raw, "CHEN")["name"] = "Shu"
    drop_edge(raw, "CHEN", "ZHON")
    data = parse_board(raw)
    check_board(data)
    view = make_view(data, 4)
    assert view.province("CHEN").name == "Shu" and "ZHON" not in view.neighbours("CHEN")
    assert board_view(4).province("CHEN").name == "Chengdu" and "ZHON" in board_view(4).neighbours("CHEN")


def test_WL_BOARD_6_adjacency_is_symmetric_without_self_loops():
    data = default_board()
    adj = {p.id: set(p.adjacent) for p in data.provinces}
    for a, ns in adj.items():
        assert a not in ns
        assert all(a in adj[b] for b in ns)
    assert {frozenset(e) for e in data.edges} == {frozenset((a, b)) for a in adj for b in adj[a]}


def test_WL_BOARD_7_exactly_39_provinces_31_base_and_8_six_player_only():
    data = default_board()
    assert len(data.provinces) == 39
    assert Counter(p.six_player_only for p in data.provinces) == {False: 31, True: 8}


def test_WL_BOARD_8_seven_base_lotus_provinces_and_one_six_player_lotus():
    data = default_board()
    assert sum(p.lotus for p in data.provinces if not p.six_player_only) == 7
    assert sum(p.lotus for p in data.provinces if p.six_player_only) == 1


def test_WL_BOARD_9_exactly_three_dragon_provinces_all_base():
    data = default_board()
    assert sum(p.dragon for p in data.provinces) == 3
    assert not any(p.dragon for p in data.provinces if p.six_player_only)


def test_WL_BOARD_10_base_board_and_full_board_are_connected():
    for players in (3, 6):
        view = board_view(players)
        assert is_connected(view, view.in_play_mask)
    data = default_board()
    assert len(data.edges) == 92
    assert sum(1 for a, b in data.edges if not ({a, b} & SIX_ONLY)) == 72


def test_WL_BOARD_11_the_shipped_graph_is_planar():
    from lotus_kit.white_lotus.board import is_planar
    data = default_board()
    assert is_planar(data)
    assert len(data.edges) <= 3 * len(data.provinces) - 6


def _cycle(n, offset=0):
    return [(offset + k, offset + (k + 1) % n) for k in range(n)]


@pytest.mark.parametrize("name,edges,planar", [
    ("K4", [(a, b) for a in range(4) for b in range(a + 1, 4)], True),
    ("K5", [(a, b) for a in range(5) for b in range(a + 1, 5)], False),
    ("K5 minus an edge", [(a, b) for a in range(5) for b in range(a + 1, 5)][1:], True),
    ("K3,3", [(a, b) for a in range(3) for b in range(3, 6)], False),
    ("K3,3 subdivided", [(a, 10 * a + b) for a in range(3) for b in range(3, 6)]
     + [(10 * a + b, b) for a in range(3) for b in range(3, 6)], False),
    ("wheel of 8", _cycle(8) + [(8, k) for k in range(8)], True),
    ("Petersen", _cycle(5) + [(k, k + 5) for k in range(5)]
     + [(5, 7), (7, 9), (9, 6), (6, 8), (8, 5)], False),
    ("two K4 joined at a vertex", [(a, b) for a in range(4) for b in range(a + 1, 4)]
     + [(a, b) for a in range(3, 7) for b in range(a + 1, 7)], True),
    ("6x6 grid", [((x, y), (x + 1, y)) for x in range(5) for y in range(6)]
     + [((x, y), (x, y + 1)) for x in range(6) for y in range(5)], True),
])
def test_WL_BOARD_11_planarity_is_judged_on_the_graph(name, edges, planar):
    from lotus_kit.white_lotus.board import graph_is_planar
    assert graph_is_planar(edges) is planar, name


def test_WL_BOARD_12_the_shipped_data_lets_every_player_count_end():
    """Start chips = in-play lotus; start types are in the mix; pool >= empty provinces.
    Six players have zero slack: 31 chips for 31 empty provinces."""
    data = default_board()
    for players in (3, 4, 5, 6):
        view = board_view(players)
        start = data.start_chips(players)
        lotus = view.lotus_mask.bit_count()
        assert sum(start.values()) == lotus
        assert all(data.neutral_mix[k] >= n for k, n in start.items())
        pool = sum(data.neutral_mix.values()) - lotus
        empty = len(view.in_play) - lotus
        assert pool - empty == (0 if players == 6 else 8)


def test_WL_BOARD_13_adjacency_of_base_provinces_names_six_player_provinces_that_3_to_5_drop():
    data = default_board()
    listed = {q for p in data.provinces if not p.six_player_only for q in p.adjacent} & SIX_ONLY
    assert listed == {"NING", "LANZ", "XINI"}
    for players in (3, 4, 5):
        view = board_view(players)
        for i in view.in_play:
            assert not (set(view.ids(view.adjacency[i])) & SIX_ONLY)
        assert sorted(view.neighbours("GONG")) == ["CHEN", "FENG", "HANZ", "YANA"]
    assert sorted(board_view(6).neighbours("GONG")) == ["CHEN", "FENG", "HANZ", "LANZ", "NING", "XINI", "YANA"]


def test_WL_BOARD_13_layout_coordinates_are_for_drawing_so_crossing_lines_are_accepted():
    """WL-BOARD-11/13: planarity is a property of the graph. Moving Liaoyang's drawing seat to the
    far south-west makes its two border lines cross many others, but the graph is unchanged and
    still planar, so the data must be accepted (the engine used to refuse it: a fixed bug)."""
    raw = raw_board()
    prov(raw, "LIAO")["x"], prov(raw, "LIAO")["y"] = 2, 95
    check_board(parse_board(raw))


# ---------------------------------------------------------------------------------------------
# WL-BOARD: broken data is refused, naming the check
# ---------------------------------------------------------------------------------------------

def test_WL_BOARD_6_refuses_asymmetric_adjacency():
    raw = raw_board()
    prov(raw, "CHEN")["adjacent"].remove("ZHON")
    assert refused(raw) == "WL-BOARD-6"


def test_WL_BOARD_6_refuses_self_loops():
    raw = raw_board()
    add_edge(raw, "CHEN", "CHEN")
    assert refused(raw) == "WL-BOARD-6"
    raw = raw_board()
    prov(raw, "CHEN")["adjacent"].append("CHEN")
    assert refused(raw) == "WL-BOARD-6"


def test_WL_BOARD_6_refuses_edges_and_neighbour_lists_that_differ_or_name_unknown_provinces():
    raw = raw_board()
    raw["edges"] = [e for e in raw["edges"] if set(e) != {"CHEN", "ZHON"}]
    assert refused(raw) == "WL-BOARD-6"
    raw = raw_board()
    raw["edges"].append(["CHEN", "ATLANTIS"])
    assert refused(raw) == "WL-BOARD-6"
    raw = raw_board()
    raw["edges"].append(["ZHON", "CHEN"])                       # duplicate edge
    assert refused(raw) == "WL-BOARD-6"


def test_WL_BOARD_7_refuses_wrong_province_counts():
    raw = raw_board()
    prov(raw, "LIAO")["part"] = "six_player_only"                  # 30 base + 9
    assert refused(raw) == "WL-BOARD-7"
    raw = raw_board()
    for q in list(prov(raw, "LIAO")["adjacent"]):
        drop_edge(raw, "LIAO", q)
    raw["provinces"] = [p for p in raw["provinces"] if p["id"] != "LIAO"]
    assert refused(raw) == "WL-BOARD-7"
    raw = raw_board()
    prov(raw, "SHAZ")["id"] = "JIUQ"                               # duplicate id
    assert refused(raw) == "WL-BOARD-7"


def test_WL_BOARD_8_refuses_wrong_lotus_counts():
    raw = raw_board()
    prov(raw, "ZHON")["lotus"] = True
    assert refused(raw) == "WL-BOARD-8"
    raw = raw_board()
    prov(raw, "LIAN")["lotus"] = False
    assert refused(raw) == "WL-BOARD-8"


def test_WL_BOARD_9_refuses_wrong_dragons():
    raw = raw_board()
    prov(raw, "HANG")["dragon"] = True
    assert refused(raw) == "WL-BOARD-9"
    raw = raw_board()
    prov(raw, "GUAN")["dragon"] = False
    prov(raw, "SHAZ")["dragon"] = True                              # a dragon in the 6-player part
    assert refused(raw) == "WL-BOARD-9"


def test_WL_BOARD_10_refuses_a_disconnected_board():
    raw = raw_board()
    for q in list(prov(raw, "LIAO")["adjacent"]):
        drop_edge(raw, "LIAO", q)
    assert refused(raw) == "WL-BOARD-10"
    raw = raw_board()                                               # cut the north-west off the base
    for a, b in [("NING", "DATO"), ("NING", "YANA"), ("NING", "GONG"), ("LANZ", "GONG"), ("XINI", "GONG")]:
        drop_edge(raw, a, b)
    data = parse_board(raw)
    assert is_connected(make_view(data, 3), make_view(data, 3).in_play_mask)
    assert refused(raw) == "WL-BOARD-10"


def test_WL_BOARD_11_refuses_a_non_planar_graph():
    """Liaoyang, Shangdu, Dadu, Datong and Zhending become a K5 (95 edges: under the Euler bound)."""
    raw = raw_board()
    for a, b in [("LIAO", "DATO"), ("LIAO", "ZHEN"), ("SHAN", "ZHEN")]:
        add_edge(raw, a, b)
    assert len(raw["edges"]) <= 3 * 39 - 6
    assert refused(raw) == "WL-BOARD-11"


def test_WL_BOARD_11_refuses_a_K33_hidden_in_a_sparse_board():
    """Three provinces each bordering the same three far-away provinces: a K3,3."""
    raw = raw_board()
    for a in ("LIAO", "YIDU", "SHAZ"):
        for b in ("ZHON", "FUZH", "GANZ"):
            if b not in prov(raw, a)["adjacent"]:
                add_edge(raw, a, b)
    assert refused(raw) == "WL-BOARD-11"


def test_WL_BOARD_12_refuses_start_chips_that_do_not_match_the_lotus_provinces():
    raw = raw_board()
    raw["parameters"]["start_chips_3_to_5_players"]["V"] = 4
    assert refused(raw) == "WL-BOARD-12"


def test_WL_BOARD_12_refuses_start_chips_missing_from_the_mix():
    raw = raw_board()
    raw["parameters"]["neutral_chip_mix_RECON"]["P"] = 0
    raw["parameters"]["neutral_chip_mix_RECON"]["V"] += 4
    assert refused(raw) == "WL-BOARD-12"


def test_WL_BOARD_12_refuses_a_pool_too_small_to_fill_the_board():
    """With six players the schematic board has no slack: one chip fewer and the game could hang."""
    raw = raw_board()
    raw["parameters"]["neutral_chip_mix_RECON"]["V"] = 15
    with pytest.raises(BoardDataError) as exc:
        check_board(parse_board(raw))
    assert exc.value.check == "WL-BOARD-12" and "6 players" in exc.value.message
