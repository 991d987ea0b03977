"""GameSession.from_position plays on from a position of any game (``game=``), White Lotus by default."""

from __future__ import annotations

import random

import pytest

from lotus_kit.core.errors import RecordError
from lotus_kit.ui.session import GameSession


def test_from_position_plays_on_from_a_ming_position_with_its_flags_and_saves_it():
    from lotus_kit.ming.engine import apply, legal_actions, new_game
    from lotus_kit.ming.game import MING
    from lotus_kit.ming.position import description

    state, rng = new_game(3, seed=5), random.Random(5)
    while state.phase != "phase2":
        state = apply(state, rng.choice(legal_actions(state)))
    desc = {k: v for k, v in description(state).items() if k != "flags"}   # the record's flags apply
    s = GameSession.from_position(desc, flags=["NO_CLOISTER_LOCK"], seats=["human", "random", "random"], game="ming")
    assert s.game is MING and s.record.game == "ming" and s.record.flags == ("NO_CLOISTER_LOCK",)
    assert s.state == MING.position(desc, ("NO_CLOISTER_LOCK",)) and s.state.rules.flags() == ("NO_CLOISTER_LOCK",)
    assert s.state.phase == "phase2" and s.decision().kind == MING.decision(s.state).kind
    again = GameSession.from_record(s.to_json())
    assert again.game is MING and again.state == s.state


def test_from_position_takes_a_samurai_game_object_and_its_reasons():
    from lotus_kit.samurai.game import SAMURAI
    from lotus_kit.samurai.position import describe_position, position

    desc = describe_position(SAMURAI.new_game(4, 3))
    s = GameSession.from_position(desc, seats=["human"] * 4, game=SAMURAI)
    assert s.game is SAMURAI and s.players == 4 and s.state == position(desc)
    assert s.decision().kind == SAMURAI.decision(s.state).kind
    with pytest.raises(RecordError, match=r"setup\.position"):          # Samurai's reasons, not White Lotus's
        GameSession.from_position({**desc, "active": 9}, game="samurai")


def test_from_position_is_white_lotus_without_a_game():
    from lotus_kit.ui.session import describe_position
    from lotus_kit.white_lotus.engine import new_game

    s = GameSession.from_position(describe_position(new_game(3, seed=1)))
    assert s.game.name == "white_lotus" and s.players == 3
