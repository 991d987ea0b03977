"""What a step of Ming did, as events for the table's log, its reveal and the scoring breakdown.

The engine keeps no events in its states (they stay a flat tuple of ints); the screen derives them
from a step on demand (:meth:`MingScreen.step_events`): the action in words, the reveal of a city's
return cards once every choice is in (MING-CLAR-11), and every line of the automatic scoring
(:func:`lotus_kit.ming.engine.explain`: districts, sets, cities, bonuses, cloisters, final extras,
each with its rule id). A return-card choice not yet revealed gives no event at all.

>>> from lotus_kit.ming.game import MING
>>> s = MING.start({"players": 3, "seed": 1, "start_player": 0}, ())
>>> a = MING.legal_actions(s)[0]
>>> [e.text() for e in step_events(s, a, MING.apply(s, a))]
['Black places the prince in P1.T and takes a tile of its province.']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from lotus_kit.core.events import Event
from lotus_kit.ming.actions import Action, ChooseReturn
from lotus_kit.ming.engine import explain
from lotus_kit.ming.game import MING
from lotus_kit.ming.state import SEAT_NAMES, State

__all__ = ["Played", "ReturnsRevealed", "Scored", "returns_words", "step_events"]

Name = Callable[[int], str]


def _name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A public action, in the words of ``MING.describe``."""

    seat: int
    words: str
    round: int

    def text(self, name: Name = _name) -> str:
        return f"{self.words}."


def returns_words(values: tuple[tuple[int, int], ...]) -> str:
    """"Black 0, Grey 2" from (seat, sum) pairs."""
    return ", ".join(f"{_name(seat)} {value}" for seat, value in values)


@dataclass(frozen=True, slots=True)
class ReturnsRevealed(Event):
    """MING-SCORE-4 / MING-CLAR-11: a city's return-card sums, shown together once all have chosen."""

    city: str
    values: tuple[tuple[int, int], ...]
    round: int
    rules: ClassVar[tuple[str, ...]] = ("MING-SCORE-4", "MING-CLAR-11")

    def text(self, name: Name = _name) -> str:
        return (f"Return cards revealed for the city of {self.city} (MING-CLAR-11): "
                f"{returns_words(self.values)}")


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """One line of the automatic scoring (``what``: district, six_colour_set, city, city_bonus,
    cloister, five_colour_sets, tiles); ``points`` scored by ``seat`` (-1: nobody, a district fill)."""

    round: int
    what: str
    words: str
    seat: int
    points: int

    def text(self, name: Name = _name) -> str:
        return self.words


def _revealed(before: State, action: ChooseReturn) -> tuple[tuple[int, int], ...]:
    """Every sum for the city: the earlier ones kept sealed in ``before``, and ``action``'s."""
    t, d = before.table, before.data
    values = {x: d[t.seat(x) + t.ret] for x in range(t.players) if d[t.seat(x) + t.ret] >= 0}
    values[action.seat] = action.value
    return tuple(sorted(values.items()))


def step_events(before: State, action: Action, after: State) -> tuple[Event, ...]:
    """The events of the step ``before`` --``action``-> ``after`` (see the module docstring)."""
    out: list[Event] = []
    if isinstance(action, ChooseReturn):
        city = before.city_being_scored
        if after.phase == "choose_return" and after.city_being_scored == city:
            return ()                       # sealed until every choice for the city is in
        out.append(ReturnsRevealed(city or "", _revealed(before, action), before.round))
    else:
        out.append(Played(action.seat, MING.describe(action, before), before.round))
    _, notes = explain(before, action)
    out.extend(Scored(before.round, n["kind"], n["text"], int(n.get("seat", -1)), int(n.get("points", 0)))
               for n in notes)
    return tuple(out)


def scoring_events(log: Any) -> dict[int, list[Scored | ReturnsRevealed]]:
    """The scoring lines of a session's log (its entries' ``event``), by round."""
    rounds: dict[int, list[Scored | ReturnsRevealed]] = {}
    for entry in log:
        ev = entry.event
        if isinstance(ev, Scored | ReturnsRevealed):
            rounds.setdefault(ev.round, []).append(ev)
    return rounds
