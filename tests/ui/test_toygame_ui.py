"""The shared UI serves a game it has never heard of: the toy auction (tests/toygame), registered by
the tests only, with no screen module of its own, plays through the generic table (open and hot
seat, with a bot) and the explorer (change a decision, replay, compare), with no change to shared
code."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from lotus_kit.core.records import GameRecord
from lotus_kit.core.registry import GAMES, get_game, register
from lotus_kit.ui.explorer import Explorer
from lotus_kit.ui.panel import ActionPanel, TextBoard
from lotus_kit.ui.screen import GameScreen, screen_for
from lotus_kit.ui.session import GameSession
from lotus_kit.ui.table import GameTable
from lotus_kit.white_lotus.game import WHITE_LOTUS
from tests.toygame.game import TOY, Bid


@pytest.fixture(autouse=True)
def toy():
    register("toy", "tests.toygame.game:TOY")
    yield get_game("toy")
    GAMES.pop("toy", None)


def texts(widget: widgets.Widget) -> str:
    """Every text a widget tree shows (HTML values, labels, options)."""
    out = []
    for w in [widget, *getattr(widget, "children", ())]:
        if w is not widget and isinstance(w, widgets.Widget):
            out.append(texts(w))
        for name in ("value", "description"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        for o in getattr(w, "options", ()) or ():
            out.append(str(o[0] if isinstance(o, tuple) else o))
    return "\n".join(out)


def test_a_game_without_a_screen_module_gets_the_plain_screen(toy):
    look = screen_for(toy)
    assert type(look) is GameScreen
    assert [t.panel for t in look.tabs(toy)] == [ActionPanel]
    assert look.tab_of(toy, toy.new_game(2)) == "play"


def test_session_plays_the_toy_game_with_its_own_words_and_bots(toy):
    s = GameSession(game="toy", seed=1, seats=["human", "random"])
    assert s.players == 2 and s.seat_kinds == ("human", "random")
    assert s.decision_text() == "Red and Blue bid for a prize of 1 (sealed, TOY-BID-1)"
    ok, message = s.act(Bid(1, 9))
    assert not ok and message.startswith("TOY-BID-1:") and not s.actions
    ok, message = s.act(Bid(0, 2))
    # Red's bid, then the random bot's (the round is resolved and told in the game's words), then the
    # bot commits its sealed bid of the next round first
    assert ok and s.actors == ["human", "random", "random"] and s.state.round == 1
    assert message == "Red's bid is committed, sealed until everyone has chosen. Then 2 bot moves."
    told = " ".join(e.event.text(s.name) for e in s.log)
    assert re.search(r"(Red takes the prize of 1|Blue takes the prize of 1|Nobody wins) \(bids 2 and", told), told
    ok, message = s.undo()
    assert ok and message == "Undid Red's bid and 2 bot moves after it." and not s.actions


def test_open_table_plays_the_toy_game_to_its_end(toy):
    t = GameTable(game="toy", seed=3, seats=["human", "human"], mode="open")
    assert t.players.options == (2,)
    assert "Toy auction" in t.title.value and "TOY-BID-1" in t.title.value
    assert isinstance(t.board, TextBoard)
    panel = t.panels["play"]
    assert isinstance(panel, ActionPanel) and panel in t.panel_box.children
    assert panel.choices.label == "Red bids 0"            # the first legal action is picked, never none
    while not t.session.is_over:
        seat = t.session.human_to_act()[0]
        assert panel.choose(f"{TOY.info.seat_names[seat]} bids 0"), panel.feedback.value
    state = t.session.state
    assert state.points == (0, 0) and TOY.winners(state) == {0, 1}
    assert "Final score" in t.scores.value and "★ winner" in t.scores.value
    assert "the game is over" in t.title.value
    assert "All hands" not in t.hand.value                 # the toy's screen shows no hands
    shown = texts(t)
    assert "WL-" not in shown and "Lotus" not in shown and "emperor" not in shown.lower()


def test_hot_seat_table_passes_the_screen_for_a_sealed_bid_and_hides_the_other_bid(toy):
    t = GameTable(game="toy", seed=3, seats=["human", "human"], mode="hot-seat")
    # a sealed bid of a game with hidden information: the screen goes to Red first
    assert t.curtain.layout.display == "flex" and "Pass the screen to" in t.curtain_text.value
    assert not t.panel_box.children
    t.reveal_screen()
    panel = t.panels["play"]
    assert t.curtain.layout.display == "none" and panel.choices.options[0][0] == "Red bids 0"
    assert panel.choose("Red bids 4")
    # Blue's turn: the curtain again, and Red's panel (which held Red's choice) left the page
    assert t.curtain.layout.display == "flex" and panel.comm is None
    t.reveal_screen()
    blue = t.panels["play"]
    assert blue is not panel and blue.choices.options[0][0] == "Blue bids 0"
    assert "4" not in t.event_log.value          # Red's sealed bid is not told before Blue bids
    assert blue.choose("Blue bids 1")
    assert t.session.state.points[0] == 1 and "Red</b> takes the prize of 1 (bids 4 and 1" in t.event_log.value


def test_table_with_a_bot_plays_on_by_itself(toy):
    t = GameTable(game="toy", seed=5, seats=["human", "random"], mode="open")
    for _ in range(3):
        assert t.panels["play"].choose("Red bids 1")
    # in a sealed choice the bot commits first, then the human answers
    assert t.session.is_over and t.session.actors == ["random", "human"] * 3


def played(seed: int) -> GameRecord:
    s = GameSession(game="toy", seed=seed, seats=["random", "random"], bot_seed=seed)
    s.run_bots()
    assert s.is_over
    return s.record


def test_explorer_changes_a_toy_decision_and_replays_the_rest(toy):
    record = played(7)
    ex = Explorer(record)
    assert ex.game is toy and ex.players == 2
    ex.go(2)
    assert ex.decision == record.actions[2]
    assert "Red and Blue bid" in ex.where.value
    # the generic change panel: the legal bids in the game's words, the current one picked
    labels = [label for label, _a in ex.choice.options]
    assert labels[0] == "Red bids 0" and ex.choice.layout.display != "none"
    ex.choice.value = Bid(0, 0) if record.actions[2] != Bid(0, 0) else Bid(0, 1)
    chosen = ex.choice.value
    ok, message = ex.replay_choice()
    assert ok, message
    line = ex.line
    assert not ex.node.is_root and line.actions[2] == chosen and line.actions[:2] == record.actions[:2]
    assert line.is_over and len(line.actions) == 6
    # the next bid of the same seat is kept where it still fits (the replay rule's moments)
    assert line.origins[2] == "changed"
    assert "Final score" in ex.diff_view.value
    ok, message = ex.change(Bid(0, 99))
    assert not ok and "TOY-BID-1" in message
    ex.back_to_original()
    assert ex.node.is_root and ex.line.actions == record.actions
    shown = texts(ex)
    assert "WL-" not in shown and "emperor" not in shown.lower()
    # tools its screen does not supply stay off the page (no advisor, no positions to set up); the
    # biggest swings are rollouts of the game itself, offered to every game
    assert ex.advice_section.layout.display == "none" and ex.setup_button.layout.display == "none"
    assert ex.swings_section.layout.display != "none"


def test_explorer_refuses_a_record_of_another_game(toy):
    ex = Explorer(played(2))
    from lotus_kit.white_lotus.game import new_record

    ok, message = ex.load(new_record(4, 1))
    assert not ok and "the explorer knows toy, not 'white_lotus'" in message


@pytest.mark.parametrize("name", [n for n in ("samurai", "winter", "ming") if n in GAMES])
def test_every_game_of_the_kit_plays_at_the_generic_table_and_in_the_explorer(name):
    """The games of the kit without a screen object of their own get the plain screen: a move from the
    table's panel, then a changed decision replayed in the explorer."""
    t = GameTable(game=name, seed=1, mode="open")
    s = t.session
    panel = t.panels[next(iter(t.panels))]
    before = len(s.actions)
    seat = s.human_to_act()[0]
    if hasattr(panel, "choose"):
        # a panel's choose() takes these words
        label = s.game.describe(s.game.legal_actions(s.state, seat)[0], s.state)
        assert panel.choose(label), panel.feedback.value
    else:                                     # a game with panels of its own (Winter's lake is clicked)
        assert s.act(s.game.legal_actions(s.state, seat)[0])[0]
    assert len(s.actions) > before and s.actions[before] == s.game.legal_actions(s.states[before], seat)[0]
    # at a hot-seat table the seats go by the game's own names, not White Lotus's colours
    hot = GameTable(game=name, seed=1, mode="hot-seat", seats=["human"] * s.players)
    hot.reveal_screen()                       # the seat to act asks for its own view
    names = " ".join(s.game.info.seat_names)
    shown = texts(hot)
    assert not [wl for wl in WHITE_LOTUS.info.seat_names if wl not in names and re.search(rf"\b{wl}\b", shown)]
    game = GameSession(game=name, seed=2, seats=["random"] * s.players)
    game.run_bots(limit=300)
    ex = Explorer(game.record)
    for k in range(len(game.record.actions)):        # the first decision with a choice
        ex.go(k)
        others = [a for _label, a in ex.choice.options if a != ex.decision]
        if others:
            break
    ok, message = ex.change(others[0])
    assert ok, message
    assert ex.line.actions[k] == others[0] and ex.line.actions[:k] == game.record.actions[:k]
