"""The kit's generic conformance check on Ehre der Samurai: every player count 3-6 with the default
rules, each flag alone and each named profile (two seeds each)."""

from __future__ import annotations

from lotus_kit.core.conformance import check_game, setups

from .helpers import G


def test_samurai_conforms_for_every_player_count_and_flag():
    report = check_game(G, seeds=(0, 1), observe_every=10)
    expected = setups(G)
    wanted = {(n, ()) for n in range(3, 7)} | {(n, (s,)) for n in range(3, 7) for s in G.info.flag_settings}
    assert report.setups == expected and wanted <= set(expected)
    assert report.games == 2 * len(expected) and report.problems == []
    assert report.illegal_checked >= report.actions and report.records_checked == report.games
    assert report.observations_checked > 0
