"""Fuzzed game records: whatever the JSON, loading and replaying either fails with a
``RecordError`` naming the place (a field, or the index of an action) or gives exactly the game of
the actions it holds. Never another exception, and never a silently different game.

Records come from whole random games (3 to 6 players, some flag sets); hypothesis truncates them,
puts wrong types into random fields, changes the version, reorders, duplicates and drops actions,
and names cards, provinces and seats that do not exist. Hostile records (nested 100,000 levels,
texts of a million characters, records over the size and action limits, keys named twice, NaN,
a position beside ignored setup fields, hands larger than the game's cards) fail in one short line.
"""

from __future__ import annotations

import copy
import json
import random
from functools import reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotus_kit.core.conformance import PLACE, check_record_text, fuzz_record, json_paths
from lotus_kit.core.errors import RecordError
from lotus_kit.core.records import loads
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.game import new_record

FLAGS = [(), ("WL_FINITE_SUPPLY",), ("WL_DESIGNER",), ("WL_ENFORCE_CHIP_LIMIT", "WL_OPTIONAL_PLACEMENT")]


def _random_record(players: int, seed: int, flags: tuple[str, ...]):
    rng = random.Random(seed)
    record = new_record(players, seed, flags)
    state = record.start()
    actions = []
    while not state.is_over:
        action = rng.choice(legal_actions(state, rng.choice(sorted(to_act(state)))))
        state = apply(state, action)
        actions.append(action)
    return record.with_actions(actions)


RECORDS = [_random_record(3 + k % 4, k, FLAGS[k % len(FLAGS)]) for k in range(4)]
TEXTS = [r.to_json() for r in RECORDS]


def check_loads_and_replays(text: str) -> None:
    """The property every fuzzed text must have (the generic conformance check's)."""
    check_record_text(text)


def test_the_unfuzzed_records_replay():
    for record, text in zip(RECORDS, TEXTS, strict=True):
        assert loads(text).replay() == record.replay()
        check_loads_and_replays(text)


def test_the_conformance_checks_record_fuzz_finds_nothing():
    rng = random.Random(11)
    refused = 0
    for k in range(200):
        refused += isinstance(check_record_text(fuzz_record(TEXTS[k % len(TEXTS)], rng)), RecordError)
    assert 50 < refused < 200          # most changes are refused at their place; some still replay


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), cut=st.floats(0, 1, exclude_max=True))
def test_truncated_json_is_refused_as_not_json(k, cut):
    text = TEXTS[k]
    with pytest.raises(RecordError) as info:
        loads(text[: int(len(text) * cut)])
    assert info.value.where == "record"


def _set(tree, path, value):
    node = tree
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10, 1000), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=6), st.sampled_from(["CHEN", "NOWHERE", "Bid", "emperor", "rebels", "P"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), data=st.data())
def test_a_wrong_value_anywhere_fails_with_its_place_or_replays_its_own_actions(k, data):
    raw = json.loads(TEXTS[k])
    paths = [p for p in json_paths(raw) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            _set(raw, path, data.draw(json_values))
        except (KeyError, IndexError, TypeError):      # the path went away with an earlier change
            continue
    check_loads_and_replays(json.dumps(raw))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), version=st.one_of(st.integers(-5, 99).filter(lambda v: v != 1), json_values))
def test_an_unknown_version_is_refused(k, version):
    raw = json.loads(TEXTS[k])
    raw["version"] = version
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw))
    assert info.value.where == "version"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), data=st.data())
def test_reordered_duplicated_or_dropped_actions_fail_at_an_index_or_replay_as_written(k, data):
    raw = json.loads(TEXTS[k])
    actions = raw["actions"]
    n = len(actions)
    i = data.draw(st.integers(0, n - 1))
    how = data.draw(st.sampled_from(["swap", "duplicate", "drop", "move", "shuffle-tail", "truncate"]))
    if how == "swap":
        j = data.draw(st.integers(0, n - 1))
        actions[i], actions[j] = actions[j], actions[i]
    elif how == "duplicate":
        actions.insert(i, copy.deepcopy(actions[i]))
    elif how == "drop":
        del actions[i]
    elif how == "move":
        actions.insert(data.draw(st.integers(0, n - 1)), actions.pop(i))
    elif how == "shuffle-tail":
        tail = actions[i:]
        random.Random(data.draw(st.integers(0, 99))).shuffle(tail)
        actions[i:] = tail
    else:
        del actions[i:]
    text = json.dumps(raw)
    check_loads_and_replays(text)
    try:
        loads(text).replay()
    except RecordError as exc:
        assert exc.where.startswith("actions[")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), data=st.data())
def test_cards_provinces_and_seats_that_do_not_exist_fail_at_their_action(k, data):
    raw = json.loads(TEXTS[k])
    players = raw["setup"]["players"]
    candidates = [(i, key) for i, a in enumerate(raw["actions"])
                  for key in ("cards", "province", "seat", "target", "leaver", "influence", "combat")
                  if key in a and not (key == "province" and a[key] is None)]
    i, key = data.draw(st.sampled_from(candidates))
    if key in ("cards", "influence", "combat"):
        value = data.draw(st.sampled_from([[7], [-1], [4, 3], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]]))
    elif key == "province":
        value = data.draw(st.sampled_from(["NOWHERE", "chen", "", "LIAO-SHAN", "SHAZ" if players < 6 else "ATLANTIS"]))
    else:
        value = data.draw(st.sampled_from([players, players + 3, -1, 99]))
    raw["actions"][i][key] = value
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw)).replay()
    # the first action that fails is this one (the actions before it are as recorded)
    assert info.value.where in (f"actions[{i}]", f"actions[{i}].{key}"), info.value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=json_values)
def test_a_fuzzed_position_setup_fails_with_setup_position(position):
    raw = json.loads(TEXTS[0])
    raw["setup"] = {"position": position}
    raw["actions"] = []
    check_loads_and_replays(json.dumps(raw))


POSITION = {"players": 4, "phase": 2, "emperor": 2, "year": 2, "seed": 3,
            "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"], "LUZH": [1, "V"],
                       "TIAN": [0, "V"]},
            "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]}, "hands": {"0": {"influence": [3, 0], "combat": [1]}},
            "vp_chips": {"1": 2}, "pool": ["V", "R"], "start_palace": None, "final_year": False}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_position_setup_with_wrong_values_fails_with_setup_position_or_plays(data):
    """A hand-made position (``setup.position``) with values changed anywhere in it."""
    position = copy.deepcopy(POSITION)
    paths = [p for p in json_paths(position) if p]
    for _ in range(data.draw(st.integers(1, 2))):
        try:
            _set(position, data.draw(st.sampled_from(paths)), data.draw(json_values))
        except (KeyError, IndexError, TypeError):
            continue
    raw = json.loads(TEXTS[0])
    raw["setup"], raw["rules"], raw["actions"] = {"position": position}, [], []
    check_loads_and_replays(json.dumps(raw))


@pytest.mark.parametrize("key, value", [("owners", None), ("neutral", 3), ("markers", ["", "Q"]), ("hands", 1.5),
                                        ("vp_chips", True), ("year", 99), ("players", "4")])
def test_position_values_that_once_crashed_the_loader_fail_with_setup_position(key, value):
    """Found by the fuzzing above: non-objects where objects belong raised TypeError/ValueError, and a
    year past the WL-YEAR-4 safety net escaped as a bare engine error instead of a RecordError."""
    raw = json.loads(TEXTS[0])
    raw["setup"], raw["rules"], raw["actions"] = {"position": {**POSITION, key: value}}, [], []
    with pytest.raises(RecordError) as info:
        loads(json.dumps(raw))
    assert info.value.where == "setup.position"


# -- hostile records: each reproduced a crash, a hang or a silent change before the limits ---------------

def _with(**fields) -> str:
    raw = json.loads(TEXTS[0])
    raw.update(fields)
    return json.dumps(raw)


def _setup_text(setup_json: str) -> str:
    """A record whose setup is the given JSON text (to write what ``json.dumps`` cannot)."""
    return _with(setup={"players": 3}, actions=[]).replace('"setup": {"players": 3}', f'"setup": {setup_json}')


_HUGE_HANDS = {"players": 4, "phase": 2, "emperor": 2,
               "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"], "LUZH": [1, "V"],
                          "TIAN": [0, "V"]},
               "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]},
               "hands": {str(s): {"influence": [3] * 40 + [2] * 40 + [0]} for s in range(4)}}

HOSTILE = {
    # RecursionError with a traceback before: the parser recursed once per level
    "nested 100,000 levels": ('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}", "record", "depth limit"),
    "nested in meta": (_with(meta={"x": reduce(lambda inner, _: [inner], range(25), [])}), "record", "depth limit"),
    # a 1,000,143-character message before: the name was quoted whole
    "a province name of a million characters": (
        _with(actions=[{"type": "PlaceMarker", "seat": 0, "province": "x" * 1_000_000}]), "record", "text limit"),
    # parsed whole (31 s, 806 MB for 100 MB) before the first bad action was found
    "a record over the size limit": (_with(meta={"pad": ["y" * 1_000] * 4_100}), "record", "size limit"),
    "more actions than a game has": (_with(actions=[{"type": "Pass", "seat": 0}] * 20_001), "actions", "action limit"),
    # silently took the last value before
    "a key twice in the record": (TEXTS[0].replace('"format": "lotus-kit-record"',
                                                    '"format": "nope", "format": "lotus-kit-record"', 1),
                                  "format", "twice"),
    "a key twice in an action": (_with(actions=[]).replace('"actions": []',
                                                           '"actions": [{"type": "Pass", "seat": 0, "seat": 1}]'),
                                 "actions[0].seat", "twice"),
    "a key twice in the setup": (_setup_text('{"players": 4, "players": 3}'), "setup.players", "twice"),
    # accepted and written back as non-standard JSON before
    "NaN in meta": (_with(meta={"score": float("nan")}), "meta.score", "NaN"),
    "Infinity in meta": (_with(meta={"notes": [1, float("inf")]}), "meta.notes[1]", "Infinity"),
    "NaN as the seed": (_setup_text('{"players": 4, "seed": NaN}'), "setup.seed", "NaN"),
    # ignored beside a position before
    "players beside a position": (_setup_text('{"position": {"players": 4}, "players": 99}'), "setup.players",
                                  "setup.position"),
    "a seed beside a position": (_setup_text('{"position": {"players": 4}, "seed": "x"}'), "setup.seed",
                                 "setup.position"),
    "a first emperor beside a position": (_setup_text('{"position": {"players": 4}, "first_emperor": -5}'),
                                          "setup.first_emperor", "setup.position"),
    # 22.9 s and 3 GB for two bot moves before (legal card choices grow as the cube of a hand)
    "hands larger than the game's cards": (_with(setup={"position": _HUGE_HANDS}, rules=[], actions=[]),
                                           "setup.position", "WL-COMP-8"),
    # the process was killed before
    "a hand of a million cards": (
        _with(setup={"position": {**_HUGE_HANDS, "hands": {"0": {"combat": [1] * 1_000_000}}}}, rules=[], actions=[]),
        "setup.position", "WL-COMP-9"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_record_fails_in_one_short_line_at_its_place(name):
    text, where, words = HOSTILE[name]
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert info.value.where == where, info.value
    assert words in info.value.message
    assert "\n" not in str(info.value) and len(str(info.value)) < 1_000
    check_loads_and_replays(text)


hostile_values = st.one_of(
    st.just(float("nan")), st.just(float("inf")), st.just(float("-inf")),
    st.integers(21, 60).map(lambda depth: reduce(lambda inner, _: [inner], range(depth), [])),
    st.integers(10_001, 60_000).map(lambda n: "z" * n),
    st.integers(10_001, 12_000).map(lambda n: {"k" * n: 1}))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(TEXTS) - 1), data=st.data())
def test_a_hostile_value_anywhere_fails_with_its_place(k, data):
    """NaN/Infinity, nesting past the depth limit, texts and keys past the text limit, anywhere."""
    raw = json.loads(TEXTS[k])
    raw["meta"] = {"title": "a game"}
    path = data.draw(st.sampled_from([p for p in json_paths(raw) if p]))
    _set(raw, path, data.draw(hostile_values))
    text = json.dumps(raw)
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert PLACE.match(info.value.where) and len(str(info.value)) < 300
