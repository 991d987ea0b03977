"""Components, setup and the deck read from data."""

from __future__ import annotations

import json

import pytest

from lotus_kit.core.errors import IllegalAction, RecordError
from lotus_kit.winter.actions import ChooseColour, Lay
from lotus_kit.winter.deck import Deck, layout, standard_deck, turn
from lotus_kit.winter.game import WINTER, new_record
from tests.winter.helpers import legal, ordered, play


def test_WIN_CMP_1_WIN_SET_1_two_players_with_9_tokens_each_and_a_shuffled_deck():
    s = WINTER.new_game(2, seed=5)
    assert s.supplies == (9, 9)
    assert sorted(s.order) == list(range(18))
    assert WINTER.new_game(2, seed=5).order == s.order
    assert len({WINTER.new_game(2, seed=k).order for k in range(10)}) == 10
    with pytest.raises(ValueError):
        WINTER.new_game(3)


def test_WIN_CMP_2_WIN_CMP_3_the_reconstructed_deck():
    deck = standard_deck()
    assert len(deck) == 18 and len(set(deck.ids)) == 18
    assert sum(bin(lay).count("1") for lay in deck.layouts) == 36          # 36 light flakes of 72
    assert all(0 < lay < 15 for lay in deck.layouts)                         # two colours on every card
    assert [deck.ids[i] for i in range(6)] == ["W01", "W02", "W03", "W04", "W05", "W06"]
    counts = {}
    for lay in deck.layouts:
        counts[lay] = counts.get(lay, 0) + 1
    assert counts[layout("LL/DD")] == 4 and counts[layout("LD/LD")] == 4
    assert counts[layout("LD/DL")] == 2 and counts[layout("DL/LD")] == 2


def test_WIN_CLAR_14_w02_w03_and_w05_w06_are_the_same_card_turned():
    d = dict(zip(standard_deck().ids, standard_deck().layouts, strict=True))
    assert turn(d["W02"]) == d["W03"] and turn(d["W05"]) == d["W06"]
    assert turn(d["W15"]) == d["W15"] and turn(d["W17"]) == d["W17"]     # the diagonals look the same turned


def test_WIN_SET_2_WIN_CLAR_2_the_first_start_card_lies_at_the_origin_in_either_orientation():
    s = ordered(["W01", "W02"])
    assert s.phase == "setup_first" and s.to_move == 0
    assert s.card_in_hand == "W01" and s.deck_left == 16          # both start cards are turned up
    assert legal(s) == [Lay(0, 0), Lay(0, 0, turned=True)]
    with pytest.raises(IllegalAction, match="WIN-CLAR-2"):
        WINTER.apply(s, Lay(2, 0))
    s = play(s, Lay(0, 0))
    assert s.phase == "setup_second" and s.card_in_hand == "W02" and s.to_move == 0


def test_WIN_SET_3_the_second_player_chooses_his_colour_and_the_first_takes_the_other():
    s = play(ordered(["W01", "W02"]), Lay(0, 0), Lay(2, 0))
    assert s.phase == "setup_colour" and s.to_move == 1
    assert legal(s) == [ChooseColour("light"), ChooseColour("dark")]
    assert play(s, ChooseColour("light")).colours == ("dark", "light")
    assert play(s, ChooseColour("dark")).colours == ("light", "dark")


def test_WIN_SET_4_the_first_player_starts_or_the_second_with_SECOND_PLAYER_STARTS():
    def after_setup(flags):
        return play(ordered(["W01", "W02"], flags), Lay(0, 0), Lay(2, 0), ChooseColour("dark"))
    assert after_setup([]).to_move == 0 and after_setup([]).phase == "freeze"
    assert after_setup(["SECOND_PLAYER_STARTS"]).to_move == 1


def test_WIN_SET_5_cards_removed_start_at_zero():
    s = play(ordered(["W01", "W02"]), Lay(0, 0), Lay(2, 0), ChooseColour("dark"))
    assert s.cards_removed == (0, 0)


def test_WIN_CLAR_15_a_deck_file_replaces_the_reconstruction(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps([{"id": "A", "flakes": "LL/DD"}, {"id": "B", "flakes": "DD/LL"},
                                {"id": "C", "flakes": "LD/LD"}, {"id": "D", "flakes": "DL/DL"}]))
    s = WINTER.new_game(2, seed=1, flags=[f"DECK={path}"])
    assert set(s.deck.ids) == {"A", "B", "C", "D"} and s.deck_left == 2
    record = new_record(seed=1, flags=[f"DECK={path}"])
    path.unlink()                                          # the record carries the cards itself
    assert record.start().deck.ids == ("A", "B", "C", "D") and record.flags == ()


@pytest.mark.parametrize("cards, words", [
    ([{"id": "A", "flakes": "LL/DD"}, {"id": "A", "flakes": "LD/LD"}], "unique"),
    ([{"id": "A", "flakes": "LL/DX"}, {"id": "B", "flakes": "LD/LD"}], "4 of L/D"),
    ([{"id": "A", "flakes": "LL/DD"}], "2 to 18 cards"),
])
def test_WIN_CLAR_15_a_bad_deck_is_refused_with_the_reason(cards, words):
    with pytest.raises(ValueError, match=words):
        Deck.from_data(cards)
    with pytest.raises(RecordError, match=words):
        WINTER.start({"cards": cards}, [])


def test_a_two_card_deck_goes_straight_to_the_thaw_with_the_second_player():
    # the first player laid the last card (a start card), so the other player thaws first (WIN-PH1-3)
    cards = [{"id": "A", "flakes": "LL/DD"}, {"id": "B", "flakes": "LD/LD"}]
    s = play(WINTER.start({"order": ["A", "B"], "cards": cards}, []), Lay(0, 0), Lay(2, 0), ChooseColour("dark"))
    assert s.phase == "thaw" and s.to_move == 1
