"""The engine against its oracle (the engine before its thaw geometry was rewritten for speed, kept in
``tests/winter/oracle/``): seeded games of both profiles under every flag, and every flag beside
BGA_HELP, give the same legal-action lists (in the same order), the same states (fields, cards,
repetition record), the same events and the same errors (rule id and words) at every step.

``WINTER_DIFF_GAMES=<n>`` plays n games per flag set instead of the suite's few (a soak)."""

from __future__ import annotations

import os
import random

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.winter import engine as e
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.rules import FLAGS
from lotus_kit.winter.words import events
from tests.winter.oracle import engine as o

GAMES = int(os.environ.get("WINTER_DIFF_GAMES", "7"))
OTHER_FLAGS = [f for f in FLAGS if f != "BGA_HELP"]
FLAG_SETS = ([(), ("BGA_HELP",), ("MAX_THAW_PLIES=9",), ("BGA_HELP", "MAX_THAW_PLIES=9")]
             + [(f,) for f in OTHER_FLAGS] + [("BGA_HELP", f) for f in OTHER_FLAGS]
             + [("ALIGNED_GRID", "MOVE_KEEPS_ORIENTATION"), ("EXCLUSIVE_FLAKES", "MELTED_TOKENS_OUT_OF_GAME"),
                ("NO_ROTATE_IN_PLACE", "NO_END_ON_EMPTY_SUPPLY", "ALLOW_SINGLE_CARD_SQUARE")])


def _outcome(apply, state, c):
    try:
        return apply(state, c)
    except IllegalAction as exc:
        return ("illegal", exc.rule, str(exc))


def _same_state(new, old) -> None:
    assert new.v == old.v
    assert new.cards == old.cards
    assert new.history == old.history
    assert new.order == old.order


def _probes(rng: random.Random, legal: list[int]) -> list[int]:
    """Codes near the legal ones: another kind, a target or anchor shifted, the orientation flipped."""
    out = []
    for _ in range(3):
        c = rng.choice(legal) if legal else 0
        r = rng.randrange(5)
        if r == 0:
            c = (c & ~15) | rng.randrange(9)
        elif r == 1:
            c ^= 16
        elif r == 2:
            c += rng.choice((-1, 1, -e.W, e.W, 2, 2 * e.W)) << 17
        elif r == 3:
            c = (c & ~(0xFFF << 5)) | ((c >> 5 & 0xFFF) + rng.choice((-1, 1, -e.W, e.W))) % (e.W * e.W) << 5
        else:
            n = e.W * e.W
            c = rng.randrange(9) | rng.randrange(2) << 4 | rng.randrange(n) << 5 | rng.randrange(n) << 17
        out.append(c)
    return out


def play_both(flags: tuple[str, ...], seed: int) -> int:
    """One seeded game in both engines, compared at every step; the number of steps."""
    rng = random.Random(seed)
    s = WINTER.new_game(2, seed=seed, flags=flags)
    t = o.new_state(s.deck, s.order, s.rules)
    _same_state(s, t)
    quick = rng.random() < 0.5          # half the games prefer removals in the thaw: splits, melts, ends
    steps = 0
    while True:
        legal = e.legal_codes(s)
        assert legal == o.legal_codes(t), (flags, seed, steps)
        if s.v[e.PHASE] == e.THAW:
            assert list(e.thaw_codes_lazily(s.v, s.rules)) == list(o.thaw_codes_lazily(t.v, t.rules))
            view = e.legal_view(s)
            assert len(view) == len(legal) and all(view[k] == legal[k] for k in range(0, len(legal), 7))
        elif s.v[e.PHASE] in (e.FREEZE_LAY, e.SETUP_SECOND):
            view = e.legal_view(s)          # lazy; the lay then reads its targets (probes included)
            assert len(view) == len(legal) and list(view) == legal
            assert all(view[k] == legal[k] and legal[k] in view for k in range(0, len(legal), 5))
        if s.v[e.PHASE] == e.OVER:
            assert e.winners(s.v) == o.winners(t.v)
            return steps
        for c in _probes(rng, legal):
            got, want = _outcome(e.apply_code, s, c), _outcome(o.apply_code, t, c)
            if isinstance(want, tuple):
                assert got == want, (flags, seed, steps, c)
            else:
                _same_state(got, want)
        pool = legal
        if quick and s.v[e.PHASE] == e.THAW:
            pool = [c for c in legal if c & 15 in (e.REMOVE, e.TOKEN)] or legal
        c = rng.choice(pool)
        if rng.random() < 0.3:
            new = e.apply_unstamped(s, c)
            old = o.apply_unstamped(t, c)
            assert new.v[:e.LAST_KIND] == old.v[:o.LAST_KIND] and new.cards == old.cards
            assert new.history == old.history
        s, t = e.apply_code(s, c), o.apply_code(t, c)
        _same_state(s, t)
        assert events(s) == events(t)
        steps += 1


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "DEVIR")
def test_engine_matches_its_oracle_step_by_step(flags):
    steps = sum(play_both(flags, 7919 * k + len(flags)) for k in range(GAMES))
    assert steps > 20 * GAMES            # whole games were played, not a setup and an end
