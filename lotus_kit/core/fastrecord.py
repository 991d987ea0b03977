"""Cheap construction and copying of the engine's frozen, slotted records (states, steps, actions,
events). Nothing here changes what a record is or how it behaves; it only makes making one cheaper.

A frozen dataclass writes each field in ``__init__`` with ``object.__setattr__`` (its own
``__setattr__`` refuses), which looks the field up on the class every time. :func:`fast_init`
swaps in an equivalent ``__init__`` (same parameters and defaults) that calls each slot's own
descriptor instead: about half the cost.

:func:`make_evolver` writes the copy-with-changes function behind ``state.evolve``: the copy is
built as an instance of a plain slotted *draft* class with the same layout (ordinary attribute
stores, ~8x cheaper than ``object.__setattr__``) and then becomes an instance of the record's
class by ``__class__`` assignment, which CPython allows between classes of identical slots.

>>> from dataclasses import dataclass
>>> @fast_init
... @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, make_evolver(Point)(p, {"y": 5})
(Point(x=1, y=0), Point(x=1, y=5))
"""

from __future__ import annotations

import dataclasses
from typing import Any


def _slot_descriptor(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        d = klass.__dict__.get(name)
        if d is not None:
            if hasattr(d, "__set__") and type(d).__name__ == "member_descriptor":
                return d
            break
    raise TypeError(f"{cls.__name__}.{name} is not a slot")


def fast_init(cls: type) -> type:
    """Give a frozen, slotted dataclass a cheaper, equivalent ``__init__`` (same signature and defaults).

    Classes this cannot handle exactly (default factories, keyword-only or non-init fields,
    ``__post_init__``) are returned unchanged.
    """
    fs = dataclasses.fields(cls)
    if (hasattr(cls, "__post_init__") or any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
                                             for f in fs)):
        return cls
    params, body = [], []
    scope: dict[str, Any] = {}
    for f in fs:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            params.append(f"{f.name}=_default_{f.name}")
            scope[f"_default_{f.name}"] = f.default
        scope[f"_set_{f.name}"] = _slot_descriptor(cls, f.name).__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    src = f"def __init__(self{''.join(', ' + p for p in params)}):\n" + ("\n".join(body) or "    pass")
    exec(src, scope)
    init = scope["__init__"]
    old = cls.__init__
    init.__qualname__ = old.__qualname__
    init.__module__ = old.__module__
    init.__annotations__ = dict(getattr(old, "__annotations__", {}))
    init.__doc__ = old.__doc__
    cls.__init__ = init
    return cls


_DRAFTS: dict[type, type | None] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    return tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))


def draft_class(cls: type) -> type | None:
    """A plain class with the slots of ``cls`` whose instances may become ``cls`` instances, or None."""
    if cls not in _DRAFTS:
        draft = None
        if cls.__bases__ == (object,):
            draft = type(f"{cls.__name__}Draft", (), {"__slots__": cls.__slots__, "__module__": __name__})
            try:
                probe = draft()
                probe.__class__ = cls
            except TypeError:       # pragma: no cover - a Python that refuses the class switch
                draft = None
        _DRAFTS[cls] = draft
    return _DRAFTS[cls]


def make_evolver(cls: type) -> Any:
    """``evolve(obj, changes)``: a copy of ``obj`` (of class ``cls``) with the fields in ``changes`` replaced."""
    slots = _all_slots(cls)
    draft = draft_class(cls)
    if draft is not None:
        lines = ["def evolve(obj, changes):", "    new = draft()"]
        lines += [f"    new.{name} = obj.{name}" for name in slots]
        lines += ["    for name, value in changes.items():", "        setter(new, name, value)",
                  "    new.__class__ = cls", "    return new"]
        setter: Any = setattr
    else:
        lines = ["def evolve(obj, changes):", "    new = new_object(cls)"]
        lines += [f"    setter(new, {name!r}, obj.{name})" for name in slots]
        lines += ["    for name, value in changes.items():", "        setter(new, name, value)", "    return new"]
        setter = object.__setattr__
    scope = {"new_object": object.__new__, "setter": setter, "cls": cls, "draft": draft}
    exec("\n".join(lines), scope)
    return scope["evolve"]


def make_replacer(cls: type, names: tuple[str, ...]) -> Any:
    """``replace(obj, *values)``: a copy of ``obj`` with the fields ``names`` set to ``values``
    (what :func:`make_evolver` does without a dict of changes, for the engine's hottest copies)."""
    slots = _all_slots(cls)
    unknown = set(names) - set(slots)
    if unknown:
        raise AttributeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    params = ", ".join(f"v_{name}" for name in names)
    draft = draft_class(cls)
    if draft is not None:
        lines = [f"def replace(obj, {params}):", "    new = draft()"]
        lines += [f"    new.{name} = v_{name}" if name in names else f"    new.{name} = obj.{name}" for name in slots]
        lines += ["    new.__class__ = cls", "    return new"]
    else:
        lines = [f"def replace(obj, {params}):", "    new = new_object(cls)"]
        lines += [f"    setter(new, {name!r}, v_{name})" if name in names else f"    setter(new, {name!r}, obj.{name})"
                  for name in slots]
        lines += ["    return new"]
    scope = {"new_object": object.__new__, "setter": object.__setattr__, "cls": cls, "draft": draft}
    exec("\n".join(lines), scope)
    return scope["replace"]
