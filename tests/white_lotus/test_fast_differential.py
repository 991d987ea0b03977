"""The engine against the oracle (the phase modules it replaced, frozen in ``tests/white_lotus/oracle``):
seeded random games of 3 to 6 players under every flag and every pair of flags, compared at every step
through the public API (who acts, the legal actions in order, the whole state, its events, and which
actions are refused, with the rule id and the words) and through the fast core underneath it (the same
legal codes, flat states, events and refusals)."""

from __future__ import annotations

import itertools
import random

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.white_lotus import engine
from lotus_kit.white_lotus.actions import (
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
from lotus_kit.white_lotus.fast import action_of, core, decode, encode
from lotus_kit.white_lotus.fast.refusals import play, refusal
from lotus_kit.white_lotus.rules import FLAGS, RuleSet
from tests.white_lotus.oracle.engine import apply, legal_actions, new_game, to_act

FLAG_SETS = [(), *((f,) for f in FLAGS), *itertools.combinations(FLAGS, 2)]


def _strays(state, rng: random.Random, seats: list[int]) -> list:
    """Actions worth trying that may or may not be legal: other seats' and phases' actions, odd cards,
    provinces anywhere on the board (and off it), malformed fields."""
    n = state.players
    out = []
    for seat in range(n):
        if seat not in seats:
            out.append(rng.choice([Bid(seat, (seat + 1) % n, (1,)), JoinSide(seat, None, ()),
                                   TakeIncome(seat, 0), Pass(seat), DeclareRebellion(seat, True),
                                   TakeReward(seat, None), TempleDraw(seat, True), BreakTie(seat, 0)]))
    seat = rng.choice(seats)
    other = rng.choice([x for x in range(n) if x != seat])
    pid = rng.choice([p.id for p in state.board.provinces] + ["nowhere"])
    out += [Bid(seat, seat, ()), Bid(seat, (seat + 1) % n, (3, 3, 3, 3, 3, 3, 3, 3)), Bid(seat, other, (5,)),
            Bid(seat, other, ()), TakeRefund(seat, (2, 2)), TakeRefund(seat, (1,)),
            JoinSide(seat, "emperor", (1, 1, 1, 1, 1, 1)), JoinSide(seat, "rebels", (0,)),
            JoinSide(seat, None, ()), JoinSide(seat, "emperor", ()),
            TakeIncome(seat, 0, influence=(1,) * 10), TakeIncome(seat, 0, combat=(9,)), TakeIncome(seat, 7),
            PlaceMarker(seat, pid), ChooseProvince(seat, pid), PlaceChip(seat, pid), TakeReward(seat, pid),
            Pass(seat), BreakTie(seat, other), DeclareRebellion(seat, False), TempleDraw(seat, False),
            Bid(seat, other, [1]), Pass(n), Pass(-1)]
    return out


def _same_refusal(state, public, table, fast, action, where, seen: set | None = None) -> None:
    """The oracle, the engine and the core refuse ``action`` alike (rule id and words) or all accept it."""
    try:
        apply(state, action)
        engine_refusal = None
    except IllegalAction as refused:
        engine_refusal = str(refused)
    try:
        engine.apply(public, action)
        public_refusal = None
    except IllegalAction as refused:
        public_refusal = str(refused)
    assert public_refusal == engine_refusal, (where, action)
    assert (core.accept(table, fast, action) is not None) == (engine_refusal is None), (where, action)
    core_refusal = refusal(table, fast, action)
    assert (None if core_refusal is None else str(core_refusal)) == engine_refusal, (where, action)
    if engine_refusal is not None:
        with pytest.raises(IllegalAction) as raised:
            play(table, fast, action)
        assert str(raised.value) == engine_refusal
        if seen is not None:
            seen.add(engine_refusal.split(":")[0])


def play_both(players: int, seed: int, flags: tuple[str, ...], strays: int = 1, every_seat: bool = True,
              seen: set | None = None) -> int:
    """One random game through the oracle, the public engine and the core; returns the number of actions.
    Fails at the first difference.

    ``strays``: try odd actions on both at every ``strays``-th step (0: never); ``every_seat``: compare
    the legal actions of every seat, not only the one that acts."""
    rules = RuleSet.from_flags(flags)
    state = new_game(players, seed, rules)
    public = engine.new_game(players, seed, rules)
    assert public == state and public.events == state.events
    table, fast = encode(state)
    assert decode(table, fast) == state
    rng = random.Random(seed)
    steps = 0
    previous: list = []
    while not state.is_over:
        seats = sorted(to_act(state))
        where = f"{players} players, seed {seed}, flags {flags}, step {steps}"
        assert core.to_act(table, fast) == sum(1 << s for s in seats), where
        assert engine.to_act(public) == to_act(state), where
        assert engine.legal_actions(public) == legal_actions(state), where
        for seat in range(state.players) if every_seat else seats:
            assert [action_of(c) for c in core.legal(table, fast, seat)] == legal_actions(state, seat), where
            assert engine.legal_actions(public, seat) == legal_actions(state, seat), where
        if strays and steps % strays == 0:
            for action in _strays(state, rng, seats) + previous:
                _same_refusal(state, public, table, fast, action, where, seen)
        seat = rng.choice(seats)
        options = legal_actions(state, seat)
        action = rng.choice(options)
        previous = options[:3]
        state = apply(state, action)
        public = engine.apply(public, action)
        assert public == state and public.events == state.events, where
        code, choice = core.accept(table, fast, action)
        events: list = []
        fast = core.apply(table, fast, code, choice, events)
        assert tuple(events) == state.events, where
        mirror = decode(table, fast)
        assert mirror == state, where
        if every_seat:      # the masks the facade takes from the core are the ones a State derives
            assert (mirror.owned, mirror.kinds, mirror.claimed) == (state.owned, state.kinds, state.claimed), where
        steps += 1
    return steps


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "published")
def test_fast_core_matches_the_engine_in_random_games(flags):
    index = FLAG_SETS.index(flags)
    for k in range(3):
        players = 3 + (index + k) % 4
        assert play_both(players, 7919 * index + k, flags, strays=5 if k == 0 else 0, every_seat=k == 0) > 0


def test_fast_core_refuses_with_the_engines_rule_and_words_across_the_rules():
    """Odd actions at every step of a few games: the refusals met span every phase's rules."""
    seen: set = set()
    for k, flags in enumerate([(), ("WL_FINITE_SUPPLY", "WL_ENFORCE_CHIP_LIMIT"), ("WL_DESIGNER",),
                               ("WL_NEWTERR_ADJ_OWNED",)]):
        play_both(3 + k, 500 + k, flags, strays=1, every_seat=False, seen=seen)
    expected = {"WL-INFO-5", "WL-SETUP-1", "WL-YEAR-1", "WL-PLACE-2", "WL-PLACE-3", "WL-PLACE-4", "WL-CONF-1",
                "WL-CONF-3", "WL-CONF-6", "WL-CONF-8", "WL-CONF-9", "WL-CONF-13", "WL-CONF-14", "WL-INFO-3",
                "WL-REB-2", "WL-REB-3", "WL-REB-4", "WL-REB-8", "WL-REB-9", "WL-REB-10", "WL-REB-14",
                "WL-CARDS-2", "WL-CARDS-6", "WL-TERR-1", "WL-TERR-2", "WL-TERR-7"}
    assert expected <= seen, sorted(expected - seen)


def test_fast_core_refuses_any_action_once_the_game_is_over_as_the_engine_does():
    state = new_game(3, 2)
    rng = random.Random(2)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
    table, fast = encode(state)
    _same_refusal(state, decode(table, fast), table, fast, Pass(0), "game over")
    assert str(refusal(table, fast, Pass(0))) == "WL-END-2: the game is over"


def test_fast_core_round_trips_every_state_of_a_game():
    rules = RuleSet()
    state = new_game(5, 3, rules)
    rng = random.Random(3)
    while not state.is_over:
        table, fast = encode(state)
        assert decode(table, fast) == state
        state = apply(state, rng.choice(legal_actions(state, min(to_act(state)))))
    table, fast = encode(state)
    assert decode(table, fast) == state and state.scores and state.winners


def _oracle_game(state, seeds: list[int]):
    """Random bots through the oracle: seat k draws from ``random.Random(seeds[k])``, sealed choices
    lowest seat first (as ``play_game`` asks them); returns the end and the generators."""
    rngs = [random.Random(k) for k in seeds]
    while not state.is_over:
        seat = min(to_act(state))
        state = apply(state, rngs[seat].choice(legal_actions(state, seat)))
    return state, rngs


@pytest.mark.parametrize("players,flags", [(3, ()), (4, ("WL_FINITE_SUPPLY", "WL_ENFORCE_CHIP_LIMIT")),
                                           (5, ("WL_DESIGNER",)), (6, ("WL_OPTIONAL_PLACEMENT",))])
def test_play_game_with_random_bots_on_the_fast_core_gives_the_oracles_game(players, flags):
    from lotus_kit.white_lotus.bots import RandomBot, play_game

    rules = RuleSet.from_flags(flags)
    fast_bots = [RandomBot(40 + k) for k in range(players)]
    fast = play_game(engine.new_game(players, 11, rules), fast_bots)
    slow, rngs = _oracle_game(new_game(players, 11, rules), [40 + k for k in range(players)])
    assert fast.is_over and fast == slow and fast.events == slow.events and fast.winners == slow.winners
    # the generators drew the same numbers, so later draws agree too
    assert [b.rng.random() for b in fast_bots] == [r.random() for r in rngs]


def test_monte_carlo_random_rollouts_choose_alike_on_the_fast_core_and_through_the_engine():
    from lotus_kit.analysis.mcbot import MonteCarloBot

    state = engine.new_game(4, 3)
    for _ in range(6):
        state = engine.apply(state, engine.legal_actions(state, min(engine.to_act(state)))[0])
    seat = min(engine.to_act(state))
    picks, values = [], []
    for fast in (True, False):
        bot = MonteCarloBot(2, determinisations=2, rollout="random", fast=fast)
        picks.append(bot.choose(state, seat))
        values.append(bot.values)
        assert bot.samples == [2] and len(bot.values) > 1
    # the same rollouts, so the same evaluation of every candidate
    assert values[0] == values[1] and picks[0] == picks[1] and picks[0] in engine.legal_actions(state, seat)


def test_monte_carlo_heuristic_rollouts_choose_alike_on_the_fast_core_and_through_the_engine():
    from lotus_kit.analysis.mcbot import MonteCarloBot

    state = engine.new_game(5, 8)
    for _ in range(9):
        state = engine.apply(state, engine.legal_actions(state, min(engine.to_act(state)))[-1])
    seat = min(engine.to_act(state))
    picks, values = [], []
    for fast in (True, False):
        bot = MonteCarloBot(4, determinisations=2, fast=fast)
        picks.append(bot.choose(state, seat))
        values.append(bot.values)
        assert bot.samples == [2] and len(bot.values) > 1
    assert values[0] == values[1] and picks[0] == picks[1] and picks[0] in engine.legal_actions(state, seat)


@pytest.mark.parametrize("flags", FLAG_SETS[:12], ids=lambda f: "+".join(f) or "published")
def test_fast_core_deals_a_new_game_as_the_engine_does(flags):
    rules = RuleSet.from_flags(flags)
    for players, seed, first in ((3, 0, None), (4, -7, None), (5, 12345, 2), (6, 3, None)):
        table, fast = core.new_game(players, seed, rules, first)
        dealt = new_game(players, seed, rules, first)
        assert decode(table, fast) == dealt
        public = engine.new_game(players, seed, rules, first)
        assert public == dealt and public.events == dealt.events

