"""Words and helpers shared by the parts of the explorer."""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from lotus_kit.core.errors import LotusKitError, RecordError
from lotus_kit.core.records import GameRecord, load, loads
from lotus_kit.ui.screen import screen_for

ORIGIN_WORDS = {"record": "recorded", "changed": "changed by you", "bot": "filled by a bot"}


_ORIGIN_COLOURS = {"record": "#6b6256", "changed": "#b35c00", "bot": "#6a3d9a"}




def _cards(cards: Sequence[int] | None) -> str:
    """Cards played in words: ``"3+2 = 5"``, ``"no cards"``."""
    if not cards:
        return "no cards"
    return "+".join(map(str, cards)) + f" = {sum(cards)}"


def _origin_html(origin: str) -> str:
    colour = _ORIGIN_COLOURS.get(origin, "#6b6256")
    return f'<span style="color:{colour};font-style:italic">{escape(ORIGIN_WORDS.get(origin, origin))}</span>'


def _as_record(source: GameRecord | str | os.PathLike | bytes | None, game: Any) -> GameRecord:
    """A record from a record, JSON bytes (an upload), JSON text, a position code of ``game`` or a
    path (RecordError when it cannot be read). Text that starts like JSON or spans lines is JSON;
    other text is a path. None: a new game of ``game``."""
    look = screen_for(game)
    if source is None:
        return look.empty_record(game)
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, bytes | bytearray | memoryview):
        try:
            return loads(bytes(source).decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise RecordError("record", f"not UTF-8 text ({exc.reason})") from None
    if look.is_code(source):                                 # a position code or a share link
        try:
            return look.decode(game, source)
        except LotusKitError as exc:
            raise RecordError("code", str(exc)) from None
    if isinstance(source, str) and (source.lstrip()[:1] in ("{", "[", '"') or "\n" in source):
        return loads(source)
    path = Path(source)
    try:
        return load(path)
    except OSError as exc:
        raise RecordError("record", f"cannot read {path}: {exc.strerror or exc}") from None
