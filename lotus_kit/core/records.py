"""Game records: versioned JSON (setup + rule flags + actions), replay and branching.

Loading never executes anything: the JSON is parsed, every field is checked, and actions are
built only from the game's own whitelist of action types. A record that is malformed or that
does not replay fails with a :class:`RecordError` naming the field or the action index.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lotus_kit.core.errors import IllegalAction, LotusKitError, RecordError
from lotus_kit.core.files import write_text
from lotus_kit.core.game import GameRules, get_game

FORMAT = "lotus-kit-record"
VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game bit for bit."""

    game: str
    setup: dict[str, Any]
    flags: tuple[str, ...] = ()
    actions: tuple[Any, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> GameRules:
        return get_game(self.game)

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules
        return {"format": FORMAT, "version": VERSION, "game": self.game, "setup": self.setup,
                "rules": list(self.flags), "actions": [rules.action_to_dict(a) for a in self.actions],
                "meta": self.meta}

    def to_json(self) -> str:
        """JSON text with one action per line, so records diff well."""
        d = self.to_dict()
        actions = d.pop("actions")
        parts = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in d.items()]
        lines = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions)
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
                raise RecordError(f"actions[{i}]", f"{rules.action_to_dict(action)} is illegal here: {exc}") from None
            out.append(state)
        return out

    def replay(self) -> Any:
        """The final state."""
        return self.states()[-1]


def loads(text: str | bytes) -> GameRecord:
    """Parse a record from JSON text, checking every field."""
    try:
        raw = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError("record", f"not valid JSON ({exc})") from None
    return from_dict(raw)


def from_dict(raw: Any) -> GameRecord:
    if not isinstance(raw, dict):
        raise RecordError("record", "a record must be a JSON object")
    if raw.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {raw.get('format')!r}")
    version = raw.get("version")
    if type(version) is not int:
        raise RecordError("version", f"expected a whole number, got {version!r}")
    if version != VERSION:
        raise RecordError("version", f"this kit reads record version {VERSION}, not {version}")
    unknown = set(raw) - {"format", "version", "game", "setup", "rules", "actions", "meta"}
    if unknown:
        raise RecordError(sorted(unknown)[0], "unknown field")
    name = raw.get("game")
    try:
        rules = get_game(name) if isinstance(name, str) else None
    except KeyError as exc:
        raise RecordError("game", str(exc.args[0])) from None
    if rules is None:
        raise RecordError("game", f"expected the name of a game, got {name!r}")
    setup = raw.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("setup", "expected an object")
    flags = raw.get("rules", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise RecordError("rules", "expected a list of variant flag names")
    actions_raw = raw.get("actions")
    if not isinstance(actions_raw, list):
        raise RecordError("actions", "expected a list")
    meta = raw.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("meta", "expected an object")
    actions = tuple(rules.action_from_dict(a, f"actions[{i}]") for i, a in enumerate(actions_raw))
    record = GameRecord(name, setup, tuple(flags), actions, meta)
    record.start()          # the setup and flags are checked here, before anyone replays
    return record


def load(path) -> GameRecord:
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


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
