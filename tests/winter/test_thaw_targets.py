"""The thaw turn's move targets worked out for the whole lake at once (one depth-first search, per-card
tables) equal the card-by-card reference :func:`~lotus_kit.winter.engine.move_targets` (WIN-CLAR-7)."""

from __future__ import annotations

import random

import pytest

from lotus_kit.winter import engine as e
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.grid import bits, card_graph, cut_cards, graph_parts, lifted_touch, touching


def card_by_card(v, rules):
    nodes, adj = card_graph(v[e.ANCH])
    free = e.free_cards(v)
    index = {a: i for i, a in enumerate(nodes)}
    cut = cut_cards(adj, sum(1 << index[a] for a in bits(free)))
    arts = sum(1 << nodes[i] for i in bits(cut))
    return [(a, *e.move_targets(v, a, arts, rules)) for a in bits(free)]


@pytest.mark.parametrize("flags", [(), ("BGA_HELP",), ("ALIGNED_GRID", "MOVE_KEEPS_ORIENTATION"),
                                   ("NO_ROTATE_IN_PLACE", "BGA_HELP")])
def test_win_clar_7_targets_of_every_free_card_equal_the_card_by_card_reference(flags):
    checked = cut_turns = 0
    for seed in range(5):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=flags)
        while not s.is_over:
            if s.v[e.PHASE] == e.THAW:
                moves = e.thaw_options(s.v, s.rules)[1]
                assert moves == card_by_card(s.v, s.rules)
                checked += 1
                nodes, adj = card_graph(s.v[e.ANCH])
                cut_turns += cut_cards(adj, (1 << len(nodes)) - 1) != 0
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert checked > 50 and cut_turns > 10


def test_lifted_touch_ands_the_parts_left_when_a_card_is_lifted():
    from lotus_kit.winter.grid import TOUCHED_BY
    rng = random.Random(3)
    for seed in range(8):
        s = WINTER.new_game(2, seed=seed)
        while not s.is_over:
            nodes, adj = card_graph(s.v[e.ANCH])
            table = [TOUCHED_BY[a] for a in nodes]
            got = lifted_touch(adj, table)
            assert got is not None
            everyone = (1 << len(nodes)) - 1
            for i in range(len(nodes)):
                want = -1
                for part in graph_parts(adj, everyone & ~(1 << i)):
                    want &= touching(sum(e.BLOCK << nodes[j] for j in bits(part)))
                assert got[i] == (0 if want == -1 else want)
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert lifted_touch([0b10, 0b01, 0], [1, 2, 4]) is None       # a lake in two pieces


def _outcome(s, c):
    try:
        return e.apply_code(s, c)
    except Exception as err:               # the rule id and words are what a player sees
        return type(err).__name__, str(err)


def test_a_move_is_judged_the_same_with_or_without_the_legal_set_asked_first():
    # applying a move reads the targets worked out when the state's legal set was asked (a cache kept
    # beside the immutable state); every move, legal or not (WIN-CLAR-7, WIN-GEO-5), must fare as
    # without it
    rng = random.Random(5)
    s = WINTER.new_game(2, seed=5)
    checked = illegal = 0
    while not s.is_over:
        if s.v[e.PHASE] == e.THAW:
            fresh = e.WinterState(tuple(list(s.v)), s.cards, s.history, s.order, s.deck, s.rules)
            asked = e.WinterState(s.v, s.cards, s.history, s.order, s.deck, s.rules)
            view = e.legal_view(asked)
            assert e.legal_view(asked) is view and e._cached_thaw_legal(fresh) is None
            for a in bits(s.v[e.ANCH]):
                for t in (0, 1):
                    for b in (a, a + 1, a + 2, a - 2, a + 2 * e.W, a + 2 * e.W + 1, a + 40 * e.W):
                        c = e.code(e.MOVE, a, t, b)
                        got = _outcome(asked, c)
                        assert got == _outcome(fresh, c)
                        assert (c in view) == isinstance(got, e.WinterState)
                        illegal += not isinstance(got, e.WinterState)
            checked += 1
        s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert checked > 20 and illegal > 100
