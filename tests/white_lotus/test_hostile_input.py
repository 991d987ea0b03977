"""Hostile position descriptions, actions and shared board data: refused in bounded words, never a
crash, and nothing a caller gets back can change the next game.

A position is bounded by the game's real components: a hand holds at most the box's cards of each
value (28 influence cards of each value 1 to 3 and one 0, WL-COMP-8 and WL-CARDS-6; 20 combat cards
of each value, WL-COMP-9), the pool at most the 39 neutral chips (WL-COMP-2).
"""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction, PositionError
from lotus_kit.white_lotus.actions import Bid, DeclareRebellion, JoinSide, PlaceMarker
from lotus_kit.white_lotus.board import board_view
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.position import position

CONFLICT = {"players": 4, "phase": 2, "emperor": 2,
            "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"], "LUZH": [1, "V"],
                       "TIAN": [0, "V"]},
            "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]}}


def _deep(levels: int) -> list:
    nested: list = []
    for _ in range(levels):
        nested = [nested]
    return nested


def _refused(desc) -> list[str]:
    with pytest.raises(PositionError) as info:
        position(desc)
    assert len(str(info.value)) < 3_000 and all(len(r) <= 250 for r in info.value.reasons)
    return info.value.reasons


@pytest.mark.parametrize("desc", [
    {"players": 4, "owners": _deep(100_000)},
    {**CONFLICT, "owners": {"CHEN": _deep(100_000)}},
    {**CONFLICT, "markers": {"CHEN": [_deep(100_000)]}},
    {**CONFLICT, "neutral": {"CHEN": _deep(100_000)}},
    {**CONFLICT, "hands": {"0": {"influence": _deep(100_000)}}},
    {**CONFLICT, "vp_chips": {"0": _deep(100_000)}},
    {**CONFLICT, "pool": _deep(100_000)},
    {**CONFLICT, "seed": _deep(100_000)},
    {"players": _deep(100_000)},
], ids=["owners", "owner", "markers", "neutral", "hands", "vp_chips", "pool", "seed", "players"])
def test_a_value_nested_100000_levels_deep_is_a_reason_not_a_recursion_error(desc):
    _refused(desc)


def test_a_huge_name_or_number_is_quoted_short():
    reasons = _refused({**CONFLICT, "owners": {"x" * 1_000_000: [0, "P"]}, "emperor": "y" * 1_000_000,
                        "year": 10 ** 5000, "unknown" * 100_000: 1})
    assert any("1,000,000 characters" in r for r in reasons)
    assert any("about 5,000 digits" in r for r in reasons)


def test_many_entries_are_refused_before_they_are_read():
    reasons = _refused({**CONFLICT, "owners": {f"P{i}": [0, "P"] for i in range(100_000)},
                        "hands": {str(i): {} for i in range(100)}, "pool": ["V"] * 1_000_000,
                        **{f"extra{i}": 0 for i in range(10_000)}})
    assert "owners: 100,000 entries, but there are only 39 provinces" in reasons
    assert "hands: 100 entries, but there are only 4 seats" in reasons
    assert "pool: 1,000,000 chips, but the game has 39 neutral chips (WL-COMP-2)" in reasons
    assert "and 9,997 more unknown fields" in reasons


def test_wl_comp_8_a_hand_holds_at_most_28_influence_cards_of_a_value():
    hand = {"influence": [3] * 28 + [2] * 28 + [1] * 28 + [0]}
    assert position({**CONFLICT, "hands": {"0": hand}}).hands[0][:4] == (1, 28, 28, 28)
    reasons = _refused({**CONFLICT, "hands": {"0": {"influence": [3] * 29}}})
    assert reasons == ["hands.0: 29 influence cards of value 3, but the game has 28 (WL-COMP-8)"]
    reasons = _refused({**CONFLICT, "hands": {"1": {"influence": [1] * 1_000_000}}})
    assert reasons == ["hands.1: 1,000,000 influence cards, but a hand can hold at most 85 (28 of each value "
                       "1 to 3 and one 0, WL-COMP-8)"]


def test_wl_comp_9_a_hand_holds_at_most_20_combat_cards_of_a_value():
    assert position({**CONFLICT, "hands": {"0": {"combat": [2] * 20}}}).hands[0].com2 == 20
    assert _refused({**CONFLICT, "hands": {"0": {"combat": [2] * 21}}}) == [
        "hands.0: 21 combat cards of value 2, but the game has 20 (WL-COMP-9)"]


def test_the_largest_hands_the_box_allows_still_play_a_bot_move():
    """Two seats bid from full hands: every choice is listed, once (2 x 29^3 card combinations)."""
    full = {"influence": [3] * 28 + [2] * 28 + [1] * 28 + [0], "combat": [1] * 20}
    state = position({**CONFLICT, "hands": {"0": full, "1": full}})
    assert sorted(to_act(state)) == [0, 1]
    bids = legal_actions(state, 0)
    assert len(bids) == len(set(bids)) == 2 * 29 ** 3
    assert apply(state, bids[0]).conflict.bids == (bids[0],)


def test_a_seat_given_twice_in_hands_or_vp_chips_is_refused():
    assert "hands.0: seat 0 is given twice" in _refused({**CONFLICT, "hands": {0: {}, "0": {}}})
    assert "vp_chips.0: seat 0 is given twice" in _refused({**CONFLICT, "vp_chips": {" 0": 1, "0": 2}})
    assert "markers.CHEN: a list of seats, each at most once (WL-PLACE-2)" in _refused(
        {**CONFLICT, "markers": {"CHEN": [0, "0"]}})


def test_an_illegal_action_quotes_a_huge_province_name_short():
    state = new_game(4, seed=1)
    seat = min(to_act(state))
    with pytest.raises(IllegalAction) as info:
        apply(state, PlaceMarker(seat, "x" * 10_000_000))
    assert info.value.rule == "WL-PLACE-2" and len(str(info.value)) < 200


def test_an_illegal_action_quotes_a_number_too_long_to_print_short():
    """str() of an int over 4,300 digits raises ValueError: the message once crashed on it."""
    huge = 10 ** 5000
    state = position({**CONFLICT, "hands": {"0": {"combat": [1]}}})
    for action, rule in ((PlaceMarker(huge, "CHEN"), "WL-SETUP-1"), (Bid(0, 1, (huge,)), "WL-CONF-6"),
                         (Bid(0, 1, (3,) * 1_000_000), "WL-CONF-6")):
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert info.value.rule == rule and len(str(info.value)) < 300
    rebellion = position({**CONFLICT, "phase": 4, "markers": {}})
    rebellion = apply(rebellion, DeclareRebellion(min(to_act(rebellion)), True))
    seat = min(to_act(rebellion))
    with pytest.raises(IllegalAction) as info:
        apply(rebellion, JoinSide(seat, None, (huge,)))
    assert info.value.rule == "WL-REB-4" and len(str(info.value)) < 300


def test_board_data_handed_out_with_a_state_is_read_only():
    """Writing into the board's parameters once broke every later new_game in the process."""
    state = new_game(4, seed=1)
    data = state.board.data
    for mapping, key in ((data.neutral_mix, "V"), (data.start_chips_base, "V"), (data.building_vp, "P"),
                         (state.board.index_of, "CHEN")):
        with pytest.raises(TypeError):
            mapping[key] = 0
        with pytest.raises(TypeError):
            mapping.pop(key)
    assert data.neutral_mix == {"P": 4, "T": 5, "R": 7, "F": 7, "V": 16}       # WL-COMP-2
    assert new_game(4, seed=2).pool and board_view(4).index_of["CHEN"] == state.board.index_of["CHEN"]


def _code(raw: bytes) -> str:
    import base64
    import zlib

    return "WL1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize("raw, words", [
    (b'{"p": ' + b"[" * 500_000 + b"]" * 500_000 + b', "r": [], "a": []}', "depth limit"),
    (b'{"p": {"players": NaN}, "r": [], "a": []}', "p.players: NaN"),
    (b'{"p": {"players": 4}, "r": [], "a": [], "a": []}', "a: this key appears twice"),
], ids=["nested 500,000 levels", "NaN", "a key twice"])
def test_a_hostile_position_code_is_refused_in_one_line(raw, words):
    """A 1,362-character code nested 500,000 levels deep once ended in RecursionError."""
    from lotus_kit.white_lotus.position_code import PositionCodeError

    code = _code(raw)
    assert len(code) < 2_000
    with pytest.raises(PositionCodeError) as info:
        position(code)
    assert words in str(info.value) and "\n" not in str(info.value) and len(str(info.value)) < 300
