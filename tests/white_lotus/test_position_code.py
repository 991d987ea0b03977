"""Position codes: exact round trips on many random moments of random games, and a one-line error
for every kind of malformed code."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.position_code import (
    PREFIX,
    PositionCodeError,
    decode,
    is_code,
    position_code,
    state_from_code,
)
from lotus_kit.white_lotus.rules import FLAGS, RuleSet


def random_line(players: int, seed: int, rules: RuleSet) -> tuple[list, list]:
    """Every state and action of a uniformly random game."""
    rng = random.Random(seed)
    state = new_game(players, seed, rules)
    states, actions = [state], []
    while not state.is_over:
        seat = rng.choice(sorted(to_act(state)))
        action = rng.choice(legal_actions(state, seat))
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("seed", range(12))
def test_code_round_trips_random_moments_exactly(seed):
    """Moments anywhere in a random game (mid-phase too: sealed bids made, markers placed) come back
    equal, with the same rules; the code is URL-safe text."""
    rng = random.Random(1000 + seed)
    players = 3 + seed % 4
    flags = tuple(f for f in FLAGS if rng.random() < 0.3)
    rules = RuleSet.from_flags(flags)
    states, actions = random_line(players, seed, rules)
    for k in sorted(rng.sample(range(len(states) - 1), 8)):
        code = position_code(states[k], states[: k + 1], actions[:k])
        assert code.startswith(PREFIX) and all(c.isalnum() or c in "._-" for c in code)
        back = state_from_code(code)
        assert back == states[k], f"step {k}"
        assert back.rules == rules
        assert position(code) == states[k]            # position() accepts a code too
        assert legal_actions(back) == legal_actions(states[k])


def test_code_of_a_phase_start_needs_no_line():
    s = new_game(5, seed=3)
    assert state_from_code(position_code(s)) == s
    assert decode(position_code(s)).actions == ()


def test_code_keeps_the_decisions_since_the_phase_began():
    """A sealed bid already made is part of the moment: the decoded record holds it after the position."""
    states, actions = random_line(4, 5, RuleSet())
    k = next(i for i, a in enumerate(actions) if isinstance(a, Bid)) + 1
    record = decode(position_code(states[k], states[: k + 1], actions[:k]))
    assert record.actions and record.actions[-1] == actions[k - 1]


def test_code_of_a_mid_phase_state_alone_is_refused_with_the_reason():
    states, actions = random_line(4, 5, RuleSet())
    k = next(i for i, a in enumerate(actions) if isinstance(a, Bid)) + 1
    with pytest.raises(PositionCodeError, match="no position a description can say"):
        position_code(states[k])


def test_finished_game_has_no_code_WL_END_2():
    states, actions = random_line(3, 1, RuleSet())
    with pytest.raises(PositionCodeError, match="WL-END-2"):
        position_code(states[-1], states, actions)


def _body(data: object) -> str:
    return base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")


@pytest.mark.parametrize(("code", "words"), [
    ("", "should start with 'WL1.'"),
    ("hello", "should start with 'WL1.'"),
    ("XX1.abc", "not a White Lotus position code"),
    ("WL2.abc", "version 2"),
    ("WL1.abc", "is not position data"),
    ("WL1.!!!!", "is not position data"),
    ("WL1." + base64.urlsafe_b64encode(zlib.compress(b"not json")).decode(), "not JSON"),
    ("WL1." + _body({"p": {}}), "lacks the position, rules or actions"),
    ("WL1." + _body({"p": [], "r": [], "a": []}), "wrong kind"),
    ("WL1." + _body({"p": {}, "r": [1], "a": []}), "rule flags are not names"),
    ("WL1." + _body({"p": {}, "r": [], "a": [{"type": "Nope"}]}), "a decision in it is malformed"),
    ("WL1." + _body({"p": {"players": 9}, "r": [], "a": []}), "does not give a playable position"),
    ("WL1." + "A" * 30000, "far too long"),
])
def test_malformed_code_gets_a_one_line_error(code, words):
    with pytest.raises(PositionCodeError) as info:
        state_from_code(code)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_truncated_code_is_refused():
    states, actions = random_line(4, 2, RuleSet())
    code = position_code(states[40], states[:41], actions[:40])
    with pytest.raises(PositionCodeError):
        state_from_code(code[:-12])


def test_illegal_decision_in_a_code_names_the_rule():
    s = new_game(4, seed=1)
    bad = "WL1." + _body({"p": json.loads(zlib.decompress(base64.urlsafe_b64decode(
        position_code(s)[4:] + "==")))["p"], "r": [], "a": [{"type": "Bid", "seat": 0, "target": 1, "cards": [3]}]})
    with pytest.raises(PositionCodeError, match=r"WL-[A-Z]+-\d"):
        state_from_code(bad)


def test_share_link_and_spaces_are_read():
    s = new_game(4, seed=9)
    code = position_code(s)
    assert state_from_code(f"http://127.0.0.1:8888/voila/render/x.ipynb?code={code}&x=1") == s
    assert state_from_code(code[:20] + "\n  " + code[20:]) == s
    assert is_code(code) and is_code(f"https://h/x?code={code}") and not is_code("data/showcase-4p.json")
