"""A game's events as a pandas DataFrame: one row per event, in order.

>>> from lotus_kit.white_lotus.game import new_record
>>> from lotus_kit.white_lotus.engine import legal_actions
>>> df = events_frame(new_record(3, seed=1).states())
>>> list(df.columns[:6])
['step', 'year', 'phase', 'kind', 'seat', 'province']
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State

COLUMNS = ["step", "year", "phase", "kind", "seat", "province", "text", "rules", "detail"]


def event_rows(states: Iterable[State]) -> list[dict[str, Any]]:
    """Rows for every event; ``step`` is the number of actions applied when it happened."""
    rows = []
    year = phase = None
    for step, state in enumerate(states):
        if year is None:
            year, phase = state.year, int(state.phase)
        for ev in state.events:
            d = ev.to_dict()
            if d["kind"] == "PhaseStarted":      # events carry no clock: follow the phase markers
                year, phase = d["year"], d["phase"]
            seat = d.get("seat", d.get("new", d.get("leader")))
            rows.append({
                "step": step, "year": year, "phase": phase, "kind": d.pop("kind"),
                "seat": seat if isinstance(seat, int) else None,
                "province": d.get("province") if isinstance(d.get("province"), str) else None,
                "text": ev.text(seat_name), "rules": ", ".join(ev.rules),
                "detail": json.dumps(d, ensure_ascii=False),
            })
    return rows


def events_frame(states: Iterable[State]):
    """The events of a sequence of states (e.g. ``record.states()``) as a DataFrame (needs pandas)."""
    import pandas as pd

    return pd.DataFrame(event_rows(states), columns=COLUMNS)
