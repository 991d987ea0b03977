"""Position codes: a short, URL-safe text for one exact moment of a game, to copy and share.

A code holds the last position a description can say (the start of the phase, see
:mod:`lotus_kit.white_lotus.position`), the rule flags, and the decisions taken since then in this
phase, so it stands for the exact state, mid-phase too (bids made, markers placed). It is
``WL1.`` followed by the base64url text (no padding) of the zlib-compressed compact JSON
``{"p": description, "r": flags, "a": [actions]}``; the prefix names the game and the version, so
a code of another version or game is refused by name rather than misread.

:func:`position_code` makes a code from a state (or from a line of states and actions, which is
quicker); :func:`decode` gives back the record it stands for (setup at the position, the actions
since), :func:`state_from_code` the state itself. ``position(code)``, ``Explorer(code)`` and
``GameTable.from_code(code)`` accept a code too.

>>> from lotus_kit.white_lotus.engine import new_game
>>> s = new_game(4, seed=7)
>>> code = position_code(s)
>>> code.startswith("WL1.") and state_from_code(code) == s
True
>>> state_from_code("WL1.not-a-code")
Traceback (most recent call last):
...
lotus_kit.white_lotus.position_code.PositionCodeError: not a position code: the text after WL1. is not position data
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Sequence
from typing import Any

from lotus_kit.core.errors import LotusKitError, PositionError, RecordError
from lotus_kit.core.records import GameRecord, parse_json
from lotus_kit.white_lotus.actions import Action, action_from_dict
from lotus_kit.white_lotus.state import State

__all__ = ["PREFIX", "PositionCodeError", "decode", "describe", "is_code", "position_code", "state_from_code"]

PREFIX = "WL1."
"""Game (White Lotus) and version of the code format; a new format gets a new number."""

MAX_CODE = 20_000
"""Longer texts are refused before decompressing (a code of a whole year is about 1 000 characters)."""


class PositionCodeError(LotusKitError, ValueError):
    """A text that is not a valid position code; the message says what is wrong in one line."""


def is_code(text: Any) -> bool:
    """Whether ``text`` looks like a position code or a share link holding one (``...code=WL1.…``).

    >>> is_code("WL1.eNo"), is_code("notebooks/data/showcase-4p.json"), is_code('{"players": 4}')
    (True, False, False)
    """
    return isinstance(text, str) and re.match(r"\s*(\S*code=)?WL\d+\.[A-Za-z0-9_-]+\s*$", text) is not None


def describe(state: State) -> dict[str, Any]:
    """A position description (the format of :mod:`lotus_kit.white_lotus.position`) of ``state``: the
    board, hands, VP chips, roles, the pool and the phase; mid-phase progress is not part of it."""
    if state.is_over:
        raise PositionCodeError("a finished game is not a position to play on (WL-END-2)")
    board = state.board
    owners: dict[str, list] = {}
    neutral: dict[str, str] = {}
    markers: dict[str, list[int]] = {}
    for i in board.in_play:
        pid = board.provinces[i].id
        chip, owner = state.chips[i], state.owners[i]
        if chip and owner >= 0:
            owners[pid] = [owner, chip]
        elif chip:
            neutral[pid] = chip
        if state.markers[i]:
            markers[pid] = [s for s in range(state.players) if state.markers[i] >> s & 1]
    desc: dict[str, Any] = {
        "players": state.players, "year": state.year, "phase": int(state.phase), "emperor": state.emperor,
        "seed": state.seed, "owners": owners, "neutral": neutral,
        "hands": {str(s): {"influence": list(h.influence_cards()), "combat": list(h.combat_cards())}
                  for s, h in enumerate(state.hands)},
        "vp_chips": {str(s): n for s, n in enumerate(state.vp_chips) if n},
        "pool": list(state.pool),
    }
    if markers:
        desc["markers"] = markers
    if state.start_palace >= 0:
        desc["start_palace"] = board.provinces[state.start_palace].id
    if state.final_year:
        desc["final_year"] = True
    return desc


def _describable(state: State) -> dict[str, Any] | None:
    """The description of ``state`` when it gives back exactly this state, else None."""
    from lotus_kit.white_lotus.position import position

    try:
        desc = describe(state)
        return desc if position(desc, state.rules) == state else None
    except (LotusKitError, PositionError):
        return None


def position_code(state: State, states: Sequence[State] | None = None, actions: Sequence[Action] = ()) -> str:
    """The code of ``state``. Given the line that led to it (``states``, ending with ``state``, and the
    ``actions`` between them), the code holds the last describable position of that line and the
    decisions since; alone, ``state`` must itself be describable (the start of a phase). A finished
    game has no code (WL-END-2): raises :class:`PositionCodeError`."""
    if state.is_over:
        raise PositionCodeError("a finished game is not a position to play on (WL-END-2): step back to get a code")
    if states is None:
        states, actions = [state], []
    if not states or states[-1] != state or len(actions) != len(states) - 1:
        raise ValueError("states must end with the state and actions must join them")
    for j in range(len(states) - 1, -1, -1):
        desc = _describable(states[j])
        if desc is not None:
            since = [a.to_dict() for a in actions[j:]]
            break
    else:
        raise PositionCodeError("this moment has no position a description can say (and no earlier one on its line)")
    data = {"p": desc, "r": list(state.rules.flags()), "a": since}
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode(code: str) -> GameRecord:
    """The record a code stands for: setup at the position, the rule flags, the actions since.
    A malformed code raises :class:`PositionCodeError` saying what is wrong."""
    from lotus_kit.white_lotus.game import NAME

    if not isinstance(code, str):
        raise PositionCodeError(f"not a position code: expected text, got {type(code).__name__}")
    text = "".join(code.split())          # codes pasted from a mail may be broken over lines
    if "code=" in text:                   # a share link: the code is its value
        text = text.split("code=")[-1].split("&")[0].split("#")[0]
    if len(text) > MAX_CODE:
        raise PositionCodeError(f"not a position code: {len(text)} characters is far too long")
    prefix, dot, body = text.partition(".")
    if not dot or not prefix:
        raise PositionCodeError(f"not a position code: it should start with {PREFIX!r}")
    if prefix + "." != PREFIX:
        if prefix.upper().startswith("WL") and prefix[2:].isdigit():
            raise PositionCodeError(f"a position code of version {prefix[2:]}: this lotus_kit reads version 1 "
                                    f"({PREFIX!r})")
        raise PositionCodeError(f"not a White Lotus position code: it starts with {prefix!r}, not {PREFIX!r}")
    try:
        inflate = zlib.decompressobj()
        # bounded: a small text must not inflate into gigabytes
        raw = inflate.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), 1 << 20)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("too big or cut short")
    except (binascii.Error, zlib.error, ValueError):
        raise PositionCodeError(f"not a position code: the text after {PREFIX} is not position data") from None
    try:
        data = parse_json(raw)          # a record's limits: nesting, texts, keys named twice, NaN
    except RecordError as exc:
        if exc.message.startswith("not valid"):
            raise PositionCodeError("not a position code: its data is not JSON (was it cut short?)") from None
        raise PositionCodeError(f"not a position code: its data is refused ({exc})") from None
    if not isinstance(data, dict) or set(data) != {"p", "r", "a"}:
        raise PositionCodeError("not a position code: its data lacks the position, rules or actions")
    desc, flags, actions = data["p"], data["r"], data["a"]
    if not isinstance(desc, dict) or not isinstance(flags, list) or not isinstance(actions, list):
        raise PositionCodeError("not a position code: position, rules or actions of the wrong kind")
    if not all(isinstance(f, str) for f in flags):
        raise PositionCodeError("not a position code: the rule flags are not names")
    try:
        parsed = tuple(action_from_dict(a, f"a[{i}]") for i, a in enumerate(actions))
    except (RecordError, LotusKitError, ValueError, TypeError) as exc:
        raise PositionCodeError(f"not a position code: a decision in it is malformed ({exc})") from None
    try:
        return GameRecord(NAME, {"position": desc}, tuple(flags), parsed, {"title": "a shared position"})
    except RecordError as exc:
        raise PositionCodeError(f"not a position code: {exc}") from None


def state_from_code(code: str) -> State:
    """The exact state a code stands for; :class:`PositionCodeError` when the code is malformed or
    does not give a possible position and legal decisions (with the reason)."""
    record = decode(code)
    try:
        return record.replay()
    except RecordError as exc:
        raise PositionCodeError(f"the code does not give a playable position: {exc}") from None
