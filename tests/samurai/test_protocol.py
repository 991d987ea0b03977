"""The game seam: records, action JSON, observation and hidden redraws, positions, the legal set."""

from __future__ import annotations

import json
import random

import pytest

from lotus_kit.core.errors import IllegalAction, PositionError, RecordError
from lotus_kit.core.records import loads
from lotus_kit.samurai import actions as A
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.game import new_record
from lotus_kit.samurai.position import describe_position

from .helpers import G, seat, table


def _random_play(players, seed, flags=(), limit=400):
    rng = random.Random(seed)
    s = G.new_game(players, seed, flags)
    states, actions = [s], []
    while not G.is_over(s) and len(actions) < limit:
        a = rng.choice(G.legal_actions(s))
        s = G.apply(s, a)
        states.append(s)
        actions.append(a)
    return states, actions


def test_registry_names_the_game_and_its_facts():
    from lotus_kit.core.registry import get_game

    g = get_game("samurai")
    assert g is G and g.info.rule_prefix == "SAM" and g.info.hidden_information and g.info.chance
    assert {f.name for f in g.info.flags} >= {"SEPPUKU_NEEDS_CARDS", "NO_RESHUFFLE", "ALLY_KI_ADDS"}
    assert all(f.rule.startswith("SAM-") for f in g.info.flags)


def test_records_round_trip_and_replay_bit_exact():
    states, actions = _random_play(4, 7)
    record = new_record(4, 7).with_actions(actions)
    again = loads(record.to_json())
    assert again.replay() == states[-1]
    assert tuple(again.states()) == tuple(states)


def test_every_action_round_trips_through_json_and_its_repr():
    _states, actions = _random_play(5, 3, ("ALLIANCE_MAY_BE_REFUSED",))
    for a in set(actions):
        d = json.loads(json.dumps(G.action_to_dict(a)))
        assert G.action_from_dict(d, "a") == a
        assert eval(repr(a), vars(A)) == a        # the repr evaluates back


@pytest.mark.parametrize("raw,where", [
    ({"type": "Nope", "seat": 0}, "x.type"),
    ({"type": "Draw"}, "x.seat"),
    ({"type": "Draw", "seat": "0"}, "x.seat"),
    ({"type": "Draw", "seat": 0, "extra": 1}, "x.'extra'"),
    ({"type": "Play", "seat": 0, "card": "SHOGUN", "owner": 0, "house": "daimyo"}, "x"),
    ({"type": "Play", "seat": 0, "card": "NOH", "owner": 0, "house": "castle"}, "x"),
    ([1, 2], "x"),
])
def test_malformed_actions_are_refused_naming_the_field(raw, where):
    with pytest.raises(RecordError) as e:
        G.action_from_dict(raw, "x")
    assert e.value.where == where


def test_apply_never_changes_its_input_and_illegal_actions_leave_the_state():
    states, actions = _random_play(3, 11)
    for s, a in zip(states, actions, strict=False):
        before = tuple(s)
        G.apply(s, a)
        assert tuple(s) == before
        with pytest.raises(IllegalAction) as e:
            G.apply(s, A.Draw(seat=(min(G.to_act(s)) + 1) % 3))
        assert e.value.rule.startswith("SAM-") and tuple(s) == before


def test_the_legal_set_is_exactly_what_apply_accepts():
    """Differential: every listed action applies; random other actions are refused."""
    rng = random.Random(5)
    for seed in range(6):
        states, _ = _random_play(3 + seed % 4, seed, limit=150)
        for s in states[::3]:
            legal = E.legal_set(s)
            for c in legal:
                E.apply(s, c)
            for _ in range(40):
                c = E.code(rng.randrange(20), rng.randrange(s.players), rng.randrange(28), rng.randrange(s.players),
                           rng.randrange(2), rng.randrange(28), rng.randrange(s.players), rng.randrange(2))
                if c not in legal:
                    with pytest.raises(IllegalAction):
                        E.apply(s, c)


def test_SAM_CLAR_19_observation_hides_other_hands_and_the_deck_but_not_the_table():
    s = G.new_game(4, seed=2)
    o = G.observation(s, 1)
    assert o.hand(1) == s.hand(1) and o.hand(0) == ("HIDDEN",) * 7
    assert o.deck_size == s.deck_size and o.honor == s.honor and o.house(0, "daimyo") == s.house(0, "daimyo")
    assert all(o[E.DECK + k] == 0 for k in range(29)) and o[E.RNG] == 0
    spectator = G.observation(s, None)
    assert all(spectator.hand(p) == ("HIDDEN",) * 7 for p in range(4))


def test_observation_is_unchanged_when_hidden_cards_are_redrawn():
    rng = random.Random(1)
    for seed in range(4):
        states, _ = _random_play(3 + seed, seed, limit=200)
        for s in states[::7]:
            for viewer in range(s.players):
                r = G.redraw_hidden(s, viewer, rng)
                assert G.observation(r, viewer) == G.observation(s, viewer)
                assert r.hand(viewer) == s.hand(viewer)


def test_redraw_in_a_save_face_window_keeps_who_may_be_asked():
    from .helpers import dice_seed

    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE", "NOH"]), seed=dice_seed([6, 1]))
    s = G.apply(s, A.Attack(0, 1))
    for k in range(20):
        r = G.redraw_hidden(s, 0, random.Random(k))
        assert "SAVE_FACE" in r.hand(2) and G.legal_actions(r) == G.legal_actions(s)


def test_positions_round_trip_and_say_every_reason():
    states, _ = _random_play(4, 9, limit=120)
    s = [x for x in states if G.decision(x).kind == "card_action" and x.actions_used == 0][-1]
    p = G.position(describe_position(s))
    for who in range(4):
        assert p.hand(who) == s.hand(who) and p.house(who, "daimyo") == s.house(who, "daimyo")
        assert p.house(who, "samurai") == s.house(who, "samurai")
    assert (p.honor, p.allies, p.shogun_holder, p.deck_size, p.discard) == \
        (s.honor, s.allies, s.shogun_holder, s.deck_size, s.discard)
    with pytest.raises(PositionError) as e:
        G.position({"players": 3, "seats": [
            {"samurai": ["CASTLE_OSAKA"], "hand": ["NOH"] * 2},
            {"daimyo": ["DAIMYO_10", "OKUGATA_5", "OKUGATA_10"], "ally": 0},
            {"honor": 500}]})
    text = "\n".join(e.value.reasons)
    assert "SAM-PLAY-2" in text and "NOH: 2 placed" in text and "not allied" in text and "SAM-CLAR-16" in text


def test_redacted_record_keeps_what_the_seat_knows():
    states, actions = _random_play(3, 4, limit=60)
    while G.decision(states[-1]).kind != "card_action":
        actions.append(G.legal_actions(states[-1])[-1])
        states.append(G.apply(states[-1], actions[-1]))
    record = new_record(3, 4).with_actions(actions)
    red = G.redact(record, 1)
    text = red.to_json()
    assert '"seed"' not in text and red.actions == ()
    again = loads(text).replay()
    assert again.hand(1) == states[-1].hand(1) and again.honor == states[-1].honor
    assert again.hand_size(0) == 0 and "hands of Red, Green" in red.meta["secrets"]


def test_decision_and_describe_speak_plain_words():
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["DISHONOR"]), seat(daimyo=["DAIMYO_10"]), seat())
    assert G.describe(A.Dishonor(0, 1), s) == "Red plays Dishonor on Blue"
    s = G.apply(s, A.Dishonor(0, 1))
    d = G.decision(s)
    assert d.kind == "dishonor_answer" and d.seats == frozenset({1}) and not d.sealed and "SAM-EVT-3" in d.rules
    assert "Blue answers Red's Dishonor" in d.text
    assert G.describe(A.Seppuku(1, "daimyo"), s) == "Blue commits Seppuku with the Daimyo"


def test_position_takes_the_flags_beside_the_description():
    desc = {"players": 3, "seats": [seat(daimyo=["START_DAIMYO_5"]), seat(), seat()]}
    assert G.position(desc, flags=["NO_RESHUFFLE", "targetHonor=150"]).rules.flags() == \
        ("NO_RESHUFFLE", "targetHonor=150")
    assert G.position(desc).rules.flags() == ()


def test_events_of_the_last_step_in_words():
    from .helpers import dice_seed

    s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(samurai=["NOH"]), seed=dice_seed([6, 5, 2]))
    assert [e.kind for e in G.new_game(3, 1).events] == ["start"]
    s = G.apply(s, A.Attack(0, 1))
    assert [e.text() for e in s.events] == ["Red attacks Blue",
                                           "dice [6, 5] against [2]: Red wins the battle (SAM-BAT-3)"]
    s = G.apply(G.apply(s, A.CastleChoice(0, "take")), A.EndTurn(0))
    assert s.events[-1].text() == "Blue gains 0 honor in phase 1 (SAM-HON-3), now 0"     # a lone Ronin now


def test_reseed_is_the_same_position_with_other_dice():
    s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat())
    rolls = set()
    for k in range(30):
        other = G.reseed(s, k)
        assert G.observation(other, 0) == G.observation(s, 0)
        b = G.apply(other, A.Attack(0, 1)).last_battle
        rolls.add((b["attacker_dice"], b["defender_dice"]))
    assert len(rolls) > 10


def test_a_branch_replays_the_rest_and_reports_where_it_stopped():
    from lotus_kit.core.records import branch

    states, actions = _random_play(4, 21, limit=80)
    record = new_record(4, 21).with_actions(actions)
    # at the first Draw, end the turn instead: later actions of that player no longer fit
    k = next(i for i, a in enumerate(actions) if type(a).__name__ == "Draw")
    b = branch(record, k, A.EndTurn(actions[k].seat), states)
    assert b.record.actions[k] == A.EndTurn(actions[k].seat)
    assert b.stopped_at is not None and b.stopped_at > k and b.reason.split(":")[0].startswith("SAM-")
    assert b.states[-1] == G.apply(b.states[-2], b.record.actions[-1])
    same = branch(record, k, actions[k], states)
    assert same.stopped_at is None and same.states[-1] == states[-1]


@pytest.mark.parametrize("flags", [(), ("ALLY_KI_ADDS", "MULTI_DECLARATION", "STEAL_INCLUDES_WARRIORS")])
def test_the_facade_plays_the_engines_game_and_its_states_read_as_the_engines_tuples(flags):
    import copy
    import pickle

    from lotus_kit.samurai.rules import Rules
    from lotus_kit.samurai.state import State

    for players, seed in ((3, 5), (4, 6), (6, 7)):
        states, actions = _random_play(players, seed, flags)
        t = E.new_game(players, seed, Rules.from_flags(flags))
        for s, a in zip(states, actions, strict=False):
            assert s == t and tuple(s) == t and hash(s) == hash(t) and len(s) == len(t)
            assert s[E.N] == t[E.N] and s[E.DECK:E.DISCARD] == t[E.DECK:E.DISCARD]
            assert [x.code for x in G.legal_actions(s)] == E.legal(t)
            t = E.apply(t, a.code)
        assert states[-1] == t and State(t) == states[-1] and State(states[-1]) == states[-1]
        s = states[-1]
        assert pickle.loads(pickle.dumps(s)) == s and copy.deepcopy(s) == s and s != states[0]
        with pytest.raises(AttributeError):
            s._t = []
