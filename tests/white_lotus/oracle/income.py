"""Phase 5: new cards (WL-CARDS)."""

from __future__ import annotations

from lotus_kit.white_lotus.actions import TakeIncome
from lotus_kit.white_lotus.cards import counts_of, default_split, greedy_from_supply
from lotus_kit.white_lotus.events import Event, IncomeTaken
from lotus_kit.white_lotus.state import IncomeStep, Phase, State
from tests.white_lotus.oracle.common import MAX_SEATS, evolve, illegal, seat_set, with_step

BASE_INFLUENCE, BASE_COMBAT = 10, 2          # WL-CARDS-1


def income(state: State, seat: int, palaces_for_combat: int = 0) -> tuple[int, int]:
    """WL-CARDS-1/2: (influence, combat) owed to ``seat``; each palace gives 2 influence or 1 combat.

    The building table is the reconstructed player aid (WL-COMP-11). The player picks the card
    values of each total (WL-CARDS-3), largest first by default.

    >>> from lotus_kit.white_lotus.position import position
    >>> s = position({"players": 3, "phase": 5, "owners": {"FENG": [0, "P"], "HENA": [0, "T"],
    ...     "DATO": [0, "R"], "JINA": [0, "R"], "CHEN": [0, "F"], "TIAN": [0, "V"], "LUZH": [0, "V"],
    ...     "TAIY": [0, "V"]}})
    >>> s.buildings(0)
    {'P': 1, 'T': 1, 'R': 2, 'F': 1, 'V': 3}
    >>> income(s, 0), income(s, 0, palaces_for_combat=1)
    ((17, 6), (15, 7))
    """
    mine, k = state.owned[seat], state.kinds          # the masks behind state.buildings(seat)
    p, t, r, f = (mine & k[0]).bit_count(), (mine & k[1]).bit_count(), (mine & k[2]).bit_count(), \
        (mine & k[3]).bit_count()
    influence = BASE_INFLUENCE + 2 * (p - palaces_for_combat) + 3 * t + r
    combat = BASE_COMBAT + palaces_for_combat + r + 2 * f
    return influence, combat


def begin(state: State, ev: list[Event]) -> State:
    return evolve(state, step=IncomeStep())


def to_act(state: State) -> frozenset[int]:
    mask = (1 << state.players) - 1
    for c in state.step.choices:
        mask &= ~(1 << c.seat)
    return seat_set(mask)


def _chosen(state: State, seat: int) -> bool:
    return any(c.seat == seat for c in state.step.choices)


def legal(state: State, seat: int) -> list:
    if not (0 <= seat < state.players) or _chosen(state, seat):
        return []
    return list(_INCOME_CHOICES[seat][:state.palaces(seat) + 1])


_INCOME_CHOICES = tuple(tuple(TakeIncome(seat, k) for k in range(40)) for seat in range(MAX_SEATS))


def apply(state: State, action, ev: list[Event]) -> State:
    if not isinstance(action, TakeIncome):
        illegal("WL-YEAR-1", f"{type(action).__name__} is not a phase 5 action: take your income")
    seat = action.seat
    if _chosen(state, seat):
        illegal("WL-INFO-3", "you have already chosen your income this year")
    palaces = state.palaces(seat)
    if type(action.palaces_for_combat) is not int or not 0 <= action.palaces_for_combat <= palaces:
        illegal("WL-CARDS-2", f"you own {palaces} palace(s); choose how many of them pay combat (0 to {palaces})")
    if action.influence is not None or action.combat is not None:
        influence, combat = income(state, seat, action.palaces_for_combat)
        for cards, total, what in ((action.influence, influence, "influence"), (action.combat, combat, "combat")):
            if cards is None:
                continue
            if state.supply is not None:
                illegal("WL-CARDS-6", "with a finite supply the cards are paid largest first from what is there")
            if counts_of(cards, (1, 2, 3)) is None or sum(cards) != total:
                illegal("WL-CARDS-6", f"your {what} is {total}, paid in cards of value 1, 2 or 3 that add up to it, "
                        f"e.g. {list(default_split(total))}")
    choices = state.step.choices
    k = 0
    while k < len(choices) and choices[k].seat < seat:
        k += 1
    step = IncomeStep((*choices[:k], action, *choices[k:]))
    if len(step.choices) < state.players:
        return with_step(state, step)
    return _pay(with_step(state, step), ev)


def _pay(state: State, ev: list[Event]) -> State:
    """Pay everyone; with a finite supply the emperor is paid first, then clockwise [RECON]."""
    hands, supply = list(state.hands), list(state.supply) if state.supply is not None else None
    by_seat = {c.seat: c for c in state.step.choices}
    for seat in state.clockwise_from(state.emperor):
        choice = by_seat[seat]
        influence, combat = income(state, seat, choice.palaces_for_combat)
        if supply is None:
            inf = counts_of(choice.influence, (1, 2, 3)) if choice.influence else _default_counts(influence)
            com = counts_of(choice.combat, (1, 2, 3)) if choice.combat else _default_counts(combat)
        else:
            inf = greedy_from_supply(influence, (supply[0], supply[1], supply[2]))
            com = greedy_from_supply(combat, (supply[3], supply[4], supply[5]))
            for k in range(3):
                supply[k] -= inf[k]
                supply[3 + k] -= com[k]
        got_inf = inf[0] + 2 * inf[1] + 3 * inf[2]
        got_com = com[0] + 2 * com[1] + 3 * com[2]
        hands[seat] = hands[seat].add_influence(inf).add_combat(com)
        ev.append(IncomeTaken(seat, got_inf, got_com, choice.palaces_for_combat,
                              lost=influence + combat - got_inf - got_com))
    return evolve(state, hands=tuple(hands), supply=tuple(supply) if supply is not None else None,
                   # WL_DESIGNER has no phase 6; otherwise WL-YEAR-3 moves the year on after phase 6
                   phase=Phase.NEW_PROVINCES if not state.rules.designer else Phase.CLAIMS, step=None,
                   year=state.year if not state.rules.designer else state.year + 1)


def _default_counts(total: int) -> tuple[int, int, int]:
    """``counts_of(default_split(total), (1, 2, 3))`` without building the cards.

    >>> all(_default_counts(t) == counts_of(default_split(t), (1, 2, 3)) for t in range(-2, 40))
    True
    """
    if total <= 0:
        return (0, 0, 0)
    threes, rest = divmod(total, 3)
    return (1 if rest == 1 else 0, 1 if rest == 2 else 0, threes)


def advance(state: State, ev: list[Event]) -> State | None:
    return None

