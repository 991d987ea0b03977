"""Phase 2, thawing: moving, removing, taking back, tokens after a move."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.winter.actions import Decline, MoveCard, PlaceToken, RemoveCard, TakeBack
from lotus_kit.winter.game import WINTER
from tests.winter.helpers import lake, legal

TOUCHING_ORIGIN = {(2, -1), (2, 0), (2, 1), (-2, -1), (-2, 0), (-2, 1),
                   (-1, 2), (0, 2), (1, 2), (-1, -2), (0, -2), (1, -2)}


def _moves_of(state, x, y):
    return {(a.to_x, a.to_y, a.turn) for a in legal(state) if isinstance(a, MoveCard) and (a.x, a.y) == (x, y)}


def test_WIN_PH2_1_WIN_CLAR_7_WIN_CLAR_15_moves_of_a_two_card_lake_worked_out_by_hand():
    # two LL/DD cards: the card at (2, 0) may go on every spot touching (0, 0), either way up, except
    # back unchanged (WIN-CLAR-7 (c)) and to (-2, 0) unturned: that lake is the same one shifted
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"))
    kept = {(x, y, False) for x, y in TOUCHING_ORIGIN - {(2, 0), (-2, 0)}}
    turned = {(x, y, True) for x, y in TOUCHING_ORIGIN}
    assert _moves_of(s, 2, 0) == kept | turned
    assert len(legal(s)) == 2 * 22 + 2                  # both cards' moves and two removals
    with pytest.raises(IllegalAction, match=r"WIN-CLAR-7: .*same as before, only shifted"):
        WINTER.apply(s, MoveCard(2, 0, -2, 0))
    with pytest.raises(IllegalAction, match="WIN-CLAR-7: laying the card back unchanged"):
        WINTER.apply(s, MoveCard(2, 0, 2, 0))


def test_WIN_CLAR_7_a_card_whose_lifting_splits_the_lake_must_touch_every_part():
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"), (4, 0, "LL/DD"))
    assert _moves_of(s, 2, 0) == {(2, -1, False), (2, 1, False), (2, -1, True), (2, 0, True), (2, 1, True)}
    with pytest.raises(IllegalAction, match=r"WIN-CLAR-7: .*not be one connected piece"):
        WINTER.apply(s, MoveCard(2, 0, 0, 2))


def test_WIN_CLAR_7_a_lone_card_cannot_move_only_be_removed():
    s = lake((0, 0, "LL/DD"))
    assert legal(s) == [RemoveCard(0, 0)]


def test_WIN_CLAR_7_a_card_that_looks_the_same_turned_cannot_turn_in_place():
    s = lake((0, 0, "LD/DL"), (2, 0, "LL/DD"))
    assert (0, 0, True) not in _moves_of(s, 0, 0) and (2, 0, True) in _moves_of(s, 2, 0)
    with pytest.raises(IllegalAction, match="WIN-CLAR-7: this card looks the same turned"):
        WINTER.apply(s, MoveCard(0, 0, 0, 0, turn=True))


def test_WIN_CLAR_7_NO_ROTATE_IN_PLACE_and_MOVE_KEEPS_ORIENTATION():
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"), flags=["NO_ROTATE_IN_PLACE"])
    assert (2, 0, True) not in _moves_of(s, 2, 0)
    with pytest.raises(IllegalAction, match="NO_ROTATE_IN_PLACE"):
        WINTER.apply(s, MoveCard(2, 0, 2, 0, turn=True))
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"), flags=["MOVE_KEEPS_ORIENTATION"])
    assert {t for _, _, t in _moves_of(s, 2, 0)} == {False}
    with pytest.raises(IllegalAction, match="MOVE_KEEPS_ORIENTATION"):
        WINTER.apply(s, MoveCard(2, 0, 2, 1, turn=True))


def test_WIN_PH2_1_WIN_CLAR_8_a_move_forming_a_square_of_his_colour_gives_the_mover_one_token():
    # seat 0 (dark) turns W12 in place: LD/LD -> DL/DL, and window (1, 0) becomes dark
    s = lake((0, 0, "LD/LD"), (2, 0, "LD/LD"), (4, 0, "LL/DD"), colours=("dark", "light"))
    s = WINTER.apply(s, MoveCard(2, 0, 2, 0, turn=True))
    assert s.phase == "thaw_token" and s.to_move == 0 and WINTER.decision(s).kind == "token_after_move"
    assert legal(s) == [PlaceToken(1, 0), Decline()]
    placed = WINTER.apply(s, PlaceToken(1, 0))
    assert placed.tokens == (((1, 0),), ()) and placed.supplies == (8, 9) and placed.to_move == 1
    assert placed.thaw_turns == 1                          # the turn with its token counts once
    declined = WINTER.apply(s, Decline())
    assert declined.tokens == ((), ()) and declined.to_move == 1


def test_WIN_PH2_2_WIN_CLAR_8_a_square_formed_for_the_opponent_gives_nobody_a_token():
    s = lake((0, 0, "LD/LD"), (2, 0, "LD/LD"), colours=("light", "dark"))
    s = WINTER.apply(s, MoveCard(2, 0, 2, 0, turn=True))     # light seat 0 forms a dark square
    assert s.phase == "thaw" and s.to_move == 1
    assert not any(isinstance(a, PlaceToken) for a in legal(s))  # no token placement outside WIN-CLAR-8
    with pytest.raises(IllegalAction, match="WIN-PH2-2"):
        WINTER.apply(s, PlaceToken(1, 0))


def test_WIN_CLAR_8_a_square_whose_token_was_taken_back_is_not_new():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(0, 1, 0)], colours=("dark", "light"))
    s = WINTER.apply(s, TakeBack(1, 0))
    assert s.supplies == (9, 9) and s.tokens == ((), ())
    s = WINTER.apply(s, RemoveCard(4, 0))                  # seat 1
    s = WINTER.apply(s, MoveCard(2, 0, 0, 2, turn=False))  # seat 0 moves the card away: no new square
    assert s.phase == "thaw" and s.to_move == 1


def test_WIN_CLAR_10_with_no_free_card_he_must_take_back_a_token():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), tokens=[(1, 1, 0)], to_move=1)
    assert legal(s) == [TakeBack(1, 0)]
    s = WINTER.apply(s, TakeBack(1, 0))
    assert s.supplies == (9, 9) and s.free == ((0, 0), (2, 0)) and s.to_move == 0


def test_WIN_BGA_2_no_take_back_under_BGA_HELP():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(1, 1, 0)], to_move=1, flags=["BGA_HELP"])
    assert not any(isinstance(a, TakeBack) for a in legal(s))
    with pytest.raises(IllegalAction, match="WIN-BGA-2"):
        WINTER.apply(s, TakeBack(1, 0))


def test_WIN_PH2_1_taking_back_needs_his_own_token():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(1, 1, 0)], to_move=0)
    with pytest.raises(IllegalAction, match="WIN-PH2-1: you have no token on that square"):
        WINTER.apply(s, TakeBack(1, 0))
