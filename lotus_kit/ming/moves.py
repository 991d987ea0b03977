"""Movement tables (MING-PH3-2, MING-CLAR-7): which districts a prince reaches with which cards.

A hand and a payment are packed as one int, :data:`FIELD` bits per card kind (deck order, the
dragon last). For a start district, ``reach(u)`` is the mask of districts some walk reaches paying
exactly the cards of ``u`` (one card per border crossed, each showing the border's transport or a
dragon): the union of one step from ``reach(u - one card)``. It does not depend on the hand, so it
is computed once per (start, payment) for the board and shared by every game of the setup. A
phase-3 legal list is then the payments inside the hand (in order) crossed with their masks, and
the Move values are made once and shared.

>>> from lotus_kit.ming.state import table
>>> from lotus_kit.ming.rules import RuleSet
>>> t = table(3, RuleSet())
>>> hand = (0, 1, 0, 0, 0, 0, 1)                 # one RICKSHAW and one DRAGON (t.card_names order)
>>> [t.board.district_names[d] for d in reachable_moves(t, 0, hand)]     # from P1.T
['P1.L', 'P1.R', 'P2.L', 'P4.T']
>>> [paid for _u, paid in sub_payments(t, pack(hand))]
[(0, 0, 0, 0, 0, 0, 1), (0, 1, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 1)]
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import chain, product
from typing import Any

from lotus_kit.ming.actions import Action, Move, Pass, Stay
from lotus_kit.ming.board import Board
from lotus_kit.ming.state import HAND_LIMIT, Table

FIELD = 4                    # bits per card kind in a packed hand or payment (a hand holds at most 5)
# A phase-3 action code (see below) packs a payment with REV_BITS per kind (a hand holds at most 5
# cards, MING-PH2-1): with the deck's 7 kinds small enough to stay one machine digit of a Python int,
# so sorting and bisecting the codes compare them the fast way
REV_BITS = 3
REV_MASK = (1 << REV_BITS) - 1
_LIMIT = 200_000             # entries of one cache before a long simulation starts it afresh


def pack(counts: Any) -> int:
    """Counts per card kind -> the packed int."""
    v = 0
    for k, c in enumerate(counts):
        v |= c << (FIELD * k)
    return v


class BoardMoves:
    """The movement tables of one board, precomputed when the board is first played on: for every
    start district and every payment of at most :data:`HAND_LIMIT` cards, the districts reached
    (``reach``) and the phase-3 action codes of those moves (``codes``); the payments inside each
    hand (``subs``, filled as hands occur). Shared by every player count and flag of that board."""

    def __init__(self, board: Board, kinds: int) -> None:
        by = (*board.neighbours_by, board.neighbours)
        D = len(board.district_names)
        self.kinds1 = kinds1 = kinds + 1
        chunks = (D + 5) // 6
        # kind -> chunk -> 6-bit part of a mask -> the districts one border of that kind away
        self.steps = tuple(tuple(tuple(_union(by[k], c * 6, part) for part in range(64)) for c in range(chunks))
                           for k in range(kinds1))
        self.reach: list[dict[int, int]] = [{0: 1 << d} for d in range(D)]
        self.codes: list[dict[int, tuple[int, ...]]] = [{} for _ in range(D)]
        self.subs: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        # the phase-3 action values of each seat, shared by every setup of the board (see _SeatActions)
        self.seats: list[_SeatActions] = []
        self.ids: dict[int, Any] = {}
        self.paying_cards: dict[int, Any] = {}
        # start -> hand -> the sorted codes of its phase-3 list, every hand of at most HAND_LIMIT cards
        # made at once when a prince first starts a move from there (see :meth:`lists_from`)
        self.by_hand: list[dict[tuple[int, ...], tuple[int, ...]] | None] = [None] * D
        # (start, hand) -> the same, for hands over the limit (a described position)
        self.sorted_codes: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self.hand_subs: dict[tuple[int, ...], tuple[int, ...]] | None = None
        self.shift = shift = REV_BITS * kinds1 + 3        # where a code's destination starts (see _SeatActions)
        self.bounds = tuple(x << shift for x in range(D + 1))
        # every payment of at most HAND_LIMIT cards, with the payments one card smaller (computed first)
        payments = [p for p in product(range(HAND_LIMIT + 1), repeat=kinds1) if 0 < sum(p) <= HAND_LIMIT]
        payments.sort(key=sum)
        smaller = [(pack(p), tuple((pack(p) - (1 << (FIELD * k)), self.steps[k]) for k in range(kinds1) if p[k]))
                   for p in payments]
        # a destination mask -> the destinations' code parts (masks of up to 6 districts at a time)
        parts = [tuple(tuple((c * 6 + i) << shift | (c * 6 + i) & 7 for i in range(6) if bits >> i & 1)
                       for bits in range(64))
                 for c in range(chunks)]
        revs = [(u, sum(c << (REV_BITS * (kinds1 - 1 - k) + 3) for k, c in enumerate(p))) for p, (u, _) in
                zip(payments, smaller, strict=True)]
        for start in range(D):
            memo = self.reach[start]
            for u, below in smaller:
                out = 0
                for v, tables in below:
                    m = memo[v]
                    for table_ in tables:
                        out |= table_[m & 63]
                        m >>= 6
                memo[u] = out
            codes = self.codes[start]
            for u, rev in revs:         # the action codes of the moves paying u (no round trip, MING-CLAR-7)
                m = memo[u] & ~(1 << start)
                out_codes: list[int] = []
                for part in parts:
                    if m & 63:
                        out_codes += part[m & 63]
                    m >>= 6
                codes[u] = tuple(c | rev for c in out_codes)

    def mask(self, start: int, u: int) -> int:
        """The districts some walk from ``start`` reaches paying exactly the packed cards ``u`` (the
        start itself included when a walk returns there)."""
        memo = self.reach[start]
        hit = memo.get(u)
        if hit is not None:
            return hit
        out = 0
        for k, tables in enumerate(self.steps):
            if (u >> (FIELD * k)) & 15:
                m = self.mask(start, u - (1 << (FIELD * k)))
                for table_ in tables:
                    out |= table_[m & 63]
                    m >>= 6
        memo[u] = out
        return out

    def code(self, start: int, u: int, paid: tuple[int, ...]) -> tuple[int, ...]:
        """The action codes of the moves from ``start`` paying ``u`` (see :func:`phase3_actions`)."""
        memo = self.codes[start]
        hit = memo.get(u)
        if hit is None:
            m = self.mask(start, u) & ~(1 << start)      # a round trip is not a move (MING-CLAR-7)
            rev = 0
            for c in paid:
                rev = (rev << REV_BITS) | c
            out = []
            while m:
                low = m & -m
                dest = low.bit_length() - 1
                out.append(dest << self.shift | rev << 3 | dest & 7)
                m ^= low
            hit = memo[u] = tuple(out)
        return hit

    def lists_from(self, start: int) -> dict[tuple[int, ...], tuple[int, ...]]:
        """hand -> the sorted phase-3 codes from ``start`` (moves, a stay per kind held, the pass) for
        every hand of at most HAND_LIMIT cards: made at once (about 2 ms and 0.2 to 0.3 MB a start
        district with the deck's six transports; more with more kinds), because a game meets most of
        its (district, hand) pairs only once, and sorting them one at a time cost most of a phase-3
        turn (MING-CLAR-7's order)."""
        subs = self.hand_subs
        if subs is None:
            subs = self.hand_subs = _hand_subs(self.kinds1)
        get = self.codes[start].__getitem__
        D = len(self.codes)
        stay0 = (D + 1) << self.shift       # | kind: a stay (MING-PH3-4)
        pass_code = (D + 2) << self.shift   # MING-PH3-5
        out = {}
        for hand, us in subs.items():
            moves = sorted(chain.from_iterable(map(get, us)))
            moves += [stay0 | k for k, h in enumerate(hand) if h]
            moves.append(pass_code)
            out[hand] = tuple(moves)
        self.by_hand[start] = out
        return out

    def sub_payments(self, hand: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        hit = self.subs.get(hand)
        if hit is None:
            have = [(hand >> (FIELD * k)) & 15 for k in range(self.kinds1)]
            hit = self.subs[hand] = tuple((pack(paid), paid) for paid in product(*(range(h + 1) for h in have))
                                          if any(paid))
        return hit


def _hands(kinds1: int, cards: int) -> list[tuple[int, ...]]:
    """Every hand of at most ``cards`` cards (counts per kind), fewer cards first."""
    if kinds1 == 0:
        return [()]
    return sorted(((c, *rest) for c in range(cards + 1) for rest in _hands(kinds1 - 1, cards - c)), key=sum)


def _hand_subs(kinds1: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every non-empty hand of at most HAND_LIMIT cards -> its non-empty payments, packed: a hand's
    payments are those of the hand without its last kind held, each with 0 ... count of that kind
    added (so the empty payment comes first and is dropped)."""
    subs: dict[tuple[int, ...], tuple[int, ...]] = {}
    for hand in _hands(kinds1, HAND_LIMIT):
        if not any(hand):
            subs[hand] = (0,)
            continue
        k = max(i for i, c in enumerate(hand) if c)
        rest = subs[(*hand[:k], 0, *hand[k + 1:])]
        step = 1 << (FIELD * k)
        subs[hand] = tuple(u + j * step for j in range(hand[k] + 1) for u in rest)
    return {hand: us[1:] for hand, us in subs.items() if any(hand)}


@cache
def board_moves(board: Board, kinds: int) -> BoardMoves:
    return BoardMoves(board, kinds)


def _caches(t: Table) -> dict[str, Any]:
    mine = t.moves
    if mine is None:
        bm = board_moves(t.board, t.kinds)
        mine = t.moves = {"board": bm, "ids": bm.ids}
        while len(bm.seats) < t.players:    # a seat's moves are the same values in every setup of the board
            bm.seats.append(_SeatActions(t, len(bm.seats), bm.ids, bm.paying_cards, bm.shift))
        mine["seats"] = tuple(bm.seats[:t.players])
    return mine


def _union(masks: tuple[int, ...], offset: int, part: int) -> int:
    out = 0
    for i in range(6):
        if part >> i & 1 and offset + i < len(masks):
            out |= masks[offset + i]
    return out


def reach(t: Table, start: int, u: int) -> int:
    """The districts some walk from ``start`` reaches paying exactly the packed cards ``u``."""
    return _caches(t)["board"].mask(start, u)


def sub_payments(t: Table, hand: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every non-empty payment inside the packed ``hand``: (packed, counts per kind), ordered by the
    counts (the order of the legal list, MING-CLAR-7)."""
    return _caches(t)["board"].sub_payments(hand)


def reachable_moves(t: Table, start: int, hand: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """MING-CLAR-7: destination -> every payment (counts per card kind, in order) of some walk from
    ``start`` to it within ``hand``. Princes are ignored here (the caller removes occupied
    destinations); a round trip is not a move."""
    out: dict[int, list[tuple[int, ...]]] = {}
    for u, paid in sub_payments(t, pack(hand)):
        m = reach(t, start, u) & ~(1 << start)
        while m:
            low = m & -m
            out.setdefault(low.bit_length() - 1, []).append(paid)
            m ^= low
    return {d: tuple(out[d]) for d in sorted(out)}


# A phase-3 action of a seat is coded as one int whose order is the order of the legal list:
# destination << shift | the payment packed first kind highest, REV_BITS a kind, << 3 | the low 3
# bits of the destination (so ints compare as the destinations, then the counts do, and codes that
# differ only in the destination fall apart in a dict, whose slots are chosen by the low bits);
# stays follow as (districts + 1) << shift | kind, the pass last as (districts + 2) << shift.

class _SeatActions(dict):
    """code -> the one action value of a seat (made on first use and shared by every legal list)."""

    def __init__(self, t: Table, who: int, ids: dict[int, Any], paying: dict[int, Any], shift: int):
        super().__init__()
        self.t = t
        # what making a value needs, read with one attribute lookup (those of a dict subclass are slow)
        self.info = (who, t.board.district_names, len(t.board.district_names), shift, paying, ids)

    def __missing__(self, code: int) -> Any:
        who, names, D, shift, paying_cards, ids = self.info
        dest = code >> shift
        if dest < D:
            low = code >> 3 & ((1 << (shift - 3)) - 1)
            paying = paying_cards.get(low)
            if paying is None:      # (packed, counts, card names, (kind, count) paid) of a payment, shared by the seats
                t = self.t
                K1 = t.kinds + 1
                paid = tuple((low >> (REV_BITS * (K1 - 1 - k))) & REV_MASK for k in range(K1))
                cards: list[str] = []
                for k, c in enumerate(paid):
                    cards.extend((t.card_names[k],) * c)
                paying = paying_cards[low] = (pack(paid), paid, tuple(cards),
                                              tuple((k, c) for k, c in enumerate(paid) if c))
            a: Any = _new(Move)         # the dataclass's own slots, set once, without its __init__
            _set_seat(a, who)
            _set_to(a, names[dest])
            _set_cards(a, paying[2])
            ids[id(a) >> 4] = (a, dest, paying[0], paying[1], paying[3])    # (ids are multiples of 16)
        elif dest == D + 1:
            a = Stay(who, self.t.card_names[code & ((1 << shift) - 1)])
        else:
            a = Pass(who)
        self[code] = a
        return a


_new = object.__new__
_set_seat = Action.__dict__["seat"].__set__
_set_to = Move.__dict__["to"].__set__
_set_cards = Move.__dict__["cards"].__set__


def payment_of(t: Table, action: Move) -> tuple[Move, int, int, tuple[int, ...], tuple[tuple[int, int], ...]] | None:
    """(the move, destination, packed payment, counts, (kind, count) of each kind paid) of a Move of a
    legal list, else None. The identity check makes a reused id of a forgotten value harmless."""
    hit = (t.moves or _caches(t))["ids"].get(id(action) >> 4)
    return hit if hit is not None and hit[0] is action else None


def _codes(t: Table, here: int, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The sorted action codes from ``here`` with ``hand`` (moves, stays, pass), shared by the seats
    and by every setup of the board."""
    bm = _caches(t)["board"]
    hit = (bm.by_hand[here] or bm.lists_from(here)).get(hand)
    if hit is not None:
        return hit
    hit = bm.sorted_codes.get((here, hand))
    if hit is not None:
        return hit
    # a hand the tables do not hold: over the limit or with a count below 0, which only a State made
    # from raw ints can have (position() refuses both): its codes made one at a time from the cards
    # held, each count read as 0 to 15 (a packed payment's field; the deck has fewer of any kind)
    D = len(t.board.district_names)
    held = tuple(min(max(c, 0), (1 << FIELD) - 1) for c in hand)
    out = sorted(chain.from_iterable(bm.code(here, u, paid) for u, paid in bm.sub_payments(pack(held))))
    out += [(D + 1) << bm.shift | k for k, h in enumerate(held) if h]       # MING-PH3-4
    out.append((D + 2) << bm.shift)                                         # MING-PH3-5
    if len(bm.sorted_codes) > _LIMIT:
        bm.sorted_codes.clear()
    hit = bm.sorted_codes[(here, hand)] = tuple(out)
    return hit


def phase3_actions(t: Table, s: Any, who: int) -> Phase3List:
    """MING-PH3-2..5: the legal list of phase 3 for ``who``; the districts of the other princes are
    left out (MING-PH3-3: passing through is allowed, ending there is not). The list is a
    :class:`Phase3List`: its codes, each action made only when read."""
    mine = t.moves or _caches(t)
    o = t.hand_at[who]
    here = s[t.prince_at[who]] - 1
    bm = mine["board"]
    codes = (bm.by_hand[here] or bm.lists_from(here)).get(tuple(s[o:o + t.kinds1])) or \
        _codes(t, here, tuple(s[o:o + t.kinds1]))
    # the moves to a blocked district are one run of the sorted codes (found by bisection between
    # the district's first code and the next district's): cut the runs from the last district down,
    # so the earlier runs keep their places
    bounds = bm.bounds
    others = t.others_prince_at[who]
    if len(others) == 2:        # three players, the usual case: two runs, the later cut first
        a, b = s[others[0]], s[others[1]]       # each a district + 1, 0 when not placed
        if a < b:
            a, b = b, a
        if a:
            lo = bisect_left(codes, bounds[a - 1])
            hi = bisect_left(codes, bounds[a], lo)
            if lo != hi:
                codes = codes[:lo] + codes[hi:]
        if b and b != a:
            lo = bisect_left(codes, bounds[b - 1])
            hi = bisect_left(codes, bounds[b], lo)
            if lo != hi:
                codes = codes[:lo] + codes[hi:]
    elif len(others) == 1:      # two players: the other prince's run (the neutral has none)
        a = s[others[0]]
        if a:
            lo = bisect_left(codes, bounds[a - 1])
            hi = bisect_left(codes, bounds[a], lo)
            if lo != hi:
                codes = codes[:lo] + codes[hi:]
    else:                       # four players: from the highest district down, each district once
        last = 0
        for v in sorted(map(s.__getitem__, others), reverse=True):
            if v and v != last:
                last = v
                lo = bisect_left(codes, bounds[v - 1])
                hi = bisect_left(codes, bounds[v], lo)
                if lo != hi:
                    codes = codes[:lo] + codes[hi:]
    out = _new(Phase3List)      # two slots set by plain stores, without a Python __init__
    out.codes = codes
    out.values = mine["seats"][who]
    return out


class Phase3List(Sequence):
    """A phase-3 legal list: the sorted action codes and the seat's code -> action table; an action
    value is made (once per seat and code, then shared) only when the list is read at its index, so
    a random pick makes one value, not the whole list. It reads like a list of actions: ``len``,
    indexing (a slice gives a list), iteration in order, ``in``, ``index``, ``count``; it equals a
    list (or another one) with the same actions in the same order; ``+`` and :meth:`copy` give lists."""

    __slots__ = ("codes", "values")
    codes: tuple[int, ...]
    values: _SeatActions

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, i: Any) -> Any:
        c = self.codes[i]
        if type(c) is int:
            return self.values[c]
        return list(map(self.values.__getitem__, c))

    def __iter__(self) -> Iterator[Any]:
        return map(self.values.__getitem__, self.codes)

    def __reversed__(self) -> Iterator[Any]:
        return map(self.values.__getitem__, reversed(self.codes))

    def __contains__(self, x: object) -> bool:
        return x in list(self)

    def index(self, x: Any, start: int = 0, stop: int = sys.maxsize) -> int:
        return list(self).index(x, start, stop)

    def count(self, x: Any) -> int:
        return list(self).count(x)

    def copy(self) -> list[Any]:
        return list(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Phase3List):
            return (self.values is other.values and self.codes == other.codes) or list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None         # type: ignore[assignment]     # unhashable, as a list

    def __add__(self, other: Any) -> list[Any]:
        return list(self) + list(other) if isinstance(other, (list, Phase3List)) else NotImplemented

    def __radd__(self, other: Any) -> list[Any]:
        return other + list(self) if isinstance(other, list) else NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return list, (list(self),)          # pickled and copied as the plain list it reads as

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return list(self)


