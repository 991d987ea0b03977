"""Golden playthroughs: recorded games replayed and compared event by event.

Regenerate with ``python scripts/golden.py --game white_lotus`` only after a deliberate rules change.
"""

from __future__ import annotations

import pathlib

import pytest

from lotus_kit.core.golden import check_goldens
from lotus_kit.white_lotus.game import WHITE_LOTUS

GOLDEN = pathlib.Path(__file__).parent / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("*.json"))


def test_golden_set_covers_3_4_6_players_and_designer_rules():
    assert {"3p-default", "4p-default", "6p-default", "4p-designer"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_replays_event_by_event(name):
    assert check_goldens(WHITE_LOTUS, GOLDEN, [name])[name] > 100
