"""Generic words for any game: seats by their names in engine messages, score tables, log lines.

A game may give better ones (``score_table``, ``log_line``, ``plain_words``, ``summary`` on its game
object); :func:`words_of` falls back to these.

>>> seat_words("it is seat 1's turn, not seat 0's", ("North", "South"))
"it is South's turn, not North's"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["log_line", "plain_words", "score_table", "seat_words", "summary"]

_SEAT_RE = re.compile(r"\bseat (\d+)\b('s)?")


def seat_words(text: str, names: Sequence[str]) -> str:
    """``text`` with "seat 2" written as that seat's name."""

    def seat(m: re.Match) -> str:
        k = int(m.group(1))
        return (names[k] if k < len(names) else m.group(0)) + (m.group(2) or "")

    return _SEAT_RE.sub(seat, text)


def plain_words(game: Any, text: str) -> str:
    """An engine message of ``game`` as players say it (the game's ``plain_words``, else seat names)."""
    own = getattr(game, "plain_words", None)
    return own(text) if own is not None else seat_words(text, game.info.seat_names)


def log_line(game: Any, event: Any) -> str:
    """One line of a play log for ``event``."""
    own = getattr(game, "log_line", None)
    return own(event) if own is not None else f"   {event.text(game.info.seat_name)}"


def score_table(game: Any, state: Any) -> str:
    """The scores as a text table, best first, winners marked."""
    own = getattr(game, "score_table", None)
    if own is not None:
        return own(state)
    scores, winners = game.scores(state), game.winners(state)
    lines = [f"{'seat':<10}{'score':>7}", "-" * 17]
    for seat in sorted(range(len(scores)), key=lambda s: -scores[s]):
        mark = "  <- winner" if seat in winners else ""
        lines.append(f"{game.info.seat_name(seat):<10}{scores[seat]:>7g}{mark}")
    return "\n".join(lines)


def summary(game: Any, state: Any) -> dict[str, Any]:
    """The facts of a finished game for a machine reader."""
    own = getattr(game, "summary", None)
    if own is not None:
        return own(state)
    return {"winners": sorted(game.winners(state)), "scores": list(game.scores(state))}
