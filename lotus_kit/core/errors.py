"""Errors of the kit. Each names what is at fault in plain words; rule errors carry the rule id.

Values that came from outside (a record, a position description, an action) are quoted with
:func:`quote`, which shortens them: an error message stays one short line whatever the input.

>>> quote("x" * 1_000_000, limit=8)
"'xxxxxxxx…' (1,000,000 characters)"
>>> quote([[[[[1]]]]]), quote({"seat": 0, "cards": list(range(50))})
('[[[[…]]]]', "{'seat': 0, 'cards': [0, 1, 2, 3, 4, 5, … (50 items)]}")
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from typing import Any

QUOTE_LIMIT = 40            # characters of a quoted text
_ITEMS = 6                  # items of a quoted list or object
_DEPTH = 3                  # levels of a quoted nested value; deeper ones show as […]
MAX_MESSAGE = 1_000         # characters of any error message: the net under every quote
MAX_PLACE = 120             # characters of a place (``where``): a path may hold hostile keys
MAX_REASONS = 20            # reasons a PositionError lists; the rest are counted


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters with the number of characters dropped.

    >>> shorten("a\\nb"), shorten("abcdef" * 10, 10)
    ('a b', 'abcdefabcd… (50 more characters)')
    """
    text = text.replace("\r", " ").replace("\n", " ") if "\n" in text or "\r" in text else text
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` shortened for an error message: texts cut to ``limit`` characters, lists and
    objects to their first items, nesting to three levels. Never recurses deeper than that, so a
    value nested a million levels deep or a text of a billion characters quotes in microseconds."""
    out = _quote(value, limit, _DEPTH)
    cap = max(4 * limit, 160)
    return out if len(out) <= cap else out[:cap] + "…"


def _quote(v: Any, limit: int, depth: int) -> str:
    try:
        if v is None or type(v) is bool or type(v) is float:
            return repr(v)
        if isinstance(v, str | bytes):
            if len(v) <= limit:
                return repr(v)
            head = repr(v[:limit])
            return f"{head[:-1]}…{head[-1]} ({len(v):,} {'characters' if isinstance(v, str) else 'bytes'})"
        if isinstance(v, int):
            if v.bit_length() <= 128:
                return repr(int(v))
            return f"<a number of about {int(v.bit_length() * 0.30103):,} digits>"
        if isinstance(v, Mapping | list | tuple | set | frozenset):
            opening, closing = ("{", "}") if isinstance(v, Mapping | set | frozenset) else \
                ("(", ")") if isinstance(v, tuple) else ("[", "]")
            if depth <= 0:
                return f"{opening}…{closing}" if len(v) else f"{opening}{closing}"
            if isinstance(v, Mapping):
                items = [f"{_quote(k, limit, depth - 1)}: {_quote(x, limit, depth - 1)}"
                         for k, x in islice(v.items(), _ITEMS)]
            else:
                items = [_quote(x, limit, depth - 1) for x in islice(v, _ITEMS)]
            if len(v) > _ITEMS:
                items.append(f"… ({len(v):,} items)")
            return opening + ", ".join(items) + closing
        text = repr(v)
    except Exception:           # a value whose repr fails (too deep, too large) still gets named
        return f"<{type(v).__name__}>"
    return text if len(text) <= 2 * limit else text[: 2 * limit] + "…"


class LotusKitError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalAction(LotusKitError):
    """An action the rules do not allow in this state. The state is unchanged.

    >>> e = IllegalAction("WL-PLACE-2", "you already have a marker in Chengdu")
    >>> str(e)
    'WL-PLACE-2: you already have a marker in Chengdu'
    """

    def __init__(self, rule: str, message: str):
        if len(message) > MAX_MESSAGE:
            message = shorten(message)
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class RecordError(LotusKitError):
    """A game record that cannot be read or replayed; ``where`` names the field or action index.
    The message is one line of bounded length, whatever the record holds."""

    def __init__(self, where: str, message: str):
        where, message = shorten(where, MAX_PLACE), shorten(message)
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class PositionError(LotusKitError):
    """A position description that cannot be a position of the game; lists every reason (the
    first :data:`MAX_REASONS` of them, then how many more)."""

    def __init__(self, reasons: list[str]):
        reasons = [shorten(r, MAX_MESSAGE // 4) for r in islice(reasons, MAX_REASONS)] + (
            [f"… and {len(reasons) - MAX_REASONS:,} more reasons"] if len(reasons) > MAX_REASONS else [])
        super().__init__("impossible position:\n- " + "\n- ".join(reasons))
        self.reasons = reasons


class BoardDataError(LotusKitError):
    """Board data that breaks an invariant (WL-BOARD-6..12); ``check`` names it."""

    def __init__(self, check: str, message: str):
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message
