"""Winter against the kit's conformance check: every profile and flag, random games to the end."""

from __future__ import annotations

from lotus_kit.core.conformance import check_game
from lotus_kit.winter.game import WINTER


def test_WIN_CLAR_13_winter_keeps_every_promise_of_the_game_protocol():
    report = check_game(WINTER, seeds=(1, 2), observe_every=4)
    assert report.problems == []
    assert report.games >= 2 * (1 + len(WINTER.info.flag_settings)) and report.actions > 2_000
    assert report.illegal_checked > 1_000 and report.observations_checked > 500 and report.records_checked > 20
