"""Phase 1: claim provinces (WL-PLACE)."""

from __future__ import annotations

from lotus_kit.white_lotus.actions import Pass, PlaceMarker
from lotus_kit.white_lotus.board import bit_list, iter_bits, neighbourhood
from lotus_kit.white_lotus.events import Event, MarkerPlaced, PlacementEnded
from lotus_kit.white_lotus.state import VIEWS, ClaimStep, Phase, State
from tests.white_lotus.oracle.common import (
    BUILDING_INDEX,
    PASSES,
    SEAT_SETS,
    evolve,
    illegal,
    pname,
    province_actions,
    province_index,
    with_marker,
)


def allowance(state: State, seat: int) -> int:
    """WL-PLACE-1: 3 plus one per rice field, at most 5 (WL-COMP-4); all 5 blocks under WL_DESIGNER.

    Placement is public and sequential (WL-PLACE-6); the mandatory markers are what makes the game
    end (WL-PLACE-5)."""
    if state.rules.designer:
        return 5
    return min(5, 3 + state.count(seat, "R"))


def mandatory(state: State, seat: int) -> int:
    """WL-PLACE-4: the first 3 markers must be placed; none under WL_OPTIONAL_PLACEMENT, all under WL_DESIGNER."""
    if state.rules.designer:
        return allowance(state, seat)
    if state.rules.optional_placement:
        return 0
    return min(3, allowance(state, seat))


def _marked_by(state: State, seat: int) -> int:
    return state.claimed[seat]


def targets(state: State, seat: int) -> int:
    """Bit mask of the provinces where ``seat`` may put a marker now (WL-PLACE-2, WL-PLACE-7)."""
    return _targets(state, seat, state.claimed[seat])


def _targets(state: State, seat: int, mine: int) -> int:
    """:func:`targets` for a seat whose markers are on ``mine``."""
    k = state.kinds
    owned = 0
    for o in state.owned:
        owned |= o
    mask = (k[0] | k[1] | k[2] | k[3] | k[4]) & ~owned & ~mine
    rules = state.rules
    if rules.designer:
        if state.year == 1:
            mask &= state.board.lotus_mask
        else:
            # WL_DESIGNER from turn 2: only provinces bordering a player chip [RECON after GJS]
            mask &= neighbourhood(state.board, owned)
    if state.stock is not None:
        # WL-VAR-1: a marker needs a free chip of the province's type
        free = list(state.stock[seat])
        for i in iter_bits(mine):
            if state.owners[i] < 0 and state.chips[i]:
                free[BUILDING_INDEX[state.chips[i]]] -= 1
        mask = sum(1 << i for i in iter_bits(mask) if free[BUILDING_INDEX[state.chips[i]]] > 0)
    return mask


def _can_place(state: State, step: ClaimStep, seat: int) -> bool:
    return not step.done >> seat & 1 and step.placed[seat] < allowance(state, seat) and targets(state, seat) != 0


def _finish_seats(state: State, step: ClaimStep, ev: list[Event]) -> ClaimStep:
    """Mark seats that cannot place any more as done (WL-PLACE-3, WL-PLACE-8), saying why."""
    done = step.done
    for seat in range(state.players):
        if done >> seat & 1:
            continue
        if step.placed[seat] >= allowance(state, seat):
            ev.append(PlacementEnded(seat, step.placed[seat], "all his markers are placed"))
            done |= 1 << seat
        elif targets(state, seat) == 0:
            ev.append(PlacementEnded(seat, step.placed[seat], "no legal province is left for him (WL-PLACE-8)"))
            done |= 1 << seat
    return evolve(step, done=done)


def begin(state: State, ev: list[Event]) -> State:
    step = ClaimStep(placed=(0,) * state.players, done=0, turn=state.emperor)
    return _next_turn(state, step, state.emperor, ev)


def _next_turn(state: State, step: ClaimStep, start: int, ev: list[Event]) -> State:
    """The next seat clockwise from ``start`` that still places (WL-PLACE-3), or phase 2."""
    step = _finish_seats(state, step, ev)
    for seat in state.clockwise_from(start):
        if _can_place(state, step, seat):
            return evolve(state, step=evolve(step, turn=seat))
    return evolve(state, phase=Phase.RESOLVE, step=None)


def to_act(state: State) -> frozenset[int]:
    return SEAT_SETS[state.step.turn]


def legal(state: State, seat: int) -> list:
    step = state.step
    if seat != step.turn:
        return []
    row = province_actions(PlaceMarker, state)[seat]
    out: list = [row[i] for i in bit_list(targets(state, seat))]
    if step.placed[seat] >= mandatory(state, seat):
        out.append(PASSES[seat])
    return out


def apply(state: State, action, ev: list[Event]) -> State:
    step: ClaimStep = state.step
    seat = action.seat
    if seat != step.turn:
        illegal("WL-PLACE-3", f"it is seat {step.turn}'s turn to place a marker, not seat {seat}'s")
    if type(action) is not PlaceMarker:
        if type(action) is not Pass:
            illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 1 action: place a marker or pass")
        need = mandatory(state, seat)
        if step.placed[seat] < need:
            illegal("WL-PLACE-4", f"the first {need} markers are mandatory; you have placed {step.placed[seat]}")
        ev.append(PlacementEnded(seat, step.placed[seat], "he passes on his optional markers (WL-PLACE-4)"))
        step = evolve(step, done=step.done | 1 << seat)
        return _next_turn(state, step, (seat + 1) % state.players, ev)
    view = VIEWS[state.players]
    i = view.index_of.get(action.province)
    if i is None or not view.in_play_mask >> i & 1:
        i = province_index(state, action.province, "WL-PLACE-2")       # refused there, with the reason
    mine = state.claimed[seat]
    bit = 1 << i
    rules = state.rules
    plain = not rules.designer and state.stock is None
    if plain:
        k = state.kinds
        owned = 0
        for o in state.owned:
            owned |= o
        left = (k[0] | k[1] | k[2] | k[3] | k[4]) & ~owned & ~mine
    else:
        left = _targets(state, seat, mine)
    if not left & bit:
        illegal("WL-PLACE-2", _why_not_target(state, seat, i))
    ev.append(MarkerPlaced(seat, action.province))
    # only the placing seat's markers changed, so only he can have run out of markers or targets
    # (the other seats' targets depend on the neutral chips and their own markers alone);
    # every seat not done can place, so the turn passes to the next such seat clockwise
    mine |= bit
    placed = step.placed[seat] + 1
    done = step.done
    if placed >= (5 if rules.designer else min(5, 3 + (state.owned[seat] & state.kinds[2]).bit_count())):
        ev.append(PlacementEnded(seat, placed, "all his markers are placed"))
        done |= 1 << seat
    elif not (left & ~bit if plain else _targets(state, seat, mine)):
        ev.append(PlacementEnded(seat, placed, "no legal province is left for him (WL-PLACE-8)"))
        done |= 1 << seat
    markers = state.markers
    markers = (*markers[:i], markers[i] | 1 << seat, *markers[i + 1:])
    claimed = state.claimed
    claimed = (*claimed[:seat], mine, *claimed[seat + 1:])
    n = state.players
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not done >> nxt & 1:
            counts = (*step.placed[:seat], placed, *step.placed[seat + 1:])
            return with_marker(state, markers, claimed, ClaimStep(counts, done, nxt))
    return evolve(state, markers=markers, claimed=claimed, phase=Phase.RESOLVE, step=None)


def _why_not_target(state: State, seat: int, i: int) -> str:
    name = pname(state, i)
    if state.markers[i] >> seat & 1:
        return f"you already have a marker in {name}"
    if not state.chips[i]:
        return f"{name} is empty: markers go only on provinces holding a neutral chip"
    if state.owners[i] >= 0:
        return f"{name} already belongs to seat {state.owners[i]}: markers go only on neutral chips"
    if state.rules.designer:
        if state.year == 1:
            return f"designer rules: in turn 1 blocks go only on lotus provinces, and {name} has none (WL-VAR-2)"
        return f"designer rules: {name} does not border a player chip (WL-VAR-2)"
    if state.stock is not None:
        return f"you have no free {state.chips[i]} chip left for {name} (WL-VAR-1)"
    return f"{name} is not a legal target"


def advance(state: State, ev: list[Event]) -> State | None:
    return None     # phase 1 moves on inside apply: every step needs a placement
