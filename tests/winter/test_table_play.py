"""Winter at the shared game table: cards laid, squares claimed and thaw moves made by clicking the lake
(the same message a browser click sends), refused clicks that name the rule and change nothing, and a
page built from what the players may know only."""

from __future__ import annotations

import json
import re

import pytest

from lotus_kit.core.records import GameRecord
from lotus_kit.ui import GameTable
from lotus_kit.ui.session import GameSession
from lotus_kit.winter.actions import Lay, MoveCard, PlaceToken, RemoveCard, TakeBack
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.screen.board import Pointer, board_figure
from lotus_kit.winter.screen.widget import WinterBoard
from tests.winter.helpers import IDS, ordered, play

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

THAW = {"lake": [{"x": 0, "y": 0, "flakes": "LD/LD"}, {"x": 2, "y": 0, "flakes": "DL/DL"},
                 {"x": 4, "y": 0, "flakes": "LL/DD"}, {"x": 0, "y": 2, "flakes": "LL/LD"}],
        "tokens": [{"seat": 1, "x": 1, "y": 0}], "colours": ["light", "dark"], "to_move": 0}


def table_at(desc, seats=("human", "human")) -> GameTable:
    return GameTable(GameSession(record=GameRecord("winter", {"position": desc}, ()), seats=list(seats)))


def trace(board, meta):
    return next(t for t in board.figure.data if t.meta == meta)


def plain(fig: dict) -> dict:
    """A figure's dict without plotly's random trace ids."""
    for t in fig["data"]:
        t.pop("uid", None)
    return fig


def message(table) -> str:
    return table.message.value


def test_WIN_GEO_2_a_card_turned_in_the_panel_is_laid_turned_where_its_centre_is_clicked():
    t = GameTable(game="winter", seed=3, seats=["human", "human"])
    first = t.session.state.card_in_hand
    t.board.click("1,1")                                 # WIN-CLAR-2: the first card's centre at (1, 1)
    assert t.session.actions == [Lay(0, 0)]
    # the log names the seats by Winter's names, not White Lotus's colours
    assert f"<li>Player 1 lays {first} at (0, 0)</li>" in t.event_log.value
    second = t.session.state.card_in_hand
    panel = t.panels["freeze"]
    panel.turn()
    assert t.board.pointer == Pointer(turned=True)
    spots = trace(t.board, "spots")
    assert len(spots.x) == 12                            # WIN-CLAR-1: 12 anchors touch one card
    t.board.click("3,1")
    assert t.session.actions[-1] == Lay(2, 0, turned=True)
    laid = dict(((x, y), (name, f)) for x, y, name, f in t.session.state.lake)
    layouts = dict(zip(WINTER.new_game().deck.ids, WINTER.new_game().deck.layouts, strict=True))
    from lotus_kit.winter.deck import flakes, turn
    assert laid[(0, 0)] == (first, flakes(layouts[first]))
    assert laid[(2, 0)] == (second, flakes(turn(layouts[second])))    # turned 180°: a b / c d -> d c / b a


def test_WIN_GEO_5_a_click_off_the_legal_spots_names_the_rule_and_changes_nothing():
    t = GameTable(game="winter", seed=3, seats=["human", "human"])
    t.board.click("1,1")
    before = t.session.state
    t.board.click("1,2")                                 # a card there would cover the first card's flakes
    assert t.session.state is before
    assert "WIN-GEO-5" in message(t) and "lotus-error" in message(t)
    t.board.click("nowhere")
    assert t.session.state is before and "not a spot of the lake" in message(t)


def test_WIN_PH1_1_a_square_is_claimed_by_clicking_its_gold_ring():
    # W11 (LD/LD) at (0, 0) and W12 turned (DL/DL) at (2, 0): a dark square at (1, 0) (the spec's test hint 2)
    s = play(ordered(["W11", "W12"]), Lay(0, 0), Lay(2, 0, turned=True))
    from lotus_kit.winter.actions import ChooseColour
    s = WINTER.apply(s, ChooseColour("light"))          # Player 2 light: Player 1 plays dark and moves first
    t = GameTable(GameSession.from_state(s, seats=["human", "human"], game=WINTER))
    ring = trace(t.board, "claimable")
    assert list(zip(ring.x, ring.y, strict=True)) == [(2, 1)]
    t.board.click("1,0")                                 # a corner of the square, not its centre
    assert t.session.actions[-1] == PlaceToken(1, 0)
    assert t.session.state.tokens[0] == ((1, 0),)


def test_WIN_GEO_6_a_click_on_no_square_of_ones_colour_is_refused_by_the_rule():
    s = play(ordered(["W11", "W12"]), Lay(0, 0), Lay(2, 0, turned=True))
    from lotus_kit.winter.actions import ChooseColour
    s = WINTER.apply(s, ChooseColour("dark"))           # Player 1 light: the dark square is not his
    t = GameTable(GameSession.from_state(s, seats=["human", "human"], game=WINTER))
    t.board.click("2,1")
    assert t.session.state == s and "WIN-PH1-1" in message(t) and "Draw a card" in message(t)


def test_WIN_GEO_8_thaw_pick_up_a_free_card_then_move_it_where_a_cross_is():
    t = table_at(THAW)
    before = t.session.state
    t.board.click("1,1")                                 # W11 lies under the dark token
    assert t.session.state is before and "WIN-GEO-8" in message(t)
    assert t.board.pointer == Pointer()
    t.board.click("6,2")                                 # a corner of the free card at (4, 0)
    assert t.board.pointer == Pointer(False, (4, 0))
    assert "picked up" in message(t)
    spots = sorted(zip(trace(t.board, "spots").x, trace(t.board, "spots").y, strict=True))
    legal = sorted((a.to_x + 1, a.to_y + 1) for a in WINTER.legal_actions(before)
                   if isinstance(a, MoveCard) and (a.x, a.y) == (4, 0) and not a.turn)
    assert spots == legal and legal
    t.board.click("7,2")                                 # (6, 1): the lake would fall apart
    assert t.session.state is before and "WIN-CLAR-7" in message(t)
    to = legal[0]
    t.board.click(f"{to[0]},{to[1]}")
    assert t.session.actions == [MoveCard(4, 0, to[0] - 1, to[1] - 1)]
    assert (to[0] - 1, to[1] - 1) in [(x, y) for x, y, _, _ in t.session.state.lake]
    assert (4, 0) not in [(x, y) for x, y, _, _ in t.session.state.lake]


def test_WIN_PH2_1_a_picked_up_card_is_removed_with_the_button():
    t = table_at(THAW)
    t.board.click("1,3")                                 # W01 at (0, 2)
    t.panels["thaw"].remove_button.click()
    assert t.session.actions == [RemoveCard(0, 2)]
    assert t.session.state.cards_removed == (1, 0)


def test_WIN_CLAR_9_after_a_tied_split_the_part_kept_is_clicked():
    # three cards in a row: removing the middle one leaves two parts of one card each
    desc = {"lake": [{"x": 0, "y": 0, "flakes": "LL/DD"}, {"x": 2, "y": 0, "flakes": "LL/DD"},
                     {"x": 4, "y": 0, "flakes": "LL/DD"}], "colours": ["light", "dark"], "to_move": 0}
    t = table_at(desc)
    t.board.click("3,1")
    t.panels["thaw"].remove_button.click()
    assert t.session.decision().kind == "keep_part"
    panel = t.panels["thaw"]
    assert [b.description for b in panel.parts.children] == ["Keep W07", "Keep W09"]
    ghosts = [sh for sh in t.board.figure.layout.shapes if sh.line.dash == "dot"]
    assert [(sh.x0, sh.y0) for sh in ghosts] == [(2.04, 0.04)]      # W08 leaves the lake (dotted)
    t.board.click("5,1")                                 # the centre of W09: its part stays, W07 melts
    assert [(x, name) for x, _, name, _ in t.session.state.lake] == [(4, "W09")]
    assert t.session.state.cards_removed == (2, 0)      # WIN-CLAR-9 (e): 1 removed + 1 melted
    ghosts = [sh for sh in t.board.figure.layout.shapes if sh.line.dash == "dot"]
    assert [(sh.x0, sh.y0) for sh in ghosts] == [(0.04, 0.04)]      # W07 melted


def test_WIN_TIE_1_the_end_panel_explains_the_score_by_the_rules():
    desc = {"lake": [{"x": 0, "y": 0, "flakes": "LL/DD"}], "colours": ["light", "dark"], "to_move": 0}
    t = table_at(desc)
    t.board.click("1,1")
    t.panels["thaw"].remove_button.click()             # the last card: the next player has no action
    assert t.session.is_over and t.view_phase == "end"
    text = re.sub(r"<details.*?<summary[^>]*>(.*?)</summary>.*?</details>", r"\1", t.panels["end"].status.value)
    assert "The game ended: no legal thaw action (WIN-END-1)." in text
    assert "Tokens on the lake decide (WIN-TIE-1): Player 1 0, Player 2 0" in text
    # 0-0 goes to the tie-break: Player 1 removed the last card (WIN-CLAR-11 (c))
    assert "the cards removed in the thaw decide (WIN-TIE-1)" in text and "Player 1 1, Player 2 0." in text
    assert "<div>Player 1 wins.</div>" in text


def test_WIN_CLAR_3_the_page_is_the_same_whatever_the_face_down_order():
    a = ordered(["W01", "W02", "W03", "W04"])
    b = ordered(["W01", "W02", "W04", "W03"])
    for s in (a, b):
        assert s.card_in_hand == "W01"
    pages = []
    for s in (a, b):
        t = GameTable(GameSession.from_state(s, seats=["human", "human"], game=WINTER))
        board = plain(t.board.figure.to_dict())
        pages.append(json.dumps(board, sort_keys=True) + t.panels["freeze"].status.value
                     + t.panels["freeze"].hint.value + t.title.value)
    assert pages[0] == pages[1]
    assert not any(i in pages[0] for i in IDS if i not in ("W01",))   # no card id but the one in hand


def test_the_lake_updated_in_place_equals_a_lake_drawn_afresh():
    s = ordered(["W11", "W12"])
    board = WinterBoard(s)
    s2 = WINTER.apply(s, Lay(0, 0))
    board.show(s2)
    board.point(Pointer(turned=True))
    fresh = board_figure(s2, None, size=(board.width, board.figure.layout.height), pointer=Pointer(turned=True))
    assert plain(board.figure.to_dict()) == plain(fresh.to_dict())


def test_with_a_bot_in_the_other_seat_the_table_plays_a_whole_winter_game_by_clicks():
    t = GameTable(game="winter", seed=5, seats=["human", "random"])
    for _ in range(400):
        s = t.session
        if s.is_over:
            break
        legal = s.legal(0)
        a = legal[-1]
        kind = s.decision().kind
        if kind == "colour":
            t.panels["freeze"].colour_buttons[0].click()
        elif kind == "freeze_turn":
            tokens = [x for x in legal if isinstance(x, PlaceToken)]
            if tokens:
                t.board.click(f"{tokens[0].x + 1},{tokens[0].y + 1}")
            else:
                t.panels["freeze"].draw_button.click()
        elif isinstance(a, Lay):
            if a.turned != t.board.pointer.turned:
                t.panels["freeze"].turn()
            t.board.click(f"{a.x + 1},{a.y + 1}")
        elif kind == "thaw_move":
            removes = [x for x in legal if isinstance(x, RemoveCard)]
            if removes:
                t.board.click(f"{removes[0].x + 1},{removes[0].y + 1}")
                t.panels["thaw"].remove_button.click()
            else:
                t.board.click(f"{a.x + 1},{a.y + 1}")
        else:
            s.act(a)
        assert "lotus-error" not in t.message.value, t.message.value
    assert t.session.is_over
    assert "WIN-TIE-1" in t.panels["end"].status.value


def test_WIN_PH2_1_a_player_takes_back_his_own_token_by_clicking_it_and_not_the_other_one():
    # DL/DL at (0, 2) beside LD/LD at (2, 2): a light square at (1, 2) holding Player 1's token
    lake = [*THAW["lake"][:3], {"x": 0, "y": 2, "flakes": "DL/DL"}, {"x": 2, "y": 2, "flakes": "LD/LD"}]
    desc = {**THAW, "lake": lake, "tokens": [{"seat": 1, "x": 1, "y": 0}, {"seat": 0, "x": 1, "y": 2}]}
    t = table_at(desc)
    before = t.session.state
    t.board.click("2,1")                                 # Player 2's token
    assert t.session.state is before and "only your own tokens" in message(t)
    t.board.click("2,3")                                 # his own, on the light square at (1, 2)
    assert t.session.actions == [TakeBack(1, 2)]
    assert t.session.state.tokens[0] == () and t.session.state.supplies[0] == 9


def test_WIN_CLAR_5_under_BGA_HELP_a_claim_is_declined_with_the_button():
    s = play(ordered(["W11", "W12", "W13"], flags=["BGA_HELP"]), Lay(0, 0), Lay(2, 0, turned=True))
    from lotus_kit.winter.actions import ChooseColour, Decline
    s = WINTER.apply(s, ChooseColour("light"))          # Player 1 dark
    s = WINTER.apply(s, Lay(4, 0))                      # W13 (LD/LD) at (4, 0): a light square at (3, 0)
    assert WINTER.decision(s).kind == "claim"           # Player 2 (light) may claim it (WIN-BGA-1)
    t = GameTable(GameSession.from_state(s, seats=["human", "human"], game=WINTER))
    assert t.panels["freeze"].decline_button in t.panels["freeze"].row.children
    t.panels["freeze"].decline_button.click()
    assert t.session.actions == [Decline()]
