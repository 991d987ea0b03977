"""A game told section by section: each phase of a walkthrough plays on its own copy of the game.

A walkthrough notebook shows one live widget per phase. If every widget drove the same game, running
all the cells would leave each of them on the last position reached (the setup board showing the
end of the game), and a learner who played a phase himself would meet a coach cell that assumed the
coach had played it. So a :class:`Walkthrough` gives each section its own :class:`GameSession`,
forked from the section above it when its cell runs:

- :meth:`Walkthrough.setup_board` is the start of the game and never moves;
- :meth:`Walkthrough.panel` starts a phase's section (running the cell again starts it afresh from
  the section above) and returns its panel and board; the panel is pinned to its year;
- :meth:`Walkthrough.play_for_me` lets the coach make the open choices of the human seats until the
  section's phase is over, whatever the learner did there (all of it, part of it, nothing);
- :meth:`Walkthrough.play_to_end` plays the rest of the game in a section of its own.

A section that starts while the section above has not reached its phase yet lets the coach play on
(in the new copy only), so every cell works whatever ran before it.

>>> from lotus_kit.white_lotus.bots import HeuristicBot
>>> walk = Walkthrough(GameSession(players=4, seed=7, first_emperor=0,
...                                seats=["human", "heuristic", "heuristic", "heuristic"]), HeuristicBot(1))
>>> claims = walk.section(1)
>>> walk.play_for_me(1).state.phase > 1, claims.state.phase > 1
(True, True)
>>> walk.section(4).state.year, int(walk.section(4).state.phase) >= 4, walk.start.state.phase
(1, True, <Phase.CLAIMS: 1>)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from lotus_kit.ui.board import SyncOnDisplay
from lotus_kit.ui.session import GameSession
from lotus_kit.white_lotus.bots import Bot
from lotus_kit.white_lotus.screen.board import BoardWidget
from lotus_kit.white_lotus.screen.phases.base import PhasePanel
from lotus_kit.white_lotus.screen.phases.claims import ClaimsPanel
from lotus_kit.white_lotus.screen.phases.conflicts import ConflictsPanel
from lotus_kit.white_lotus.screen.phases.emperor import EmperorPanel
from lotus_kit.white_lotus.screen.phases.gameover import GameOverPanel
from lotus_kit.white_lotus.screen.phases.income import IncomePanel
from lotus_kit.white_lotus.screen.phases.rebellion import RebellionPanel
from lotus_kit.white_lotus.screen.phases.territories import TerritoriesPanel

__all__ = ["END", "PhaseBox", "Walkthrough"]

END = 7
"""The section key of the rest of the game (phase 7 is the end of the game)."""

_PANELS: dict[int, type[PhasePanel]] = {
    1: ClaimsPanel, 2: ConflictsPanel, 3: EmperorPanel, 4: RebellionPanel, 5: IncomePanel, 6: TerritoriesPanel,
    END: GameOverPanel,
}


class PhaseBox(SyncOnDisplay, widgets.VBox):
    """A panel with its board (or any widgets) in a column; when displayed it first sends its figures
    whole, so a board changed before it reached the screen is drawn as it is now."""


class Walkthrough:
    """The sections of one game, one per phase of ``year`` (plus :data:`END`, the rest of the game).

    ``start``: the game at its start (kept as it is: each section plays on a fork of it).
    ``coach``: the bot that plays the human seats' open choices in :meth:`play_for_me`.
    """

    def __init__(self, start: GameSession, coach: Bot, year: int = 1, board_width: int = 820):
        if start.record is None:
            raise ValueError("a walkthrough forks its game by replaying its record: start from a new game or a record")
        self.start = start
        self.coach = coach
        self.year = year
        self.board_width = board_width
        self.sections: dict[int, GameSession] = {}
        self.panels: dict[int, PhasePanel] = {}       # the latest panel shown for each phase
        self.start_board: BoardWidget | None = None
        self.messages: list[str] = []

    # -- the sections -------------------------------------------------------------------------------------
    def _above(self, phase: int) -> GameSession:
        keys = [k for k in self.sections if k < phase]
        return self.sections[max(keys)] if keys else self.start

    def _reached(self, session: GameSession, phase: int) -> bool:
        state = session.state
        return state.is_over or (phase != END and (state.year, int(state.phase)) >= (self.year, phase))

    def _past(self, session: GameSession, phase: int) -> bool:
        state = session.state
        return state.is_over or (phase != END and (state.year, int(state.phase)) > (self.year, phase))

    def new_section(self, phase: int) -> GameSession:
        """A fresh copy of the game for ``phase``: the section above it, taken where ``phase`` begins
        (the coach plays on first when the section above has not got there yet)."""
        above = self._above(phase)
        k = next((i for i, s in enumerate(above.states)
                  if s.is_over or (phase != END and (s.year, int(s.phase)) >= (self.year, phase))),
                 len(above.states) - 1)
        if phase == END:
            k = len(above.states) - 1
        fork = GameSession.from_record(above.record, seats=above.seats, bot_seed=above.bot_seed, upto=k)
        if phase != END:
            self._coach(fork, lambda: self._reached(fork, phase))
        # the sections below keep their own copies: the cell under a widget reports on that widget's game
        self.sections[phase] = fork
        return fork

    def section(self, phase: int) -> GameSession:
        """The game of ``phase``'s section (made when it does not exist yet)."""
        return self.sections.get(phase) or self.new_section(phase)

    def after(self, phase: int):
        """The state of ``phase``'s section just after that phase (its first state past it; the
        section's last state while the phase is still going on)."""
        states = self.section(phase).states
        return next((s for s in states if s.is_over or (s.year, int(s.phase)) > (self.year, phase)), states[-1])

    # -- what the cells show ----------------------------------------------------------------------------
    def setup_board(self) -> BoardWidget:
        """The board at the start of the game (it never follows a section)."""
        self.start_board = BoardWidget(self.start.states[0], width=self.board_width)
        return self.start_board

    def panel(self, phase: int, board: bool = True, **kwargs: Any) -> widgets.VBox:
        """A new section for ``phase`` with its panel (pinned to the walkthrough's year) and, with
        ``board``, a board that follows the section."""
        session = self.new_section(phase)
        shown = BoardWidget(session.state, width=self.board_width) if board else None
        year = None if phase == END else self.year
        panel = _PANELS[phase](session, shown, year=year, **kwargs)
        self.panels[phase] = panel
        box = PhaseBox([panel, shown] if shown is not None else [panel])
        box.add_class("lotus-walkthrough-section")
        return box

    # -- the coach ------------------------------------------------------------------------------------------
    def play_for_me(self, phase: int) -> GameSession:
        """The coach makes every open choice of the human seats in ``phase``'s section until that phase
        is over (with :data:`END`: until the game is over). Returns the section's game."""
        session = self.section(phase)
        self._coach(session, lambda: self._past(session, phase) if phase != END else session.is_over)
        return session

    def play_to_end(self) -> GameSession:
        """The rest of the game, in a section of its own, the coach playing the human seats."""
        self.new_section(END)
        return self.play_for_me(END)

    def _coach(self, session: GameSession, done) -> None:
        while not done() and not session.is_over:
            humans = session.human_to_act()
            if not humans:
                if not session.run_bots():
                    break                   # a bot failed: its message is in session.message
                continue
            ok, message = session.act(self.coach.choose(session.state, humans[0]), actor="coach")
            if not ok:                      # a coach bug must not end in a traceback for the learner
                self.messages.append(message)
                break
