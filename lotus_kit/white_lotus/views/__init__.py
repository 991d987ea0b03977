"""White Lotus's plotly figures: the board of China (:mod:`.board`), the step and score charts
(:mod:`.charts`), the charts of its analysis (:mod:`.analysis_charts`) and its colours (:mod:`.style`).

Pure functions from states, events and results to figures, built on the kit's views
(:mod:`lotus_kit.views`: figure updates, export, colour helpers); they import no widgets and no UI.
The old paths ``lotus_kit.views.board``, ``.charts``, ``.analysis_charts`` and ``.style`` re-export them.
"""

import lotus_kit.views  # noqa: F401  (before plotly loads: defers jsonschema's IRI grammar, lotus_kit.views._imports)
