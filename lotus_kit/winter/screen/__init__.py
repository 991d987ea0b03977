"""Winter on screen (plotly; imported by the views and the UI only, never by the engine).

:data:`SCREEN` is the game's part of the kit's UI protocol (:mod:`lotus_kit.ui.screen`): the lake
as a figure, where the game stands in words, and positions described for the editor. The table's
panels are the generic ones (the legal actions in the game's words) for now.
"""

from __future__ import annotations

from typing import Any

from lotus_kit.ui.screen import GameScreen
from lotus_kit.winter.screen.board import board_figure


class WinterScreen(GameScreen):
    over_rule = "WIN-END-1"
    hidden_rule = "WIN-CLAR-3"

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        return board_figure(state, seat, **options)

    def position_words(self, game: Any, state: Any) -> str:
        if state.phase.startswith("setup"):
            return "setup"
        if state.phase in ("freeze", "freeze_lay", "claim"):
            return f"freezing, {state.deck_left} card{'s' * (state.deck_left != 1)} in the deck"
        if state.is_over:
            return "the game is over"
        return f"thawing, {len(state.lake)} cards in the lake, {state.thaw_turns} turns without a card leaving"

    def where(self, game: Any, state: Any) -> str:
        return f"Winter · {self.position_words(game, state)}"

    def describe_position(self, game: Any, state: Any) -> Any:
        """A thaw position as :func:`lotus_kit.winter.position.position` reads it (None in the freeze:
        the order of the face-down deck is not the screen's to write down)."""
        if state.phase != "thaw":
            return None
        return {"phase": "thaw", "flags": list(state.rules.flags()), "colours": list(state.colours),
                "to_move": state.to_move, "cards": state.deck.to_data(),
                "lake": [{"x": x, "y": y, "card": state.deck.ids[i], "turned": bool(t)} for x, y, i, t in state.cards],
                "tokens": [{"seat": s, "x": x, "y": y} for s in (0, 1) for x, y in state.tokens[s]],
                "supplies": list(state.supplies), "cards_removed": list(state.cards_removed),
                "thaw_turns": state.thaw_turns}


SCREEN = WinterScreen()

__all__ = ["SCREEN", "WinterScreen", "board_figure"]
