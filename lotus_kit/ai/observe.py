"""Any game's observation as a canonical text and as a fixed-size vector of numbers.

Observations differ per game (a dataclass, a dict, a tuple of ints, an object with slots). Both
forms walk the value the same way: dataclass fields, mapping items by key, sequence items by index,
sets sorted, slots by name. The text is the leaves as ``path=value`` (stable across processes: no
``hash()`` of strings is involved). The vector hashes each leaf's path into one of ``size`` buckets
(CRC-32, the "hashing trick"): numbers add their value, texts add 1 under ``path=text``, and large
ints (bit boards) add 1 per set bit under ``path#bit``. Two observations with equal text give equal
vectors; the vector only ever sees what the game's ``observation`` returned.

The vector is the fallback of a game that has no fixed layout yet (:mod:`lotus_kit.ai.layouts`): it needs
no description of the observation, but two facts sharing a number add up there. Measured over three random
games per game (every third step, every seat), distinct keys and how many shared one of the 1,024 numbers
with another key: Samurai 218 (4 share), Ming 250 (51), White Lotus 2,716 (2,524: the event log's and the
legal list's paths), Winter 17,257 (all: the position history). That is why every game of the kit has its
own layout, one fixed block per field with no shared slot; the observation string (:func:`canonical`)
stays exact for every game.

>>> from dataclasses import dataclass
>>> @dataclass
... class Obs:
...     hand: tuple
...     table: dict
>>> canonical(Obs((3, 1), {"b": None, "a": "red"}))
'hand.0=3;hand.1=1;table.a=red;table.b=None'
>>> v = features(Obs((3, 1), {"a": "red"}), 64)
>>> len(v), sum(v)
(64, 5.0)
"""

from __future__ import annotations

import dataclasses
import enum
import zlib
from collections.abc import Mapping
from typing import Any

__all__ = ["canonical", "features", "leaves"]

BIG = 1 << 20      # ints beyond this are bit sets (Winter's lake, White Lotus masks), read bit by bit


_SCALARS = (type(None), bool, int, float, str)
_HOW: dict[type, tuple[str, tuple[str, ...]]] = {}     # per type: how to walk it (read once per type)


def _how(t: type) -> tuple[str, tuple[str, ...]]:
    how = _HOW.get(t)
    if how is None:
        if issubclass(t, _SCALARS):
            how = ("leaf", ())
        elif issubclass(t, enum.Enum):
            how = ("enum", ())
        elif dataclasses.is_dataclass(t):
            how = ("fields", tuple(f.name for f in dataclasses.fields(t)))
        elif issubclass(t, Mapping):
            how = ("map", ())
        elif issubclass(t, tuple | list):
            how = ("seq", ())
        elif issubclass(t, set | frozenset):
            how = ("set", ())
        else:
            slots = tuple(s for cls in t.__mro__ for s in getattr(cls, "__slots__", ()))
            how = ("fields", slots) if slots else ("dict", ()) if hasattr(t, "__dict__") else ("repr", ())
        _HOW[t] = how
    return how


_PLAIN = frozenset((type(None), bool, int, float, str))
_PATHS: dict[tuple[str, Any], list[str]] = {}   # (parent path, length or type) -> the children's paths


def _paths(pre: str, key: Any, names: Any) -> list[str]:
    """The paths of a container's children, made once: the same observation shape comes every step."""
    got = _PATHS.get((pre, key))
    if got is None:
        if len(_PATHS) > 100_000:
            _PATHS.clear()
        got = _PATHS[(pre, key)] = [f"{pre}{n}" for n in names]
    return got


def _walk(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    how, names = _how(type(value))
    pre = f"{path}." if path else ""
    if how == "leaf":
        out.append((path, value))
    elif how == "seq":
        for p, item in zip(_paths(pre, len(value), range(len(value))), value, strict=True):
            if type(item) in _PLAIN:
                out.append((p, item))
            else:
                _walk(item, p, out)
    elif how == "fields":
        for p, name in zip(_paths(pre, type(value), names), names, strict=True):
            if hasattr(value, name):
                item = getattr(value, name)
                if type(item) in _PLAIN:
                    out.append((p, item))
                else:
                    _walk(item, p, out)
    elif how == "map":
        for k in sorted(value, key=str):
            _walk(value[k], f"{pre}{k}", out)
    elif how == "set":
        for i, item in enumerate(sorted(value, key=repr)):
            _walk(item, f"{pre}{i}", out)
    elif how == "enum":
        out.append((path, value.name))
    elif how == "dict":
        _walk(vars(value), path, out)
    else:
        out.append((path, repr(value)))


def leaves(value: Any) -> list[tuple[str, Any]]:
    """``(path, leaf)`` pairs of ``value`` in a fixed order."""
    out: list[tuple[str, Any]] = []
    _walk(value, "", out)
    return out


def canonical(value: Any) -> str:
    """The observation as one line of ``path=value`` leaves (big ints in hexadecimal)."""
    return ";".join(f"{p}={hex(v) if type(v) is int and abs(v) >= BIG else v}" for p, v in leaves(value))


_BUCKETS: dict[tuple[str, int], int] = {}


def _bucket(text: str, size: int) -> int:
    got = _BUCKETS.get((text, size))
    if got is None:
        if len(_BUCKETS) > 500_000:         # paths repeat from step to step; texts of values may not
            _BUCKETS.clear()
        got = _BUCKETS[(text, size)] = zlib.crc32(text.encode()) % size
    return got


def features(value: Any, size: int) -> list[float]:
    """The observation hashed into ``size`` numbers (see the module text)."""
    out = [0.0] * size
    for path, v in leaves(value):
        if (type(v) is int and -BIG < v < BIG) or type(v) is float or type(v) is bool:
            out[_bucket(path, size)] += v
        elif v is None:
            out[_bucket(path + "=None", size)] += 1.0
        elif isinstance(v, str):
            out[_bucket(f"{path}={v}", size)] += 1.0
        elif type(v) is int and abs(v) >= BIG:
            bit, rest = 0, abs(v)
            while rest:
                low = rest & -rest
                bit = low.bit_length() - 1
                out[_bucket(f"{path}#{bit}", size)] += 1.0
                rest ^= low
        else:
            out[_bucket(path, size)] += float(v)
    return out
