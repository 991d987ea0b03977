"""The explorer's battle what-if: the dice rolled at a battle, set by hand, a new line from there."""

from __future__ import annotations

from lotus_kit.core.records import GameRecord
from lotus_kit.samurai import actions as A
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.whatif import ChosenDice
from lotus_kit.ui.explorer import Explorer
from tests.samurai.helpers import dice_seed, seat

SEATS = [seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat()]


def record() -> GameRecord:
    """Red (1 die) attacks Blue (1 die, a castle, the Shogun card), rolls 2 against 5 and ends the turn."""
    desc = {"players": 3, "active": 0, "shogun": 1, "seed": dice_seed([2, 5]), "seats": SEATS}
    return GameRecord("samurai", {"position": desc}, (), (A.Attack(0, 1), A.EndTurn(0)))


def test_the_battle_step_shows_the_dice_rolled_and_other_steps_none():
    ex = Explorer(record())
    ex.go(0)
    assert ex.what_if_section.layout.display != "none" and not ex.what_if_button.disabled
    assert [t.value for t in ex.what_if_dice] == ["2", "5"]
    assert "Blue wins" in ex.what_if_rolled.value and "SAM-BAT-3" in ex.what_if_rolled.value
    ex.go(1)
    assert ex.what_if_button.disabled and ex.what_if_dice[0].value == ""


def test_SAM_BAT_4_5_6_four_more_for_the_attacker_branches_into_a_won_battle():
    ex = Explorer(record())
    ex.go(0)
    for _ in range(4):                                       # "what if he had rolled 4 more?"
        ex.nudge_dice(0, +1)
    assert ex.what_if_dice[0].value == "6"
    ok, message = ex.roll_what_if()
    assert ok, message
    assert not ex.node.is_root and ex.node.index == 0
    assert ex.line.actions[0] == ChosenDice(0, A.Attack(0, 1), (((6,), (5,)),))
    after = ex.line.states[1]
    assert after.last_battle["winner"] == 0                  # SAM-BAT-3: 6 beats 5
    assert after[E.MODE] == E.CASTLE_CHOICE                  # SAM-BAT-5: Red decides about Blue's castle
    final = ex.line.final
    assert final.is_ronin(1) and not final.is_ronin(0)       # SAM-BAT-4: Blue loses his Daimyo house
    assert final.shogun_holder == 0                          # SAM-BAT-6
    assert type(final[E.RNG]) is int                         # the branch plays on from a seeded state
    original = ex.tree.root.line.final
    assert original.is_ronin(0) and original.shogun_holder == 1


def test_impossible_dice_are_refused_with_the_rule_and_nothing_changes():
    ex = Explorer(record())
    ex.go(0)
    for dice, rule in ((("6 6", "5"), "SAM-BAT-2"), (("7", "5"), "SAM-BAT-3"), (("x", "5"), "SAM-BAT-3"),
                       (("5", "5"), "SAM-BAT-3")):
        ex.set_dice(*dice)
        ok, message = ex.roll_what_if()
        assert not ok and rule in message and "\n" not in message, message
        assert len(ex.tree) == 1 and ex.node.is_root and ex.step == 0
        assert rule in ex.what_if_message.value


def test_the_default_game_replays_bit_exact_without_a_what_if():
    ex = Explorer(record())
    again = record().states()
    assert [tuple(s) for s in ex.line.states] == [tuple(s) for s in again]
    assert ex.line.states[1].last_battle["attacker_dice"] == (2,)


def test_a_game_without_the_tool_keeps_the_section_off_the_page():
    ex = Explorer("notebooks/data/showcase-4p.json")
    assert ex.what_if is None and ex.what_if_section.layout.display == "none"
