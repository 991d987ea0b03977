"""The decisions of the game (WL-INFO-5) as small frozen records.

Deals between players are talk, never binding (WL-INFO-4): there is no action for them.

Each ``repr`` evaluates back to an equal action, and each converts to and from a plain JSON
dict without executing anything:

>>> a = Bid(seat=0, target=1, cards=(3, 2))
>>> a
Bid(seat=0, target=1, cards=(3, 2))
>>> action_from_dict(a.to_dict()) == a
True
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Literal

from lotus_kit.core.actions import Action as CoreAction
from lotus_kit.core.errors import IllegalAction, RecordError, quote, shorten
from lotus_kit.white_lotus.fastrecord import fast_init

Side = Literal["emperor", "rebels"]


@dataclass(frozen=True, slots=True)
class Action(CoreAction):
    """Base of every action: the seat (0-based, clockwise) that takes it, and the phase it belongs to."""

    phase: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class PlaceMarker(Action):
    """Phase 1: put a marker on a province holding a neutral chip (WL-PLACE-2)."""

    province: str
    phase: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Phase 1: stop placing optional markers for this phase (WL-PLACE-4)."""

    phase: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class ChooseProvince(Action):
    """Phase 2: the emperor names the next province to resolve (WL-CONF-3)."""

    province: str
    phase: ClassVar[int] = 2


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Phase 2, sealed: a dragon card naming ``target`` plus influence cards (WL-CONF-6)."""

    target: int
    cards: tuple[int, ...] = ()
    phase: ClassVar[int] = 2


@dataclass(frozen=True, slots=True)
class BreakTie(Action):
    """Phase 2: the emperor names which tied participant leaves (WL-CONF-8, WL-CONF-14)."""

    leaver: int
    phase: ClassVar[int] = 2


@dataclass(frozen=True, slots=True)
class TakeRefund(Action):
    """Phase 2: the knocked-out player picks the card values of his refund (WL-CONF-9, WL-CONF-13)."""

    cards: tuple[int, ...]
    phase: ClassVar[int] = 2


@dataclass(frozen=True, slots=True)
class DeclareRebellion(Action):
    """Phase 4: an eligible player, when asked, leads the rebellion or not (WL-REB-2)."""

    lead: bool
    phase: ClassVar[int] = 4


@dataclass(frozen=True, slots=True)
class JoinSide(Action):
    """Phase 4, sealed: a side (by dragon card) and combat cards (WL-REB-3, WL-REB-4).

    The two leaders' sides are fixed; they may give ``side=None``.
    """

    side: Side | None
    cards: tuple[int, ...] = ()
    phase: ClassVar[int] = 4


@dataclass(frozen=True, slots=True)
class TakeReward(Action):
    """Phase 4: a winner takes a losing player's province, or ``None`` for a VP chip (WL-REB-9)."""

    province: str | None
    phase: ClassVar[int] = 4


@dataclass(frozen=True, slots=True)
class TakeIncome(Action):
    """Phase 5, sealed: palaces paid in combat instead of influence, and the card values (WL-CARDS).

    ``influence``/``combat`` of ``None`` mean the default split, largest values first (WL-CARDS-6).
    """

    palaces_for_combat: int = 0
    influence: tuple[int, ...] | None = None
    combat: tuple[int, ...] | None = None
    phase: ClassVar[int] = 5


@dataclass(frozen=True, slots=True)
class PlaceChip(Action):
    """Phase 6: put the drawn chip on a legal empty province (WL-TERR-2)."""

    province: str
    phase: ClassVar[int] = 6


@dataclass(frozen=True, slots=True)
class TempleDraw(Action):
    """Phase 6: use (or decline, ending them) a temple's extra draw, decided before drawing (WL-TERR-7)."""

    draw: bool
    phase: ClassVar[int] = 6


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (PlaceMarker, Pass, ChooseProvince, Bid, BreakTie, TakeRefund, DeclareRebellion, JoinSide,
                TakeReward, TakeIncome, PlaceChip, TempleDraw)
}

_FIELD_KINDS: dict[str, str] = {
    "seat": "int", "target": "int", "leaver": "int", "palaces_for_combat": "int",
    "province": "str", "lead": "bool", "draw": "bool",
    "cards": "cards", "influence": "cards?", "combat": "cards?", "side": "side?",
}


def _kind(cls: type, name: str) -> str:
    return "str?" if cls is TakeReward and name == "province" else _FIELD_KINDS[name]


def _convert(kind: str, value: Any, where: str) -> Any:
    optional = kind.endswith("?")
    if optional and value is None:
        return None
    kind = kind.rstrip("?")
    if kind == "int" and type(value) is int:
        return value
    if kind == "bool" and type(value) is bool:
        return value
    if kind == "str" and type(value) is str:
        return value
    if kind == "side" and value in ("emperor", "rebels"):
        return value
    if kind == "cards" and isinstance(value, list | tuple) and all(type(v) is int for v in value):
        return tuple(value)
    expected = {"int": "a whole number", "bool": "true or false", "str": "a text", "cards": "a list of card values",
                "side": '"emperor" or "rebels"'}[kind]
    raise RecordError(where, f"expected {expected}{' or null' if optional else ''}, got {quote(value)}")


def action_from_dict(raw: Any, where: str = "action") -> Action:
    """Build an action from its JSON dict; unknown types or fields and wrong types fail with ``where``."""
    if not isinstance(raw, dict):
        raise RecordError(where, f"an action must be an object, got {type(raw).__name__}")
    name = raw.get("type")
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(f"{where}.type", f"unknown action type {quote(name)}; known: {', '.join(ACTION_TYPES)}")
    kwargs = {}
    names, spec = _SHAPES[cls]
    if not raw.keys() <= names:
        key = next(k for k in raw if k not in names)
        raise RecordError(f"{where}.{shorten(str(key), 40)}", f"{name} has no field {quote(key)}")
    for field_name, kind, required in spec:
        if field_name in raw:
            kwargs[field_name] = _convert(kind, raw[field_name], f"{where}.{field_name}")
        elif required:
            raise RecordError(f"{where}.{field_name}", f"{name} needs the field {field_name!r}")
    return cls(**kwargs)


# per action type: the keys its dict may have, and (field, kind, required) for each field; read once,
# as looking the dataclass fields up again for every action was most of the time a record took to load
_SHAPES: dict[type, tuple[frozenset[str], tuple[tuple[str, str, bool], ...]]] = {
    cls: (frozenset(f.name for f in fields(cls)) | {"type"},
          tuple((f.name, _kind(cls, f.name), f.default is MISSING) for f in fields(cls)))
    for cls in ACTION_TYPES.values()}


_CHECKS: dict[type, tuple[tuple[str, str], ...]] = {}


def _valid(kind: str, v: Any) -> bool:
    if kind.endswith("?") and v is None:
        return True
    kind = kind.rstrip("?")
    if kind == "cards":
        return type(v) is tuple and all(type(x) is int for x in v)
    if kind == "side":
        return v in ("emperor", "rebels")
    return type(v) is {"int": int, "str": str, "bool": bool}[kind]


_INT_ONLY = frozenset((int,))
_TEST: dict[str, str] = {
    "int": "type(a.{0}) is int", "str": "type(a.{0}) is str", "bool": "type(a.{0}) is bool",
    "cards": "(type(a.{0}) is tuple and (not a.{0} or {{*map(type, a.{0})}} <= int_only))",
    "side": "a.{0} in sides",
}


def _fast_check(cls: type) -> Any:
    """A generated test that an action of ``cls`` is well formed: True, or False to get the reason."""
    tests = []
    for f in fields(cls):
        kind = _kind(cls, f.name)
        test = _TEST[kind.rstrip("?")].format(f.name)
        tests.append(f"(a.{f.name} is None or {test})" if kind.endswith("?") else test)
    scope = {"int_only": _INT_ONLY, "sides": ("emperor", "rebels")}
    exec(f"def ok(a):\n    return {' and '.join(tests)}", scope)
    return scope["ok"]


WELL_FORMED: dict[type, Any] = {cls: _fast_check(cls) for cls in ACTION_TYPES.values()}


def check_action(action: object) -> None:
    """Refuse anything that is not a well-formed action (WL-INFO-5 lists the decisions there are)."""
    cls = type(action)
    ok = WELL_FORMED.get(cls)
    if ok is not None and ok(action):
        return
    spec = _CHECKS.get(cls)
    if spec is None:
        if cls not in ACTION_TYPES.values():
            raise IllegalAction("WL-INFO-5", f"{quote(action)} is not an action of this game")
        spec = _CHECKS[cls] = tuple((f.name, _kind(cls, f.name)) for f in fields(cls))
    for name, kind in spec:
        value = getattr(action, name)
        if not _valid(kind, value):
            try:
                _convert(kind, list(value) if isinstance(value, tuple) else value, name)
                message = f"{name}: card values are given as a tuple"
            except (RecordError, TypeError) as exc:
                message = str(exc)
            raise IllegalAction("WL-INFO-5", f"malformed {cls.__name__}: {message}")


for _cls in ACTION_TYPES.values():
    fast_init(_cls)
