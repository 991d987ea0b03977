"""The explorer's "solve from here" for Winter's thaw (widget tests, no browser): the answer in words,
the best move, "not solved in N s", the freeze refused with its rule, the recorded moves judged against
best play; a game without a solver shows no such section."""

from __future__ import annotations

import pytest

from lotus_kit.core.records import GameRecord
from lotus_kit.core.registry import GAMES, get_game, register
from lotus_kit.ui.explorer import Explorer
from lotus_kit.ui.screen import GameScreen
from lotus_kit.winter import WINTER, KeepPart, Lay, MoveCard, PlaceToken, RemoveCard
from lotus_kit.winter.screen.solve import ThawSolver, amount

ROW = {"colours": ["light", "dark"], "to_move": 0,
       "lake": [{"x": 0, "y": 0, "card": "W07"}, {"x": 2, "y": 0, "card": "W15"}, {"x": 4, "y": 0, "card": "W08"}]}
ROW_MOVES = (RemoveCard(2, 0), KeepPart(0, 0), RemoveCard(0, 0))


def row_record() -> GameRecord:
    """Three cards in a row, Player 1 to move: he removes the middle card, keeps the left part, Player 2
    removes the last card; Player 1 wins on the tie-break 2-1 (WIN-CLAR-9, WIN-TIE-1)."""
    return GameRecord("winter", {"position": ROW}, (), ROW_MOVES)


@pytest.fixture(scope="module")
def row_explorer():
    return Explorer(row_record())


def test_solve_from_here_says_who_wins_by_how_much_and_the_best_move(row_explorer):
    ex = row_explorer
    ex.go(0)
    assert ex.solve_section.layout.display != "none" and not ex.solve_button.disabled
    verdict = ex.solve_here(seconds=20)
    assert verdict.solved and verdict.best == MoveCard(4, 0, 1, -2, turn=True)
    assert verdict.words == "Player 1 wins by 1 token with best play"
    shown = ex.solve_answer.value
    assert "Player 1 wins by 1 token with best play" in shown
    assert "Best move: <b>Player 1 (light) moves the card at (4, 0) to (1, -2), turned 180°</b>" in shown
    # the claim checked on the engine: the best move forms a light square, and Player 1 takes it
    s = WINTER.apply(WINTER.position(ROW), verdict.best)
    claims = [a for a in WINTER.legal_actions(s) if isinstance(a, PlaceToken)]
    assert s.phase == "thaw_token" and claims
    assert [len(t) for t in WINTER.apply(s, claims[0]).tokens] == [1, 0]


def test_each_step_shows_its_own_answer_or_none(row_explorer):
    ex = row_explorer
    ex.go(0)
    ex.solve_here(seconds=20)
    ex.go(1)
    assert ex.solve_answer.value == ""                  # step 1 not solved yet: nothing stale shown
    ex.solve_here(seconds=20)
    assert "Player 1 wins on the tie-break by 1 card with best play" in ex.solve_answer.value
    ex.go(0)
    assert "Step 0:" in ex.solve_answer.value and "by 1 token" in ex.solve_answer.value


def test_the_end_of_the_game_and_the_freeze_are_not_solved_win_clar_3():
    ex = Explorer(row_record())
    ex.go(3)
    assert ex.solve_button.disabled and ex.solve_here() is None
    assert "The game is over" in ex.solve_answer.value
    freeze = Explorer(GameRecord("winter", {"seed": 3}, (), (Lay(0, 0), Lay(2, 0))))
    freeze.go(2)
    assert freeze.solve_button.disabled and freeze.solve_here() is None
    assert "WIN-CLAR-3" in freeze.solve_answer.value and "thaw" in freeze.solve_answer.value


def test_a_position_too_big_says_not_solved_in_n_s_with_the_best_move_so_far():
    big = {"colours": ["light", "dark"], "to_move": 1,
           "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True},
                    {"x": 4, "y": 0, "card": "W13"}, {"x": 6, "y": 0, "card": "W07"}, {"x": 8, "y": 0, "card": "W14"},
                    {"x": 4, "y": 2, "card": "W08"}, {"x": 6, "y": 2, "card": "W09"}, {"x": 8, "y": 2, "card": "W10"}],
           "tokens": [{"seat": 1, "x": 1, "y": 0}, {"seat": 0, "x": 3, "y": 0}]}
    ex = Explorer(GameRecord("winter", {"position": big}, (), ()))
    verdict = ex.solve_here(seconds=0.3)
    assert not verdict.solved and verdict.words == "not solved in 0.3 s"
    assert verdict.best in WINTER.legal_actions(WINTER.position(big))
    assert "Not solved in 0.3 s" in ex.solve_answer.value and "Best move so far: <b>Player 2 (dark)" in \
        ex.solve_answer.value


def test_recorded_moves_are_judged_against_the_solved_value(row_explorer):
    """Removing the middle card costs Player 1 a token: best play wins by a token (the move above), while
    after the removal Player 2 is forced (one card cannot move, WIN-CLAR-7 d) and the game ends 0-0 with
    the tie-break 2-1 for Player 1: a value of +1 against +100. The last two moves are best play."""
    ex = row_explorer
    swings = ex.solved_swings(seconds=20)
    assert [(s.step, s.seat, s.loss) for s in swings] == [(0, 0, 99.0), (1, 0, 0.0), (2, 1, 0.0)]
    assert swings[0].best == "Player 1 (light) moves the card at (4, 0) to (1, -2), turned 180°"
    table = ex.solve_swings_view.value
    assert "3 recorded moves judged (steps 0–2); 1 of them cost their player something" in table
    assert ">1 token<" in table and table.count("best play") >= 2
    ex.go(3)                    # the end was valued for the last move's swing, but is not "solved"
    assert ex.solve_button.disabled and "The game is over" in ex.solve_answer.value


def test_play_the_best_move_replays_a_line_from_it():
    ex = Explorer(row_record())
    assert ex.play_best_move()[0] is False             # nothing solved yet
    verdict = ex.solve_here(seconds=20)
    ok, message = ex.play_best_move()
    assert ok and ex.node.number == 1 and ex.line.actions[0] == verdict.best
    assert "Line 1" in message


def test_amount_in_tokens_then_the_tie_break_win_tie_1():
    assert [amount(v) for v in (100, 99, 200, 2, 1, 0)] == \
        ["1 token", "1 token", "2 tokens", "2 cards on the tie-break", "1 card on the tie-break", "nothing"]
    setup = WINTER.apply(WINTER.new_game(2, seed=1), Lay(0, 0))
    assert "WIN-CLAR-3" in ThawSolver().why_not(setup)


def test_a_game_without_a_solver_shows_no_solve_section():
    assert GameScreen().solver_tool(WINTER) is None
    register("toy", "tests.toygame.game:TOY")
    try:
        from lotus_kit.ui.session import GameSession

        s = GameSession(game="toy", seed=1, seats=["random", "random"], bot_seed=1)
        s.run_bots()
        ex = Explorer(s.record)
        assert ex.solver is None and ex.solve_section.layout.display == "none" and ex.solve_here() is None
        assert ex.game is get_game("toy")
    finally:
        GAMES.pop("toy", None)

