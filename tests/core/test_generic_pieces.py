"""The generic pieces every game reuses: the strict action/event codec, variant flags, the seeded
generator carried in a state, bots by name, the events table."""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from lotus_kit.core import rng
from lotus_kit.core.actions import Action, ActionCodec
from lotus_kit.core.bots import RandomBot, build_bot, make_bot, play_game
from lotus_kit.core.errors import RecordError
from lotus_kit.core.events import Event, event_from_dict
from lotus_kit.core.frame import event_rows
from lotus_kit.core.registry import get_game
from lotus_kit.white_lotus import events as wl_events
from lotus_kit.white_lotus.actions import ACTION_TYPES, action_from_dict
from lotus_kit.white_lotus.bots import bot_game


@dataclass(frozen=True, slots=True)
class Move(Action):
    heap: int
    count: int = 1
    cards: tuple[int, ...] = ()
    side: Literal["left", "right"] | None = None


CODEC = ActionCodec([Move])


@pytest.mark.parametrize("raw, where, words", [
    ({"type": "Move", "seat": 0, "heap": True}, "a.heap", "expected a whole number, got True"),
    ({"type": "Move", "seat": 0, "heap": 1.0}, "a.heap", "expected a whole number, got 1.0"),
    ({"type": "Move", "seat": 0}, "a.heap", "Move needs the field 'heap'"),
    ({"type": "Move", "seat": 0, "heap": 1, "extra": 2}, "a.extra", "Move has no field 'extra'"),
    ({"type": "Move", "seat": 0, "heap": 1, "cards": [1, "2"]}, "a.cards[1]", "expected a whole number, got '2'"),
    ({"type": "Move", "seat": 0, "heap": 1, "side": "up"}, "a.side", "expected 'left' or 'right' or null"),
    ({"type": "Jump", "seat": 0}, "a.type", "unknown action type 'Jump'; known: Move"),
    ([1, 2], "a", "an action must be an object, got list"),
])
def test_the_action_codec_refuses_each_malformed_field_at_its_place(raw, where, words):
    with pytest.raises(RecordError) as info:
        CODEC.from_dict(raw, "a")
    assert info.value.where == where and words in info.value.message


def test_actions_round_trip_through_json_exactly():
    for action in (Move(1, 2), Move(0, 3, 2, (3, 1), "left"), Move(1, 0, side=None)):
        assert CODEC.from_dict(action.to_dict(), "a") == action and action.kind == "Move"


def test_the_generic_codec_reads_white_lotus_actions_as_its_own_reader_does():
    codec = ActionCodec(ACTION_TYPES.values())
    rnd = random.Random(4)
    seen = 0
    for states in (bot_game(4, 3, "random"), bot_game(5, 4, "random")):
        for state in states[:-1]:
            from lotus_kit.white_lotus.engine import legal_actions

            for action in rnd.sample(legal_actions(state), min(3, len(legal_actions(state)))):
                raw = action.to_dict()
                assert codec.from_dict(raw, "a") == action_from_dict(raw, "a") == action
                seen += 1
    assert seen > 500


def test_every_white_lotus_event_round_trips_strictly():
    types = [c for c in vars(wl_events).values() if inspect.isclass(c) and issubclass(c, Event) and c is not Event]
    kinds = set()
    for states in (bot_game(3, 1, "heuristic"), bot_game(6, 2, "heuristic")):
        for state in states:
            for ev in state.events:
                assert event_from_dict(types, ev.to_dict()) == ev
                kinds.add(ev.kind)
    assert {"GameStarted", "ConflictRound", "GameEnded", "RebellionResolved"} <= kinds
    ended = next(e for e in states[-1].events if e.kind == "GameEnded").to_dict()
    ended["scores"][0]["total"] += 1           # a derived total that does not add up is refused
    with pytest.raises(RecordError, match=r"^e\.scores\[0\]\.total: "):
        event_from_dict(types, ended, "e")


# -- the generator carried in a state ------------------------------------------------------------------
def test_splitmix64_gives_the_published_values():
    # the reference outputs of SplitMix64 from state 1234567 (the same on every platform)
    state, out = 1234567, []
    for _ in range(5):
        value, state = rng.next_u64(state)
        out.append(value)
    assert out == [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431,
                   16408922859458223821]


def test_draws_are_pure_functions_of_an_int_state():
    s = rng.seed_state(42)
    assert isinstance(s, int) and 0 <= s < 2**64
    assert rng.randbelow(s, 6) == rng.randbelow(s, 6) and rng.shuffled(s, "abcdef") == rng.shuffled(s, "abcdef")
    assert rng.seed_state(1) != rng.seed_state(-1) != rng.seed_state(2**64 + 1)


def test_dice_are_uniform():
    s, counts = rng.seed_state(9), [0] * 6
    for _ in range(60_000):
        face, s = rng.roll(s, 6)
        counts[face - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts       # 10,000 each, within ~5 sigma
    with pytest.raises(ValueError):
        rng.randbelow(s, 0)


def test_shuffles_reach_every_order():
    s, orders = rng.seed_state(5), set()
    for _ in range(2_000):
        deck, s = rng.shuffled(s, range(4))
        orders.add(deck)
    assert len(orders) == 24


# -- bots ------------------------------------------------------------------------------------------------
def test_bots_by_name_play_a_game_to_the_end():
    game = get_game("white_lotus")
    bots = [make_bot(game, "random", k) for k in range(4)]
    assert isinstance(bots[0], RandomBot) and bots[0].name == "random"
    steps = []
    final = play_game(game, game.new_game(4, seed=8), bots, on_action=lambda b, a, after: steps.append(a))
    assert game.is_over(final) and steps and final.winners
    with pytest.raises(ValueError, match=r"^unknown bot 'oracle'; known: random, heuristic, montecarlo$"):
        make_bot(game, "oracle")


def test_a_bot_whose_module_is_missing_says_which_extra_it_needs():
    with pytest.raises(ValueError, match=r"the deep bot needs the \[analysis\] extra"):
        build_bot({"deep": "lotus_kit.no_such_module:Deep"}, "deep")


def test_the_white_lotus_random_bot_plays_as_before():
    # the same seeds give the same game as the engine's own random player (its rng draws one choice per step)
    from lotus_kit.white_lotus.bots import RandomBot as WLRandomBot
    from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act

    bot, ref = WLRandomBot(3), random.Random(3)
    state = new_game(3, seed=3)
    for _ in range(200):
        if state.is_over:
            break
        seat = min(to_act(state))
        action = bot.choose(state, seat)
        assert action == ref.choice(legal_actions(state, seat))
        state = apply(state, action)


# -- the events table ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Took(Event):
    seat: int
    count: int
    rules: ClassVar = ("NIM-1",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{name(self.seat)} takes {self.count}."


@dataclass(frozen=True)
class _S:
    events: tuple


def test_event_rows_give_step_seat_words_and_rules():
    rows = event_rows([_S(()), _S((Took(1, 2),)), _S((Took(0, 1), Took(1, 3)))], name=lambda s: "NS"[s])
    assert [(r["step"], r["seat"], r["text"], r["rules"]) for r in rows] == [
        (1, 1, "S takes 2.", "NIM-1"), (2, 0, "N takes 1.", "NIM-1"), (2, 1, "S takes 3.", "NIM-1")]
    assert rows[0]["detail"] == '{"seat": 1, "count": 2}'
