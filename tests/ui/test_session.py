"""GameSession: acting, bots, undo, save/load, observers — pure Python, no widgets."""

from __future__ import annotations

import json

import pytest

from lotus_kit.core.errors import LotusKitError, RecordError
from lotus_kit.core.records import loads
from lotus_kit.ui.session import GameSession, describe_position, name_seats
from lotus_kit.white_lotus.actions import Bid, ChooseProvince, Pass, PlaceMarker
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.state import Phase

HUMAN_FIRST = ["human", "heuristic", "random"]


def test_wl_place_3_out_of_turn_action_is_refused_with_rule_and_names():
    s = GameSession(players=3, seed=1, first_emperor=0, seats=HUMAN_FIRST)
    before = s.state
    ok, message = s.act(PlaceMarker(2, "CHEN"))
    assert not ok
    assert message == "WL-PLACE-3: it is Red's turn to place a marker, not Green's"
    assert s.state is before and s.actions == [] and s.message == message


def test_wl_place_2_illegal_province_and_wrong_phase_are_refused():
    s = GameSession(players=3, seed=1, first_emperor=0, seats=["human"] * 3)
    ok, message = s.act(PlaceMarker(0, "HANZ"))          # empty province
    assert not ok and message.startswith("WL-PLACE-2: Hanzhong is empty")
    ok, message = s.act(ChooseProvince(0, "CHEN"))
    assert not ok and message.startswith("WL-YEAR-1: it is phase 1")
    ok, message = s.act(PlaceMarker(7, "CHEN"))
    assert not ok and "WL-SETUP-1" in message
    ok, message = s.act(Pass(0))
    assert not ok and message.startswith("WL-PLACE-4")
    assert len(s.states) == 1


def test_bots_play_until_a_human_must_act_and_texts_name_players():
    s = GameSession(players=3, seed=2, first_emperor=1, seats=HUMAN_FIRST)
    assert s.human_to_act() == [] and s.bots_to_act() == [1]
    n = s.run_bots()
    assert n == 2 and s.human_to_act() == [0] and s.actors == ["heuristic", "random"]
    assert "bot moves" in s.message
    ok, message = s.act(PlaceMarker(0, "CHEN"))
    assert ok and message.startswith("Red claims Chengdu.") and message.endswith("bot moves.")
    assert s.human_to_act() == [0]
    assert all(e.year == 1 and e.phase == 1 for e in s.log_for(1, 1))


def test_wl_info_3_sealed_choices_are_asked_seat_by_seat():
    desc = {"players": 4, "phase": 2, "emperor": 3,
            "owners": {"DATO": [3, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [2, "F"],
                       "LUZH": [1, "V"], "TIAN": [0, "V"]},
            "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1, 2]}}
    s = GameSession.from_position(desc, seats=["human", "heuristic", "human", "random"])
    s.run_bots()
    assert s.state.conflict is not None
    assert s.human_to_act() == [0, 2] and s.bots_to_act() == []     # Blue's bot committed already
    ok, _ = s.act(Bid(0, 2, (3,)))
    assert ok and s.human_to_act() == [2]                            # still sealed: no reveal yet
    assert not any(e.event.kind == "ConflictRound" for e in s.log)
    ok, message = s.act(Bid(2, 0, (2,)))
    assert ok and "Pressure:" in message


def test_undo_takes_back_the_last_human_action_and_the_bot_moves_after_it():
    s = GameSession(players=3, seed=1, first_emperor=0, seats=HUMAN_FIRST)
    s.act(PlaceMarker(0, "CHEN"))
    assert len(s.actions) == 3
    s.act(PlaceMarker(0, "DATO"))
    assert len(s.actions) == 6
    state_before_second = s.states[3]
    ok, message = s.undo()
    assert ok and message == "Undid Red's marker in Datong and 2 bot moves after it."
    assert len(s.actions) == 3 and s.state is state_before_second and s.human_to_act() == [0]
    assert all(e.index <= 3 for e in s.log)
    s.undo()
    ok, message = s.undo()
    assert not ok and message.startswith("Nothing to undo")


def test_undo_without_humans_takes_back_one_bot_move_and_bots_repeat_themselves():
    s = GameSession(players=3, seed=4, seats=["heuristic", "random", "heuristic"], bot_seed=7)
    s.run_bots(limit=10)
    first = list(s.actions)
    ok, _ = s.undo()
    assert ok and len(s.actions) == 9
    s.run_bots(limit=1)
    assert s.actions == first                 # the same position gives the same bot decision


def test_a_whole_bot_game_ends_with_scores():
    s = GameSession(players=4, seed=3, seats=["heuristic", "random", "heuristic", "random"])
    s.run_bots()
    assert s.is_over and len(s.state.scores) == 4
    assert s.log[-1].event.kind == "GameEnded"
    ok, message = s.step_bot()
    assert not ok and "over" in message


def test_save_and_load_round_trip():
    s = GameSession(players=3, seed=5, first_emperor=2, seats=HUMAN_FIRST)
    s.run_bots()
    s.act(PlaceMarker(0, s.legal(0)[0].province))
    ok, text = s.save()
    assert ok and loads(text).actions == tuple(s.actions)
    assert json.loads(text)["meta"]["seats"] == HUMAN_FIRST
    other = GameSession(players=4, seed=9)
    ok, message = other.load(text)
    assert ok and message.startswith("Loaded a 3-player game")
    assert other.state == s.state and other.seats == HUMAN_FIRST and other.actors == ["record"] * len(s.actions)


@pytest.mark.parametrize("text, where", [
    ("{not json", "record: not valid JSON"),
    ('{"format": "something else"}', "format: expected 'lotus-kit-record'"),
    ('{"format": "lotus-kit-record", "version": 1, "game": "white_lotus", "setup": {"players": 9}, '
     '"rules": [], "actions": []}', "setup.players"),
    ('{"format": "lotus-kit-record", "version": 1, "game": "white_lotus", "setup": {"players": 3, "seed": 1}, '
     '"rules": [], "actions": [{"type": "Bid", "seat": 0, "target": 1, "cards": [3]}]}', "actions[0]"),
    ('{"format": "lotus-kit-record", "version": 1, "game": "white_lotus", "setup": {"players": 3}, '
     '"rules": ["WL_NOPE"], "actions": []}', "rules: unknown variant flag"),
])
def test_loading_a_broken_record_says_what_is_wrong_and_changes_nothing(text, where):
    s = GameSession(players=3, seed=1, first_emperor=0, seats=HUMAN_FIRST)
    s.act(PlaceMarker(0, "CHEN"))
    states, actions, seats = list(s.states), list(s.actions), list(s.seats)
    ok, message = s.load(text)
    assert not ok and message.startswith("Cannot load this record") and where in message
    assert s.states == states and s.actions == actions and s.seats == seats
    ok, message = s.load(b"\xff\xfe")
    assert not ok and "UTF-8" in message


def test_observers_are_told_and_a_broken_observer_does_not_break_the_game():
    s = GameSession(players=3, seed=1, first_emperor=0, seats=HUMAN_FIRST)
    seen = []
    s.observe(lambda session, change: seen.append(change))

    def broken(session, change):
        raise RuntimeError("a view bug")

    s.observe(broken)
    ok, _ = s.act(PlaceMarker(0, "CHEN"))
    assert ok and seen == ["action"] and len(s.observer_errors) == 1
    s.undo()
    s.set_seat(1, "random")
    assert seen == ["action", "undo", "seats"] and s.seats[1] == "random"
    with pytest.raises(ValueError):
        s.set_seat(1, "genius")


def test_from_position_and_from_state():
    start = new_game(4, seed=2)
    desc = describe_position(start)
    assert position(desc) == start
    s = GameSession.from_state(start)
    assert s.record is not None and s.state == start and s.to_json()
    # a state inside a conflict is no position a description can say: it plays on, unsaved
    game = GameSession(players=3, seed=3, first_emperor=1, seats=HUMAN_FIRST)
    game.run_bots()
    while game.state.conflict is None:
        game.act(game.legal(0)[0])
    mid = GameSession.from_state(game.state, seats=HUMAN_FIRST)
    assert mid.record is None and mid.state == game.state
    ok, message = mid.save()
    assert not ok and "cannot be saved" in message
    with pytest.raises(LotusKitError):
        mid.to_json()
    with pytest.raises(RecordError):
        GameSession.from_position({"players": 3, "owners": {"XXXX": [0, "P"]}})
    assert GameSession.from_record(game.to_json(), upto=2).actions == game.actions[:2]


def test_name_seats_and_describe_position_of_a_finished_game():
    assert name_seats("seat 3 takes LIAO") == "Yellow takes Liaoyang"
    s = GameSession(players=3, seed=1, seats=["heuristic"] * 3)
    s.run_bots()
    assert s.state.phase == Phase.GAME_OVER
    with pytest.raises(LotusKitError):
        describe_position(s.state)


def _game_with_refunds(seed: int = 3) -> GameSession:
    s = GameSession(players=4, seed=seed, seats=["random"] * 4)
    s.run_bots(400)
    assert any(e.event.kind == "RefundTaken" and len(e.event.cards) > 1 for e in s.log)
    return s


def test_wl_info_1_the_log_as_a_seat_sees_it_hides_other_refund_values_and_the_seed():
    s = _game_with_refunds()
    full = [e.event for e in s.events_since(-1)]
    assert full[0].seed == 3 and any(e.kind == "RefundTaken" and len(e.cards) > 1 for e in full)
    s.viewer = 1
    seen = [e.event for e in s.events_since(-1)]
    assert seen[0].seed is None
    for a, b in zip(full, seen, strict=True):
        if a.kind == "RefundTaken" and a.seat != 1:
            assert b.cards == (sum(a.cards),) and b.text() == a.text()      # the total stays public
        elif a.kind == "RefundTaken":
            assert b == a                                                    # one's own refund
    assert s.log_for(year=1, phase=1)[0].event.seed is None               # log_for follows the viewer too


def test_wl_info_1_a_full_save_says_that_it_holds_the_seed_and_a_shared_save_holds_no_seed():
    s = _game_with_refunds(seed=5151)
    full = json.loads(s.to_json())
    assert full["setup"]["seed"] == 5151 and "seed orders the face-down draw pool" in full["meta"]["secrets"]
    shared = s.to_json(seat=2)
    assert "5151" not in shared and json.loads(shared)["meta"]["redacted_for"] == 2
    ok, text = s.save(None)
    assert ok and json.loads(text)["meta"]["redacted_for"] == "public"
    # a shared record loads, and the load says what it is
    other = GameSession(players=3, seed=1)
    ok, message = other.load(shared)
    assert ok and "shared for Green" in message and "not the real game" in message
    assert other.state.hands[2] == s.state.hands[2]                         # Green's own hand, as it is
    assert [h.size for h in other.state.hands] == [h.size for h in s.state.hands]
