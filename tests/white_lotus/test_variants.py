"""The variant flags of spec section 15 and their procedures (WL-VAR-1, WL-VAR-2).

Every flag is tested against the DEFAULT rules on the same position, so each test shows the
difference the flag makes.
"""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import (
    Bid,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
)
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.events import (
    ConflictRound,
    EmperorChanged,
    FinalYear,
    IncomeTaken,
    PlacementEnded,
    RebellionResolved,
    RewardTaken,
    TilesLaidOut,
)
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.queries import allowance, mandatory
from lotus_kit.white_lotus.rules import FLAGS, RuleSet
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.state import Phase
from tests.white_lotus.helpers import LOTUS, play, random_game

DEFAULT = RuleSet()
FILL = dict(zip(LOTUS, "RFRFRFR", strict=True))


def flag(name: str) -> RuleSet:
    return RuleSet.from_flags([name])


def pos(owners: dict, rules: RuleSet = DEFAULT, *, players: int = 4, phase: int = 4, emperor: int = 0, **extra):
    neutral = {pid: k for pid, k in FILL.items() if pid not in owners}
    neutral.update(extra.pop("neutral", {}))
    return position({"players": players, "year": 2, "phase": phase, "emperor": emperor, "owners": owners,
                     "neutral": neutral, **extra}, rules)


def events_of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


def fight(state, leader: int, commits: dict):
    """``leader`` leads (others asked first decline), then the sealed commitments {seat: (side, cards)}."""
    while True:
        (seat,) = to_act(state)
        state = apply(state, DeclareRebellion(seat, seat == leader))
        if seat == leader:
            break
    for seat, (side, cards) in commits.items():
        state = apply(state, JoinSide(seat, side, tuple(cards)))
    return state


def test_every_flag_of_section_15_is_known_and_off_by_default():
    assert list(FLAGS) == ["WL_START_COMBAT_SINGLE", "WL_LOSER_KEEPS_FLOOR_HALF", "WL_REWARD_NO_ADJACENCY",
                           "WL_REWARD_REQUIRES_COMBAT", "WL_NEWTERR_ADJ_OWNED", "WL_EMPEROR_CHECK_END_OF_PHASE",
                           "WL_CHAIN_TIE_NONE", "WL_OPTIONAL_PLACEMENT", "WL_FINITE_SUPPLY",
                           "WL_ENFORCE_CHIP_LIMIT", "WL_DESIGNER"]
    assert DEFAULT.flags() == ()
    assert all(flag(name).flags() == (name,) for name in FLAGS)


# -- WL_START_COMBAT_SINGLE ------------------------------------------------------------------------

def test_WL_START_COMBAT_SINGLE_one_combat_card_instead_of_three():
    assert new_game(4, 7).hand(2).combat_cards() == (1, 1, 1)
    single = new_game(4, 7, flag("WL_START_COMBAT_SINGLE"))
    assert all(single.hand(seat).combat_cards() == (1,) for seat in range(4))
    assert single.hand(0).influence_cards() == (3, 3, 2, 2, 1, 1, 0)


# -- WL_LOSER_KEEPS_FLOOR_HALF ---------------------------------------------------------------------

def conflict(rules: RuleSet):
    """Seats 1 and 2 claim CHEN, the only claimed province: the conflict starts at once."""
    return pos({}, rules, players=3, phase=2, neutral={"CHEN": "T"}, markers={"CHEN": [1, 2]})


def test_WL_LOSER_KEEPS_FLOOR_HALF_the_loser_gets_floor_half_back():
    """Seat 1 commits 3 and is knocked out: he gets back 3 - 1 = 2 by default, 1 under the flag."""
    bids = (Bid(1, 2, (3,)), Bid(2, 1, (2, 2)))
    s = play(conflict(DEFAULT), *bids)
    assert events_of(s, ConflictRound)[0].refund == 2
    assert to_act(s) == frozenset({1})                   # two ways to take 2: his choice
    s = apply(s, TakeRefund(1, (2,)))
    assert s.hand(1).influence_total == 12 - 3 + 2

    v = play(conflict(flag("WL_LOSER_KEEPS_FLOOR_HALF")), *bids)
    assert events_of(v, ConflictRound)[0].refund == 1
    assert v.owner("CHEN") == 2
    assert v.hand(1).influence_total == 12 - 3 + 1


def test_WL_LOSER_KEEPS_FLOOR_HALF_losing_with_a_single_1_costs_a_card():
    bids = (Bid(1, 2, (1,)), Bid(2, 1, (2,)))
    assert play(conflict(DEFAULT), *bids).hand(1).influence_total == 12          # K = 1: nothing lost
    assert play(conflict(flag("WL_LOSER_KEEPS_FLOOR_HALF")), *bids).hand(1).influence_total == 11


# -- WL_REWARD_NO_ADJACENCY / WL_REWARD_REQUIRES_COMBAT ----------------------------------------------

COMBAT = {seat: {"combat": [3, 2, 1]} for seat in range(4)}


def test_WL_REWARD_NO_ADJACENCY_a_winner_may_take_a_province_anywhere():
    owners = {"FENG": [0, "P"], "TIAN": [1, "V"]}             # not neighbours
    commits = {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())}
    s = fight(pos(owners, hands=COMBAT), 1, commits)
    assert [(e.seat, e.province) for e in events_of(s, RewardTaken)] == [(0, None), (2, None), (3, None)]
    assert s.owner("TIAN") == 1

    v = fight(pos(owners, flag("WL_REWARD_NO_ADJACENCY"), hands=COMBAT), 1, commits)
    assert {a.province for a in legal_actions(v, 0)} == {"TIAN", None}
    v = apply(v, TakeReward(0, "TIAN"))
    assert v.owner("TIAN") == 0


def test_WL_REWARD_REQUIRES_COMBAT_allies_who_committed_nothing_get_no_reward():
    owners = {"CHEN": [0, "P"], "TIAN": [1, "V"]}             # nobody can take a province: VP chips
    commits = {0: (None, (1,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", (2,))}
    s = fight(pos(owners, hands=COMBAT), 1, commits)
    assert events_of(s, RebellionResolved)[0].reward_order == (0, 3, 2)
    assert s.vp_chips == (1, 0, 1, 1)

    v = fight(pos(owners, flag("WL_REWARD_REQUIRES_COMBAT"), hands=COMBAT), 1, commits)
    assert events_of(v, RebellionResolved)[0].reward_order == (0, 3)
    assert v.vp_chips == (1, 0, 0, 1)


# -- WL_NEWTERR_ADJ_OWNED ------------------------------------------------------------------------------

def test_WL_NEWTERR_ADJ_OWNED_a_new_chip_must_border_an_owned_province():
    """SHAN borders only the neutral DATO; XIAN borders seat 0's FENG."""
    args = ({"FENG": [0, "V"]},)
    kw = {"players": 3, "phase": 6, "pool": ["V", "R", "F"]}
    s = pos(*args, **kw)
    assert {"SHAN", "XIAN"} <= {a.province for a in legal_actions(s)}
    s = apply(s, PlaceChip(0, "SHAN"))
    assert s.chip("SHAN") == "V"

    v = pos(*args, flag("WL_NEWTERR_ADJ_OWNED"), **kw)
    assert {a.province for a in legal_actions(v)} == {"YANA", "GONG", "HANZ", "KUIZ", "XIAN"}
    e = refused(v, PlaceChip(0, "SHAN"))
    assert e.rule == "WL-TERR-2" and "owns" in e.message


# -- WL_EMPEROR_CHECK_END_OF_PHASE ---------------------------------------------------------------------

def claims_of_palaces(rules: RuleSet):
    """Emperor 0 owns no palace; seat 1 claims the palace CHEN, seat 3 the palace TIAN, seat 2 DATO."""
    return pos({}, rules, phase=2, neutral={"CHEN": "P", "TIAN": "P"},
               markers={"CHEN": [1], "TIAN": [3], "DATO": [2]})


def test_WL_EMPEROR_CHECK_END_OF_PHASE_the_stone_moves_only_after_phase_2():
    s = apply(claims_of_palaces(DEFAULT), ChooseProvince(0, "CHEN"))
    assert s.emperor == 1 and to_act(s) == frozenset({1})         # WL-EMP-2: at once, he picks next
    s = apply(s, ChooseProvince(1, "TIAN"))
    assert s.emperor == 1                                         # seat 3 only equals him

    v = apply(claims_of_palaces(flag("WL_EMPEROR_CHECK_END_OF_PHASE")), ChooseProvince(0, "CHEN"))
    assert v.emperor == 0 and to_act(v) == frozenset({0})         # the old emperor keeps picking
    v = apply(v, ChooseProvince(0, "TIAN"))                       # DATO then goes by itself
    assert v.phase > Phase.RESOLVE
    # seats 1 and 3 tie on 1 palace: the earliest clockwise from the emperor takes the stone
    (change,) = events_of(v, EmperorChanged)
    assert (change.old, change.new) == (0, 1)
    assert v.vp_chips[1] == 1


def test_WL_EMPEROR_CHECK_END_OF_PHASE_ties_go_clockwise_from_the_emperor():
    v = position({"players": 4, "year": 2, "phase": 2, "emperor": 2, "owners": {},
                  "neutral": {**FILL, "CHEN": "P", "TIAN": "P"}, "markers": {"CHEN": [1], "TIAN": [3]}},
                 flag("WL_EMPEROR_CHECK_END_OF_PHASE"))
    v = apply(v, ChooseProvince(2, "CHEN"))
    assert v.emperor == 3                                          # 3 is next after 2, then 0, then 1


# -- WL_CHAIN_TIE_NONE ---------------------------------------------------------------------------------

def test_WL_CHAIN_TIE_NONE_a_tie_for_the_largest_group_gives_nobody_the_bonus():
    tied = {"FENG": [0, "V"], "HENA": [0, "V"], "DATO": [1, "V"], "TAIY": [1, "V"]}
    assert [line.group_bonus for line in score(pos(tied, players=3, phase=5))] == [3, 3, 0]
    v = pos(tied, flag("WL_CHAIN_TIE_NONE"), players=3, phase=5)
    assert [line.group_bonus for line in score(v)] == [0, 0, 0]
    alone = {**tied, "XIAN": [0, "V"]}
    assert [line.group_bonus for line in score(pos(alone, flag("WL_CHAIN_TIE_NONE"), players=3, phase=5))] == [
        3, 0, 0]


# -- WL_OPTIONAL_PLACEMENT -----------------------------------------------------------------------------

def test_WL_OPTIONAL_PLACEMENT_every_marker_is_optional():
    s = new_game(3, 5, first_emperor=0)
    assert Pass(0) not in legal_actions(s)
    assert refused(s, Pass(0)).rule == "WL-PLACE-4"

    v = new_game(3, 5, flag("WL_OPTIONAL_PLACEMENT"), first_emperor=0)
    assert Pass(0) in legal_actions(v)
    v = play(v, Pass(0), PlaceMarker(1, "CHEN"), Pass(2), Pass(1))
    assert v.markers_on("CHEN") == () and v.owner("CHEN") == 1
    assert v.phase > Phase.RESOLVE


def test_WL_OPTIONAL_PLACEMENT_a_year_with_no_marker_at_all_is_the_last():
    """WL-END-4: a phase 1 without a marker while neutral provinces exist ends the game that year."""
    v = play(new_game(3, 5, flag("WL_OPTIONAL_PLACEMENT"), first_emperor=0), Pass(0), Pass(1), Pass(2))
    (last,) = events_of(v, FinalYear)
    assert last.year == 1 and "WL-END-4" in last.reason
    assert v.phase == Phase.GAME_OVER and v.vp_chips == (1, 0, 0)


# -- WL_FINITE_SUPPLY ----------------------------------------------------------------------------------

HOARD = {1: {"influence": [3] * 24 + [2] * 24 + [1] * 23 + [0], "combat": []}}   # leaves one 1 in the supply


def test_WL_FINITE_SUPPLY_income_is_paid_from_what_is_left_and_a_shortfall_is_lost():
    s = play(pos({"FENG": [0, "V"]}, players=3, phase=5, hands=HOARD), TakeIncome(0), TakeIncome(1), TakeIncome(2))
    assert [(e.influence, e.lost) for e in events_of(s, IncomeTaken)] == [(10, 0), (10, 0), (10, 0)]

    v = pos({"FENG": [0, "V"]}, flag("WL_FINITE_SUPPLY"), players=3, phase=5, hands=HOARD)
    assert v.supply == (1, 0, 0, 20 - 6, 20, 20)
    assert refused(v, TakeIncome(0, 0, influence=(2, 2, 2, 2, 2))).rule == "WL-CARDS-6"
    v = play(v, TakeIncome(0), TakeIncome(1), TakeIncome(2))
    # the emperor (seat 0) is paid first and gets the last 1; the others get no influence
    assert [(e.seat, e.influence, e.combat, e.lost) for e in events_of(v, IncomeTaken)] == [
        (0, 1, 2, 9), (1, 0, 2, 10), (2, 0, 2, 10)]
    assert v.supply[:3] == (0, 0, 0)


def test_WL_FINITE_SUPPLY_income_is_paid_in_full_whenever_the_supply_can_make_the_total():
    """Rule question settled (WL-CARDS-6): "largest first" picks the values, but a player is not
    made to lose points the supply could pay. With no 1s left, 10 influence is paid 3+3+2+2,
    not 3+3+3 with 1 lost, just as a refund is exactly K whenever the supply allows (WL-CONF-13)."""
    hoard = {1: {"influence": [1] * 24 + [2] * 4 + [0], "combat": []}}
    v = pos({"FENG": [0, "V"]}, flag("WL_FINITE_SUPPLY"), players=3, phase=5, hands=hoard)
    assert v.supply[:3] == (0, 20, 24)
    v = play(v, TakeIncome(0), TakeIncome(1), TakeIncome(2))
    assert [(e.influence, e.lost) for e in events_of(v, IncomeTaken)] == [(10, 0), (10, 0), (10, 0)]
    assert v.hand(0).influence_cards() == (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 0)


def test_WL_FINITE_SUPPLY_combat_discards_return_to_the_supply():
    hands = {0: {"combat": [3]}, 1: {"combat": [2, 1]}}
    v = pos({"FENG": [0, "P"], "HENA": [1, "V"]}, flag("WL_FINITE_SUPPLY"), hands=hands)
    before = v.supply
    v = fight(v, 1, {0: (None, (3,)), 1: (None, (2, 1)), 2: ("emperor", ()), 3: ("emperor", ())})
    assert v.supply[3:] == (before[3] + 1, before[4] + 1, before[5] + 1)
    assert pos({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=hands).supply is None      # unlimited by default


# -- WL_ENFORCE_CHIP_LIMIT / WL-VAR-1 ------------------------------------------------------------------

def test_WL_ENFORCE_CHIP_LIMIT_WL_VAR_1_no_marker_without_a_free_chip_of_the_type():
    """Seat 0 owns both of his palace chips (P 2): he may not claim the neutral palace CHEN."""
    owners = {"FENG": [0, "P"], "HENA": [0, "P"]}
    s = pos(owners, players=3, phase=1, neutral={"CHEN": "P"})
    assert PlaceMarker(0, "CHEN") in legal_actions(s, 0)

    v = pos(owners, flag("WL_ENFORCE_CHIP_LIMIT"), players=3, phase=1, neutral={"CHEN": "P"})
    assert v.stock[0] == (0, 2, 3, 3, 6)
    assert PlaceMarker(0, "CHEN") not in legal_actions(v, 0)
    e = refused(v, PlaceMarker(0, "CHEN"))
    assert e.rule == "WL-PLACE-2" and "WL-VAR-1" in e.message
    assert PlaceMarker(0, "DATO") in legal_actions(v, 0)


def test_WL_VAR_1_markers_already_out_use_up_free_chips():
    """Seat 0 owns one palace and has a marker on the neutral palace CHEN: his last palace chip is
    spoken for, so the neutral palace TIAN is no target for him."""
    v = pos({"FENG": [0, "P"]}, flag("WL_ENFORCE_CHIP_LIMIT"), players=3, phase=1,
            neutral={"CHEN": "P", "TIAN": "P"}, markers={"CHEN": [0]})
    v = play(v, PlaceMarker(1, "DATO"), PlaceMarker(2, "DATO"))
    assert to_act(v) == frozenset({0})
    assert PlaceMarker(0, "TIAN") not in legal_actions(v, 0)
    assert PlaceMarker(0, "JINA") in legal_actions(v, 0)


def test_WL_VAR_1_a_reward_needs_a_chip_in_stock_and_the_loser_gets_his_back():
    owners = {"FENG": [0, "P"], "HENA": [0, "P"], "XIAN": [1, "P"], "BIAN": [1, "V"]}
    commits = {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())}
    s = fight(pos(owners, hands=COMBAT), 1, commits)
    assert "XIAN" in {a.province for a in legal_actions(s, 0)}

    v = fight(pos(owners, flag("WL_ENFORCE_CHIP_LIMIT"), hands=COMBAT), 1, commits)
    assert {a.province for a in legal_actions(v, 0)} == {"BIAN", None}
    assert refused(v, TakeReward(0, "XIAN")).rule == "WL-VAR-1"
    stock_before = v.stock
    v = apply(v, TakeReward(0, "BIAN"))
    assert v.owner("BIAN") == 0
    assert v.stock[0][4] == stock_before[0][4] - 1 and v.stock[1][4] == stock_before[1][4] + 1


# -- WL_DESIGNER / WL-VAR-2 ----------------------------------------------------------------------------

def test_WL_DESIGNER_all_five_blocks_are_placed_in_year_1_on_lotus_provinces_only():
    s = new_game(3, 2, flag("WL_DESIGNER"), first_emperor=0)
    assert Pass(0) not in legal_actions(s)
    assert {a.province for a in legal_actions(s)} == set(LOTUS)
    while s.phase == Phase.CLAIMS:
        assert not any(isinstance(a, Pass) for a in legal_actions(s))
        s = apply(s, legal_actions(s)[0])
    assert s.phase == Phase.RESOLVE and sum(m.bit_count() for m in s.markers) == 3 * 5
    d = position({"players": 3, "phase": 1, "neutral": {**FILL, "SHAN": "V"}}, flag("WL_DESIGNER"))
    e = refused(d, PlaceMarker(0, "SHAN"))
    assert e.rule == "WL-PLACE-2" and "WL-VAR-2" in e.message
    assert PlaceMarker(0, "SHAN") in legal_actions(position({"players": 3, "phase": 1,
                                                             "neutral": {**FILL, "SHAN": "V"}}), 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_WL_DESIGNER_four_turns_of_five_phases_with_the_tiles_laid_out_after_turn_1(seed):
    states = random_game(3, seed, flag("WL_DESIGNER"))
    assert all(s.phase != Phase.NEW_PROVINCES for s in states)
    assert states[-1].is_over and states[-1].year == 4
    laid = [e for s in states for e in s.events if isinstance(e, TilesLaidOut)]
    assert len(laid) == 1 and len(laid[0].placements) == 31 - 7
    placed_per_year1 = [e.placed for s in states if s.year == 1 for e in s.events if isinstance(e, PlacementEnded)]
    assert placed_per_year1 == [5, 5, 5]
    default = random_game(3, seed)
    assert any(s.phase == Phase.NEW_PROVINCES for s in default)


def test_WL_DESIGNER_from_turn_2_blocks_go_only_next_to_a_player_chip_and_are_skipped_when_short():
    """WL-VAR-2: only HENA and XIAN border a player chip, so each player places 2 blocks, not 5."""
    desc = {"players": 3, "year": 2, "phase": 1, "owners": {"FENG": [0, "V"]},
            "neutral": {**{p: k for p, k in FILL.items() if p != "FENG"}, "XIAN": "V"}}
    v = position(desc, flag("WL_DESIGNER"))
    assert {a.province for a in legal_actions(v)} == {"HENA", "XIAN"}
    assert refused(v, PlaceMarker(0, "JINA")).rule == "WL-PLACE-2"
    v = play(v, PlaceMarker(0, "HENA"), PlaceMarker(1, "HENA"), PlaceMarker(2, "XIAN"),
             PlaceMarker(0, "XIAN"), PlaceMarker(1, "XIAN"), PlaceMarker(2, "HENA"))
    assert v.phase == Phase.RESOLVE
    assert PlaceMarker(0, "JINA") in legal_actions(position(desc), 0)          # default: any neutral chip


def test_WL_VAR_2_rice_fields_give_income_but_no_extra_block():
    desc = {"players": 3, "year": 2, "phase": 5, "owners": {"FENG": [0, "R"], "HENA": [0, "R"]},
            "neutral": {**{p: k for p, k in FILL.items() if p not in ("FENG", "HENA")}, "XIAN": "V"}}
    v = play(position(desc, flag("WL_DESIGNER")), TakeIncome(0), TakeIncome(1), TakeIncome(2))
    assert next((e.influence, e.combat) for e in events_of(v, IncomeTaken)) == (12, 4)
    assert v.phase == Phase.CLAIMS and v.year == 3                              # no phase 6
    assert {a.province for a in legal_actions(v)} == {"XIAN"}
    # two rice fields: 5 blocks like everyone (not 3 + 2), and every block is mandatory
    assert [allowance(v, seat) for seat in range(3)] == [5, 5, 5]
    assert [mandatory(v, seat) for seat in range(3)] == [5, 5, 5]
    s = play(position(desc), TakeIncome(0), TakeIncome(1), TakeIncome(2))
    assert next((e.influence, e.combat) for e in events_of(s, IncomeTaken)) == (12, 4)
    assert s.phase == Phase.NEW_PROVINCES
    assert [allowance(s, seat) for seat in range(3)] == [5, 3, 3]


def test_WL_VAR_2_later_turns_may_have_nothing_to_claim():
    """No neutral chip borders a player chip: phases 1 and 2 pass with nothing to do."""
    desc = {"players": 3, "year": 3, "phase": 1, "owners": {"FENG": [0, "V"], "HENA": [1, "V"]},
            "neutral": {p: k for p, k in FILL.items() if p not in ("FENG", "HENA")}}
    v = position(desc, flag("WL_DESIGNER"))
    assert v.year == 3 and v.phase == Phase.REBELLION and to_act(v) == frozenset({1})
    assert v.vp_chips == (1, 0, 0) and not any(v.markers)
