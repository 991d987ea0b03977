"""The lake's board view: a pure plotly figure that shows what the rules say, from the observation."""

from __future__ import annotations

import subprocess
import sys

from lotus_kit.winter.actions import RemoveCard
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.screen import board_figure
from tests.winter.helpers import IDS, lake, ordered


def _trace(fig, meta):
    return next(t for t in fig.data if t.meta == meta)


def test_cells_cards_and_tokens_are_drawn_where_the_rules_put_them():
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(1, 1, 0)], to_move=1)
    fig = board_figure(s)
    cells = [sh for sh in fig.layout.shapes if sh.layer == "below"]
    assert len(cells) == 12
    dark = {(sh.x0, sh.y0) for sh in cells if sh.fillcolor == "#1d3557"}
    assert dark == {(1, 0), (1, 1), (2, 0), (2, 1), (4, 1), (5, 1)}      # LD/LD, DL/DL, LL/DD by hand
    outlines = [sh for sh in fig.layout.shapes if sh.layer != "below"]
    free = [(round(sh.x0), round(sh.y0)) for sh in outlines if sh.line.dash == "solid"]
    assert free == [(4, 0)]                                              # WIN-GEO-8: the others hold a token
    tokens = _trace(fig, "tokens1")
    assert list(tokens.x) == [2] and list(tokens.y) == [1]               # the window centre, WIN-GEO-7


def test_claimable_squares_are_the_legal_token_placements():
    cards = [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}]
    s = WINTER.position({"phase": "freeze", "lake": cards, "colours": ["dark", "light"], "to_move": 0,
                         "deck": [i for i in IDS if i not in ("W11", "W12")]})
    ring = _trace(board_figure(s), "claimable")
    assert list(ring.x) == [2] and list(ring.y) == [1]


def test_cards_that_left_are_shown_as_ghosts_with_the_state_before():
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"), (4, 0, "LL/DD"), (6, 0, "LL/DD"))
    after = WINTER.apply(s, RemoveCard(2, 0))                # (0, 0) melts, (2, 0) is removed
    ghosts = [sh for sh in board_figure(after, before=s).layout.shapes if sh.line.dash == "dot"]
    assert sorted(round(sh.x0) for sh in ghosts) == [0, 2]


def test_the_view_depends_only_on_what_a_seat_may_know():
    a = ordered(["W01", "W02", "W03", "W04"])
    b = ordered(["W01", "W02", "W04", "W03"])
    assert board_figure(a, 0).to_json() == board_figure(b, 0).to_json()


def test_the_engine_imports_no_plotly():
    code = "import sys, lotus_kit.winter.game, lotus_kit.winter.solver; print('plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_kit_finds_winters_screen_and_a_session_plays_it():
    from lotus_kit.ui.screen import screen_for
    from lotus_kit.ui.session import GameSession
    from lotus_kit.winter.actions import Lay
    from lotus_kit.winter.screen import WinterScreen
    look = screen_for(WINTER)
    assert isinstance(look, WinterScreen)
    shapes = look.board_figure(WINTER, lake((0, 0, "LL/DD"))).layout.shapes
    assert len([sh for sh in shapes if sh.layer == "below"]) == 4
    s = GameSession(game="winter", seed=1, seats=["human", "human"])
    assert s.decision_text() == "Player 1 lays the first start card at (0, 0) (WIN-SET-2)"
    ok, message = s.act(Lay(3, 3))
    assert not ok and message.startswith("WIN-CLAR-2:")
    ok, _ = s.act(Lay(0, 0))
    assert ok and look.where(WINTER, s.state) == "Winter · setup"


def test_a_thaw_position_described_by_the_screen_is_the_same_position():
    from lotus_kit.ui.screen import screen_for
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), tokens=[(1, 1, 0)], to_move=1, thaw_turns=3)
    again = WINTER.position(screen_for(WINTER).describe_position(WINTER, s))
    assert (again.v, again.cards, again.history) == (s.v, s.cards, s.history)


def test_the_spots_for_the_card_in_hand_are_the_legal_lays():
    from lotus_kit.winter.actions import Lay
    s = WINTER.apply(ordered(["W01", "W02"]), Lay(0, 0))
    spots = _trace(board_figure(s), "spots")
    # the 12 anchors touching a card at (0, 0) (WIN-CLAR-1), drawn at their card centres
    assert sorted(zip(spots.x, spots.y, strict=True)) == sorted(
        (x + 1, y + 1) for x, y in [(2, -1), (2, 0), (2, 1), (-2, -1), (-2, 0), (-2, 1), (-1, 2), (0, 2), (1, 2),
                                    (-1, -2), (0, -2), (1, -2)])
