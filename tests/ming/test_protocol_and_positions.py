"""The protocol object, actions as JSON, positions from descriptions, redaction, bots."""

from __future__ import annotations

import pathlib
import random

import pytest

from lotus_kit.core.errors import PositionError, RecordError
from lotus_kit.core.records import GameRecord
from lotus_kit.ming.actions import KINDS, ChooseReturn, Deploy, Move, PlaceMember, action_from_dict
from lotus_kit.ming.bots import HeuristicBot, RandomBot
from lotus_kit.ming.engine import apply, legal_actions, new_game
from lotus_kit.ming.game import MING
from lotus_kit.ming.position import description, position
from lotus_kit.ming.state import G_PHASE, PHASE1, PHASE2, PHASE3
from tests.ming.helpers import pos


def test_every_action_kind_round_trips_through_json_and_repr():
    import lotus_kit.ming.actions as actions_module
    seen = set()
    for players in (2, 4):
        s = new_game(players, seed=2)
        rng = random.Random(2)
        while not s.is_over:
            for a in legal_actions(s):
                if a.kind not in seen:
                    assert action_from_dict(a.to_dict(), "a") == a and eval(repr(a), vars(actions_module)) == a
                    seen.add(a.kind)
            s = apply(s, rng.choice(legal_actions(s)))
    assert seen >= set(KINDS) - {"split_return", "exchange_sets", "choose_start"}


@pytest.mark.parametrize("raw, where", [
    ({"kind": "fly", "seat": 0}, "a.kind"),
    ({"kind": "pass"}, "a.seat"),
    ({"kind": "pass", "seat": 0, "extra": 1}, "a.extra"),
    ({"kind": "move", "seat": 0, "to": "P1.L", "cards": "HORSE"}, "a.cards"),
    ({"kind": "deploy", "seat": 0, "count": 1, "cloister": 1}, "a.cloister"),
    ([1, 2], "a"),
])
def test_malformed_actions_name_the_field(raw, where):
    with pytest.raises(RecordError) as e:
        action_from_dict(raw, "a")
    assert e.value.where == where


def test_MING_CLAR_17_position_round_trips_through_its_description_in_phases_1_to_3():
    for players in (2, 3, 4):
        s = new_game(players, seed=players)
        rng = random.Random(players)
        checked = set()
        while not s.is_over:
            if s.data[G_PHASE] in (PHASE1, PHASE2, PHASE3, 5):
                assert position(description(s)) == s
                checked.add(s.phase)
            s = apply(s, rng.choice(legal_actions(s)))
        assert checked == {"phase1", "phase2", "phase3", "deploy"}


def test_position_lists_every_reason():
    with pytest.raises(PositionError) as e:
        position({"players": 3, "round": 9, "phase": "phase3", "colour": 1,
                  "seats": [{"prince": "P1.T", "hand": {"HORSE": 6}}, {"prince": "P9.X"}, {}]})
    text = "\n".join(e.value.reasons)
    for words in ("unknown field 'colour'", "round must be a whole number from 1 to 6", "holds 6 cards",
                  "no district 'P9.X'", "Grey's prince must stand somewhere"):
        assert words in text


def test_start_from_setup_checks_fields_and_a_deck_gives_the_public_start():
    with pytest.raises(RecordError, match=r"setup.players"):
        MING.start({"players": 5}, [])
    with pytest.raises(RecordError, match=r"setup.colour"):
        MING.start({"players": 3, "colour": 1}, [])
    with pytest.raises(RecordError, match=r"flags"):
        MING.start({"players": 3}, ["NOPE"])
    with pytest.raises(RecordError, match=r"setup.deck"):
        MING.start({"players": 3, "deck": ["HORSE"]}, [])
    deck = ["HORSE"] * 9 + ["RICKSHAW"] * 9 + ["JUNK"] * 9 + ["CAMEL"] * 9 + ["PALANQUIN"] * 9 + ["OXCART"] * 9
    s = MING.start({"players": 3, "start_player": 0, "deck": deck, "generator": 0}, [])
    assert list(s.display.values()) == ["HORSE"] * 6 and s.supply_size == 48


def test_redacted_record_hides_the_supply_and_pending_choices_and_replays_to_the_same_view():
    # a game stopped where one return-card choice is made and another is still to come
    for seed in range(8, 40):
        s = MING.new_game(3, seed=seed)
        rng = random.Random(seed)
        actions = []
        while not s.is_over and not (s.phase == "choose_return" and len(s.to_act_seats) == 1
                                     and any(s.return_chosen(x) for x in range(3))):
            a = rng.choice(MING.legal_actions(s, min(MING.to_act(s))))
            actions.append(a)
            s = MING.apply(s, a)
        if not s.is_over:
            break
    assert not s.is_over
    last_seat = min(s.to_act_seats)
    rec = GameRecord("ming", {"players": 3, "seed": seed}, (), tuple(actions))
    for seat in (None, last_seat):
        red = MING.redact(rec, seat)
        assert "seed" not in red.setup and red.meta["withheld_actions"] >= 0
        r = MING.start(red.setup, red.flags)
        for a in red.actions:
            r = MING.apply(r, a)
        full = MING.start(rec.setup, rec.flags)
        for a in actions[:len(red.actions)]:
            full = MING.apply(full, a)
        assert MING.observation(r, seat) == MING.observation(full, seat)
        # the last action is another seat's sealed choice, not revealed yet: the record ends before it
        assert isinstance(actions[-1], ChooseReturn) and actions[-1].seat != seat
        assert len(red.actions) < len(actions)


def test_decision_and_describe_speak_the_games_words():
    s = pos(3, round=1, phase="phase3", seats={0: {"prince": "P1.T", "hand": {"HORSE": 1}, "spaces": {"RED": 2}}})
    d = MING.decision(s)
    assert d.kind == "phase3" and d.seats == {0} and not d.sealed and "MING-PH3-1" in d.rules
    assert d.text == "Black moves the prince, stays or passes (MING-PH3-1)"
    assert MING.describe(Move(0, "P1.L", ("HORSE",)), s) == "Black moves the prince to P1.L, paying HORSE"
    assert MING.describe(ChooseReturn(1, 3), s) == "White chooses return cards"     # sealed
    assert MING.describe(Deploy(2, 1, False), s) == "Grey deploys 1 family member"
    assert MING.describe(PlaceMember(0, "RED"), s) == "Black puts a family member on the RED province space"


def test_heuristic_bot_beats_random_bots():
    wins = 0
    for g in range(8):
        s = new_game(3, g, start_player=g % 3)
        bots = [HeuristicBot(g), RandomBot(g), RandomBot(g + 1)]
        while not s.is_over:
            seat = min(s.to_act_seats)
            s = apply(s, bots[seat].choose(s, seat))
        wins += MING.winners(s) == {0}
    assert wins >= 6


def test_records_replay_bit_exact_through_json_for_2_3_4_players():
    from lotus_kit.core.records import GameRecord, loads
    from lotus_kit.core.registry import get_game
    game = get_game("ming")
    assert game is MING and MING.info.rule_prefix == "MING" and MING.info.sealed_choices
    for players in (2, 3, 4):
        s = MING.new_game(players, seed=players)
        bots = [HeuristicBot(i) for i in range(players)]
        actions = []
        while not MING.is_over(s):
            seat = min(MING.to_act(s))
            a = bots[seat].choose(s, seat)
            actions.append(a)
            s = MING.apply(s, a)
        rec = GameRecord("ming", {"players": players, "seed": players}, (), tuple(actions))
        back = loads(rec.to_json())
        assert back.replay() == s and MING.winners(back.replay()) == MING.winners(s)
        assert MING.decision(s).kind == "game_over" and MING.decision(s).seats == frozenset()


def test_a_state_pickles_as_its_ints_and_setup_not_its_caches():
    import pickle
    s = MING.new_game(3, seed=4, flags=["NO_CLOISTER_LOCK"])
    for _ in range(40):
        s = MING.apply(s, MING.legal_actions(s)[0])
    data = pickle.dumps(s)
    assert pickle.loads(data) == s and pickle.loads(data).table is s.table and len(data) < 2_000


def test_branching_a_record_keeps_what_still_applies_and_says_where_it_stopped_with_the_rule():
    from lotus_kit.core.records import branch, load

    record = load(pathlib.Path(__file__).parent / "golden" / "3p-default.json")
    states = record.states()
    first = record.actions[7]                                # White's piece onto the PURPLE province space
    assert first == PlaceMember(1, "PURPLE")
    b = branch(record, 7, PlaceMember(1, "ORANGE"), states)
    assert b.record.actions[7] == PlaceMember(1, "ORANGE") and b.record.actions[:7] == record.actions[:7]
    # White later takes a card beside PURPLE, where he now has nobody: the replay stops there, with the rule
    assert b.stopped_at == 28 and b.reason.startswith("MING-PH2-2") and "PURPLE" in b.reason
    assert len(b.record.actions) == 28 and b.dropped == tuple(record.actions[28:])
    assert b.states[-1] == MING.apply(b.states[-2], b.record.actions[-1])
