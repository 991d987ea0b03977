"""Plotly helpers for every game's figures: updates in place (:mod:`.figure_update`), export
(:mod:`.export`), colours and the default seat palette (:mod:`.style`). A game's own figures live in its
package (White Lotus's board and charts: :mod:`lotus_kit.white_lotus.views`; the old paths
``lotus_kit.views.board``, ``.charts``, ``.analysis_charts`` re-export them)."""

from lotus_kit.views._imports import defer_iri_grammar

defer_iri_grammar()    # before plotly imports jsonschema: seconds off every kernel start
