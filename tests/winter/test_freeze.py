"""Phase 1, freezing: DEVIR's lay-or-token turns and BGA_HELP's lay-then-claim turns."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.winter.actions import ChooseColour, Decline, DrawCard, Lay, PlaceToken
from lotus_kit.winter.game import WINTER
from tests.winter.helpers import legal, play, setup


def test_WIN_PH1_1_WIN_CLAR_3_lay_a_card_is_chosen_before_the_card_is_seen_then_laid_in_the_same_turn():
    s = setup("W01", "W02", more=["W03"])
    assert s.phase == "freeze" and s.card_in_hand is None and s.deck_left == 16
    s = WINTER.apply(s, DrawCard())
    assert s.phase == "freeze_lay" and s.card_in_hand == "W03" and s.to_move == 0 and s.deck_left == 15
    assert all(isinstance(a, Lay) for a in legal(s))
    s = WINTER.apply(s, Lay(4, 0))
    assert s.to_move == 1 and s.phase == "freeze" and len(s.lake) == 3


def test_WIN_CLAR_4_a_turn_never_both_lays_a_card_and_places_a_token():
    # seat 0 (dark) lays W13 turned beside W12 and so forms dark square (3, 0); his turn still ends
    s = setup("W11", "W12", at=(2, 0), second_colour="light", more=["W13"])
    s = play(s, DrawCard(), Lay(4, 0, turned=True))
    assert s.to_move == 1 and s.phase == "freeze"
    assert PlaceToken(3, 0) not in legal(s)              # seat 1 is light
    s = play(s, DrawCard(), Lay(-2, 0))
    assert PlaceToken(3, 0) in legal(s)                  # seat 0 may claim it on a later turn


def test_WIN_PH1_2_no_token_from_an_empty_supply():
    # 8 tokens out of the game (MELTED_TOKENS_OUT_OF_GAME) and 1 more placed: an empty supply, and with
    # NO_END_ON_EMPTY_SUPPLY the game goes on without tokens for him
    flags = ["MELTED_TOKENS_OUT_OF_GAME", "NO_END_ON_EMPTY_SUPPLY"]
    s = setup("W11", "W12", at=(2, 0), turned=True, second_colour="light", flags=flags)
    s = WINTER.position({"phase": "freeze", "flags": flags, "colours": ["dark", "light"], "to_move": 0,
                         "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
                         "supplies": [0, 9], "deck": [i for i in s.deck.ids if i not in ("W11", "W12")]})
    assert legal(s) == [DrawCard()]
    with pytest.raises(IllegalAction, match="WIN-PH1-2: you have no token left"):
        WINTER.apply(s, PlaceToken(1, 0))


def _lay_all(s):
    """Lay every card at the first legal spot, never a token."""
    while s.phase in ("freeze", "freeze_lay"):
        s = WINTER.apply(s, DrawCard() if s.phase == "freeze" else legal(s)[0])
    return s


def test_WIN_PH1_3_the_thaw_starts_with_the_other_player_once_the_last_card_lies():
    # 16 card turns alternate from seat 0, so seat 1 lays the last card and seat 0 thaws first
    s = _lay_all(setup("W01", "W02"))
    assert s.phase == "thaw" and s.deck_left == 0 and len(s.lake) == 18 and s.to_move == 0
    s = _lay_all(setup("W01", "W02", flags=["SECOND_PLAYER_STARTS"]))
    assert s.phase == "thaw" and s.to_move == 1


# ------------------------------------------------------------------ BGA_HELP

def test_WIN_BGA_1_every_turn_lays_the_card_turned_up_at_its_start():
    s = setup("W01", "W02", flags=["BGA_HELP"], more=["W03"])
    assert s.phase == "freeze_lay" and s.card_in_hand == "W03"
    assert all(isinstance(a, Lay) for a in legal(s))
    with pytest.raises(IllegalAction, match="WIN-BGA-1"):
        WINTER.apply(s, DrawCard())


def test_WIN_CLAR_5_the_player_of_the_colour_claims_the_square_the_laid_card_formed_even_on_the_other_turn():
    # seat 0 (light) lays W13 turned at (4, 0): dark square (3, 0) with W12; seat 1 (dark) may claim it now
    s = setup("W11", "W12", at=(2, 0), flags=["BGA_HELP"], more=["W13", "W14"])
    s = WINTER.apply(s, Lay(4, 0, turned=True))
    assert s.phase == "claim" and s.to_move == 1
    assert WINTER.decision(s).kind == "claim"
    assert legal(s) == [PlaceToken(3, 0), Decline()]
    after = WINTER.apply(s, PlaceToken(3, 0))
    assert after.tokens == ((), ((3, 0),)) and after.phase == "freeze_lay" and after.to_move == 1
    # declined, it can never be claimed in the freeze
    later = WINTER.apply(s, Decline())
    assert later.to_move == 1 and later.phase == "freeze_lay"
    with pytest.raises(IllegalAction, match="WIN-CLAR-5"):
        WINTER.apply(later, PlaceToken(3, 0))


def test_WIN_CLAR_15_under_BGA_HELP_the_start_cards_square_is_never_claimed():
    s = setup("W11", "W12", at=(2, 0), turned=True, second_colour="light", flags=["BGA_HELP"], more=["W01"])
    assert s.phase == "freeze_lay"                      # no claim after setup, straight to a card
    s = WINTER.apply(s, Lay(-2, 0))                     # W01 far from square (1, 0) forms none
    assert s.phase == "freeze_lay" and s.to_move == 1
    assert not any(isinstance(a, PlaceToken) for a in legal(s))


SOLID = [{"id": "A", "flakes": "DD/DD"}, {"id": "B", "flakes": "DD/DD"}, {"id": "X", "flakes": "DD/DD"},
         {"id": "F", "flakes": "LL/LD"}]


def _two_squares(flags):
    # A at (0, 0), B staggered at (1, 2); X laid at (2, 0) forms dark squares (1, 0) and (1, 1)
    s = WINTER.start({"order": ["A", "B", "X", "F"], "cards": SOLID}, ["BGA_HELP", *flags])
    return play(s, Lay(0, 0), Lay(1, 2), ChooseColour("light"), Lay(2, 0))


def test_WIN_CLAR_5_one_token_per_player_per_laid_card():
    s = _two_squares([])
    assert s.to_move == 0 and set(legal(s)) == {PlaceToken(1, 1), PlaceToken(1, 0), Decline()}
    s = WINTER.apply(s, PlaceToken(1, 0))
    assert s.phase == "freeze_lay" and s.to_move == 1 and s.tokens == (((1, 0),), ())


def test_WIN_CLAR_5_BGA_CLAIM_EVERY_SQUARE_lets_him_claim_each_new_square():
    s = WINTER.apply(_two_squares(["BGA_CLAIM_EVERY_SQUARE"]), PlaceToken(1, 0))
    assert s.phase == "claim" and s.to_move == 0 and legal(s) == [PlaceToken(1, 1), Decline()]
    s = WINTER.apply(s, PlaceToken(1, 1))
    assert s.tokens == (((1, 0), (1, 1)), ()) and s.phase == "freeze_lay" and s.to_move == 1


def test_WIN_CLAR_5_the_last_card_is_laid_and_its_claims_resolved_then_the_other_player_thaws():
    s = WINTER.apply(_two_squares([]), Decline())
    s = WINTER.apply(s, legal(s)[0])                    # seat 1 lays F, the last card
    assert s.phase == "thaw" and s.to_move == 0


def test_WIN_CLAR_5_a_card_laid_left_of_the_origin_forms_its_square_where_it_lies():
    # W13 turned (DL/DL) at (-2, 0) beside W11 (LD/LD) at (0, 0): light square (-1, 0); the lake's grid
    # shifts under it, the claim must not
    s = setup("W11", "W12", at=(0, 2), flags=["BGA_HELP"], more=["W13", "W14"])      # seat 0 light
    s = WINTER.apply(s, Lay(-2, 0, turned=True))
    assert s.phase == "claim" and s.to_move == 0 and legal(s) == [PlaceToken(-1, 0), Decline()]
    assert WINTER.apply(s, PlaceToken(-1, 0)).tokens == (((-1, 0),), ())
