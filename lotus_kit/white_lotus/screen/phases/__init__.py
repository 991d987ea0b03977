"""One panel per phase of a year, each driving a :class:`lotus_kit.ui.session.GameSession`.

=====  ============================  =====================================================
phase  panel                         decisions
=====  ============================  =====================================================
1      :class:`ClaimsPanel`          place a marker (board click or list), pass (WL-PLACE)
2      :class:`ConflictsPanel`       next province, sealed bid, tie, refund (WL-CONF)
3      :class:`EmperorPanel`         none: who gets the VP chip and why (WL-EMPVP, WL-EMP)
4      :class:`RebellionPanel`       lead?, sealed side and combat, reward (WL-REB)
5      :class:`IncomePanel`          palaces for combat, card values (WL-CARDS)
6      :class:`TerritoriesPanel`     place the drawn chip, temple draws (WL-TERR)
7      :class:`GameOverPanel`        none: the final score (WL-SCORE)
=====  ============================  =====================================================

Use one on its own with a board (a walkthrough cell)::

    session = GameSession(players=4, seed=1, seats=["human", "heuristic", "heuristic", "heuristic"])
    board = BoardWidget(session.state)
    widgets.VBox([board, ClaimsPanel(session, board)])

Every panel explains outcomes in words from the engine's events, with each rule id linked to the
rules text (:mod:`lotus_kit.ui.phases.text`), shows only the legal choices of the acting seat, and
answers an illegal or out-of-turn click with the engine's reason (never a traceback).
A walkthrough notebook gives each phase a copy of the game of its own (:class:`Walkthrough`).
"""

from __future__ import annotations

from lotus_kit.white_lotus.screen.phases.base import (
    CardPicker,
    PhasePanel,
    decision_text,
    follow,
    hand_html,
    score_html,
)
from lotus_kit.white_lotus.screen.phases.claims import ClaimsPanel
from lotus_kit.white_lotus.screen.phases.conflicts import ChartBox, ConflictsPanel
from lotus_kit.white_lotus.screen.phases.emperor import EmperorPanel
from lotus_kit.white_lotus.screen.phases.gameover import GameOverPanel
from lotus_kit.white_lotus.screen.phases.income import IncomePanel
from lotus_kit.white_lotus.screen.phases.rebellion import RebellionPanel
from lotus_kit.white_lotus.screen.phases.territories import TerritoriesPanel
from lotus_kit.white_lotus.screen.phases.walkthrough import PhaseBox, Walkthrough

PANELS: dict[int, type[PhasePanel]] = {
    1: ClaimsPanel, 2: ConflictsPanel, 3: EmperorPanel, 4: RebellionPanel, 5: IncomePanel, 6: TerritoriesPanel,
    7: GameOverPanel,
}
"""The panel class of each phase (7: the end of the game)."""

__all__ = [
    "PANELS",
    "CardPicker",
    "ChartBox",
    "ClaimsPanel",
    "ConflictsPanel",
    "EmperorPanel",
    "GameOverPanel",
    "IncomePanel",
    "PhaseBox",
    "PhasePanel",
    "RebellionPanel",
    "TerritoriesPanel",
    "Walkthrough",
    "decision_text",
    "follow",
    "hand_html",
    "score_html",
]
