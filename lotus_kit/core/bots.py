"""Bots for any game: the protocol, the uniform-random bot, playing a game out, bots by name.

A game names its bots in ``info.bots`` (name -> ``"module:Class"``), imported only when asked for,
so a game's engine never needs what its stronger bots need (numpy, say). A bot class is called
with its seed, and with ``game=`` when its ``__init__`` takes that parameter.

>>> from lotus_kit.core.registry import get_game
>>> game = get_game("white_lotus")
>>> final = play_game(game, game.new_game(3, seed=2), [make_bot(game, "random", k) for k in range(3)])
>>> game.is_over(final)
True
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

__all__ = ["Bot", "RandomBot", "build_bot", "make_bot", "play_game"]


class Bot(Protocol):
    name: str

    def choose(self, state: Any, seat: int) -> Any:
        """The action of ``seat`` in ``state``; a fair bot reads only ``observation(state, seat)``."""


class RandomBot:
    """Picks uniformly among the legal actions of its seat."""

    name = "random"

    def __init__(self, seed: int = 0, game: Any = None):
        self.rng = random.Random(seed)
        self.game = game

    def choose(self, state: Any, seat: int) -> Any:
        if self.game is None:
            raise ValueError("this RandomBot was made without its game: use make_bot(game, 'random', seed)")
        return self.rng.choice(self.game.legal_actions(state, seat))


def build_bot(table: Mapping[str, Any], name: str, seed: int = 0, game: Any = None) -> Any:
    """The bot ``name`` of ``table`` (name -> class or ``"module:Class"``) with its seed.

    ``ValueError`` for a name that is not in the table, or a bot whose module cannot be imported
    here (its extra is missing), in one line.
    """
    try:
        factory = table[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(table)}") from None
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        try:
            factory = getattr(importlib.import_module(module), attr)
        except ImportError as e:
            extra = "ai" if name.startswith("openspiel:") else "analysis"
            raise ValueError(f"the {name} bot needs the [{extra}] extra "
                             f"(pip install 'lotus-kit[{extra}]'): {e}") from None
    try:
        takes_game = "game" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_game = False
    return factory(seed, game=game) if takes_game else factory(seed)


AI_BOTS = {"openspiel:mcts": "lotus_kit.ai.openspiel:MCTSBot", "openspiel:ismcts": "lotus_kit.ai.openspiel:ISMCTSBot"}
"""Bots every game has once the ``ai`` extra is installed: OpenSpiel's searches over the game."""


def make_bot(game: Any, name: str, seed: int = 0) -> Any:
    """The bot ``name`` of ``game`` (a key of ``game.info.bots``, or of :data:`AI_BOTS`) with its seed."""
    if name in AI_BOTS and name not in game.info.bots:
        return build_bot(AI_BOTS, name, seed, game)
    return build_bot(game.info.bots, name, seed, game)


def play_game(game: Any, state: Any, bots: Sequence[Any],
              on_action: Callable[[Any, Any, Any], None] | None = None) -> Any:
    """Play to the end with one bot per seat; sealed choices are asked seat by seat in seat order.
    ``on_action(before, action, after)`` sees every step."""
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = bots[seat].choose(state, seat)
        after = game.apply(state, action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state
