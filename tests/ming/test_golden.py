"""Whole games compared with their golden playthroughs (2, 3, 4 players and variants)."""

from __future__ import annotations

import pytest

from tests.ming.golden import GAMES, HERE, playthrough


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name):
    players, seed, flags = GAMES[name]
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(players, seed, flags) == expected, \
        f"the {name} game plays differently now; if the rules change is deliberate, run python -m tests.ming.golden"
