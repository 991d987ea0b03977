"""A record replayed on the fast core: the same states as the engine's replay, and the engine's
RecordError for an illegal action."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import RecordError
from lotus_kit.white_lotus.actions import Pass
from lotus_kit.white_lotus.bots import HeuristicBot, play_game
from lotus_kit.white_lotus.fast import decode
from lotus_kit.white_lotus.fast.play import replay
from lotus_kit.white_lotus.game import new_record


def _bot_record(players: int, seed: int, flags: tuple[str, ...] = ()):
    record = new_record(players, seed, flags)
    actions: list = []
    play_game(record.start(), [HeuristicBot(10 * seed + k) for k in range(players)],
              on_action=lambda before, action, after: actions.append(action))
    return record.with_actions(actions)


@pytest.mark.parametrize(("players", "seed", "flags"), [(3, 1, ()), (4, 2, ("WL_FINITE_SUPPLY",)),
                                                        (6, 3, ("WL_DESIGNER",))])
def test_replay_on_the_core_reaches_every_state_of_the_engines_replay(players, seed, flags) -> None:
    record = _bot_record(players, seed, flags)
    table, last = replay(record)
    assert decode(table, last) == record.replay() and decode(table, last).is_over
    table, flats = replay(record, keep=True)
    assert [decode(table, s) for s in flats] == record.states()


def test_an_illegal_action_in_a_record_fails_with_the_engines_record_error() -> None:
    record = _bot_record(4, 5)
    broken = record.with_actions((*record.actions[:3], Pass(9), *record.actions[3:]))
    with pytest.raises(RecordError) as engine:
        broken.states()
    with pytest.raises(RecordError) as core:
        replay(broken)
    assert str(core.value) == str(engine.value) and "actions[3]" in str(core.value)
