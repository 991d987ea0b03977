"""The base of every game's events: what happened, the rule ids behind it, and the words for it.

An event's JSON dict is ``{"kind": <class name>, <field>: <value>, ...}``; :func:`event_from_dict`
reads it back strictly for a given whitelist of event types.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True)
... class Took(Event):
...     seat: int
...     count: int
...     rules: ClassVar = ("NIM-TAKE-1",)
...     def text(self, name=lambda s: f"seat {s}") -> str:
...         return f"{name(self.seat)} takes {self.count}."
>>> e = Took(0, 2)
>>> e.to_dict(), e.text(lambda s: "North")
({'kind': 'Took', 'seat': 0, 'count': 2}, 'North takes 2.')
>>> event_from_dict([Took], e.to_dict()) == e
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from lotus_kit.core.codec import plain, record_from_json
from lotus_kit.core.errors import RecordError, quote

__all__ = ["Event", "event_from_dict"]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``rules`` are the rule ids that made it happen."""

    rules: ClassVar[tuple[str, ...]] = ()

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = plain(getattr(self, f.name))
        return out

    def text(self, name: Callable[[int], str] = lambda seat: f"seat {seat}") -> str:
        """One sentence in plain words; ``name`` turns a seat number into a player's name."""
        return self.kind


def event_from_dict(types: Iterable[type], raw: Any, where: str = "event") -> Any:
    """The event ``raw`` stands for, one of ``types``; :class:`RecordError` naming the fault's place."""
    known = {cls.__name__: cls for cls in types}
    if not isinstance(raw, dict):
        raise RecordError(where, f"an event must be an object, got {type(raw).__name__}")
    cls = known.get(raw.get("kind")) if isinstance(raw.get("kind"), str) else None
    if cls is None:
        raise RecordError(f"{where}.kind", f"unknown event {quote(raw.get('kind'))}; known: {', '.join(known)}")
    return record_from_json(cls, raw, where, tag="kind")
