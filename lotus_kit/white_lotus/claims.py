"""Phase 1: claim provinces (WL-PLACE)."""

from __future__ import annotations

from lotus_kit.white_lotus.actions import Pass, PlaceMarker
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.common import BUILDING_INDEX, illegal, pname, province_index, put, set_markers
from lotus_kit.white_lotus.events import Event, MarkerPlaced, PlacementEnded
from lotus_kit.white_lotus.state import ClaimStep, Phase, State, evolve


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
    mask = state.neutral_mask() & ~_marked_by(state, seat)
    if state.rules.designer:
        if state.year == 1:
            mask &= state.board.lotus_mask
        else:
            # WL_DESIGNER from turn 2: only provinces bordering a player chip [RECON after GJS]
            near = 0
            for i in iter_bits(state.owned_any()):
                near |= state.board.adjacency[i]
            mask &= near
    if state.stock is not None:
        # WL-VAR-1: a marker needs a free chip of the province's type
        free = list(state.stock[seat])
        for i in iter_bits(_marked_by(state, seat)):
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
    return frozenset((state.step.turn,))


def legal(state: State, seat: int) -> list:
    step = state.step
    if seat != step.turn:
        return []
    out: list = [PlaceMarker(seat, state.board.provinces[i].id) for i in iter_bits(targets(state, seat))]
    if step.placed[seat] >= mandatory(state, seat):
        out.append(Pass(seat))
    return out


def apply(state: State, action, ev: list[Event]) -> State:
    step: ClaimStep = state.step
    seat = action.seat
    if seat != step.turn:
        illegal("WL-PLACE-3", f"it is seat {step.turn}'s turn to place a marker, not seat {seat}'s")
    if isinstance(action, Pass):
        need = mandatory(state, seat)
        if step.placed[seat] < need:
            illegal("WL-PLACE-4", f"the first {need} markers are mandatory; you have placed {step.placed[seat]}")
        ev.append(PlacementEnded(seat, step.placed[seat], "he passes on his optional markers (WL-PLACE-4)"))
        step = evolve(step, done=step.done | 1 << seat)
        return _next_turn(state, step, (seat + 1) % state.players, ev)
    if not isinstance(action, PlaceMarker):
        illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 1 action: place a marker or pass")
    i = province_index(state, action.province, "WL-PLACE-2")
    if not targets(state, seat) >> i & 1:
        illegal("WL-PLACE-2", _why_not_target(state, seat, i))
    state = set_markers(state, i, state.markers[i] | 1 << seat)
    ev.append(MarkerPlaced(seat, action.province))
    step = evolve(step, placed=put(step.placed, seat, step.placed[seat] + 1))
    return _next_turn(state, step, (seat + 1) % state.players, ev)


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
