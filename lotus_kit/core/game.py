"""What the core asks of a game package: the same small shape for every game.

A game is *settings + actions*: ``start(setup, flags)`` builds the first state (all chance is
drawn there and stored in the state), ``apply`` is pure, and actions round-trip through plain
JSON dicts. Records, branching and the generic random-play checker work on any such game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from lotus_kit.core.errors import quote


@runtime_checkable
class GameRules(Protocol):
    """The protocol every game package provides (see ``lotus_kit.white_lotus.game``)."""

    name: str

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> Any:
        """The first state; raises ``RecordError`` naming the setup field at fault."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state; raises ``IllegalAction`` and leaves ``state`` unchanged."""

    def legal_actions(self, state: Any, seat: int | None = None) -> list[Any]: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def is_over(self, state: Any) -> bool: ...

    def action_from_dict(self, raw: Any, where: str) -> Any: ...

    def action_to_dict(self, action: Any) -> dict[str, Any]: ...


_GAMES: dict[str, GameRules] = {}


def register(game: GameRules) -> GameRules:
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> GameRules:
    if name not in _GAMES:
        # importing a game package registers it
        import lotus_kit.white_lotus.game  # noqa: F401
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {quote(name)}; known: {', '.join(sorted(_GAMES))}") from None
