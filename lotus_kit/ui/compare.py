"""Two lines of a game side by side: one :class:`DiffRow` per fact, the :class:`LineDiff` of them all.

A game's screen makes them (:meth:`lotus_kit.ui.screen.GameScreen.line_diff`: the default compares the
final scores and the winners; White Lotus's conflict winners, emperors and rebellions are in
:mod:`lotus_kit.white_lotus.screen.compare`, whose names this module still lends under their old path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DiffRow", "LineDiff"]

# a topic's rows in words, as the summary counts them ("2 province winners")
_WORDS: dict[str, tuple[str, str]] = {
    "conflict": ("province winner", "province winners"), "emperor": ("emperor", "emperors"),
    "rebellion": ("rebellion", "rebellions"), "score": ("score line", "score lines")}
_ORDER = {t: k for k, t in enumerate(_WORDS)}


@dataclass(frozen=True)
class DiffRow:
    """One fact of both lines: ``topic`` (a key of the screen's ``diff_topics``), ``key`` (e.g. ``"year 1 · Jinan"``),
    the value on line ``a`` and on line ``b`` in words (``"—"`` where a line has no such fact)."""

    topic: str
    key: str
    a: str
    b: str
    order: tuple = ()

    @property
    def changed(self) -> bool:
        return self.a != self.b


@dataclass(frozen=True)
class LineDiff:
    """Two lines side by side. ``first_step`` is the first step where their actions differ
    (None when one line is the beginning of the other)."""

    rows: tuple[DiffRow, ...]
    first_step: int | None
    a: Any                      # what each line decided (the game's own outcome, or None)
    b: Any

    @property
    def changed(self) -> tuple[DiffRow, ...]:
        return tuple(r for r in self.rows if r.changed)

    def topic(self, topic: str) -> tuple[DiffRow, ...]:
        return tuple(r for r in self.rows if r.topic == topic)

    def summary(self) -> str:
        """What changed, in a few words (per topic, in the order the rows first name them)."""
        counts: dict[str, int] = {}
        for r in sorted(self.changed, key=lambda r: _ORDER.get(r.topic, len(_ORDER))):
            counts[r.topic] = counts.get(r.topic, 0) + 1
        if not counts:
            return "Nothing that the diff follows changed."
        parts = [f"{n} {_WORDS.get(t, (f'{t} line', f'{t} lines'))[n != 1]}" for t, n in counts.items()]
        return "Changed: " + ", ".join(parts) + "."



def __getattr__(name: str) -> Any:
    # White Lotus's diff (diff, outcome, TOPICS, Outcome, Settled) under its old path
    if name.startswith("__"):
        raise AttributeError(name)
    from lotus_kit.white_lotus.screen import compare

    return getattr(compare, name)
