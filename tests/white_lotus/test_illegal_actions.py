"""Illegal actions, generated: every one is refused with ``IllegalAction`` naming a rule id, and the
state is unchanged, equal to what it was and not mutated in place (WL-INFO-5, DESIGN: "The state
is unchanged").

Hypothesis draws a position from a random game (3 to 6 players, any flag set) and then an action:
a well-formed one of any type with any seat, province and cards (wrong seats, wrong phases, cards
not in hand, provinces not legal) or a malformed object (wrong field types, lists for tuples,
unknown action classes, None, plain values). An action the engine accepts must be a legal one:
listed by ``legal_actions`` or one of the equivalent spellings the rules allow (cards in another
order, a leader naming his own side, income or a refund split another way).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import ClassVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus.actions import (
    Action,
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
    TempleDraw,
)
from lotus_kit.white_lotus.board import default_board
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.queries import income
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

from .test_properties import FLAG_SETS

PROVINCES = [p.id for p in default_board().provinces]
_GAMES: dict[tuple[int, int, tuple[str, ...]], list[State]] = {}


def game_states(players: int, seed: int, flags: tuple[str, ...]) -> list[State]:
    """Every state of one uniformly random game (cached: hypothesis asks for the same games often)."""
    key = (players, seed, flags)
    if key not in _GAMES:
        rng = random.Random(seed)
        state = new_game(players, seed, RuleSet.from_flags(flags))
        states = [state]
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state, rng.choice(sorted(to_act(state))))))
            states.append(state)
        _GAMES[key] = states
    return _GAMES[key]


@st.composite
def positions(draw) -> State:
    players = draw(st.integers(3, 6))
    seed = draw(st.integers(0, 7))                  # a few games, many of their states
    flags = draw(st.sampled_from(FLAG_SETS[:12] + FLAG_SETS[12::9]))
    states = game_states(players, seed, flags)
    return states[draw(st.integers(0, len(states) - 1))]


seats = st.integers(-2, 7)
provinces = st.one_of(st.sampled_from(PROVINCES), st.sampled_from(["", "NOWHERE", "chen", "CHEN "]))
card_values = st.lists(st.integers(-1, 4), max_size=9).map(tuple)
sides = st.sampled_from([None, "emperor", "rebels"])

well_formed = st.one_of(
    st.builds(PlaceMarker, seats, provinces),
    st.builds(Pass, seats),
    st.builds(ChooseProvince, seats, provinces),
    st.builds(Bid, seats, seats, card_values),
    st.builds(BreakTie, seats, seats),
    st.builds(TakeRefund, seats, card_values),
    st.builds(DeclareRebellion, seats, st.booleans()),
    st.builds(JoinSide, seats, sides, card_values),
    st.builds(TakeReward, seats, st.one_of(st.none(), provinces)),
    st.builds(TakeIncome, seats, st.integers(-1, 5), st.one_of(st.none(), card_values),
              st.one_of(st.none(), card_values)),
    st.builds(PlaceChip, seats, provinces),
    st.builds(TempleDraw, seats, st.booleans()),
)


@dataclass(frozen=True)
class Teleport(Action):
    """Not an action of the game, though it looks like one."""

    province: str = "CHEN"
    phase: ClassVar[int] = 1


class FakeBid:
    """Quacks like a Bid."""

    def __init__(self, seat, target, cards):
        self.seat, self.target, self.cards, self.phase = seat, target, cards, 2


# for each field, values of a wrong type (None only where the field does not allow it)
WRONG = {
    "seat": [None, 1.0, "1", True, [1]], "target": [None, 1.0, "1", False], "leaver": [None, 0.0, "0"],
    "palaces_for_combat": [None, 1.0, "1", True], "province": [5, ["CHEN"], b"CHEN", ("CHEN",)],
    "lead": [None, 1, "yes", 0], "draw": [None, 1, "no"], "cards": [None, [3], "32", (3.0,), (True,), ("3",)],
    "influence": [[3], "3", (1.5,), 7], "combat": [[1], (None,), 2], "side": ["Emperor", 1, "", ["rebels"]],
}


@st.composite
def _malformed_fields(draw) -> Action:
    """A real action type with one field of a wrong type (lists for tuples, text for numbers, ...)."""
    base = draw(well_formed)
    name = draw(st.sampled_from([f.name for f in fields(base)]))
    value = draw(st.sampled_from(WRONG[name]))
    if name == "province" and type(base) is not TakeReward:
        value = draw(st.sampled_from([*WRONG[name], None]))
    bad = object.__new__(type(base))
    for f in [f.name for f in fields(base)]:
        object.__setattr__(bad, f, value if f == name else getattr(base, f))
    return bad


malformed = st.one_of(
    _malformed_fields(),
    st.builds(Teleport, seats),
    st.builds(FakeBid, seats, seats, card_values),
    st.sampled_from([None, 0, "PlaceMarker", ("PlaceMarker", 0, "CHEN"), {"type": "Pass", "seat": 0}]),
    st.builds(Bid, seats, seats, st.lists(st.integers(0, 3), max_size=3)),   # cards as a list
    st.builds(Bid, seats, seats, st.lists(st.sampled_from([1.0, True, "3", None]), min_size=1, max_size=3)
              .map(tuple)),
    st.builds(JoinSide, seats, st.sampled_from(["Emperor", "rebel", 1, ""]), card_values),
)


def _listed_equivalent(state: State, action) -> bool:
    """Whether an accepted action is one the rules allow, in a spelling the legal list may not show."""
    if type(action) not in (PlaceMarker, Pass, ChooseProvince, Bid, BreakTie, TakeRefund, DeclareRebellion,
                            JoinSide, TakeReward, TakeIncome, PlaceChip, TempleDraw):
        return False
    listed = legal_actions(state, action.seat)
    if action in listed:
        return True
    if type(action) is Bid:
        return Bid(action.seat, action.target, tuple(sorted(action.cards, reverse=True))) in listed
    if type(action) is JoinSide:
        canonical = tuple(sorted(action.cards, reverse=True))
        return any(a.cards == canonical and (a.side == action.side or a.side is None) for a in listed)
    if type(action) is TakeRefund:
        return tuple(sorted(action.cards, reverse=True)) in {a.cards for a in listed}
    if type(action) is TakeIncome:
        plain = TakeIncome(action.seat, action.palaces_for_combat)
        owed = income(state, action.seat, action.palaces_for_combat)
        return plain in listed and all(
            cards is None or (sum(cards) == total and set(cards) <= {1, 2, 3})
            for cards, total in ((action.influence, owed[0]), (action.combat, owed[1])))
    return False


def _check_refused_or_legal(state: State, action) -> None:
    fields_before = tuple(getattr(state, name) for name in State.__slots__)
    copy = State.__new__(State)
    for name, value in zip(State.__slots__, fields_before, strict=True):
        object.__setattr__(copy, name, value)
    try:
        apply(state, action)
    except IllegalAction as exc:
        assert exc.rule.startswith("WL-"), exc
        assert str(exc).startswith(exc.rule + ": ") and exc.message
    else:
        assert _listed_equivalent(state, action), f"{action!r} was accepted in {state!r}"
    # the state is unchanged: equal, and not one of its fields was replaced or changed in place
    assert state == copy
    assert all(getattr(state, name) is value for name, value in zip(State.__slots__, fields_before, strict=True))
    assert state.events == copy.events


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions(), action=well_formed)
def test_well_formed_actions_are_refused_with_a_rule_id_or_are_legal(state, action):
    _check_refused_or_legal(state, action)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions(), action=malformed)
def test_malformed_actions_are_refused_with_WL_INFO_5_and_change_nothing(state, action):
    _check_refused_or_legal(state, action)
    try:
        apply(state, action)
    except IllegalAction as exc:
        # a malformed object is refused before any rule of a phase is asked
        assert exc.rule == "WL-INFO-5", exc
    else:
        raise AssertionError(f"{action!r} was accepted")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions(), data=st.data())
def test_legal_actions_of_other_seats_and_phases_are_refused(state, data):
    """Actions that would be legal for the seat to act, taken by another seat, or in another phase."""
    if state.is_over:
        return
    acting = sorted(to_act(state))
    action = data.draw(st.sampled_from(legal_actions(state, acting[0])))
    idle = [s for s in range(state.players) if s not in acting]
    if idle:
        other = data.draw(st.sampled_from(idle))
        moved = object.__new__(type(action))
        for f in [f.name for f in fields(action)]:
            object.__setattr__(moved, f, other if f == "seat" else getattr(action, f))
        _check_refused_or_legal(state, moved)
    # the same action one phase later (or earlier) in the same game
    states = game_states(state.players, 0, state.rules.flags())
    elsewhere = next((s for s in states if s.phase != state.phase and not s.is_over), None)
    if elsewhere is not None:
        _check_refused_or_legal(elsewhere, action)
