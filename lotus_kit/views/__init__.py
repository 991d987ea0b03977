"""Plotly figures: pure functions from game state to board maps and charts."""
