"""The game table driven through its widgets: whole games with humans and bots, hot seat and open
mode, holding outcomes, undo, save and load."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

from lotus_kit.core.records import loads
from lotus_kit.ui.table import GameTable
from tests.ui.helpers import shown, table_step


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def play_to_the_end(table: GameTable, rng: random.Random, limit: int = 3000) -> dict[str, int]:
    done: dict[str, int] = {}
    for _ in range(limit):
        if table.session.is_over and not shown(table.banner_box):
            break
        what = table_step(table, rng).split()[0]
        done[what] = done.get(what, 0) + 1
    assert table.session.is_over
    assert table.session.observer_errors == []
    return done


def test_a_whole_hot_seat_game_with_two_humans_and_two_bots():
    table = GameTable(players=4, seed=11, seats=["human", "random", "human", "heuristic"], mode="hot-seat")
    rng = random.Random(5)
    seen_curtain_for: set[str] = set()
    steps: dict[str, int] = {}
    while not (table.session.is_over and not shown(table.banner_box)):
        if shown(table.curtain):
            # hot seat: nothing private is on the screen behind the curtain
            assert table.panel_box.children == () and "'s hand" not in table.hand.value
            seen_curtain_for.add(re.search(r"Pass the screen to (\w+)", text(table.curtain_text.value)).group(1))
        elif table.session.human_to_act() and not shown(table.banner_box):
            seat = table.session.human_to_act()[0]
            # only the acting human's hand is shown
            assert f"{table.session.name(seat)}'s hand" in text(table.hand.value)
            other = 2 - seat
            assert f"{table.session.name(other)}'s hand" not in text(table.hand.value)
        what = table_step(table, rng).split()[0]
        steps[what] = steps.get(what, 0) + 1
        assert sum(steps.values()) < 3000
    s = table.session
    assert seen_curtain_for == {"Red", "Green"}
    assert s.observer_errors == []
    # every kind of decision was made through the widgets, outcomes were held and continued
    for kind in ("claim", "bid", "income", "chip", "continue", "screen"):
        assert steps.get(kind), (kind, steps)
    assert {a for a in s.actors} == {"human", "random", "heuristic"}
    final = table.panels[7]
    assert final in table.panel_box.children and table.nav.value == 7
    out = text(final.outcome.value)
    assert "Final scores" in out and "★ winner" in out
    assert "the game is over" in text(table.title.value)
    assert "Final score" in text(table.scores.value)
    assert f"Year {s.state.year}, phase 4: rebellion" in text(table.event_log.value)
    assert "GameEnded" not in table.event_log.value and "Final scores" in text(table.event_log.value)


def test_open_mode_shows_every_hand_and_lets_the_teacher_act_for_a_seat():
    table = GameTable(players=3, seed=2, seats=["human", "human", "heuristic"], first_emperor=0, mode="open")
    assert not shown(table.curtain) and shown(table.play_as)
    hands = text(table.hand.value)
    assert "All hands" in hands and all(n in hands for n in ("Red", "Blue", "Green (heuristic bot)"))
    claims = table.panels[1]
    # playing as Blue while Red must place: the click is refused by the engine, nothing changes
    table.play_as.value = 1
    table.board.click("CHEN")
    assert text(claims.feedback.value).startswith("WL-PLACE-3: it is Red's turn")
    assert "WL-PLACE-3" in text(table.message.value) and table.session.actions == []
    table.play_as.value = -1                                # "whoever must act"
    table.board.click("CHEN")
    assert table.session.state.markers_on("CHEN") == (0,)
    # Blue is human too: the panel now acts for Blue
    assert claims.acting_seat() == 1
    play_to_the_end(table, random.Random(3))


def test_a_held_outcome_waits_for_continue_and_the_nav_shows_other_phases():
    table = GameTable(players=3, seed=3, first_emperor=1, seats=["human", "heuristic", "heuristic"], mode="open")
    rng = random.Random(1)
    held = False
    for _ in range(400):
        if shown(table.banner_box):
            held = True
            break
        table_step(table, rng)
    assert held and table.held
    view = table.view_phase
    assert view in (2, 4) and int(table.session.state.phase) != view
    assert table.panels[view] in table.panel_box.children
    assert "is over" in text(table.banner.value) and table.continue_button.description.startswith("Continue to")
    # look at the claims panel, then continue to where the game is
    table.nav.value = 1
    assert table.panels[1] in table.panel_box.children
    table.continue_button.click()
    now = int(table.session.state.phase)
    assert not table.held and table.view_phase == now and not shown(table.banner_box)
    assert table.nav.value == now


def test_undo_save_and_load_from_the_table():
    table = GameTable(players=3, seed=5, first_emperor=0, seats=["human", "heuristic", "random"], mode="open")
    rng = random.Random(2)
    for _ in range(6):
        table_step(table, rng)
    s = table.session
    n = len(s.actions)
    table.undo_button.click()
    assert len(s.actions) < n and "Undid Red's" in text(table.message.value)
    # save: text area and a download link
    table.save_button.click()
    record = loads(table.record_text.value)
    assert record.actions == tuple(s.actions)
    assert 'download="lotus-3p-seed5-' in table.download.value
    assert "data:application/json;base64," in table.download.value
    saved_state = s.state
    # play on, then load the saved record back from the text area
    for _ in range(4):
        table_step(table, rng)
    assert s.state != saved_state
    table.load_button.click()
    assert "Loaded a 3-player game" in text(table.load_feedback.value)
    assert s.state == saved_state
    # a broken record: a clear message, the game unchanged
    before = list(s.states)
    table.record_text.value = table.record_text.value.replace('"PlaceMarker"', '"PlaceMarkr"', 1)
    table.load_button.click()
    msg = text(table.load_feedback.value)
    assert msg.startswith("Cannot load this record: actions[0].type: unknown action type 'PlaceMarkr'")
    assert s.states == before
    table.record_text.value = ""
    table.load_button.click()
    assert "Paste a record" in text(table.load_feedback.value)
    # loading a file through the upload widget
    good = record.to_json().encode()
    table.upload.value = ({"name": "game.json", "type": "application/json", "size": len(good),
                           "content": memoryview(good), "last_modified": datetime.now(UTC)},)
    assert "Loaded a 3-player game" in text(table.load_feedback.value) and s.actions == list(record.actions)
    bad = b'{"format": "lotus-kit-record", "version": 2}'
    table.upload.value = ({"name": "bad.json", "type": "application/json", "size": len(bad),
                           "content": memoryview(bad), "last_modified": datetime.now(UTC)},)
    assert "version: this kit reads record version 1, not 2" in text(table.load_feedback.value)
    assert s.actions == list(record.actions)


def test_new_game_and_seat_changes_from_the_setup():
    table = GameTable(players=3, seed=1, seats=["human", "heuristic", "heuristic"])
    board_figure = table.board.figure
    table.players.value = 5
    assert [dd.layout.display for dd in table.seat_kinds] == ["flex"] * 5 + ["none"]
    table.seed.value = 8
    table.first_emperor.value = 4
    for dd, kind in zip(table.seat_kinds, ["heuristic", "human", "random", "random", "heuristic"], strict=False):
        dd.value = kind
    table.flags.value = ("WL_FINITE_SUPPLY",)
    table.new_button.click()
    s = table.session
    assert s.players == 5 and s.seats == ["heuristic", "human", "random", "random", "heuristic"]
    assert s.states[0].seed == 8 and s.states[0].emperor == 4 and s.rules.finite_supply
    assert table.board.figure is board_figure                 # the board is updated, never rebuilt
    assert s.human_to_act() == [1] and "New 5-player game" in text(table.message.value)
    # the human hands his seat to a bot: the bots play on to the end
    table.seat_kinds[1].value = "heuristic"
    assert s.is_over and table.panels[7] in table.panel_box.children
    # bots step by step when they do not play on by themselves
    table.auto_bots.value = False
    table.seat_kinds[1].value = "human"
    table.new_button.click()
    s = table.session
    assert s.actions == [] and not table.bot_button.disabled
    table.bot_button.click()
    assert len(s.actions) == 1 and "claims" in text(table.message.value)
