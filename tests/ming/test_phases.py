"""Phases 1 to 3 and deployment (MING-PH1-*, MING-PH2-*, MING-PH3-*, MING-DEP-*, MING-CLAR-4..9)."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ming.actions import (
    Deploy,
    Move,
    Pass,
    PlaceMember,
    PlacePrince,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.engine import apply, legal_actions, new_game
from lotus_kit.ming.rules import RuleSet
from tests.ming.helpers import pos


def _after_princes(players: int = 3, start: int = 0):
    s = new_game(players, seed=7, start_player=start)
    for i in range(players):
        s = apply(s, PlacePrince((start + i) % players, ["P1.T", "P3.T", "P5.L", "P6.R"][i]))
    return s


def test_MING_PH1_1_PH1_2_CLAR_4_five_pieces_each_placed_one_at_a_time_clockwise():
    s = _after_princes(3, start=1)
    assert [s.in_hand(x) for x in range(3)] == [5, 5, 5] and s.personal_supply(0) == 25
    order = []
    for _ in range(15):                      # MING-CLAR-4: exactly 5 x n turns
        order.append(s.current_seat)
        s = apply(s, PlaceMember(s.current_seat, "RED"))     # any number may share a space
    assert order == [1, 2, 0] * 5
    assert s.phase == "phase2" and [s.spaces(x)["RED"] for x in range(3)] == [5, 5, 5]


def test_MING_PH1_2_unknown_space_is_refused_and_nothing_changes():
    s = _after_princes()
    with pytest.raises(IllegalAction, match=r"MING-PH1-2: there is no province space 'PINK'"):
        apply(s, PlaceMember(0, "PINK"))
    with pytest.raises(IllegalAction, match=r"MING-RND-2: it is Black's turn"):
        apply(s, PlaceMember(1, "RED"))
    assert s.in_hand(0) == 5


def _phase2(**kw):
    seats = {0: {"spaces": {"RED": 2}, "hand": {"DRAGON": 1}}, 1: {"spaces": {"BLUE": 1}}, 2: {"spaces": {"RED": 1}}}
    display = {"RED": "HORSE", "YELLOW": "JUNK", "GREEN": "CAMEL", "BLUE": "OXCART", "PURPLE": "HORSE",
               "ORANGE": "RICKSHAW"}
    return pos(3, seats=seats, round=1, phase="phase2", start_player=0, turn=0, display=display, **kw)


def test_MING_PH2_2a_CLAR_6_take_the_displayed_card_and_refill_from_the_supply_top():
    s = _phase2()
    top = s.data  # the supply order is in the description, so the refill is known
    from lotus_kit.ming.position import description
    supply = description(s)["supply"]
    s2 = apply(s, TakeCard(0, "RED"))
    assert s2.hand(0) == {"HORSE": 1, "DRAGON": 1} and s2.spaces(0)["RED"] == 2      # the pieces stay
    assert s2.display["RED"] == supply[0] and s2.supply_size == s.supply_size - 1
    assert s.data == top                                                             # the old state unchanged
    with pytest.raises(IllegalAction, match=r"MING-PH2-2: White has no family member on the RED province space"):
        apply(s2, TakeCard(1, "RED"))


def test_MING_PH2_2b_dragon_costs_one_own_piece_from_a_space_to_the_box():
    s = apply(_phase2(), TakeDragon(0, "RED"))
    assert s.hand(0) == {"DRAGON": 2} and s.spaces(0)["RED"] == 1 and s.boxed(0) == 1
    assert s.dragon_supply == 18 - 4


def test_MING_CLAR_5_no_dragon_option_when_the_dragon_supply_is_empty():
    # 18 dragons: 5 + 5 + 5 in three hands, 3 more would exceed hands; use 4 players' hands instead
    seats = {0: {"spaces": {"RED": 1}, "hand": {"DRAGON": 4}}, 1: {"hand": {"DRAGON": 5}},
             2: {"hand": {"DRAGON": 5}}, 3: {"hand": {"DRAGON": 4}}}
    s = pos(4, seats=seats, round=1, phase="phase2", turn=0)
    assert s.dragon_supply == 0
    assert [a.kind for a in legal_actions(s)] == ["take_card"]
    with pytest.raises(IllegalAction, match=r"MING-CLAR-5: the dragon supply is empty"):
        apply(s, TakeDragon(0, "RED"))


def test_MING_CLAR_6_an_empty_supply_is_refilled_by_shuffling_the_discards():
    from lotus_kit.ming.position import description
    s = _phase2()
    d = description(s)
    d["discards"] = {"CAMEL": 3}
    d["supply"] = []
    # every other card must be somewhere: give the rest to discards too
    import collections
    rest = collections.Counter({"HORSE": 9, "RICKSHAW": 9, "JUNK": 9, "CAMEL": 9, "PALANQUIN": 9, "OXCART": 9})
    rest.subtract(d["display"].values())
    d["discards"] = {k: v for k, v in rest.items() if v}
    from lotus_kit.ming.position import position
    s = position(d)
    s2 = apply(s, TakeCard(0, "RED"))
    assert s2.discards == {} and s2.supply_size == 48 - 1 and sum(rest.values()) == 48


def test_MING_PH2_1_PH2_3_CLAR_5_full_hands_and_players_without_space_pieces_are_skipped():
    seats = {0: {"spaces": {"RED": 1}, "hand": {"DRAGON": 1, "HORSE": 4}},    # 5 cards: done
             1: {"hand": {"DRAGON": 1}},                                         # no piece on a space: done
             2: {"spaces": {"RED": 3}, "hand": {"DRAGON": 1, "JUNK": 1}}}
    s = pos(3, seats=seats, round=1, phase="phase2", turn=2)
    turns = 0
    while s.phase == "phase2":
        assert s.current_seat == 2
        s = apply(s, TakeCard(2, "RED"))
        turns += 1
    assert turns == 3 and s.hand_size(2) == 5 and s.hand_size(1) == 1       # Σ(5 - cards) for those who can


def _phase3(seats, players=3, **kw):
    return pos(players, seats=seats, round=1, phase="phase3", start_player=0, turn=0, **kw)


def test_MING_PH3_2_a_step_needs_the_border_transport_or_a_dragon():
    s = _phase3({0: {"prince": "P1.T", "hand": {"HORSE": 1, "JUNK": 1}}})
    moves = {(a.to, a.cards) for a in legal_actions(s) if isinstance(a, Move)}
    assert ("P1.L", ("HORSE",)) in moves                  # P1.T–P1.L shows HORSE
    assert ("P1.R", ("JUNK",)) not in moves               # P1.T–P1.R shows RICKSHAW
    with pytest.raises(IllegalAction, match=r"MING-CLAR-7: no walk from P1.T to P1.R"):
        apply(s, Move(0, "P1.R", ("JUNK",)))
    s2 = apply(s, Move(0, "P1.L", ("HORSE",)))
    assert s2.prince(0) == "P1.L" and s2.hand(0) == {"JUNK": 1} and s2.discards == {"HORSE": 1}


def test_MING_PH3_2_CLAR_7_walks_of_several_steps_and_dragons_as_any_transport():
    s = _phase3({0: {"prince": "P1.T", "hand": {"RICKSHAW": 1, "JUNK": 1, "DRAGON": 1}}})
    moves = {(a.to, a.cards) for a in legal_actions(s) if isinstance(a, Move)}
    assert ("P2.L", ("RICKSHAW", "JUNK")) in moves        # P1.T -RICKSHAW- P1.R -JUNK- P2.L
    assert ("P1.L", ("DRAGON",)) in moves                 # a dragon crosses any border
    assert ("P1.L", ("RICKSHAW", "JUNK")) in moves        # MING-CLAR-20 (c): a longer walk is legal
    assert ("P4.T", ("RICKSHAW", "DRAGON")) in moves      # P1.R–P4.T (PALANQUIN) paid by the dragon
    s2 = apply(s, Move(0, "P4.T", ("RICKSHAW", "DRAGON")))
    assert s2.dragon_supply == s.dragon_supply + 1 and s2.discards == {"RICKSHAW": 1}   # MING-CLAR-6


def test_MING_CLAR_7_a_round_trip_is_not_a_move():
    s = _phase3({0: {"prince": "P1.T", "hand": {"HORSE": 2}}})
    assert not any(isinstance(a, Move) and a.to == "P1.T" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match=r"MING-CLAR-7: the prince is already in P1.T"):
        apply(s, Move(0, "P1.T", ("HORSE", "HORSE")))


def test_MING_PH3_3_BRD_2_pass_through_a_prince_but_never_end_there():
    s = _phase3({0: {"prince": "P1.T", "hand": {"RICKSHAW": 1, "JUNK": 1}}, 1: {"prince": "P1.R"}})
    moves = {(a.to, a.cards) for a in legal_actions(s) if isinstance(a, Move)}
    assert ("P2.L", ("RICKSHAW", "JUNK")) in moves
    assert all(to != "P1.R" for to, _ in moves)
    with pytest.raises(IllegalAction, match=r"MING-PH3-3: another prince stands in P1.R"):
        apply(s, Move(0, "P1.R", ("RICKSHAW",)))


def test_MING_PH3_2_paying_cards_not_held_is_refused():
    s = _phase3({0: {"prince": "P1.T", "hand": {"HORSE": 1}}})
    with pytest.raises(IllegalAction, match=r"MING-PH3-2: Black holds 0 DRAGON"):
        apply(s, Move(0, "P1.L", ("DRAGON",)))


def test_MING_PH3_4_PH3_5_stay_discards_one_card_pass_is_final_for_the_phase():
    s = _phase3({0: {"hand": {"HORSE": 2}}, 1: {"hand": {"JUNK": 1}}, 2: {"hand": {"CAMEL": 1}}})
    s = apply(s, Stay(0, "HORSE"))
    assert s.hand(0) == {"HORSE": 1} and s.prince(0) == "P6.R" and s.current_seat == 1
    with pytest.raises(IllegalAction, match=r"MING-PH3-4: White holds no HORSE"):
        apply(s, Stay(1, "HORSE"))
    s = apply(s, Pass(1))
    s = apply(s, Stay(2, "CAMEL"))      # Grey is out of cards now: the engine passes for him (MING-CLAR-8)
    assert s.current_seat == 0          # MING-PH3-1: a player acts several times in one phase
    s = apply(s, Stay(0, "HORSE"))
    # every player has passed or is out of cards: round 1 ends without a scoring (MING-RND-1)
    assert s.round == 2 and s.phase == "phase1" and s.start_player == 1    # MING-END-1


def test_MING_RND_3_unspent_cards_stay_in_hand_for_the_next_round():
    s = _phase3({0: {"hand": {"HORSE": 2, "DRAGON": 1}}, 1: {"hand": {}}, 2: {"hand": {}}})
    s = apply(s, Pass(0))
    assert s.round == 2 and s.hand(0) == {"HORSE": 2, "DRAGON": 1}


def _deploy_pos(seats, players=3, **kw):
    s = _phase3(seats, players, **kw)
    return apply(s, Stay(0, "HORSE"))


def test_MING_PH3_6_DEP_1_CLAR_9_up_to_three_from_the_matching_space_only():
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 5, "RED": 4}}})
    assert s.phase == "deploy"
    assert sorted((a.count, a.cloister) for a in legal_actions(s)) == [
        (0, False), (1, False), (1, True), (2, False), (2, True), (3, False), (3, True)]
    with pytest.raises(IllegalAction, match=r"MING-DEP-1: Black may deploy at most 3"):
        apply(s, Deploy(0, 4, False))
    s2 = apply(s, Deploy(0, 3, True))
    assert s2.open_area("P2.T") == {"Black": 2} and s2.cloister("P2.T") == "Black"
    assert s2.spaces(0) == {"RED": 4, "YELLOW": 2, "GREEN": 0, "BLUE": 0, "PURPLE": 0, "ORANGE": 0}


def test_MING_DEP_1_fewer_pieces_on_the_space_than_three():
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 1}}})
    assert sorted((a.count, a.cloister) for a in legal_actions(s)) == [(0, False), (1, False), (1, True)]


def test_MING_CLAR_9_nothing_to_deploy_is_not_asked():
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"RED": 3}}})
    assert s.phase == "phase3" and s.current_seat == 1


def test_MING_DEP_3_CLAR_9_another_colour_is_ousted_to_the_open_area_own_never():
    districts = {"P2.T": {"cloister": "White", "open": {"White": 1}}}
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 2}}}, districts=districts)
    s2 = apply(s, Deploy(0, 1, True))
    assert s2.cloister("P2.T") == "Black" and s2.open_area("P2.T") == {"White": 2}
    districts = {"P2.T": {"cloister": "Black"}}
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 2}}},
                    districts=districts, flags=["NO_CLOISTER_LOCK"])
    assert all(not a.cloister for a in legal_actions(s))
    with pytest.raises(IllegalAction, match=r"MING-DEP-3: Black's own piece is in this cloister"):
        apply(s, Deploy(0, 1, True))


def test_MING_DEP_4_own_cloister_piece_locks_the_district_unless_NO_CLOISTER_LOCK():
    districts = {"P2.T": {"cloister": "Black"}}
    seats = {0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 3}}}
    s = _deploy_pos(seats, districts=districts)
    assert s.phase == "phase3" and s.current_seat == 1 and s.spaces(0)["YELLOW"] == 3   # k = 0, not asked
    s = _deploy_pos(seats, districts=districts, flags=["NO_CLOISTER_LOCK"])
    assert s.phase == "deploy" and max(a.count for a in legal_actions(s)) == 3
    assert RuleSet.from_flags(["NO_CLOISTER_LOCK"]).no_cloister_lock


def test_MING_DEP_2_a_cloister_piece_must_be_one_of_the_deployed():
    s = _deploy_pos({0: {"prince": "P2.T", "hand": {"HORSE": 1}, "spaces": {"YELLOW": 2}}})
    with pytest.raises(IllegalAction, match=r"MING-DEP-2"):
        apply(s, Deploy(0, 0, True))


def test_MING_RND_2_out_of_turn_and_wrong_phase_are_refused_with_the_state_unchanged():
    s = _phase3({0: {"hand": {"HORSE": 1}}})
    before = s.data
    with pytest.raises(IllegalAction, match=r"MING-RND-2: it is Black's turn to move, stay or pass, not White's"):
        apply(s, Pass(1))
    with pytest.raises(IllegalAction, match=r"MING-RND-2: now is the time to move, stay or pass, not to place prince"):
        apply(s, PlacePrince(0, "P1.T"))
    assert s.data == before


def test_MING_CLAR_6_PH2_1_a_raw_state_with_a_negative_or_oversized_hand_lists_phase_3_from_the_cards_held():
    """A State made from raw ints may break the card invariants (position() refuses such hands). Its
    phase-3 list still comes at once, from the cards actually held (a count below 0 reads as none),
    and check_invariants names the broken count."""
    import random

    from lotus_kit.ming.engine import check_invariants
    from lotus_kit.ming.state import G_PHASE, G_TURN, PHASE3, State

    rng, s = random.Random(3), new_game(3, seed=3)
    while s.data[G_PHASE] != PHASE3:
        s = apply(s, rng.choice(legal_actions(s, min(s.to_act_seats))))
    t, who = s.table, s.data[G_TURN]
    o = t.seat(who) + t.hand

    def with_hand(counts):
        d = list(s.data)
        d[o:o + t.kinds + 1] = counts
        return State(tuple(d), t)

    negative = with_hand([-1, 2, 0, 0, 0, 0, 1])
    broken = check_invariants(negative)
    assert any(x.startswith("MING-CLAR-6") and f"holds -1 {t.card_names[0]} cards" in x for x in broken)
    as_none = legal_actions(with_hand([0, 2, 0, 0, 0, 0, 1]))
    assert list(legal_actions(negative)) == list(as_none)
    assert Stay(who, t.card_names[0]) not in legal_actions(negative)
    big = with_hand([3, 2, 1, 0, 0, 0, 1])                      # 7 cards: more than MING-PH2-1 allows
    acts = legal_actions(big)
    assert Stay(who, t.card_names[0]) in acts and Pass(who) == acts[-1]
    assert "MING-PH2-1" in " ".join(check_invariants(big))
