"""Strict JSON conversion of frozen dataclasses by their field types: the one codec of actions and events.

:func:`to_json` writes a record as plain JSON data (tuples as lists, nested records as dicts);
:func:`from_json` reads it back and accepts nothing else: every field must have exactly its declared
type (``int`` is not ``bool``, ``tuple[int, ...]`` is a list of whole numbers, ``Literal`` values are
checked, ``X | None`` allows null), unknown keys are refused, missing required fields are named. A
fault is a :class:`RecordError` naming its place (``actions[3].cards[1]``). Nothing is executed.

>>> from dataclasses import dataclass
>>> from typing import Literal
>>> @dataclass(frozen=True)
... class Move:
...     seat: int
...     cards: tuple[int, ...] = ()
...     side: Literal["left", "right"] | None = None
>>> from_json(Move, {"seat": 1, "cards": [3, 2]}, "move")
Move(seat=1, cards=(3, 2), side=None)
>>> from_json(Move, {"seat": True}, "move")
Traceback (most recent call last):
...
lotus_kit.core.errors.RecordError: move.seat: expected a whole number, got True
>>> to_json(Move(0, (1,), "left"))
{'seat': 0, 'cards': [1], 'side': 'left'}
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from functools import cache
from typing import Any, Literal, Union

from lotus_kit.core.errors import RecordError, quote, shorten

__all__ = ["field_types", "from_json", "plain", "to_json"]


def plain(value: Any) -> Any:
    """``value`` as JSON data: tuples and sets as lists, records by their ``to_dict``."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_json(value)
    return value


def to_json(record: Any) -> dict[str, Any]:
    """The fields of a dataclass ``record`` as a JSON dict."""
    return {f.name: plain(getattr(record, f.name)) for f in dataclasses.fields(record)}


@cache
def field_types(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, required) of each init field of dataclass ``cls``, types resolved once."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                 for f in dataclasses.fields(cls) if f.init)


_WORDS = {int: "a whole number", bool: "true or false", str: "a text", float: "a number", type(None): "null"}


def _describe(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if tp in _WORDS:
        return _WORDS[tp]
    if origin is Literal:
        return " or ".join(quote(v) for v in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(t) for t in typing.get_args(tp))
    if origin in (tuple, list, frozenset, set):
        return "a list"
    if dataclasses.is_dataclass(tp):
        return "an object"
    return getattr(tp, "__name__", str(tp))


def from_json(tp: Any, value: Any, where: str) -> Any:
    """``value`` read as type ``tp``; :class:`RecordError` at ``where`` when it is not exactly that."""
    if tp is Any:
        return value
    if tp is int or tp is str or tp is bool:
        if type(value) is tp:
            return value
    elif tp is float:
        if type(value) in (int, float) and math.isfinite(value):
            return float(value)
    elif tp is type(None) or tp is None:
        if value is None:
            return None
    else:
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is Literal:
            if any(type(value) is type(a) and value == a for a in args):
                return value
        elif origin in (Union, types.UnionType):
            if value is None and type(None) in args:
                return None
            for option in args:
                try:
                    return from_json(option, value, where)
                except RecordError:
                    continue
        elif origin in (tuple, list, frozenset, set):
            if isinstance(value, list | tuple):
                if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                    if len(value) != len(args):
                        raise RecordError(where, f"expected a list of {len(args)} items, got {quote(value)}")
                    items = [from_json(t, v, f"{where}[{k}]") for k, (t, v) in enumerate(zip(args, value, strict=True))]
                else:
                    inner = args[0] if args else Any
                    items = [from_json(inner, v, f"{where}[{k}]") for k, v in enumerate(value)]
                return {tuple: tuple, list: list, frozenset: frozenset, set: frozenset}[origin](items)
        elif dataclasses.is_dataclass(tp):
            if isinstance(value, dict):
                return record_from_json(tp, value, where)
        else:
            raise TypeError(f"{where}: the codec cannot read fields of type {tp!r}")
    raise RecordError(where, f"expected {_describe(tp)}, got {quote(value)}")


def record_from_json(cls: type, raw: dict[str, Any], where: str, tag: str | None = None) -> Any:
    """A ``cls`` from its JSON dict; ``tag`` names a key holding the type's name (checked elsewhere).

    A key that is a read-only property of ``cls`` (a derived value such as a total written for
    readers) is allowed when it equals the property of the record read.
    """
    spec = field_types(cls)
    names = {name for name, _, _ in spec}
    kwargs = {}
    for name, tp, required in spec:
        if name in raw:
            kwargs[name] = from_json(tp, raw[name], f"{where}.{name}")
        elif required:
            raise RecordError(f"{where}.{name}", f"{cls.__name__} needs the field {name!r}")
    record = cls(**kwargs)
    for key in raw:
        if key in names or key == tag:
            continue
        if isinstance(key, str) and isinstance(getattr(cls, key, None), property):
            if plain(getattr(record, key)) == raw[key]:
                continue
            raise RecordError(f"{where}.{shorten(key, 40)}", f"{quote(raw[key])} is not the record's {key} "
                              f"({quote(plain(getattr(record, key)))})")
        raise RecordError(f"{where}.{shorten(str(key), 40)}", f"{cls.__name__} has no field {quote(key)}")
    return record
