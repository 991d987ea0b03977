"""The compiled thaw legal set (``speedups/``, module ``lotus_kit_speedups``) against the pure-Python
engine it stands in for: the same entries of ``thaw_cards`` (WIN-PH2-1 (a), WIN-CLAR-7: every free
card's targets, both orientations, the moves counted) in every thaw position of seeded games under
every flag set, the same ``select_bit``, and bad arguments refused with an exception, never a crash.

``make`` builds the module (it needs a C compiler); ``LOTUS_KIT_PURE=1`` runs the engine without it,
and then only the pure engine's part of these tests runs.
"""

from __future__ import annotations

import os
import random
import shutil

import pytest

from lotus_kit.winter import engine as e
from lotus_kit.winter import speedups
from lotus_kit.winter.game import WINTER
from tests.winter.helpers import lake
from tests.winter.test_differential import FLAG_SETS

PURE = os.environ.get("LOTUS_KIT_PURE", "") not in ("", "0")
compiled = pytest.mark.skipif(e.compiled_thaw_entries is None,
                              reason="the engine runs without the compiled module (see the first test)")


def test_speedups_are_used_unless_left_out():
    """`make` builds and installs the compiled module where a C compiler is; the engine takes it
    unless LOTUS_KIT_PURE is set, and runs on pure Python without it."""
    if PURE or not (shutil.which("cc") or shutil.which("gcc")):
        assert e.compiled_thaw_entries is None and e._select_bit is e.select_bit
        return
    assert speedups.load() is not None, (
        "lotus_kit_speedups is not installed or was built for another interface: run `make` "
        "(it builds speedups/ with the C compiler), or set LOTUS_KIT_PURE=1 to test the pure engine")
    assert e.compiled_thaw_entries is not None and e._select_bit is not e.select_bit


def _pure_and_compiled(v, rules, monkeypatch):
    fast = e.thaw_cards(v, rules)
    with monkeypatch.context() as m:
        m.setattr(e, "compiled_thaw_entries", None)
        slow = e.thaw_cards(v, rules)
    return fast, slow


@compiled
@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "DEVIR")
def test_WIN_CLAR_7_thaw_entries_equal_the_pure_engine(flags, monkeypatch):
    """Every thaw position of 4 seeded games (half of them preferring removals, so splits and small
    lakes come up): the compiled entries are the pure engine's, int for int."""
    positions = 0
    for seed in range(4):
        rng = random.Random(9000 + seed)
        quick = seed % 2 == 1
        s = WINTER.new_game(2, seed=9000 + seed, flags=flags)
        while s.v[e.PHASE] != e.OVER:
            if s.v[e.PHASE] == e.THAW:
                fast, slow = _pure_and_compiled(s.v, s.rules, monkeypatch)
                assert fast == slow, (flags, seed)
                positions += 1
            legal = e.legal_view(s)
            removes = [c for c in (legal.removes if isinstance(legal, e.ThawLegal) else ()) if quick]
            s = e.apply_code(s, rng.choice(removes) if removes and rng.random() < 0.3 else rng.choice(legal))
    assert positions > 20


@compiled
def test_WIN_CLAR_7_thaw_entries_for_described_lakes(monkeypatch):
    """Lakes written by hand: a chain (every inner card splits it), a ring (none does), tokens holding
    cards, a card that looks the same turned, and a lake in two pieces (the compiled module declines,
    the pure search answers)."""
    chain = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), (6, 1, "LD/DL"), (6, 3, "DD/LL"))
    ring = lake((0, 0, "LL/DD"), (2, 0, "LD/LD"), (0, 2, "DL/DL"), (2, 2, "DD/LL"))
    held = lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), (4, 0, "LL/DD"), (2, 2, "DD/DL"), tokens=[(0, 1, 0)],
                colours=("dark", "light"))
    assert held.v[e.ANCH] != e.free_cards(held.v)
    for s in (chain, ring, held):
        fast, slow = _pure_and_compiled(s.v, s.rules, monkeypatch)
        assert fast == slow
        assert fast[2] > 0
    v = chain.v
    assert e.compiled_thaw_entries(v[e.ANCH] | 1 << (v[e.ANCH].bit_length() + 3 * e.W), v[e.ANCH],
                                   v[e.LIGHT], -1) is None                       # in two pieces
    one = v[e.ANCH] & -v[e.ANCH]
    assert e.compiled_thaw_entries(one, one, v[e.LIGHT], -1) is None            # one card


@compiled
def test_select_bit_equals_the_pure_one():
    rng = random.Random(5)
    for _ in range(300):
        mask = rng.getrandbits(rng.randrange(1, e.W * e.W)) & rng.getrandbits(e.W * e.W) | 1 << rng.randrange(40)
        count = mask.bit_count()
        for k in {0, count - 1, rng.randrange(count), count // 2}:
            assert e._select_bit(mask, k, count) == e.select_bit(mask, k, count) == e._select_bit(mask, k)


@compiled
@pytest.mark.parametrize("args", [
    (-1, 0, 0, -1),                             # a negative mask
    (1 << (e.W * e.W), 0, 0, -1),               # a mask beyond the grid
    ("lake", 0, 0, -1),
    (3, 3, 0, 7),                               # a parity that is not one
    (3, 3, 0),                                  # too few arguments
    (3, 3, 0, -1, 0),
    (3, 3, 0.5, -1),
    ((1 << 1749) | (1 << 1751), 1 << 1749, 0, -1),   # cards in the grid's last row: their blocks leave it
    (1 << 41 | 1 << 43, 1 << 41, 0, -1),              # a card in the last column
])
def test_bad_arguments_are_refused_not_a_crash(args):
    with pytest.raises((TypeError, ValueError, OverflowError)):
        e.compiled_thaw_entries(*args)


@compiled
def test_select_bit_refuses_a_k_beyond_the_mask():
    with pytest.raises(IndexError):
        e._select_bit(0b1011, 3)
    with pytest.raises(IndexError):
        e._select_bit(0b1011, -1)
    with pytest.raises(ValueError):
        e._select_bit(-5, 0)


@compiled
def test_a_game_played_with_and_without_the_module_is_the_same_game(monkeypatch):
    """Seed and actions give the same game either way: the legal sets draw the same actions."""
    def game(seed):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed)
        states = [s]
        while s.v[e.PHASE] != e.OVER:
            s = e.apply_code(s, rng.choice(e.legal_view(s)))
            states.append(s)
        return states

    fast = game(77)
    with monkeypatch.context() as m:
        m.setattr(e, "compiled_thaw_entries", None)
        m.setattr(e, "_select_bit", e.select_bit)
        slow = game(77)
    assert [s.v for s in fast] == [s.v for s in slow]
    assert fast[-1].cards == slow[-1].cards
