"""Phase 3: the emperor's victory point (WL-EMPVP-1) — who gets it and why he is emperor (WL-EMP)."""

from __future__ import annotations

from lotus_kit.ui.phases.text import event_html, linkify, seat_html
from lotus_kit.white_lotus.events import EmperorChanged, EmperorPoint, GameStarted
from lotus_kit.white_lotus.screen.phases.base import PhasePanel
from lotus_kit.white_lotus.state import State

__all__ = ["EmperorPanel"]


class EmperorPanel(PhasePanel):
    """Phase 3 needs no decision: the engine gives the emperor his VP chip at once. The panel says who
    got it this year and why he holds the stone (the first emperor, or the last palace check), with
    every player's palaces.
    """

    phase = 3
    title = "Phase 3 · The emperor's victory point"
    rules = ("WL-EMPVP-1", "WL-EMP-1", "WL-EMP-2")
    intro = "Whoever is emperor now takes 1 VP chip (WL-EMPVP-1)."

    def refresh(self) -> None:
        if self._deferred():
            return
        state = self.session.state
        self.status.value = ""
        self.controls.layout.display = "none"
        self.outcome.value = self._outcome(state)

    def _outcome(self, state: State) -> str:
        log = self.session.log
        year = self.shown_year(state)
        point = next((e for e in reversed(self.session.log_for(year, self.phase))
                      if isinstance(e.event, EmperorPoint)), None)
        if point is not None:
            head, emperor, upto = event_html(point.event), point.event.seat, log.index(point)
        elif (state.year, int(state.phase)) <= (year, self.phase):
            head, emperor, upto = (f"<i>Not yet this year (year {state.year}, phase {int(state.phase)}).</i>",
                                   state.emperor, len(log))
        else:
            head, emperor, upto = (f"<i>No emperor's point in this game's record for year {year}: it was set "
                                   "up after phase 3.</i>", state.emperor, len(log))
        why = ""
        for e in reversed(log[:upto]):
            if isinstance(e.event, EmperorChanged) and e.event.new == emperor:
                why = (f"Why {seat_html(emperor)}: in year {e.year}, " + event_html(e.event))
                break
            if isinstance(e.event, GameStarted):
                why = (f"Why {seat_html(emperor)}: the first emperor, drawn at setup; nobody has owned more "
                       "palaces since " + linkify("(WL-SETUP-6, WL-EMP-5, WL-EMP-3)."))
                break
        if not why:
            why = f"{seat_html(emperor)} held the stone when this position was set up " + linkify("(WL-EMP-1).")
        palaces = ", ".join(f"{seat_html(s)} {state.palaces(s)}" for s in range(state.players))
        rule = linkify("Only strictly more palaces than the emperor take the stone (WL-EMP-2, WL-EMP-3).")
        return f"{head}<br>{why}<br>Palaces now: {palaces}. {rule}"
