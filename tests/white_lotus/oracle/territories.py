"""Phase 6: new provinces (WL-TERR)."""

from __future__ import annotations

from lotus_kit.white_lotus.actions import PlaceChip, TempleDraw
from lotus_kit.white_lotus.board import bit_list, neighbourhood
from lotus_kit.white_lotus.events import ChipDrawn, ChipPlaced, Event, TempleDeclined
from lotus_kit.white_lotus.state import Phase, State, TerritoryStep
from tests.white_lotus.oracle.common import (
    MAX_SEATS,
    SEAT_SETS,
    evolve,
    illegal,
    pname,
    province_actions,
    province_index,
    set_chip,
)


def places(state: State) -> int:
    """WL-TERR-2: empty in-play provinces next to a chip (next to an owned one: WL_NEWTERR_ADJ_OWNED)."""
    return _places(state, 0)


def _places(state: State, extra: int) -> int:
    """:func:`places` once neutral chips are also on the provinces of ``extra``."""
    k = state.kinds
    chips = k[0] | k[1] | k[2] | k[3] | k[4] | extra
    anchors = state.owned_any() if state.rules.newterr_adj_owned else chips
    view = state.board
    return neighbourhood(view, anchors) & view.in_play_mask & ~chips


def begin(state: State, ev: list[Event]) -> State:
    return evolve(state, step=TerritoryStep(order=state.clockwise_from(state.emperor)))


def _can_draw(state: State) -> bool:
    return bool(state.pool) and places(state) != 0


def _draw(state: State, step: TerritoryStep, seat: int, temple: bool, ev: list[Event], **changes) -> State:
    chip = state.pool[0]
    ev.append(ChipDrawn(seat, chip, temple))
    return evolve(state, pool=state.pool[1:], step=evolve(step, drawn=chip, asking_temple=False, **changes))


def advance(state: State, ev: list[Event]) -> State | None:
    step: TerritoryStep = state.step
    if step.drawn or step.asking_temple:
        return None
    if step.index >= len(step.order) or not _can_draw(state):
        # WL-TERR-5: the phase ends when everyone had a turn, the pool is empty or no place is left;
        # WL-YEAR-3: then the next year begins
        return evolve(state, year=state.year + 1, phase=Phase.CLAIMS, step=None)
    seat = step.order[step.index]
    # WL-TERR-4: the base chip is drawn and must be placed; temple chips are optional
    return _draw(state, step, seat, False, ev, temples_left=state.count(seat, "T"))


def _current(step: TerritoryStep) -> int:
    return step.order[step.index]


def to_act(state: State) -> frozenset[int]:
    step = state.step
    return SEAT_SETS[step.order[step.index]]


def legal(state: State, seat: int) -> list:
    step: TerritoryStep = state.step
    if seat != _current(step):
        return []
    if step.asking_temple:
        return list(_TEMPLE_DRAWS[seat])
    row = province_actions(PlaceChip, state)[seat]
    return [row[i] for i in bit_list(places(state))]


_TEMPLE_DRAWS = tuple((TempleDraw(seat, True), TempleDraw(seat, False)) for seat in range(MAX_SEATS))


def apply(state: State, action, ev: list[Event]) -> State:
    step: TerritoryStep = state.step
    seat = _current(step)
    if action.seat != seat:
        illegal("WL-TERR-1", f"it is seat {seat}'s turn in phase 6, not seat {action.seat}'s")
    if isinstance(action, TempleDraw):
        if not step.asking_temple:
            illegal("WL-TERR-7", "place the drawn chip first" if step.drawn else "you have no temple draw left")
        if not action.draw:
            ev.append(TempleDeclined(seat))
            return evolve(state, step=evolve(step, index=step.index + 1, asking_temple=False, temples_left=0))
        return _draw(state, step, seat, True, ev, temples_left=step.temples_left - 1)
    if not isinstance(action, PlaceChip):
        illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 6 action")
    if not step.drawn:
        illegal("WL-TERR-7", "decide first whether to use your temple's extra draw")
    i = province_index(state, action.province, "WL-TERR-2")
    bit = 1 << i
    if not places(state) & bit:
        if state.chips[i]:
            illegal("WL-TERR-2", f"{pname(state, i)} already holds a chip")
        what = "a province someone owns" if state.rules.newterr_adj_owned else "a province holding a chip"
        illegal("WL-TERR-2", f"{pname(state, i)} does not border {what}")
    # WL-TERR-6: the chip lies neutral, to be claimed from next year's phase 1
    ev.append(ChipPlaced(seat, action.province, step.drawn))
    if step.temples_left > 0 and state.pool and _places(state, bit):       # another draw is possible
        return set_chip(state, i, step.drawn, step=evolve(step, drawn="", asking_temple=True))
    return set_chip(state, i, step.drawn, step=evolve(step, drawn="", index=step.index + 1, temples_left=0))
