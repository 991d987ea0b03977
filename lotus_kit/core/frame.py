"""Any game's events as rows, and as a pandas DataFrame: one row per event, in order.

The core columns are ``step`` (how many actions were applied when it happened), ``kind``, ``seat``,
``text``, ``rules`` and ``detail`` (the event's JSON); a game adds its own columns (a year, a
province) with ``extra``. pandas is imported only by :func:`events_frame`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = ["COLUMNS", "event_rows", "events_frame", "to_frame"]

COLUMNS = ["step", "kind", "seat", "text", "rules", "detail"]

Extra = Callable[[Any, Any, dict[str, Any]], dict[str, Any]]


def event_rows(states: Iterable[Any], name: Callable[[int], str] = lambda s: f"seat {s}",
               extra: Extra | None = None) -> list[dict[str, Any]]:
    """Rows for the events of every state (``state.events``: what its transition emitted).

    ``extra(state, event, data)`` returns more columns of a row (``data`` is the event's dict, its
    ``kind`` still in it); its values override the core ones (a game that names a seat otherwise).
    """
    rows = []
    for step, state in enumerate(states):
        for ev in state.events:
            d = ev.to_dict()
            seat = d.get("seat")
            more = extra(state, ev, d) if extra is not None else {}
            d.pop("kind", None)
            row = {"step": step, "kind": ev.kind, "seat": seat if type(seat) is int else None,
                   "text": ev.text(name), "rules": ", ".join(getattr(ev, "rules", ())),
                   "detail": json.dumps(d, ensure_ascii=False)}
            row.update(more)
            rows.append(row)
    return rows


def events_frame(states: Iterable[Any], name: Callable[[int], str] = lambda s: f"seat {s}",
                 extra: Extra | None = None, columns: Sequence[str] = COLUMNS):
    """The events of a sequence of states (e.g. ``record.states()``) as a DataFrame (needs pandas)."""
    return to_frame(event_rows(states, name, extra), columns)


def to_frame(rows: list[dict[str, Any]], columns: Sequence[str]):
    """``rows`` as a pandas DataFrame with these columns: the one place the engines' tables meet pandas."""
    import pandas as pd

    return pd.DataFrame(rows, columns=list(columns))
