"""Between the readable :class:`~lotus_kit.white_lotus.state.State` and the fast core's flat list.

``decode(table, encode(state)) == state`` for every state the engine reaches (the differential tests
check it at every step), so a rollout can start from any state and hand its end back as a State.
A State keeps the flat list it was encoded from or decoded to: encoding it again costs nothing (the
list is shared: never change it, as nothing changes the core's lists). :func:`lazy` makes the State
the engine hands out: the flat list alone, its fields filled by :func:`fill` when first read.
"""

from __future__ import annotations

from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codes import action_of, code_of
from lotus_kit.white_lotus.fast.core import Table, table

_KINDS = "PTRFV"


def encode(state) -> tuple[Table, list]:
    """The :class:`Table` and the flat list of a State (kept by the State: never change the list)."""
    code = state._code
    if code is not None:
        return code
    code = _encode(state)
    _set_code(state, code)
    return code


def _encode(state) -> tuple[Table, list]:
    from lotus_kit.white_lotus.state import ClaimStep, IncomeStep, RebellionStep, ResolveStep, TerritoryStep

    t = table(state.players, state.rules)
    n = state.players
    s: list = [0] * C.SIZE
    s[C.PH] = int(state.phase)
    s[C.YR] = state.year
    s[C.EMP] = state.emperor
    s[C.FIN] = 1 if state.final_year else 0
    s[C.POOL] = tuple(state.pool)
    s[C.PP] = 0
    s[C.SP] = state.start_palace
    s[C.SUPPLY] = state.supply
    s[C.STOCK] = state.stock
    s[C.SEED] = state.seed
    for k in range(5):
        s[C.K + k] = state.kinds[k]
    for x in range(6):
        s[C.OWN + x] = state.owned[x] if x < n else 0
        s[C.CLM + x] = state.claimed[x] if x < n else 0
        s[C.VP + x] = state.vp_chips[x] if x < n else 0
        hand = state.hands[x] if x < n else (0,) * 7
        for j in range(7):
            s[C.H + 7 * x + j] = hand[j]
        s[C.SX + x] = None
    s[C.CPROV] = -1
    s[C.RSEAT] = -1
    s[C.LEADER] = -1
    s[C.WINNER] = ""
    s[C.ASK] = ()
    s[C.RORDER] = ()
    s[C.DRAWN] = ""
    s[C.SCORES] = None
    s[C.WINNERS] = ()
    step = state.step
    s[C.STEPON] = 0 if step is None else 1
    kind = type(step)
    if kind is ClaimStep:
        for x in range(6):
            s[C.SX + x] = step.placed[x] if x < n else 0
        s[C.DONE] = step.done
        s[C.TURN] = step.turn
    elif kind is ResolveStep:
        s[C.NOCL] = step.no_claims
        c = step.conflict
        if c is not None:
            s[C.CPROV] = c.province
            s[C.REM] = sum(1 << x for x in c.remaining)
            s[C.ROUND] = c.round
            for b in c.bids:
                s[C.SX + b.seat] = code_of(b)
            s[C.TIED] = sum(1 << x for x in c.tied)
            s[C.RSEAT] = c.refund_seat
            s[C.ROWED] = c.refund_owed
            s[C.PEND] = s[C.REM] & ~sum(1 << b.seat for b in c.bids)
    elif kind is RebellionStep:
        s[C.ASK] = step.ask_order
        s[C.ASKED] = step.asked
        s[C.LEADER] = step.leader
        for c in step.commitments:
            s[C.SX + c.seat] = code_of(c)
        s[C.PEND] = t.all_seats & ~sum(1 << c.seat for c in step.commitments)
        s[C.WINNER] = step.winner
        s[C.RORDER] = step.reward_order
        s[C.REWARDED] = step.rewarded
        s[C.LOSERS] = step.losers
        s[C.LOSTONE] = step.lost_one
    elif kind is IncomeStep:
        for c in step.choices:
            code = code_of(c)
            s[C.SX + c.seat] = c if code is None else code
        s[C.PEND] = t.all_seats & ~sum(1 << c.seat for c in step.choices)
    elif kind is TerritoryStep:
        if step.order != t.clockwise[state.emperor]:
            raise ValueError("a phase 6 turn order that does not start with the emperor")
        s[C.TIDX] = step.index
        s[C.DRAWN] = step.drawn
        s[C.TLEFT] = step.temples_left
        s[C.ASKT] = 1 if step.asking_temple else 0
    elif step is not None:
        raise ValueError(f"unknown step {step!r}")
    if state.phase == C.GAME_OVER:
        s[C.SCORES] = tuple((ln.buildings, ln.largest_group, ln.group_bonus, ln.dragons, ln.vp_chips, ln.palaces)
                            for ln in state.scores)
        s[C.WINNERS] = tuple(state.winners)
    return t, s


_PHASES: list = []


def decode(t: Table, s: list, events: tuple = ()):
    """The readable State of a flat list, carrying ``events`` (those the core appended to the
    ``ev`` list of the transition that made ``s``, when they were asked for); it keeps ``s``, so
    ``s`` must never change afterwards."""
    if not _PHASES:
        _load()
    new = _DRAFT[0]()
    _fields(new, t, s)
    new.events, new._code, new._made = events, (t, s), None
    new.__class__ = _CLASSES[8]
    return new


def _fields(new, t: Table, s: list) -> None:
    """Set every field of ``new`` (a State's draft) but its events from the flat list ``s``."""
    Hand, ScoreLine, ClaimStep, Conflict, IncomeStep, RebellionStep, ResolveStep, TerritoryStep, _ = _CLASSES
    n = t.players
    size = len(t.adjacency)
    # the board tuples of the last state decoded are kept per table: most steps change none of them
    last = t.decoded
    kinds, owned, claimed = tuple(s[C.K:C.K + 5]), tuple(s[C.OWN:C.OWN + n]), tuple(s[C.CLM:C.CLM + n])
    if last[0] == kinds:
        chips = last[1]
    else:
        board = [""] * size
        for k in range(5):
            for i in C._bits(kinds[k]):
                board[i] = _KINDS[k]
        chips = tuple(board)
    if last[2] == owned:
        owners = last[3]
    else:
        board = [-1] * size
        for x in range(n):
            for i in C._bits(owned[x]):
                board[i] = x
        owners = tuple(board)
    if last[4] == claimed:
        markers = last[5]
    else:
        board = [0] * size
        for x in range(n):
            for i in C._bits(claimed[x]):
                board[i] |= 1 << x
        markers = tuple(board)
    t.decoded = (kinds, chips, owned, owners, claimed, markers)
    ph = s[C.PH]
    step = None
    if s[C.STEPON]:
        if ph == C.CLAIMS:
            step = ClaimStep(tuple(s[C.SX:C.SX + n]), s[C.DONE], s[C.TURN])
        elif ph == C.RESOLVE:
            conflict = None
            if s[C.CPROV] >= 0:
                conflict = Conflict(
                    s[C.CPROV], tuple(C._bits(s[C.REM])), s[C.ROUND],
                    tuple(action_of(s[C.SX + x]) for x in range(n) if s[C.SX + x] is not None),
                    tuple(C._bits(s[C.TIED])), s[C.RSEAT], s[C.ROWED])
            step = ResolveStep(conflict, bool(s[C.NOCL]))
        elif ph == C.REBELLION:
            step = RebellionStep(
                s[C.ASK], s[C.ASKED], s[C.LEADER],
                tuple(action_of(s[C.SX + x]) for x in range(n) if s[C.SX + x] is not None),
                s[C.WINNER], s[C.RORDER], s[C.REWARDED], s[C.LOSERS], s[C.LOSTONE])
        elif ph == C.NEW_CARDS:
            step = IncomeStep(tuple(action_of(c) if type(c) is int else c
                                    for c in s[C.SX:C.SX + n] if c is not None))
        elif ph == C.NEW_PROVINCES:
            step = TerritoryStep(t.clockwise[s[C.EMP]], s[C.TIDX], s[C.DRAWN], s[C.TLEFT], bool(s[C.ASKT]))
    scores: tuple = ()
    if ph == C.GAME_OVER and s[C.SCORES] is not None:
        scores = tuple(ScoreLine(x, *parts) for x, parts in enumerate(s[C.SCORES]))
    # the State is assembled slot by slot: its derived masks are the core's own, not derived again
    new.rules, new.players, new.seed, new.year = t.rules, n, s[C.SEED], s[C.YR]
    new.phase, new.emperor = _PHASES[ph], s[C.EMP]
    new.chips, new.owners, new.markers = chips, owners, markers
    new.hands = tuple([_new_hand(Hand, s[C.H + 7 * x:C.H + 7 * x + 7]) for x in range(n)])
    new.vp_chips, new.pool, new.start_palace = tuple(s[C.VP:C.VP + n]), s[C.POOL][s[C.PP]:], s[C.SP]
    new.supply, new.stock, new.final_year, new.step = s[C.SUPPLY], s[C.STOCK], bool(s[C.FIN]), step
    new.scores, new.winners = scores, tuple(s[C.WINNERS])
    new.owned, new.kinds, new.claimed = owned, kinds, claimed


_CLASSES: list = []


def _load() -> None:
    """The classes :func:`decode` builds, imported once (an import statement costs microseconds)."""
    from lotus_kit.white_lotus.cards import Hand
    from lotus_kit.white_lotus.events import ScoreLine
    from lotus_kit.white_lotus.fastrecord import draft_class
    from lotus_kit.white_lotus.state import (
        ClaimStep,
        Conflict,
        IncomeStep,
        Phase,
        RebellionStep,
        ResolveStep,
        State,
        TerritoryStep,
    )

    _CLASSES[:] = [Hand, ScoreLine, ClaimStep, Conflict, IncomeStep, RebellionStep, ResolveStep, TerritoryStep,
                   State]
    _DRAFT[:] = [draft_class(State)]
    slots = State.__dict__
    _SET[:] = [slots["_code"].__set__, slots["_made"].__set__, slots["events"].__set__]
    _PHASES[:] = [None, *Phase]


def lazy(t: Table, s: list, before: list | None = None, code: int = 0, choice=None):
    """The State of ``s`` with no field filled yet (see :func:`fill`); ``before``, ``code`` and
    ``choice`` are the transition that made it, run again for its events when they are read."""
    if not _PHASES:
        _load()
    new = _DRAFT[0]()
    new._code = (t, s)
    new._made = (before, code, choice)
    new.__class__ = _CLASSES[8]
    return new


def fill(state, events: bool) -> None:
    """Fill an engine-made State (see :func:`lazy`): its events when ``events``, else its fields."""
    if not _PHASES:
        _load()
    _, set_made, set_events = _SET
    t, s = state._code
    if events:
        made = state._made
        ev: list = []
        if made is not None and made[0] is not None:
            C.apply(t, made[0], made[1], made[2], ev)
        set_events(state, tuple(ev))
        set_made(state, None)
        return
    # filled in place as its draft (the State is frozen), then a State again
    object.__setattr__(state, "__class__", _DRAFT[0])
    try:
        _fields(state, t, s)
    finally:
        state.__class__ = _CLASSES[8]


def _set_code(state, code: tuple) -> None:
    if not _PHASES:
        _load()
    _SET[0](state, code)


_SET: list = []

_new_hand = tuple.__new__
_DRAFT: list = []
