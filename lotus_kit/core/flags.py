"""Variant flags: every disputed point of a game's rules as a named flag, all off = the published rules.

A game keeps its flags in one frozen value: a dataclass of booleans deriving from :class:`FlagSet`,
with ``flag_fields`` mapping each flag's name in the spec to its field. Its engine reads the fields
(``rules.designer``); records and the CLI hold the names.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True, repr=False)
... class NimRules(FlagSet):
...     misere: bool = False
...     flag_fields: ClassVar = {"NIM_MISERE": "misere"}
>>> NimRules.from_flags(["NIM_MISERE"]), NimRules().flags()
(NimRules.from_flags(['NIM_MISERE']), ())
>>> NimRules.from_flags(["NIM_NOPE"])
Traceback (most recent call last):
...
ValueError: unknown variant flag 'NIM_NOPE'; known flags: NIM_MISERE
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from lotus_kit.core.errors import quote

__all__ = ["FlagSet", "unknown_flags"]


class FlagSet:
    """Base of a game's rule variants (see the module doc); subclasses are frozen, slotted dataclasses
    declared with ``repr=False`` (the repr names the flags)."""

    __slots__ = ()
    flag_fields: ClassVar[Mapping[str, str]] = {}

    @classmethod
    def from_flags(cls, flags: Iterable[str]) -> Any:
        kwargs = {}
        for flag in flags:
            name = cls.flag_fields.get(flag) if isinstance(flag, str) else None
            if name is None:
                raise ValueError(f"unknown variant flag {quote(flag)}; known flags: {', '.join(cls.flag_fields)}")
            kwargs[name] = True
        return cls(**kwargs)

    def flags(self) -> tuple[str, ...]:
        """The spec's names of the flags that are on, in the spec's order."""
        return tuple(flag for flag, name in self.flag_fields.items() if getattr(self, name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_flags({list(self.flags())!r})"


def unknown_flags(known: Iterable[str], flags: Iterable[str]) -> list[str]:
    """The flags of ``flags`` that are not in ``known``, in their order.

    >>> unknown_flags(["A", "B"], ["B", "C"])
    ['C']
    """
    names = set(known)
    return [f for f in flags if f not in names]
