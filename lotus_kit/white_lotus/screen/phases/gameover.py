"""The end of the game: the final score and the winner, with the tie-break (WL-END, WL-SCORE)."""

from __future__ import annotations

from lotus_kit.ui.phases.text import event_html, events_html
from lotus_kit.white_lotus.events import FinalYear, GameEnded
from lotus_kit.white_lotus.screen.phases.base import PhasePanel, score_html
from lotus_kit.white_lotus.state import State

__all__ = ["GameOverPanel"]


class GameOverPanel(PhasePanel):
    """Shown once the game is over: why the last year was the last, the score table, the winners."""

    phase = 7
    title = "The end · Final score"
    rules = ("WL-END-1", "WL-END-2", "WL-SCORE-1", "WL-SCORE-5")
    intro = ("The year in which no neutral province is left ends after the rebellion (WL-END-1, WL-END-2): "
             "buildings, the largest group, dragons and VP chips count (WL-SCORE-1..4).")

    def refresh(self) -> None:
        if self._deferred():
            return
        state = self.session.state
        self.controls.layout.display = "none"
        self.status.value = "" if state.is_over else "<i>The game is not over yet.</i>"
        self.outcome.value = self._outcome(state)

    def _outcome(self, state: State) -> str:
        if not state.is_over:
            final = [e.event for e in self.session.log if isinstance(e.event, FinalYear)]
            return events_html(final[-1:]) if final else ""
        ended = [e.event for e in self.session.log if isinstance(e.event, FinalYear | GameEnded)]
        lines = "".join(f"<div>{event_html(e)}</div>" for e in ended[-2:])
        return lines + score_html(state)
