"""The thaw solver (values worked out by hand) and the bots."""

from __future__ import annotations

import random

from lotus_kit.winter.actions import MoveCard, PlaceToken
from lotus_kit.winter.bots import MonteCarloBot, RandomBot, SolverBot
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.solver import solve
from tests.winter.helpers import lake, legal


def test_WIN_TIE_1_solver_a_lone_card_is_a_draw_when_cards_removed_catch_up():
    s = lake((0, 0, "LL/DD"), cards_removed=[0, 1])
    r = solve(s, seconds=5)
    assert r.solved and r.winners == {0, 1} and r.value == 0


def test_WIN_CLAR_8_solver_finds_the_move_that_forms_a_square_and_freezes_the_lake():
    # two LL/DD cards; light seat 0 turns one (DD/LL) and lays it right above the other: light square
    # (x, -1) across both cards; his token leaves dark seat 1 no free card and no token: he wins by 1
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"))
    r = solve(s, seconds=20)
    assert r.solved and r.winners == {0} and r.margin == 1 and r.value == 100
    assert r.best in (MoveCard(2, 0, 0, -2, turn=True), MoveCard(0, 0, 2, -2, turn=True))
    s = WINTER.apply(s, r.best)
    assert legal(s)[0] == PlaceToken(r.best.to_x, -1)
    s = WINTER.apply(s, legal(s)[0])
    assert s.is_over and WINTER.winners(s) == {0}
    assert "Player 1 wins by 1 token with best play" in r.text()


def test_WIN_END_3_solver_sees_the_loop_guard_end_the_game_on_the_next_turn():
    # one thaw turn left before the guard; dark seat 0 leads 1-0. Checked by hand: a free LL/DD card laid
    # at (1, -2) puts its dark row on the dark flakes (1, 0), (2, 0): a new square, his second token, and
    # the 60th turn ends the game 2-0 (a removal would reset the count instead)
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), (6, 0, "LL/DD"), tokens=[(0, 1, 0)],
             colours=("dark", "light"), thaw_turns=59)
    r = solve(s, seconds=20)
    assert r.solved and r.winners == {0} and r.margin == 2 and r.value == 200
    assert isinstance(r.best, MoveCard) and (r.best.to_x, r.best.to_y) in ((1, -2), (1, 2))
    s = WINTER.apply(s, r.best)
    s = WINTER.apply(s, legal(s)[0])
    assert s.is_over and "thaw turns" in s.end_reason and WINTER.scores(s) == (2.0, 0.0)


def test_an_unsolved_position_says_so_and_still_names_a_legal_move():
    rng = random.Random(2)
    s = WINTER.new_game(2, seed=2)
    while s.phase != "thaw":
        s = WINTER.apply(s, rng.choice(legal(s)))
    r = solve(s, seconds=0.5)
    assert not r.solved and r.best in legal(s) and r.text().startswith("not solved in")


def test_bots_choose_legal_actions_from_their_observation():
    rng = random.Random(3)
    s = WINTER.new_game(2, seed=3)
    bots = [MonteCarloBot(1, playouts=2, candidates=4, solve_seconds=0.05), RandomBot(2)]
    for _ in range(6):
        seat = s.to_move
        a = bots[seat].choose(s, seat)
        assert a in legal(s)
        s = WINTER.apply(s, a)
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"))
    assert SolverBot(0, seconds=20).choose(s, 0) in (MoveCard(2, 0, 0, -2, turn=True), MoveCard(0, 0, 2, -2, turn=True))
    del rng


def test_the_unchecked_apply_of_searches_equals_the_checked_one():
    from lotus_kit.winter import engine as e
    rng = random.Random(9)
    s = WINTER.new_game(2, seed=9)
    checked = 0
    while not s.is_over:
        codes = e.legal_codes(s)
        for c in rng.sample(codes, min(6, len(codes))):
            assert e.apply_legal(s, c) == e.apply_code(s, c)
            checked += 1
        s = e.apply_code(s, rng.choice(codes))
    assert checked > 100


def test_the_lazy_thaw_legal_sequence_equals_the_list_and_indexes_every_action():
    from lotus_kit.winter import engine as e
    s = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), (4, 2, "LL/LD"), tokens=[(1, 1, 0)], to_move=1)
    view = e.legal_view(s)
    codes = e.legal_codes(s)
    assert len(view) == len(codes) > 20 and [view[k] for k in range(len(view))] == codes == list(view)
    assert all(c in view for c in codes) and e.code(e.MOVE, 0, 0, 5) not in view


def test_the_quick_cut_card_search_agrees_with_tarjans_low_link():
    from lotus_kit.winter import engine as e
    from lotus_kit.winter.grid import card_graph, cut_cards, graph_articulations
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        s = WINTER.new_game(2, seed=seed)
        while not s.is_over:
            if s.v[e.ANCH]:
                nodes, adj = card_graph(s.v[e.ANCH])
                assert cut_cards(adj, (1 << len(nodes)) - 1) == graph_articulations(adj)
                checked += 1
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert checked > 200


def test_the_lazily_generated_thaw_actions_are_the_legal_ones():
    from lotus_kit.winter import engine as e
    rng = random.Random(12)
    s = WINTER.new_game(2, seed=12)
    checked = 0
    while not s.is_over:
        if s.v[e.PHASE] == e.THAW:
            assert list(e.thaw_codes_lazily(s.v, s.rules)) == e.legal_codes(s)
            checked += 1
        s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert checked > 20


def test_the_swing_of_a_thaw_move_against_best_play():
    # removing a card in the two-card lake lets both players remove one: a draw (value 0) instead of the
    # +100 of the square-forming move (worked out by hand above)
    from lotus_kit.winter.actions import RemoveCard
    from lotus_kit.winter.solver import swings
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"))
    after = WINTER.apply(s, RemoveCard(2, 0))
    (sw,) = swings([s, after], [RemoveCard(2, 0)], seconds=20)
    assert (sw.best, sw.played, sw.loss, sw.seat) == (100, 0, 100, 0)


def _minimax(s, e, outcome) -> int:
    """Seat 0's value with best play by plain minimax over every legal action (no pruning, no table)."""
    if s.v[e.PHASE] == e.OVER:
        return outcome(s.v)
    values = [_minimax(e.apply_code(s, c), e, outcome) for c in e.legal_codes(s)]
    return max(values) if s.v[e.TURN] == 0 else min(values)


def test_WIN_END_3_solver_values_equal_plain_minimax_on_small_thaws():
    # a short loop guard keeps the full game tree small; alpha-beta cutoffs, the table and the depth
    # limits of iterative deepening must give the very value of searching every line to its end
    from lotus_kit.winter import engine as e
    from lotus_kit.winter.solver import outcome

    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=("MAX_THAW_PLIES=2",))
        while not s.is_over and checked < 12:
            if s.phase.startswith("thaw") and len(s.cards) <= 2 and rng.random() < 0.5:
                assert solve(s, seconds=60).value == _minimax(s, e, outcome), seed
                checked += 1
            codes = e.legal_codes(s)
            quick = [c for c in codes if c & 15 in (e.REMOVE, e.KEEP, e.TOKEN)]
            s = e.apply_code(s, rng.choice(quick if quick and s.phase.startswith("thaw") else codes))
    assert checked >= 8
