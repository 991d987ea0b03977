"""The interactive companion: ipywidgets and the plotly board, on top of the engine and the views.

- :class:`GameSession` (:mod:`lotus_kit.ui.session`): a game being played — record, states, seats
  (human or bot), ``act`` / ``run_bots`` / ``undo`` / save and load; pure Python, no widgets.
- White Lotus's :class:`BoardWidget` (:mod:`lotus_kit.white_lotus.screen.board`): the board as one
  ``FigureWidget`` updated in place, with province clicks.
- White Lotus's phase panels (:mod:`lotus_kit.white_lotus.screen.phases`, also at
  ``lotus_kit.ui.phases``): one widget per phase of a year.
- :class:`GameTable` (:mod:`lotus_kit.ui.table`): a whole game, hot seat or open.
- White Lotus's :class:`PositionEditor` (:mod:`lotus_kit.white_lotus.screen.editor`, also at
  ``lotus_kit.ui.editor``): paint a position, validate it, play on; any other game's position
  description as JSON: :class:`~lotus_kit.ui.position_editor.DescriptionEditor`.
- White Lotus's :class:`Advisor` (:mod:`lotus_kit.white_lotus.screen.advisor`, also at
  ``lotus_kit.ui.advisor``): equilibrium bids or rebellion sides for a state, and the odds of any
  choice against each opponent model (needs the ``[analysis]`` extra to solve); the host of any game's
  advice: :mod:`lotus_kit.ui.advice`.

Importing this package needs the ``[jupyter]`` extra (ipywidgets, plotly, anywidget).

Every game of the kit: the session, the table (``GameTable(game="samurai")``), the explorer and the
branch tree read the game protocol and the game's screen (:mod:`lotus_kit.ui.screen`:
:class:`~lotus_kit.ui.screen.GameScreen`, ``SCREEN`` in ``lotus_kit/<game>/screen/``); a game's
panels build on :class:`~lotus_kit.ui.panel.Panel`, its hands on :class:`~lotus_kit.ui.cards.CardHand`,
its board on :mod:`lotus_kit.views.figure_update`. See ``docs/game-ui.md``.

Building blocks for other widgets (the what-if explorer reuses them):

- ``BoardWidget(state)``, then ``board.show(other_state)`` (in place, one message) and
  ``board.on_province_click(fn)``; ``board.click(pid)`` simulates a browser click in tests.
- :class:`~lotus_kit.ui.board.LiveFigureWidget` for any other figure that is updated after it is
  made, and :class:`~lotus_kit.ui.board.SyncOnDisplay` on containers holding one: a plain
  ``FigureWidget`` inside a box is drawn from stale data in JupyterLab and Voilà otherwise.
- :class:`~lotus_kit.white_lotus.screen.phases.ChartBox`: a chart made on first use, then updated in place.
- ``GameSession.from_record(record, upto=k)`` / ``GameSession.from_state(state)`` play on from any
  point of a game; ``session.observe(fn)`` follows it.
- :mod:`lotus_kit.ui.phases.text`: ``event_html`` / ``linkify`` (rule ids linked to the rules text,
  seat names in colour), ``box`` (tinted message boxes), ``seat_html``.
"""

from typing import Any

from lotus_kit.ui.phases.text import set_rules_url
from lotus_kit.ui.session import GameSession, describe_position
from lotus_kit.ui.table import GameTable

# White Lotus's pieces (its screen: lotus_kit.white_lotus.screen), still importable from here; loaded
# on first use, so that importing the shared UI loads no game
_WHITE_LOTUS = {
    "Advisor": "advisor", "PositionEditor": "editor", "BoardWidget": "board",
    **{name: "phases" for name in ("PANELS", "ClaimsPanel", "ConflictsPanel", "EmperorPanel", "GameOverPanel",
                                   "IncomePanel", "PhasePanel", "RebellionPanel", "TerritoriesPanel")},
}


def __getattr__(name: str) -> Any:
    if name not in _WHITE_LOTUS:
        raise AttributeError(name)
    from lotus_kit.white_lotus.screen import advisor, board, editor, phases

    return getattr({"advisor": advisor, "board": board, "editor": editor, "phases": phases}[_WHITE_LOTUS[name]], name)


__all__ = [
    "PANELS",
    "Advisor",
    "BoardWidget",
    "ClaimsPanel",
    "ConflictsPanel",
    "EmperorPanel",
    "GameOverPanel",
    "GameSession",
    "GameTable",
    "IncomePanel",
    "PhasePanel",
    "PositionEditor",
    "RebellionPanel",
    "TerritoriesPanel",
    "describe_position",
    "set_rules_url",
]
