"""White Lotus behind the kit's game protocol: the facts, and decision() checked against the actions
the engine allows (WL-INFO-5), scores and winners against the final scoring (WL-SCORE)."""

from __future__ import annotations

import random

import pytest

import lotus_kit
from lotus_kit.core.errors import RecordError
from lotus_kit.core.game import Game
from lotus_kit.core.registry import get_game, register
from lotus_kit.white_lotus.actions import (
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
    TempleDraw,
)
from lotus_kit.white_lotus.game import WHITE_LOTUS
from lotus_kit.white_lotus.rules import FLAGS

from .helpers import random_game

# the action types each kind of decision allows: written from the rules, not from decision()
KIND_ACTIONS = {
    "claim": {PlaceMarker, Pass}, "choose": {ChooseProvince}, "bid": {Bid}, "tie": {BreakTie},
    "refund": {TakeRefund}, "lead": {DeclareRebellion}, "side": {JoinSide}, "reward": {TakeReward},
    "income": {TakeIncome}, "temple": {TempleDraw}, "place": {PlaceChip},
}
SEALED = {"bid", "side", "income"}       # WL-CONF-6, WL-REB-3/4, WL-CARDS-1


def test_white_lotus_is_registered_lazily_and_provides_the_protocol():
    game = get_game("white_lotus")
    assert game is WHITE_LOTUS and isinstance(game, Game)
    assert lotus_kit.games()[0] == "white_lotus"
    info = game.info
    assert (info.min_players, info.max_players, info.default_players) == (3, 6, 4)
    assert info.rule_prefix == "WL" and info.rules_document == "white-lotus.md"
    assert info.flag_names == tuple(FLAGS) and all(f.rule.startswith("WL-") and f.words for f in info.flags)
    assert info.seat_names[:3] == ("Red", "Blue", "Green") and "random" in info.bots


def test_a_game_registered_by_name_is_imported_when_first_asked_for():
    register("white_lotus_again", "lotus_kit.white_lotus.game:WHITE_LOTUS")
    with pytest.raises(ValueError, match="registered as 'white_lotus_again'"):
        get_game("white_lotus_again")           # the object says it is white_lotus: refused
    from lotus_kit.core import registry

    del registry.GAMES["white_lotus_again"]
    with pytest.raises(KeyError, match="unknown game 'white_lotus_again'"):
        get_game("white_lotus_again")


def test_a_game_whose_package_does_not_exist_is_not_listed():
    register("nowhere", "lotus_kit.no_such_game.game:NOWHERE")
    try:
        assert "nowhere" not in lotus_kit.games()
        with pytest.raises(KeyError, match="unknown game 'nowhere'"):
            get_game("nowhere")
    finally:
        from lotus_kit.core import registry

        del registry.GAMES["nowhere"]


@pytest.fixture(scope="module")
def games():
    out = [random_game(players, seed) for players, seed in ((3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (3, 6))]
    return out


def test_WL_INFO_5_decision_names_who_decides_and_what_the_legal_actions_are(games):
    seen = set()
    for states in games:
        for state in states:
            d = WHITE_LOTUS.decision(state)
            seen.add(d.kind)
            assert d.seats == WHITE_LOTUS.to_act(state)
            if state.is_over:
                assert d.kind == "game_over" and not d.seats and d.rules == ("WL-SCORE-5",)
                continue
            kinds = {type(a) for a in WHITE_LOTUS.legal_actions(state)}
            assert kinds <= KIND_ACTIONS[d.kind], (d, kinds)
            assert d.sealed == (d.kind in SEALED)
            assert d.rules and all(r in d.text for r in d.rules)
            names = [WHITE_LOTUS.info.seat_names[s] for s in d.seats]
            assert all(name in d.text for name in names), d.text
    # every kind of decision came up in these games, except the rare tie and refund
    assert set(KIND_ACTIONS) - {"tie", "refund", "temple"} <= seen and "game_over" in seen


def test_WL_SCORE_5_scores_and_winners_follow_the_final_scoring(games):
    for states in games:
        final = states[-1]
        assert WHITE_LOTUS.scores(final) == tuple(float(line.total) for line in final.scores)
        assert WHITE_LOTUS.winners(final) == frozenset(final.winners) and final.winners
        assert WHITE_LOTUS.winners(states[len(states) // 2]) == frozenset()
        assert len(WHITE_LOTUS.scores(states[len(states) // 2])) == final.players


def test_WL_INFO_2_a_spectator_sees_no_hand_and_no_sealed_commitment(games):
    for state in games[1][::5]:
        obs = WHITE_LOTUS.observation(state, None)
        assert obs.hand is None and obs.own_commitment is None and obs.legal == ()
        assert obs.hand_sizes == tuple(h.size for h in state.hands)


def test_describe_names_the_seat_and_the_province():
    state = WHITE_LOTUS.new_game(4, seed=1)
    assert WHITE_LOTUS.describe(Bid(0, 1, (3, 2)), state) == "Red names Blue with 3+2 = 5"
    assert WHITE_LOTUS.describe(PlaceMarker(2, "CHEN"), state) == "Green claims Chengdu"


def test_new_game_and_start_agree_and_bad_flags_name_the_field():
    a = WHITE_LOTUS.new_game(5, seed=9, flags=("WL_DESIGNER",))
    b = WHITE_LOTUS.start({"players": 5, "seed": 9}, ("WL_DESIGNER",))
    assert a == b and a.rules.designer
    with pytest.raises(RecordError, match=r"^rules: unknown variant flag 'WL_NOPE'"):
        WHITE_LOTUS.new_game(4, flags=("WL_NOPE",))


def test_position_builds_the_described_state():
    desc = {"players": 3, "owners": {"DATO": [0, "P"], "JINA": [1, "T"], "FENG": [2, "R"], "HENA": [0, "F"],
                                     "CHEN": [1, "V"], "LUZH": [2, "V"], "TIAN": [0, "V"]}}
    state = WHITE_LOTUS.position(desc)
    assert state.owner("DATO") == 0 and state.chip("JINA") == "T"


def test_WL_INFO_1_redraw_hidden_changes_only_what_the_seat_cannot_know(games):
    rng = random.Random(3)
    for state in games[2][::7]:
        for seat in range(state.players):
            twin = WHITE_LOTUS.redraw_hidden(state, seat, rng)
            assert twin.hands[seat] == state.hands[seat] and twin.chips == state.chips
            assert WHITE_LOTUS.observation(twin, seat) == WHITE_LOTUS.observation(state, seat)
