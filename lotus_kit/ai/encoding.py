"""A game's fixed integer action encoding: every engine action as a short sequence of small ids.

An engine action is read as its type and named fields (``action_to_dict``, or a game's own
``fields``). A :class:`Shape` says, per action type, how those fields are split into sub-steps
(*groups*): one id picks the values of every field of a group at once, and a :class:`Seq` field
(a tuple of card values, say) is taken one element per step and closed by an *end* id. The first
group's ids also name the type, so the id sequences of different actions never share a first id
unless they are of the same type, and no action's sequence is the start of another's.

The vocabulary of ids is built from the shapes alone (the domains of the fields, fixed by the
player count and the flags), before any state is seen: the same id means the same thing in every
state, and :attr:`Encoding.num_actions` is known up front.

>>> enc = Encoding("toy", [Shape("Bid", [("coins", range(6))])], max_engine_actions=6)
>>> enc.num_actions, enc.ids_of("Bid", {"coins": 4}), enc.key(4)
(6, (4,), ('Bid', 0, 4))
>>> enc = Encoding("cards", [Shape("Pay", [("to", (0, 1))], Seq("cards", (1, 2, 3), 4)), Shape("Pass")], 10)
>>> enc.ids_of("Pay", {"to": 1, "cards": (3, 1)}), enc.num_actions, enc.max_steps
((1, 4, 2, 5), 7, 6)
>>> enc.words(5)
'Pay: no more cards'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["END", "Encoding", "EncodingError", "Seq", "Shape", "TooLong", "action_fields"]

END = "end"
"""The value of the id that closes a :class:`Seq` field."""


class EncodingError(ValueError):
    """An engine action that the encoding has no ids for (a value outside a declared domain)."""


class TooLong(EncodingError):
    """A tuple field longer than its :class:`Seq` allows: the flat layer leaves such an action out."""


@dataclass(frozen=True)
class Seq:
    """A tuple field taken one element per step (values from ``domain``), then an end id.
    ``max_len`` bounds its length (for the honest bound on a game's length)."""

    name: str
    domain: Sequence[Hashable]
    max_len: int


Group = tuple[tuple[str, Sequence[Hashable]], ...] | Seq


@dataclass(frozen=True)
class Shape:
    """One action type and its sub-steps: each group is a list of ``(field, domain)`` pairs taken in one
    id, or a :class:`Seq`. ``Shape("Pass")`` is one id with no fields."""

    type: str
    groups: tuple[Group, ...] = ()

    def __init__(self, type: str, *groups: Sequence[tuple[str, Iterable[Hashable]]] | Seq):
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "groups", tuple(
            g if isinstance(g, Seq) else tuple((name, tuple(domain)) for name, domain in g) for g in groups))


def action_fields(game: Any, action: Any, state: Any) -> tuple[str, Mapping[str, Any]]:
    """The type and fields of ``action`` from its JSON dict (``type`` or ``kind``; the seat left out)."""
    raw = game.action_to_dict(action)
    kind = raw.get("type", raw.get("kind"))
    return kind, {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()
                  if k not in ("type", "kind", "seat")}


@dataclass
class Encoding:
    """The ids of one game for one player count and flag set (see the module text).

    ``fields(action, state) -> (type, {field: value})`` reads an engine action (default:
    :func:`action_fields`); ``max_engine_actions`` is the number of engine actions after which a game
    is cut off (every encoding states why its bound is far above a real game's length). Ids are
    remembered per action (``same(action, state)``, default the action itself, names what makes two
    actions encode alike), as reading an action's fields is most of the cost of a step.
    ``chance_at_start`` and ``chance_per_action`` bound the chance nodes of explicit chance
    (:mod:`lotus_kit.core.chance`) for the bound on a game's length.
    """

    game: str
    shapes: Sequence[Shape]
    max_engine_actions: int
    fields: Callable[[Any, Any], tuple[str, Mapping[str, Any]]] | None = None
    same: Callable[[Any, Any], Hashable] | None = None
    chance_at_start: int = 0       # explicit chance: the most draws of the setup
    chance_per_action: int = 0     # ... and the most draws one engine action makes
    keys: list[tuple] = field(init=False, repr=False)
    _memo: dict[Hashable, tuple[int, ...]] = field(init=False, repr=False, default_factory=dict)
    _ids: dict[tuple, int] = field(init=False, repr=False)
    _shape: dict[str, Shape] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.keys, self._shape = [], {}
        for shape in self.shapes:
            if shape.type in self._shape:
                raise ValueError(f"{self.game}: the action type {shape.type} is shaped twice")
            self._shape[shape.type] = shape
            if not shape.groups:
                self.keys.append((shape.type,))
            for i, group in enumerate(shape.groups):
                if isinstance(group, Seq):
                    self.keys.extend((shape.type, i, v) for v in (*group.domain, END))
                else:
                    self.keys.extend((shape.type, i, *combo) for combo in itertools.product(*(d for _, d in group)))
        self._ids = {k: i for i, k in enumerate(self.keys)}
        if len(self._ids) != len(self.keys):
            raise ValueError(f"{self.game}: a domain lists a value twice")

    @property
    def num_actions(self) -> int:
        return len(self.keys)

    @property
    def max_steps(self) -> int:
        """The most ids one engine action takes."""
        def steps(shape: Shape) -> int:
            return sum(g.max_len + 1 if isinstance(g, Seq) else 1 for g in shape.groups) or 1
        return max(steps(s) for s in self.shapes)

    def key(self, action_id: int) -> tuple:
        """What id ``action_id`` stands for: ``(type,)`` or ``(type, group, value, ...)``."""
        return self.keys[action_id]

    def ids_of(self, kind: str, values: Mapping[str, Any]) -> tuple[int, ...]:
        """The id sequence of an action of type ``kind`` with field ``values``."""
        shape = self._shape.get(kind)
        if shape is None:
            raise EncodingError(f"{self.game}: the encoding has no action type {kind!r}")
        if not shape.groups:
            return (self._ids[(kind,)],)
        out: list[int] = []
        for i, group in enumerate(shape.groups):
            if isinstance(group, Seq):
                items = tuple(values[group.name])
                if len(items) > group.max_len:
                    raise TooLong(f"{self.game}: {kind}.{group.name} has {len(items)} items, at most "
                                        f"{group.max_len} are encoded")
                keys = [(kind, i, v) for v in items] + [(kind, i, END)]
            else:
                keys = [(kind, i, *(values[name] for name, _ in group))]
            for k in keys:
                got = self._ids.get(k)
                if got is None:
                    raise EncodingError(f"{self.game}: {kind} {dict(values)} is outside the encoded domains")
                out.append(got)
        return tuple(out)

    def encode(self, game: Any, action: Any, state: Any) -> tuple[int, ...]:
        """The id sequence of the engine ``action`` in ``state``."""
        key = action if self.same is None else self.same(action, state)
        got = self._memo.get(key)
        if got is None:
            kind, values = (self.fields or (lambda a, s: action_fields(game, a, s)))(action, state)
            got = self._memo[key] = self.ids_of(kind, values)
        return got

    def words(self, action_id: int) -> str:
        """Plain words for one id on its own: ``'Bid: target 2'``, ``'Bid: card 3'``, ``'Pass'``."""
        k = self.keys[action_id]
        if len(k) == 1:
            return k[0]
        kind, i, *values = k
        group = self._shape[kind].groups[i]
        if isinstance(group, Seq):
            item = group.name[:-1] if group.name.endswith("s") else group.name
            return f"{kind}: no more {group.name}" if values[0] == END else f"{kind}: {item} {values[0]}"
        return f"{kind}: " + ", ".join(f"{name} {v}" for (name, _), v in zip(group, values, strict=True))
