"""Golden playthroughs: recorded games replayed and compared event by event.

Regenerate with ``python scripts/make_golden.py`` only after a deliberate rules change.
"""

from __future__ import annotations

import pathlib

import pytest

from lotus_kit.core.records import load
from lotus_kit.white_lotus.seats import seat_name

GOLDEN = pathlib.Path(__file__).parent / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("*.json"))


def test_golden_set_covers_3_4_6_players_and_designer_rules():
    assert {"3p-default", "4p-default", "6p-default", "4p-designer"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_replays_event_by_event(name):
    states = load(GOLDEN / f"{name}.json").states()
    got = [f"{step:4d} {ev.text(seat_name)}" for step, st in enumerate(states) for ev in st.events]
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    for k, (g, e) in enumerate(zip(got, expected, strict=False)):
        assert g == e, f"event {k} differs"
    assert len(got) == len(expected)
    assert states[-1].is_over
