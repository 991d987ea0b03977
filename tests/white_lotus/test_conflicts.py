"""Phase 2: resolving claims and conflicts (WL-CONF-1..14), worked examples E1 and E2."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import Bid, BreakTie, ChooseProvince, TakeRefund
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.events import (
    ConflictRound,
    EmperorChanged,
    ProvinceChosen,
    ProvinceSettled,
    RefundTaken,
)
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import Phase

from .helpers import play

# seats 0, 1, 2 and the emperor (seat 3 unless told); the emperor owns the only palace on the
# board, so no conflict below changes who is emperor
NEUTRAL = {"GONG": "F", "HANZ": "V", "CHON": "R"}


def owners(emperor: int = 3) -> dict:
    return {"DATO": [emperor, "P"], "JINA": [3, "T"], "FENG": [0, "R"], "HENA": [1, "F"],
            "LUZH": [2, "V"], "TIAN": [3, "V"], "CHEN": [0, "V"]}


def phase2(markers: dict, hands: dict | None = None, emperor: int = 3, rules: RuleSet | None = None,
           neutral: dict | None = None, **extra):
    desc = {"players": 4, "year": 2, "phase": 2, "emperor": emperor, "owners": owners(emperor),
            "neutral": NEUTRAL if neutral is None else neutral, "markers": markers, **extra}
    if hands:
        desc["hands"] = {seat: {"influence": list(cards)} for seat, cards in hands.items()}
    return position(desc, rules)


def rule_of(state, action) -> str:
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    return exc.value.rule


def rounds(state) -> list[ConflictRound]:
    return [e for e in state.events if isinstance(e, ConflictRound)]


def influence(state, seat) -> tuple[int, ...]:
    return state.hand(seat).influence_cards()


# -- WL-CONF-1 / 3 / 4: the order of resolution ---------------------------------------------

def test_WL_CONF_1_every_claimed_province_is_resolved_one_at_a_time_until_none_is_left():
    s = phase2({"GONG": [0], "HANZ": [1], "CHON": [2]})
    assert to_act(s) == {3}
    assert {a.province for a in legal_actions(s)} == {"GONG", "HANZ", "CHON"}
    assert rule_of(s, ChooseProvince(3, "YANA")) == "WL-CONF-1"      # no marker there
    assert rule_of(s, ChooseProvince(3, "FENG")) == "WL-CONF-1"
    s = apply(s, ChooseProvince(3, "HANZ"))
    assert s.owner("HANZ") == 1 and {a.province for a in legal_actions(s)} == {"GONG", "CHON"}
    s = apply(s, ChooseProvince(3, "CHON"))
    assert s.owner("CHON") == 2 and s.owner("GONG") == 0          # the last one needs no choice
    assert not any(s.markers) and s.phase not in (Phase.CLAIMS, Phase.RESOLVE)
    assert [e.province for e in s.events if isinstance(e, ProvinceSettled)] == ["CHON", "GONG"]


def test_WL_CONF_3_only_the_emperor_picks_and_he_picks_adaptively_in_any_order():
    s = phase2({"GONG": [0, 1], "HANZ": [1], "CHON": [2]})
    assert rule_of(s, ChooseProvince(0, "GONG")) == "WL-CONF-3"
    assert legal_actions(s, 0) == [] and legal_actions(s, 2) == []
    # an uncontested province first, then the conflict; after each result he is asked again
    s = apply(s, ChooseProvince(3, "CHON"))
    assert to_act(s) == {3} and {a.province for a in legal_actions(s)} == {"GONG", "HANZ"}
    s = apply(s, ChooseProvince(3, "GONG"))
    assert s.conflict is not None and to_act(s) == {0, 1}
    assert rule_of(s, ChooseProvince(3, "HANZ")) == "WL-CONF-1"   # finish this conflict first
    s = play(s, Bid(0, 1, (3,)), Bid(1, 0, ()))
    assert s.owner("GONG") == 0 and s.owner("HANZ") == 1


def test_WL_CONF_4_a_single_claimant_takes_the_province_with_a_chip_of_the_same_type():
    s = phase2({"GONG": [2], "HANZ": [0]})
    s = apply(s, ChooseProvince(3, "GONG"))
    settled = [e for e in s.events if isinstance(e, ProvinceSettled)]
    assert settled[0] == ProvinceSettled("GONG", 2, "F", False)
    assert s.owner("GONG") == 2 and s.chip("GONG") == "F" and s.markers_on("GONG") == ()
    assert s.owner("HANZ") == 0 and s.chip("HANZ") == "V"
    assert s.hand(2) == Hand.start()                                 # it costs nothing


# -- WL-CONF-2: year 1, the palace start province first -------------------------------------

YEAR1 = {"DATO": "P", "JINA": "T", "FENG": "R", "HENA": "F", "CHEN": "V", "LUZH": "V", "TIAN": "V"}


def year1(markers, **extra):
    return position({"players": 4, "year": 1, "phase": 2, "emperor": 3, "neutral": YEAR1,
                     "start_palace": "DATO", "markers": markers, **extra})


def test_WL_CONF_2_the_start_palace_is_resolved_first_and_its_owner_picks_from_then_on():
    s = year1({"DATO": [1], "JINA": [0], "FENG": [2], "CHEN": [0, 2]})
    chosen = [e for e in s.events if isinstance(e, ProvinceChosen)]
    assert chosen == [ProvinceChosen(3, "DATO", (1,), True)]
    assert s.owner("DATO") == 1
    assert next(e for e in s.events if isinstance(e, EmperorChanged)).new == 1
    assert s.emperor == 1 and to_act(s) == {1}
    assert {a.province for a in legal_actions(s)} == {"JINA", "FENG", "CHEN"}
    assert rule_of(s, ChooseProvince(3, "JINA")) == "WL-CONF-3"


def test_WL_CONF_2_a_contested_start_palace_is_fought_out_before_anything_else():
    s = year1({"DATO": [0, 1], "JINA": [2], "FENG": [2]})
    assert s.conflict is not None and s.board.provinces[s.conflict.province].id == "DATO"
    assert to_act(s) == {0, 1}
    assert rule_of(s, ChooseProvince(3, "JINA")) == "WL-CONF-1"
    s = play(s, Bid(0, 1, (3,)), Bid(1, 0, (1,)))
    assert s.owner("DATO") == 0 and s.emperor == 0 and to_act(s) == {0}


def test_WL_CONF_2_an_unclaimed_start_palace_leaves_the_provisional_emperor_in_charge():
    s = year1({"JINA": [0], "FENG": [1, 2]})
    assert s.emperor == 3 and to_act(s) == {3}
    assert {a.province for a in legal_actions(s)} == {"JINA", "FENG"}


# -- WL-CONF-5 / 6 / 7: participants, sealed bids, pressure ---------------------------------

def test_WL_CONF_5_the_participants_are_the_players_with_a_marker_there():
    s = apply(phase2({"CHON": [0, 2], "GONG": [1]}), ChooseProvince(3, "CHON"))
    assert s.conflict.remaining == (0, 2) and to_act(s) == {0, 2}
    assert rule_of(s, Bid(1, 0, (3,))) == "WL-CONF-6"               # seat 1 is not in it
    assert rule_of(s, Bid(3, 0, ())) == "WL-CONF-6"                 # nor is the emperor
    assert legal_actions(s, 1) == [] and legal_actions(s, 3) == []


def test_WL_CONF_6_one_dragon_card_for_another_participant_and_any_influence_cards_sealed():
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [3, 0], 1: [2, 1, 0], 2: [0]})
    assert s.conflict is not None                                   # the only claim: no choice
    bids0 = legal_actions(s, 0)
    assert {(b.target, b.cards) for b in bids0} == {(t, c) for t in (1, 2) for c in [(3, 0), (3,), (0,), ()]}
    assert rule_of(s, Bid(0, 0, (3,))) == "WL-CONF-6"               # not himself
    assert rule_of(s, Bid(0, 3, (3,))) == "WL-CONF-6"               # not a non-participant
    assert rule_of(s, Bid(0, 1, (3, 3))) == "WL-CONF-6"             # not cards he lacks
    assert rule_of(s, Bid(0, 1, (4,))) == "WL-CONF-6"               # not a value 0..3
    s = apply(s, Bid(0, 1, (3, 0)))
    assert rounds(s) == [] and to_act(s) == {1, 2}                  # nothing revealed yet
    assert rule_of(s, Bid(0, 2, ())) == "WL-INFO-3"                 # no second bid
    s = apply(s, Bid(2, 1, ()))                                     # nothing at all is allowed
    assert rounds(s) == [] and to_act(s) == {1}
    s = apply(s, Bid(1, 2, (2, 0)))
    (r,) = rounds(s)
    assert {(b.seat, b.target, b.cards) for b in r.bids} == {(0, 1, (3, 0)), (1, 2, (2, 0)), (2, 1, ())}


def test_WL_CONF_7_pressure_is_the_influence_committed_by_those_who_name_him():
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [3, 1, 0], 1: [2, 0], 2: [3, 3, 0]})
    s = play(s, Bid(0, 2, (3, 1)), Bid(1, 2, (2, 0)), Bid(2, 1, (3,)))
    (r,) = rounds(s)
    assert dict(r.pressures) == {0: 0, 1: 3, 2: 6}
    assert r.leaver == 2 and r.decided_by_emperor is None


# -- WL-CONF-8 and E2: who leaves ------------------------------------------------------------

def test_WL_CONF_8_the_highest_pressure_leaves_and_exactly_one_per_round():
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [3, 0], 1: [2, 0], 2: [1, 0]})
    s = play(s, Bid(0, 1, (3,)), Bid(1, 2, (2,)), Bid(2, 1, (1,)))
    (r,) = rounds(s)
    assert r.leaver == 1 and s.markers_on("CHON") == (0, 2)
    assert s.conflict.remaining == (0, 2)


def test_E2_WL_CONF_8_tie_goes_to_the_emperor_who_is_not_involved():
    """E2: A names B with 2, B names A with 2; emperor E decides which one leaves."""
    s = phase2({"CHON": [0, 1]}, hands={0: [2, 0], 1: [2, 0]})
    s = play(s, Bid(0, 1, (2,)), Bid(1, 0, (2,)))
    assert s.conflict.tied == (0, 1) and to_act(s) == {3} and rounds(s) == []
    assert {a.leaver for a in legal_actions(s)} == {0, 1}
    assert rule_of(s, BreakTie(0, 1)) == "WL-CONF-8"                # a tied player cannot decide
    s = apply(s, BreakTie(3, 0))
    (r,) = rounds(s)
    assert r.leaver == 0 and r.decided_by_emperor == 3 and set(r.tied) == {0, 1}
    assert s.owner("CHON") == 1
    assert influence(s, 0) == (1, 0) and influence(s, 1) == (0,)    # A gets 2 - 1 = 1 back


def test_WL_CONF_8_tie_goes_to_the_emperor_even_when_he_is_tied():
    """E2, second half: had E been A, A would still decide (and may send himself out)."""
    s = phase2({"CHON": [0, 1]}, hands={0: [2, 0], 1: [2, 0]}, emperor=0)
    s = play(s, Bid(0, 1, (2,)), Bid(1, 0, (2,)))
    assert to_act(s) == {0}
    kept = apply(s, BreakTie(0, 1))
    assert kept.owner("CHON") == 0
    gone = apply(s, BreakTie(0, 0))
    assert gone.owner("CHON") == 1


def test_WL_CONF_8_the_emperor_decides_even_when_every_pressure_is_zero():
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [0], 1: [0], 2: [0]})
    s = play(s, Bid(0, 1, (0,)), Bid(1, 2, ()), Bid(2, 0, (0,)))
    assert s.conflict.tied == (0, 1, 2) and to_act(s) == {3}
    s = apply(s, BreakTie(3, 2))
    assert s.conflict.remaining == (0, 1) and s.markers_on("CHON") == (0, 1)


# -- WL-CONF-9: what happens to the cards ----------------------------------------------------

@pytest.mark.parametrize("cards,kept,kept_floor", [
    ((), 0, 0), ((0,), 0, 0), ((1,), 1, 0), ((2,), 1, 1), ((3,), 2, 1), ((1, 0), 1, 0),
    ((2, 1), 2, 1), ((3, 3), 3, 3), ((3, 3, 1), 4, 3), ((3, 3, 2, 1, 1), 5, 5),
])
@pytest.mark.parametrize("flag", [False, True])
def test_WL_CONF_9_the_loser_gets_back_V_minus_floor_half_V(cards, kept, kept_floor, flag):
    """K = V - floor(V/2); under WL_LOSER_KEEPS_FLOOR_HALF, floor(V/2). 0-cards come back."""
    rules = RuleSet.from_flags(["WL_LOSER_KEEPS_FLOOR_HALF"] if flag else [])
    s = phase2({"CHON": [0, 1]}, hands={0: [3, 3, 2, 1, 1, 0], 1: [3, 3, 3, 3, 0]}, rules=rules)
    s = play(s, Bid(0, 1, cards), Bid(1, 0, (3, 3, 3, 3)))
    (r,) = rounds(s)
    refund = kept_floor if flag else kept
    assert r.leaver == 0 and r.refund == refund
    if s.conflict is not None and s.conflict.refund_seat == 0:
        s = apply(s, legal_actions(s)[0])
    rest = list((3, 3, 2, 1, 1, 0))
    for v in cards:
        rest.remove(v)
    assert sum(influence(s, 0)) == sum(rest) + refund
    assert s.hand(0).zero == 1 and s.hand(1) == Hand(zero=1)        # the winner discards all but 0
    assert s.owner("CHON") == 1


def test_WL_CONF_9_the_refund_default_is_largest_values_first_and_any_split_is_allowed():
    """WL-CONF-9 / WL-CONF-13: K = 4 may be 3+1, 2+2, 2+1+1 or 1+1+1+1; not 3+2, not 4."""
    s = phase2({"CHON": [0, 1]}, hands={0: [3, 3, 1, 0], 1: [3, 3, 3, 0]})
    s = play(s, Bid(0, 1, (3, 3, 1)), Bid(1, 0, (3, 3, 3)))
    assert to_act(s) == {0} and s.conflict.refund_owed == 4
    assert [a.cards for a in legal_actions(s)] == [(3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)]
    assert rule_of(s, TakeRefund(0, (3, 2))) == "WL-CONF-13"
    assert rule_of(s, TakeRefund(0, (4,))) == "WL-CONF-13"
    assert rule_of(s, TakeRefund(1, (3, 1))) == "WL-CONF-9"
    assert rule_of(s, Bid(1, 0, ())) == "WL-CONF-8"
    s = apply(s, TakeRefund(0, (1, 2, 1)))
    assert influence(s, 0) == (2, 1, 1, 0)
    assert [e for e in s.events if isinstance(e, RefundTaken)] == [RefundTaken(0, (2, 1, 1), 4)]


# -- WL-CONF-10 and E1: further rounds -------------------------------------------------------

def test_E1_three_player_conflict():
    """E1 (WL-CONF-6..10): A, B, C claim; E is emperor and not involved.

    The example does not give the hands; C must hold a 2 for his round-2 commitment, so he starts
    with 2, 1, 0. B takes his 2 points back as one 2 (he could take 1+1)."""
    A, B, C, E = 0, 1, 2, 3
    s = phase2({"CHON": [A, B, C]}, hands={A: [3, 2, 1, 0], B: [3, 0], C: [2, 1, 0]})
    s = play(s, Bid(A, B, (3, 2)), Bid(B, A, (3,)), Bid(C, B, (1, 0)))
    (r1,) = rounds(s)
    assert dict(r1.pressures) == {A: 3, B: 6, C: 0}
    assert r1.leaver == B and r1.refund == 2 and r1.decided_by_emperor is None
    assert dict(r1.discarded) == {A: (3, 2), B: (3,), C: (1,)}
    assert to_act(s) == {B}                                          # B picks his 2 points
    s = apply(s, TakeRefund(B, (2,)))
    assert influence(s, B) == (2, 0) and influence(s, A) == (1, 0) and influence(s, C) == (2, 0)
    assert s.conflict.round == 2 and s.conflict.remaining == (A, C) and s.conflict.bids == ()
    assert {a.target for a in legal_actions(s, A)} == {C}            # each must name the other
    s = play(s, Bid(A, C, (1,)), Bid(C, A, (2,)))
    (r2,) = rounds(s)
    assert r2.round == 2 and dict(r2.pressures) == {A: 2, C: 1}
    assert r2.leaver == A and r2.refund == 1
    assert [e for e in s.events if isinstance(e, RefundTaken)] == [RefundTaken(A, (1,), 1)]
    assert s.owner("CHON") == C and s.chip("CHON") == "R" and s.markers_on("CHON") == ()
    assert influence(s, A) == (1, 0) and influence(s, C) == (0,) and influence(s, B) == (2, 0)
    assert s.emperor == E


def test_E1_under_loser_keeps_floor_half_B_gets_one_point_back():
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [3, 2, 1, 0], 1: [3, 0], 2: [2, 1, 0]},
               rules=RuleSet.from_flags(["WL_LOSER_KEEPS_FLOOR_HALF"]))
    s = play(s, Bid(0, 1, (3, 2)), Bid(1, 0, (3,)), Bid(2, 1, (1, 0)))
    assert rounds(s)[0].refund == 1 and influence(s, 1) == (1, 0)   # a 1 is the only split
    s = play(s, Bid(0, 2, (1,)), Bid(2, 0, (2,)))
    assert rounds(s)[0].refund == 0 and s.owner("CHON") == 2


def test_WL_CONF_10_pressure_is_counted_afresh_each_round():
    """Round 1's bids do not carry over; the dragon cards came back, so the same name may be used."""
    s = phase2({"CHON": [0, 1, 2]}, hands={0: [3, 3, 0], 1: [1, 0], 2: [3, 1, 0]})
    s = play(s, Bid(0, 1, (3,)), Bid(1, 2, (1,)), Bid(2, 1, (1,)))
    assert rounds(s)[0].leaver == 1
    assert s.conflict.round == 2 and s.conflict.bids == ()
    s = play(s, Bid(0, 2, ()), Bid(2, 0, ()))                         # 0 : 0, a fresh tie
    assert s.conflict.tied == (0, 2)
    s = apply(s, BreakTie(3, 0))
    assert s.owner("CHON") == 2


# -- WL-CONF-11 / 12 --------------------------------------------------------------------------

def test_WL_CONF_11_a_player_with_only_his_zero_card_still_takes_part():
    s = phase2({"CHON": [0, 1]}, hands={0: [0], 1: [1, 0]})
    assert {a.cards for a in legal_actions(s, 0)} == {(0,), ()}
    s = play(s, Bid(0, 1, (0,)), Bid(1, 0, (1,)))
    (r,) = rounds(s)
    assert r.leaver == 0 and r.refund == 0
    assert s.hand(0) == Hand(zero=1) and s.owner("CHON") == 1
    bluff = play(phase2({"CHON": [0, 1]}, hands={0: [0], 1: [1, 0]}), Bid(0, 1, (0,)), Bid(1, 0, ()))
    assert bluff.conflict.tied == (0, 1)                             # his bluff forced a tie


def test_WL_CONF_12_in_a_two_player_conflict_who_commits_less_is_knocked_out():
    s = phase2({"CHON": [0, 1]}, hands={0: [2, 1, 0], 1: [3, 1, 0]})
    assert {a.target for a in legal_actions(s, 0)} == {1} and {a.target for a in legal_actions(s, 1)} == {0}
    s = play(s, Bid(0, 1, (2, 1)), Bid(1, 0, (3, 1)))
    (r,) = rounds(s)
    assert r.leaver == 0 and r.refund == 2
    s = apply(s, TakeRefund(0, (2,)))
    assert s.owner("CHON") == 1
    assert influence(s, 0) == (2, 0) and influence(s, 1) == (0,)


# -- WL-CONF-13: the refund -------------------------------------------------------------------

def test_WL_CONF_13_the_refund_is_paid_at_once_and_can_be_used_in_a_later_province():
    s = phase2({"GONG": [0, 1], "HANZ": [1, 2]}, hands={0: [3, 2, 0], 1: [3, 0], 2: [1, 0]})
    s = play(s, ChooseProvince(3, "GONG"), Bid(0, 1, (3, 2)), Bid(1, 0, (3,)))
    s = apply(s, TakeRefund(1, (1, 1)))
    assert influence(s, 1) == (1, 1, 0) and s.owner("GONG") == 0
    assert s.board.provinces[s.conflict.province].id == "HANZ"       # the last claim comes up
    assert Bid(1, 2, (1, 1)) in legal_actions(s, 1)
    s = play(s, Bid(1, 2, (1, 1)), Bid(2, 1, (1,)))
    assert s.owner("HANZ") == 1


def test_WL_CONF_13_losing_with_a_single_one_costs_nothing():
    s = phase2({"CHON": [0, 1]}, hands={0: [1, 0], 1: [2, 0]})
    s = play(s, Bid(0, 1, (1,)), Bid(1, 0, (2,)))                    # no refund choice to make
    assert s.owner("CHON") == 1 and influence(s, 0) == (1, 0)


FINITE = RuleSet.from_flags(["WL_FINITE_SUPPLY"])


def test_WL_CONF_13_finite_supply_pays_exactly_K_counting_the_cards_just_discarded():
    """No 1 or 2 is in the supply before the reveal; A's discarded 2 pays B's refund of 2."""
    hands = {0: [3, 2, 0], 1: [3, 0], 2: [2] * 27 + [1] * 28 + [0], 3: [0]}
    s = phase2({"CHON": [0, 1]}, hands=hands, rules=FINITE)
    assert s.supply[:3] == (0, 0, 26)
    s = play(s, Bid(0, 1, (3, 2)), Bid(1, 0, (3,)))
    assert [e for e in s.events if isinstance(e, RefundTaken)] == [RefundTaken(1, (2,), 2)]
    assert influence(s, 1) == (2, 0) and s.supply[:3] == (0, 0, 28)


@pytest.mark.parametrize("ones_in_supply,paid", [(0, ()), (1, (1,))])
def test_WL_CONF_13_finite_supply_pays_the_largest_total_below_K_when_short(ones_in_supply, paid):
    hands = {0: [3, 3, 0], 1: [3, 0], 2: [2] * 28 + [1] * (28 - ones_in_supply) + [0], 3: [0]}
    s = phase2({"CHON": [0, 1]}, hands=hands, rules=FINITE)
    s = play(s, Bid(0, 1, (3, 3)), Bid(1, 0, (3,)))
    assert [e for e in s.events if isinstance(e, RefundTaken)] == [RefundTaken(1, paid, 2)]
    assert influence(s, 1) == (*paid, 0) and s.owner("CHON") == 0
    assert s.supply[0] == 0


# -- WL-CONF-14 -------------------------------------------------------------------------------

def test_WL_CONF_14_settling_returns_every_marker_and_a_tie_names_exactly_one_tied_player():
    s = phase2({"CHON": [0, 1, 2], "GONG": [0]}, hands={0: [1, 0], 1: [1, 0], 2: [3, 0]})
    s = play(s, ChooseProvince(3, "CHON"), Bid(0, 1, (1,)), Bid(1, 0, (1,)), Bid(2, 0, ()))
    assert s.conflict.tied == (0, 1)
    assert rule_of(s, BreakTie(3, 2)) == "WL-CONF-14"                # 2 is not among the tied
    s = apply(s, BreakTie(3, 1))
    assert s.markers_on("CHON") == (0, 2)
    s = play(s, Bid(0, 2, ()), Bid(2, 0, (3,)))
    assert s.owner("CHON") == 2
    assert s.markers_on("CHON") == () and s.markers_on("GONG") == ()
    assert not any(s.markers)
