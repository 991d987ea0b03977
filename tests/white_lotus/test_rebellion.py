"""Phase 4, the rebellion (WL-REB-1..14), the worked example E3, and the sealed, simultaneous
decisions of WL-INFO-1..5.

Positions are built with :func:`lotus_kit.white_lotus.position.position` in phase 4, so the
rebellion starts at once. Province neighbourhoods used below (schematic board, spec 17.2):
FENG borders YANA GONG HENA HANZ KUIZ XIAN; HENA borders TAIY YANA FENG BIAN XIAN;
TAIY borders DATO ZHEN YANA HENA BIAN; BIAN borders TAIY ZHEN JINA HENA HUAI XIAN LUZH;
TIAN borders CHON KUIZ WUCH LONG GUAN JING.
"""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import (
    ACTION_TYPES,
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
    TempleDraw,
)
from lotus_kit.white_lotus.board import board_view
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.events import (
    ConflictRound,
    EmperorChanged,
    GameEnded,
    NoRebellion,
    RebellionAnswered,
    RebellionResolved,
    RewardTaken,
)
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.state import Phase, RebellionStep
from tests.white_lotus.helpers import random_game

# -- helpers ------------------------------------------------------------------------------------

def rebellion(owners: dict, *, players: int = 4, emperor: int = 0, hands: dict | None = None,
              rules=None, **extra):
    """A phase-4 position; lotus provinces not in ``owners`` (or ``neutral``) hold neutral chips."""
    view = board_view(players)
    neutral = dict(extra.pop("neutral", {}))
    fill = iter("RFRFRFRF")
    for pid in view.ids(view.lotus_mask):
        if pid not in owners and pid not in neutral:
            neutral[pid] = next(fill)
    desc = {"players": players, "year": 2, "phase": 4, "emperor": emperor, "owners": owners,
            "neutral": neutral, **extra}
    if hands is not None:
        desc["hands"] = hands
    return position(desc, rules)


def lead(state, leader: int):
    """Everyone asked before ``leader`` declines; ``leader`` accepts (WL-REB-2)."""
    while True:
        (seat,) = to_act(state)
        state = apply(state, DeclareRebellion(seat, seat == leader))
        if seat == leader:
            return state


def commit(state, commits: dict):
    """Sealed commitments {seat: (side, cards)} in seat order (WL-REB-3, WL-REB-4)."""
    for seat, (side, cards) in commits.items():
        state = apply(state, JoinSide(seat, side, tuple(cards)))
    return state


def events_of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


def resolved(state) -> RebellionResolved:
    (event,) = events_of(state, RebellionResolved)
    return event


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


COMBAT = {0: {"combat": [3, 2, 1]}, 1: {"combat": [3, 2, 1]}, 2: {"combat": [3, 2, 1]},
          3: {"combat": [3, 2, 1]}}


# -- WL-REB-1: who may lead ------------------------------------------------------------------------

def test_WL_REB_1_only_non_emperors_owning_a_village_are_asked():
    s = rebellion({"FENG": [0, "V"], "HENA": [1, "V"], "XIAN": [2, "F"], "BIAN": [3, "V"]})
    assert s.phase == Phase.REBELLION
    assert s.step.ask_order == (1, 3)          # the emperor's village counts for nothing; seat 2 has none
    assert to_act(s) == frozenset({1})
    assert refused(s, DeclareRebellion(2, True)).rule == "WL-REB-2"
    assert refused(s, DeclareRebellion(0, True)).rule == "WL-REB-2"


def test_WL_REB_1_nobody_eligible_means_no_rebellion():
    s = rebellion({"FENG": [0, "V"], "HENA": [1, "P"], "XIAN": [2, "F"]})
    (event,) = events_of(s, NoRebellion)
    assert "WL-REB-1" in event.reason
    assert s.phase == Phase.NEW_CARDS and s.rebel_leader is None


# -- WL-REB-2: asking order ----------------------------------------------------------------------

def test_WL_REB_2_asked_in_order_of_villages_most_first():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [3, "V"], "KUIZ": [3, "V"]})
    assert s.step.ask_order == (3, 1)
    assert refused(s, DeclareRebellion(1, True)).rule == "WL-REB-2"
    s = apply(s, DeclareRebellion(3, False))
    assert events_of(s, RebellionAnswered) == [RebellionAnswered(3, 2, False)]
    assert to_act(s) == frozenset({1})


def test_WL_REB_2_equal_village_counts_are_asked_clockwise_from_the_emperors_left():
    s = rebellion({"FENG": [0, "V"], "HENA": [1, "V"], "XIAN": [3, "V"], "BIAN": [2, "P"]}, emperor=2)
    assert s.step.ask_order == (3, 0, 1)


def test_WL_REB_2_the_first_yes_leads_and_nobody_else_is_asked():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [3, "V"], "KUIZ": [3, "V"]})
    s = apply(s, DeclareRebellion(3, True))
    assert s.rebel_leader == 3
    assert to_act(s) == frozenset({0, 1, 2, 3})        # sides and cards now, nobody else is asked
    assert refused(s, DeclareRebellion(1, True)).rule == "WL-REB-2"


def test_WL_REB_2_when_everyone_declines_there_is_no_rebellion():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [3, "V"]}, hands=COMBAT)
    s = apply(apply(s, DeclareRebellion(1, False)), DeclareRebellion(3, False))
    assert [e.reason for e in events_of(s, NoRebellion)] == ["every player asked declined to lead (WL-REB-2)"]
    assert s.phase == Phase.NEW_CARDS
    assert all(s.hand(seat).combat_cards() == (3, 2, 1) for seat in range(4))
    assert s.vp_chips == (0, 0, 0, 0)


# -- WL-REB-3 / WL-REB-4: sides and sealed combat -------------------------------------------------

def test_WL_REB_3_non_leaders_pick_a_side_leaders_fight_for_their_own():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [3, "F"]}), 1)
    assert refused(s, JoinSide(1, "emperor", ())).rule == "WL-REB-3"
    assert refused(s, JoinSide(0, "rebels", ())).rule == "WL-REB-3"
    assert refused(s, JoinSide(2, None, ())).rule == "WL-REB-14"
    s = commit(s, {0: (None, ()), 1: ("rebels", ()), 2: ("rebels", ()), 3: ("emperor", ())})
    assert resolved(s).sides == ((0, "emperor"), (1, "rebels"), (2, "rebels"), (3, "emperor"))


def test_WL_REB_4_commitments_are_sealed_and_revealed_together():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=COMBAT), 1)
    s = commit(s, {3: ("rebels", (3,)), 0: (None, (1,)), 1: (None, (2,))})
    assert s.events == ()                              # nothing is revealed yet (WL-INFO-3)
    assert to_act(s) == frozenset({2})
    assert s.hand(3).combat_cards() == (3, 2, 1)       # nothing discarded before the reveal
    s = apply(s, JoinSide(2, "emperor", ()))
    r = resolved(s)
    assert r.combat == ((0, (1,)), (1, (2,)), (2, ()), (3, (3,)))
    assert (r.emperor_total, r.rebel_total) == (1 + 2, 2 + 3 + 1)


def test_WL_REB_4_only_combat_cards_held_may_be_committed():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands={0: {"combat": [1, 1]}}), 1)
    assert refused(s, JoinSide(0, None, (2,))).rule == "WL-REB-4"
    assert refused(s, JoinSide(0, None, (1, 1, 1))).rule == "WL-REB-4"
    assert refused(s, JoinSide(0, None, (4,))).rule == "WL-REB-4"
    assert {a.cards for a in legal_actions(s, 0)} == {(1, 1), (1,), ()}


# -- WL-REB-5 / WL-REB-6: strength and result --------------------------------------------------------

def test_WL_REB_5_only_the_emperors_palaces_and_the_leaders_villages_add_strength():
    """Seat 1 (an emperor ally) owns a palace and seat 3 (a rebel ally) three villages: both add nothing."""
    s = rebellion({"FENG": [0, "P"], "HENA": [0, "P"], "XIAN": [1, "P"], "KUIZ": [2, "V"], "HANZ": [2, "V"],
                   "TAIY": [3, "V"], "BIAN": [3, "V"], "YANA": [3, "V"]}, hands=COMBAT)
    assert s.step.ask_order == (3, 2)
    s = commit(lead(s, 2), {0: (None, (1,)), 1: ("emperor", (3,)), 2: (None, (2,)), 3: ("rebels", (1,))})
    r = resolved(s)
    assert (r.palace_bonus, r.village_bonus) == (4, 2)
    assert (r.emperor_total, r.rebel_total) == (1 + 3 + 4, 2 + 1 + 2)
    assert r.winner == "emperor"


def test_WL_REB_6_a_tie_goes_to_the_emperor():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=COMBAT), 1)
    s = commit(s, {0: (None, (2,)), 1: (None, (3,)), 2: ("emperor", ()), 3: ("rebels", ())})
    r = resolved(s)
    assert (r.emperor_total, r.rebel_total, r.winner) == (4, 4, "emperor")
    assert r.reward_order[0] == 0


def test_WL_REB_6_the_rebels_win_only_when_strictly_stronger():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=COMBAT), 1)
    s = commit(s, {0: (None, (1,)), 1: (None, (3,)), 2: ("emperor", ()), 3: ("rebels", ())})
    r = resolved(s)
    assert (r.emperor_total, r.rebel_total, r.winner) == (3, 4, "rebels")
    assert r.reward_order[0] == 1


def test_WL_REB_7_every_committed_combat_card_of_both_sides_is_discarded():
    hands = {0: {"combat": [3, 1]}, 1: {"combat": [2, 2]}, 2: {"combat": [1]}, 3: {"combat": [3]}}
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=hands), 1)
    before = [s.hand(seat).influence_cards() for seat in range(4)]
    s = commit(s, {0: (None, (3,)), 1: (None, (2, 2)), 2: ("emperor", (1,)), 3: ("rebels", ())})
    assert [s.hand(seat).combat_cards() for seat in range(4)] == [(1,), (), (), (3,)]
    assert [s.hand(seat).influence_cards() for seat in range(4)] == before


# -- WL-REB-8..10: rewards ---------------------------------------------------------------------------

def test_WL_REB_8_leader_first_then_allies_by_committed_value_ties_clockwise_from_the_leader():
    """Six players, seat 4 leads. Seats 1 and 5 both commit 2: clockwise from the leader 5 comes
    before 1. Seat 2 committed nothing and is rewarded last."""
    hands = {seat: {"combat": [3, 2]} for seat in range(6)}
    s = rebellion({"FENG": [0, "F"], "HENA": [4, "V"]}, players=6, hands=hands)
    s = commit(lead(s, 4), {0: (None, ()), 1: ("rebels", (2,)), 2: ("rebels", ()), 3: ("rebels", (3,)),
                            4: (None, ()), 5: ("rebels", (2,))})
    r = resolved(s)
    assert r.winner == "rebels"
    assert r.reward_order == (4, 3, 5, 1, 2)
    assert to_act(s) == frozenset({4})
    assert refused(s, TakeReward(3, None)).rule == "WL-REB-8"
    s = apply(s, TakeReward(4, "FENG"))
    # the only loser has lost his province: the rest take VP chips, in the reward order
    assert [(e.seat, e.province) for e in events_of(s, RewardTaken)] == [
        (4, "FENG"), (3, None), (5, None), (1, None), (2, None)]
    assert s.vp_chips == (0, 1, 1, 1, 0, 1)


def test_WL_REB_9_a_taken_province_changes_colour_and_keeps_its_type():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "T"]}, hands=COMBAT), 1)
    s = commit(s, {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    s = apply(s, TakeReward(0, "XIAN"))
    assert (s.owner("XIAN"), s.chip("XIAN")) == (0, "T")
    assert events_of(s, RewardTaken)[0] == RewardTaken(0, "XIAN", 1, "T", "WL-REB-9a")


def test_WL_REB_9_a_winner_may_take_the_vp_chip_instead():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "T"]}, hands=COMBAT), 1)
    s = commit(s, {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    assert TakeReward(0, None) in legal_actions(s, 0)
    s = apply(s, TakeReward(0, None))
    assert s.vp_chips[0] == 1
    assert (s.owner("XIAN"), s.owner("HENA")) == (1, 1)


def test_WL_REB_9_only_provinces_of_the_losing_side_may_be_taken():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "YANA": [2, "F"]}, neutral={"GONG": "R"}, hands=COMBAT)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("rebels", ())})
    assert refused(s, TakeReward(0, "YANA")).rule == "WL-REB-9"       # an ally's province
    assert refused(s, TakeReward(0, "GONG")).rule == "WL-REB-9"       # a neutral chip
    assert refused(s, TakeReward(0, "NOPE")).rule == "WL-REB-9"
    assert {a.province for a in legal_actions(s, 0)} == {"HENA", None}


def test_WL_REB_10_i_no_loser_loses_more_than_one_province():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "V"], "BIAN": [2, "F"], "JINA": [3, "R"]},
                  hands=COMBAT)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("emperor", (1,)), 3: ("rebels", ())})
    assert resolved(s).reward_order == (0, 2)
    s = apply(s, TakeReward(0, "HENA"))
    e = refused(s, TakeReward(2, "XIAN"))
    assert e.rule == "WL-REB-10" and "already lost" in e.message
    assert {a.province for a in legal_actions(s, 2)} == {"JINA", None}
    s = apply(s, TakeReward(2, "JINA"))
    assert (s.owner("HENA"), s.owner("XIAN"), s.owner("JINA")) == (0, 1, 2)


def test_WL_REB_10_ii_the_province_must_border_one_the_winner_owns():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "TIAN": [1, "V"]}, hands=COMBAT)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    e = refused(s, TakeReward(0, "TIAN"))
    assert e.rule == "WL-REB-10" and "border" in e.message
    assert {a.province for a in legal_actions(s, 0)} == {"HENA", None}


def test_WL_REB_10_iii_a_winner_with_nothing_to_take_gets_the_vp_chip():
    """Seat 0 owns nothing next to the loser; seat 3 owns nothing at all."""
    s = rebellion({"CHEN": [0, "P"], "TIAN": [1, "V"]}, hands=COMBAT)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("rebels", ()), 3: ("emperor", (1,))})
    assert [(e.seat, e.province, "WL-REB-10 iii" in e.reason) for e in events_of(s, RewardTaken)] == [
        (0, None, True), (3, None, True)]
    assert s.vp_chips == (1, 0, 0, 1)
    assert s.phase == Phase.NEW_CARDS


def test_WL_REB_10_iv_any_province_may_be_taken_even_a_dragon_or_a_palace():
    s = rebellion({"TIAN": [0, "F"], "GUAN": [1, "V"], "KUIZ": [2, "P"]}, hands=COMBAT)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("rebels", ()), 3: ("emperor", (2,))})
    assert {a.province for a in legal_actions(s, 0)} == {"GUAN", "KUIZ", None}
    s = apply(s, TakeReward(0, "GUAN"))                         # a dragon province
    assert s.owner("GUAN") == 0 and s.vp_chips[3] == 1          # seat 3 owns nothing: VP chip
    s2 = commit(lead(rebellion({"TIAN": [0, "F"], "GUAN": [1, "V"], "KUIZ": [2, "P"]}, hands=COMBAT), 1),
                {0: (None, (3,)), 1: (None, ()), 2: ("rebels", ()), 3: ("emperor", (2,))})
    s2 = apply(s2, TakeReward(0, "KUIZ"))                       # a palace
    assert (s2.owner("KUIZ"), s2.chip("KUIZ")) == (0, "P")


def test_WL_REB_11_the_rebel_stone_goes_back_after_the_rebellion():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands=COMBAT), 1)
    assert s.rebel_leader == 1
    s = commit(s, {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    s = apply(s, TakeReward(0, None))
    assert s.phase == Phase.NEW_CARDS
    assert s.rebel_leader is None and not isinstance(s.step, RebellionStep)


# -- WL-REB-12: the emperor after the rewards ----------------------------------------------------------

def test_WL_REB_12_a_winner_with_strictly_more_palaces_becomes_emperor():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "P"]}, hands=COMBAT), 1)
    s = commit(s, {0: (None, ()), 1: (None, (3,)), 2: ("emperor", ()), 3: ("rebels", ())})
    s = apply(s, TakeReward(1, "FENG"))
    assert s.emperor == 1
    (change,) = events_of(s, EmperorChanged)
    assert (change.old, change.new, change.palaces_old, change.palaces_new, change.rule) == (0, 1, 0, 2, "WL-REB-12")


def test_WL_REB_12_the_emperor_stays_when_nobody_has_strictly_more_palaces_even_after_a_rebel_win():
    s = lead(rebellion({"FENG": [0, "P"], "YANA": [0, "F"], "HENA": [1, "V"], "XIAN": [1, "P"]},
                       hands=COMBAT), 1)
    s = commit(s, {0: (None, ()), 1: (None, (3,)), 2: ("emperor", ()), 3: ("rebels", ())})
    assert resolved(s).winner == "rebels"
    s = apply(s, TakeReward(1, "YANA"))          # a fortress: 1 palace each, equal is not enough
    assert s.emperor == 0 and not events_of(s, EmperorChanged)


def test_WL_REB_12_tied_challengers_go_by_the_reward_order():
    """Leader 2 and ally 1 each end with 1 palace, the emperor with 0. The reward order is (2, 1),
    so seat 2 takes the stone although seat 1 is earlier clockwise from the emperor."""
    s = rebellion({"FENG": [0, "P"], "JINA": [3, "P"], "HENA": [2, "V"], "BIAN": [1, "V"]}, hands=COMBAT)
    s = commit(lead(s, 2), {0: (None, ()), 1: ("rebels", (1,)), 2: (None, (3,)), 3: ("emperor", ())})
    assert resolved(s).reward_order == (2, 1)
    s = apply(apply(s, TakeReward(2, "FENG")), TakeReward(1, "JINA"))
    assert (s.palaces(1), s.palaces(2), s.palaces(0)) == (1, 1, 0)
    assert s.emperor == 2


def test_WL_REB_12_tied_players_outside_the_reward_order_come_after_those_in_it():
    """Seat 1 (emperor's side, not rewarded) and leader 3 both own 1 palace after the rewards."""
    s = rebellion({"FENG": [0, "P"], "JINA": [1, "P"], "HENA": [3, "V"]}, hands=COMBAT)
    s = commit(lead(s, 3), {0: (None, ()), 1: ("emperor", ()), 2: ("emperor", ()), 3: (None, (3,))})
    s = apply(s, TakeReward(3, "FENG"))
    assert (s.palaces(1), s.palaces(3), s.palaces(0)) == (1, 1, 0)
    assert s.emperor == 3


def test_WL_REB_13_the_rebellion_is_fought_in_the_final_year_then_the_game_is_scored():
    s = rebellion({"FENG": [0, "P"], "HENA": [1, "V"], "XIAN": [1, "T"]}, hands=COMBAT, final_year=True)
    assert s.phase == Phase.REBELLION and s.step.ask_order == (1,)
    s = commit(lead(s, 1), {0: (None, (3,)), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    s = apply(s, TakeReward(0, "XIAN"))
    assert s.phase == Phase.GAME_OVER
    (ended,) = events_of(s, GameEnded)
    assert ended.scores[0].buildings == 3 + 2          # the temple taken in the last rebellion counts
    assert s.hand(0).combat_cards() == (2, 1)          # no phase 5 afterwards (WL-CARDS-5)


# -- WL-REB-14: taking part --------------------------------------------------------------------------

def test_WL_REB_14_everyone_may_commit_nothing_and_the_bonuses_decide():
    s = lead(rebellion({"FENG": [0, "F"], "HENA": [1, "V"]}), 1)
    s = commit(s, {0: (None, ()), 1: (None, ()), 2: ("emperor", ()), 3: ("emperor", ())})
    r = resolved(s)
    assert (r.emperor_total, r.rebel_total, r.winner) == (0, 1, "rebels")
    assert s.hand(0).combat_cards() == (1, 1, 1)


def test_WL_REB_14_a_player_without_cards_or_provinces_must_still_pick_a_side():
    s = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}, hands={2: {"influence": [0]}}), 1)
    assert s.provinces_of(2) == [] and s.hand(2).combat_cards() == ()
    assert legal_actions(s, 2) == [JoinSide(2, "emperor", ()), JoinSide(2, "rebels", ())]
    assert refused(s, JoinSide(2, None, ())).rule == "WL-REB-14"


# -- E3 ------------------------------------------------------------------------------------------------

def test_E3_worked_example_rebellion_tie_then_rewards():
    """Spec 18, E3 (WL-REB-5 to 10): E (2 palaces) commits 2, ally X 3: 2+3+4 = 9. R (3 villages)
    commits 3, Y 2, Z 1: 3+2+1+3 = 9. The tie goes to the emperor; E picks first, then X, each a
    bordering province of R, Y or Z, no loser giving up more than one, or else a VP chip."""
    E, X, R, Y, Z = range(5)
    s = rebellion({"FENG": [E, "P"], "HENA": [E, "P"], "TAIY": [X, "T"], "XIAN": [R, "V"], "KUIZ": [R, "V"],
                   "HANZ": [R, "V"], "YANA": [Y, "F"], "BIAN": [Z, "R"]}, players=5, emperor=E,
                  hands={E: {"combat": [2]}, X: {"combat": [3]}, R: {"combat": [3]}, Y: {"combat": [2]},
                         Z: {"combat": [1]}})
    s = commit(lead(s, R), {E: (None, (2,)), X: ("emperor", (3,)), R: (None, (3,)), Y: ("rebels", (2,)),
                            Z: ("rebels", (1,))})
    r = resolved(s)
    assert (r.emperor_total, r.rebel_total) == (9, 9)
    assert (r.palace_bonus, r.village_bonus) == (4, 3)
    assert r.winner == "emperor" and r.reward_order == (E, X)
    assert {a.province for a in legal_actions(s, E)} == {"XIAN", "KUIZ", "HANZ", "YANA", "BIAN", None}
    s = apply(s, TakeReward(E, "XIAN"))
    # X borders YANA and BIAN; R has already lost XIAN
    assert {a.province for a in legal_actions(s, X)} == {"YANA", "BIAN", None}
    s = apply(s, TakeReward(X, "BIAN"))
    assert (s.owner("XIAN"), s.owner("BIAN"), s.chip("BIAN")) == (E, X, "R")
    assert s.emperor == E and s.phase == Phase.NEW_CARDS
    assert all(not s.hand(seat).combat_cards() for seat in range(5))


# -- WL-INFO ------------------------------------------------------------------------------------------

def conflict(**extra):
    """Phase 2, 4 players: seats 1 and 2 claim CHEN, seat 3 claims DATO; the emperor 0 must choose."""
    desc = {"players": 4, "year": 2, "phase": 2, "emperor": 0,
            "neutral": {"DATO": "R", "JINA": "F", "FENG": "F", "HENA": "R", "CHEN": "T", "LUZH": "V", "TIAN": "V"},
            "markers": {"CHEN": [1, 2], "DATO": [3]}, **extra}
    return position(desc)


def test_WL_INFO_1_sealed_commitments_reveal_nothing_until_everyone_committed():
    s = apply(conflict(), ChooseProvince(0, "CHEN"))
    s = apply(s, Bid(1, 2, (3, 0)))
    assert s.events == () and to_act(s) == frozenset({2})
    assert s.hand(1).influence_cards() == (3, 3, 2, 2, 1, 1, 0)      # nothing spent before the reveal
    s = apply(s, Bid(2, 1, (1,)))
    (rnd,) = events_of(s, ConflictRound)
    assert rnd.leaver == 2


def test_WL_INFO_2_revealed_commitments_are_public_in_the_events():
    s = apply(conflict(), ChooseProvince(0, "CHEN"))
    s = apply(apply(s, Bid(1, 2, (3, 0))), Bid(2, 1, (1,)))
    (rnd,) = events_of(s, ConflictRound)
    assert [(b.seat, b.target, b.cards) for b in rnd.bids] == [(1, 2, (3, 0)), (2, 1, (1,))]
    assert dict(rnd.pressures) == {1: 1, 2: 3}
    assert dict(rnd.discarded) == {1: (3,), 2: (1,)} and rnd.refund == 1
    # how many cards each player holds is public too (WL-CARDS-4)
    assert s.hand(1).size == len(s.hand(1).influence_cards()) + len(s.hand(1).combat_cards()) == 9


def test_WL_INFO_3_sealed_choices_are_collected_before_any_reveal_and_a_second_one_is_refused():
    # phase 2 bids
    s = apply(conflict(), ChooseProvince(0, "CHEN"))
    s = apply(s, Bid(1, 2, (3,)))
    assert refused(s, Bid(1, 2, (1,))).rule == "WL-INFO-3"
    # phase 4 sides and combat
    r = lead(rebellion({"FENG": [0, "P"], "HENA": [1, "V"]}), 1)
    r = apply(r, JoinSide(2, "rebels", (1,)))
    assert refused(r, JoinSide(2, "emperor", ())).rule == "WL-INFO-3"
    assert r.step.winner == "" and r.events == ()
    # phase 5 income
    i = position({"players": 3, "year": 2, "phase": 5, "owners": {"FENG": [0, "P"]},
                  "neutral": {"DATO": "R", "JINA": "F", "HENA": "R", "CHEN": "T", "LUZH": "V", "TIAN": "V"}})
    i = apply(i, TakeIncome(0))
    assert refused(i, TakeIncome(0, 1)).rule == "WL-INFO-3"
    assert i.hand(0) == Hand.start() and i.events == ()            # nothing paid before everyone chose


def test_WL_INFO_4_the_engine_has_no_deal_mechanics():
    """Deals are free talk and never binding: the only decisions are those of WL-INFO-5."""
    assert set(ACTION_TYPES) == {"PlaceMarker", "Pass", "ChooseProvince", "Bid", "BreakTie", "TakeRefund",
                                 "DeclareRebellion", "JoinSide", "TakeReward", "TakeIncome", "PlaceChip",
                                 "TempleDraw"}
    assert refused(conflict(), "offer seat 1 a deal").rule == "WL-INFO-5"


def test_WL_INFO_5_phase_2_decisions_come_in_the_order_of_the_table():
    s = conflict()
    assert to_act(s) == frozenset({0})
    assert {type(a) for a in legal_actions(s)} == {ChooseProvince}           # the emperor picks
    s = apply(s, ChooseProvince(0, "CHEN"))
    assert to_act(s) == frozenset({1, 2})                                    # both participants, sealed
    assert {type(a) for a in legal_actions(s)} == {Bid}
    s = apply(apply(s, Bid(1, 2, (3,))), Bid(2, 1, (3,)))
    assert to_act(s) == frozenset({0})                                       # a tie: the emperor decides
    assert legal_actions(s) == [BreakTie(0, 1), BreakTie(0, 2)]
    s = apply(s, BreakTie(0, 1))
    assert to_act(s) == frozenset({1})                                       # the loser picks his refund
    assert legal_actions(s) == [TakeRefund(1, (2,)), TakeRefund(1, (1, 1))]
    s = apply(s, TakeRefund(1, (1, 1)))
    assert s.hand(1).influence_cards() == (3, 2, 2, 1, 1, 1, 1, 0)
    assert s.owner("CHEN") == 2 and s.owner("DATO") == 3


PHASE_DECISIONS = {
    Phase.CLAIMS: {PlaceMarker, Pass},
    Phase.RESOLVE: {ChooseProvince, Bid, BreakTie, TakeRefund},
    Phase.REBELLION: {DeclareRebellion, JoinSide, TakeReward},
    Phase.NEW_CARDS: {TakeIncome},
    Phase.NEW_PROVINCES: {PlaceChip, TempleDraw},
}
SEALED = {Bid, JoinSide, TakeIncome}


@pytest.mark.parametrize("seed", [3, 4])
def test_WL_INFO_5_every_decision_belongs_to_its_phase_and_only_sealed_ones_are_simultaneous(seed):
    seen = set()
    for state in random_game(4, seed)[:-1]:
        acting = to_act(state)
        kinds = {type(a) for a in legal_actions(state)}
        assert kinds and kinds <= PHASE_DECISIONS[state.phase]
        assert {a.seat for a in legal_actions(state)} == set(acting)
        if len(acting) > 1:
            assert kinds <= SEALED
        seen |= kinds
    assert {PlaceMarker, ChooseProvince, Bid, DeclareRebellion, JoinSide, TakeIncome, PlaceChip} <= seen


def test_wl_reb_10_iii_a_winner_with_nothing_to_take_is_asked_while_a_later_winner_can_take_a_province():
    """The head of the reward order has no province to take, the next winner has: the head is asked
    (the VP chip is all he may take) and no chip is given, nor told of, before he answers."""
    from lotus_kit.white_lotus.actions import JoinSide, TakeReward
    from lotus_kit.white_lotus.bots import HeuristicBot, RandomBot
    from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
    from lotus_kit.white_lotus.events import RebellionResolved, RewardTaken
    from lotus_kit.white_lotus.queries import reward_targets

    bots = [HeuristicBot(7), RandomBot(8), HeuristicBot(9), RandomBot(10)]
    state = new_game(4, 104)
    while not (state.step is not None and getattr(state.step, "winner", "")):
        seat = min(to_act(state))
        action = bots[seat].choose(state, seat)
        before, state = state, apply(state, action)
    assert isinstance(action, JoinSide) and any(isinstance(e, RebellionResolved) for e in state.events)
    head, ally = state.step.reward_order
    assert not reward_targets(state, head) and reward_targets(state, ally)
    assert not any(isinstance(e, RewardTaken) for e in state.events)
    assert state.vp_chips == before.vp_chips and state.step.rewarded == 0
    assert to_act(state) == {head} and legal_actions(state, head) == [TakeReward(head, None)]
    after = apply(state, TakeReward(head, None))
    assert after.vp_chips[head] == state.vp_chips[head] + 1
    assert [e for e in after.events if isinstance(e, RewardTaken)] == [
        RewardTaken(head, None, None, None, "he prefers the VP chip (WL-REB-9b)")]
