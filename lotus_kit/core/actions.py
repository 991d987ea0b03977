"""The base of every game's actions, and their strict JSON round trip.

An action is a frozen dataclass whose first field is the acting ``seat``; its JSON dict is
``{"type": <class name>, <field>: <value>, ...}``. :class:`ActionCodec` reads such dicts for one
game's whitelist of action types, strictly (see :mod:`lotus_kit.core.codec`).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Take(Action):
...     count: int
>>> codec = ActionCodec([Take])
>>> Take(1, 3).to_dict()
{'type': 'Take', 'seat': 1, 'count': 3}
>>> codec.from_dict({"type": "Take", "seat": 1, "count": 3}, "actions[0]")
Take(seat=1, count=3)
>>> codec.from_dict({"type": "Give", "seat": 1}, "actions[0]")
Traceback (most recent call last):
...
lotus_kit.core.errors.RecordError: actions[0].type: unknown action type 'Give'; known: Take
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lotus_kit.core.codec import plain, record_from_json
from lotus_kit.core.errors import RecordError, quote

__all__ = ["Action", "ActionCodec"]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the seat (0-based, in the game's seat order) that takes it."""

    seat: int

    @property
    def kind(self) -> str:
        """The action's type name, as its JSON dict writes it."""
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for name in _field_names(type(self)):
            out[name] = plain(getattr(self, name))
        return out


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        from dataclasses import fields

        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_NAMES: dict[type, tuple[str, ...]] = {}


class ActionCodec:
    """The action types of one game by name, and the strict reading of their JSON dicts."""

    def __init__(self, types: Iterable[type]):
        self.types: dict[str, type] = {cls.__name__: cls for cls in types}

    def from_dict(self, raw: Any, where: str = "action") -> Any:
        """The action ``raw`` stands for; :class:`RecordError` naming the place of the first fault."""
        if not isinstance(raw, dict):
            raise RecordError(where, f"an action must be an object, got {type(raw).__name__}")
        name = raw.get("type")
        cls = self.types.get(name) if isinstance(name, str) else None
        if cls is None:
            raise RecordError(f"{where}.type", f"unknown action type {quote(name)}; known: {', '.join(self.types)}")
        return record_from_json(cls, raw, where, tag="type")

    def to_dict(self, action: Any) -> dict[str, Any]:
        return action.to_dict()
