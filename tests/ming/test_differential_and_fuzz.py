"""The fast move generator against a plain walk enumeration (MING-CLAR-7), and random play that
tries illegal actions everywhere: refused with a MING- rule id, the state unchanged (MING-RND-2)."""

from __future__ import annotations

import random

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ming.actions import Move
from lotus_kit.ming.board import standard_board
from lotus_kit.ming.engine import apply, legal_actions, new_game
from lotus_kit.ming.game import MING

CARDS = ("HORSE", "RICKSHAW", "JUNK", "CAMEL", "PALANQUIN", "OXCART", "DRAGON")


def walks(start: str, hand: dict[str, int], blocked: set[str]) -> set[tuple[str, tuple[str, ...]]]:
    """Every (destination, sorted payment) of a walk from ``start``, one card per border crossed."""
    b = standard_board()
    out = set()

    def go(here: str, left: dict[str, int], paid: list[str]) -> None:
        if paid and here != start and here not in blocked:
            out.add((here, tuple(sorted(paid, key=CARDS.index))))
        for x, y, k in b.borders:
            for a, c in ((x, y), (y, x)):
                if b.district_names[a] != here:
                    continue
                for card in (b.transports[k], "DRAGON"):
                    if left.get(card, 0):
                        left[card] -= 1
                        go(b.district_names[c], left, [*paid, card])
                        left[card] += 1
    go(start, dict(hand), [])
    return out


@pytest.mark.parametrize("seed", range(12))
def test_MING_CLAR_7_legal_moves_equal_a_plain_walk_enumeration(seed):
    rng = random.Random(seed)
    s = new_game(rng.choice((2, 3, 4)), seed)
    checked = 0
    while not s.is_over and checked < 25:
        if s.phase == "phase3":
            seat = s.current_seat
            others = {s.prince(x) for x in range(s.players) if x != seat}
            fast = {(a.to, a.cards) for a in legal_actions(s) if isinstance(a, Move)}
            assert fast == walks(s.prince(seat), s.hand(seat), others)
            checked += 1
        s = apply(s, rng.choice(legal_actions(s)))
    assert checked


def test_MING_RND_2_illegal_actions_anywhere_are_refused_with_a_rule_id_and_change_nothing():
    pool = []
    for players in (2, 3, 4):
        s = new_game(players, players)
        rng = random.Random(players)
        while not s.is_over:
            pool.extend(legal_actions(s))
            s = apply(s, rng.choice(legal_actions(s)))
    rng = random.Random(0)
    for players in (2, 3, 4):
        s = MING.new_game(players, 10 + players)
        while not MING.is_over(s):
            legal = MING.legal_actions(s)
            for a in rng.sample(pool, 12):
                if a in legal:
                    continue
                before = s.data
                with pytest.raises(IllegalAction) as e:
                    MING.apply(s, a)
                assert e.value.rule.startswith("MING-") and s.data == before
            s = MING.apply(s, rng.choice(legal))


def test_same_seed_and_actions_give_the_same_states_bit_for_bit():
    for players in (2, 3, 4):
        a, b = MING.new_game(players, 5), MING.new_game(players, 5)
        rng = random.Random(players)
        while not MING.is_over(a):
            act = rng.choice(MING.legal_actions(a))
            a, b = MING.apply(a, act), MING.apply(b, act)
            assert a.data == b.data and a == b and hash(a) == hash(b)
