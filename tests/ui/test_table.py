"""The game table driven through its widgets: whole games with humans and bots, hot seat and open
mode, holding outcomes, undo, save and load."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime

from ipywidgets.widgets.widget import _instances

from lotus_kit.core.records import loads
from lotus_kit.ui.phases import CardPicker
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.ui.table import GameTable
from lotus_kit.white_lotus.actions import Bid
from tests.ui.helpers import shown, table_step


def text(html: str) -> str:
    return shown_text(html)


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


def live_pickers(before: set[str]) -> list[CardPicker]:
    """Every card picker made after ``before`` (the model ids then) whose model is still in the page
    (a closed widget has left it)."""
    return [w for k, w in list(_instances.items()) if isinstance(w, CardPicker) and k not in before]


def page_state(before: set[str] = frozenset()) -> str:
    """The synced state of every widget the page holds (made after ``before``), as text: what a
    browser could read."""
    return json.dumps([w.get_state() for k, w in list(_instances.items()) if k not in before], default=str)


def test_a_whole_hot_seat_game_with_two_humans_and_two_bots():
    before = set(_instances)
    table = GameTable(players=4, seed=11, seats=["human", "random", "human", "heuristic"], mode="hot-seat")
    rng = random.Random(5)
    seen_curtain_for: set[str] = set()
    steps: dict[str, int] = {}
    reveals = public = 0
    while not (table.session.is_over and not shown(table.banner_box)):
        s = table.session
        if shown(table.curtain):
            # hot seat: nothing private is on the screen behind the curtain, nor in the page:
            # every card picker the previous seat used was closed
            assert table.panel_box.children == () and "'s hand" not in table.hand.value
            assert all(p.cards == () for p in live_pickers(before))
            seen_curtain_for.add(re.search(r"Pass the screen to (\w+)", text(table.curtain_text.value)).group(1))
        elif table.reveal:
            # a reveal is on show for everyone: no hand, nobody's choices
            assert shown(table.banner_box) and "Revealed" in text(table.banner.value)
            assert "'s hand" not in table.hand.value and not any(shown(p.controls) for p in table.panels.values())
            reveals += 1
        elif s.human_to_act() and not shown(table.banner_box):
            seat = s.human_to_act()[0]
            if table._private_decision(seat):
                # only the acting human's hand is shown
                assert f"{s.name(seat)}'s hand" in text(table.hand.value)
                other = 2 - seat
                assert f"{s.name(other)}'s hand" not in text(table.hand.value)
            elif table.screen_seat != seat:
                # a public decision: no hand-off, no hand on the screen
                assert "'s hand" not in text(table.hand.value) and shown(table.public_box)
                public += 1
        what = table_step(table, rng).split()[0]
        steps[what] = steps.get(what, 0) + 1
        assert sum(steps.values()) < 3000
    s = table.session
    assert seen_curtain_for == {"Red", "Green"} and reveals > 5 and public > 5
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
    assert 'download="lotus-3p-' in table.download.value and "seed5" not in table.download.value
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
    table.seed.value = "8"
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


def sealed_hand_off(table: GameTable, rng: random.Random, limit: int = 3000) -> None:
    """Play at ``table`` (Red and Blue human) until Red has committed a sealed bid and the table asks
    to pass the screen to Blue for his."""
    for _ in range(limit):
        s = table.session
        c = s.state.conflict
        if c is not None and any(b.seat == 0 for b in c.bids) and s.human_to_act() == [1] and shown(table.curtain):
            return
        table_step(table, rng)
    raise AssertionError("Red and Blue never met in a conflict")


def test_WL_INFO_1_a_save_behind_the_curtain_shows_no_sealed_bid_and_no_seed():
    table = GameTable(players=3, seed=424_242, seats=["human", "human", "heuristic"], mode="hot-seat")
    sealed_hand_off(table, random.Random(8))
    s = table.session
    red_bid = next(b for b in s.state.conflict.bids if b.seat == 0)
    assert "Pass the screen to Blue" in text(table.curtain_text.value)
    # Blue opens "Save / load" and presses Save
    table.save_button.click()
    saved = table.record_text.value
    record = loads(saved)
    assert red_bid not in record.actions and len(record.actions) == len(s.actions) - 1
    assert "424242" not in saved and '"seed"' not in saved and "424242" not in table.download.value
    assert record.meta["redacted_for"] == "public" and "Saved what everyone may know" in text(table.load_feedback.value)
    # everyone agrees: the full record, Red's bid and the seed in it, for this one save
    table.save_full.value = True
    table.save_button.click()
    full = loads(table.record_text.value)
    assert full.actions == tuple(s.actions) and red_bid in full.actions and full.setup["seed"] == 424_242
    assert "seed orders" in full.meta["secrets"] and table.save_full.value is False
    table.save_button.click()
    assert loads(table.record_text.value).meta["redacted_for"] == "public"


def test_WL_INFO_1_behind_the_curtain_the_page_holds_nothing_of_the_previous_seat():
    before = set(_instances)
    table = GameTable(players=3, seed=424_243, seats=["human", "human", "heuristic"], mode="hot-seat")
    rng = random.Random(3)
    for _ in range(3000):
        s = table.session
        if s.human_to_act() == [0] and table.screen_seat == 0 and table._private_decision(0) \
                and not table.reveal and s.state.conflict is not None:
            break
        table_step(table, rng)
    red_panel = table.panels[2]
    assert red_panel.cards.cards and red_panel.comm is not None     # Red's cards fill the picker
    sealed_hand_off(table, rng)
    # the panel that held Red's cards and dragon target is closed: its models left the page
    assert red_panel.comm is None and red_panel.cards.comm is None and red_panel.target.comm is None
    assert table.panels[2] is not red_panel and all(p.cards == () for p in live_pickers(before))
    assert "424243" not in page_state(before)


def test_WL_INFO_2_a_reveal_is_shown_to_everyone_before_the_hand_off():
    table = GameTable(players=3, seed=31, seats=["human", "human", "heuristic"], mode="hot-seat")
    rng = random.Random(4)
    sealed_hand_off(table, rng)
    s = table.session
    table.curtain_button.click()                     # Blue takes the screen and bids
    before = len(s.log)
    table_step(table, rng)
    revealed = [e.event for e in s.log[before:] if e.event.kind == "ConflictRound"]
    assert revealed
    # the reveal, not a curtain: the bids, the pressures and who leaves, for everyone
    assert table.reveal and shown(table.banner_box) and not shown(table.curtain)
    banner = text(table.banner.value)
    assert "Revealed" in banner and "Pressure:" in banner
    assert text(revealed[0].text(s.name)).split("Pressure: ")[1].split(".")[0] in banner
    assert table.screen_seat is None and "'s hand" not in table.hand.value
    assert table.panels[2] in table.panel_box.children and not shown(table.panels[2].controls)
    table.continue_button.click()
    assert (not table.reveal and not shown(table.banner_box)) or table.held


def test_WL_INFO_2_markers_are_public_and_need_no_hand_off():
    table = GameTable(players=3, seed=5, first_emperor=0, seats=["human", "human", "heuristic"], mode="hot-seat")
    s = table.session
    assert s.human_to_act() == [0] and not shown(table.curtain) and shown(table.public_box)
    assert table.show_hand.description == "I am Red: show my hand" and "'s hand" not in table.hand.value
    table.board.click("CHEN")
    assert s.state.markers_on("CHEN")[:1] == (0,)
    assert s.human_to_act() == [1] and not shown(table.curtain)
    assert "I am Blue" in table.show_hand.description
    # a player who wants his hand asks for it; the next seat's public turn hides it again
    table.show_hand.click()
    assert "Blue's hand" in text(table.hand.value)
    legal = [a.province for a in s.legal(1)]
    table.board.click(legal[0])
    assert "Blue's hand" not in text(table.hand.value)


def test_WL_INFO_1_open_mode_during_a_hot_seat_game_needs_everyone_to_agree():
    table = GameTable(players=3, seed=6, seats=["human", "human", "heuristic"], mode="hot-seat")
    table.mode.value = "open"
    assert table.mode.value == "hot-seat" and "All hands" not in table.hand.value
    assert shown(table.open_confirm) and "Everyone" in text(table.message.value)
    table.open_confirm.click()
    assert table.mode.value == "open" and "All hands" in text(table.hand.value)


def test_WL_INFO_1_the_seed_is_not_in_the_setup_box_nor_anywhere_in_the_page():
    before = set(_instances)
    table = GameTable(players=3, seed=777_313, seats=["human", "heuristic", "heuristic"], mode="hot-seat")
    assert table.seed.value == "" and "777313" not in page_state(before)
    table.seed.value = ""
    table.new_button.click()                                 # a random game nobody sees the seed of
    first = table.session.states[0].seed
    assert table.seed.value == "" and str(first) not in text(table.message.value)
    table.seed.value = "twelve"
    table.new_button.click()
    assert "Seed: a whole number" in text(table.message.value) and table.session.states[0].seed == first


def test_after_undo_every_panel_shows_the_state_after_undo():
    table = GameTable(players=3, seed=9, first_emperor=0, seats=["human", "heuristic", "heuristic"], mode="open")
    rng = random.Random(6)
    s = table.session
    for _ in range(2000):
        if s.actions and s.actors[-1] != "human" and any(
                e.event.kind == "ConflictRound" and e.index > len(s.states) - 4 for e in s.log) \
                and any(a == "human" and isinstance(s.actions[k], Bid) for k, a in enumerate(s.actors)):
            last_bid = max(k for k, a in enumerate(s.actors) if a == "human" and isinstance(s.actions[k], Bid))
            if last_bid >= len(s.actions) - 3:
                break
        table_step(table, rng)
    panel = table.panels[2]
    assert "Reveal" in panel.reveal.value and panel.feedback.value
    table.undo_button.click()
    assert "Undid Red's bid" in text(table.message.value)
    # the panels on show are made from the state after the undo: no feedback, no reveal of the undone round
    for p in table.panel_box.children:
        assert p.feedback.value == ""
    shown_now = table.panels[2]
    rounds = [e for e in s.log_for(phase=2) if e.event.kind == "ConflictRound"]
    if not rounds or rounds[-1].event.province != s.state.board.provinces[s.state.conflict.province].id:
        assert "Reveal" not in shown_now.reveal.value
