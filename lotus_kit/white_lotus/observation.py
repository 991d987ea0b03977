"""What one player may see (WL-INFO-1/2): the board, markers, roles, VP chips, revealed
commitments and hand sizes are public; other hands, sealed commitments, the order of the draw
pool and the seed that ordered it are not.

>>> from lotus_kit.white_lotus.engine import new_game
>>> obs = observation(new_game(4, seed=3), seat=1)
>>> obs.hand.influence_total, obs.hand_sizes, obs.pool_size
(12, (10, 10, 10, 10), 32)
>>> hasattr(obs, "pool"), obs.events[0].seed
(False, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lotus_kit.white_lotus.actions import Action
from lotus_kit.white_lotus.board import BUILDINGS
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import legal_actions, to_act
from lotus_kit.white_lotus.events import Event, GameStarted, RefundTaken
from lotus_kit.white_lotus.state import IncomeStep, Phase, RebellionStep, ResolveStep, State


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int | None
    """The seat observing; None for a spectator, who sees what is public only (no hand)."""
    players: int
    year: int
    phase: Phase
    emperor: int
    rebel_leader: int | None
    chips: tuple[str, ...]
    owners: tuple[int, ...]
    markers: tuple[int, ...]
    vp_chips: tuple[int, ...]
    hand: Hand | None
    hand_sizes: tuple[int, ...]
    pool_size: int
    unseen_chips: dict[str, int]
    to_act: frozenset[int]
    committed: frozenset[int]
    own_commitment: Action | None
    conflict_province: int | None
    conflict_participants: tuple[int, ...]
    drawn_chip: str | None
    events: tuple[Event, ...]
    legal: tuple[Action, ...]
    tied: tuple[int, ...] = ()
    """The participants tied on the highest pressure while the emperor decides (WL-CONF-8)."""
    revealed: tuple[Action, ...] = ()
    """The round's bids once revealed and waiting for the emperor's tie-break: public (WL-INFO-2)."""


def public_event(ev: Event, seat: int) -> Event:
    """``ev`` as ``seat`` may see it. ``seat`` -1 stands for a seat that sees only what is public."""
    if isinstance(ev, GameStarted):
        # the seed orders the draw pool: whoever knows it can predict every draw (WL-INFO-1)
        return replace(ev, seed=None)
    if isinstance(ev, RefundTaken) and ev.seat != seat:
        # the refund's total is public (the bids were revealed); its card values are not
        return replace(ev, cards=(sum(ev.cards),) if ev.cards else ())
    return ev


def observation(state: State, seat: int | None) -> Observation:
    """The state as ``seat`` sees it; ``seat`` None: as a spectator sees it (what is public only).

    >>> from lotus_kit.white_lotus.engine import new_game
    >>> spectator = observation(new_game(3, seed=2), None)
    >>> spectator.hand, spectator.legal, spectator.own_commitment
    (None, (), None)
    """
    step = state.step
    committed: frozenset[int] = frozenset()
    own = None
    sealed = ()
    if isinstance(step, ResolveStep) and step.conflict is not None:
        sealed = step.conflict.bids
    elif isinstance(step, RebellionStep) and step.leader >= 0 and not step.winner:
        sealed = step.commitments
    elif isinstance(step, IncomeStep):
        sealed = step.choices
    conflict = state.conflict
    revealed: tuple[Action, ...] = ()
    if conflict is not None and conflict.tied:
        # every bid is on the table while the emperor breaks the tie (WL-CONF-8, WL-INFO-2)
        revealed = tuple(conflict.bids)
    committed = frozenset(a.seat for a in sealed)
    own = next((a for a in sealed if a.seat == seat), None) if seat is not None else None
    on_board = {k: state.chips.count(k) for k in BUILDINGS}
    mix = state.board.data.neutral_mix
    drawn = getattr(step, "drawn", "") or None
    return Observation(
        seat=seat, players=state.players, year=state.year, phase=state.phase, emperor=state.emperor,
        rebel_leader=state.rebel_leader, chips=state.chips, owners=state.owners, markers=state.markers,
        vp_chips=state.vp_chips, hand=state.hands[seat] if seat is not None else None,
        hand_sizes=tuple(h.size for h in state.hands),
        pool_size=len(state.pool), unseen_chips={k: mix[k] - on_board[k] for k in BUILDINGS},
        to_act=to_act(state), committed=committed, own_commitment=own,
        conflict_province=conflict.province if conflict else None,
        conflict_participants=conflict.remaining if conflict else (), drawn_chip=drawn,
        events=tuple(public_event(e, -1 if seat is None else seat) for e in state.events),
        legal=tuple(legal_actions(state, seat)) if seat in to_act(state) else (),
        tied=tuple(conflict.tied) if conflict is not None and conflict.tied else (), revealed=revealed)
