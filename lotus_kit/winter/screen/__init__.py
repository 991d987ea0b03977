"""Winter on screen (plotly; imported by the views and the UI only, never by the engine).

:data:`SCREEN` is the game's part of the kit's UI protocol (:mod:`lotus_kit.ui.screen`): the lake
as a figure and as a live board whose clicks lay cards and claim squares
(:mod:`~lotus_kit.winter.screen.widget`), the card in hand dragged onto the lake and snapped to a
spot that fits (:mod:`~lotus_kit.winter.screen.placer`), the table's panels for freezing, thawing and the end
(:mod:`~lotus_kit.winter.screen.panels`), where the game stands in words, and positions described for
the editor. Only the order of the face-down deck is hidden, from everyone alike (WIN-CLAR-3): no
decision needs the screen passed to a player.
"""

from __future__ import annotations

from typing import Any

from lotus_kit.ui.screen import GameScreen, PanelTab
from lotus_kit.winter.screen.board import board_figure


class WinterScreen(GameScreen):
    over_rule = "WIN-END-1"
    hidden_rule = "WIN-CLAR-3"
    public_rule = "WIN-CLAR-3"
    hands = False
    # the panel holds a lake of its own to drag cards on: from a 1024 px screen it sits beside the big
    # lake, so both are in sight without scrolling
    side_by_side_from = 960

    def tabs(self, game: Any) -> tuple[PanelTab, ...]:
        from lotus_kit.winter.screen.panels import EndPanel, FreezePanel, ThawPanel

        return (PanelTab("freeze", "Freezing", FreezePanel, FreezePanel.kinds, "setup and phase 1 (WIN-PH1-1)"),
                PanelTab("thaw", "Thawing", ThawPanel, ThawPanel.kinds, "phase 2 (WIN-PH2-1)"),
                PanelTab("end", "End", EndPanel, EndPanel.kinds, "the result (WIN-TIE-1)"))

    def board_widget(self, game: Any, state: Any, *, width: int = 720, **options: Any) -> Any:
        from lotus_kit.winter.screen.widget import WinterBoard

        return WinterBoard(state, width=width)

    def score_html(self, game: Any, state: Any) -> str:
        from lotus_kit.winter.screen.panels import score_html

        return score_html(game.observation(state, None))

    def spot_name(self, game: Any, state: Any, spot: str) -> str:
        return f"the point ({spot.replace(',', ', ')}) of the lake"

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        return board_figure(state, seat, **options)

    def solver_tool(self, game: Any) -> Any:
        from lotus_kit.winter.screen.solve import ThawSolver  # the explorer's "solve from here"

        return ThawSolver()

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
