"""The table's Ming board is brought to each new state in place (``MingBoard.show``: only what changed
is sent to the page); after every step it must be the very figure drawn afresh for that state."""

from __future__ import annotations

import random

import pytest

from lotus_kit.ming.game import MING
from lotus_kit.ming.screen.board import board_figure
from lotus_kit.ming.screen.widget import MingBoard, legal_spots


def _plain(fig: dict) -> dict:
    """A figure's dict without plotly's random trace ids."""
    for t in fig["data"]:
        t.pop("uid", None)
    return fig


def _fresh(board: MingBoard, state) -> dict:
    return _plain(board_figure(state, width=board.width, highlight=legal_spots(state), locked=board.locked).to_dict())


@pytest.mark.parametrize("players", [2, 4])
def test_the_board_updated_in_place_through_a_whole_game_equals_a_board_drawn_afresh(players):
    rng = random.Random(players)
    state = MING.new_game(players, 7)
    board = MingBoard(state, width=900)
    assert board.show(state) == 0                         # the same state: nothing to send
    steps = 0
    while not MING.is_over(state):
        state = MING.apply(state, rng.choice(list(MING.legal_actions(state))))
        steps += 1
        board.show(state)
        if steps % 23 == 0:
            assert _plain(board.figure.to_dict()) == _fresh(board, state), steps
        if steps == 60:                                    # the table's width changes mid-game
            board.reshape(state, width=760, locked=True)
            assert _plain(board.figure.to_dict()) == _fresh(board, state)
    assert _plain(board.figure.to_dict()) == _fresh(board, state)      # the final scoring's board
