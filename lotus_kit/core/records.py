"""Game records: versioned JSON (setup + rule flags + actions), replay and branching.

Loading never executes anything: the JSON is parsed, every field is checked, and actions are
built only from the game's own whitelist of action types. A record that is malformed or that
does not replay fails with a :class:`RecordError` naming the field or the action index.

Hostile text stays harmless: before anything is parsed the text is held to :data:`MAX_CHARS`,
its nesting to :data:`MAX_DEPTH` and each text in it to :data:`MAX_TEXT` characters; a record holds
at most :data:`MAX_ACTIONS` actions. JSON that Python would read but other readers would not (a key
twice in one object, ``NaN``/``Infinity``) is refused at its place. A record's setup and meta are
read-only copies: neither the caller's dicts nor the record change behind the other's back.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from typing import Any

from lotus_kit.core.errors import IllegalAction, LotusKitError, RecordError, quote, shorten
from lotus_kit.core.files import write_text
from lotus_kit.core.game import GameRules
from lotus_kit.core.readonly import ReadOnlyDict, ReadOnlyList
from lotus_kit.core.registry import get_game

FORMAT = "lotus-kit-record"
VERSION = 1

# Limits far above any real game (a 30-year game, the WL-YEAR-4 safety net, has about 2,000 actions
# in some 120,000 characters; a record nests 6 levels deep) and far below what hurts.
MAX_CHARS = 4_000_000       # characters (or bytes) of record text
MAX_ACTIONS = 20_000        # actions in one record
MAX_TEXT = 10_000           # characters of one text (a key or a value; a note in meta, say)
MAX_DEPTH = 20              # levels of nested lists and objects


def _place(where: str, key: Any) -> str:
    """The place of ``key`` inside ``where``: ``setup.players``, ``actions[3]``."""
    if type(key) is int:
        return f"{where}[{key}]"
    key = shorten(str(key), 40)
    return f"{where}.{key}" if where else key


def _frozen(value: Any, where: str, depth: int = 0) -> Any:
    """A read-only deep copy of JSON data; anything that is not JSON data is refused at its place.

    Integer keys become texts, as JSON writes them; tuples become lists. The depth is bounded
    before each step down, so this never recurses deeper than :data:`MAX_DEPTH`.
    """
    kind = type(value)
    if kind is str:
        if len(value) > MAX_TEXT:
            raise RecordError(where, f"a text of {len(value):,} characters; texts in a record hold at most "
                                     f"{MAX_TEXT:,} (the text limit)")
        return value
    if value is None or kind is bool or kind is int:
        return value
    if kind is float or isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(where, f"{value!r} is not a JSON number (a record holds finite numbers only)")
        return float(value)
    if isinstance(value, int) and not isinstance(value, bool):       # an IntEnum, say
        return int(value)
    if isinstance(value, str):
        return _frozen(str(value), where, depth)
    if depth >= MAX_DEPTH:
        raise RecordError(where, f"nested more than {MAX_DEPTH} levels deep (the depth limit)")
    if isinstance(value, Mapping):
        if kind is ReadOnlyDict and depth == 0:
            return value                                # made by this function: checked already
        out: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str:
                if not isinstance(key, int) or isinstance(key, bool):
                    raise RecordError(where, f"the key {quote(key)} is not a text")
                key = str(int(key))
            at = _place(where, key)
            if key in out:
                raise RecordError(at, "this key appears twice in one object")
            if len(key) > MAX_TEXT:
                raise RecordError(where, f"a key of {len(key):,} characters; texts in a record hold at most "
                                         f"{MAX_TEXT:,} (the text limit)")
            out[key] = _frozen(item, at, depth + 1)
        return ReadOnlyDict(out)
    if isinstance(value, list | tuple):
        return ReadOnlyList([_frozen(item, _place(where, i), depth + 1) for i, item in enumerate(value)])
    raise RecordError(where, f"{quote(value)} is not JSON data (objects, lists, texts, numbers, true/false, null)")


def _thawed(value: Any) -> Any:
    """A plain, changeable copy of frozen JSON data (its depth is bounded by :func:`_frozen`)."""
    if isinstance(value, dict):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thawed(v) for v in value]
    return value


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game bit for bit.

    ``setup`` and ``meta`` are kept as read-only copies of what was given: JSON data only (finite
    numbers, text keys), within the limits of a record file.
    """

    game: str
    setup: dict[str, Any]
    flags: tuple[str, ...] = ()
    actions: tuple[Any, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("setup", "meta"):
            value = getattr(self, name)
            if not isinstance(value, Mapping):
                raise RecordError(name, f"expected an object, got {quote(value)}")
            object.__setattr__(self, name, _frozen(value, name))
        if not isinstance(self.flags, tuple):
            object.__setattr__(self, "flags", tuple(self.flags))
        if not isinstance(self.actions, tuple):
            object.__setattr__(self, "actions", tuple(self.actions))

    @property
    def rules(self) -> GameRules:
        return get_game(self.game)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data (fresh dicts and lists: change them freely)."""
        rules = self.rules
        return {"format": FORMAT, "version": VERSION, "game": self.game, "setup": _thawed(self.setup),
                "rules": list(self.flags), "actions": [rules.action_to_dict(a) for a in self.actions],
                "meta": _thawed(self.meta)}

    def to_json(self) -> str:
        """JSON text with one action per line, so records diff well (standard JSON: no NaN)."""
        d = self.to_dict()
        actions = d.pop("actions")
        parts = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False, allow_nan=False)}" for k, v in d.items()]
        lines = ",\n  ".join(json.dumps(a, ensure_ascii=False, allow_nan=False) for a in actions)
        parts.append(f' "actions": [\n  {lines}\n ]' if actions else ' "actions": []')
        return "{\n" + ",\n".join(parts) + "\n}"

    def with_actions(self, actions: Sequence[Any]) -> GameRecord:
        return GameRecord(self.game, self.setup, self.flags, tuple(actions), self.meta)

    def start(self) -> Any:
        return self.rules.start(self.setup, self.flags)

    def states(self) -> list[Any]:
        """Every state of the game, from the first to the last; an illegal action fails with its index."""
        rules = self.rules
        state = self.start()
        out = [state]
        for i, action in enumerate(self.actions):
            try:
                state = rules.apply(state, action)
            except IllegalAction as exc:
                raise RecordError(f"actions[{i}]", f"{quote(rules.action_to_dict(action))} is illegal here: {exc}"
                                  ) from None
            out.append(state)
        return out

    def replay(self) -> Any:
        """The final state."""
        return self.states()[-1]


# a JSON text (escapes included), found left to right, so brackets inside texts are skipped
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
# what JSON may hold outside its texts besides brackets (anything else fails the parser anyway)
_NOT_BRACKET = str.maketrans("", "", " \t\n\r,:0123456789+-.eEtruefalsnNIiy")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def new_setup(game: Any, players: int, seed: int) -> dict[str, Any]:
    """The record setup of a new game of ``game`` (``start(setup, flags)`` gives ``new_game(players, seed,
    flags)``): the game's own ``new_setup(players, seed)`` if it has one (a game for a fixed number of
    players may leave the count out), else ``{"players": players, "seed": seed}``."""
    own = getattr(game, "new_setup", None)
    return dict(own(players, seed)) if own is not None else {"players": players, "seed": seed}


def _check_limits(text: str) -> None:
    """Refuse text over the limits before the parser sees it (the parser recurses per level)."""
    if '\\"' in text:                     # an escaped quote: find the texts the slow, exact way
        strings = [s[1:-1] for s in _STRING.findall(text)]
        outside = _STRING.sub("", text)
    else:                                   # else every quote opens or closes a text
        parts = text.split('"')
        strings, outside = parts[1::2], "".join(parts[0::2])
    if strings and max(map(len, strings)) > MAX_TEXT:
        for s in strings:
            if len(s) > MAX_TEXT:
                try:
                    n = len(json.loads(f'"{s}"'))
                except ValueError:
                    n = len(s)
                if n > MAX_TEXT:
                    line = text.count("\n", 0, text.find(s)) + 1
                    raise RecordError("record", f"line {line}: a text of {n:,} characters; texts in a record hold "
                                                f"at most {MAX_TEXT:,} (the text limit)")
    brackets = outside.translate(_NOT_BRACKET)
    if len(brackets) > MAX_DEPTH and max(accumulate(map(_STEP.get, brackets, repeat(0)))) > MAX_DEPTH:
        raise RecordError("record", f"lists and objects nested more than {MAX_DEPTH} levels deep "
                                    "(the depth limit)")


class _NonStandard:
    """What the parser makes of ``NaN``, ``Infinity`` and ``-Infinity``: found later, at its place."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class _Twice(dict):
    """An object that named a key twice (the parser keeps the last value); found later, at its place."""

    __slots__ = ("key",)


def _first_fault(node: Any, where: str = "") -> tuple[str, str] | None:
    """The place and reason of the first refused item in document order (the depth is bounded)."""
    if isinstance(node, _NonStandard):
        return where or "record", f"{node.name} is not a JSON number (a record holds finite numbers only)"
    if isinstance(node, _Twice):
        return _place(where, node.key), "this key appears twice in one object; a record names each field once"
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, item in items:
        found = _first_fault(item, _place(where, key) if where else str(key) if isinstance(key, str)
                             else f"record[{key}]")
        if found:
            return found
    return None


def loads(text: str | bytes) -> GameRecord:
    """Parse a record from JSON text, checking every field."""
    return from_dict(parse_json(text))


def parse_json(text: str | bytes) -> Any:
    """JSON text as Python data, within the limits of a record (size, depth, text length), with a key
    named twice or ``NaN``/``Infinity`` refused at its place: :class:`RecordError` otherwise."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError("record", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise RecordError("record", f"{len(text):,} {'characters' if isinstance(text, str) else 'bytes'}; a record "
                                    f"holds at most {MAX_CHARS:,} (the size limit)")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as exc:
            raise RecordError("record", f"not valid text ({exc.reason})") from None
    _check_limits(text)
    faults: list[bool] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        seen: set[str] = set()
        twice = _Twice(obj)
        twice.key = next(k for k, _ in items if k in seen or seen.add(k))
        faults.append(True)
        return twice

    def constant(name: str) -> _NonStandard:
        faults.append(True)
        return _NonStandard(name)

    try:
        raw = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except RecursionError:
        raise RecordError("record", f"nested more than {MAX_DEPTH} levels deep (the depth limit)") from None
    except (ValueError, TypeError) as exc:
        raise RecordError("record", f"not valid JSON ({exc})") from None
    if faults:
        found = _first_fault(raw)
        if found:
            raise RecordError(*found)
    return raw


def from_dict(raw: Any) -> GameRecord:
    if not isinstance(raw, dict):
        raise RecordError("record", "a record must be a JSON object")
    if raw.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {quote(raw.get('format'))}")
    version = raw.get("version")
    if type(version) is not int:
        raise RecordError("version", f"expected a whole number, got {quote(version)}")
    if version != VERSION:
        raise RecordError("version", f"this kit reads record version {VERSION}, not {quote(version)}")
    unknown = set(raw) - {"format", "version", "game", "setup", "rules", "actions", "meta"}
    if unknown:
        raise RecordError(sorted(map(str, unknown))[0], "unknown field")
    name = raw.get("game")
    try:
        rules = get_game(name) if isinstance(name, str) and len(name) <= MAX_TEXT else None
    except KeyError as exc:
        raise RecordError("game", str(exc.args[0])) from None
    if rules is None:
        raise RecordError("game", f"expected the name of a game, got {quote(name)}")
    setup = raw.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("setup", "expected an object")
    flags = raw.get("rules", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise RecordError("rules", "expected a list of variant flag names")
    actions_raw = raw.get("actions")
    if not isinstance(actions_raw, list):
        raise RecordError("actions", "expected a list")
    if len(actions_raw) > MAX_ACTIONS:
        raise RecordError("actions", f"{len(actions_raw):,} actions; a record holds at most {MAX_ACTIONS:,} "
                                     "(the action limit)")
    meta = raw.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("meta", "expected an object")
    actions = tuple(rules.action_from_dict(a, f"actions[{i}]") for i, a in enumerate(actions_raw))
    record = GameRecord(name, setup, tuple(flags), actions, meta)
    record.start()          # the setup and flags are checked here, before anyone replays
    return record


def load(path) -> GameRecord:
    """Read a record file; a file over the size limit is refused before it is read."""
    with open(path, "rb") as f:
        data = f.read(MAX_CHARS + 1)
    if len(data) > MAX_CHARS:
        raise RecordError("record", f"the file holds more than {MAX_CHARS:,} bytes; a record holds at most "
                                    f"{MAX_CHARS:,} (the size limit)")
    return loads(data)


def save(record: GameRecord, path) -> None:
    write_text(path, record.to_json() + "\n")          # atomic: an interrupt keeps the old file


@dataclass(frozen=True)
class Branch:
    """The result of replacing one action and replaying the rest.

    ``record`` holds the actions that replayed; ``stopped_at`` is the index (in the original
    record) of the first recorded action that became illegal, with ``reason``; ``dropped`` are
    that action and every later one, reported rather than silently lost.
    """

    record: GameRecord
    states: list[Any]
    stopped_at: int | None = None
    reason: str = ""
    dropped: tuple[Any, ...] = ()

    @property
    def final(self) -> Any:
        return self.states[-1]


def branch(record: GameRecord, index: int, action: Any, states: Sequence[Any] | None = None) -> Branch:
    """Replace action ``index`` by ``action`` (or append it at the end) and replay the rest.

    ``states`` may pass the original record's states so the shared prefix is not replayed.
    The new action itself must be legal: if not, :class:`IllegalAction` is raised.
    """
    if not 0 <= index <= len(record.actions):
        raise LotusKitError(f"step {index} is outside the record (0..{len(record.actions)})")
    rules = record.rules
    prefix = list(states[: index + 1]) if states is not None else record.with_actions(record.actions[:index]).states()
    state = rules.apply(prefix[-1], action)
    out = [*prefix, state]
    kept = [*record.actions[:index], action]
    rest = record.actions[index + 1:]
    for k, old in enumerate(rest):
        try:
            state = rules.apply(state, old)
        except IllegalAction as exc:
            return Branch(record.with_actions(kept), out, index + 1 + k, str(exc), tuple(rest[k:]))
        kept.append(old)
        out.append(state)
    return Branch(record.with_actions(kept), out)


def redacted(record: GameRecord, seat: int | None = None) -> GameRecord:
    """``record`` as ``seat`` may know it (``None``: only what everyone at the table knows), to share
    a game in progress without its secrets.

    The game decides what is secret (``redact(record, seat)`` of its rules; for White Lotus see
    :mod:`lotus_kit.white_lotus.redaction`): no seed, no unrevealed sealed choice of another seat, no
    card value another seat keeps hidden. The result is an ordinary record whose ``meta["secrets"]``
    says what was left out; it loads and replays, but what the seat did not know is stood in for.
    """
    redact = getattr(record.rules, "redact", None)
    if redact is None:
        raise LotusKitError(f"{record.game} records cannot be redacted")
    return redact(record, seat)
