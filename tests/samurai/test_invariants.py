"""What must hold in every state of every game, whatever was played (random games over all flags)."""

from __future__ import annotations

import random

import pytest

from lotus_kit.samurai import engine as E
from lotus_kit.samurai.rules import FLAGS

from .helpers import G

WARRIORS = {"WARRIOR_S1", "WARRIOR_S2", "WARRIOR_S3", "WARRIOR_K1S1"}


def _check(s):
    n = s.players
    for p in range(n):
        assert s.hand_size(p) <= 7                                            # SAM-KI-4
        for which in ("daimyo", "samurai"):
            h = s.house(p, which)
            cards = h.cards
            assert sum(c in WARRIORS for c in cards) <= 5                     # SAM-PLAY-2
            assert sum(c.startswith("OKUGATA") for c in cards) <= 1
            castles = [c for c in cards if c.startswith("CASTLE")]
            assert len(castles) <= (1 if which == "daimyo" else 0)           # SAM-CLAR-4
        a = s.allies[p]
        if a is not None:                                                     # SAM-CLAR-13
            assert s.allies[a] == p and s.is_ronin(p) != s.is_ronin(a)
        assert s.ki(p) >= 4 or "ALLY_KI_ADDS" in s.rules.flags()             # SAM-CLAR-3: Ki never below 4
    if s.shogun_holder is not None:                                          # SAM-SET-0, SAM-CLAR-14
        assert not s.is_ronin(s.shogun_holder)
    for p in s.pending_breaks:
        assert s.allies[p] is not None
    if not s.is_over:
        winners_now = [p for p in range(n) if s.honor[p] >= s.rules.target_honor]
        assert winners_now == []                                              # SAM-CLAR-16
    assert s[E.DECK_SIZE] >= 0


@pytest.mark.parametrize("flag", ["", *[f for f in FLAGS if f != "ALLOW_2P"]])
def test_invariants_hold_in_random_games(flag):
    for seed in range(3):
        rng = random.Random(seed)
        s = G.new_game(3 + seed, seed, [flag] if flag else [])
        while not G.is_over(s):
            _check(s)
            s = G.apply(s, rng.choice(G.legal_actions(s)))
        _check(s)
        assert G.winners(s)
