"""Small helpers shared by the phase modules of the oracle, with the record copies they make of a State."""

from __future__ import annotations

from typing import Any, NoReturn

from lotus_kit.core.errors import IllegalAction, quote
from lotus_kit.white_lotus.actions import Action, Pass
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.events import EmperorChanged, Event
from lotus_kit.white_lotus.fastrecord import make_evolver, make_replacer
from lotus_kit.white_lotus.state import KIND_INDEX, VIEWS, Conflict, RebellionStep, State

_EVOLVERS: dict[type, Any] = {}


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen, slotted record with some fields changed (``dataclasses.replace`` without
    ``__init__``; the derived masks of a State are copied as they are, so callers that change chips,
    owners or markers update them too). An unknown field name raises ``AttributeError``."""
    cls = type(obj)
    fn = _EVOLVERS.get(cls)
    if fn is None:
        fn = _EVOLVERS[cls] = make_evolver(cls)
    if cls is State:        # a copy is a new state: the engine's flat list of the old one is not its own
        changes["_code"] = changes["_made"] = None
    return fn(obj, changes)


# copies for the hottest transitions (evolve without its dict of changes)
_with_step = make_replacer(State, ("step", "_code", "_made"))
_with_marker = make_replacer(State, ("markers", "claimed", "step", "_code", "_made"))


def with_step(state: State, step: Any) -> State:
    return _with_step(state, step, None, None)


def with_marker(state: State, markers: tuple[int, ...], claimed: tuple[int, ...], step: Any) -> State:
    return _with_marker(state, markers, claimed, step, None, None)


conflict_with_bids = make_replacer(Conflict, ("bids",))
rebellion_with_commitments = make_replacer(RebellionStep, ("commitments",))

BUILDING_INDEX = {"P": 0, "T": 1, "R": 2, "F": 3, "V": 4}
MAX_SEATS = 6

# actions and seat sets are values, so the engine hands out shared instances instead of new ones
SEAT_SETS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(MAX_SEATS))
PASSES: tuple[Pass, ...] = tuple(Pass(s) for s in range(MAX_SEATS))
_MASK_SETS: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in range(MAX_SEATS) if m >> s & 1) for m in range(1 << MAX_SEATS))
_PROVINCE_ACTIONS: dict[type, tuple[Any, tuple[tuple[Action, ...], ...]]] = {}


def seat_set(mask: int) -> frozenset[int]:
    """The seats of a bit mask of seats, as a shared frozenset."""
    return _MASK_SETS[mask]


def province_actions(cls: type, state: State) -> tuple[tuple[Action, ...], ...]:
    """``cls(seat, province_id)`` for every seat and province index of the state's board, made once."""
    data = VIEWS[state.players].data
    hit = _PROVINCE_ACTIONS.get(cls)
    if hit is None or hit[0] is not data:
        hit = _PROVINCE_ACTIONS[cls] = (
            data, tuple(tuple(cls(seat, p.id) for p in data.provinces) for seat in range(MAX_SEATS)))
    return hit[1]


def illegal(rule: str, message: str) -> NoReturn:
    raise IllegalAction(rule, message)


def put(t: tuple, i: int, v) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1:])


def pname(state: State, i: int) -> str:
    """A province's name for messages."""
    return state.board.provinces[i].name


def province_index(state: State, pid: object, rule: str) -> int:
    """The index of an in-play province named by id; unknown or out-of-play ids are refused."""
    view = VIEWS[state.players]
    i = view.index_of.get(pid) if isinstance(pid, str) else None
    if i is None:
        illegal(rule, f"there is no province {quote(pid)} on the board")
    if not view.in_play_mask >> i & 1:
        illegal("WL-SETUP-1", f"{pname(state, i)} is not in play with {state.players} players")
    return i


def check_seat(state: State, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < state.players:
        illegal("WL-SETUP-1", f"there is no seat {quote(seat)} in a {state.players}-player game")
    return seat


def distance(state: State, start: int, seat: int) -> int:
    """Clockwise steps from ``start`` to ``seat``."""
    return (seat - start) % state.players


def change_owner(state: State, i: int, seat: int) -> State:
    """Give province ``i`` to ``seat``; the chip keeps its type (WL-CONF-4, WL-REB-9a).

    Under WL_ENFORCE_CHIP_LIMIT the taker spends a chip of that type and a previous owner gets his
    back (WL-VAR-1).
    """
    stock, owned = _new_owner(state, i, seat)
    return evolve(state, owners=put(state.owners, i, seat), stock=stock, owned=owned)


def _new_owner(state: State, i: int, seat: int) -> tuple[tuple[tuple[int, ...], ...] | None, tuple[int, ...]]:
    """The chip stocks and ownership masks once province ``i`` belongs to ``seat`` (WL-VAR-1)."""
    stock, old = state.stock, state.owners[i]
    if stock is not None:
        k = BUILDING_INDEX[state.chips[i]]
        stock = put(stock, seat, put(stock[seat], k, stock[seat][k] - 1))
        if old >= 0:
            stock = put(stock, old, put(stock[old], k, stock[old][k] + 1))
    owned = list(state.owned)
    if old >= 0:
        owned[old] &= ~(1 << i)
    owned[seat] |= 1 << i
    return stock, tuple(owned)


def settle_province(state: State, i: int, seat: int, **changes) -> State:
    """Province ``i`` goes to ``seat`` and every marker on it returns (WL-CONF-4, WL-CONF-14), in one copy."""
    stock, owned = _new_owner(state, i, seat)
    bit = 1 << i
    claimed = state.claimed
    if state.markers[i]:
        claimed = tuple(m & ~bit for m in claimed)
    return evolve(state, owners=put(state.owners, i, seat), stock=stock, owned=owned,
                  markers=put(state.markers, i, 0), claimed=claimed, **changes)


def set_chip(state: State, i: int, kind: str, **changes) -> State:
    """Put a neutral chip of type ``kind`` on the empty province ``i``."""
    k = KIND_INDEX[kind]
    return evolve(state, chips=put(state.chips, i, kind), kinds=put(state.kinds, k, state.kinds[k] | 1 << i),
                  **changes)


def set_markers(state: State, i: int, seats_mask: int, **changes) -> State:
    """Province ``i`` now carries the markers of the seats in ``seats_mask``."""
    claimed = list(state.claimed)
    old, bit = state.markers[i], 1 << i
    for seat in range(state.players):
        if seats_mask >> seat & 1:
            claimed[seat] |= bit
        elif old >> seat & 1:
            claimed[seat] &= ~bit
    return evolve(state, markers=put(state.markers, i, seats_mask), claimed=tuple(claimed), **changes)


def palace_counts(state: State) -> list[int]:
    palaces = state.kinds[0]
    return [(mine & palaces).bit_count() for mine in state.owned]


def emperor_check(state: State, ev: list[Event], rule: str, order: tuple[int, ...] = ()) -> State:
    """Give the stone to the player with the most palaces if he has strictly more than the emperor.

    WL-EMP-2, WL-EMP-3: equal is not enough; WL-EMP-4: it runs after rebellion rewards too.
    Ties among several challengers go to the earliest in ``order``
    (the rebellion's reward order, WL-REB-12), then clockwise from the emperor (WL-EMP-2 variant).
    """
    counts = palace_counts(state)
    best = max(counts)
    if best <= counts[state.emperor]:
        return state
    tied = [s for s in range(state.players) if counts[s] == best]

    def key(s: int) -> tuple[int, int]:
        return (order.index(s) if s in order else len(order), distance(state, state.emperor, s))

    new = min(tied, key=key)
    ev.append(EmperorChanged(old=state.emperor, new=new, palaces_old=counts[state.emperor],
                             palaces_new=best, rule=rule))
    return evolve(state, emperor=new)


def seats_of(mask: int) -> tuple[int, ...]:
    return tuple(iter_bits(mask))
