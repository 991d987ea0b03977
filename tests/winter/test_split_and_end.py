"""Splitting and melting, the end conditions, the loop guard and the winner."""

from __future__ import annotations

import pytest

from lotus_kit.winter.actions import Decline, DrawCard, KeepPart, MoveCard, PlaceToken, RemoveCard
from lotus_kit.winter.game import WINTER
from tests.winter.helpers import lake, legal

ROW = "LL/DD"


def test_WIN_PH2_1_removing_an_end_card_counts_one_and_resets_the_thaw_count():
    s = lake((0, 0, ROW), (2, 0, ROW), (4, 0, ROW), thaw_turns=5)
    s = WINTER.apply(s, RemoveCard(4, 0))
    assert [c[:2] for c in s.lake] == [(0, 0), (2, 0)] and s.cards_removed == (1, 0)
    assert s.thaw_turns == 0 and s.to_move == 1


def test_WIN_SPLIT_1_WIN_CLAR_9_the_larger_part_stays_and_the_remover_counts_the_melted_cards():
    s = WINTER.apply(lake((0, 0, ROW), (2, 0, ROW), (4, 0, ROW), (6, 0, ROW)), RemoveCard(2, 0))
    assert [c[:2] for c in s.lake] == [(4, 0), (6, 0)] and s.cards_removed == (2, 0)
    s = WINTER.apply(lake((0, 0, ROW), (2, 0, ROW), (4, 0, ROW), (6, 0, ROW),
                          flags=["TIEBREAK_COUNT_ONLY_DIRECT_REMOVALS"]), RemoveCard(2, 0))
    assert [c[:2] for c in s.lake] == [(4, 0), (6, 0)] and s.cards_removed == (1, 0)


def test_WIN_SPLIT_1_WIN_CLAR_9_a_tie_for_largest_part_is_the_removers_choice():
    s = WINTER.apply(lake((0, 0, ROW), (2, 0, ROW), (4, 0, ROW)), RemoveCard(2, 0))
    assert s.phase == "thaw_split" and s.to_move == 0 and WINTER.decision(s).kind == "keep_part"
    assert set(legal(s)) == {KeepPart(0, 0), KeepPart(4, 0)}
    kept = WINTER.apply(s, KeepPart(4, 0))
    assert [c[:2] for c in kept.lake] == [(4, 0)] and kept.cards_removed == (2, 0) and kept.to_move == 1
    assert kept.thaw_turns == 0


def _tokened_split(flags=()):
    # P, Q hold seat 1's dark token at (1, 0); removing R at (4, 0) leaves P, Q (2 cards) beside S, T, U (3)
    return lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, ROW), (6, 0, ROW), (8, 0, ROW), (10, 0, ROW),
                tokens=[(1, 1, 0)], flags=flags)


def test_WIN_SPLIT_1_WIN_SPLIT_2_tokens_on_a_melted_part_go_back_whole_to_their_owner():
    s = WINTER.apply(_tokened_split(), RemoveCard(4, 0))
    assert [c[:2] for c in s.lake] == [(6, 0), (8, 0), (10, 0)]
    assert s.tokens == ((), ()) and s.supplies == (9, 9) and s.cards_removed == (3, 0)


def test_WIN_SPLIT_1_MELTED_TOKENS_OUT_OF_GAME():
    s = WINTER.apply(_tokened_split(["MELTED_TOKENS_OUT_OF_GAME"]), RemoveCard(4, 0))
    assert s.supplies == (9, 8) and s.out_of_game == (0, 1)


# ------------------------------------------------------------------ the end

def test_WIN_END_1_WIN_CLAR_11_no_free_card_and_no_own_token_ends_the_game_at_the_turn_start():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), tokens=[(1, 1, 0)], to_move=0)
    assert s.is_over and "WIN-END-1" in s.end_reason
    assert WINTER.winners(s) == {1} and WINTER.scores(s) == (0.0, 1.0)
    assert WINTER.decision(s).kind == "game_over" and legal(s) == []


def test_WIN_BGA_3_under_BGA_HELP_no_free_card_ends_it_even_with_a_token_to_take_back():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), tokens=[(1, 1, 0)], to_move=1, flags=["BGA_HELP"])
    assert s.is_over and WINTER.winners(s) == {1}
    assert not lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), tokens=[(1, 1, 0)], to_move=1).is_over


def test_WIN_CLAR_9_removing_the_last_card_leaves_an_empty_lake_and_ends_the_game():
    s = WINTER.apply(lake((0, 0, ROW)), RemoveCard(0, 0))
    assert s.is_over and s.lake == () and WINTER.winners(s) == {0}      # 0-0 tokens, 1-0 cards removed


def test_WIN_TIE_1_tokens_then_cards_removed_then_a_draw():
    assert WINTER.winners(lake(cards_removed=[3, 2])) == {0}
    assert WINTER.winners(lake(cards_removed=[2, 3])) == {1}
    assert WINTER.winners(lake(cards_removed=[2, 2])) == {0, 1}


DARK_ROW = [{"id": f"D{i}", "flakes": "DD/DD"} for i in range(11)]


def _eight_tokens(flags=()):
    # ten dark cards in a row give nine dark squares (1, 0), (3, 0) ... (17, 0); seat 0 holds eight
    return WINTER.position({"phase": "freeze", "cards": DARK_ROW, "colours": ["dark", "light"], "to_move": 0,
                            "lake": [{"x": 2 * i, "y": 0, "card": f"D{i}"} for i in range(10)],
                            "tokens": [{"seat": 0, "x": 2 * i + 1, "y": 0} for i in range(8)],
                            "supplies": [1, 9], "deck": ["D10"], "flags": list(flags)})


def test_WIN_END_2_WIN_CLAR_11_the_ninth_token_ends_the_game_at_once_and_wins():
    s = WINTER.apply(_eight_tokens(), PlaceToken(17, 0))
    assert s.is_over and "WIN-END-2" in s.end_reason and WINTER.winners(s) == {0}


def test_WIN_END_2_NO_END_ON_EMPTY_SUPPLY_plays_on():
    s = WINTER.apply(_eight_tokens(["NO_END_ON_EMPTY_SUPPLY"]), PlaceToken(17, 0))
    assert not s.is_over and s.supplies == (0, 9) and s.to_move == 1 and legal(s) == [DrawCard()]


def _walk(flags=()):
    # A (LL/DD) and B (LD/LD): A goes under B, then B to A's right: the lake is back, shifted by (2, 2)
    return lake((0, 0, "LL/DD"), (2, 0, "LD/LD"), flags=flags)


def test_WIN_END_3_WIN_CLAR_12_WIN_CLAR_15_a_third_repetition_up_to_translation_ends_the_game():
    s = _walk()
    s = WINTER.apply(s, MoveCard(0, 0, 2, 2))
    s = WINTER.apply(s, MoveCard(2, 0, 4, 2))       # the start position again, shifted (2nd time)
    assert not s.is_over
    s = WINTER.apply(s, MoveCard(2, 2, 4, 4))
    s = WINTER.apply(s, MoveCard(4, 2, 6, 4))       # 3rd time
    assert s.is_over and "repetition" in s.end_reason and WINTER.winners(s) == {0, 1}


def test_WIN_END_3_NO_REPETITION_END_and_the_turn_count_with_MAX_THAW_PLIES():
    s = _walk(["NO_REPETITION_END", "MAX_THAW_PLIES=5"])
    for move in (MoveCard(0, 0, 2, 2), MoveCard(2, 0, 4, 2), MoveCard(2, 2, 4, 4), MoveCard(4, 2, 6, 4)):
        s = WINTER.apply(s, move)
    assert not s.is_over and s.thaw_turns == 4
    s = WINTER.apply(s, MoveCard(4, 4, 6, 6))
    assert s.is_over and "thaw turns" in s.end_reason


@pytest.mark.parametrize("flags", [["REPETITION_END=off", "maxThawPlies=5"], ["NO_REPETITION_END", "maxThawPlies=5"]])
def test_WIN_CLAR_15_the_specs_own_parameter_names_set_the_loop_guard(flags):
    s = _walk(flags)
    assert s.rules.flags() == ("NO_REPETITION_END", "MAX_THAW_PLIES=5")      # given back under one name each
    for move in (MoveCard(0, 0, 2, 2), MoveCard(2, 0, 4, 2), MoveCard(2, 2, 4, 4), MoveCard(4, 2, 6, 4)):
        s = WINTER.apply(s, move)
    assert not s.is_over                                    # the third repetition passes
    s = WINTER.apply(s, MoveCard(4, 4, 6, 6))
    assert s.is_over and "thaw turns" in s.end_reason


@pytest.mark.parametrize("flag, words", [("maxThawPlies=0", "maxThawPlies must be a whole number from 1 to 10000"),
                                         ("maxThawPlies", "unknown variant flag 'maxThawPlies'"),
                                         ("REPETITION_END=maybe", "unknown variant flag")])
def test_WIN_CLAR_15_a_bad_loop_guard_setting_is_refused_by_its_name(flag, words):
    from lotus_kit.core.records import RecordError

    with pytest.raises(RecordError, match=words):
        WINTER.new_game(2, 1, [flag])


def test_WIN_CLAR_15_no_legal_action_is_named_before_the_loop_guard():
    # seat 0 (dark) moves C under the seam, forming dark square (1, 1), and takes it: the 2nd thaw turn
    # of MAX_THAW_PLIES=2 ends, and seat 1 has no free card and no token
    s = WINTER.position({"lake": [{"x": 0, "y": 0, "flakes": "LD/LD"}, {"x": 2, "y": 0, "flakes": "DL/DL"},
                                  {"x": 0, "y": 2, "flakes": "DD/DL"}],
                         "tokens": [{"seat": 0, "x": 1, "y": 0}], "colours": ["dark", "light"], "to_move": 0,
                         "thaw_turns": 1, "flags": ["MAX_THAW_PLIES=2"]})
    s = WINTER.apply(s, MoveCard(0, 2, 1, 2))
    assert legal(s) == [PlaceToken(1, 1), Decline()] and s.phase == "thaw_token"
    s = WINTER.apply(s, PlaceToken(1, 1))
    assert s.is_over and "WIN-END-1" in s.end_reason and WINTER.winners(s) == {0}


@pytest.mark.parametrize("flags", [[], ["BGA_HELP"], ["ALIGNED_GRID", "EXCLUSIVE_FLAKES"],
                                   ["MELTED_TOKENS_OUT_OF_GAME", "NO_END_ON_EMPTY_SUPPLY", "MAX_THAW_PLIES=20"]])
def test_WIN_CLAR_12_every_random_game_ends_within_the_bound(flags):
    import random
    for seed in range(3):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=flags)
        thaw = 0
        while not s.is_over:
            thaw += s.phase.startswith("thaw")
            s = WINTER.apply(s, rng.choice(legal(s)))
        assert thaw <= 18 * 60 + 60 + 18 * 3


def test_WIN_CLAR_15_the_command_line_and_the_setup_take_the_specs_names_too():
    from lotus_kit.winter.game import INFO

    assert INFO.check_flag("maxThawPlies=7") == "maxThawPlies=7"
    assert INFO.check_flag("REPETITION_END=off") == "REPETITION_END=off"
    with pytest.raises(ValueError, match="from 1 to 10000"):
        INFO.check_flag("maxThawPlies=0")
