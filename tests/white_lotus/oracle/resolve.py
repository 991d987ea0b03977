"""Phase 2: resolve claims and conflicts (WL-CONF), with the emperor's palace check (WL-EMP)."""

from __future__ import annotations

from functools import lru_cache

from lotus_kit.core.errors import quote
from lotus_kit.white_lotus.actions import Bid, BreakTie, ChooseProvince, TakeRefund
from lotus_kit.white_lotus.board import bit_list
from lotus_kit.white_lotus.cards import Hand, card_combos, default_split, max_payable, splits
from lotus_kit.white_lotus.events import (
    BidRevealed,
    ConflictRound,
    Event,
    FinalYear,
    ProvinceChosen,
    ProvinceSettled,
    RefundTaken,
    TilesLaidOut,
)
from lotus_kit.white_lotus.state import Conflict, Phase, ResolveStep, State
from tests.white_lotus.oracle.common import (
    MAX_SEATS,
    SEAT_SETS,
    conflict_with_bids,
    emperor_check,
    evolve,
    illegal,
    pname,
    province_actions,
    province_index,
    put,
    seat_set,
    set_chip,
    set_markers,
    settle_province,
    with_step,
)


def claimed(state: State) -> int:
    """WL-CONF-1: the set S of provinces holding at least one marker."""
    mask = 0
    for m in state.claimed:
        mask |= m
    return mask


def palace_first(state: State) -> int:
    """WL-CONF-2 / WL-EMP-5: the start palace, while neutral and claimed, must be resolved first."""
    p = state.start_palace
    if p >= 0 and state.markers[p] and state.owners[p] < 0:
        return p
    return -1


def choices(state: State) -> int:
    first = palace_first(state)
    return 1 << first if first >= 0 else claimed(state)


# -- who acts ---------------------------------------------------------------------------------

def to_act(state: State) -> frozenset[int]:
    c = state.step.conflict
    if c is None:
        return SEAT_SETS[state.emperor]
    if c.refund_seat >= 0:
        return SEAT_SETS[c.refund_seat]
    if c.tied:
        return SEAT_SETS[state.emperor]
    mask = 0
    for s in c.remaining:
        mask |= 1 << s
    for b in c.bids:
        mask &= ~(1 << b.seat)
    return seat_set(mask)


def refund_options(state: State, owed: int) -> list[tuple[int, ...]]:
    """WL-CONF-13: the card-value splits of the refund (exactly K, or the most the supply can pay)."""
    return _refund_options(state.supply[:3] if state.supply is not None else None, owed)


def _refund_options(supply: tuple[int, ...] | None, owed: int) -> list[tuple[int, ...]]:
    if supply is None:
        return splits(owed)
    return splits(max_payable(owed, supply), supply)


def legal(state: State, seat: int) -> list:
    c = state.step.conflict
    if c is None:
        if seat != state.emperor:
            return []
        row = province_actions(ChooseProvince, state)[seat]
        return [row[i] for i in bit_list(choices(state))]
    if c.refund_seat >= 0:
        return [TakeRefund(seat, s) for s in refund_options(state, c.refund_owed)] if seat == c.refund_seat else []
    if c.tied:
        return [_BREAK_TIES[seat][s] for s in c.tied] if seat == state.emperor else []
    if seat not in c.remaining:
        return []
    for b in c.bids:
        if b.seat == seat:
            return []
    targets = tuple(s for s in c.remaining if s != seat)
    # WL-CONF-11: the empty bid and the bare 0 are always among them
    return list(_bids(seat, targets, state.hands[seat][:4]))


_BREAK_TIES = tuple(tuple(BreakTie(seat, s) for s in range(6)) for seat in range(6))


@lru_cache(maxsize=4096)
def _bids(seat: int, targets: tuple[int, ...], counts: tuple[int, int, int, int]) -> tuple[Bid, ...]:
    """Every distinct bid (dragon target x influence values); cached, as hands repeat (actions are values)."""
    out: tuple[Bid, ...] = ()
    for target in targets:
        out += _bids_on(seat, target, counts)
    return out


@lru_cache(maxsize=8192)
def _bids_on(seat: int, target: int, counts: tuple[int, int, int, int]) -> tuple[Bid, ...]:
    """The bids of :func:`_bids` naming one target (shared by every set of targets that holds it)."""
    made = _BIDS_MADE[seat][target]
    if len(made) > 20000:           # a bound on memory; the bids are remade on demand
        made.clear()
    out: list[Bid] = []
    for cards in card_combos(counts):
        bid = made.get(cards)
        if bid is None:
            bid = made[cards] = Bid(seat, target, cards)
        out.append(bid)
    return tuple(out)


# the Bid of each (seat, target, cards) made so far, shared by every list of bids that holds it
_BIDS_MADE: tuple[tuple[dict[tuple[int, ...], Bid], ...], ...] = tuple(
    tuple({} for _ in range(MAX_SEATS)) for _ in range(MAX_SEATS))


# -- actions ----------------------------------------------------------------------------------

_new_hand = tuple.__new__

# influence cards (a tuple of values 0..3) -> (count of 0s, 1s, 2s, 3s, the canonical tuple), for _bid
_CANONICAL: dict[tuple[int, ...], tuple[int, int, int, int, tuple[int, ...]]] = {}

def apply(state: State, action, ev: list[Event]) -> State:
    c = state.step.conflict
    kind = type(action)
    if kind is Bid and c is not None:
        return _bid(state, c, action, ev)
    if kind is ChooseProvince:
        return _choose(state, action, ev)
    if c is None:
        illegal("WL-CONF-3", f"no conflict is being fought: the emperor (seat {state.emperor}) picks the next province")
    if kind is TakeRefund:
        return _take_refund(state, c, action, ev)
    if kind is BreakTie:
        return _break_tie(state, c, action, ev)
    illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 2 action")


def _choose(state: State, action: ChooseProvince, ev: list[Event]) -> State:
    if state.step.conflict is not None:
        illegal("WL-CONF-1", f"finish the conflict in {pname(state, state.step.conflict.province)} first")
    if action.seat != state.emperor:
        illegal("WL-CONF-3", f"only the emperor (seat {state.emperor}) picks the next province")
    i = province_index(state, action.province, "WL-CONF-1")
    if not state.markers[i]:
        illegal("WL-CONF-1", f"{pname(state, i)} carries no marker, so there is nothing to resolve")
    first = palace_first(state)
    if first >= 0 and i != first:
        illegal("WL-CONF-2", f"the start palace province {pname(state, first)} must be resolved first")
    return _resolve(state, i, ev, forced=False)


def _resolve(state: State, i: int, ev: list[Event], forced: bool) -> State:
    participants = tuple(bit_list(state.markers[i]))
    ev.append(ProvinceChosen(state.emperor, state.board.provinces[i].id, participants, forced))
    if len(participants) == 1:
        return _settle(state, i, participants[0], ev, contested=False)
    return evolve(state, step=ResolveStep(Conflict(i, participants), state.step.no_claims))


def _bid(state: State, c: Conflict, action: Bid, ev: list[Event]) -> State:
    seat = action.seat
    if c.refund_seat >= 0 or c.tied:
        illegal("WL-CONF-8", "the bids of this round are revealed already")
    remaining = c.remaining
    if seat not in remaining:
        illegal("WL-CONF-6", f"seat {seat} is not a participant in the conflict for {pname(state, c.province)}")
    bids = c.bids
    k = 0
    for b in bids:
        if b.seat == seat:
            illegal("WL-INFO-3", "you have already committed your bid for this round")
        if b.seat < seat:
            k += 1
    target = action.target
    if target == seat or target not in remaining:
        others = ", ".join(f"seat {s}" for s in remaining if s != seat)
        illegal("WL-CONF-6", f"the dragon card must name another participant of this round: {others}")
    cards = action.cards
    known = _CANONICAL.get(cards)           # cards is a tuple of ints (engine.apply checked)
    if known is None:
        n0, n1, n2, n3 = cards.count(0), cards.count(1), cards.count(2), cards.count(3)
        if n0 + n1 + n2 + n3 != len(cards):
            illegal("WL-CONF-6", f"influence cards have values 0 to 3, not {quote(list(cards))}")
        # keep the bid in canonical order so equal bids compare equal
        known = (n0, n1, n2, n3, (3,) * n3 + (2,) * n2 + (1,) * n1 + (0,) * n0)
        if len(_CANONICAL) < 4096:
            _CANONICAL[cards] = known
    n0, n1, n2, n3, canonical = known
    hand = state.hands[seat]
    if n0 > hand[0] or n1 > hand[1] or n2 > hand[2] or n3 > hand[3]:
        illegal("WL-CONF-6", f"you do not hold the cards {quote(list(cards))}; your influence cards are "
                f"{list(hand.influence_cards())}")
    bid = action if canonical == cards else Bid(seat, target, canonical)
    c = conflict_with_bids(c, (*bids[:k], bid, *bids[k:]))
    if len(bids) + 1 < len(remaining):
        return with_step(state, ResolveStep(c, state.step.no_claims))
    return _reveal(state, c, ev)


def _reveal(state: State, c: Conflict, ev: list[Event]) -> State:
    """WL-CONF-7/8: pressures; the highest leaves, ties go to the emperor."""
    pressure = dict.fromkeys(c.remaining, 0)
    for b in c.bids:
        pressure[b.target] += sum(b.cards)
    top = max(pressure.values())
    tied = tuple([s for s in c.remaining if pressure[s] == top])
    if len(tied) > 1:
        return evolve(state, step=ResolveStep(evolve(c, tied=tied), state.step.no_claims))
    return _knock_out(state, c, tied[0], None, ev)


def _break_tie(state: State, c: Conflict, action: BreakTie, ev: list[Event]) -> State:
    if not c.tied or c.refund_seat >= 0:
        illegal("WL-CONF-8", "there is no tie to break")
    if action.seat != state.emperor:
        illegal("WL-CONF-8", f"the emperor (seat {state.emperor}) breaks ties, not seat {action.seat}")
    if action.leaver not in c.tied:
        illegal("WL-CONF-14", f"the emperor must name one of the tied participants: {list(c.tied)}")
    return _knock_out(state, c, action.leaver, state.emperor, ev)


def _knock_out(state: State, c: Conflict, leaver: int, emperor: int | None, ev: list[Event]) -> State:
    """WL-CONF-9: discards, the loser's marker and refund; then the next round (WL-CONF-10)."""
    hands = list(state.hands)
    supply = list(state.supply) if state.supply is not None else None
    discarded = []
    pressures = dict.fromkeys(c.remaining, 0)
    value = 0
    for b in c.bids:
        cards = b.cards
        n1, n2, n3 = cards.count(1), cards.count(2), cards.count(3)
        z, i1, i2, i3, c1, c2, c3 = hands[b.seat]                           # 0-cards stay in hand
        hands[b.seat] = _new_hand(Hand, (z, i1 - n1, i2 - n2, i3 - n3, c1, c2, c3))
        if supply is not None:
            supply[0] += n1
            supply[1] += n2
            supply[2] += n3
        discarded.append((b.seat, cards[:n1 + n2 + n3]))                   # canonical: the 0 comes last
        total = n1 + 2 * n2 + 3 * n3
        pressures[b.target] += total
        if b.seat == leaver:
            value = total
    refund = value // 2 if state.rules.loser_keeps_floor_half else value - value // 2
    ev.append(ConflictRound(
        province=state.board.provinces[c.province].id, round=c.round,
        bids=tuple([BidRevealed(b.seat, b.target, b.cards) for b in c.bids]),
        pressures=tuple(pressures.items()), tied=c.tied if c.tied else (leaver,), leaver=leaver,
        decided_by_emperor=emperor, discarded=tuple(discarded), refund=refund))
    i = c.province
    markers = state.markers[i] & ~(1 << leaver)
    remaining = tuple([s for s in c.remaining if s != leaver])
    nxt = Conflict(province=i, remaining=remaining, round=c.round + 1)
    no_claims = state.step.no_claims
    if refund > 0:
        options = _refund_options(None if supply is None else (supply[0], supply[1], supply[2]), refund)
        if len(options) > 1:
            return set_markers(state, i, markers, hands=tuple(hands),
                               supply=tuple(supply) if supply is not None else None,
                               step=ResolveStep(evolve(nxt, refund_seat=leaver, refund_owed=refund), no_claims))
        paid = options[0] if options else ()
        counts = (paid.count(1), paid.count(2), paid.count(3))
        hands[leaver] = hands[leaver].add_influence(counts)
        if supply is not None:
            supply[0] -= counts[0]
            supply[1] -= counts[1]
            supply[2] -= counts[2]
        ev.append(RefundTaken(leaver, paid, refund))
    changes = {"hands": tuple(hands), "supply": tuple(supply) if supply is not None else None}
    if len(remaining) >= 2:
        return set_markers(state, i, markers, step=ResolveStep(nxt, no_claims), **changes)
    return _settle(state, i, remaining[0], ev, contested=True, **changes)


def _pay_refund(state: State, seat: int, cards: tuple[int, ...], owed: int, ev: list[Event]) -> State:
    counts = (cards.count(1), cards.count(2), cards.count(3))
    hands = put(state.hands, seat, state.hands[seat].add_influence(counts))
    supply = state.supply
    if supply is not None:
        supply = (supply[0] - counts[0], supply[1] - counts[1], supply[2] - counts[2], *supply[3:])
    ev.append(RefundTaken(seat, cards, owed))
    return evolve(state, hands=hands, supply=supply)


def _take_refund(state: State, c: Conflict, action: TakeRefund, ev: list[Event]) -> State:
    if c.refund_seat < 0:
        illegal("WL-CONF-9", "no refund is waiting to be taken")
    if action.seat != c.refund_seat:
        illegal("WL-CONF-9", f"seat {c.refund_seat} takes the refund, not seat {action.seat}")
    options = refund_options(state, c.refund_owed)
    cards = tuple(sorted(action.cards, reverse=True))
    if cards not in options:
        total = sum(options[0]) if options else 0
        illegal("WL-CONF-13", f"the refund is {total} in cards of value 1, 2 or 3"
                f"{' that the supply holds' if state.supply is not None else ''}, e.g. {list(default_split(total))}")
    state = _pay_refund(state, action.seat, cards, c.refund_owed, ev)
    return _next_round(state, evolve(c, refund_seat=-1, refund_owed=0), ev)


def _next_round(state: State, c: Conflict, ev: list[Event]) -> State:
    if len(c.remaining) >= 2:
        return evolve(state, step=ResolveStep(c, state.step.no_claims))
    return _settle(state, c.province, c.remaining[0], ev, contested=True)


def _settle(state: State, i: int, seat: int, ev: list[Event], contested: bool, **changes) -> State:
    """WL-CONF-4, WL-CONF-14: the chip takes the winner's colour; every marker there returns."""
    state = settle_province(state, i, seat, step=ResolveStep(None, state.step.no_claims), **changes)
    ev.append(ProvinceSettled(state.board.provinces[i].id, seat, state.chips[i], contested))
    if not state.rules.emperor_check_end_of_phase:
        state = emperor_check(state, ev, "WL-EMP-2")
    return state


# -- automatic steps ---------------------------------------------------------------------------

def advance(state: State, ev: list[Event]) -> State | None:
    """Take the steps that need no decision; None when a player must act."""
    if state.step.conflict is not None:
        return None
    s = choices(state)
    if s == 0:
        return _end_phase(state, ev)
    first = palace_first(state)
    if first >= 0:
        return _resolve(state, first, ev, forced=True)
    if s & (s - 1) == 0:      # one province left: the emperor's choice is no choice
        return _resolve(state, s.bit_length() - 1, ev, forced=False)
    return None


def _end_phase(state: State, ev: list[Event]) -> State:
    if state.rules.emperor_check_end_of_phase:
        state = emperor_check(state, ev, "WL-EMP-2 (WL_EMPEROR_CHECK_END_OF_PHASE)")
    if state.rules.designer and state.year == 1:
        state = _lay_out_tiles(state, ev)
    reason = final_year_reason(state)
    if reason:
        ev.append(FinalYear(state.year, reason))
    return evolve(state, phase=Phase.EMPEROR_POINT, step=None, final_year=bool(reason))


def _lay_out_tiles(state: State, ev: list[Event]) -> State:
    """WL_DESIGNER [RECON]: one pool tile face up on every other empty in-play province."""
    laid = []
    for i in state.board.in_play:
        if not state.chips[i] and state.pool:
            state = set_chip(state, i, state.pool[0], pool=state.pool[1:])
            laid.append((state.board.provinces[i].id, state.chips[i]))
    ev.append(TilesLaidOut(tuple(laid)))
    return state


def final_year_reason(state: State) -> str:
    """WL-END-1 / WL-END-4 (and the 4 turns of WL_DESIGNER): why this year is the last, or ''."""
    if state.rules.designer:
        return "the designer rules last exactly 4 turns (WL_DESIGNER)" if state.year >= 4 else ""
    neutral = state.neutral_mask()
    if not neutral:
        if not state.empty_mask():
            return "every province in play has an owner (WL-END-1)"
        if not state.pool:
            return "no neutral chip is left and the pool is empty (WL-END-4)"
        return ""
    step = state.step
    if state.rules.optional_placement and isinstance(step, ResolveStep) and step.no_claims:
        return "nobody placed a marker although neutral provinces remain (WL-END-4)"
    return ""
