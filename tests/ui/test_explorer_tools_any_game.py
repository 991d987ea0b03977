"""The explorer's swings, advice and position editor are hosted for any game through its screen: the
toy auction of the tests (registered here only), Samurai and Ming. White Lotus's own advisor and
painted editor are checked in test_explorer_advice.py and test_explorer_board.py."""

from __future__ import annotations

import json

import pytest

from lotus_kit.core.records import GameRecord
from lotus_kit.core.registry import GAMES, get_game, register
from lotus_kit.samurai.actions import Attack
from lotus_kit.ui.advice import AdvicePanel, SeatAdvice
from lotus_kit.ui.explorer import Explorer
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.ui.position_editor import DescriptionEditor
from lotus_kit.ui.screen import _SCREENS, GameScreen, register_screen, screen_for
from lotus_kit.ui.session import GameSession
from lotus_kit.ui.table import GameTable
from tests.toygame.game import TOY, Bid


@pytest.fixture(autouse=True)
def toy():
    register("toy", "tests.toygame.game:TOY")
    yield get_game("toy")
    GAMES.pop("toy", None)
    _SCREENS.pop("toy", None)
    screen_for.cache_clear()


def blocks(html: str) -> str:
    return shown_text(html)


# -- swings ------------------------------------------------------------------------------------------------
def test_the_toy_auctions_biggest_swing_in_the_explorer_is_the_last_bid_worked_by_hand():
    # rounds 1 and 2 tied at 0 coins each (nobody scores); in round 3 Red bids all 5 coins and Blue
    # bids 0: Red takes the prize and wins. Blue's 5 ties the bid: nobody scores, a shared win (1/2)
    actions = (Bid(0, 0), Bid(1, 0), Bid(0, 0), Bid(1, 0), Bid(0, 5), Bid(1, 0))
    ex = Explorer(GameRecord("toy", {"players": 2, "seed": 3}, (), actions))
    assert ex.game is TOY and ex.line.is_over and TOY.winners(ex.line.final) == {0}
    assert ex.swings_section.layout.display != "none"            # offered to a game with no screen at all
    df = ex.find_swings(seats=[1], rollouts=2, alternatives=5, max_decisions=3)
    assert list(df["seat"]) == [1, 1, 1] and sorted(df["step"]) == [1, 3, 5]
    row = df[df["step"] == 5].iloc[0]
    assert (row["action"], row["win_made"], row["alternative"], row["win_best"], row["swing"]) == \
        (Bid(1, 0), 0.0, Bid(1, 5), 0.5, 0.5)
    rank = int(df.index[df["step"] == 5][0])
    ok, message = ex.try_swing(rank)
    assert ok, message
    assert ex.line.actions[5] == Bid(1, 5) and TOY.winners(ex.line.final) == {0, 1}
    assert message.startswith("Swing ") and "Swing" in blocks(ex.swing_message.value)


def test_samurai_swings_are_judged_by_samurai_rollouts_in_the_explorer_and_tried():
    s = GameSession(game="samurai", seed=2, seats=["random"] * 3)
    s.run_bots(limit=40)
    ex = Explorer(s.record)
    game = ex.game
    assert game.name == "samurai" and ex.swings_section.layout.display != "none"
    df = ex.find_swings(rollouts=2, alternatives=1, max_decisions=3)
    assert len(df) == 3 and "Judged 3 decisions" in ex.swing_message.value
    states = ex.line.states
    for row in df.itertuples():
        legal = game.legal_actions(states[row.step], row.seat)
        assert row.action == s.record.actions[row.step] and len(legal) > 1
        assert row.alternative in legal and row.alternative != row.action
        assert 0.0 <= row.win_made <= 1.0 and row.swing == pytest.approx(row.win_best - row.win_made)
    assert list(df["swing"]) == sorted(df["swing"], reverse=True)
    top = df.iloc[0]
    ok, message = ex.try_swing(0)
    assert ok, message
    assert not ex.node.is_root and ex.line.actions[int(top["step"])] == top["alternative"]
    assert ex.line.actions[:int(top["step"])] == s.record.actions[:int(top["step"])]


# -- advice ------------------------------------------------------------------------------------------------
class SureBid(SeatAdvice):
    """The toy's advice: the least bid that takes the prize whatever the other bids (TOY-BID-2)."""

    title = "Advice: the sure bid"

    def advise(self, game, state, seat):
        other = state.coins[1 - seat]
        if state.coins[seat] > other:
            return f"bid {other + 1}: it takes the prize of {state.prizes[state.round]} whatever is bid (TOY-BID-2)."
        return f"no bid is sure: the other holds {other} coins."


class Broken(SeatAdvice):
    def advise(self, game, state, seat):
        raise ValueError("no model for this")


class AdvisingScreen(GameScreen):
    def advisor_tool(self, game):
        return SureBid()


class BrokenScreen(GameScreen):
    def advisor_tool(self, game):
        return Broken()


ADVISING = AdvisingScreen()
BROKEN = BrokenScreen()


def test_a_screens_advisor_is_hosted_by_the_explorer_for_the_seats_to_act():
    register_screen("toy", "tests.ui.test_explorer_tools_any_game:ADVISING")
    actions = (Bid(0, 2), Bid(1, 0), Bid(0, 0))              # Red took round 1 with 2 coins: 3 against 5
    ex = Explorer(GameRecord("toy", {"players": 2, "seed": 3}, (), actions))
    assert ex.advice_section.layout.display != "none" and ex.advisor is None      # made when opened
    assert ex.advice_section.get_title(0) == "Advice: the sure bid"
    panel = ex.open_advice()
    assert isinstance(panel, AdvicePanel) and panel.state is ex.state and panel.seats == (0, 1)
    text = blocks(panel.body.value)
    assert "Red: no bid is sure: the other holds 5 coins." in text and "Blue: no bid is sure" in text
    ex.go(1)                                                  # Red has bid (sealed): Blue alone decides
    assert panel.state is ex.state and panel.seats == (1,) and "Red:" not in blocks(panel.body.value)
    ex.go(2)                                                  # round 2: Red holds 3 coins, Blue 5
    text = blocks(panel.body.value)
    assert panel.seats == (0, 1) and "Red: no bid is sure: the other holds 5 coins." in text
    assert "Blue: bid 4: it takes the prize of" in text and "(TOY-BID-2)" in text
    ex.go(3)
    assert panel.seats == (1,) and "Blue: bid 4" in blocks(panel.body.value)
    ex.advice_section.selected_index = None                   # closed: it does not follow
    ex.go(0)
    assert panel.state is ex.line.states[3]


def test_an_advisor_that_fails_says_so_in_one_line_and_the_explorer_goes_on():
    register_screen("toy", "tests.ui.test_explorer_tools_any_game:BROKEN")
    ex = Explorer(GameRecord("toy", {"players": 2, "seed": 3}, (), (Bid(0, 1), Bid(1, 0))))
    panel = ex.open_advice()
    assert "The advisor could not answer this: no model for this" in blocks(panel.body.value)
    assert "Traceback" not in panel.body.value
    ex.go(2)
    assert ex.step == 2 and panel.state is ex.state


def test_a_game_without_an_advisor_has_no_advice_section():
    ex = Explorer(GameRecord("toy", {"players": 2, "seed": 3}, (), (Bid(0, 1),)))
    assert ex.advice_section.layout.display == "none" and ex.open_advice() is None


def test_samurai_advice_weighs_each_attack_the_seat_to_act_may_declare():
    s = GameSession(game="samurai", seed=2, seats=["random"] * 3)
    s.run_bots(limit=80)
    ex = Explorer(s.record)
    game = ex.game
    panel = ex.open_advice()
    assert "No attack can be declared at this step (SAM-DEC-4)" in blocks(panel.head.value)
    k = next(k for k, st in enumerate(ex.line.states)
             if not game.is_over(st) and any(isinstance(a, Attack) for a in game.legal_actions(st)))
    ex.go(k)
    seat = min(game.to_act(ex.state))
    targets = {a.target for a in game.legal_actions(ex.state, seat) if isinstance(a, Attack)}
    text = blocks(panel.body.value)
    assert text.startswith(f"{game.info.seat_name(seat)}: ")
    for t in targets:
        assert f"attack {game.info.seat_name(t)}: " in text
    assert text.count("honor over three turns") == len(targets) and "SAM-BAT-2" in text


# -- the position editor -----------------------------------------------------------------------------------
def test_ming_sets_up_from_the_explorer_as_its_description_and_plays_on():
    s = GameSession(game="ming", seed=2, seats=["random"] * 3)
    s.run_bots(limit=30)
    ex = Explorer(s.record)
    game = ex.game
    assert ex.setup_button.layout.display != "none"
    k = next(k for k in range(3, len(ex.line.states))
             if screen_for(game).describe_position(game, ex.line.states[k]) is not None)
    ex.go(k)
    editor = ex.set_up_from_here()
    assert isinstance(editor, DescriptionEditor) and editor in ex.setup_area.children
    assert editor.reasons == [] and editor.state() == ex.state and not editor.play_button.disabled
    assert "A possible position" in blocks(editor.check.value)
    # an impossible position: every reason from the game, with its rule ids; nothing is played
    desc = json.loads(editor.json.value)
    desc["players"] = 9
    assert not editor.load_json(json.dumps(desc))
    assert editor.reasons and editor.play_button.disabled and "Not a possible position" in editor.check.value
    assert any("MING-" in r for r in editor.reasons), editor.reasons
    assert editor.play() is None and "Cannot play on" in blocks(editor.feedback.value)
    # bad JSON is refused in one line and the last description stays
    assert not editor.load_json("{players: 3")
    assert "Not a position description" in blocks(editor.feedback.value) and editor.description() == desc
    # back to the step's position: play on in a table below
    editor.load_json(json.dumps(screen_for(game).describe_position(game, ex.state)))
    session = editor.play()
    assert session is not None and session.states[0] == ex.state
    assert isinstance(editor.table, GameTable) and editor.table in editor.play_area.children
    ex._close_setup()
    assert ex.setup_area.children == () and ex.editor_widget is None


def test_a_game_that_cannot_write_positions_down_has_no_set_up_button():
    ex = Explorer(GameRecord("toy", {"players": 2, "seed": 3}, (), (Bid(0, 1),)))
    assert ex.editor_tool is None and ex.setup_button.layout.display == "none"
    assert ex.set_up_from_here() is None and "has no position editor" in blocks(ex.change_message.value)
