"""The thaw at Winter's table by drag and drop: the panel's lake offers only the free cards
(WIN-GEO-8), each with the spots of the engine's moves for it both ways up (WIN-CLAR-7); a card let
go near one of them snaps there and moves (turned if it was turned while held); a drop near none,
off the lake, of a card held by a token or malformed changes nothing and names the rule; a click
picks a card up (both lakes mark its spots), the keys turn and move it, the button removes it; the
widget's state is the observation's; and a Winter table sits beside its panel from 960 px."""

from __future__ import annotations

import json
import math
import random

import pytest

from lotus_kit.core.records import GameRecord
from lotus_kit.ui import GameTable
from lotus_kit.ui.layout import fit
from lotus_kit.ui.session import GameSession
from lotus_kit.winter.actions import MoveCard, RemoveCard
from lotus_kit.winter.deck import flakes, layout, turn
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.screen import SCREEN
from lotus_kit.winter.screen.board import Pointer
from lotus_kit.winter.screen.placer import REACH, CardPlacer, snap, thaw_targets
from tests.winter.test_table_play import THAW

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def thaw_table() -> GameTable:
    """THAW, both seats people: W11 (0, 0) under Player 2's token, W12 (2, 0) under it too, W07 at
    (4, 0) and W01 at (0, 2) free; Player 1 to move."""
    return GameTable(GameSession(record=GameRecord("winter", {"position": THAW}, ()), seats=["human", "human"]))


def moves_of(state, x: int, y: int, turned: bool) -> list[list[int]]:
    """Where the engine lets the card at (x, y) go, sorted by (y, x) as the placer sorts them."""
    return sorted(([a.to_x, a.to_y] for a in WINTER.legal_actions(state)
                   if isinstance(a, MoveCard) and (a.x, a.y) == (x, y) and a.turn == turned),
                  key=lambda p: (p[1], p[0]))


def message(t: GameTable) -> str:
    return t.panels["thaw"].feedback.value


def test_WIN_GEO_8_only_free_cards_can_be_taken_each_with_the_engines_moves_both_ways_up():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    state = t.session.state
    assert placer.mode == "move" and placer.enabled and placer.selected == []
    assert placer.free == [[4, 0], [0, 2]]                        # W11 and W12 lie under the token
    assert sorted(map(tuple, placer.free)) == sorted(state.free)
    for x, y in state.free:
        assert placer.targets[f"{x},{y}"] == [moves_of(state, x, y, False), moves_of(state, x, y, True)]
    # WIN-CLAR-7 (c): turning W07 (LL/DD) where it lies changes its flakes, so it is a move; laying it
    # back unturned is not
    assert [4, 0] in placer.targets["4,0"][1] and [4, 0] not in placer.targets["4,0"][0]
    # the rows carry the flakes as the card lies and turned, for the card the pointer takes
    assert [4, 0, "W07", "LL/DD", "DD/LL"] in placer.cards


def test_WIN_CLAR_7_a_free_card_let_go_near_a_spot_snaps_there_and_moves_turned_as_it_was_held():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    before = t.session.state
    turned = moves_of(before, 4, 0, True)
    assert [2, 2] in turned
    # let go with its top-left flake at (2.3, 1.8): (2, 2) is 0.36 away, every other spot more than 1
    assert snap(turned, 2.3, 1.8) == (2, 2)
    assert placer.move(4, 0, 2.3, 1.8, turned=True) == (2, 2)
    assert t.session.actions == [MoveCard(4, 0, 2, 2, turn=True)]
    lake = {(x, y): (n, f) for x, y, n, f in t.session.state.lake}
    assert lake[(2, 2)] == ("W07", flakes(turn(layout("LL/DD"))))       # WIN-GEO-2: ab/cd -> dc/ba
    assert (4, 0) not in lake
    # the next seat's thaw: the panel's lake shows the new lake, nothing picked up
    assert placer.cells == sorted(cells_of(t.session.state)) and placer.selected == []


def cells_of(state) -> list[list[int]]:
    out = []
    for x, y, _n, f in state.lake:
        for (dx, dy), c in zip(((0, 0), (1, 0), (0, 1), (1, 1)), f.replace("/", ""), strict=True):
            out.append([x + dx, y + dy, int(c == "L")])
    return out


def test_WIN_CLAR_7_turned_where_it_lies_is_a_move_of_its_own():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    assert placer.move(4, 0, 4.2, 0.1, turned=True) == (4, 0)
    assert t.session.actions == [MoveCard(4, 0, 4, 0, turn=True)]


def test_WIN_CLAR_7_a_drop_near_no_spot_changes_nothing_and_says_why():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    before, actions = t.session.state, list(t.session.actions)
    # W07 let go on W11 (top-left flake at (0, 0)): no spot of it within a flake, either way up
    for turned in (False, True):
        assert all(math.hypot(x, y) > REACH for x, y in moves_of(before, 4, 0, turned))
        assert placer.move(4, 0, 0.0, 0.0, turned=turned) is None
    assert "WIN-CLAR-7" in placer.message and "back in its place" in placer.message
    assert "WIN-CLAR-7" in message(t) and "nothing changed" in message(t) and "lotus-error" in message(t)
    assert placer.move(4, 0, None, None) is None and "off the lake" in placer.message
    assert t.session.state is before and t.session.actions == actions
    assert placer.free == [[4, 0], [0, 2]] and placer.enabled            # still to move


def test_WIN_GEO_8_a_card_under_a_token_or_no_card_cannot_be_taken_and_bad_messages_change_nothing():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    before = t.session.state
    assert placer.move(0, 0, -2.0, 0.0) is None                  # W11: (-2, 0) is a spot of W07, not of it
    assert "WIN-GEO-8" in message(t) and "W11" in message(t) and "nothing changed" in message(t)
    placer.select(2, 0)                                           # W12, under the token too
    assert "WIN-GEO-8" in message(t) and "W12" in message(t) and t.board.pointer == Pointer()
    placer.select(9, 9)
    assert "no card has its top-left flake at (9, 9)" in message(t)
    for content in ({"move": [4, 0, 2, 2]}, {"move": [4, 0, 2, 2, 1]}, {"move": [4.0, 0, 2, 2, False]},
                    {"move": "4,0"}, {"select": [4, 0.5]}, {"select": "4,0"}, {"pick": [2, 2]}):
        placer._on_message(placer, content, [])
    assert t.session.state is before and t.session.actions == [] and t.board.pointer == Pointer()
    # a drop of the card in hand and a spot picked with nothing picked up: refused the same way
    assert placer.drop(2.0, 2.0) is None and placer.pick(2, 2) is None
    assert "pick up a free card first" in placer.message and t.session.state is before


def test_WIN_PH2_1_a_click_picks_a_card_up_on_both_lakes_and_the_keys_turn_and_move_it():
    t = thaw_table()
    panel = t.panels["thaw"]
    placer = panel.placer
    state = t.session.state
    # the buttons stand above the lake from the start, greyed until a card is picked up
    assert panel.controls.children.index(panel.buttons) < panel.controls.children.index(panel.row)
    assert panel.remove_button in panel.buttons.children and panel.remove_button.disabled
    placer.select(4, 0)                                           # a click on W07 (or Enter on it)
    assert t.board.pointer == Pointer(False, (4, 0)) and "W07 picked up" in message(t)
    assert placer.selected == [4, 0] and placer.card == "W07" and placer.faces == ["LL/DD", "DD/LL"]
    assert placer.spots == moves_of(state, 4, 0, False)
    big = next(tr for tr in t.board.figure.data if tr.meta == "spots")
    assert sorted(zip(big.x, big.y, strict=True)) == sorted((x + 1, y + 1) for x, y in placer.spots)
    assert not panel.remove_button.disabled and not panel.put_back.disabled
    placer.press_turn()                                           # R (or "Turn 180°")
    assert placer.turned and t.board.pointer == Pointer(True, (4, 0))
    assert placer.spots == moves_of(state, 4, 0, True)
    # a drop now is the picked-up card's, turned as shown
    placer.select(None)                                           # Esc: put back
    assert t.board.pointer == Pointer() and placer.selected == [] and placer.spots == []
    placer.select(4, 0)
    placer.press_turn()
    placer.pick(4, -1)                                            # Enter on the spot the arrows walked to
    assert t.session.actions == [MoveCard(4, 0, 4, -1, turn=True)]


def test_WIN_PH2_1_turning_with_nothing_picked_up_is_refused_and_a_picked_card_is_removed_with_the_button():
    t = thaw_table()
    panel = t.panels["thaw"]
    placer = panel.placer
    placer.press_turn()
    assert "pick up a free card first" in message(t) and t.board.pointer == Pointer()
    placer.select(0, 2)                                           # W01
    panel.remove_button.click()
    assert t.session.actions == [RemoveCard(0, 2)]
    assert t.session.state.cards_removed == (1, 0)


def test_WIN_CLAR_3_the_thaw_placer_state_is_the_observations():
    t = thaw_table()
    placer = t.panels["thaw"].placer
    state = t.session.state
    mine = CardPlacer()
    mine.show_thaw(WINTER.observation(state, 0))
    keys = CardPlacer._SYNCED
    assert {k: getattr(placer, k) for k in keys} == {k: getattr(mine, k) for k in keys}
    # the same position with everything seat 0 may not know redrawn gives the page the same state
    other = CardPlacer()
    other.show_thaw(WINTER.observation(WINTER.redraw_hidden(state, 0, random.Random(7)), 0))
    assert {k: getattr(other, k) for k in keys} == {k: getattr(mine, k) for k in keys}
    json.dumps({k: getattr(placer, k) for k in keys})             # plain JSON for the page
    assert thaw_targets(WINTER.observation(state, 0)) == placer.targets


def test_WIN_CLAR_9_while_the_part_that_stays_is_chosen_there_is_no_lake_to_drag_on():
    # three cards in a row: removing the middle one leaves two parts of one card each (WIN-CLAR-9)
    desc = {"lake": [{"x": 0, "y": 0, "flakes": "LL/DD"}, {"x": 2, "y": 0, "flakes": "LL/DD"},
                     {"x": 4, "y": 0, "flakes": "LL/DD"}], "colours": ["light", "dark"], "to_move": 0}
    t = GameTable(GameSession(record=GameRecord("winter", {"position": desc}, ()), seats=["human", "human"]))
    panel = t.panels["thaw"]
    panel.placer.select(2, 0)
    panel.remove_button.click()
    assert t.session.decision().kind == "keep_part"
    assert panel.placer not in panel.row.children and not panel.placer.enabled and panel.placer.targets == {}


def test_a_winter_table_sits_beside_its_panel_from_960_px():
    assert SCREEN.side_by_side_from == 960
    assert fit(990, 768, False, SCREEN.side_by_side_from) == fit(990, 768, False, 960)
    side = fit(990, 768, False, 960)
    assert side.side_by_side and side.board_width + side.panel_width + 24 <= 990
    assert not fit(990, 768, False).side_by_side                 # the kit's default: stacked below 1200
    assert not fit(940, 768, False, 960).side_by_side
    t = thaw_table()
    assert "lotus-side-from-960" in t._dom_classes
    t.screen.width, t.screen.height = 990, 768
    assert t.main.layout.flex_flow == "row wrap" and t.side.layout.width == f"{side.panel_width}px"


@pytest.mark.parametrize("cvd", [None, "deuteranomaly", "protanomaly", "tritanomaly"])
def test_the_thaw_marks_and_flakes_stay_apart_under_simulated_colour_vision_deficiencies(cvd):
    """The thaw's colours on the panel's lake (read from the module): a free card's outline, a held
    one's, the picked-up card's, the legal spots' rings and the two flakes, every two at least 20
    apart in CAM02-UCS with a full-severity deficiency simulated. (The free outline is the orange of
    the landing outline on purpose, as on the big lake; they never mean different things at once.)"""
    import itertools
    import pathlib
    import re

    from colorspacious import deltaE

    from tests.views.test_board_layout import _simulated

    text = (pathlib.Path(__file__).resolve().parents[2] / "widgets" / "winter_placer.js").read_text(encoding="utf-8")
    colours = dict(re.findall(r'(\w+) = "(#[0-9a-f]{6})"', text))
    names = ["LIGHT_FILL", "DARK_FILL", "SPOT", "FREE", "HELD", "PICKED"]
    sims = {n: _simulated(colours[n], cvd) for n in names}
    dist = {(a, b): float(deltaE(sims[a], sims[b], input_space="sRGB1")) for a, b in itertools.combinations(names, 2)}
    worst = min(dist, key=dist.get)
    assert dist[worst] >= 20, (cvd, worst, dist[worst])


def test_the_big_lake_and_the_placer_mark_free_and_picked_up_cards_in_the_same_colours():
    """Side by side, the card picked up on one lake must look picked up on the other: the board's
    outlines and the placer's are the same colours, not two shades of a meaning."""
    import pathlib
    import re

    from lotus_kit.winter.screen import board

    text = (pathlib.Path(__file__).resolve().parents[2] / "widgets" / "winter_placer.js").read_text(encoding="utf-8")
    colours = dict(re.findall(r'(\w+) = "(#[0-9a-f]{6})"', text))
    assert (colours["FREE"], colours["PICKED"]) == (board.FREE_LINE, board.PICKED_LINE)
    assert (colours["LIGHT_FILL"], colours["DARK_FILL"]) == (board.LIGHT_FILL, board.DARK_FILL)
