"""Ming Dynastie passes the kit's generic conformance check (lotus_kit.core.conformance): random games of
every player count and with every variant flag, with apply's purity, illegal moves, records, replays,
hidden information (MING-CLAR-17) and the end of the game checked along the way."""

from __future__ import annotations

from lotus_kit.core.conformance import check_game
from lotus_kit.ming.game import MING
from lotus_kit.ming.rules import FLAGS


def test_every_player_count_conforms():
    report = check_game(MING, seeds=(21,), flags=[()], observe_every=20)
    assert report.games == 3 and report.records_checked == 3 and report.problems == []
    assert report.illegal_checked >= report.actions > 500 and report.observations_checked > 20


def test_every_flag_conforms():
    reports = [check_game(MING, seeds=(30 + k,), players=(2 + k % 3,), flags=[(flag,)], observe_every=60)
               for k, flag in enumerate(FLAGS)]
    assert sum(r.games for r in reports) == len(FLAGS) == 9
    assert all(r.problems == [] and r.records_checked == 1 for r in reports)
