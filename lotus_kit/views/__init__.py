"""Plotly figures: pure functions from game state to board maps and charts."""

from lotus_kit.views._imports import defer_iri_grammar

defer_iri_grammar()    # before plotly imports jsonschema: seconds off every kernel start
