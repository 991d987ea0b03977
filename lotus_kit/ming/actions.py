"""The actions of Ming Dynastie: small frozen values, printable, comparable, JSON round trip.

Districts are named as on the board ("P2.L"), province spaces by their colour ("YELLOW"), cards by
their transport ("HORSE") or "DRAGON". The repr evaluates back to the action.

>>> a = Move(0, "P2.L", ("JUNK", "DRAGON"))
>>> a
Move(seat=0, to='P2.L', cards=('JUNK', 'DRAGON'))
>>> action_from_dict(a.to_dict(), "actions[0]") == a
True
>>> action_from_dict({"kind": "deploy", "seat": 1, "count": "3", "cloister": False}, "actions[4]")
Traceback (most recent call last):
...
lotus_kit.core.errors.RecordError: actions[4].count: expected a whole number, got '3'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from lotus_kit.core.errors import RecordError, quote


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""
    seat: int

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True)
class PlacePrince(Action):
    """MING-SET-5: the prince starts in a district without a prince."""
    kind: ClassVar[str] = "place_prince"
    district: str


@dataclass(frozen=True, slots=True)
class PlaceNeutral(Action):
    """MING-TWO-2 / MING-CLAR-14 (b): one neutral piece into a district's open area (2 players)."""
    kind: ClassVar[str] = "place_neutral"
    district: str


@dataclass(frozen=True, slots=True)
class PlaceMember(Action):
    """MING-PH1-2: one family member onto a province space."""
    kind: ClassVar[str] = "place_member"
    space: str


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """MING-PH2-2 (a): the face-up movement card beside a province space holding an own piece."""
    kind: ClassVar[str] = "take_card"
    space: str


@dataclass(frozen=True, slots=True)
class TakeDragon(Action):
    """MING-PH2-2 (b): a dragon card, removing an own piece from ``space`` to the box."""
    kind: ClassVar[str] = "take_dragon"
    space: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """MING-PH3-2 / MING-CLAR-7: the prince moves to ``to``, paying ``cards`` (deck order, dragons last)."""
    kind: ClassVar[str] = "move"
    to: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """MING-PH3-4: discard one card; the prince stays."""
    kind: ClassVar[str] = "stay"
    card: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """MING-PH3-5: out for the rest of phase 3."""
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """MING-DEP-1/2, MING-CLAR-9: ``count`` pieces from the matching province space into the prince's
    district, one of them into the cloister when ``cloister``."""
    kind: ClassVar[str] = "deploy"
    count: int
    cloister: bool


@dataclass(frozen=True, slots=True)
class ChooseReturn(Action):
    """MING-SCORE-4 / MING-CLAR-11: the sealed sum of return cards for the city being scored."""
    kind: ClassVar[str] = "choose_return"
    value: int


@dataclass(frozen=True, slots=True)
class SplitReturn(Action):
    """MING-CLAR-11: how many returned pieces come from the houses of each district of the city."""
    kind: ClassVar[str] = "split_return"
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ExchangeSets(Action):
    """MING-SCORE-3 under SET_EXCHANGE_END_OF_PHASE_OPTIONAL: how many six-colour sets to exchange."""
    kind: ClassVar[str] = "exchange_sets"
    count: int


@dataclass(frozen=True, slots=True)
class ChooseStart(Action):
    """MING-END-2 / MING-CLAR-15: in the 4-player game the ranked player names the next start player."""
    kind: ClassVar[str] = "choose_start"
    start: int


KINDS: dict[str, type[Action]] = {c.kind: c for c in (
    PlacePrince, PlaceNeutral, PlaceMember, TakeCard, TakeDragon, Move, Stay, Pass, Deploy,
    ChooseReturn, SplitReturn, ExchangeSets, ChooseStart)}

_TYPES: dict[str, str] = {"seat": "int", "district": "str", "space": "str", "to": "str", "cards": "strs",
                          "card": "str", "count": "int", "cloister": "bool", "value": "int",
                          "counts": "ints", "start": "int"}


def action_from_dict(raw: Any, where: str) -> Action:
    """An action from its JSON form, strictly: unknown kinds, missing or extra fields and values of
    the wrong type are refused with a :class:`RecordError` naming the field."""
    if not isinstance(raw, dict):
        raise RecordError(where, f"an action is an object with a 'kind', got {quote(raw)}")
    kind = raw.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"{where}.kind", f"unknown action {quote(kind)}; known: {', '.join(KINDS)}")
    names = [f.name for f in fields(cls)]
    extra = sorted(set(raw) - set(names) - {"kind"}, key=str)
    if extra:
        raise RecordError(f"{where}.{extra[0]}", f"not a field of {kind}")
    values = []
    for name in names:
        if name not in raw:
            raise RecordError(f"{where}.{name}", "missing")
        v, t = raw[name], _TYPES[name]
        ok = (type(v) is int if t == "int" else type(v) is bool if t == "bool" else
              isinstance(v, str) if t == "str" else
              isinstance(v, list) and all(isinstance(x, str) for x in v) if t == "strs" else
              isinstance(v, list) and all(type(x) is int for x in v))
        if not ok:
            expected = {"int": "a whole number", "bool": "true or false", "str": "a name",
                        "strs": "a list of names", "ints": "a list of whole numbers"}[t]
            raise RecordError(f"{where}.{name}", f"expected {expected}, got {quote(v)}")
        values.append(tuple(v) if isinstance(v, list) else v)
    return cls(*values)
