"""The bots on the fast core against the bots through the engine: the heuristic bot picks the same
action at every step, and whole games (states and events) come out the same."""

from __future__ import annotations

import pytest

from lotus_kit.white_lotus.bots import HeuristicBot, RandomBot, bot_game, play_game
from lotus_kit.white_lotus.engine import apply, new_game, to_act
from lotus_kit.white_lotus.fast import code_of, core, encode
from lotus_kit.white_lotus.fast.heuristic import FastHeuristic
from lotus_kit.white_lotus.rules import FLAGS, RuleSet

FLAG_SETS = [(), *((f,) for f in FLAGS), ("WL_FINITE_SUPPLY", "WL_ENFORCE_CHIP_LIMIT"),
             ("WL_DESIGNER", "WL_OPTIONAL_PLACEMENT")]


class _Through(HeuristicBot):
    """A heuristic bot play_game cannot recognise, so its game runs through the engine."""


def _step_by_step(players: int, seed: int, flags: tuple[str, ...]) -> int:
    """Both bots choose at every step of one game from generators in the same state."""
    state = new_game(players, seed, RuleSet.from_flags(flags))
    table, fast = encode(state)
    slow_bots = [HeuristicBot(seed * 10 + k) for k in range(players)]
    fast_bots = [FastHeuristic(HeuristicBot(seed * 10 + k)) for k in range(players)]
    steps = 0
    while not state.is_over:
        seat = min(to_act(state))
        assert core.first_to_act(table, fast) == seat
        action = slow_bots[seat].choose(state, seat)
        code = fast_bots[seat].choose(table, fast, seat)
        assert code == code_of(action), (players, seed, flags, steps, action)
        state = apply(state, action)
        fast = core.apply(table, fast, code)
        steps += 1
    assert [b.rng.random() for b in slow_bots] == [b.rng.random() for b in fast_bots]
    return steps


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "published")
def test_fast_heuristic_bot_chooses_what_the_heuristic_bot_chooses_at_every_step(flags):
    index = FLAG_SETS.index(flags)
    for k in range(2):
        assert _step_by_step(3 + (index + k) % 4, 31 * index + k, flags) > 20


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_play_game_with_heuristic_and_random_bots_on_the_fast_core_gives_the_engines_game(players):
    start = new_game(players, 100 + players)
    kinds = [HeuristicBot if k % 2 == 0 else RandomBot for k in range(players)]
    fast_bots = [kind(7 + k) for k, kind in enumerate(kinds)]
    slow_bots = [(_Through if kind is HeuristicBot else kind)(7 + k) for k, kind in enumerate(kinds)]
    fast_seen, slow_seen = [], []
    fast = play_game(start, fast_bots, on_action=lambda b, a, after: fast_seen.append((b, a, after, after.events)))
    slow = play_game(start, slow_bots, on_action=lambda b, a, after: slow_seen.append((b, a, after, after.events)))
    assert fast.is_over and fast == slow and fast.events == slow.events and len(fast_seen) == len(slow_seen) > 50
    assert fast_seen == slow_seen           # every state, action and event on the way
    # without on_action the fast path plays to the end alone: the same final state and events
    again = play_game(start, [kind(7 + k) for k, kind in enumerate(kinds)])
    assert again == fast and again.events == fast.events


def test_bot_game_keeps_every_state_with_its_events_on_the_fast_core():
    states = bot_game(4, 3)
    through: list = [new_game(4, 3)]
    play_game(through[0], [_Through(30 + k) for k in range(4)], on_action=lambda b, a, after: through.append(after))
    assert states[-1].is_over and len(states) == len(through) > 100
    assert states == through and [s.events for s in states] == [s.events for s in through]
