"""Winter behind the kit's game protocol: records, hidden information, decisions, words, bad input."""

from __future__ import annotations

import random

import pytest

from lotus_kit.core.errors import IllegalAction, PositionError, RecordError
from lotus_kit.core.records import GameRecord, from_dict, loads
from lotus_kit.core.registry import get_game
from lotus_kit.winter.actions import ChooseColour, DrawCard, Lay, MoveCard, RemoveCard, action_from_dict
from lotus_kit.winter.game import WINTER, new_record
from tests.winter.helpers import lake, legal, ordered, play


def _random_record(seed, flags=(), limit=400):
    rng = random.Random(seed)
    s = WINTER.new_game(2, seed=seed, flags=flags)
    actions = []
    while not s.is_over and len(actions) < limit:
        a = rng.choice(legal(s))
        actions.append(a)
        s = WINTER.apply(s, a)
    return new_record(seed, flags, actions), s


def test_the_registry_finds_winter_and_its_facts():
    g = get_game("winter")
    assert g is WINTER and g.info.rule_prefix == "WIN" and g.info.profiles["BGA_HELP"] == ("BGA_HELP",)
    assert {f.name for f in g.info.flags} >= {"ALIGNED_GRID", "EXCLUSIVE_FLAKES", "BGA_CLAIM_EVERY_SQUARE"}
    assert all(f.rule.startswith("WIN-") for f in g.info.flags)


@pytest.mark.parametrize("flags", [[], ["BGA_HELP"]])
def test_a_record_replays_bit_exact_and_round_trips_through_json(flags):
    record, final = _random_record(3, flags)
    again = loads(record.to_json())
    assert again.replay() == final and again.actions == record.actions
    assert from_dict(record.to_dict()).replay() == final


def test_WIN_CLAR_13_each_decision_belongs_to_exactly_one_player_and_names_its_rule():
    record, _ = _random_record(4)
    for s in record.states():
        d = WINTER.decision(s)
        assert d.seats == WINTER.to_act(s)
        assert len(d.seats) == (0 if s.is_over else 1) and not d.sealed
        assert d.rules and all(r.startswith("WIN-") for r in d.rules) and d.rules[0] in d.text


def test_WIN_CLAR_3_the_deck_order_is_the_only_secret():
    a = ordered(["W01", "W02", "W03", "W04"])
    b = ordered(["W01", "W02", "W04", "W03"])
    assert a != b
    assert WINTER.observation(a, 0) == WINTER.observation(b, 0) == WINTER.observation(b, None)
    s = play(a, Lay(0, 0), Lay(2, 0), ChooseColour("dark"), DrawCard())
    assert WINTER.observation(s, 1).card_in_hand == "W03"           # a turned-up card is public


def test_redraw_hidden_changes_only_the_face_down_order():
    record, _ = _random_record(5, limit=12)
    rng = random.Random(1)
    for s in record.states():
        r = WINTER.redraw_hidden(s, 0, rng)
        assert WINTER.observation(r, 0) == WINTER.observation(s, 0) and r.v == s.v
        assert sorted(r.order) == sorted(s.order) and r.order[:s.v[14]] == s.order[:s.v[14]]


def test_a_redacted_record_has_no_seed_and_replays_to_the_same_observation():
    record, final = _random_record(6, limit=20)
    red = WINTER.redact(record, 0)
    assert "seed" not in red.setup and red.actions == record.actions
    assert WINTER.observation(red.replay(), 0) == WINTER.observation(final, 0)


def test_illegal_actions_leave_the_state_unchanged_and_name_a_WIN_rule():
    record, _ = _random_record(7, limit=60)
    probes = [Lay(40, 40), DrawCard(), MoveCard(0, 0, 9, 9), ChooseColour("dark")]
    for s in record.states():
        before = (s.v, s.cards, s.history, s.order)
        for p in probes:
            if p in legal(s):
                continue
            with pytest.raises(IllegalAction) as err:
                WINTER.apply(s, p)
            assert err.value.rule.startswith("WIN-")
        assert (s.v, s.cards, s.history, s.order) == before


def test_WIN_BGA_4_expert_mode_is_refused_in_plain_words():
    with pytest.raises(RecordError, match="WIN-BGA-4"):
        WINTER.new_game(2, flags=["EXPERT_MODE"])
    with pytest.raises(RecordError, match="unknown variant flag"):
        WINTER.new_game(2, flags=["NOPE"])


@pytest.mark.parametrize("raw, where", [
    ({"kind": "fly"}, "a.kind"), ({"kind": "move", "x": 0, "y": 0, "to_x": 1}, "a.to_y"),
    ({"kind": "lay", "x": 0, "y": 0, "turned": 1}, "a.turned"), ({"kind": "colour", "colour": "red"}, "a.colour"),
    ({"kind": "remove", "x": 10 ** 30, "y": 0}, "a.x"), ([1, 2], "a"), ({"kind": "draw", "extra": 1}, "a.extra"),
])
def test_malformed_action_dicts_are_refused_with_the_field(raw, where):
    with pytest.raises(RecordError) as err:
        action_from_dict(raw, "a")
    assert err.value.where == where


def test_actions_print_as_code_and_round_trip():
    for a in legal(lake((0, 0, "LL/DD"), (2, 0, "LD/LD"))):
        assert eval(repr(a), vars(__import__("lotus_kit.winter.actions").winter.actions)) == a
        assert action_from_dict(WINTER.action_to_dict(a), "x") == a


def test_describe_speaks_with_seat_names_and_colours():
    s = play(ordered(["W01", "W02"]), Lay(0, 0), Lay(2, 0))
    assert WINTER.describe(ChooseColour("light"), s) == "Player 2 chooses light"
    s = play(s, ChooseColour("light"), DrawCard())
    text = WINTER.describe(legal(s)[0], s)
    assert text.startswith("Player 1 (dark) lays W") and " at (" in text


def test_a_position_lists_every_reason_it_is_not_one():
    with pytest.raises(PositionError) as err:
        WINTER.position({"lake": [{"x": 0, "y": 0, "flakes": "LD/LD"}, {"x": 1, "y": 0, "flakes": "XX/LD"}],
                         "colours": ["red", "dark"], "to_move": 3, "zzz": 1})
    words = " ".join(err.value.reasons)
    for part in ("unknown field 'zzz'", "colours", "to_move", "flakes"):
        assert part in words
    with pytest.raises(PositionError, match="WIN-GEO-6"):
        lake((0, 0, "LD/LD"), (2, 0, "LD/LD"), tokens=[(1, 1, 0)])
    with pytest.raises(PositionError, match="more than 9"):
        lake((0, 0, "LD/LD"), (2, 0, "DL/DL"), tokens=[(1, 1, 0)], supplies=[9, 9])


def test_a_record_with_a_position_setup_replays():
    desc = {"lake": [{"x": 0, "y": 0, "flakes": "LL/DD"}, {"x": 2, "y": 0, "flakes": "LD/LD"}],
            "colours": ["light", "dark"], "to_move": 0}
    record = GameRecord("winter", {"position": desc}, (), (MoveCard(0, 0, 2, 2),))
    assert record.replay().lake[0][:2] == (2, 0)
    with pytest.raises(RecordError, match=r"setup\.position"):
        GameRecord("winter", {"position": {**desc, "to_move": 5}}).start()


def test_events_say_what_the_last_action_did_with_melts_and_the_end():
    s = lake((0, 0, "LL/DD"), (2, 0, "LL/DD"), (4, 0, "LL/DD"), (6, 0, "LL/DD"))
    assert s.events == ()
    s = WINTER.apply(s, RemoveCard(2, 0))
    assert [ev.text() for ev in s.events] == ["Player 1 removes the card at (2, 0)",
                                             "the lake splits: 1 card melts (WIN-SPLIT-1)"]
    assert WINTER.start({"players": 2, "seed": 4}, []) == WINTER.new_game(2, seed=4)
    over = WINTER.apply(lake((0, 0, "LL/DD")), RemoveCard(0, 0))
    assert over.events[-1].kind == "game_over" and "Player 1 wins" in over.events[-1].text()


def test_branching_a_record_keeps_what_still_applies_and_says_where_it_stopped():
    from lotus_kit.core.records import branch
    record = new_record(seed=8, actions=[Lay(0, 0), Lay(2, 0), ChooseColour("dark"), DrawCard()])
    b = branch(record, 1, Lay(0, 2))                   # the second start card below the first instead
    assert b.stopped_at is None and b.record.actions[1] == Lay(0, 2) and len(b.record.actions) == 4
    b = branch(record, 2, ChooseColour("light"))
    assert b.record.replay().colours == ("dark", "light")
    later = record.with_actions([*record.actions, Lay(4, 0)])
    b = branch(later, 1, Lay(-2, 0))                     # Lay(4, 0) no longer touches the lake
    assert b.stopped_at == 4 and "WIN-GEO-5" in b.reason and b.dropped == (Lay(4, 0),)


def test_hostile_position_descriptions_fail_with_reasons_only():
    rng = random.Random(0)
    junk = [None, 0, -1, 10 ** 40, "x" * 10_000, [], {}, [[[]]], {"x": 1}, 1.5, True, "LL/DD"]
    keys = ["phase", "flags", "colours", "to_move", "lake", "tokens", "supplies", "cards_removed", "thaw_turns",
            "deck", "cards"]
    for _ in range(400):
        desc = {k: rng.choice(junk) for k in rng.sample(keys, rng.randint(0, len(keys)))}
        if rng.random() < 0.5:
            desc["lake"] = [{"x": rng.choice([0, 2, 10 ** 9, "a"]), "y": rng.choice([0, 1]),
                             "flakes": rng.choice(["LL/DD", "XX", None])} for _ in range(rng.randint(0, 3))]
        try:
            WINTER.position(desc)
        except PositionError as exc:
            assert exc.reasons and len(str(exc)) < 6_000


def test_a_redacted_freezing_position_hides_the_order_of_its_deck():
    from tests.winter.helpers import IDS
    cards = [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}]
    deck = list(reversed([i for i in IDS if i not in ("W11", "W12")]))
    desc = {"phase": "freeze", "lake": cards, "colours": ["dark", "light"], "to_move": 0, "deck": deck}
    record = GameRecord("winter", {"position": desc}, (), (DrawCard(),))
    red = WINTER.redact(record, 1)
    assert red.setup["position"]["deck"] == [deck[0], *sorted(deck[1:])]
    assert WINTER.observation(red.replay(), 1) == WINTER.observation(record.replay(), 1)
