"""The conformance check every game's tests call: seeded random games of every player count and flag,
with the protocol's promises checked at every step (after OpenSpiel's ``random_sim_test``).

For each setup (player count x no flag, each flag alone, each named profile) and seed, a random game
is played to its end, and:

- ``start({"players": n, "seed": s}, flags)`` equals ``new_game(n, s, flags)``, and so does a second call;
- someone must act until the game is over; each acting seat has a legal action; ``decision`` names the
  same seats as ``to_act`` and rule ids of the game's prefix; ``scores`` has one number per seat;
- ``apply`` never changes its input (compared as pickled bytes, events included);
- an action by a seat that is not to act, and a thing that is not an action, raise ``IllegalAction``
  with a rule id of the game's prefix and leave the state as it was;
- every action round-trips through JSON (``action_to_dict`` / ``action_from_dict``), and ``describe``
  says it in words;
- for a game with hidden information, ``observation(state, seat)`` is unchanged when
  ``redraw_hidden(state, seat, rng)`` changes what that seat may not know, for every seat;
- the game ends within ``max_actions``; ``winners`` is empty before the end and not after it;
- the game's record round-trips through JSON text and replays to equal states with equal events,
  and a redacted record for each seat is a record of the same game that still loads.

:func:`check_record_text` is the property of any record text, fuzzed or not: it loads and replays
exactly its own actions, or it fails with a one-line :class:`RecordError` naming the place.

>>> from lotus_kit.core.registry import get_game
>>> report = check_game(get_game("white_lotus"), players=(3,), flags=[()], seeds=(1,), observe_every=50)
>>> report.games, report.actions > 100, report.problems
(1, True, [])
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from lotus_kit.core.errors import IllegalAction, RecordError
from lotus_kit.core.records import GameRecord, loads, new_setup

__all__ = ["ConformanceError", "Report", "check_game", "check_record_text", "fuzz_record", "json_paths", "play_random",
           "setups"]

PLACE = re.compile(r"^(record|format|version|game|rules(\[\d+\])?|meta(\..*)?|setup(\..*)?"
                   r"|actions(\[\d+\](\..*)?)?)$", re.S)
"""The places a RecordError may name: a field of the record, or an action by its index."""


class ConformanceError(AssertionError):
    """A promise of the game protocol that a game broke; the message lists every problem found."""


@dataclass
class Report:
    """What :func:`check_game` checked (tests assert it did real work) and the problems it found."""

    games: int = 0
    actions: int = 0
    illegal_checked: int = 0
    observations_checked: int = 0
    records_checked: int = 0
    setups: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def setups(game: Any, players: Iterable[int] | None = None,
           flags: Iterable[Sequence[str]] | None = None) -> list[tuple[int, tuple[str, ...]]]:
    """Every player count of the game with no flag, each flag alone (a flag that takes a value with its
    ``example``) and each named profile."""
    info = game.info
    counts = list(players) if players is not None else list(range(info.min_players, info.max_players + 1))
    if flags is None:
        flag_sets = [(), *((s,) for s in info.flag_settings), *(tuple(p) for p in info.profiles.values())]
    else:
        flag_sets = [tuple(f) for f in flags]
    seen: list[tuple[int, tuple[str, ...]]] = []
    for n in counts:
        for fs in flag_sets:
            if (n, fs) not in seen:
                seen.append((n, fs))
    return seen


def _bytes(value: Any) -> bytes:
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:                       # a state that cannot be pickled is compared by repr
        return repr(value).encode()


def _same(a: Any, b: Any) -> bool:
    """Equal states with the same events (a state's ``events`` may be left out of its ``==``)."""
    return a == b and getattr(a, "events", None) == getattr(b, "events", None)


def _not_an_action() -> Any:
    return ("not", "an", "action")


def _with_seat(action: Any, seat: int) -> Any | None:
    try:
        return dataclasses.replace(action, seat=seat)
    except (TypeError, ValueError):
        return None


def play_random(game: Any, players: int, seed: int, flags: Sequence[str] = (),
                max_actions: int = 20_000) -> tuple[list[Any], list[Any]]:
    """The states and actions of a uniformly random game (the seat among several to act, then the action)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed, tuple(flags))
    states, actions = [state], []
    while not game.is_over(state) and len(actions) < max_actions:
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def check_game(game: Any, games_per_setup: int = 1, seeds: Iterable[int] | None = None, *,
               players: Iterable[int] | None = None, flags: Iterable[Sequence[str]] | None = None,
               max_actions: int = 20_000, observe_every: int = 1, raise_on_problem: bool = True) -> Report:
    """Check ``game`` against the protocol (see the module doc); :class:`ConformanceError` lists the problems.

    ``seeds`` default to ``range(games_per_setup)``; ``observe_every`` checks the hidden information in
    every k-th state only (it costs one redraw and two observations per seat).
    """
    report = Report()
    seed_list = list(seeds) if seeds is not None else list(range(games_per_setup))
    for n, fs in setups(game, players, flags):
        report.setups.append((n, fs))
        for seed in seed_list:
            where = f"{game.name}, {n} players, flags {list(fs)}, seed {seed}"
            try:
                _check_one(game, n, seed, fs, max_actions, observe_every, report, where)
            except ConformanceError as exc:
                report.problems.append(str(exc))
            except Exception as exc:       # a crash is a problem too: name where it happened
                report.problems.append(f"{where}: {type(exc).__name__}: {exc}")
            if len(report.problems) >= 10:
                break
    if report.problems and raise_on_problem:
        raise ConformanceError(f"{len(report.problems)} problem(s):\n- " + "\n- ".join(report.problems))
    return report


def _fail(where: str, words: str) -> None:
    raise ConformanceError(f"{where}: {words}")


def _check_one(game: Any, n: int, seed: int, fs: tuple[str, ...], max_actions: int, observe_every: int,
               report: Report, where: str) -> None:
    info = game.info
    prefix = info.rule_prefix + "-"
    state = game.new_game(n, seed, fs)
    if not _same(game.new_game(n, seed, fs), state):
        _fail(where, "new_game with the same seed gave another state")
    setup = new_setup(game, n, seed)
    if not _same(game.start(setup, fs), state):
        _fail(where, f"start({setup}, flags) differs from new_game(players, seed, flags)")
    rng = random.Random(seed)
    hidden_rng = random.Random(seed + 1)
    states, actions = [state], []
    step = 0
    while not game.is_over(state):
        at = f"{where}, action {step}"
        if step >= max_actions:
            _fail(where, f"the game did not end within {max_actions} actions")
        acting = game.to_act(state)
        if not acting:
            _fail(at, "nobody is to act, yet the game is not over")
        decision = game.decision(state)
        if decision.seats != acting:
            _fail(at, f"decision() names seats {sorted(decision.seats)}, to_act() {sorted(acting)}")
        if any(not r.startswith(prefix) for r in decision.rules):
            _fail(at, f"decision() names rule ids outside {prefix}*: {decision.rules}")
        if game.winners(state):
            _fail(at, "winners() is not empty before the end")
        if len(game.scores(state)) != n:
            _fail(at, f"scores() has {len(game.scores(state))} entries for {n} seats")
        if info.hidden_information and step % observe_every == 0:
            _check_hidden(game, state, n, hidden_rng, at, report)
        seat = rng.choice(sorted(acting))
        legal = game.legal_actions(state, seat)
        if not legal:
            _fail(at, f"seat {seat} is to act but has no legal action")
        action = rng.choice(legal)
        _check_illegal(game, state, action, acting, n, prefix, at, report)
        raw = game.action_to_dict(action)
        if game.action_from_dict(json.loads(json.dumps(raw)), "action") != action:
            _fail(at, f"{action!r} does not round-trip through JSON ({raw})")
        words = game.describe(action, state)
        if not isinstance(words, str) or not words:
            _fail(at, f"describe() gave {words!r} for {action!r}")
        before = _bytes(state)
        after = game.apply(state, action)
        if _bytes(state) != before:
            _fail(at, f"apply changed its input state ({action!r})")
        state = after
        states.append(state)
        actions.append(action)
        step += 1
    report.actions += step
    report.games += 1
    over = game.decision(state)
    if over.seats or game.to_act(state) or game.legal_actions(state):
        _fail(where, "someone is still to act after the end")
    if not game.winners(state) or not game.winners(state) <= set(range(n)):
        _fail(where, f"winners() after the end is {set(game.winners(state))}")
    _check_record(game, n, setup, fs, actions, states, where, report)


def _check_hidden(game: Any, state: Any, n: int, rng: random.Random, at: str, report: Report) -> None:
    for seat in range(n):
        seen = game.observation(state, seat)
        twin = game.redraw_hidden(state, seat, rng)
        if game.observation(twin, seat) != seen:
            _fail(at, f"seat {seat}'s observation changed when what it may not know was redrawn")
        report.observations_checked += 1
    if game.observation(state, None) != game.observation(game.redraw_hidden(state, 0, rng), None):
        _fail(at, "a spectator's observation changed when hidden things were redrawn")


def _check_illegal(game: Any, state: Any, action: Any, acting: frozenset[int], n: int, prefix: str, at: str,
                   report: Report) -> None:
    before = _bytes(state)
    tries = [(_not_an_action(), "a thing that is not an action")]
    idle = [s for s in range(n) if s not in acting]
    if idle:
        wrong = _with_seat(action, idle[0])
        if wrong is not None:
            tries.append((wrong, f"an action of seat {idle[0]}, who is not to act"))
    for bad, what in tries:
        try:
            game.apply(state, bad)
        except IllegalAction as exc:
            if not exc.rule.startswith(prefix):
                _fail(at, f"{what} was refused under {exc.rule!r}, not a {prefix}* rule")
        except Exception as exc:
            _fail(at, f"{what} raised {type(exc).__name__} ({exc}), not IllegalAction")
        else:
            _fail(at, f"{what} was accepted: {bad!r}")
        if _bytes(state) != before:
            _fail(at, f"refusing {what} changed the state")
        report.illegal_checked += 1


def _check_record(game: Any, n: int, setup: dict, fs: tuple[str, ...], actions: list, states: list, where: str,
                  report: Report) -> None:
    record = GameRecord(game.name, setup, fs, tuple(actions))
    text = record.to_json()
    back = loads(text)
    if back != record:
        _fail(where, "the record does not round-trip through JSON")
    replayed = back.states()
    if len(replayed) != len(states) or any(not _same(a, b) for a, b in zip(replayed, states, strict=False)):
        _fail(where, "the record does not replay to the same states and events")
    check_record_text(text)
    if game.info.hidden_information:
        for seat in (*range(n), None):
            redacted = game.redact(record, seat)
            if not isinstance(redacted, GameRecord) or redacted.game != game.name:
                _fail(where, f"redact(record, {seat}) is not a record of {game.name}")
            loads(redacted.to_json())
    report.records_checked += 1


def check_record_text(text: str) -> Any:
    """Load and replay ``text``: either exactly the game of its own actions, one for one, or a one-line
    :class:`RecordError` naming a place of the record. Returns the final state, or the error."""
    try:
        record = loads(text)
        final = record.replay()
    except RecordError as exc:
        if not (exc.where and PLACE.match(exc.where)):
            raise ConformanceError(f"a RecordError names no place of the record: {exc.where!r}") from None
        if not exc.message or "\n" in str(exc) or len(str(exc)) > 1200:
            raise ConformanceError(f"a RecordError is not one short line: {str(exc)[:200]!r}…") from None
        return exc
    raw = json.loads(text)
    rules = record.rules
    if len(record.actions) != len(raw["actions"]):
        raise ConformanceError("the record holds another number of actions than its text")
    for action, written in zip(record.actions, raw["actions"], strict=True):
        if rules.action_to_dict(action) != written:
            raise ConformanceError(f"{written} was read as {action!r}")
    if not _same(final, reduce(rules.apply, record.actions, record.start())):
        raise ConformanceError("the replay is not the game of the record's own actions")
    if loads(record.to_json()) != record:
        raise ConformanceError("the loaded record does not round-trip")
    return final


def json_paths(node: Any, prefix: tuple = ()) -> Iterable[tuple]:
    """Every path into a JSON tree (dict keys and list indices), the empty one first."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from json_paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from json_paths(value, (*prefix, i))


_JUNK = (None, True, False, -1, 0, 1, 7, 99, 2.5, "", "x", "NOWHERE", [], [1], {}, {"a": 1}, [[0]])


def fuzz_record(text: str, rng: random.Random) -> str:
    """``text`` (a record) with one to three random changes: a wrong value anywhere, or actions swapped,
    duplicated, dropped or cut off."""
    raw = json.loads(text)
    how = rng.choice(("value", "value", "swap", "duplicate", "drop", "truncate"))
    actions = raw.get("actions")
    if how == "value" or not actions:
        paths = [p for p in json_paths(raw) if p]
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(paths)
            node = raw
            try:
                for step in path[:-1]:
                    node = node[step]
                node[path[-1]] = rng.choice(_JUNK)
            except (KeyError, IndexError, TypeError):      # an earlier change took the path away
                continue
    else:
        i = rng.randrange(len(actions))
        if how == "swap":
            j = rng.randrange(len(actions))
            actions[i], actions[j] = actions[j], actions[i]
        elif how == "duplicate":
            actions.insert(i, json.loads(json.dumps(actions[i])))
        elif how == "drop":
            del actions[i]
        else:
            del actions[i:]
    return json.dumps(raw)
