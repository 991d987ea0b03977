"""Ming Dynastie on screen (plotly; imported by the views and the UI only, never by the engine)."""

from lotus_kit.ming.screen.board import board_figure, geometry
from lotus_kit.ming.screen.words import SCREEN, MingScreen

__all__ = ["SCREEN", "MingScreen", "board_figure", "geometry"]
