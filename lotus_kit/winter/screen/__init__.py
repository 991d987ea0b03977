"""Winter on screen (plotly; imported by the views and the UI only, never by the engine)."""

from lotus_kit.winter.screen.board import board_figure

__all__ = ["board_figure"]
