"""The worlds OpenSpiel's ISMCTS searches (a game's ``determinise`` hook): every world keeps all a seat
observes, varies what it may not know, is a position the engine plays on, and a seeded draw repeats."""

from __future__ import annotations

import random

import pytest

from lotus_kit.ai.openspiel import draw_world
from lotus_kit.core.registry import get_game

SETUPS = {"winter": 2, "samurai": 3, "ming": 3}
RETURN = "choose_return"                 # Ming: a city's sealed return cards (MING-CLAR-11)


def _states(game, players, seed, steps, every):
    """States of one seeded random game: every ``every``-th of its first ``steps``."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for k in range(steps):
        if game.is_over(state):
            break
        if k % every == 0:
            yield state
        seat = min(game.to_act(state))
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)))


def _plays_on(game, world, rng, actions=15):
    """Random legal actions from ``world``: the engine accepts the world as one of its positions."""
    for _ in range(actions):
        if game.is_over(world):
            return
        seats = game.to_act(world)
        assert seats, "a world of a running game has a seat to act"
        legal = game.legal_actions(world, min(seats))
        assert legal, f"{game.decision(world).text}: no legal action in the world"
        world = game.apply(world, rng.choice(legal))


@pytest.mark.parametrize("name", list(SETUPS))
def test_a_world_keeps_what_the_seat_observes_and_the_engine_plays_on(name):
    game = get_game(name)
    players = SETUPS[name]
    # Winter hides only the deck's order, which is drawn out while the lake freezes: its first turns
    steps, every = {"winter": (40, 4), "samurai": (240, 4), "ming": (240, 8)}[name]
    checked = varied = 0
    for state in _states(game, players, seed=3, steps=steps, every=every):
        for seat in range(players):
            world = game.determinise(state, seat, random.Random(checked))
            assert game.observation(world, seat) == game.observation(state, seat)
            assert game.to_act(world) == game.to_act(state) and game.scores(world) == game.scores(state)
            assert game.decision(world).kind == game.decision(state).kind
            _plays_on(game, world, random.Random(checked), actions=4 if name == "winter" else 15)
            checked += 1
            varied += world != state        # equal observations, another state: only the hidden part moved
    assert checked >= 20
    assert varied >= checked // 2, f"only {varied} of {checked} worlds differ from the true state"


@pytest.mark.parametrize("name", list(SETUPS))
def test_a_seeded_world_is_the_same_world_again(name):
    game = get_game(name)
    state = next(iter(_states(game, SETUPS[name], seed=5, steps=30, every=29)))
    for seed in range(3):
        assert game.determinise(state, 0, random.Random(seed)) == game.determinise(state, 0, random.Random(seed))
    worlds = [game.determinise(state, 0, random.Random(seed)) for seed in range(6)]
    assert any(world != worlds[0] for world in worlds[1:])          # another seed, another world


def test_samurai_worlds_deal_the_other_hands_anew_and_keep_the_own_hand_and_every_hand_size():
    game = get_game("samurai")
    state = game.new_game(4, seed=11)
    hands = set()
    for seed in range(12):
        world = game.determinise(state, 0, random.Random(seed))
        assert world.hand(0) == state.hand(0)                                   # SAM-CLAR-19: own hand known
        assert [len(world.hand(s)) for s in range(4)] == [len(state.hand(s)) for s in range(4)]
        assert sorted(c for s in range(1, 4) for c in world.hand(s)) != [] and world.discard == state.discard
        hands.add(tuple(tuple(sorted(world.hand(s))) for s in range(1, 4)))
    assert len(hands) > 6           # the other hands (SAM-CLAR-19) are drawn, not copied


def test_ming_worlds_redraw_other_seats_sealed_return_sums_and_keep_the_own():
    game = get_game("ming")
    rng = random.Random(0)
    state = game.new_game(3, seed=0)
    # play until some seat has sealed its return cards while another still chooses (MING-CLAR-11)
    while not game.is_over(state):
        seats = game.to_act(state)
        if state.phase == RETURN and any(state.return_chosen(s) for s in range(3)):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state, min(seats))))
    assert state.phase == RETURN, "a seeded game reaches a city's sealed return step"
    chooser = min(game.to_act(state))
    chosen = next(s for s in range(3) if state.return_chosen(s))
    sums = set()
    for seed in range(20):
        world = game.determinise(state, chooser, random.Random(seed))
        assert game.observation(world, chooser) == game.observation(state, chooser)
        assert game.observation(world, chosen)["seats"][chosen]["return_cards"] in range(7)
        sums.add(game.observation(world, chosen)["seats"][chosen]["return_cards"])
        own = game.determinise(state, chosen, random.Random(seed))
        assert game.observation(own, chosen) == game.observation(state, chosen)    # its own sum stays
    assert len(sums) > 1, "another seat's sealed sum is drawn, not read"


def test_winter_worlds_reshuffle_the_face_down_deck_only():
    game = get_game("winter")
    state = game.new_game(2, seed=4)
    worlds = [game.determinise(state, 0, random.Random(seed)) for seed in range(5)]
    assert all(game.observation(w, 1) == game.observation(state, 1) for w in worlds)   # the same for both seats
    assert all(a != b for k, a in enumerate(worlds) for b in worlds[k + 1:])       # WIN-CLAR-3: the order varies


@pytest.mark.parametrize("name", ["white_lotus", *SETUPS])
def test_openspiel_bots_draw_their_worlds_with_the_games_determinise(name, monkeypatch):
    game = get_game(name)
    state = game.new_game(game.info.default_players, seed=1)
    calls = []
    real = game.determinise
    monkeypatch.setattr(game, "determinise", lambda s, seat, rng: calls.append(seat) or real(s, seat, rng))
    draw_world(game, state, 1, random.Random(0))
    assert calls == [1]
