"""Game records: save/load, replay bit for bit, clear errors for malformed records, branching."""

from __future__ import annotations

import json

import pytest

from lotus_kit.core.errors import IllegalAction, RecordError
from lotus_kit.core.records import FORMAT, GameRecord, branch, load, loads, save
from lotus_kit.white_lotus.actions import Bid, ChooseProvince
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.state import Phase


@pytest.fixture(scope="module")
def game():
    """A complete 4-player heuristic-bot game as a record plus its states."""
    record = new_record(4, seed=7)
    state = record.start()
    bots = [HeuristicBot(s) for s in range(4)]
    actions = []
    while not state.is_over:
        seat = min(to_act(state))
        action = bots[seat].choose(state, seat)
        state = apply(state, action)
        actions.append(action)
    record = record.with_actions(actions)
    return record, record.states()


def test_record_round_trip_replays_bit_for_bit(game, tmp_path):
    record, states = game
    path = tmp_path / "game.json"
    save(record, path)
    loaded = load(path)
    assert loaded == record
    assert loaded.states() == states
    assert loaded.replay().scores == states[-1].scores


def test_record_json_is_versioned_and_diffable(game):
    record, _ = game
    text = record.to_json()
    raw = json.loads(text)
    assert raw["format"] == FORMAT and raw["version"] == 1 and raw["game"] == "white_lotus"
    assert raw["setup"] == {"players": 4, "seed": 7}
    # one action per line, so a diff of two records shows the changed decisions
    assert text.count("\n") >= len(record.actions)


@pytest.mark.parametrize("mutate, where", [
    (lambda r: r.pop("format"), "format"),
    (lambda r: r.update(version=99), "version"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.update(game="chess"), "game"),
    (lambda r: r.update(setup=[]), "setup"),
    (lambda r: r["setup"].update(players=9), "setup.players"),
    (lambda r: r["setup"].update(seed="x"), "setup.seed"),
    (lambda r: r.update(rules=["WL_NOPE"]), "rules"),
    (lambda r: r.update(actions={}), "actions"),
    (lambda r: r["actions"].__setitem__(3, {"type": "Teleport", "seat": 0}), "actions[3].type"),
    (lambda r: r["actions"].__setitem__(2, {"type": "PlaceMarker", "seat": "0", "province": "CHEN"}),
     "actions[2].seat"),
    (lambda r: r["actions"][1].pop("province"), "actions[1].province"),
    (lambda r: r["actions"][1].update(hack="__import__('os')"), "actions[1].hack"),
    (lambda r: r.update(extra=1), "extra"),
])
def test_malformed_record_names_the_field(game, mutate, where):
    record, _ = game
    raw = json.loads(record.to_json())
    mutate(raw)
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw)).replay()
    assert info.value.where == where


def test_truncated_or_non_json_record_is_refused(game):
    record, _ = game
    text = record.to_json()
    for bad in (text[: len(text) // 2], "", "null", "[1, 2]", "{'single': 'quotes'}"):
        with pytest.raises(RecordError):
            loads(bad)


def test_tampered_record_fails_at_the_action_index(game):
    record, _ = game
    raw = json.loads(record.to_json())
    raw["actions"][0], raw["actions"][1] = raw["actions"][1], raw["actions"][0]   # actions reordered
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw)).replay()
    assert info.value.where == "actions[0]" and "WL-PLACE-3" in info.value.message


def test_a_card_that_does_not_exist_fails_at_its_action(game):
    record, _ = game
    k = next(i for i, a in enumerate(record.actions) if isinstance(a, Bid))
    raw = json.loads(record.to_json())
    raw["actions"][k]["cards"] = [7]
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw)).replay()
    assert info.value.where == f"actions[{k}]" and "WL-CONF-6" in info.value.message


def test_branch_replaces_a_bid_and_replays_the_rest(game):
    record, states = game
    k = next(i for i, a in enumerate(record.actions)
             if isinstance(a, Bid) and len(states[i].conflict.remaining) == 2)
    old = record.actions[k]
    alternatives = [a for a in legal_actions(states[k], old.seat) if a != old]
    new = max(alternatives, key=lambda a: sum(a.cards))
    result = branch(record, k, new, states)
    assert result.record.actions[k] == new
    assert result.states[: k + 1] == states[: k + 1]
    if result.stopped_at is None:
        assert result.final.is_over
        assert len(result.record.actions) == len(record.actions)
    else:
        # the first recorded action that became illegal is reported, not silently dropped
        assert result.stopped_at > k and result.reason.startswith("WL-")
        assert result.dropped[0] == record.actions[result.stopped_at]
        assert len(result.record.actions) + len(result.dropped) == len(record.actions)
    # the branch is itself a record that replays to the same states
    assert result.record.states() == result.states


def test_branch_refuses_an_illegal_replacement(game):
    record, states = game
    k = next(i for i, a in enumerate(record.actions) if isinstance(a, ChooseProvince | Bid))
    with pytest.raises(IllegalAction):
        branch(record, k, ChooseProvince((record.actions[k].seat + 1) % 4, "NOWHERE"), states)
    assert states[-1].phase == Phase.GAME_OVER


def test_a_record_keeps_a_read_only_copy_of_the_setup_and_meta_it_was_given():
    setup, meta = {"players": 4, "seed": 7}, {"seats": ["human"] * 4}
    record = GameRecord("white_lotus", setup, meta=meta)
    setup["players"], meta["seats"][0] = 9, "random"          # the caller's dicts change later ...
    assert record.setup == {"players": 4, "seed": 7}            # ... the record does not
    assert record.meta == {"seats": ["human"] * 4}
    with pytest.raises(TypeError):
        record.setup["players"] = 9
    with pytest.raises(TypeError):
        record.meta["seats"].append("human")
    out = record.to_dict()                                      # to_dict hands out plain copies
    out["setup"]["players"] = 3
    assert record.start().players == 4 and record.to_dict()["setup"]["players"] == 4
    assert loads(record.to_json()) == record


def test_a_record_made_in_python_refuses_nan_and_what_json_cannot_hold():
    with pytest.raises(RecordError) as info:
        GameRecord("white_lotus", {"players": 4}, meta={"score": float("nan")})
    assert info.value.where == "meta.score"
    with pytest.raises(RecordError) as info:
        GameRecord("white_lotus", {"players": 4, "seed": {1, 2}})
    assert info.value.where == "setup.seed"


def test_replay_on_the_command_line_prints_one_line_for_a_hostile_record(tmp_path, capsys):
    from lotus_kit.cli import main

    path = tmp_path / "deep.json"
    path.write_text('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lotus-kit: record: ") and "depth limit" in err


def test_load_refuses_a_file_over_the_size_limit_before_reading_it_whole(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(100_000_000)                 # a sparse 100 MB file: parsed whole before the limit
    with pytest.raises(RecordError) as info:
        load(path)
    assert info.value.where == "record" and "size limit" in info.value.message


def test_the_text_limit_holds_a_long_note_in_meta_and_refuses_one_character_more(game):
    from lotus_kit.core.records import MAX_TEXT

    record, _ = game
    raw = json.loads(record.to_json())
    raw["meta"] = {"notes": "é" * MAX_TEXT}
    assert loads(json.dumps(raw)).meta["notes"] == "é" * MAX_TEXT       # escaped as \u00e9 in the text
    raw["meta"] = {"notes": "é" * (MAX_TEXT + 1)}
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw, ensure_ascii=False))
    assert info.value.where == "record" and "text limit" in info.value.message
