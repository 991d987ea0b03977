"""The position editor: paint the board, fill hands, see what is impossible, play on from the position."""

from __future__ import annotations

import json

from lotus_kit.ui.editor import PositionEditor
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.ui.session import GameSession
from lotus_kit.ui.table import GameTable
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.position import position


def text(html: str) -> str:
    return shown_text(html)


def test_the_start_of_a_game_is_a_possible_position_and_plays_on_in_a_table():
    ed = PositionEditor(players=4, seed=2)
    assert ed.reasons == [] and "A possible position" in text(ed.check.value) and not ed.play_button.disabled
    assert ed.state() == new_game(4, seed=2)
    figure = ed.board.figure
    ed.play_button.click()
    assert isinstance(ed.table, GameTable) and ed.table in ed.play_area.children
    assert ed.table.session.states[0] == new_game(4, seed=2)
    assert "Playing on" in text(ed.feedback.value)
    # play again after a change: the same table, a new session
    ed.tool.value, ed.owner.value, ed.building.value = "chip", 1, "V"
    ed.board.click("HANZ")
    table = ed.table
    ed.play_button.click()
    assert ed.table is table and table.session.state.owner("HANZ") == 1
    assert ed.board.figure is figure                     # painted in place, never rebuilt


def test_painting_buildings_markers_and_empty_provinces():
    ed = PositionEditor(players=3, seed=1)
    ed.tool.value, ed.owner.value, ed.building.value = "chip", 0, "P"
    ed.board.click("HANZ")                               # next to Chengdu and Fengyuan (lotus): fine
    assert ed.description()["owners"]["HANZ"] == [0, "P"] and ed.reasons == []
    assert ed.board.state.owner("HANZ") == 0             # the board shows the setup
    assert "Hanzhong: Red's palace" in text(ed.feedback.value)
    ed.owner.value = -1
    ed.building.value = "T"
    ed.picker.value = "KUIZ"
    ed.paint_button.click()
    assert ed.description()["neutral"]["KUIZ"] == "T"
    # markers on a neutral chip in phase 1
    ed.tool.value, ed.marker_seat.value = "marker", 2
    ed.board.click("KUIZ")
    assert ed.description()["markers"] == {"KUIZ": [2]} and ed.reasons == []
    assert ed.board.state.markers_on("KUIZ") == (2,)
    ed.board.click("KUIZ")                               # toggles it off
    assert "markers" not in ed.description()
    # a chip far from every lotus province cannot have been placed in phase 6
    ed.tool.value, ed.owner.value = "chip", 1
    ed.board.click("LIAO")
    assert any("Liaoyang" in r and "WL-TERR-2" in r for r in ed.reasons)
    assert ed.play_button.disabled and "Not a possible position" in text(ed.check.value)
    assert "WL-TERR-2</summary>" in ed.check.value         # the rule opens in place
    ed.tool.value = "erase"
    ed.board.click("LIAO")
    assert ed.reasons == []
    ed.board.click("DATO")                               # lotus provinces always hold a chip
    assert any("Datong is a lotus province" in r for r in ed.reasons)
    # a seat that does not play
    ed.tool.value, ed.owner.value = "chip", 5
    ed.board.click("DATO")
    assert "There is no Orange with 3 players" in text(ed.feedback.value)


def test_hands_roles_and_phase_are_checked():
    ed = PositionEditor(players=3, seed=1)
    ed.influence[0].value = "3,3,0,0"
    assert any("exactly one 0 card" in r for r in ed.reasons)
    ed.influence[0].value = "3,3,9"
    assert any("influence cards have values 0 to 3" in r for r in ed.reasons)
    ed.influence[0].value = "3, 3, 2, 0"
    ed.combat[1].value = "3+3"
    ed.vp[2].value = 4
    ed.emperor.value = 2
    ed.year.value = 3
    ed.phase.value = 4
    assert ed.reasons == []
    state = ed.state()
    assert state.hands[0].influence_cards() == (3, 3, 2, 0) and state.hands[1].combat_cards() == (3, 3)
    assert state.vp_chips[2] == 4 and state.emperor == 2 and state.year == 3
    # markers only in phases 1 and 2
    ed.tool.value, ed.marker_seat.value = "marker", 0
    neutral = next(iter(ed.description()["neutral"]))
    ed.board.click(neutral)
    assert any("markers are on the board only in phases 1 and 2" in r for r in ed.reasons)
    # fewer players: the emperor list follows, hands of absent seats are hidden
    ed.players.value = 4
    assert [v for _, v in ed.emperor.options] == [0, 1, 2, 3]
    assert [row.layout.display for row in ed.hand_rows] == ["flex"] * 4 + ["none"] * 2


def test_json_in_and_out_and_bad_json_is_refused():
    ed = PositionEditor(players=3, seed=1)
    desc = json.loads(ed.json.value)
    assert position(desc) == ed.state()
    ed.json.value = "{broken"
    ed.json_button.click()
    assert "Not a position description" in text(ed.feedback.value) and ed.reasons == []
    ed.json.value = "[1, 2]"
    ed.json_button.click()
    assert "a position is a JSON object" in text(ed.feedback.value)
    other = PositionEditor(players=5, seed=4)
    ed.load_json(other.json.value)
    assert ed.players.value == 5 and ed.state() == other.state()


def test_play_on_hands_the_session_to_a_callback_and_from_state_round_trips():
    got: list[GameSession] = []
    s = GameSession(players=3, seed=3, seats=["heuristic"] * 3)
    s.run_bots(limit=40)
    while s.state.step is not None and int(s.state.phase) != 1:
        s.run_bots(limit=1)
    ed = PositionEditor.from_state(s.state, on_play=got.append)
    ed.play_button.click()
    assert len(got) == 1 and ed.table is None
    assert got[0].state.chips == s.state.chips and got[0].state.owners == s.state.owners
    ed.tool.value = "erase"
    ed.board.click("DATO")
    ed.play()                                     # impossible: refused with the reasons
    assert "Cannot play on" in text(ed.feedback.value) and len(got) == 1
