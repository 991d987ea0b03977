"""The state of a Ming game: one flat tuple of ints (fast to copy and compare) behind a readable facade.

The layout depends only on the number of players and the board, and is held by a :class:`Table`
(shared by every state of one setup, with the board's masks and the engine's caches). Colours on
the board are the seats ``0 … n-1``; in the 2-player game colour 2 is the neutral (MING-TWO-1).

>>> from lotus_kit.ming.engine import new_game
>>> s = new_game(3, seed=1, start_player=0)
>>> s.round, s.phase, s.current_seat, s.hand(0)
(1, 'place_prince', 0, {'DRAGON': 1})
>>> s.personal_supply(2), s.dragon_supply, len(s.display)
(30, 15, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lotus_kit.ming.board import DRAGON, Board, standard_board
from lotus_kit.ming.rules import RuleSet

SEAT_NAMES = ("Black", "White", "Grey", "Tan")
NEUTRAL_NAME = "Neutral"

# phases (G_PHASE)
PLACE_PRINCE, PLACE_NEUTRAL, PHASE1, PHASE2, PHASE3, DEPLOY, RETURN, SPLIT, EXCHANGE, START_CHOICE, OVER = range(11)
class PhaseName(str):
    """A phase's name that also converts to its number (``int(state.phase)``), for code that orders
    phases by number (the shared session groups its log by year and phase number)."""

    __slots__ = ("number",)

    def __new__(cls, name: str, number: int) -> PhaseName:
        obj = super().__new__(cls, name)
        obj.number = number
        return obj

    def __int__(self) -> int:
        return self.number


PHASE_NAMES = tuple(PhaseName(name, k) for k, name in enumerate((
    "place_prince", "place_neutral", "phase1", "phase2", "phase3", "deploy", "choose_return",
    "split_return", "exchange_sets", "choose_start", "over")))

_NOBODY: frozenset[int] = frozenset()

# global fields
G_ROUND, G_PHASE, G_START, G_TURN, G_AUX, G_MASK, G_RNG, G_SUPPLY, G_SUPPLY_LEN, G_DRAGONS, G_INDEX = range(11)
GLOBALS = 11

SCORING_ROUNDS = (2, 4, 6)                       # MING-RND-1
SET_POINTS = {2: 28, 4: 24, 6: 20}               # MING-SCORE-3
CITY_POINTS = {2: 4, 4: 3, 6: 0}                 # MING-SCORE-5
CITY_BONUS = 4                                   # MING-SCORE-6
CLOISTER_POINTS = 4                              # MING-SCORE-8
FIVE_SET_POINTS = 10                             # MING-SCORE-9
PIECES = 31                                      # MING-CMP-2
PERSONAL = 30                                    # MING-SET-4
TAKE_PER_ROUND = 5                               # MING-PH1-1
HAND_LIMIT = 5                                   # MING-PH2-1
DRAGONS = 18                                     # MING-CMP-2
TILES_PER_COLOUR = 18                            # MING-CMP-2
MAX_DEPLOY = 3                                   # MING-DEP-1
NEUTRAL_PER_ROUND = 3                            # MING-TWO-1
RETURN_CARDS = (0, 1, 2, 3)                      # MING-CMP-2
CARD_BITS = 4                                    # bits per card in the packed face-down supply
PIECE_BITS = 5                                   # bits per district in a colour's packed counts (<= 31)
PIECE_MASK = (1 << PIECE_BITS) - 1
CLOISTER_BITS = 3                                # bits per district in the packed cloister occupants


def count_at(packed: int, district: int) -> int:
    """The count of one district in a packed per-district int (open areas, houses)."""
    return (packed >> (PIECE_BITS * district)) & PIECE_MASK


def cloister_at(packed: int, district: int) -> int:
    """The occupant colour + 1 of a district's cloister (0 = empty) from the packed cloister int."""
    return (packed >> (CLOISTER_BITS * district)) & 7


@dataclass(eq=False)
class Table:
    """Everything fixed for one setup: players, rules, board, the offsets into the state tuple and
    caches of the engine (legal action lists, reachable moves)."""

    players: int
    rules: RuleSet
    board: Board
    colours: int = 0              # colours on the board (players + neutral)
    neutral: int = -1             # the neutral colour, -1 without one: no seat, prince or cards (MING-TWO-4)
    kinds: int = 0                # movement kinds; the dragon is kind ``kinds``
    kinds1: int = 0               # card kinds with the dragon: the length of a hand
    n_spaces: int = 0             # province spaces (one per province)
    display: int = 0
    discards: int = 0
    tile_supply: int = 0
    cloister: int = 0             # one int: 3 bits per district, occupant colour + 1 (0 = empty)
    seat0: int = 0
    seat_size: int = 0
    hand: int = 0                 # offsets inside a seat block
    score: int = 0
    personal: int = 0
    prince: int = 0               # district + 1 (0 = not placed)
    tiles: int = 0
    space: int = 0
    in_hand: int = 0
    ret: int = 0                  # sealed return choice (-1 = none)
    box: int = 0
    left: int = 0                 # pieces left in cities this scoring (CITY_BONUS_OVERALL)
    colour0: int = 0
    colour_size: int = 0          # two packed ints: open-area counts, house counts (5 bits per district)
    size: int = 0
    card_names: tuple[str, ...] = ()
    caches: dict[Any, Any] = field(default_factory=dict)
    seat_at: tuple[int, ...] = ()
    open_at: tuple[int, ...] = ()
    house_at: tuple[int, ...] = ()
    province_districts: tuple[tuple[int, ...], ...] = ()
    district_index: dict[str, int] = field(default_factory=dict)
    space_index: dict[str, int] = field(default_factory=dict)
    card_index: dict[str, int] = field(default_factory=dict)
    # per seat, the offset of each of its fields in the state tuple (fixed at setup, read on the hot path)
    hand_at: tuple[int, ...] = ()
    prince_at: tuple[int, ...] = ()
    space_at: tuple[int, ...] = ()
    in_hand_at: tuple[int, ...] = ()
    ret_at: tuple[int, ...] = ()
    to_act_sets: tuple[frozenset[int], ...] = ()   # seat mask -> the frozenset of those seats
    turn_sets: tuple[frozenset[int], ...] = ()     # seat -> the frozenset of that seat alone
    clockwise: tuple[tuple[int, ...], ...] = ()    # first seat (0 … n) -> every seat clockwise from it (MING-CLAR-1)
    others_prince_at: tuple[tuple[int, ...], ...] = ()   # seat -> the offsets of the other seats' princes
    turn_lists: Any = None        # the engine's legal lists of the turn phases, made on first use
    moves: Any = None             # the movement tables' caches of this setup (lotus_kit.ming.moves), made on first use
    city_sums: Any = None         # per province: (shift, packed counts -> sum) (engine._city_sums), made on first use
    seat_houses: tuple[tuple[int, int, int], ...] = ()     # (seat, its offset, its packed house counts' offset)
    district_province: tuple[int, ...] = ()       # the board's, read on the hot path without the board
    cloister_lock: bool = True                    # MING-DEP-4 holds (not NO_CLOISTER_LOCK)

    def __post_init__(self) -> None:
        n, b = self.players, self.board
        P, _D = len(b.colours), len(b.district_names)
        self.colours = n + (1 if n == 2 else 0)
        self.neutral = 2 if n == 2 else -1
        self.kinds = len(b.transports)
        self.kinds1 = self.kinds + 1
        self.n_spaces = P
        self.card_names = (*b.transports, DRAGON)
        self.display = GLOBALS
        self.discards = self.display + P
        self.tile_supply = self.discards + self.kinds
        self.cloister = self.tile_supply + P
        self.seat0 = self.cloister + 1
        o = 0
        self.hand, o = o, o + self.kinds + 1
        self.score, o = o, o + 1
        self.personal, o = o, o + 1
        self.prince, o = o, o + 1
        self.tiles, o = o, o + P
        self.space, o = o, o + P
        self.in_hand, o = o, o + 1
        self.ret, o = o, o + 1
        self.box, o = o, o + 1
        self.left, o = o, o + 1
        self.seat_size = o
        self.colour0 = self.seat0 + n * o
        self.colour_size = 2
        self.size = self.colour0 + self.colours * self.colour_size
        self.seat_at = tuple(self.seat0 + x * self.seat_size for x in range(n))
        self.open_at = tuple(self.colour0 + c * 2 for c in range(self.colours))
        self.house_at = tuple(self.colour0 + c * 2 + 1 for c in range(self.colours))
        self.province_districts = tuple(b.districts_of(p) for p in range(P))
        self.district_index = {name: i for i, name in enumerate(b.district_names)}
        self.space_index = {name: i for i, name in enumerate(b.colours)}
        self.card_index = {name: i for i, name in enumerate(self.card_names)}
        self.hand_at = tuple(o + self.hand for o in self.seat_at)
        self.prince_at = tuple(o + self.prince for o in self.seat_at)
        self.space_at = tuple(o + self.space for o in self.seat_at)
        self.in_hand_at = tuple(o + self.in_hand for o in self.seat_at)
        self.ret_at = tuple(o + self.ret for o in self.seat_at)
        self.to_act_sets = tuple(frozenset(x for x in range(n) if m >> x & 1) for m in range(1 << n))
        self.turn_sets = tuple(self.to_act_sets[1 << x] for x in range(n))
        self.clockwise = tuple(tuple((first + i) % n for i in range(n)) for first in range(n + 1))
        self.district_province = tuple(b.district_province)
        self.cloister_lock = not self.rules.no_cloister_lock
        self.seat_houses = tuple((x, self.seat_at[x], self.house_at[x]) for x in range(n))
        self.others_prince_at = tuple(tuple(self.prince_at[x] for x in range(n) if x != seat) for seat in range(n))

    def seat(self, seat: int) -> int:
        return self.seat_at[seat]

    def open(self, colour: int) -> int:
        """Offset of the packed open-area counts of ``colour``."""
        return self.open_at[colour]

    def house(self, colour: int) -> int:
        """Offset of the packed house counts of ``colour``."""
        return self.house_at[colour]

    def colour_name(self, colour: int) -> str:
        return NEUTRAL_NAME if colour == self.neutral else SEAT_NAMES[colour]


@cache
def table(players: int, rules: RuleSet) -> Table:
    board = standard_board()
    if rules.transport_types:
        board = board.with_deck(rules.transport_types)
    return Table(players, rules, board)


class _Slots:
    """The layout a :class:`State` shares with :class:`_Making`, the engine's writable twin: a
    state is made as a ``_Making`` (plain slot stores, the cheapest way CPython sets them) and turned
    into a State by assigning its class, after which nothing can change it."""

    __slots__ = ("_s", "is_over", "table", "to_act_seats")


class State(_Slots):
    """An immutable Ming position: ``data`` (the flat tuple of ints) read through named properties.
    The engine keeps the ints as a list that no one changes once a state holds it, so an action copies
    them once; ``data`` hands out a tuple of them. ``is_over`` and ``to_act_seats``, read at every step
    of a game, are worked out once when the state is made (:func:`make_state`) and then read as plain
    slots."""

    __slots__ = ()
    _s: list[int]
    is_over: bool
    table: Table
    to_act_seats: frozenset[int]

    def __init__(self, data: tuple[int, ...] | list[int], tbl: Table):
        s = list(data)
        _Slots._s.__set__(self, s)
        _Slots.table.__set__(self, tbl)
        _set_over(self, s[G_PHASE] == OVER)
        _set_to_act(self, _to_act(s, tbl))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a State is a value; apply an action to get the next one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a State is a value; apply an action to get the next one")

    @property
    def data(self) -> tuple[int, ...]:
        """The state's ints, as a tuple (a new one per read: read it once where it is read often)."""
        return tuple(self._s)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other._s == self._s and other.table.players == self.table.players \
            and other.table.rules == self.table.rules

    def __hash__(self) -> int:
        return hash(tuple(self._s))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a state pickles as its ints and its setup; the shared Table (caches included) is found again
        return (_restore, (tuple(self._s), self.table.players, self.table.rules))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def __repr__(self) -> str:
        return (f"<Ming state: {self.players} players, round {self.round}, {self.phase}, "
                f"to act {sorted(self.to_act_seats)}>")

    # --- globals ---
    @property
    def players(self) -> int:
        return self.table.players

    @property
    def rules(self) -> RuleSet:
        return self.table.rules

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def round(self) -> int:
        return self._s[G_ROUND]

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._s[G_PHASE]]

    @property
    def start_player(self) -> int:
        return self._s[G_START]

    @property
    def current_seat(self) -> int:
        """The seat whose turn it is (for a sealed choice: the first still to choose)."""
        return self._s[G_TURN]

    @property
    def city_being_scored(self) -> str | None:
        """The province whose city is being scored (return cards), else None."""
        if self._s[G_PHASE] in (RETURN, SPLIT):
            return self.board.province_ids[self._s[G_AUX]]
        return None

    @property
    def display(self) -> dict[str, str]:
        """Province space colour -> the face-up movement card beside it (MING-SET-1)."""
        t, d = self.table, self._s
        return {c: t.card_names[d[t.display + i]] for i, c in enumerate(self.board.colours)}

    @property
    def dragon_supply(self) -> int:
        return self._s[G_DRAGONS]

    @property
    def supply_size(self) -> int:
        return self._s[G_SUPPLY_LEN]

    @property
    def discards(self) -> dict[str, int]:
        t = self.table
        return {t.card_names[k]: self._s[t.discards + k] for k in range(t.kinds) if self._s[t.discards + k]}

    @property
    def tile_supply(self) -> dict[str, int]:
        t = self.table
        return {c: self._s[t.tile_supply + i] for i, c in enumerate(self.board.colours)}

    # --- per seat ---
    def hand(self, seat: int) -> dict[str, int]:
        t = self.table
        o = t.seat(seat) + t.hand
        return {t.card_names[k]: self._s[o + k] for k in range(t.kinds + 1) if self._s[o + k]}

    def hand_size(self, seat: int) -> int:
        t = self.table
        o = t.seat(seat) + t.hand
        return sum(self._s[o:o + t.kinds + 1])

    def score(self, seat: int) -> int:
        return self._s[self.table.seat(seat) + self.table.score]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(s) for s in range(self.players))

    def personal_supply(self, seat: int) -> int:
        return self._s[self.table.seat(seat) + self.table.personal]

    def prince(self, seat: int) -> str | None:
        p = self._s[self.table.seat(seat) + self.table.prince]
        return self.board.district_names[p - 1] if p else None

    def tiles(self, seat: int) -> dict[str, int]:
        t = self.table
        o = t.seat(seat) + t.tiles
        return {c: self._s[o + i] for i, c in enumerate(self.board.colours)}

    def spaces(self, seat: int) -> dict[str, int]:
        """Province space colour -> this seat's family members on it."""
        t = self.table
        o = t.seat(seat) + t.space
        return {c: self._s[o + i] for i, c in enumerate(self.board.colours)}

    def in_hand(self, seat: int) -> int:
        """Pieces taken in phase 1 and not placed yet (MING-PH1-1)."""
        return self._s[self.table.seat(seat) + self.table.in_hand]

    def boxed(self, seat: int) -> int:
        return self._s[self.table.seat(seat) + self.table.box]

    def return_chosen(self, seat: int) -> bool:
        return self._s[self.table.seat(seat) + self.table.ret] >= 0

    # --- per district ---
    def open_area(self, district: str) -> dict[str, int]:
        """Colour name -> pieces in the district's open area."""
        t, d = self.table, self.board.district(district)
        return {t.colour_name(c): count_at(self._s[t.open(c)], d) for c in range(t.colours)
                if count_at(self._s[t.open(c)], d)}

    def houses(self, district: str) -> dict[str, int]:
        t, d = self.table, self.board.district(district)
        return {t.colour_name(c): count_at(self._s[t.house(c)], d) for c in range(t.colours)
                if count_at(self._s[t.house(c)], d)}

    def cloister(self, district: str) -> str | None:
        c = cloister_at(self._s[self.table.cloister], self.board.district(district))
        return self.table.colour_name(c - 1) if c else None

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]


class _Making(_Slots):
    """A state while the engine makes it (see :class:`_Slots`)."""

    __slots__ = ()


# the slots' own setters, for the few places that make a State without :class:`_Making`
_set_over = _Slots.__dict__["is_over"].__set__
_set_to_act = _Slots.__dict__["to_act_seats"].__set__


def _to_act(d: list[int] | tuple[int, ...], t: Table) -> frozenset[int]:
    """``to_act_seats`` of a state being made: the seat whose turn it is in the phases of a turn
    (numbered first), the seats still to choose a return sum, nobody once the game is over."""
    phase = d[G_PHASE]
    if phase < RETURN:
        return t.turn_sets[d[G_TURN]]
    if phase == OVER:
        return _NOBODY
    if phase == RETURN:
        return t.to_act_sets[d[G_MASK] & (len(t.to_act_sets) - 1)]
    return t.to_act_sets[1 << d[G_TURN]]


def make_state(s: list[int], tbl: Table) -> State:
    """The State holding the engine's fresh list ``s`` (not copied: no one changes it afterwards)."""
    st = _Making()
    st._s = s
    st.table = tbl
    st.is_over = s[G_PHASE] == OVER
    st.to_act_seats = _to_act(s, tbl)
    st.__class__ = State
    return st  # type: ignore[return-value]


def _restore(data: tuple[int, ...], players: int, rules: RuleSet) -> State:
    return make_state(list(data), table(players, rules))
