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
