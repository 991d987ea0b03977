"""The Ming decision panel for the shared table: the generic action list, with the sealed return-card
choice said as what it is for the one choosing (the value and the cards that make it, MING-CLAR-11),
while logs and other seats only ever see "chooses return cards"."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from lotus_kit.ming.actions import ChooseReturn
from lotus_kit.ming.state import RETURN_CARDS
from lotus_kit.ui.panel import ActionPanel


def return_cards_for(value: int) -> str:
    """The fewest return cards (values 0-3, MING-CMP-2) whose sum is ``value``: "1 + 3" for 4."""
    for size in range(1, len(RETURN_CARDS) + 1):
        for combo in combinations(RETURN_CARDS, size):
            if sum(combo) == value:
                return " + ".join(str(c) for c in combo)
    return str(value)


def option_words(game: Any, action: Any, state: Any) -> str:
    """An option of the acting seat in words: a return-card choice with its value (only that seat
    sees its options: the table passes the screen before a sealed choice)."""
    if isinstance(action, ChooseReturn):
        n = action.value
        what = "keep every piece in the city" if n == 0 else f"return {n} piece{'s' if n != 1 else ''} to the districts"
        return f"Play return cards {return_cards_for(n)}: {what}"
    return game.describe(action, state)


class MingActionPanel(ActionPanel):
    """The generic decision panel (a long list, such as phase 3's moves with their payments, narrowed
    down step by step) with Ming's option words."""

    def option_words(self, action: Any, state: Any) -> str:
        return option_words(self.session.game, action, state)
