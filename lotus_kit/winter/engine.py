"""Winter's rules on a flat tuple of ints: setup, freezing, thawing, splitting, the end.

A state is :class:`WinterState`: a tuple ``v`` of ints (fields below; masks on the grid of
:mod:`lotus_kit.winter.grid`), the cards in the lake by world anchor (for names and pictures only),
the repetition record of the current thaw stretch, the deck order and the rules. Actions are ints
inside the engine (:func:`code`); :mod:`lotus_kit.winter.actions` puts value objects on top.
Every transition is pure: it builds a new tuple and leaves the old state as it was.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from operator import itemgetter

from lotus_kit.core.errors import IllegalAction
from lotus_kit.winter.deck import TURNED, Deck
from lotus_kit.winter.grid import (
    AROUND,
    AT_ORIGIN_COLUMN,
    AT_ORIGIN_ROW,
    BEFORE_ORIGIN,
    BLOCK,
    COVERED_BY,
    EVEN,
    LIGHT_CELLS,
    ORIGIN,
    RING,
    TOUCHED_BY,
    W,
    bits,
    card_cells,
    card_graph,
    components,
    cut_cards,
    dense_bits,
    extent,
    fit_and_single,
    fits,
    graph_after_move,
    graph_parts,
    lake_graph,
    lift_search,
    placements,
    shift,
    splits_when_lifted,
    squares,
    touching,
)
from lotus_kit.winter.rules import Rules
from lotus_kit.winter.speedups import select_bit as compiled_select_bit
from lotus_kit.winter.speedups import thaw_entries as compiled_thaw_entries

TOKENS = 9                                    # WIN-CMP-1: 9 tokens per colour

# phases (the decision that is open)
(SETUP_FIRST, SETUP_SECOND, SETUP_COLOUR, FREEZE, FREEZE_LAY, CLAIM, THAW, THAW_TOKEN, THAW_SPLIT,
 OVER) = range(10)
PHASE_NAMES = ("setup_first", "setup_second", "setup_colour", "freeze", "freeze_lay", "claim", "thaw",
               "thaw_token", "thaw_split", "over")



class PhaseName(str):
    """A phase's name (``"thaw"``) that also gives its number with ``int()``: generic code of the kit
    reads ``int(state.phase)``."""

    __slots__ = ()

    def __int__(self) -> int:
        return PHASE_NAMES.index(self)


PHASES = tuple(PhaseName(n) for n in PHASE_NAMES)

# fields of the state tuple
(PHASE, TURN, COL0, OCC, LIGHT, ANCH, TOK0, TOK1, SUP0, SUP1, OUT0, OUT1, REM0, REM1, NEXT, DRAWN, PEND,
 OX, OY, THAW_COUNT, END, STEP, ACTIVE,
 # the last action, in world coordinates, for its events (derived on demand, never read by the rules)
 LAST_KIND, LAST_SEAT, LAST_X, LAST_Y, LAST_TX, LAST_TY, LAST_T, LAST_CARD, LAST_MELT, LAST_PHASE) = range(33)
NFIELDS = 33

# why the game ended (WIN-CLAR-15 (e) order)
END_NONE, END_EMPTY_SUPPLY, END_NO_ACTION, END_LOOP_TURNS, END_REPETITION = range(5)
END_NAMES = ("", "empty supply (WIN-END-2)", "no legal thaw action (WIN-END-1)",
             "loop guard: thaw turns without a card leaving (WIN-END-3)",
             "loop guard: third repetition (WIN-END-3)")

# action kinds (low 4 bits of an action code)
LAY, DRAW, TOKEN, DECLINE, MOVE, REMOVE, TAKEBACK, KEEP, COLOUR = range(9)
LIGHT_COLOUR, DARK_COLOUR = 0, 1
COLOUR_NAMES = ("light", "dark")


def code(kind: int, a: int = 0, t: int = 0, b: int = 0) -> int:
    """An action as an int: kind, orientation bit ``t``, grid anchors ``a`` (and ``b``)."""
    return kind | t << 4 | a << 5 | b << 17


def decode(c: int) -> tuple[int, int, int, int]:
    return c & 15, c >> 5 & 0xFFF, c >> 4 & 1, c >> 17


class _Slots:
    """The layout a :class:`WinterState` shares with :class:`_Making`, its writable twin: the engine
    makes a state as a ``_Making`` with plain slot stores (a slot's ``__set__`` called as a function
    costs a wrapper call each) and turns it into a WinterState by assigning its class (:func:`_made`)."""

    __slots__ = ("cards", "deck", "history", "order", "rules", "v")


class WinterState(_Slots):
    """One position of a game of Winter, immutable. Readable views live in
    :mod:`lotus_kit.winter.state`; this class holds the data."""

    __slots__ = ()
    cards: tuple[tuple[int, int, int, int], ...]
    deck: Deck
    history: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]
    rules: Rules
    v: tuple[int, ...]

    def __init__(self, v: tuple[int, ...], cards: tuple[tuple[int, int, int, int], ...],
                 history: tuple[tuple[int, ...], ...], order: tuple[int, ...], deck: Deck, rules: Rules):
        # each field set through its slot (the class's own __setattr__ refuses)
        _set_v(self, v)
        _set_cards(self, cards)         # (world x, world y, card index, turned) of each card in the lake
        _set_history(self, history)     # position keys at the starts of the thaw turns since a card left
        _set_order(self, order)         # the deck order (card indices); hidden from the players
        _set_deck(self, deck)
        _set_rules(self, rules)

    def _cmp(self):
        return self.v, self.cards, self.history, self.order, self.deck, self.rules

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WinterState) and self._cmp() == other._cmp()

    def __hash__(self) -> int:
        return hash((self.v, self.cards, self.history, self.order))

    def __setattr__(self, name, value):
        raise AttributeError("a WinterState is immutable: apply an action to get the next one")

    # --- readable views (named for the game's words; computed on demand) ---
    @property
    def phase(self) -> str:
        """The open decision: setup_first, setup_second, setup_colour, freeze, freeze_lay, claim,
        thaw, thaw_token, thaw_split or over."""
        return PHASES[self.v[PHASE]]

    @property
    def is_over(self) -> bool:
        return self.v[PHASE] == OVER

    @property
    def to_move(self) -> int | None:
        """The seat that decides now; None after the end."""
        return None if self.v[PHASE] == OVER else self.v[TURN]

    @property
    def colours(self) -> tuple[str | None, str | None]:
        """Each seat's colour, ``"light"`` or ``"dark"``; None before the choice (WIN-SET-3)."""
        c = self.v[COL0]
        return (None, None) if c < 0 else (COLOUR_NAMES[c], COLOUR_NAMES[1 - c])

    @property
    def supplies(self) -> tuple[int, int]:
        return self.v[SUP0], self.v[SUP1]

    @property
    def out_of_game(self) -> tuple[int, int]:
        """Tokens that left the game with a melted part (MELTED_TOKENS_OUT_OF_GAME)."""
        return self.v[OUT0], self.v[OUT1]

    @property
    def cards_removed(self) -> tuple[int, int]:
        """``cardsRemoved`` per seat (WIN-SET-5, WIN-TIE-1)."""
        return self.v[REM0], self.v[REM1]

    @property
    def tokens(self) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """Each seat's tokens on the lake, as the top-left flake of their squares."""
        ox, oy = self.v[OX], self.v[OY]
        return tuple(tuple(sorted((a % W + ox, a // W + oy) for a in bits(self.v[TOK0 + s])))
                     for s in (0, 1))  # type: ignore[return-value]

    @property
    def lake(self) -> tuple[tuple[int, int, str, str], ...]:
        """The cards in the lake: (x, y, card id, flakes as they lie ``"LL/LD"``)."""
        from lotus_kit.winter.deck import flakes
        v = self.v
        return tuple((x, y, self.deck.ids[i], flakes(layout_at(v[LIGHT], (y - v[OY]) * W + x - v[OX])))
                     for x, y, i, _ in self.cards)

    @property
    def free(self) -> tuple[tuple[int, int], ...]:
        """Anchors of the free cards (WIN-GEO-8)."""
        v = self.v
        return tuple(sorted((a % W + v[OX], a // W + v[OY]) for a in bits(free_cards(v))))

    @property
    def deck_left(self) -> int:
        """Cards still face down in the deck."""
        return len(self.order) - self.v[NEXT]

    @property
    def card_in_hand(self) -> str | None:
        """The id of the card turned up and waiting to be laid."""
        d = self.v[DRAWN]
        return None if d < 0 else self.deck.ids[d]

    @property
    def thaw_turns(self) -> int:
        """Thaw turns in a row without a card leaving the lake (WIN-END-3)."""
        return self.v[THAW_COUNT]

    @property
    def end_reason(self) -> str:
        return END_NAMES[self.v[END]]

    @property
    def events(self) -> tuple:
        """What the last action did, in words (derived on demand; empty at the start)."""
        from lotus_kit.winter.words import events

        return events(self)

    def __repr__(self) -> str:
        v = self.v
        return (f"<Winter {PHASE_NAMES[v[PHASE]]}, seat {v[TURN]} to act, {len(self.cards)} cards in the lake, "
                f"{len(self.order) - v[NEXT]} in the deck>")


_set_v, _set_cards, _set_history, _set_order, _set_deck, _set_rules = (
    getattr(WinterState, name).__set__ for name in ("v", "cards", "history", "order", "deck", "rules"))


class _Making(_Slots):
    """A WinterState while the engine makes it (see :class:`_Slots`)."""

    __slots__ = ()


def _made(v: tuple[int, ...], cards: tuple[tuple[int, int, int, int], ...], history: tuple[tuple[int, ...], ...],
          order: tuple[int, ...], deck: Deck, rules: Rules) -> WinterState:
    """``WinterState(v, cards, history, order, deck, rules)`` for the engine's hot path."""
    st = _Making()
    st.v = v
    st.cards = cards
    st.history = history
    st.order = order
    st.deck = deck
    st.rules = rules
    st.__class__ = WinterState
    return st  # type: ignore[return-value]


def new_state(deck: Deck, order: tuple[int, ...], rules: Rules) -> WinterState:
    """The first state (WIN-SET-1, WIN-CLAR-2): the first player has turned up the top two cards
    and lays the first at (0, 0)."""
    v = [0] * NFIELDS
    v[PHASE], v[TURN], v[COL0] = SETUP_FIRST, 0, -1
    v[SUP0] = v[SUP1] = TOKENS
    v[NEXT], v[DRAWN] = 2, order[0]
    v[OX] = v[OY] = -ORIGIN
    return WinterState(tuple(v), (), (), tuple(order), deck, rules)


# ----------------------------------------------------------------------------- reading a state

def colour_of(v, seat: int) -> int:
    """The colour of ``seat`` (WIN-SET-3), -1 before the second player chose."""
    c = v[COL0]
    return -1 if c < 0 else c ^ seat


def layout_at(light: int, a: int) -> int:
    """The 4-bit layout of the card at grid anchor ``a`` as it lies."""
    return (light >> a & 3) | (light >> (a + W) & 3) << 2


# the last lake and tokens asked about and their free cards: a thaw turn's start and its legal set ask
# about the same position one after the other
_last_free: tuple[int, int, int] = (0, 0, 0)
# the last tokens asked about and the anchors within one step of them: a move leaves the tokens as they
# were (unless the lake is shifted back to the grid's origin)
_last_held: tuple[int, int] = (0, 0)


def free_cards(v) -> int:
    """Anchors of the free cards: none of their cells lies in a token's window (WIN-GEO-8), that is
    none lies within one step (each way) of a token's anchor."""
    global _last_free, _last_held
    t = v[TOK0] | v[TOK1]
    anch = v[ANCH]
    if not t:
        return anch
    was_anch, was_t, free = _last_free
    if was_t == t and was_anch == anch:
        return free
    was_t, d = _last_held
    if was_t != t:
        d = t | t << 1 | t >> 1
        d |= d << W | d >> W
        _last_held = (t, d)
    free = anch & d ^ anch                          # AND NOT without a negative int
    _last_free = (anch, t, free)
    return free


def colour_squares(v, colour: int, rules: Rules) -> int:
    """Anchors of the squares of ``colour`` (WIN-GEO-6): 4 flakes of that colour, across at least two
    cards (a window at a card's own anchor is that card alone) unless ALLOW_SINGLE_CARD_SQUARE.
    Squares of the two colours never share a flake (WIN-CLAR-6)."""
    cells = v[LIGHT] if colour == LIGHT_COLOUR else v[OCC] ^ v[LIGHT]    # the light cells are occupied
    sq = squares(cells)
    return sq if rules.single_card_square else sq & v[ANCH] ^ sq


def claimable(v, colour: int, rules: Rules) -> int:
    """Squares of ``colour`` with no token (WIN-GEO-7); under EXCLUSIVE_FLAKES also sharing no flake
    with a token's window."""
    t = v[TOK0] | v[TOK1]
    sq = colour_squares(v, colour, rules)
    sq ^= sq & t
    if rules.exclusive and t:
        d = t | t << 1 | t >> 1
        sq &= ~(d | d << W | d >> W)
    return sq


def lay_targets(v, rules: Rules) -> int:
    """Anchors where the card in hand may be laid (WIN-GEO-5; WIN-GEO-3 under ALIGNED_GRID)."""
    m = placements(v[OCC])
    return m & EVEN[(v[OX] & 1, v[OY] & 1)] if rules.aligned else m


def _uniform(v) -> bool:
    """All cards lie with the same layout."""
    anch = v[ANCH]
    la = layout_at(v[LIGHT], (anch & -anch).bit_length() - 1)
    return v[LIGHT] == ((anch if la & 1 else 0) | (anch << 1 if la & 2 else 0) | (anch << W if la & 4 else 0)
                        | (anch << (W + 1) if la & 8 else 0))


def move_targets(v, a: int, arts: int, rules: Rules, graph: tuple[list[int], list[int]] | None = None,
                 same_cards: bool | None = None) -> tuple[int, int]:
    """Anchors the free card at ``a`` may move to, kept as it lies and turned 180° (WIN-PH2-1 (a),
    WIN-CLAR-7): empty cells (its own count as empty), the whole lake connected afterwards (a card
    whose lifting splits the lake must touch every part), and a lake that differs from before up to
    translation (WIN-CLAR-15 (a)). ``arts`` are the anchors whose lifting splits the lake; ``graph``
    the lake's :func:`card_graph` and ``same_cards`` "no token and every card alike" when the caller
    has them."""
    anch = v[ANCH] & ~(1 << a)
    if not anch:
        return 0, 0                                   # WIN-CLAR-7 (d): nothing to touch
    occ = v[OCC] & ~(BLOCK << a)
    if arts >> a & 1:
        nodes, adj = graph or card_graph(v[ANCH])
        i = nodes.index(a)
        parts = graph_parts(adj, ((1 << len(nodes)) - 1) & ~(1 << i))
        parts.sort(key=int.bit_count)
        touch = -1
        rest = occ
        for part in parts[:-1]:                       # the largest part is what the others leave
            cells = 0
            for j in bits(part):
                cells |= BLOCK << nodes[j]
            touch &= touching(cells)
            rest &= ~cells
        touch &= touching(rest)
    else:
        touch = touching(occ)
    m = fits(occ) & touch
    if rules.aligned:
        m &= EVEN[(v[OX] & 1, v[OY] & 1)]
    if same_cards is None:
        same_cards = not (v[TOK0] | v[TOK1]) and _uniform(v)
    return _orientations(v, a, m, rules, same_cards)


def _orientations(v, a: int, m: int, rules: Rules, same_cards: bool) -> tuple[int, int]:
    """The targets ``m`` (empty, connected) of the card at ``a`` split by orientation, without the
    moves that change nothing (WIN-CLAR-7, WIN-CLAR-15 (a))."""
    la = layout_at(v[LIGHT], a)
    here = 1 << a
    m0 = m & ~here                                    # laid back unchanged is no move
    m1 = 0 if rules.keep_orientation else (m & ~here if TURNED[la] == la or rules.no_rotate_in_place else m)
    if same_cards:
        # only a token-free lake of identical cards can come back shifted (WIN-CLAR-15 (a))
        m0 = _drop_translates(v, a, la, m0)
        m1 = _drop_translates(v, a, TURNED[la], m1)
    return m0, m1


def _drop_translates(v, a: int, lay: int, targets: int) -> int:
    occ0 = v[OCC] & ~(BLOCK << a)
    light0 = v[LIGHT] & ~(BLOCK << a)
    anch0 = v[ANCH] & ~(1 << a)
    for b in bits(targets):
        anch = anch0 | 1 << b
        x, y = extent(anch)
        d = ORIGIN - x + (ORIGIN - y) * W
        if shift(occ0 | BLOCK << b, d) == v[OCC] and shift(light0 | LIGHT_CELLS[lay] << b, d) == v[LIGHT]:
            targets &= ~(1 << b)
    return targets


# the light cells of a card at anchor 0 turned 180°, by its light cells as it lies (WIN-GEO-2)
_TURNED_CELLS = {LIGHT_CELLS[la]: LIGHT_CELLS[TURNED[la]] for la in range(16)}


def thaw_options(v, rules: Rules) -> tuple[int, list[tuple[int, int, int]], int]:
    """The thaw turn's choices in compact form: free cards (each may be removed), per free card its
    move targets ``(a, kept, turned)``, and the mover's own token windows (take-backs, DEVIR)."""
    free, cards, _, own = thaw_cards(v, rules)
    return free, [(c[0], *card_targets(c)) for c in cards], own


def card_targets(card: tuple[int, int, int, int, int, int, int]) -> tuple[int, int]:
    """The kept and turned target masks of an entry of :func:`thaw_cards`."""
    a, m0, _, m1, _, own, _ = card
    if own & 1:
        m0 ^= 1 << a
    if own & 2:
        m1 ^= 1 << a
    return m0, m1


# the last lake asked about and its cards that look the same turned: a move carries them over
# (:func:`_alike_after_move`), since turning a card does not change whether it looks the same turned
_last_alike: tuple[int, int, frozenset[int]] = (0, 0, frozenset())


def _looks_same_turned(v) -> frozenset[int]:
    """Anchors of the cards that look the same turned 180° (turning one in place is no move,
    WIN-CLAR-7): top-left flake like bottom-right and top-right like bottom-left, for every card at
    once."""
    global _last_alike
    light, anch = v[LIGHT], v[ANCH]
    was_light, was_anch, alike = _last_alike
    if was_anch == anch and was_light == light:
        return alike
    differ = light ^ light >> (W + 1) | light >> 1 ^ light >> W
    alike = frozenset(bits(anch ^ anch & differ))
    _last_alike = (light, anch, alike)
    return alike


def _alike_after_move(v, n: list[int], a: int, b: int, d: int) -> None:
    """Carry :func:`_looks_same_turned` of the lake ``v`` over to the lake ``n`` after its card at
    ``a`` moved to ``b`` (``n`` normalised again, its grid anchors shifted by ``d``), when it is the
    one remembered."""
    global _last_alike
    was_light, was_anch, alike = _last_alike
    if was_anch != v[ANCH] or was_light != v[LIGHT]:
        return
    if a in alike:
        alike = alike - {a} | {b}
    if d:
        alike = frozenset([x + d for x in alike])
    _last_alike = (n[LIGHT], n[ANCH], alike)


def thaw_cards(v, rules: Rules) -> tuple[int, list[tuple[int, int, int, int, int, int]], int, int]:
    """:func:`thaw_options` with the moves counted: free cards, per free card (lowest anchor first)
    ``(a, kept, number kept, turned, number turned, own)``, the number of moves, the own token
    windows. ``own`` bit 0 (bit 1): the kept (turned) mask still holds the card's own spot, which is no
    such move (:func:`card_targets` takes it out); most entries are never drawn from, so the masks
    without it are made only when asked."""
    free = free_cards(v)
    own = 0 if rules.bga else v[TOK1 if v[TURN] else TOK0]
    if not free:
        return 0, [], 0, own
    anch = v[ANCH]
    same = not (v[TOK0] | v[TOK1]) and _uniform(v)
    usual = not (same or rules.keep_orientation or rules.no_rotate_in_place) and anch & (anch - 1)
    if usual and compiled_thaw_entries is not None:
        # the same entries as the loops below, from the compiled module (None: a lake in pieces)
        found = compiled_thaw_entries(anch, free, v[LIGHT], v[OX] & 1 | (v[OY] & 1) << 1 if rules.aligned else -1)
        if found is not None:
            return free, found[0], found[1], own
    nodes, adj, rank = lake_graph(anch)
    # where a lifted card fits: anchors no card's block overlaps, and those only its own block overlaps
    fit, single = fit_and_single(anch)
    if rules.aligned:
        # a normalised lake lies 2 cells or more from the grid's edges, so the anchors next to its
        # cards are all on the grid (REGION): only ALIGNED_GRID narrows the targets further (WIN-GEO-3)
        even = EVEN[(v[OX] & 1, v[OY] & 1)]
        fit &= even
        single &= even
    graph = nodes, adj
    found = lift_search(adj, list(map(TOUCHED_BY.__getitem__, nodes))) if nodes else None
    if found is None:                                  # a lake in pieces: the card-by-card search
        index = {a: i for i, a in enumerate(nodes)}
        cut = cut_cards(adj, sum(1 << index[a] for a in bits(free)))
        arts = sum(1 << nodes[i] for i in bits(cut)) if cut else 0
        cards = [(a, *move_targets(v, a, arts, rules, graph, same)) for a in bits(free)]
        total = 0
        entries = []
        for a, m0, m1 in cards:
            k0, k1 = m0.bit_count(), m1.bit_count()
            entries.append((a, m0, k0, m1, k1, 0, total))
            total += k0 + k1
        return free, entries, total, own
    held = frozenset(bits(anch ^ free)) if free != anch else ()    # the cards under a token's window
    disc, end, apart, climbing, before, after = found
    cards = []
    total = 0
    cover = COVERED_BY
    # the cards lowest anchor first (a carried card graph need not list them by anchor: its card numbers
    # in anchor order come with it), each entry with the number of moves before it (ThawLegal draws by
    # bisection on it)
    order = rank
    if not usual:
        for i in order:
            a = nodes[i]
            if a in held:
                continue
            k = disc[i]
            m = apart[i]
            if m < 0:
                m = before[k] | after[k + 1]
            elif k:
                m &= before[k] | after[end[i]] | climbing[i]
            m0, m1 = _orientations(v, a, m & (fit | cover[a] & single), rules, same)
            k0, k1 = m0.bit_count(), m1.bit_count()
            cards.append((a, m0, k0, m1, k1, 0, total))
            total += k0 + k1
        return free, cards, total, own
    # the usual rules and a lake of two cards or more: _orientations written out (no call per card)
    alike = _looks_same_turned(v)
    for i in order:
        a = nodes[i]
        if a in held:
            continue
        # the anchors touching every part the lake falls into without the card (lift_search)
        k = disc[i]
        m = apart[i]
        if m < 0:                                   # lifting it splits nothing
            m = (before[k] | after[k + 1]) & (fit | cover[a] & single)
        else:
            if k:
                m &= before[k] | after[end[i]] | climbing[i]
            m &= fit | cover[a] & single
        # the card's own spot is in m (the lake is not this card alone): nothing else covers it, it
        # touches a card of every part the lake falls into without it, and under ALIGNED_GRID it is
        # even (WIN-GEO-3); turned in place it is a move unless it looks the same turned (WIN-CLAR-7)
        k = m.bit_count() - 1
        if a in alike:
            cards.append((a, m, k, m, k, 3, total))
            total += 2 * k
        else:
            cards.append((a, m, k, m, k + 1, 1, total))
            total += 2 * k + 1
    return free, cards, total, own


_START = itemgetter(6)


def position_key(v) -> tuple[int, ...]:
    """The position compared by the repetition end (WIN-CLAR-12 (b)): lake, tokens, supplies, counters,
    player to move; the lake is normalised, so equal up to translation means equal ints."""
    return (v[OCC], v[LIGHT], v[TOK0], v[TOK1], v[SUP0], v[SUP1], v[REM0], v[REM1], v[TURN])


# ----------------------------------------------------------------------------- legal actions

_BELOW = tuple((1 << i) - 1 for i in range(W * W + 1))     # the bits below bit i


def select_bit(mask: int, k: int, count: int | None = None) -> int:
    """The position of the ``k``-th lowest set bit of ``mask`` (``count``: its set bits, when known).
    Near either end of the mask the bits below (or above) are dropped one at a time; elsewhere an
    interpolation search on the number of set bits below a position (one AND and one count a probe;
    targets spread over the lake's rows, so two or three probes leave a stretch of at most ten bits),
    then that stretch, shifted down, loses its bits below (or above) the one sought one at a time."""
    if count is None:
        count = mask.bit_count()
    if k > 4 and count - k > 5:
        below = _BELOW
        lo = klo = 0                        # klo set bits below lo, k or fewer
        hi, khi = mask.bit_length(), count  # khi set bits below hi, more than k
        while khi - klo > 10:               # so hi - lo > 10, and lo < mid < hi
            mid = lo + 1 + (hi - lo - 2) * (2 * (k - klo) + 1) // (2 * (khi - klo))
            c = (mask & below[mid]).bit_count()
            if c > k:
                hi = mid
                khi = c
            else:
                lo = mid
                klo = c
        mask = (mask & below[hi]) >> lo
        k -= klo
        if 2 * k < khi - klo:
            for _ in range(k):
                mask &= mask - 1
            return lo + (mask & -mask).bit_length() - 1
        for _ in range(khi - klo - 1 - k):
            mask ^= 1 << mask.bit_length() - 1
        return lo + mask.bit_length() - 1
    if 2 * k < count:
        for _ in range(k):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1
    for _ in range(count - 1 - k):
        mask ^= 1 << mask.bit_length() - 1
    return mask.bit_length() - 1


# the compiled select_bit when the speedups are installed (the same answers, tests/winter/test_speedups.py)
_select_bit = compiled_select_bit or select_bit


class ThawLegal:
    """The legal actions of a thaw turn as a lazy sequence of action ints: removals, moves (a target
    mask per card and orientation), take-backs. ``len``, indexing (so ``random.choice`` draws uniformly
    without building the list), ``in`` and iteration; a turn can offer well over a thousand moves
    (WIN-CLAR-13)."""

    __slots__ = ("_drawn", "_moves", "_own", "_targets", "cards", "total")

    def __init__(self, v, rules: Rules):
        _, cards, moves, own = thaw_cards(v, rules)
        self.cards = cards              # the entries of thaw_cards, lowest a first
        self._own = own                 # the mover's token windows (take-backs, listed when asked)
        self._moves = moves
        self.total = len(cards) + moves + own.bit_count()
        self._targets = None
        self._drawn = (-1, 0)           # the block of the last move drawn by index: its mask, no dict

    @property
    def takebacks(self) -> list[int]:
        """Every take-back of one of the mover's tokens (DEVIR), lowest window first."""
        return [TAKEBACK | w << 5 for w in bits(self._own)]

    @property
    def removes(self) -> list[int]:
        """Every free card's removal, lowest anchor first."""
        return [REMOVE | a << 5 for a, *_ in self.cards]

    @property
    def targets(self) -> dict[int, int]:
        """The target mask by the move's code without its target (built when first asked)."""
        if self._targets is None:
            self._targets = t = {}
            for card in self.cards:
                a = card[0]
                t[MOVE | a << 5], t[MOVE | 16 | a << 5] = card_targets(card)
        return self._targets

    def targets_of(self, base: int) -> int:
        """The target mask of a move's code without its target (0 when that card has no such move)."""
        drawn, mask = self._drawn
        return mask if drawn == base else self.targets.get(base, 0)

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, k: int) -> int:
        if not 0 <= k < self.total:
            raise IndexError(k)
        cards = self.cards
        if k < len(cards):
            return REMOVE | cards[k][0] << 5
        k -= len(cards)
        if k < self._moves:
            a, m0, k0, m1, k1, own, start = cards[bisect_right(cards, k, key=_START) - 1]
            k -= start
            if k < k0:
                if own & 1:
                    m0 ^= 1 << a
                base = MOVE | a << 5
                self._drawn = (base, m0)
                return base | _select_bit(m0, k, k0) << 17
            k -= k0
            if own & 2:
                m1 ^= 1 << a
            base = MOVE | 16 | a << 5
            self._drawn = (base, m1)
            return base | _select_bit(m1, k, k1) << 17
        k -= self._moves
        return self.takebacks[k]

    def __iter__(self):
        yield from self.removes
        for card in self.cards:
            a = card[0]
            m0, m1 = card_targets(card)
            for base, mask in ((MOVE | a << 5, m0), (MOVE | 16 | a << 5, m1)):
                if mask:
                    yield from [base | b << 17 for b in reversed(dense_bits(mask))]
        yield from self.takebacks

    def __contains__(self, c: object) -> bool:
        if not isinstance(c, int):
            return False
        if c & 15 != MOVE:
            return c in self.removes or c in self.takebacks
        b = c >> 17
        return b >= 0 and self.targets_of(c & 0x1FFFF) >> b & 1 == 1


def thaw_codes_lazily(v, rules: Rules):
    """A thaw turn's legal action ints, each card's moves worked out only when the caller gets that far
    (a search that cuts off after a removal never computes a move): removals, moves card by card,
    take-backs; the same actions as :class:`ThawLegal`."""
    free = free_cards(v)
    for a in bits(free):
        yield REMOVE | a << 5
    if free:
        anch = v[ANCH]
        same = not (v[TOK0] | v[TOK1]) and _uniform(v)
        for a in bits(free):
            arts = (1 << a) if splits_when_lifted(anch, a) else 0
            m0, m1 = move_targets(v, a, arts, rules, None, same)
            base = MOVE | a << 5
            for t, m in ((0, m0), (16, m1)):
                if m:
                    yield from [base | t | b << 17 for b in reversed(dense_bits(m))]
    if not rules.bga:
        for w in bits(v[TOK1 if v[TURN] else TOK0]):
            yield TAKEBACK | w << 5


# The last thaw legal set built, with the (immutable) fields and rules it was built from, compared by
# identity: applying an action just drawn from it then reads the move targets instead of working them
# out again. Kept outside the state so that a state (and what a seat observes) does not depend on
# whether its legal set was asked; holding the tuple keeps its identity from being reused.
_last_thaw_legal: tuple = ((), None, None)


def _cached_thaw_legal(s: WinterState) -> ThawLegal | None:
    v, rules, view = _last_thaw_legal
    return view if v is s.v and rules is s.rules else None


class LayLegal:
    """The legal lays of the card in hand as a lazy sequence of action ints, in the order of
    :func:`legal_codes` (highest anchor first, kept then turned): ``len``, indexing (so
    ``random.choice`` draws uniformly without building the list), ``in`` and iteration."""

    __slots__ = ("count", "targets")

    def __init__(self, targets: int):
        self.targets = targets          # the anchors where the card may lie (lay_targets)
        self.count = targets.bit_count()

    def __len__(self) -> int:
        return 2 * self.count

    def __getitem__(self, k: int) -> int:
        if not 0 <= k < 2 * self.count:
            raise IndexError(k)
        return LAY | (k & 1) << 4 | _select_bit(self.targets, self.count - 1 - (k >> 1), self.count) << 5

    def __iter__(self):
        for a in dense_bits(self.targets):
            yield LAY | a << 5
            yield LAY | 16 | a << 5

    def __contains__(self, c: object) -> bool:
        return (isinstance(c, int) and c >= 0 and c & 15 == LAY and c >> 17 == 0
                and self.targets >> (c >> 5 & 0xFFF) & 1 == 1)


# The last lay view built, with the (immutable) fields and rules it was built from, compared by identity
# (as _last_thaw_legal): laying the card where the view says it may lie asks nothing again.
_last_lay_legal: tuple = ((), None, None)


def legal_view(s: WinterState) -> ThawLegal | LayLegal | list[int]:
    """The legal actions as ints: a lazy :class:`ThawLegal` in a thaw turn, a lazy :class:`LayLegal`
    when a drawn card (or the second start card) is to be laid, else a list."""
    global _last_thaw_legal, _last_lay_legal
    v = s.v
    ph = v[PHASE]
    if ph == THAW:
        view = _cached_thaw_legal(s)
        if view is None:
            view = ThawLegal(v, s.rules)
            _last_thaw_legal = (v, s.rules, view)
        return view
    if ph in (FREEZE_LAY, SETUP_SECOND):
        was, rules, view = _last_lay_legal
        if was is not v or rules is not s.rules:
            view = LayLegal(lay_targets(v, s.rules))
            _last_lay_legal = (v, s.rules, view)
        return view
    return legal_codes(s)


def legal_codes(s: WinterState) -> list[int]:
    """Every legal action of the state as an int, in a fixed order."""
    v, rules = s.v, s.rules
    ph = v[PHASE]
    if ph == THAW:
        return list(legal_view(s))
    if ph in (FREEZE_LAY, SETUP_SECOND):
        out = []
        for a in dense_bits(lay_targets(v, rules)):
            out += (LAY | a << 5, LAY | 16 | a << 5)
        return out
    if ph == FREEZE:
        p = v[TURN]
        out = [DRAW]
        if v[SUP0 + p]:
            out += [TOKEN | w << 5 for w in bits(claimable(v, colour_of(v, p), rules))]
        return out
    if ph in (CLAIM, THAW_TOKEN):
        p = v[TURN]
        return [TOKEN | w << 5 for w in bits(v[PEND] & claimable(v, colour_of(v, p), rules))] + [DECLINE]
    if ph == THAW_SPLIT:
        return [KEEP | (part & -part).bit_length() - 1 << 5 for part in _largest_parts(v)]
    if ph == SETUP_FIRST:
        a = ORIGIN * W + ORIGIN
        return [LAY | a << 5, LAY | 16 | a << 5]
    if ph == SETUP_COLOUR:
        return [COLOUR, COLOUR | 16]
    return []


def _largest_parts(v) -> list[int]:
    parts = components(v[ANCH])
    big = max(p.bit_count() for p in parts)
    return [p for p in parts if p.bit_count() == big]


# ----------------------------------------------------------------------------- transitions

def apply_code(s: WinterState, c: int) -> WinterState:
    """The state after action ``c``; raises :class:`IllegalAction` (rule id and plain words) and
    leaves ``s`` unchanged when the rules do not allow it."""
    v = s.v
    ph = v[PHASE]
    kind = c & 15
    if ph == THAW and kind == MOVE:                 # the thaw's usual action, without the table
        return _stamp(s, c, *_move(s, c))
    if ph == OVER:
        raise IllegalAction("WIN-END-1", "the game is over; no action is possible")
    handler = _HANDLERS.get((ph, kind))
    if handler is None and s.rules.bga and ph == FREEZE_LAY:
        if kind == TOKEN:
            raise IllegalAction("WIN-CLAR-5", "under BGA_HELP a token goes only on a square the card just laid "
                                "formed, right after it is laid")
        if kind == DRAW:
            raise IllegalAction("WIN-BGA-1", "under BGA_HELP every turn lays the card already turned up")
    if handler is None and ph == THAW and kind == TOKEN:
        raise IllegalAction("WIN-PH2-2", "in the thaw a token goes only on a square your own move just formed")
    if handler is None:
        raise IllegalAction(_PHASE_RULE[ph], f"{_KIND_WORDS[kind] if kind < len(_KIND_WORDS) else 'that'} "
                            f"is not a choice now: {_PHASE_WORDS[ph]}")
    return _stamp(s, c, *handler(s, c))


def apply_legal(s: WinterState, c: int) -> WinterState:
    """:func:`apply_code` for an action taken from :func:`legal_codes` of ``s``: a move is not checked
    again (searches and benchmarks; the tests hold it equal to :func:`apply_code`)."""
    if c & 15 == MOVE and s.v[PHASE] == THAW:
        return _stamp(s, c, *_do_move(s, c >> 5 & 0xFFF, c >> 4 & 1, c >> 17))
    return apply_code(s, c)


def apply_unstamped(s: WinterState, c: int) -> WinterState:
    """:func:`apply_legal` without writing the last action into the state (its events stay those of
    the action before): for searches, which never show events."""
    v = s.v
    kind = c & 15
    if kind == MOVE and v[PHASE] == THAW:
        n, cards, history = _do_move(s, c >> 5 & 0xFFF, c >> 4 & 1, c >> 17)
    else:
        n, cards, history = _HANDLERS[(v[PHASE], kind)](s, c)
    return _made(tuple(n), cards, history, s.order, s.deck, s.rules)


def _stamp(s: WinterState, c: int, n: list[int], cards, history) -> WinterState:
    """The new state, with what the last action was written into it (its events are derived from it)."""
    v = s.v
    kind, a, b = c & 15, c >> 5 & 0xFFF, c >> 17
    ox, oy = v[OX], v[OY]
    n[LAST_KIND:] = (kind + 1, v[TURN], a % W + ox, a // W + oy, b % W + ox, b // W + oy, c >> 4 & 1,
                     v[DRAWN] if kind == LAY else -1,
                     # a move keeps every card in the lake (WIN-CLAR-7 (e))
                     0 if kind == MOVE else v[ANCH].bit_count() - n[ANCH].bit_count() - (kind == REMOVE),
                     v[PHASE])
    return _made(tuple(n), cards, history, s.order, s.deck, s.rules)


_KIND_WORDS = ("laying a card", "drawing a card", "placing a token", "declining", "moving a card",
               "removing a card", "taking back a token", "choosing a part", "choosing a colour")
_PHASE_WORDS = ("the first player lays the first start card at (0, 0)",
                "the first player lays the second start card",
                "the second player chooses his colour",
                "the player lays a card or places a token",
                "the player lays the card he drew",
                "a player may claim a square the laid card formed",
                "the player moves or removes a free card" + " or takes back a token",
                "the mover may place a token on a square his move formed",
                "the remover chooses which largest part of the lake stays",
                "the game is over")
_PHASE_RULE = ("WIN-CLAR-2", "WIN-CLAR-2", "WIN-SET-3", "WIN-PH1-1", "WIN-CLAR-3", "WIN-CLAR-5", "WIN-PH2-1",
               "WIN-CLAR-8", "WIN-CLAR-9", "WIN-END-1")


def _world(v, a: int) -> tuple[int, int]:
    return a % W + v[OX], a // W + v[OY]


def _normalise(n: list[int]) -> None:
    """Bring the lake's top-left card anchor back to grid (ORIGIN, ORIGIN); the world offset follows."""
    anch = n[ANCH]
    if not anch or (anch & AT_ORIGIN_COLUMN and anch & AT_ORIGIN_ROW and not anch & BEFORE_ORIGIN):
        return                                  # already normalised: the usual case, three ANDs
    x, y = extent(anch)
    if x == ORIGIN and y == ORIGIN:
        return
    dx, dy = ORIGIN - x, ORIGIN - y
    d = dx + dy * W                             # never 0 here: |dx| < W
    if d > 0:
        for f in (OCC, LIGHT, ANCH, TOK0, TOK1, PEND):
            n[f] <<= d
    else:
        d = -d
        for f in (OCC, LIGHT, ANCH, TOK0, TOK1, PEND):
            n[f] >>= d
    n[OX] -= dx
    n[OY] -= dy


def _place_card(n: list[int], a: int, lay: int) -> None:
    n[OCC] |= BLOCK << a
    n[LIGHT] |= LIGHT_CELLS[lay] << a
    n[ANCH] |= 1 << a


def _lay_error(v, a: int, rules: Rules) -> IllegalAction:
    occ = v[OCC]
    x, y = _world(v, a)
    if not 0 <= a < W * W or a % W > W - 2:
        return IllegalAction("WIN-GEO-5", "that spot is far from the lake: a card must touch a snowflake of the lake")
    if fits(occ) >> a & 1 == 0:
        return IllegalAction("WIN-GEO-5", f"a card at ({x}, {y}) would cover flakes already in the lake")
    if touching(occ) >> a & 1 == 0:
        return IllegalAction("WIN-GEO-5",
                             f"a card at ({x}, {y}) would not touch the lake (edges touch, corners do not)")
    return IllegalAction("WIN-GEO-3", f"with ALIGNED_GRID cards lie only on even anchors, not ({x}, {y})")


def _lay_targets_known(v, rules: Rules) -> int:
    """:func:`lay_targets`, read from the last lay view when it was built for these fields."""
    was, was_rules, view = _last_lay_legal
    return view.targets if was is v and was_rules is rules else lay_targets(v, rules)


def _lay(s: WinterState, c: int) -> WinterState:
    """Lay the card in hand: a start card (WIN-CLAR-2) or the drawn card (WIN-PH1-1 (a), WIN-BGA-1)."""
    v, rules = s.v, s.rules
    a, t = c >> 5 & 0xFFF, c >> 4 & 1
    ph = v[PHASE]
    if ph == SETUP_FIRST:
        if a != ORIGIN * W + ORIGIN:
            x, y = _world(v, a)
            raise IllegalAction("WIN-CLAR-2", f"the first start card lies at (0, 0), not at ({x}, {y})")
    elif not _lay_targets_known(v, rules) >> a & 1:
        raise _lay_error(v, a, rules)
    n = list(v)
    card = v[DRAWN]
    lay = s.deck.layouts[card]
    if t:
        lay = TURNED[lay]
    _place_card(n, a, lay)
    x, y = _world(v, a)
    cards = tuple(sorted((*s.cards, (x, y, card, t))))
    _normalise(n)
    p = v[TURN]
    if ph == SETUP_FIRST:
        n[PHASE], n[DRAWN] = SETUP_SECOND, s.order[1]
    elif ph == SETUP_SECOND:
        n[PHASE], n[DRAWN], n[TURN] = SETUP_COLOUR, -1, 1
    else:
        n[DRAWN] = -1
        if rules.bga:
            # WIN-CLAR-5: only the squares this card formed may be claimed, active player first
            anch_new = 1 << (a + (n[OX] - v[OX]) * -1 + (n[OY] - v[OY]) * -W)
            near = anch_new | anch_new << 1 | anch_new >> 1
            near |= near << W | near >> W
            n[PEND] = near & (colour_squares(n, 0, rules) | colour_squares(n, 1, rules)) & ~(n[TOK0] | n[TOK1])
            n[ACTIVE] = p
            return _finish(s, n, cards, _claims_from(n, 0, rules, s.order, s.history))
        return _finish(s, n, cards, _next_freeze_turn(n, p, rules, s.order, s.history))
    return _finish(s, n, cards, s.history)


def _finish(s: WinterState, n: list[int], cards, history) -> tuple[list[int], tuple, tuple]:
    """What a transition hands back: the edited fields ``n``, the cards and the repetition record
    (:func:`apply_code` stamps the action into ``n`` and makes the one new state)."""
    return n, cards, history


def _next_freeze_turn(n: list[int], p: int, rules: Rules, order, history):
    """After player ``p``'s freezing turn: the other player's turn, or the thaw once the last card
    lies (WIN-PH1-3: the thaw starts with the other player)."""
    q = 1 - p
    if n[NEXT] >= len(order):
        return _begin_thaw(n, q, rules)
    n[TURN] = q
    if rules.bga:                               # WIN-BGA-1: every turn draws and lays a card
        n[DRAWN] = order[n[NEXT]]
        n[NEXT] += 1
        n[PHASE] = FREEZE_LAY
    else:
        n[PHASE] = FREEZE
    return history


def _claims_from(n: list[int], step: int, rules: Rules, order, history):
    """WIN-CLAR-5: the active player (step 0), then his opponent (step 1), may claim a square the laid
    card formed; then the turn ends."""
    active = n[ACTIVE]
    for st in range(step, 2):
        claimer = active if st == 0 else 1 - active
        if n[SUP0 + claimer] and n[PEND] & claimable(n, colour_of(n, claimer), rules):
            n[PHASE], n[TURN], n[STEP] = CLAIM, claimer, st
            return history
    n[PEND] = n[STEP] = 0
    return _next_freeze_turn(n, active, rules, order, history)


def _begin_thaw(n: list[int], p: int, rules: Rules):
    """Phase 2 starts (WIN-PH1-3); the start of the thaw counts for the repetition end."""
    n[PHASE], n[TURN], n[THAW_COUNT], n[DRAWN], n[PEND] = THAW, p, 0, -1, 0
    return _thaw_turn_start(n, (), rules)


def _thaw_turn_start(n: list[int], history, rules: Rules):
    """The checks at the start of every thaw turn, in the order of WIN-CLAR-15 (e): no legal action
    (WIN-END-1, WIN-CLAR-11 (a); under BGA_HELP no free card is enough, WIN-BGA-3), then the loop guard
    (WIN-END-3, WIN-CLAR-12)."""
    p = n[TURN]
    if not free_cards(n) and (rules.bga or not n[TOK0 + p]):
        n[PHASE], n[END] = OVER, END_NO_ACTION
        return history
    if n[THAW_COUNT] >= rules.max_thaw_plies:
        n[PHASE], n[END] = OVER, END_LOOP_TURNS
        return history
    key = position_key(n)
    history = (*history, key)
    if not rules.no_repetition_end and history.count(key) >= 3:
        n[PHASE], n[END] = OVER, END_REPETITION
    return history


def _end_thaw_turn(n: list[int], history, card_left: bool, rules: Rules):
    """A thaw turn ends (WIN-CLAR-12 (a)): a card leaving resets the count and the repetition record."""
    if card_left:
        n[THAW_COUNT] = 0
        history = ()
    else:
        n[THAW_COUNT] += 1
    n[PHASE], n[TURN], n[PEND] = THAW, 1 - n[TURN], 0
    return _thaw_turn_start(n, history, rules)


def _put_token(n: list[int], p: int, w: int, rules: Rules) -> bool:
    """Place a token of ``p`` on window ``w``; True when his empty supply ends the game (WIN-END-2,
    checked at once: WIN-CLAR-11 (b))."""
    n[TOK0 + p] |= 1 << w
    n[SUP0 + p] -= 1
    if n[SUP0 + p] == 0 and not rules.no_end_empty:
        n[PHASE], n[END] = OVER, END_EMPTY_SUPPLY
        return True
    return False


def _token_error(v, p: int, w: int, rules: Rules, allowed: int) -> IllegalAction:
    colour = colour_of(v, p)
    if not v[SUP0 + p]:
        return IllegalAction("WIN-PH1-2", "you have no token left in your supply")
    if not 0 <= w < W * W or (v[TOK0] | v[TOK1]) >> w & 1:
        return IllegalAction("WIN-GEO-7", "that square already holds a token")
    mine = colour_squares(v, colour, rules)
    if not mine >> w & 1:
        if colour_squares(v, 1 - colour, rules) >> w & 1:
            return IllegalAction("WIN-PH1-1", f"that square is {COLOUR_NAMES[1 - colour]}; you play "
                                 f"{COLOUR_NAMES[colour]}")
        if not rules.single_card_square and v[ANCH] >> w & 1 and squares(v[OCC]) >> w & 1:
            return IllegalAction("WIN-GEO-6", "a square must cross a border between cards; this window is one card")
        return IllegalAction("WIN-GEO-6", "those 4 flakes are not a square of one colour")
    if not claimable(v, colour, rules) >> w & 1:
        return IllegalAction("WIN-GEO-7", "with EXCLUSIVE_FLAKES a square may not share a flake with a token's square")
    ph = v[PHASE]
    if ph == CLAIM:
        return IllegalAction("WIN-CLAR-5", "only a square formed by the card just laid may be claimed now")
    return IllegalAction("WIN-CLAR-8", "after a move only a square the move newly formed may take a token")


def _token(s: WinterState, c: int) -> WinterState:
    """A token on a square: a freezing turn (WIN-PH1-1 (b); any unclaimed square of his colour, the
    start cards' included, WIN-CLAR-4), a claim (WIN-CLAR-5) or after a move (WIN-CLAR-8)."""
    v, rules = s.v, s.rules
    w = c >> 5 & 0xFFF
    p = v[TURN]
    ph = v[PHASE]
    allowed = claimable(v, colour_of(v, p), rules) if v[SUP0 + p] else 0
    if ph != FREEZE:
        allowed &= v[PEND]
    if not allowed >> w & 1:
        raise _token_error(v, p, w, rules, allowed)
    n = list(v)
    if _put_token(n, p, w, rules):
        return _finish(s, n, s.cards, s.history)
    if ph == FREEZE:
        h = _next_freeze_turn(n, p, rules, s.order, s.history)
    elif ph == CLAIM:
        if rules.claim_every and n[PEND] & claimable(n, colour_of(n, p), rules):
            h = s.history                                   # BGA_CLAIM_EVERY_SQUARE: he goes on
        else:
            h = _claims_from(n, n[STEP] + 1, rules, s.order, s.history)
    else:
        h = _end_thaw_turn(n, s.history, False, rules)
    return _finish(s, n, s.cards, h)


def _decline(s: WinterState, c: int) -> WinterState:
    v, rules = s.v, s.rules
    n = list(v)
    if v[PHASE] == CLAIM:
        h = _claims_from(n, v[STEP] + 1, rules, s.order, s.history)
    else:
        h = _end_thaw_turn(n, s.history, False, rules)
    return _finish(s, n, s.cards, h)


def _draw(s: WinterState, c: int) -> WinterState:
    """WIN-CLAR-3: having chosen to lay a card, the player turns up the top card."""
    n = list(s.v)
    n[DRAWN] = s.order[n[NEXT]]
    n[NEXT] += 1
    n[PHASE] = FREEZE_LAY
    return _finish(s, n, s.cards, s.history)


def _colour(s: WinterState, c: int) -> WinterState:
    """WIN-SET-3: the second player chooses his colour; the first player takes the other. Then the
    first player starts (WIN-SET-4; SECOND_PLAYER_STARTS: the second)."""
    v, rules = s.v, s.rules
    n = list(v)
    n[COL0] = 1 - (c >> 4 & 1)
    starter = 1 if rules.second_starts else 0
    if n[NEXT] >= len(s.order):
        h = _begin_thaw(n, 1, rules)          # a 2-card deck: the setup cards were the last laid
    else:
        h = _next_freeze_turn(n, 1 - starter, rules, s.order, s.history)
    return _finish(s, n, s.cards, h)


def _card_at(s: WinterState, a: int, rule: str) -> None:
    v = s.v
    if not 0 <= a < W * W or not v[ANCH] >> a & 1:
        x, y = _world(v, a)
        raise IllegalAction(rule, f"there is no card with its top-left flake at ({x}, {y})")
    if not free_cards(v) >> a & 1:
        x, y = _world(v, a)
        raise IllegalAction("WIN-GEO-8", f"the card at ({x}, {y}) is not free: a token lies on it")


def _move(s: WinterState, c: int) -> WinterState:
    """WIN-PH2-1 (a), WIN-CLAR-7: move a free card; a new square of the mover's colour may take a
    token within the same turn (WIN-CLAR-8)."""
    v, rules = s.v, s.rules
    a, t, b = c >> 5 & 0xFFF, c >> 4 & 1, c >> 17
    view = _cached_thaw_legal(s)
    if view is not None and 0 <= b < W * W:
        drawn, mask = view._drawn                   # the move just drawn from the legal set: its mask
        if (mask if drawn == c & 0x1FFFF else view.targets_of(c & 0x1FFFF)) >> b & 1:
            return _do_move(s, a, t, b)             # one of the moves the legal set holds
    _card_at(s, a, "WIN-PH2-1")
    if t and rules.keep_orientation:
        raise IllegalAction("WIN-CLAR-7", "with MOVE_KEEPS_ORIENTATION a moved card keeps its orientation")
    if view is not None:                            # the targets worked out when the legal set was asked
        targets = view.targets_of(c & 0x1FFFF)
    else:
        arts = (1 << a) if splits_when_lifted(v[ANCH], a) else 0     # only this card's question
        targets = move_targets(v, a, arts, rules)[t]
    if not 0 <= b < W * W or not targets >> b & 1:
        raise _move_error(v, a, t, b, rules)
    return _do_move(s, a, t, b)


def _do_move(s: WinterState, a: int, t: int, b: int) -> WinterState:
    v, rules = s.v, s.rules
    p = v[TURN]
    colour = v[COL0] ^ p                            # colours are chosen before the thaw (WIN-SET-3)
    light = v[LIGHT] >> a & BLOCK                   # the card's light cells at anchor 0
    n = list(v)
    # the card's cells leave (XOR: they are all set) and come back at b (empty there)
    n[OCC] = v[OCC] ^ BLOCK << a | BLOCK << b
    n[LIGHT] = v[LIGHT] ^ light << a | (_TURNED_CELLS[light] if t else light) << b
    n[ANCH] = v[ANCH] ^ 1 << a | 1 << b
    # a new square holds a flake of the moved card (WIN-CLAR-8): only the 9 windows over it can be new;
    # of these only the one at b is a card's anchor (colour_squares: the card alone, WIN-GEO-6)
    fresh = squares(n[LIGHT] if colour == LIGHT_COLOUR else n[OCC] ^ n[LIGHT]) & \
        (COVERED_BY[b] if rules.single_card_square else AROUND[b])
    if fresh:
        fresh &= ~colour_squares(v, colour, rules)
    ox, oy = v[OX], v[OY]
    fx, fy = a % W + ox, a // W + oy
    tx, ty = b % W + ox, b // W + oy
    moved = list(s.cards)
    k = bisect_left(moved, (fx, fy))                # the cards are sorted, one per anchor
    if k < len(moved) and moved[k][0] == fx and moved[k][1] == fy:    # (a search's states carry none)
        _, _, i, o = moved.pop(k)
        insort(moved, (tx, ty, i, o ^ t))
    cards = tuple(moved)
    token = fresh and n[SUP0 + p] and fresh & claimable(n, colour, rules)
    if token:
        n[PHASE], n[PEND] = THAW_TOKEN, fresh
    _normalise(n)
    d = (v[OX] - n[OX]) + (v[OY] - n[OY]) * W       # the shift of the grid anchors, when normalised again
    if compiled_thaw_entries is None:               # the pure legal set's carried caches
        graph_after_move(v[ANCH], a, b, n[ANCH], d)
        _alike_after_move(v, n, a, b, d)
    if token:
        return _finish(s, n, cards, s.history)
    return _finish(s, n, cards, _end_thaw_turn(n, s.history, False, rules))


def _move_error(v, a: int, t: int, b: int, rules: Rules) -> IllegalAction:
    x, y = _world(v, b)
    if b == a and not t:
        return IllegalAction("WIN-CLAR-7", "laying the card back unchanged is not a move")
    if b == a and rules.no_rotate_in_place:
        return IllegalAction("WIN-CLAR-7", "with NO_ROTATE_IN_PLACE a moved card must change its spot")
    if b == a:
        return IllegalAction("WIN-CLAR-7", "this card looks the same turned: turning it in place is not a move")
    occ = v[OCC] & ~(BLOCK << a)
    if not 0 <= b < W * W or b % W > W - 2 or not fits(occ) >> b & 1:
        return IllegalAction("WIN-GEO-5", f"at ({x}, {y}) the card would cover flakes of the lake")
    if rules.aligned and not EVEN[(v[OX] & 1, v[OY] & 1)] >> b & 1:
        return IllegalAction("WIN-GEO-3", f"with ALIGNED_GRID cards lie only on even anchors, not ({x}, {y})")
    if not touching(occ) >> b & 1 or len(components(v[ANCH] & ~(1 << a) | 1 << b)) > 1:
        return IllegalAction("WIN-CLAR-7", f"at ({x}, {y}) the lake would not be one connected piece")
    return IllegalAction("WIN-CLAR-7", "the lake would look the same as before, only shifted: that is not a move")


def _remove(s: WinterState, c: int) -> WinterState:
    """WIN-PH2-1 (b), WIN-SPLIT-1, WIN-CLAR-9: remove a free card; if the lake splits, the part with
    the most cards stays and the others melt; a tie is the remover's choice."""
    v, rules = s.v, s.rules
    a = c >> 5 & 0xFFF
    _card_at(s, a, "WIN-PH2-1")
    p = v[TURN]
    n = list(v)
    n[OCC] &= ~(BLOCK << a)
    n[LIGHT] &= ~(BLOCK << a)
    n[ANCH] &= ~(1 << a)
    n[REM0 + p] += 1
    x, y = _world(v, a)
    cards = tuple(k for k in s.cards if (k[0], k[1]) != (x, y))
    anch = n[ANCH]
    if anch and (RING[a] & anch).bit_count() > 1:
        parts = components(anch)
        if len(parts) > 1:
            big = max(q.bit_count() for q in parts)
            largest = [q for q in parts if q.bit_count() == big]
            if len(largest) > 1:
                n[PHASE], n[PEND] = THAW_SPLIT, sum(largest)
                _normalise(n)
                return _finish(s, n, cards, s.history)
            cards = _melt(n, largest[0], p, rules, cards)
    _normalise(n)
    return _finish(s, n, cards, _end_thaw_turn(n, s.history, True, rules))


def _melt(n: list[int], keep: int, p: int, rules: Rules, cards):
    """WIN-SPLIT-1, WIN-CLAR-9 (d)(e): every part but ``keep`` melts; its tokens go back to their
    owners (MELTED_TOKENS_OUT_OF_GAME: out of the game); the remover counts the melted cards. A token's
    window is edge-connected, so it lies wholly in one part (WIN-SPLIT-2): testing its anchor cell is
    enough."""
    melted = n[ANCH] & ~keep
    cells = card_cells(melted)
    for seat in (0, 1):
        gone = (n[TOK0 + seat] & cells).bit_count()
        if gone:
            n[TOK0 + seat] &= ~cells
            n[(OUT0 if rules.melted_out else SUP0) + seat] += gone
    n[OCC] &= ~cells
    n[LIGHT] &= ~cells
    n[ANCH] = keep
    if not rules.direct_removals:
        n[REM0 + p] += melted.bit_count()
    ox, oy = n[OX], n[OY]
    return tuple(k for k in cards if not melted >> ((k[1] - oy) * W + k[0] - ox) & 1)


def _keep(s: WinterState, c: int) -> WinterState:
    """WIN-CLAR-9 (c): the remover names one of the largest parts to stay."""
    v, rules = s.v, s.rules
    a = c >> 5 & 0xFFF
    for part in _largest_parts(v):
        if part >> a & 1:
            n = list(v)
            n[PEND] = 0
            cards = _melt(n, part, v[TURN], rules, s.cards)
            _normalise(n)
            return _finish(s, n, cards, _end_thaw_turn(n, s.history, True, rules))
    x, y = _world(v, a)
    raise IllegalAction("WIN-CLAR-9", f"no card of a largest part has its top-left flake at ({x}, {y})")


def _take_back(s: WinterState, c: int) -> WinterState:
    """WIN-PH2-1 (c), WIN-CLAR-10: take one of his own tokens back into his supply (DEVIR)."""
    v, rules = s.v, s.rules
    if rules.bga:
        raise IllegalAction("WIN-BGA-2", "under BGA_HELP a token cannot be taken back")
    w = c >> 5 & 0xFFF
    p = v[TURN]
    if not 0 <= w < W * W or not v[TOK0 + p] >> w & 1:
        raise IllegalAction("WIN-PH2-1", "you have no token on that square")
    n = list(v)
    n[TOK0 + p] &= ~(1 << w)
    n[SUP0 + p] += 1
    return _finish(s, n, s.cards, _end_thaw_turn(n, s.history, False, rules))


_HANDLERS = {
    (SETUP_FIRST, LAY): _lay, (SETUP_SECOND, LAY): _lay, (FREEZE_LAY, LAY): _lay,
    (SETUP_COLOUR, COLOUR): _colour,
    (FREEZE, DRAW): _draw, (FREEZE, TOKEN): _token,
    (CLAIM, TOKEN): _token, (CLAIM, DECLINE): _decline,
    (THAW, MOVE): _move, (THAW, REMOVE): _remove, (THAW, TAKEBACK): _take_back,
    (THAW_TOKEN, TOKEN): _token, (THAW_TOKEN, DECLINE): _decline,
    (THAW_SPLIT, KEEP): _keep,
}


# ----------------------------------------------------------------------------- the result

def tokens_on_lake(v, seat: int) -> int:
    return v[TOK0 + seat].bit_count()


def winners(v) -> frozenset[int]:
    """WIN-TIE-1: most own tokens on the lake; tie: more cards removed in the thaw; still tied: a draw
    (both seats). Empty before the end."""
    if v[PHASE] != OVER:
        return frozenset()
    t0, t1 = v[TOK0].bit_count(), v[TOK1].bit_count()
    if t0 != t1:
        return frozenset({0 if t0 > t1 else 1})
    if v[REM0] != v[REM1]:
        return frozenset({0 if v[REM0] > v[REM1] else 1})
    return frozenset({0, 1})
