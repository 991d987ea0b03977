"""The thaw turn's move targets worked out for the whole lake at once (one depth-first search, per-card
tables ORed by prefix and suffix) equal the card-by-card reference
:func:`~lotus_kit.winter.engine.move_targets` (WIN-CLAR-7)."""

from __future__ import annotations

import random

import pytest

from lotus_kit.winter import engine as e
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.grid import bits, card_graph, cut_cards


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


def test_the_or_of_every_card_but_a_stretch_comes_from_prefix_and_suffix_ors():
    from lotus_kit.winter.grid import COVERED_BY, TOUCHED_BY, prefix_suffix
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        s = WINTER.new_game(2, seed=seed)
        while not s.is_over:
            nodes = bits(s.v[e.ANCH])
            for table in (TOUCHED_BY, COVERED_BY):
                entries = [table[a] for a in nodes]
                before, after = prefix_suffix(entries)
                i = rng.randrange(len(nodes) + 1)
                j = rng.randrange(i, len(nodes) + 1)
                want = 0
                for k, x in enumerate(entries):
                    if not i <= k < j:
                        want |= x
                assert before[i] | after[j] == want
                checked += 1
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert checked > 500


def test_win_geo_4_a_card_splits_the_lake_exactly_when_it_is_a_cut_vertex_of_the_card_graph():
    from lotus_kit.winter.grid import graph_articulations, splits_when_lifted
    rng = random.Random(4)
    cuts = 0
    for seed in range(6):
        s = WINTER.new_game(2, seed=seed)
        while not s.is_over:
            anch = s.v[e.ANCH]
            if anch:
                nodes, adj = card_graph(anch)
                arts = graph_articulations(adj)
                for i, a in enumerate(nodes):
                    assert splits_when_lifted(anch, a) == bool(arts >> i & 1)
                cuts += arts.bit_count()
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
    assert cuts > 50


def _edges(nodes, adj):
    """A card graph as its cards and the pairs of anchors that touch (card numbers may differ)."""
    assert len(set(nodes)) == len(nodes)
    return sorted(nodes), {(nodes[i], nodes[j]) for i, m in enumerate(adj) for j in bits(m)}


@pytest.mark.parametrize("flags", [(), ("BGA_HELP",)])
def test_the_card_graph_carried_from_move_to_move_equals_the_graph_built_afresh(flags, monkeypatch):
    """The pure legal set's carried card graph (the compiled one, when installed, builds its own)."""
    from lotus_kit.winter import grid

    monkeypatch.setattr(e, "compiled_thaw_entries", None)
    grid._GRAPHS.clear()
    carried = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=flags)
        while not s.is_over:
            before = s.v[e.ANCH]
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
            after = s.v[e.ANCH]
            if s.v[e.LAST_KIND] - 1 == e.MOVE and after in grid._GRAPHS and before in grid._GRAPHS:
                nodes, adj, rank = grid._GRAPHS[after]
                assert _edges(nodes, adj) == _edges(*card_graph(after))
                assert [nodes[i] for i in rank] == sorted(nodes)
                carried += 1
    assert carried > 100
