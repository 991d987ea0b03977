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


def test_the_shared_golden_script_replays_ming_records_to_their_action_logs():
    """``scripts/golden.py --game ming`` writes bot games as records; Ming's states keep no events, so
    their logs are the actions in words and the final scores."""
    from lotus_kit.core.golden import check_goldens
    from lotus_kit.ming.game import MING

    counts = check_goldens(MING, HERE)
    assert set(counts) == {"2p-default", "3p-default", "4p-default"}
    assert all(n > 100 for n in counts.values())
