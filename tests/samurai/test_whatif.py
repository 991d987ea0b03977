"""A battle replayed with chosen dice (SAM-BAT-2, SAM-BAT-3): the what-if of the explorer."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.samurai import actions as A
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.whatif import ChosenDice, rolled, with_dice
from tests.samurai.helpers import G, dice_seed, seat, table


def lost_battle():
    """Red (1 die) attacks Blue (1 die, a castle, the Shogun card) and rolls 2 against 5."""
    return table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
                 shogun=1, seed=dice_seed([2, 5]))


def test_SAM_BAT_3_the_recorded_battle_is_lost_by_the_attacker():
    after = G.apply(lost_battle(), A.Attack(0, 1))
    assert rolled(after) == (((2,), (5,)), 0)
    assert after.is_ronin(0) and after.shogun_holder == 1 and not after.is_ronin(1)


def test_SAM_BAT_4_5_6_four_more_on_the_attackers_die_wins_the_battle_house_castle_and_shogun():
    before = lost_battle()
    after, words = with_dice(before, A.Attack(0, 1), [((6,), (5,))])
    assert rolled(after) == (((6,), (5,)), 0)
    assert "Red wins" in words and "SAM-BAT-4" in words
    assert G.decision(after).kind == "castle_choice" and G.to_act(after) == frozenset({0})   # SAM-BAT-5
    done = G.apply(after, A.CastleChoice(0, "take"))
    assert done.is_ronin(1) and not done.is_ronin(0)                # SAM-BAT-4: the loser's Daimyo house
    assert done.shogun_holder == 0                                   # SAM-BAT-6
    assert done[E.SEATS + E.DH + E.CASTLE] != 0                      # the castle is Red's now


def test_the_what_if_state_is_seeded_again_and_later_draws_are_the_recorded_lines():
    before = lost_battle()
    recorded = G.apply(before, A.Attack(0, 1))
    after, _ = with_dice(before, A.Attack(0, 1), [((6,), (5,))])
    assert type(after[E.RNG]) is int and after[E.RNG] == recorded[E.RNG]
    assert after[E.RNG] != before[E.RNG]


def test_SAM_BAT_3_ties_need_their_reroll_and_a_reroll_is_honoured():
    before = lost_battle()
    after, words = with_dice(before, A.Attack(0, 1), [((3,), (3,)), ((1,), (4,))])
    assert rolled(after) == (((1,), (4,)), 1) and "1 tied roll" in words
    with pytest.raises(IllegalAction) as info:
        with_dice(before, A.Attack(0, 1), [((3,), (3,))])
    assert info.value.rule == "SAM-BAT-3" and "rerolled" in str(info.value)


@pytest.mark.parametrize(("rolls", "rule"), [
    ([((6, 6), (5,))], "SAM-BAT-2"),         # the attacker has one die
    ([((7,), (5,))], "SAM-BAT-3"),           # a die shows 1 to 6
    ([((0,), (5,))], "SAM-BAT-3"),
    ([((6,), (5,)), ((2,), (1,))], "SAM-BAT-3"),   # no reroll after a roll that is not a tie
])
def test_impossible_dice_are_refused_with_the_rule_and_nothing_changes(rolls, rule):
    before = lost_battle()
    keep = tuple(before)
    with pytest.raises(IllegalAction) as info:
        with_dice(before, A.Attack(0, 1), rolls)
    assert info.value.rule == rule and "\n" not in str(info.value)
    with pytest.raises(IllegalAction):
        G.apply(before, ChosenDice(0, A.Attack(0, 1), tuple(rolls)))
    assert tuple(before) == keep


def test_SAM_DEC_4_dice_only_for_a_legal_attack():
    with pytest.raises(IllegalAction) as info:
        with_dice(lost_battle(), A.Attack(0, 2), [((6,), ())])
    assert info.value.rule == "SAM-DEC-4"


def test_chosen_dice_as_an_action_and_the_seeded_game_unchanged():
    before = lost_battle()
    a = G.apply(before, ChosenDice(0, A.Attack(0, 1), (((6,), (5,)),)))
    assert tuple(a) == tuple(with_dice(before, A.Attack(0, 1), [((6,), (5,))])[0])
    assert "dice chosen: 6 against 5" in G.describe(ChosenDice(0, A.Attack(0, 1), (((6,), (5,)),)), before)
    assert tuple(G.apply(before, A.Attack(0, 1))) == tuple(G.apply(lost_battle(), A.Attack(0, 1)))
