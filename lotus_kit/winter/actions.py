"""Winter's actions as small value objects (world coordinates, WIN-CLAR-1) over the engine's ints.

Coordinates are those of the lake's frame: the first start card lies at (0, 0), x to the right,
y downward (WIN-GEO-1, WIN-CLAR-15 (b)). A card is named by its top-left flake; a token's square by
the top-left flake of its window (the token itself sits at the window's centre, WIN-GEO-7).

>>> MoveCard(2, 0, 4, 1, turn=True)
MoveCard(2, 0, 4, 1, turn=True)
>>> action_from_dict({"kind": "remove", "x": 2, "y": 0}, "actions[3]")
RemoveCard(2, 0)
>>> action_from_dict({"kind": "remove", "x": "2", "y": 0}, "actions[3]")
Traceback (most recent call last):
...
lotus_kit.core.errors.RecordError: actions[3].x: expected a whole number, got '2'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from lotus_kit.core.errors import RecordError, quote
from lotus_kit.winter import engine as e
from lotus_kit.winter.grid import W

_OFF = 0xFFF            # an anchor outside the grid: the engine refuses it with the rule at fault
COORD_LIMIT = 10_000    # coordinates of a record beyond this are refused as malformed


class Action:
    """Base of Winter's actions: frozen, comparable, printable (``repr`` evaluates back), JSON."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):           # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
        return out

    def __repr__(self) -> str:
        parts = []
        for f in fields(self):           # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.default is not MISSING and value == f.default:
                continue
            parts.append(f"{f.name}={value!r}" if type(value) is bool else repr(value))
        return f"{type(self).__name__}({', '.join(parts)})"

    def code(self, v) -> int:
        raise NotImplementedError


def _anchor(v, x: int, y: int) -> int:
    gx, gy = x - v[e.OX], y - v[e.OY]
    if not (0 <= gx < W and 0 <= gy < W):
        return _OFF
    return gy * W + gx


@dataclass(frozen=True, repr=False)
class Lay(Action):
    """Lay the card in hand with its top-left flake at (x, y), printed side up or turned 180°
    (WIN-GEO-2, WIN-GEO-5, WIN-CLAR-2, WIN-PH1-1 (a))."""

    kind: ClassVar[str] = "lay"
    x: int
    y: int
    turned: bool = False

    def code(self, v) -> int:
        return e.code(e.LAY, _anchor(v, self.x, self.y), int(self.turned))


@dataclass(frozen=True, repr=False)
class DrawCard(Action):
    """Choose to lay a card: turn up the top card of the deck (WIN-PH1-1 (a), WIN-CLAR-3)."""

    kind: ClassVar[str] = "draw"

    def code(self, v) -> int:
        return e.DRAW


@dataclass(frozen=True, repr=False)
class ChooseColour(Action):
    """The second player chooses his colour, ``"light"`` or ``"dark"`` (WIN-SET-3)."""

    kind: ClassVar[str] = "colour"
    colour: str

    def code(self, v) -> int:
        return e.code(e.COLOUR, 0, e.COLOUR_NAMES.index(self.colour))


@dataclass(frozen=True, repr=False)
class PlaceToken(Action):
    """A token on the square whose top-left flake is (x, y) (WIN-PH1-1 (b), WIN-CLAR-5, WIN-CLAR-8)."""

    kind: ClassVar[str] = "token"
    x: int
    y: int

    def code(self, v) -> int:
        return e.code(e.TOKEN, _anchor(v, self.x, self.y))


@dataclass(frozen=True, repr=False)
class Decline(Action):
    """No token now: a claim passed (WIN-CLAR-5) or no token after a move (WIN-CLAR-8)."""

    kind: ClassVar[str] = "decline"

    def code(self, v) -> int:
        return e.DECLINE


@dataclass(frozen=True, repr=False)
class MoveCard(Action):
    """Move the free card at (x, y) to (to_x, to_y), turned 180° or not (WIN-PH2-1 (a), WIN-CLAR-7)."""

    kind: ClassVar[str] = "move"
    x: int
    y: int
    to_x: int
    to_y: int
    turn: bool = False

    def code(self, v) -> int:
        return e.code(e.MOVE, _anchor(v, self.x, self.y), int(self.turn), _anchor(v, self.to_x, self.to_y))


@dataclass(frozen=True, repr=False)
class RemoveCard(Action):
    """Remove the free card at (x, y) from the game (WIN-PH2-1 (b))."""

    kind: ClassVar[str] = "remove"
    x: int
    y: int

    def code(self, v) -> int:
        return e.code(e.REMOVE, _anchor(v, self.x, self.y))


@dataclass(frozen=True, repr=False)
class TakeBack(Action):
    """Take back one's own token from the square at (x, y) (WIN-PH2-1 (c), DEVIR)."""

    kind: ClassVar[str] = "take_back"
    x: int
    y: int

    def code(self, v) -> int:
        return e.code(e.TAKEBACK, _anchor(v, self.x, self.y))


@dataclass(frozen=True, repr=False)
class KeepPart(Action):
    """After a tied split, keep the part holding the card at (x, y) (WIN-SPLIT-1, WIN-CLAR-9)."""

    kind: ClassVar[str] = "keep"
    x: int
    y: int

    def code(self, v) -> int:
        return e.code(e.KEEP, _anchor(v, self.x, self.y))


ACTIONS: dict[str, type[Action]] = {c.kind: c for c in (Lay, DrawCard, ChooseColour, PlaceToken, Decline,
                                                        MoveCard, RemoveCard, TakeBack, KeepPart)}


def from_code(c: int, v) -> Action:
    """The value object of engine action ``c`` in the state whose tuple is ``v``."""
    kind, a, t, b = e.decode(c)
    ox, oy = v[e.OX], v[e.OY]
    x, y = a % W + ox, a // W + oy
    if kind == e.LAY:
        return Lay(x, y, turned=bool(t))
    if kind == e.MOVE:
        return MoveCard(x, y, b % W + ox, b // W + oy, turn=bool(t))
    if kind == e.REMOVE:
        return RemoveCard(x, y)
    if kind == e.TOKEN:
        return PlaceToken(x, y)
    if kind == e.TAKEBACK:
        return TakeBack(x, y)
    if kind == e.KEEP:
        return KeepPart(x, y)
    if kind == e.COLOUR:
        return ChooseColour(e.COLOUR_NAMES[t])
    return DrawCard() if kind == e.DRAW else Decline()


def action_from_dict(raw: Any, where: str) -> Action:
    """Strict reading of an action's JSON form; ``RecordError(where...)`` names what is wrong."""
    if not isinstance(raw, dict):
        raise RecordError(where, f"expected an action object, got {quote(raw)}")
    kind = raw.get("kind")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"{where}.kind", f"expected one of {', '.join(ACTIONS)}, got {quote(kind)}")
    names = {f.name: f for f in fields(cls)}     # type: ignore[arg-type]
    extra = sorted(set(raw) - set(names) - {"kind"}, key=str)
    if extra:
        raise RecordError(f"{where}.{extra[0]}", "unknown field")
    values = {}
    for name, f in names.items():
        if name not in raw:
            if f.default is MISSING:
                raise RecordError(f"{where}.{name}", "missing")
            continue
        value = raw[name]
        if f.type == "bool" and type(value) is not bool:
            raise RecordError(f"{where}.{name}", f"expected true or false, got {quote(value)}")
        if f.type == "int" and (type(value) is not int or not -COORD_LIMIT <= value <= COORD_LIMIT):
            raise RecordError(f"{where}.{name}", f"expected a whole number, got {quote(value)}")
        if f.type == "str" and value not in e.COLOUR_NAMES:
            raise RecordError(f"{where}.{name}", f"expected 'light' or 'dark', got {quote(value)}")
        values[name] = value
    return cls(**values)
