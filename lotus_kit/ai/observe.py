"""Any game's observation as a canonical text and as a fixed-size vector of numbers.

Observations differ per game (a dataclass, a dict, a tuple of ints, an object with slots). Both
forms walk the value the same way: dataclass fields, mapping items by key, sequence items by index,
sets sorted, slots by name. The text is the leaves as ``path=value`` (stable across processes: no
``hash()`` of strings is involved). The vector hashes each leaf's path into one of ``size`` buckets
(CRC-32, the "hashing trick"): numbers add their value, texts add 1 under ``path=text``, and large
ints (bit boards) add 1 per set bit under ``path#bit``. Two observations with equal text give equal
vectors; the vector only ever sees what the game's ``observation`` returned.

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
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["canonical", "features", "leaves"]

BIG = 1 << 20      # ints beyond this are bit sets (Winter's lake, White Lotus masks), read bit by bit


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """``(path, leaf)`` pairs of ``value`` in a fixed order."""
    if value is None or isinstance(value, bool | int | float | str):
        yield path, value
    elif isinstance(value, enum.Enum):
        yield path, value.name
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from leaves(getattr(value, f.name), f"{path}.{f.name}" if path else f.name)
    elif isinstance(value, Mapping):
        for k in sorted(value, key=str):
            yield from leaves(value[k], f"{path}.{k}" if path else str(k))
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}.{i}" if path else str(i))
    elif isinstance(value, set | frozenset):
        for i, item in enumerate(sorted(value, key=repr)):
            yield from leaves(item, f"{path}.{i}" if path else str(i))
    else:
        slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
        if slots:
            for name in slots:
                if hasattr(value, name):
                    yield from leaves(getattr(value, name), f"{path}.{name}" if path else name)
        elif hasattr(value, "__dict__"):
            yield from leaves(vars(value), path)
        else:
            yield path, repr(value)


def canonical(value: Any) -> str:
    """The observation as one line of ``path=value`` leaves (big ints in hexadecimal)."""
    return ";".join(f"{p}={hex(v) if type(v) is int and abs(v) >= BIG else v}" for p, v in leaves(value))


def _bucket(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


def features(value: Any, size: int) -> list[float]:
    """The observation hashed into ``size`` numbers (see the module text)."""
    out = [0.0] * size
    for path, v in leaves(value):
        if v is None:
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
