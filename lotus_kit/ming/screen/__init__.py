"""Ming Dynastie on screen (plotly; imported by the views and the UI only, never by the engine)."""

from lotus_kit.ming.screen.board import board_figure, geometry

__all__ = ["board_figure", "geometry"]
