"""Phase 4: the rebellion (WL-REB)."""

from __future__ import annotations

from functools import lru_cache

from lotus_kit.core.errors import quote
from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide, TakeReward
from lotus_kit.white_lotus.board import bit_list, iter_bits, neighbourhood
from lotus_kit.white_lotus.cards import card_combos, counts_of
from lotus_kit.white_lotus.events import (
    Event,
    NoRebellion,
    RebellionAnswered,
    RebellionResolved,
    RewardTaken,
)
from lotus_kit.white_lotus.state import RebellionStep, State
from tests.white_lotus.oracle.common import (
    BUILDING_INDEX,
    MAX_SEATS,
    SEAT_SETS,
    change_owner,
    distance,
    emperor_check,
    evolve,
    illegal,
    pname,
    province_actions,
    province_index,
    put,
    rebellion_with_commitments,
    seat_set,
    with_step,
)


def ask_order(state: State) -> tuple[int, ...]:
    """WL-REB-1/2: non-emperors owning a village, most villages first, ties clockwise from the emperor's left."""
    eligible = [s for s in range(state.players) if s != state.emperor and state.villages(s) > 0]
    return tuple(sorted(eligible, key=lambda s: (-state.villages(s), distance(state, state.emperor, s))))


def begin(state: State, ev: list[Event]) -> State:
    order = ask_order(state)
    if not order:
        ev.append(NoRebellion("nobody but the emperor owns a village (WL-REB-1)"))
        return _end(evolve(state, step=None), ev)
    return evolve(state, step=RebellionStep(ask_order=order))


def side_of(step: RebellionStep, emperor: int, seat: int) -> str:
    if seat == emperor:
        return "emperor"
    if seat == step.leader:
        return "rebels"
    return next(c.side for c in step.commitments if c.seat == seat)


def reward_targets(state: State, seat: int) -> int:
    """WL-REB-10: provinces of losing players who lost none yet, next to one of the taker's own."""
    step: RebellionStep = state.step
    losers = step.losers & ~step.lost_one
    mask = 0
    for seat_lost in iter_bits(losers):
        mask |= state.owned[seat_lost]
    if not state.rules.reward_no_adjacency:
        mask &= neighbourhood(state.board, state.owned[seat])
    if state.stock is not None:
        mask = sum(1 << i for i in iter_bits(mask) if state.stock[seat][BUILDING_INDEX[state.chips[i]]] > 0)
    return mask


def to_act(state: State) -> frozenset[int]:
    step: RebellionStep = state.step
    if step.leader < 0:
        return SEAT_SETS[step.ask_order[step.asked]]
    if not step.winner:
        mask = (1 << state.players) - 1
        for c in step.commitments:
            mask &= ~(1 << c.seat)
        return seat_set(mask)
    return SEAT_SETS[step.reward_order[step.rewarded]]


def legal(state: State, seat: int) -> list:
    step: RebellionStep = state.step
    if step.leader < 0:
        return list(_DECLARATIONS[seat]) if seat == step.ask_order[step.asked] else []
    if not step.winner:
        if not 0 <= seat < state.players:
            return []
        for c in step.commitments:
            if c.seat == seat:
                return []
        sides = (None,) if seat in (state.emperor, step.leader) else ("emperor", "rebels")
        return list(_commitments(seat, sides, state.hands[seat][4:]))
    if seat != step.reward_order[step.rewarded]:
        return []
    row = province_actions(TakeReward, state)[seat]
    out = [row[i] for i in bit_list(reward_targets(state, seat))]
    out.append(_VP_REWARDS[seat])
    return out


_DECLARATIONS = tuple((DeclareRebellion(seat, True), DeclareRebellion(seat, False)) for seat in range(MAX_SEATS))
_VP_REWARDS = tuple(TakeReward(seat, None) for seat in range(MAX_SEATS))


@lru_cache(maxsize=4096)
def _commitments(seat: int, sides: tuple, counts: tuple[int, int, int]) -> tuple[JoinSide, ...]:
    combos = card_combos(counts)
    out: list[JoinSide] = []
    for side in sides:
        made = _JOINS_MADE[seat].setdefault(side, {})
        if len(made) > 20000:           # a bound on memory; the commitments are remade on demand
            made.clear()
        for cards in combos:
            join = made.get(cards)
            if join is None:
                join = made[cards] = JoinSide(seat, side, cards)
            out.append(join)
    return tuple(out)


_JOINS_MADE: tuple[dict, ...] = tuple({} for _ in range(MAX_SEATS))


def apply(state: State, action, ev: list[Event]) -> State:
    step: RebellionStep = state.step
    if isinstance(action, DeclareRebellion):
        if step.leader >= 0:
            illegal("WL-REB-2", f"seat {step.leader} already leads the rebellion")
        if action.seat not in to_act(state):
            who = step.ask_order[step.asked]
            illegal("WL-REB-2", f"the emperor asks seat {who} now (villages: most first), not seat {action.seat}")
        ev.append(RebellionAnswered(action.seat, state.villages(action.seat), action.lead))
        if action.lead:
            return evolve(state, step=evolve(step, leader=action.seat))
        step = evolve(step, asked=step.asked + 1)
        if step.asked == len(step.ask_order):
            ev.append(NoRebellion("every player asked declined to lead (WL-REB-2)"))
            return _end(evolve(state, step=None), ev)
        return evolve(state, step=step)
    if isinstance(action, JoinSide):
        return _join(state, step, action, ev)
    if isinstance(action, TakeReward):
        return _reward(state, step, action, ev)
    illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 4 action")


def _join(state: State, step: RebellionStep, action: JoinSide, ev: list[Event]) -> State:
    seat = action.seat
    if step.leader < 0:
        illegal("WL-REB-2", "nobody leads a rebellion yet")
    if step.winner:
        illegal("WL-REB-4", "the commitments are revealed already")
    if any(c.seat == seat for c in step.commitments):
        illegal("WL-INFO-3", "you have already committed your side and combat cards")
    own = "emperor" if seat == state.emperor else "rebels" if seat == step.leader else None
    side = action.side
    if own is not None:
        if side not in (None, own):
            illegal("WL-REB-3", f"a leader fights on his own side ({own})")
        side = own
    elif side not in ("emperor", "rebels"):
        illegal("WL-REB-14", 'every player other than the two leaders must pick a side: "emperor" or "rebels"')
    cards = action.cards
    n1, n2, n3 = cards.count(1), cards.count(2), cards.count(3)
    if n1 + n2 + n3 != len(cards):
        illegal("WL-REB-4", f"combat cards have values 1 to 3, not {quote(list(cards))}")
    hand = state.hands[seat]
    if n1 > hand[4] or n2 > hand[5] or n3 > hand[6]:
        illegal("WL-REB-4", f"you do not hold the combat cards {quote(list(cards))}; you hold "
                f"{list(hand.combat_cards())}")
    canonical = (3,) * n3 + (2,) * n2 + (1,) * n1
    commit = action if side == action.side and canonical == cards else JoinSide(seat, side, canonical)
    commitments = step.commitments
    k = 0
    while k < len(commitments) and commitments[k].seat < seat:
        k += 1
    step = rebellion_with_commitments(step, (*commitments[:k], commit, *commitments[k:]))
    if len(commitments) + 1 < state.players:
        return with_step(state, step)
    return _reveal(state, step, ev)


def _reveal(state: State, step: RebellionStep, ev: list[Event]) -> State:
    """WL-REB-5..8: strengths with the leaders' bonuses, a tie to the emperor, discards, reward order."""
    emperor, leader = state.emperor, step.leader
    palace_bonus = 2 * state.palaces(emperor)
    village_bonus = state.villages(leader)
    totals = {"emperor": palace_bonus, "rebels": village_bonus}
    hands, supply = list(state.hands), list(state.supply) if state.supply is not None else None
    for c in step.commitments:
        totals[c.side] += sum(c.cards)
        counts = counts_of(c.cards, (1, 2, 3))
        hands[c.seat] = hands[c.seat].add_combat(counts, -1)
        if supply is not None:
            for k in range(3):
                supply[3 + k] += counts[k]
    winner = "rebels" if totals["rebels"] > totals["emperor"] else "emperor"
    head = leader if winner == "rebels" else emperor
    value = {c.seat: sum(c.cards) for c in step.commitments}
    allies = [c.seat for c in step.commitments if c.side == winner and c.seat != head]
    if state.rules.reward_requires_combat:
        allies = [s for s in allies if value[s] > 0]
    allies.sort(key=lambda s: (-value[s], distance(state, head, s)))
    losers = sum(1 << c.seat for c in step.commitments if c.side != winner)
    order = (head, *allies)
    ev.append(RebellionResolved(
        emperor=emperor, leader=leader, sides=tuple((c.seat, c.side) for c in step.commitments),
        combat=tuple((c.seat, c.cards) for c in step.commitments), palace_bonus=palace_bonus,
        village_bonus=village_bonus, emperor_total=totals["emperor"], rebel_total=totals["rebels"],
        winner=winner, reward_order=order))
    step = evolve(step, winner=winner, reward_order=order, losers=losers)
    return evolve(state, step=step, hands=tuple(hands), supply=tuple(supply) if supply is not None else None)


def _reward(state: State, step: RebellionStep, action: TakeReward, ev: list[Event]) -> State:
    if not step.winner:
        illegal("WL-REB-8", "rewards come after the rebellion is decided")
    current = step.reward_order[step.rewarded]
    if action.seat != current:
        illegal("WL-REB-8", f"seat {current} chooses a reward now, not seat {action.seat}")
    if action.province is None:
        # VP chips never run out (WL-COMP-7, WL-SCORE-6)
        ev.append(RewardTaken(action.seat, None, None, None, "he prefers the VP chip (WL-REB-9b)"))
        state = evolve(state, vp_chips=put(state.vp_chips, action.seat, state.vp_chips[action.seat] + 1))
    else:
        i = province_index(state, action.province, "WL-REB-9")
        if not reward_targets(state, action.seat) >> i & 1:
            illegal(*_why_not_reward(state, step, action.seat, i))
        loser = state.owners[i]
        ev.append(RewardTaken(action.seat, action.province, loser, state.chips[i], "WL-REB-9a"))
        state = change_owner(state, i, action.seat)
        step = evolve(step, lost_one=step.lost_one | 1 << loser)
    return evolve(state, step=evolve(step, rewarded=step.rewarded + 1))


def _why_not_reward(state: State, step: RebellionStep, seat: int, i: int) -> tuple[str, str]:
    name, owner = pname(state, i), state.owners[i]
    if owner < 0 or not step.losers >> owner & 1:
        return "WL-REB-9", f"{name} does not belong to a player on the losing side"
    if step.lost_one >> owner & 1:
        return "WL-REB-10", f"seat {owner} has already lost a province in this rebellion"
    if state.stock is not None and state.stock[seat][BUILDING_INDEX[state.chips[i]]] <= 0:
        return "WL-VAR-1", f"you have no {state.chips[i]} chip left in stock"
    return "WL-REB-10", f"{name} does not border a province you own"


def advance(state: State, ev: list[Event]) -> State | None:
    """Automatic steps: a winner with nothing to take gets the VP chip; the closing emperor check."""
    step = state.step
    if not step.winner:
        return None
    # WL-REB-10 iii: the chips go without asking only once nobody left in the order can take a
    # province; until then each winner is asked in turn (one with nothing to take may only take the
    # chip), so no chip is given, and no event told, before that
    for seat in step.reward_order[step.rewarded:]:
        if reward_targets(state, seat):
            return None
    while step.rewarded < len(step.reward_order):
        seat = step.reward_order[step.rewarded]
        ev.append(RewardTaken(seat, None, None, None, "no province can be taken (WL-REB-10 iii)"))
        state = evolve(state, vp_chips=put(state.vp_chips, seat, state.vp_chips[seat] + 1),
                        step=evolve(step, rewarded=step.rewarded + 1))
        step = state.step
    state = emperor_check(state, ev, "WL-REB-12", step.reward_order)
    return _end(evolve(state, step=None), ev)


def _end(state: State, ev: list[Event]) -> State:
    from tests.white_lotus.oracle.engine import after_rebellion

    return after_rebellion(state, ev)
