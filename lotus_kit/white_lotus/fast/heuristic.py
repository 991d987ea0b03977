"""The heuristic bot on the fast core: the choices of
:class:`~lotus_kit.white_lotus.bots.HeuristicBot`, read off the flat state.

It reads what the bot's observation holds (its own hand, the public board, hand sizes, the
conflict's participants) and draws from the bot's own generator in the same order, so with the
same generator it picks the very action the bot picks through the engine
(``tests/white_lotus/test_fast_bots.py`` checks it at every step of seeded games).

>>> from lotus_kit.white_lotus.bots import HeuristicBot
>>> from lotus_kit.white_lotus.fast import core
>>> t, s = core.new_game(4, seed=2)
>>> bots = [FastHeuristic(HeuristicBot(k)) for k in range(4)]
>>> while s[core.PH] != core.GAME_OVER:
...     seat = core.first_to_act(t, s)
...     s = core.apply(t, s, bots[seat].choose(t, s, seat))
>>> len(s[core.WINNERS]) >= 1
True
"""

from __future__ import annotations

from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codes import (
    BID,
    BREAK_TIE,
    CHOOSE,
    DECLARE,
    JOIN,
    PASS,
    PLACE_CHIP,
    PLACE_MARKER,
    REFUND,
    REWARD,
    REWARD_VP,
    TAKE_INCOME,
    TEMPLE,
)

_KINDS = "PTRFV"
_SUBSETS: dict = {}


def _subset(cards: tuple[int, ...], want: int) -> tuple[int, ...]:
    """``bots._closest_subset``, remembered (it is a pure function of the hand and the wish)."""
    key = (cards, want)
    hit = _SUBSETS.get(key)
    if hit is None:
        from lotus_kit.white_lotus.bots import _closest_subset

        if len(_SUBSETS) > 20000:
            _SUBSETS.clear()
        hit = _SUBSETS[key] = _closest_subset(cards, want)
    return hit


def _values(counts: tuple[int, ...], first: int) -> tuple[int, ...]:
    """Card values largest first (``cards.values_of``)."""
    out: tuple[int, ...] = ()
    for offset in range(len(counts) - 1, -1, -1):
        out += (first + offset,) * counts[offset]
    return out


class FastHeuristic:
    """A :class:`~lotus_kit.white_lotus.bots.HeuristicBot` choosing action codes on the fast core.

    It shares the bot's generator: a game may switch between the two and the draws stay in step.
    """

    def __init__(self, bot) -> None:
        from lotus_kit.white_lotus.bots import BUILDING_VALUE

        self.rng = bot.rng
        self.rate = bot.rate
        self.worth = {**{k: BUILDING_VALUE.get(k, 1.0) for k in _KINDS}, "": BUILDING_VALUE.get("", 1.0)}

    # -- reading the flat state as the bot's observation shows it ------------------------------------
    def _value(self, t: C.Table, s: list, i: int, seat: int) -> float:
        """HeuristicBot._value: the building, a dragon, and joining the seat's group."""
        v = self.worth[_chip(s, i)]
        if t.dragon_mask >> i & 1:
            v += 2.0
        mine = (t.adjacency[i] & s[C.OWN + seat]).bit_count()
        return v + 0.6 * min(mine, 2)

    def _best(self, scored: list) -> int:
        top = max(v for v, _ in scored)
        return self.rng.choice([c for v, c in scored if v >= top - 1e-9])

    def choose(self, t: C.Table, s: list, seat: int) -> int:
        """The code of the action the heuristic bot takes for ``seat`` in ``s``."""
        legal = C.legal(t, s, seat)
        kind = legal[0] & 15
        base = seat << 4
        rng = self.rng
        if kind in (PLACE_MARKER, PASS):
            scored = []
            can_pass = False
            for c in legal:
                if c & 15 == PASS:
                    can_pass = True
                    continue
                i = c >> 7
                rivals = 0
                for x in range(t.players):
                    if x != seat and s[C.CLM + x] >> i & 1:
                        rivals += 1
                scored.append((self._value(t, s, i, seat) - 1.4 * rivals + rng.random() * 0.3, c))
            if can_pass:
                scored.append((1.0, PASS | base))
            return self._best(scored)
        if kind == CHOOSE:
            scored = []
            for c in legal:
                i = c >> 7
                claims = _claims(t, s, i)
                alone_mine = claims == 1 << seat
                scored.append(((3 if alone_mine else 0) + (2 if _chip(s, i) == "P" else 0) - claims.bit_count(), c))
            return self._best(scored)
        if kind == BID:
            return self._bid(t, s, seat)
        if kind == BREAK_TIE:
            tied = [c >> 7 for c in legal]
            rivals = [x for x in tied if x != seat] or tied
            leaver = max(rivals, key=lambda x: (s[C.OWN + x].bit_count(), s[C.VP + x]))
            return BREAK_TIE | base | leaver << 7
        if kind == REFUND:
            return legal[0]
        if kind == DECLARE:
            emp = self._emperor_strength(s)
            h = C.H + 7 * seat
            mine = s[h + 4] + 2 * s[h + 5] + 3 * s[h + 6] + (s[C.OWN + seat] & s[C.K + 4]).bit_count()
            return DECLARE | base | (1 << 7 if mine > emp + 1 else 0)
        if kind == JOIN:
            return self._join(s, seat)
        if kind == REWARD:
            scored = [(1.0, c) if c >> 7 == REWARD_VP else (self._value(t, s, c >> 7, seat), c) for c in legal]
            return self._best(scored)
        if kind == TAKE_INCOME:
            h = C.H + 7 * seat
            wants_combat = s[h + 4] + 2 * s[h + 5] + 3 * s[h + 6] < 3 and s[C.OWN + seat] & s[C.K + 4]
            return legal[-1] if wants_combat else legal[0]
        if kind == PLACE_CHIP:
            good = self.worth[s[C.DRAWN]] >= 2.5
            mine_mask = s[C.OWN + seat]
            theirs_mask = C.owned_any(s) & ~mine_mask
            scored = []
            for c in legal:
                near = t.adjacency[c >> 7]
                mine = (near & mine_mask).bit_count()
                theirs = (near & theirs_mask).bit_count()
                scored.append(((mine - theirs) * (1 if good else -1) + rng.random() * 0.5, c))
            return self._best(scored)
        if kind == TEMPLE:
            return TEMPLE | base | 1 << 7
        raise ValueError(f"no heuristic for the action code {legal[0]}")

    def _emperor_strength(self, s: list) -> float:
        emp = s[C.EMP]
        return 2 * (s[C.OWN + emp] & s[C.K]).bit_count() + 0.3 * _hand_size(s, emp)

    def _bid(self, t: C.Table, s: list, seat: int) -> int:
        rng = self.rng
        i = s[C.CPROV]
        others = [x for x in C.SEATS[s[C.REM]] if x != seat]
        # name the rival who looks strongest: most cards in hand, then most VP chips
        target = max(others, key=lambda x: (_hand_size(s, x), s[C.VP + x], rng.random()))
        worth = self._value(t, s, i, seat) * self.rate
        want = max(0, round(worth * rng.uniform(0.5, 1.3)))
        h = C.H + 7 * seat
        influence = _values((s[h], s[h + 1], s[h + 2], s[h + 3]), 0)
        cards = _subset(influence, want)
        zero = 0
        if rng.random() < 0.15 and s[h]:
            zero = 1                                        # a bluff card costs nothing (WL-CONF-9)
        n1, n2, n3 = cards.count(1), cards.count(2), cards.count(3)
        return BID | seat << 4 | (target | zero << 3 | n1 << 4 | n2 << 12 | n3 << 20) << 7

    def _join(self, s: list, seat: int) -> int:
        h = C.H + 7 * seat
        leader = s[C.LEADER]
        base = JOIN | seat << 4
        n1, n2, n3 = s[h + 4], s[h + 5], s[h + 6]
        if seat == s[C.EMP] or seat == leader:
            return base | (n1 << 2 | n2 << 10 | n3 << 18) << 7        # a leader fights with everything
        emp = self._emperor_strength(s)
        reb = (s[C.OWN + leader] & s[C.K + 4]).bit_count() + 0.3 * _hand_size(s, leader)
        side = 1 if emp + self.rng.uniform(-1, 1) >= reb else 2
        combat = _values((n1, n2, n3), 1)
        cards = combat[:len(combat) - len(combat) // 2]
        return base | (side | cards.count(1) << 2 | cards.count(2) << 10 | cards.count(3) << 18) << 7


def _chip(s: list, i: int) -> str:
    bit = 1 << i
    for k in range(5):
        if s[C.K + k] & bit:
            return _KINDS[k]
    return ""


def _claims(t: C.Table, s: list, i: int) -> int:
    """The seats with a marker on ``i``, as a seat mask."""
    out = 0
    for x in range(t.players):
        if s[C.CLM + x] >> i & 1:
            out |= 1 << x
    return out


def _hand_size(s: list, seat: int) -> int:
    h = C.H + 7 * seat
    return s[h] + s[h + 1] + s[h + 2] + s[h + 3] + s[h + 4] + s[h + 5] + s[h + 6]
