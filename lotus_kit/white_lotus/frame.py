"""A game's events as a pandas DataFrame: one row per event, in order.

>>> from lotus_kit.white_lotus.game import new_record
>>> from lotus_kit.white_lotus.engine import legal_actions
>>> df = events_frame(new_record(3, seed=1).states())
>>> list(df.columns[:6])
['step', 'year', 'phase', 'kind', 'seat', 'province']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lotus_kit.core import frame
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State

COLUMNS = ["step", "year", "phase", "kind", "seat", "province", "text", "rules", "detail"]


def _clock(first: State) -> frame.Extra:
    """The year and phase of each event (events carry no clock: follow the phase markers from the
    first state's), the seat an event is about (the new emperor, the rebel leader) and its province."""
    now: list[Any] = [first.year, int(first.phase)]

    def extra(_state: State, _ev: Any, d: dict[str, Any]) -> dict[str, Any]:
        if d["kind"] == "PhaseStarted":
            now[:] = d["year"], d["phase"]
        seat = d.get("seat", d.get("new", d.get("leader")))
        return {"year": now[0], "phase": now[1], "seat": seat if isinstance(seat, int) else None,
                "province": d.get("province") if isinstance(d.get("province"), str) else None}

    return extra


def event_rows(states: Iterable[State]) -> list[dict[str, Any]]:
    """Rows for every event; ``step`` is the number of actions applied when it happened."""
    states = list(states)
    if not states:
        return []
    return [{c: row[c] for c in COLUMNS} for row in frame.event_rows(states, seat_name, _clock(states[0]))]


def events_frame(states: Iterable[State]):
    """The events of a sequence of states (e.g. ``record.states()``) as a DataFrame (needs pandas)."""
    return frame.to_frame(event_rows(states), COLUMNS)
