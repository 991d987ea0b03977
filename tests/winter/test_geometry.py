"""The lake's geometry: cells, orientation, stagger, touching, squares, tokens, free cards."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.winter.actions import ChooseColour, DrawCard, Lay, MoveCard, PlaceToken, RemoveCard, TakeBack
from lotus_kit.winter.game import WINTER
from tests.winter.helpers import IDS, lake, legal, ordered, play, setup

# the 12 anchors touching a card at (0, 0) along an edge (WIN-CLAR-1), worked out by hand
TOUCHING_ORIGIN = {(2, -1), (2, 0), (2, 1), (-2, -1), (-2, 0), (-2, 1),
                   (-1, 2), (0, 2), (1, 2), (-1, -2), (0, -2), (1, -2)}


def test_WIN_GEO_1_a_card_covers_the_four_cells_from_its_anchor():
    s = play(ordered(["W01", "W02"]), Lay(0, 0), Lay(2, 0))
    assert s.lake == ((0, 0, "W01", "LL/LD"), (2, 0, "W02", "LL/DL"))


def test_WIN_GEO_2_turning_a_card_maps_abcd_to_dcba():
    s = play(ordered(["W01", "W02"]), Lay(0, 0, turned=True))
    assert s.lake == ((0, 0, "W01", "DL/LL"),)


def test_WIN_GEO_5_WIN_CLAR_1_the_second_card_may_go_on_the_12_touching_anchors_in_both_orientations():
    s = play(ordered(["W01", "W02"]), Lay(0, 0))
    spots = legal(s)
    assert {(a.x, a.y) for a in spots} == TOUCHING_ORIGIN
    assert len(spots) == 24 and {a.turned for a in spots} == {False, True}


def test_WIN_GEO_5_corner_contact_is_not_touching_and_overlap_is_refused():
    s = play(ordered(["W01", "W02"]), Lay(0, 0))
    before = (s.v, s.cards)
    with pytest.raises(IllegalAction, match=r"WIN-GEO-5: .*would not touch"):
        WINTER.apply(s, Lay(2, 2))
    with pytest.raises(IllegalAction, match=r"WIN-GEO-5: .*cover flakes"):
        WINTER.apply(s, Lay(1, 1))
    assert (s.v, s.cards) == before                 # a refused action changes nothing


def test_WIN_GEO_3_stagger_is_allowed_by_default_and_refused_with_ALIGNED_GRID():
    s = play(ordered(["W01", "W02"]), Lay(0, 0))
    assert play(s, Lay(2, 1)).lake[1][:2] == (2, 1)
    aligned = play(ordered(["W01", "W02"], ["ALIGNED_GRID"]), Lay(0, 0))
    assert {(a.x, a.y) for a in legal(aligned)} == {(2, 0), (-2, 0), (0, 2), (0, -2)}
    with pytest.raises(IllegalAction, match="WIN-GEO-3"):
        WINTER.apply(aligned, Lay(2, 1))


def test_WIN_GEO_6_test_hint_1_no_square_and_a_window_inside_one_card_is_never_one():
    s = setup("W01", "W02", at=(2, 0))          # LL/LD beside LL/DL
    assert legal(s) == [DrawCard()]             # neither colour has a square to claim
    with pytest.raises(IllegalAction, match="WIN-GEO-6"):
        WINTER.apply(s, PlaceToken(1, 0))
    with pytest.raises(IllegalAction, match="WIN-GEO-6"):
        WINTER.apply(s, PlaceToken(0, 0))


def test_WIN_GEO_6_test_hint_2_a_dark_square_across_two_cards_may_be_claimed_in_phase_1():
    # W11 LD/LD and W12 turned (DL/DL): window (1, 0) is dark on two cards; seat 1 picks light,
    # so seat 0 plays dark and moves first (WIN-CLAR-4: a square of the start cards counts)
    s = setup("W11", "W12", at=(2, 0), turned=True, second_colour="light")
    assert s.colours == ("dark", "light") and s.to_move == 0
    assert legal(s) == [DrawCard(), PlaceToken(1, 0)]
    s = WINTER.apply(s, PlaceToken(1, 0))
    assert s.tokens == (((1, 0),), ()) and s.supplies == (8, 9)


def test_WIN_GEO_6_a_square_of_the_other_colour_is_refused():
    s = setup("W11", "W12", at=(2, 0), turned=True, second_colour="dark")   # seat 0 light
    with pytest.raises(IllegalAction, match="WIN-PH1-1: that square is dark"):
        WINTER.apply(s, PlaceToken(1, 0))


SOLID = [{"id": "D1", "flakes": "DD/DD"}, {"id": "L1", "flakes": "LL/LL"}, {"id": "D2", "flakes": "DD/DD"},
         {"id": "L2", "flakes": "LL/LL"}]


def test_WIN_GEO_6_ALLOW_SINGLE_CARD_SQUARE_lets_a_one_card_window_count():
    def first_turn(flags):
        s = WINTER.start({"order": ["D1", "L1", "D2", "L2"], "cards": SOLID}, flags)
        return play(s, Lay(0, 0), Lay(2, 0), ChooseColour("light"))     # seat 0 dark
    assert PlaceToken(0, 0) not in legal(first_turn([]))
    assert PlaceToken(0, 0) in legal(first_turn(["ALLOW_SINGLE_CARD_SQUARE"]))


def test_WIN_CLAR_6_no_card_of_the_reconstructed_deck_is_single_coloured():
    from lotus_kit.winter.deck import standard_deck
    assert all(0 < lay < 15 for lay in standard_deck().layouts)


def _overlapping(flags=()):
    # dark squares (1, 0) and (1, 1) share two flakes; seat 0 (dark) holds (1, 0)
    cards = [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W04"},
             {"x": 0, "y": 2, "card": "W12"}, {"x": 2, "y": 2, "card": "W13", "turned": True}]
    used = {"W11", "W04", "W12", "W13"}
    return WINTER.position({"phase": "freeze", "lake": cards, "tokens": [{"seat": 0, "x": 1, "y": 0}],
                            "colours": ["dark", "light"], "to_move": 0, "flags": list(flags),
                            "deck": [i for i in IDS if i not in used]})


def test_WIN_GEO_7_token_windows_may_overlap_but_not_coincide():
    s = _overlapping()
    assert PlaceToken(1, 1) in legal(s)
    with pytest.raises(IllegalAction, match="WIN-GEO-7: that square already holds a token"):
        WINTER.apply(s, PlaceToken(1, 0))


def test_WIN_GEO_7_EXCLUSIVE_FLAKES_forbids_sharing_a_flake():
    s = _overlapping(["EXCLUSIVE_FLAKES"])
    assert PlaceToken(1, 1) not in legal(s)
    with pytest.raises(IllegalAction, match="WIN-GEO-7"):
        WINTER.apply(s, PlaceToken(1, 1))


def test_WIN_GEO_8_test_hint_3_cards_under_a_token_are_not_free():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(1, 1, 0)], to_move=1)
    assert s.free == ((4, 0),)
    for bad in (RemoveCard(0, 0), RemoveCard(2, 0), MoveCard(2, 0, 2, 2)):
        with pytest.raises(IllegalAction, match=r"WIN-GEO-8: .*not free"):
            WINTER.apply(s, bad)
    assert TakeBack(1, 0) in legal(s) and RemoveCard(4, 0) in legal(s)


def test_WIN_GEO_4_a_disconnected_lake_is_not_a_position():
    from lotus_kit.core.errors import PositionError
    with pytest.raises(PositionError, match="not connected"):
        lake((0, 0, "LD/LD"), (4, 0, "DL/DL"))
