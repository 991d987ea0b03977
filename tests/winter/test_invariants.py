"""Invariants that hold after every action of random games under every profile and flag."""

from __future__ import annotations

import random

import pytest

from lotus_kit.winter import engine as e
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.grid import components
from lotus_kit.winter.rules import FLAGS

FLAG_SETS = [[], ["BGA_HELP"], *([f] for f in FLAGS if f != "BGA_HELP"),
             ["BGA_HELP", "BGA_CLAIM_EVERY_SQUARE", "EXCLUSIVE_FLAKES"]]


def _check(s):
    v = s.v
    n_lake = v[e.ANCH].bit_count()
    assert n_lake == len(s.cards)
    # WIN-CMP-1: every token is on the lake, in a supply or (MELTED_TOKENS_OUT_OF_GAME) out of the game
    for seat in (0, 1):
        assert v[e.TOK0 + seat].bit_count() + v[e.SUP0 + seat] + v[e.OUT0 + seat] == e.TOKENS
        if not s.rules.melted_out:
            assert v[e.OUT0 + seat] == 0
    # WIN-GEO-6/WIN-CLAR-6 (c): a token always lies on a square of its owner's colour; no two coincide
    for seat in (0, 1):
        if v[e.TOK0 + seat]:
            colour = e.colour_of(v, seat)
            assert v[e.TOK0 + seat] & ~e.colour_squares(v, colour, s.rules) == 0
    assert v[e.TOK0] & v[e.TOK1] == 0
    # WIN-GEO-4: the lake is one piece except while the remover chooses a part
    if n_lake and v[e.PHASE] != e.THAW_SPLIT:
        assert len(components(v[e.ANCH])) == 1
    # the deck: cards in the lake + cards drawn and gone + cards in hand/face down = the deck
    if v[e.PHASE] in (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT, e.OVER) and v[e.NEXT] == len(s.order):
        gone = len(s.order) - n_lake
        assert sum(s.cards_removed) <= gone
        if not s.rules.direct_removals:
            assert sum(s.cards_removed) == gone
    # the normalised frame: the lake's top-left card anchor sits at the grid origin
    if n_lake:
        from lotus_kit.winter.grid import ORIGIN, extent
        assert extent(v[e.ANCH]) == (ORIGIN, ORIGIN)


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "DEVIR")
def test_WIN_CMP_1_WIN_GEO_4_WIN_GEO_6_invariants_of_random_games(flags):
    for seed in range(2):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=[*flags, "MAX_THAW_PLIES=15"])
        while not s.is_over:
            _check(s)
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
        _check(s)
