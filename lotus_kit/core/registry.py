"""The games of the kit by name, imported only when asked for: the core never imports a game.

A game package adds ONE line to :data:`GAMES` (name -> ``"module:attribute"`` of its game object).
Code outside the package (the toy game of the tests, a game in a notebook) calls :func:`register`.
:func:`games` lists the names whose module exists; a game whose package is not there yet is simply
not listed, and :func:`get_game` says so in one line.

>>> "white_lotus" in games() and get_game("white_lotus").info.rule_prefix
'WL'
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown game 'chess'; known: white_lotus..."
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from lotus_kit.core.errors import quote

__all__ = ["DEFAULT_GAME", "GAMES", "games", "get_game", "register"]

DEFAULT_GAME = "white_lotus"

GAMES: dict[str, Any] = {
    "white_lotus": "lotus_kit.white_lotus.game:WHITE_LOTUS",
    "winter": "lotus_kit.winter.game:WINTER",
    "samurai": "lotus_kit.samurai.game:SAMURAI",
    "ming": "lotus_kit.ming.game:MING",
}
"""name -> ``"module:attribute"`` (resolved lazily) or the game object itself."""

_LOADED: dict[str, Any] = {}


def register(name: str, game: Any) -> None:
    """Make ``name`` refer to ``game``: a ``"module:attribute"`` text (imported when first asked for)
    or the game object. Registering a name again replaces it (tests register their toy games)."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a game's name is a non-empty text, not {quote(name)}")
    GAMES[name] = game
    _LOADED.pop(name, None)


def _missing(target: str) -> bool:
    """True when the module of ``target`` (or a package above it) does not exist at all."""
    module = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is None
    except ModuleNotFoundError:             # a parent package is missing
        return True


def _resolve(name: str) -> Any:
    target = GAMES[name]
    if not isinstance(target, str):
        return target
    module, _, attr = target.partition(":")
    game = getattr(importlib.import_module(module), attr)
    if getattr(game, "name", name) != name:
        raise ValueError(f"{target} is the game {game.name!r}, registered as {name!r}")
    return game


def get_game(name: str) -> Any:
    """The game object registered as ``name``; ``KeyError`` naming the known games otherwise."""
    game = _LOADED.get(name)
    if game is not None:
        return game
    if name not in GAMES or (isinstance(GAMES[name], str) and _missing(GAMES[name])):
        raise KeyError(f"unknown game {quote(name)}; known: {', '.join(games())}")
    game = _LOADED[name] = _resolve(name)
    return game


def games() -> list[str]:
    """The names of the games that can be played here, in registry order (White Lotus first)."""
    return [name for name, target in GAMES.items() if not (isinstance(target, str) and _missing(target))]
