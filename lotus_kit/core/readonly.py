"""Read-only dicts and lists: what the kit hands out where a caller's change would leak into
shared data (board parameters, a record's setup and meta).

They are real ``dict``/``list`` subclasses, so ``isinstance`` checks, ``json.dumps``, equality with
plain values and C-speed look-ups all work as before; only changing them fails.

>>> d = ReadOnlyDict({"V": 16})
>>> d["V"], d == {"V": 16}, isinstance(d, dict)
(16, True, True)
>>> d["V"] = 0
Traceback (most recent call last):
...
TypeError: this is read-only (shared data); copy it first, e.g. dict(...) or list(...)
"""

from __future__ import annotations

from typing import Any, NoReturn

_MESSAGE = "this is read-only (shared data); copy it first, e.g. dict(...) or list(...)"


def _refuse(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(_MESSAGE)


class ReadOnlyDict(dict):
    """A ``dict`` that refuses every change."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple:          # pickle and deepcopy rebuild it from a plain dict
        return (type(self), (dict(self),))

    def copy(self) -> dict:
        return dict(self)


class ReadOnlyList(list):
    """A ``list`` that refuses every change."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple:
        return (type(self), (list(self),))

    def copy(self) -> list:
        return list(self)
