"""The state of a game of Der weiße Lotus: an immutable value.

Provinces are held as tuples indexed like the board data (``chips[i]`` is the building type or
``""`` for an empty province, ``owners[i]`` the owning seat or -1 for a neutral chip,
``markers[i]`` a bit mask of the seats with a marker there). The sub-state of the phase in
progress is one of the ``*Step`` records. ``events`` holds what the last transition emitted.

A state the engine makes holds the fast core's flat list it stands for (:mod:`lotus_kit.white_lotus.fast`)
and fills its fields from it when one is first read: applying actions, listing legal actions and asking
who acts run on the flat list alone, so a chain of applies neither builds nor re-encodes the readable
fields, and the events are built only when read (by running the transition once more with an event list).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from lotus_kit.white_lotus.actions import Bid, JoinSide, TakeIncome
from lotus_kit.white_lotus.board import BUILDINGS, BoardView, board_view, iter_bits
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.events import Event, ScoreLine
from lotus_kit.white_lotus.fastrecord import fast_init
from lotus_kit.white_lotus.rules import RuleSet


class Phase(IntEnum):
    """The phases of a year (WL-YEAR-1), plus the end of the game."""

    CLAIMS = 1
    RESOLVE = 2
    EMPEROR_POINT = 3
    REBELLION = 4
    NEW_CARDS = 5
    NEW_PROVINCES = 6
    GAME_OVER = 7


PHASE_NAMES = {
    1: "claim provinces", 2: "resolve claims", 3: "emperor's victory point", 4: "rebellion",
    5: "new cards", 6: "new provinces", 7: "game over",
}

SEAT_COLOURS = ("c1", "c2", "c3", "c4", "c5", "c6")
KIND_INDEX = {k: n for n, k in enumerate(BUILDINGS)}


def derive_masks(players: int, chips: tuple[str, ...], owners: tuple[int, ...], markers: tuple[int, ...]
                 ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per-seat ownership masks, per-type chip masks and per-seat marker masks of the board tuples."""
    owned, kinds, claimed = [0] * players, [0] * len(BUILDINGS), [0] * players
    for i, (c, o, m) in enumerate(zip(chips, owners, markers, strict=True)):
        bit = 1 << i
        if c:
            kinds[KIND_INDEX[c]] |= bit
        if o >= 0:
            owned[o] |= bit
        while m:
            low = m & -m
            claimed[low.bit_length() - 1] |= bit
            m ^= low
    return tuple(owned), tuple(kinds), tuple(claimed)


class _Views(dict):
    def __missing__(self, players: int) -> BoardView:
        view = self[players] = board_view(players)
        return view


# VIEWS[players] is board_view(players) without a function call: the engine's hot paths use it
VIEWS: dict[int, BoardView] = _Views()


@fast_init
@dataclass(frozen=True, slots=True)
class ClaimStep:
    """Phase 1 progress: markers placed this phase per seat, seats done, whose turn (WL-PLACE-3)."""

    placed: tuple[int, ...]
    done: int
    turn: int


@fast_init
@dataclass(frozen=True, slots=True)
class Conflict:
    """A conflict being fought (WL-CONF-5..10). ``bids`` are sealed until every remaining seat bid."""

    province: int
    remaining: tuple[int, ...]
    round: int = 1
    bids: tuple[Bid, ...] = ()
    tied: tuple[int, ...] = ()
    refund_seat: int = -1
    refund_owed: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class ResolveStep:
    """Phase 2 progress; ``no_claims`` records a phase 1 that placed nothing (WL-END-4)."""

    conflict: Conflict | None = None
    no_claims: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class RebellionStep:
    """Phase 4 progress: asking order (WL-REB-2), sealed commitments, then the rewards (WL-REB-8..10)."""

    ask_order: tuple[int, ...]
    asked: int = 0
    leader: int = -1
    commitments: tuple[JoinSide, ...] = ()
    winner: str = ""
    reward_order: tuple[int, ...] = ()
    rewarded: int = 0
    losers: int = 0
    lost_one: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class IncomeStep:
    """Phase 5: the sealed income choices collected so far (WL-CARDS)."""

    choices: tuple[TakeIncome, ...] = ()


@fast_init
@dataclass(frozen=True, slots=True)
class TerritoryStep:
    """Phase 6: turn order from the emperor (WL-TERR-1) and the drawn chip waiting to be placed."""

    order: tuple[int, ...]
    index: int = 0
    drawn: str = ""
    temples_left: int = 0
    asking_temple: bool = False


Step = ClaimStep | ResolveStep | RebellionStep | IncomeStep | TerritoryStep | None


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a game. Never mutated: :func:`lotus_kit.white_lotus.engine.apply` makes a new one."""

    rules: RuleSet
    players: int
    seed: int
    year: int
    phase: Phase
    emperor: int
    chips: tuple[str, ...]
    owners: tuple[int, ...]
    markers: tuple[int, ...]
    hands: tuple[Hand, ...]
    vp_chips: tuple[int, ...]
    pool: tuple[str, ...]
    start_palace: int
    supply: tuple[int, ...] | None = None
    stock: tuple[tuple[int, ...], ...] | None = None
    final_year: bool = False
    step: Step = None
    scores: tuple[ScoreLine, ...] = ()
    winners: tuple[int, ...] = ()
    events: tuple[Event, ...] = field(default=(), compare=False)
    # derived bit masks of chips/owners/markers
    owned: tuple[int, ...] = field(init=False, compare=False, repr=False)
    kinds: tuple[int, ...] = field(init=False, compare=False, repr=False)
    claimed: tuple[int, ...] = field(init=False, compare=False, repr=False)
    # the fast core's (table, flat list) of this state once known; (flat list before, action code,
    # choice) of the transition that made it while its events are not built yet (see the module doc)
    _code: Any = field(default=None, init=False, compare=False, repr=False)
    _made: Any = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        owned, kinds, claimed = derive_masks(self.players, self.chips, self.owners, self.markers)
        object.__setattr__(self, "owned", owned)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "claimed", claimed)

    def __getattr__(self, name: str) -> Any:
        # reached only for a field not filled yet: a state the engine made fills it from its flat list
        if name in _LAZY:
            if not _FILL:
                from lotus_kit.white_lotus.fast.codec import fill

                _FILL.append(fill)
            _FILL[0](self, name == "events")
            return _SLOTS[name].__get__(self)
        raise AttributeError(f"'State' object has no attribute {name!r}")

    def __getstate__(self) -> list:
        # pickled by its fields: the flat list is a cache (and its table holds caches of its own)
        return [getattr(self, name) for name in _PICKLED]

    def __setstate__(self, values: list) -> None:
        for name, value in zip(_PICKLED, values, strict=True):
            _SLOTS[name].__set__(self, value)
        _SLOTS["_code"].__set__(self, None)
        _SLOTS["_made"].__set__(self, None)

    # -- the board --------------------------------------------------------------------------
    @property
    def board(self) -> BoardView:
        return VIEWS[self.players]

    def index(self, province: str) -> int:
        return self.board.index_of[province]

    def chip(self, province: str) -> str | None:
        """The building on a province, or None when it is empty."""
        return self.chips[self.index(province)] or None

    def owner(self, province: str) -> int | None:
        """The owning seat, or None for a neutral chip or an empty province."""
        o = self.owners[self.index(province)]
        return None if o < 0 else o

    def markers_on(self, province: str) -> tuple[int, ...]:
        return tuple(iter_bits(self.markers[self.index(province)]))

    def owned_mask(self, seat: int) -> int:
        return self.owned[seat]

    def provinces_of(self, seat: int) -> list[str]:
        return self.board.ids(self.owned_mask(seat))

    def chip_mask(self) -> int:
        """In-play provinces holding a chip, neutral or owned."""
        k = self.kinds
        return k[0] | k[1] | k[2] | k[3] | k[4]

    def owned_any(self) -> int:
        m = 0
        for o in self.owned:
            m |= o
        return m

    def neutral_mask(self) -> int:
        """In-play provinces holding a neutral chip."""
        return self.chip_mask() & ~self.owned_any()

    def empty_mask(self) -> int:
        return self.board.in_play_mask & ~self.chip_mask()

    def count(self, seat: int, building: str) -> int:
        """How many buildings of one type a seat owns."""
        return (self.owned[seat] & self.kinds[KIND_INDEX[building]]).bit_count()

    def buildings(self, seat: int) -> dict[str, int]:
        mine = self.owned[seat]
        return {k: (mine & m).bit_count() for k, m in zip(BUILDINGS, self.kinds, strict=True)}

    def palaces(self, seat: int) -> int:
        return self.count(seat, "P")

    def villages(self, seat: int) -> int:
        return self.count(seat, "V")

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    # -- who acts ------------------------------------------------------------------------------
    @property
    def rebel_leader(self) -> int | None:
        s = self.step
        return s.leader if isinstance(s, RebellionStep) and s.leader >= 0 else None

    @property
    def conflict(self) -> Conflict | None:
        s = self.step
        return s.conflict if isinstance(s, ResolveStep) else None

    @property
    def is_over(self) -> bool:
        code = self._code
        if code is not None:            # without filling the fields of an engine-made state
            return code[1][0] == 7
        return self.phase == Phase.GAME_OVER

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting with ``seat`` and going clockwise (WL-SETUP-1)."""
        return tuple((seat + k) % self.players for k in range(self.players))

    def __repr__(self) -> str:
        where = f"year {self.year}, phase {int(self.phase)} ({PHASE_NAMES[int(self.phase)]})"
        return f"<White Lotus state: {self.players} players, {where}, emperor seat {self.emperor}>"

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        """Jupyter shows a state as its board (plotly); a plain HTML summary without plotly.

        The board view is named, not imported: the engine runs without plotly (see core.display).
        """
        from lotus_kit.core.display import figure_bundle

        bundle = figure_bundle("lotus_kit.white_lotus.views.board:board_figure", self, include, exclude)
        if not bundle:
            from html import escape

            from lotus_kit.white_lotus.seats import seat_name

            rows = "".join(
                f"<tr><td>{escape(seat_name(s))}</td><td>{sum(1 for o in self.owners if o == s)}</td>"
                f"<td>{self.vp_chips[s]}</td></tr>" for s in range(self.players))
            bundle["text/html"] = (
                f"<p><b>{escape(repr(self))}</b></p><table><tr><th>seat</th><th>provinces</th>"
                f"<th>VP chips</th></tr>{rows}</table>")
        bundle["text/plain"] = repr(self)
        return bundle


_FILL: list = []         # codec.fill, imported when an engine-made state is first read
_SLOTS = {name: State.__dict__[name] for name in State.__slots__}
_PICKLED = tuple(name for name in State.__slots__ if name not in ("_code", "_made"))
_LAZY = frozenset(_PICKLED)
