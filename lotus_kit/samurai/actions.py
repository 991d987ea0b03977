"""The decisions of Ehre der Samurai as small frozen records on top of the engine's action ints.

Each ``repr`` evaluates back to an equal action, and each converts to and from a plain JSON dict
without executing anything:

>>> a = Play(seat=0, card="NOH", owner=0, house="daimyo")
>>> a
Play(seat=0, card='NOH', owner=0, house='daimyo')
>>> action_from_dict(a.to_dict(), "actions[0]") == a, decode(a.code) == a
(True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lotus_kit.core.errors import RecordError, quote
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

HOUSES = ("daimyo", "samurai")
CASTLE_CHOICES = ("leave", "take", "keep_own", "swap")


def _kind(name: Any) -> int:
    """A card that can be in a hand: never the Samurai nor the Shogun card (SAM-PLAY-4, SAM-CLAR-1)."""
    k = C.KIND.get(name, -1) if isinstance(name, str) else -1
    return k if 0 < k < C.SHOGUN and k != C.SAMURAI else -1


def _house(name: Any) -> int:
    return HOUSES.index(name) if name in HOUSES else -1


def _seat(v: Any) -> int:
    return v if type(v) is int and 0 <= v < 8 else -1


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the seat (0-based, clockwise) that takes it; ``code`` is the engine's int
    (-1 when a field names nothing of this game)."""

    seat: int
    code: int = field(init=False, compare=False, repr=False, hash=False, default=-1)
    op: ClassVar[int] = -1

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self._encode())

    def _encode(self) -> int:
        s = _seat(self.seat)
        return -1 if s < 0 else E.code(self.op, s)

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            if f.init:
                out[f.name] = getattr(self, f.name)
        return out


def _all_ok(*parts: int) -> bool:
    return min(parts) >= 0


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Card action: draw the top card of the deck (SAM-KI-3a)."""

    op: ClassVar[int] = E.DRAW


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Card action: discard a hand card without effect (SAM-KI-3b)."""

    card: str = ""
    op: ClassVar[int] = E.DISCARD_CARD

    def _encode(self) -> int:
        s, k = _seat(self.seat), _kind(self.card)
        return E.code(self.op, s, k) if _all_ok(s, k) else -1


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Card action: play a card into a house (SAM-KI-3c, §7); a Daimyo founds the player's Daimyo house."""

    card: str = ""
    owner: int = 0
    house: str = "samurai"
    op: ClassVar[int] = E.PLAY

    def _encode(self) -> int:
        s, k, o, h = _seat(self.seat), _kind(self.card), _seat(self.owner), _house(self.house)
        return E.code(self.op, s, k, o, h) if _all_ok(s, k, o, h) else -1


@dataclass(frozen=True, slots=True)
class Dishonor(Action):
    """Card action worth two: play Dishonor on another player (SAM-EVT-3)."""

    target: int = 0
    op: ClassVar[int] = E.DISHONOR

    def _encode(self) -> int:
        s, o = _seat(self.seat), _seat(self.target)
        return E.code(self.op, s, C.DISHONOR, o) if _all_ok(s, o) else -1


@dataclass(frozen=True, slots=True)
class Thief(Action):
    """Card action: a Ninja Thief or Elite Ninja Thief steals ``item`` from one house into another of
    the user's houses (SAM-EVT-7/8, SAM-CLAR-7)."""

    card: str = "NINJA_THIEF"
    item: str = ""
    from_owner: int = 0
    from_house: str = "daimyo"
    to_owner: int = 0
    to_house: str = "daimyo"
    op: ClassVar[int] = E.THIEF

    def _encode(self) -> int:
        s, k, i = _seat(self.seat), _kind(self.card), _kind(self.item)
        fo, fh, to, th = _seat(self.from_owner), _house(self.from_house), _seat(self.to_owner), _house(self.to_house)
        return E.code(self.op, s, k, fo, fh, i, to, th) if _all_ok(s, k, i, fo, fh, to, th) else -1


@dataclass(frozen=True, slots=True)
class SecondTheft(Action):
    """The Elite Ninja Thief's optional second theft (SAM-CLAR-7)."""

    item: str = ""
    from_owner: int = 0
    from_house: str = "daimyo"
    to_owner: int = 0
    to_house: str = "daimyo"
    op: ClassVar[int] = E.STEAL

    def _encode(self) -> int:
        s, i = _seat(self.seat), _kind(self.item)
        fo, fh, to, th = _seat(self.from_owner), _house(self.from_house), _seat(self.to_owner), _house(self.to_house)
        return E.code(self.op, s, 0, fo, fh, i, to, th) if _all_ok(s, i, fo, fh, to, th) else -1


@dataclass(frozen=True, slots=True)
class StopStealing(Action):
    """The Elite Ninja Thief stops after one theft (SAM-CLAR-7)."""

    op: ClassVar[int] = E.STOP


@dataclass(frozen=True, slots=True)
class Assassin(Action):
    """Card action: a Ninja Assassin on a player's Daimyo or Samurai/Ronin (SAM-EVT-9, SAM-CLAR-8)."""

    target: int = 0
    house: str = "daimyo"
    op: ClassVar[int] = E.ASSASSIN

    def _encode(self) -> int:
        s, o, h = _seat(self.seat), _seat(self.target), _house(self.house)
        return E.code(self.op, s, C.NINJA_ASSASSIN, o, h) if _all_ok(s, o, h) else -1


@dataclass(frozen=True, slots=True)
class DeclareShogun(Action):
    """Declaration: "My Daimyo is now Shogun" (SAM-DEC-2, SAM-DEC-3)."""

    op: ClassVar[int] = E.SHOGUN


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Declaration: "I attack" (SAM-DEC-4, §10)."""

    target: int = 0
    op: ClassVar[int] = E.ATTACK

    def _encode(self) -> int:
        s, o = _seat(self.seat), _seat(self.target)
        return E.code(self.op, s, 0, o) if _all_ok(s, o) else -1


@dataclass(frozen=True, slots=True)
class Ally(Action):
    """Declaration: "I ally with X" (SAM-DEC-5, SAM-ALLY-1)."""

    target: int = 0
    op: ClassVar[int] = E.ALLY_WITH

    def _encode(self) -> int:
        s, o = _seat(self.seat), _seat(self.target)
        return E.code(self.op, s, 0, o) if _all_ok(s, o) else -1


@dataclass(frozen=True, slots=True)
class BreakAlliance(Action):
    """Declaration: "I break the alliance" (SAM-DEC-6, SAM-CLAR-13)."""

    op: ClassVar[int] = E.BREAK_ALLIANCE


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Phase 3: the turn ends, the left neighbour begins (SAM-TURN-1)."""

    op: ClassVar[int] = E.END_TURN


@dataclass(frozen=True, slots=True)
class PayHonor(Action):
    """Answer to Dishonor: lose 75 honor (SAM-EVT-3 a)."""

    op: ClassVar[int] = E.PAY


@dataclass(frozen=True, slots=True)
class SaveFace(Action):
    """Play Save Face: against Dishonor (lose 30) or in a battle's window (SAM-EVT-5, SAM-CLAR-11)."""

    op: ClassVar[int] = E.SAVE_FACE


@dataclass(frozen=True, slots=True)
class Seppuku(Action):
    """Answer to Dishonor: give up the Daimyo house or the Samurai house (SAM-EVT-3 c, SAM-CLAR-10)."""

    house: str = "samurai"
    op: ClassVar[int] = E.SEPPUKU

    def _encode(self) -> int:
        s, h = _seat(self.seat), _house(self.house)
        return E.code(self.op, s, 0, 0, h) if _all_ok(s, h) else -1


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in a battle's Save Face window (SAM-CLAR-11)."""

    op: ClassVar[int] = E.PASS


@dataclass(frozen=True, slots=True)
class CastleChoice(Action):
    """The battle winner's castle choice (SAM-BAT-5, SAM-CLAR-12 step 5)."""

    choice: str = "leave"
    op: ClassVar[int] = E.CASTLE_PICK

    def _encode(self) -> int:
        s = _seat(self.seat)
        c = CASTLE_CHOICES.index(self.choice) if self.choice in CASTLE_CHOICES else -1
        return E.code(self.op, s, c) if _all_ok(s, c) else -1


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """``ALLIANCE_MAY_BE_REFUSED``: accept the offered alliance (SAM-CLAR-13)."""

    op: ClassVar[int] = E.ACCEPT


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """``ALLIANCE_MAY_BE_REFUSED``: refuse the offered alliance (SAM-CLAR-13)."""

    op: ClassVar[int] = E.REFUSE


ACTION_TYPES: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    Draw, Discard, Play, Dishonor, Thief, SecondTheft, StopStealing, Assassin, DeclareShogun, Attack, Ally,
    BreakAlliance, EndTurn, PayHonor, SaveFace, Seppuku, Pass, CastleChoice, Accept, Refuse)}
_BY_OP = {cls.op: cls for cls in ACTION_TYPES.values()}


class _Decoded(dict):
    """Action int -> its value object, made by :func:`decode` the first time it is asked for. The first
    miss makes every action but the thefts of up to six seats at once (about 1,500 objects, a few ms): a
    game then lists shared objects instead of building one on most of its early actions."""

    warm = False

    def __missing__(self, c: int) -> Action:
        if not self.warm:
            self.warm = True
            for a in _every_action_but_thefts():
                self.setdefault(a.code, a)
            got = self.get(c)
            if got is not None:
                return got
        return decode(c)


def _every_action_but_thefts() -> list[Action]:
    seats = range(6)
    hand = [C.NAMES[k] for k in C.DECK_KINDS]
    placed = [C.NAMES[k] for k in C.DECK_KINDS if k not in C.DAIMYOS and k < C.DISHONOR]
    out: list[Action] = [cls(s) for cls in (Draw, StopStealing, DeclareShogun, BreakAlliance, EndTurn, PayHonor,
                                            SaveFace, Pass, Accept, Refuse) for s in seats]
    for s in seats:
        out += [Discard(s, k) for k in hand]
        out += [Play(s, C.NAMES[k], s, "daimyo") for k in sorted(C.DAIMYOS)]
        out += [Play(s, k, o, h) for k in placed for o in seats for h in HOUSES]
        out += [cls(s, o) for cls in (Dishonor, Attack, Ally) for o in seats]
        out += [Assassin(s, o, h) for o in seats for h in HOUSES]
        out += [Seppuku(s, h) for h in HOUSES] + [CastleChoice(s, ch) for ch in CASTLE_CHOICES]
    return out


_CACHE: dict[int, Action] = _Decoded()


def decode(c: int) -> Action:
    """The value object of an engine action int (made once per int, then shared)."""
    got = _CACHE.get(c)
    if got is not None:
        return got
    op, seat, card, owner, house, item, to_owner, to_house = E.fields(c)
    cls = _BY_OP[op]
    if cls in (Discard,):
        a: Action = cls(seat, C.NAMES[card])
    elif cls is Play:
        a = Play(seat, C.NAMES[card], owner, HOUSES[house])
    elif cls in (Dishonor, Attack, Ally):
        a = cls(seat, owner)
    elif cls is Thief:
        a = Thief(seat, C.NAMES[card], C.NAMES[item], owner, HOUSES[house], to_owner, HOUSES[to_house])
    elif cls is SecondTheft:
        a = SecondTheft(seat, C.NAMES[item], owner, HOUSES[house], to_owner, HOUSES[to_house])
    elif cls is Assassin:
        a = Assassin(seat, owner, HOUSES[house])
    elif cls is Seppuku:
        a = Seppuku(seat, HOUSES[house])
    elif cls is CastleChoice:
        a = CastleChoice(seat, CASTLE_CHOICES[card])
    else:
        a = cls(seat)
    _CACHE[c] = a
    return a


def action_from_dict(raw: Any, where: str = "action") -> Action:
    """Strict: a known ``type``, exactly its fields, each of the right JSON type."""
    if not isinstance(raw, dict):
        raise RecordError(where, f"an action is an object with a 'type', got {quote(raw)}")
    name = raw.get("type")
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(f"{where}.type", f"unknown action type {quote(name)}; known: {', '.join(ACTION_TYPES)}")
    wanted = {f.name: f for f in dataclasses.fields(cls) if f.init}
    for key in raw:
        if key != "type" and key not in wanted:
            raise RecordError(f"{where}.{quote(key, 20)}", f"{name} has no field {quote(key)}")
    values = {}
    for fname, f in wanted.items():
        if fname not in raw:
            raise RecordError(f"{where}.{fname}", f"{name} needs the field {fname!r}")
        v = raw[fname]
        want = int if f.type in ("int", int) else str
        if type(v) is not want:
            raise RecordError(f"{where}.{fname}", f"expected {'a whole number' if want is int else 'a text'}, "
                                                  f"got {quote(v)}")
        values[fname] = v
    action = cls(**values)
    if action.code < 0:
        raise RecordError(where, f"{name} names no card, house, seat or choice of this game: {quote(raw)}")
    return action
