"""Explicit chance (lotus_kit.core.chance): every draw and die of the four games as a chance node.

Choosing at every node the outcome the seeded generator chose reproduces the seeded game state for
state, so explicit chance is the same game; the seeded default is untouched (the goldens check that).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from lotus_kit.core.chance import is_chance
from lotus_kit.core.errors import IllegalAction
from lotus_kit.core.registry import get_game
from lotus_kit.core.rng import seed_state, weighted
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E


def _normal(name: str, state):
    """A state with its generator slot cleared: a seeded state holds an int there, an explicit one ()."""
    if name == "samurai":
        from lotus_kit.samurai.engine import RNG

        return tuple(0 if i == RNG else v for i, v in enumerate(state))
    if name == "ming":
        from lotus_kit.ming.state import G_RNG

        return tuple(0 if i == G_RNG else v for i, v in enumerate(state.data))
    if name == "white_lotus":
        return replace(state, seed=0)
    return state


def _deal_outcomes(name: str, seeded) -> list[int]:
    """White Lotus and Winter deal everything at the start: the outcomes of their seeded deal."""
    if name == "winter":
        left, out = sorted(seeded.order), []
        for card in seeded.order:
            out.append(left.index(card))
            left.remove(card)
        return out
    from lotus_kit.white_lotus.board import BUILDINGS

    lotus = [p.index for p in seeded.board.data.provinces if p.lotus and seeded.board.in_play_mask >> p.index & 1]
    return [BUILDINGS.index(seeded.chips[i]) for i in lotus] + [BUILDINGS.index(k) for k in seeded.pool] + \
        [seeded.emperor]


class SeededChance:
    """Chooses at each chance node what the seeded game drew: from the core generator's stream (Samurai,
    Ming: the same draws in the same order) or from the seeded deal (White Lotus, Winter)."""

    def __init__(self, game, players: int, seed: int):
        self.game, self.name = game, game.name
        self.gen = seed_state(seed)
        dealt = self.name in ("white_lotus", "winter")
        self.deal = _deal_outcomes(self.name, game.new_game(players, seed)) if dealt else None
        self.nodes = 0

    def settle(self, state):
        while is_chance(state):
            outcomes = self.game.chance_outcomes(state)
            assert outcomes and sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
            assert all(p > 0 for _, p in outcomes)
            if self.deal is None:
                k, self.gen = weighted(self.gen, state.weights)
            else:
                k = self.deal.pop(0)
            assert k in dict(outcomes)
            state = self.game.apply_chance(state, k)
            self.nodes += 1
        return state


@pytest.mark.parametrize("name", ["white_lotus", "winter", "samurai", "ming"])
def test_seeded_outcomes_at_every_chance_node_reproduce_the_seeded_game(name):
    game = get_game(name)
    for seed in (0, 3):
        for players in range(game.info.min_players, game.info.max_players + 1):
            seeded = game.new_game(players, seed)
            chance = SeededChance(game, players, seed)
            explicit = chance.settle(game.chance_start(players))
            assert _normal(name, explicit) == _normal(name, seeded)
            pick = random.Random(seed)
            steps = 0
            while not game.is_over(seeded) and steps < 400:
                assert game.chance_outcomes(explicit) == ()
                action = pick.choice(list(game.legal_actions(seeded)))
                seeded = game.apply(seeded, action)
                explicit = chance.settle(game.apply(explicit, action))
                assert _normal(name, explicit) == _normal(name, seeded), (seed, players, steps)
                steps += 1
            assert chance.nodes > 0


def test_samurai_dice_and_draws_are_chance_nodes_during_play_sam_clar_19():
    """Samurai draws and rolls in the middle of the game: a draw node has one outcome per card kind
    left in the deck, weighted by its count; a die node one outcome per face, 1/6 each."""
    game = get_game("samurai")
    chance = SeededChance(game, 4, 1)
    state = chance.settle(game.chance_start(4))
    pick = random.Random(1)
    dice = draws = 0
    for _ in range(300):
        if game.is_over(state):
            break
        state = game.apply(state, pick.choice(list(game.legal_actions(state))))
        if is_chance(state):
            deck = [state.before[E.DECK + k] for k in range(C.START_5, C.KINDS)]
            if state.weights == (1,) * 6:
                dice += 1
                assert [p for _, p in game.chance_outcomes(state)] == pytest.approx([1 / 6] * 6)
            else:
                draws += 1
                assert list(state.weights) == deck
                assert [p for _, p in game.chance_outcomes(state)] == \
                    pytest.approx([n / sum(deck) for n in deck if n])
            state = chance.settle(state)
    assert draws > 0 and dice > 0


@pytest.mark.parametrize("name", ["white_lotus", "winter", "samurai", "ming"])
def test_an_impossible_chance_outcome_is_refused_and_nothing_changes(name):
    game = get_game(name)
    node = game.chance_start(game.info.default_players)
    assert is_chance(node)
    with pytest.raises(IllegalAction, match=f"^{game.info.rule_prefix}-"):
        game.apply_chance(node, len(node.weights))
    with pytest.raises(IllegalAction, match=f"^{game.info.rule_prefix}-"):
        game.apply_chance(game.new_game(game.info.default_players, 1), 0)
    assert game.chance_outcomes(game.new_game(game.info.default_players, 1)) == ()


def test_chance_outcomes_are_described_in_the_games_words_wl_setup_3():
    wl = get_game("white_lotus")
    node = wl.chance_start(3)
    assert {wl.describe_chance(node, k) for k, _ in wl.chance_outcomes(node)} == {
        f"a {name} chip on a lotus province" for name in ("palace", "temple", "rice field", "fortress", "village")}
    while len(node.weights) != 3:           # the chips are of five kinds, the first emperor one of three seats
        node = wl.apply_chance(node, wl.chance_outcomes(node)[0][0])
    assert wl.describe_chance(node, 2) == "Green is the first emperor"
    samurai = get_game("samurai")
    deal = samurai.chance_start(3)
    assert samurai.describe_chance(deal, 0) == "start Daimyo card 1 of those left"
    winter = get_game("winter")
    assert winter.describe_chance(winter.chance_start(2), 0).startswith("card ")
